//! puppetlabs-stdlib's functions written in Ruby, evaluated natively when
//! the environment's stdlib defines them (9.x, and 8.x where 9 renamed or
//! removed them), with stdlib's own messages.

mod ported;

use super::Registry;

/// Every stdlib function pfacts evaluates.
pub fn registry() -> Registry {
    let mut registry = Registry::default();
    ported::register(&mut registry);
    registry
}
