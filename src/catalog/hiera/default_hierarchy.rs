//! A module's `default_hierarchy`: the module's defaults, which Puppet
//! searches only when no layer has the key, with the `lookup_options` of
//! the default hierarchy alone (`LookupAdapter#lookup_default_in_module`).

use super::explain::Node;
use super::merge::Merge;
use super::{
    check_module_options, option_entries, options_for, Hiera, Provider, Request, Result, Strategy,
    Variables,
};
use crate::catalog::values::Value;

impl Hiera {
    /// The value of `key` (whose root key is `root`) in its module's
    /// default hierarchy: `None` when the key has no module, the module
    /// no default hierarchy, or the hierarchy no value. A merge asked of
    /// the lookup does not apply; the default hierarchy's own options do.
    pub(super) fn search_default_hierarchy(
        &mut self,
        key: &str,
        root: &str,
        variables: Variables,
    ) -> Result<Option<Value>> {
        let Some((module, _)) = root.split_once("::") else {
            return Ok(None);
        };
        let has_default_hierarchy = self
            .module_layer(module)?
            .is_some_and(|layer| layer.default_levels.is_some());
        if !has_default_hierarchy {
            return Ok(None);
        }
        let scope = format!("Searching default_hierarchy of module \"{module}\"");
        self.within(
            || Node::Scope(scope),
            |hiera| {
                if !hiera.default_options.contains_key(module) {
                    let entries = hiera.within(
                        || Node::Scope("Searching for \"lookup_options\"".to_string()),
                        |hiera| hiera.read_default_options(module, variables),
                    )?;
                    hiera.default_options.insert(module.to_string(), entries);
                }
                let options = options_for(&hiera.default_options[module], root);
                let strategy = Strategy {
                    merge: options.merge.unwrap_or(Merge::First),
                    options: options.merge_options,
                };
                let request = Request {
                    asked: key,
                    key: root,
                    module: Some(module),
                };
                hiera.within(
                    || Node::Scope(format!("Searching for \"{key}\"")),
                    |hiera| {
                        hiera.search_provider(
                            Provider::ModuleDefaults,
                            request,
                            variables,
                            &strategy,
                        )
                    },
                )
            },
        )
    }

    /// The `lookup_options` of a module's default hierarchy, hash-merged;
    /// they may name only the module's keys.
    fn read_default_options(
        &mut self,
        module: &str,
        variables: Variables,
    ) -> Result<super::OptionEntries> {
        let hash = Strategy::of(Merge::Hash);
        let request = Request::options(Some(module));
        let options = self.search_provider(Provider::ModuleDefaults, request, variables, &hash)?;
        if let Some(options) = &options {
            check_module_options(module, options)?;
        }
        option_entries(options)
    }
}
