//! The functions `new` calls to make a value of a type (`Array($x)`,
//! `Deferred('f')`), each as Puppet's `new_function` of that type defines
//! it: its dispatches, signatures and messages, under Puppet's name for it
//! (`new_array`, `new_Deferred`).

mod array;
mod binary;
mod deferred;
mod hash;
mod semver;
mod time;

use std::rc::Rc;

use super::Registry;
use crate::catalog::values::Type;

thread_local! {
    static NEW: Rc<Registry> = Rc::new(registry());
}

fn registry() -> Registry {
    let mut registry = Registry::default();
    array::register(&mut registry);
    binary::register(&mut registry);
    deferred::register(&mut registry);
    hash::register(&mut registry);
    semver::register(&mut registry);
    time::register(&mut registry);
    registry
}

/// The functions that make values of types.
pub fn functions() -> Rc<Registry> {
    NEW.with(Rc::clone)
}

/// The name of the function that makes values of `ty`, where it is one
/// of [`functions`].
pub fn function_for(ty: &Type) -> Option<&'static str> {
    match ty.resolved() {
        // A tuple or a struct is made as an array or a hash, then checked.
        Type::Array(..) | Type::Tuple(..) => Some("new_array"),
        Type::Struct(_) => Some("new_hash"),
        Type::Optional(Some(inner)) | Type::NotUndef(Some(inner)) => function_for(&inner),
        Type::Deferred => Some("new_Deferred"),
        Type::Binary => Some("new_Binary"),
        Type::Hash(..) => Some("new_hash"),
        Type::Timespan(_) => Some("new_timespan"),
        Type::SemVer(_) => Some("new_Version"),
        Type::SemVerRange => Some("new_VersionRange"),
        Type::Timestamp(_) => Some("new_timestamp"),
        _ => None,
    }
}
