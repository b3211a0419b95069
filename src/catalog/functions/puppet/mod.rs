//! Puppet 7's built-in functions (`data/puppet7-builtins.tsv`), by
//! family, each with the dispatches of Puppet's own definition
//! (`lib/puppet/functions/*.rb`, or the arity of a 3.x function in
//! `lib/puppet/parser/functions/*.rb`) and Puppet's messages.

mod annotate;
mod catalog;
mod collections;
mod control;
mod external;
mod files;
mod hashing;
mod iteration;
mod logging;
mod lookup;
mod math;
mod navigation;
mod scanf;
mod sequences;
mod sprintf;
mod strings;
mod templates;
mod types;

use super::Registry;

/// Every built-in function.
pub fn registry() -> Registry {
    let mut registry = Registry::default();
    catalog::register(&mut registry);
    collections::register(&mut registry);
    control::register(&mut registry);
    external::register(&mut registry);
    files::register(&mut registry);
    hashing::register(&mut registry);
    iteration::register(&mut registry);
    logging::register(&mut registry);
    navigation::register(&mut registry);
    sequences::register(&mut registry);
    lookup::register(&mut registry);
    math::register(&mut registry);
    scanf::register(&mut registry);
    sprintf::register(&mut registry);
    strings::register(&mut registry);
    templates::register(&mut registry);
    types::register(&mut registry);
    annotate::register(&mut registry);
    registry
}

#[cfg(test)]
mod tests {
    /// Every function Puppet 7.23 has built in is in the registry.
    #[test]
    fn every_builtin_is_registered() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/puppet7-builtins.tsv");
        let listed = std::fs::read_to_string(path).unwrap();
        let registry = super::registry();
        let missing: Vec<&str> = listed
            .lines()
            .filter_map(|line| line.strip_prefix("function\t"))
            .filter(|name| registry.get(name).is_none())
            .collect();
        assert!(missing.is_empty(), "not registered: {missing:?}");
    }
}
