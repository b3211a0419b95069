//! The compiler as Hiera's host: Hiera runs with the node's top-scope
//! variables and calls backend functions through the compiler, handing
//! itself back for the call so that the function may look keys up too (a
//! lookup of the key being looked up is then Puppet's recursion error).
//! And the functions of a `Puppet::LookupContext` value, which Puppet code
//! calls as methods (`$context.cache_has_key($key)`).

use std::cell::RefCell;

use super::*;
use crate::catalog::functions::Block;
use crate::catalog::functions::Context;
use crate::catalog::hiera::{Hiera, HieraError, Host};
use crate::catalog::values::types::data_type::base_name;
use crate::catalog::values::types::object::lookup_context::LookupCache;
use crate::catalog::Jump;

/// The compiler while its Hiera serves a lookup.
struct CompilerHost<'c, 'e> {
    compiler: RefCell<&'c mut Compiler<'e>>,
}

impl Host for CompilerHost<'_, '_> {
    fn variable(&self, name: &str) -> Option<Value> {
        self.compiler.borrow().scopes[TOP]
            .variables
            .get(name)
            .cloned()
    }

    fn environment_name(&self) -> String {
        self.compiler.borrow().scopes[TOP]
            .variables
            .get("environment")
            .map_or_else(|| "production".to_string(), Value::to_text)
    }

    fn call_backend(
        &self,
        hiera: &mut Hiera,
        kind: &str,
        function: &str,
        args: Vec<Value>,
    ) -> std::result::Result<Option<Value>, HieraError> {
        let mut compiler = self.compiler.borrow_mut();
        std::mem::swap(&mut compiler.hiera, hiera);
        let called = compiler.call_backend(kind, function, args);
        std::mem::swap(&mut compiler.hiera, hiera);
        match called {
            Ok(value) => Ok(Some(value)),
            Err(EvalError {
                jump: Some(Jump::NoSuchKey),
                ..
            }) => Ok(None),
            Err(raised) => Err(HieraError {
                message: raised.message.clone(),
                at: None,
                raised: Some(std::rc::Rc::new(raised)),
            }),
        }
    }
}

impl<'e> Compiler<'e> {
    /// Runs `lookup` on the compiler's Hiera, which may call back into the
    /// compiler.
    pub(super) fn with_hiera<T>(&mut self, lookup: impl FnOnce(&mut Hiera, &dyn Host) -> T) -> T {
        let mut hiera = std::mem::take(&mut self.hiera);
        let found = {
            let host = CompilerHost {
                compiler: RefCell::new(&mut *self),
            };
            lookup(&mut hiera, &host)
        };
        self.hiera = hiera;
        found
    }

    /// A backend function of `kind` called by Hiera, where the lookup
    /// was made; Puppet refuses a function whose declared return type is
    /// not rich data.
    fn call_backend(&mut self, kind: &str, function: &str, args: Vec<Value>) -> Result<Value> {
        let site = self.site();
        if let Some(&(file, definition)) = self.functions.get(function) {
            if let Some(return_type) = &definition.return_type {
                let saved = self.file.replace(file);
                let declared = self.eval(return_type, TOP);
                self.file = saved;
                if let Value::Type(declared) = declared? {
                    if !Type::RichData.is_assignable(&declared) {
                        return Err(error(
                            format!(
                                "Return type of '{kind}' function named '{function}' is incorrect, expects a RichData value, got {}",
                                base_name(&declared)
                            ),
                            ast::Span::default(),
                        ));
                    }
                }
            }
        }
        self.call_values(function, args, None, site.scope, site.span)
    }

    /// `$context.name(args)` of a lookup context: `None` when `name` is
    /// none of its functions.
    pub(super) fn lookup_context_method(
        &mut self,
        cache: &LookupCache,
        name: &str,
        args: &[Value],
        block: Option<Block<'_>>,
    ) -> Option<Result<Value>> {
        let arg = |index: usize| args.get(index).cloned().unwrap_or(Value::Undef);
        Some(match name {
            "not_found" => Err(EvalError::jump(Jump::NoSuchKey)),
            // Explanations are Hiera's, for `pfacts lookup --explain`: a
            // compilation gives none, and calls no block for one.
            "explain" => Ok(Value::Undef),
            "interpolate" => {
                let value = arg(0);
                let site = self.site();
                self.with_hiera(|hiera, host| hiera.interpolate_value(&value, host))
                    .map_err(|e| Self::hiera_error(e, error(String::new(), site.span)))
            }
            "cache" => Ok(cache.cache(arg(0), arg(1))),
            "cache_all" => {
                if let Value::Hash(entries) = arg(0) {
                    cache.cache_all(entries);
                }
                Ok(Value::Undef)
            }
            "cache_has_key" => Ok(Value::Bool(cache.has_key(&arg(0)))),
            "cached_value" => Ok(cache.value(&arg(0))),
            "cached_entries" => {
                let entries = cache.entries();
                match block {
                    Some(block) => {
                        let pairs = block.lambda.params.len() == 2;
                        for (key, value) in entries {
                            let args = if pairs {
                                vec![key, value]
                            } else {
                                vec![Value::Array(vec![key, value])]
                            };
                            if let Err(e) = self.call_block(&block, args) {
                                return Some(Err(e));
                            }
                        }
                        Ok(Value::Undef)
                    }
                    None => Ok(Value::Array(
                        entries
                            .into_iter()
                            .map(|(key, value)| Value::Array(vec![key, value]))
                            .collect(),
                    )),
                }
            }
            _ => return None,
        })
    }
}
