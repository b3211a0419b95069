//! The environment's types: names resolved to Puppet's types, the
//! environment's aliases (evaluated once, on first use), and the checks of
//! parameters against their types.

use std::rc::Rc;

use super::*;
use crate::catalog::functions::Context;
use crate::catalog::values::display::article;
use crate::catalog::values::types::data_type::{
    base_name, builtin, describe_mismatch, generalized, Alias,
};
use crate::catalog::values::types::deferred::Deferred;
use crate::catalog::values::types::object::ObjectType;
use crate::catalog::values::Type;

impl<'e> Compiler<'e> {
    /// What a capitalized name stands for: one of Puppet's types, an alias
    /// of the environment, else a resource type.
    pub(super) fn type_named(&mut self, name: &str) -> Result<Type> {
        let name = name.trim_start_matches("::");
        if let Some(ty) = builtin(name).or_else(|| lookup_type(name)) {
            return Ok(ty);
        }
        let key = name.to_lowercase();
        if let Some(alias) = self.alias_types.get(&key) {
            return resolvable(Rc::clone(alias));
        }
        if let Some(&(file, definition)) = self.aliases.get(&key) {
            self.check_loaded(file)?;
            if let Some(part) = &definition.not_a_type {
                return Err(error(
                    format!("The expression <{part}> is not a valid type specification."),
                    ast::Span::default(),
                ));
            }
            // The alias exists before its type is evaluated: it may refer to
            // itself.
            let alias = Alias::new(definition.name.clone());
            self.alias_types.insert(key, Rc::clone(&alias));
            let saved = self.file.replace(file);
            if let Some(hash) = type_set_definition(&definition.body) {
                let set = self.declare_type_set(&definition.name, hash, file);
                self.file = saved;
                alias.resolve(set?);
                return resolvable(alias);
            }
            let object_hash = object_definition(&definition.body);
            let body = match object_hash {
                Some(hash) => self.eval_type_literal(hash),
                None => self.eval(&definition.body, TOP),
            };
            self.file = saved;
            // `type Car = Object[{...}]` is an object type named `Car`;
            // Puppet refuses a bad one where it is referred to.
            let body = match (object_hash, body) {
                (Some(_), Ok(Value::Hash(entries))) => {
                    let object =
                        ObjectType::from_init_hash(Some(definition.name.clone()), &entries)
                            .map_err(|message| error(message, ast::Span::default()))?;
                    Ok(Value::of_type(Type::Object(Rc::new(object))))
                }
                (_, body) => body,
            };
            let ty = match body.map_err(|e| self.locate(e, file))? {
                Value::Type(ty) => *ty,
                other => {
                    return Err(self.error_at(
                        (Some(file), definition.span),
                        format!(
                            "The type alias '{}' must be a type, got {}",
                            alias.name,
                            other.to_text()
                        ),
                    ))
                }
            };
            alias.resolve(ty);
            return resolvable(alias);
        }
        if let Some(member) = self.type_set_member(name) {
            return member;
        }
        if let Some(sibling) = self.type_set_sibling(name) {
            return sibling;
        }
        Ok(Type::Resource(Some(crate::catalog::capitalize(&key)), None))
    }

    /// An object type's definition (`Object[{...}]`'s hash), read as
    /// Puppet's type parser reads it: a name that is no type is a
    /// reference to one (`TypeReference['Nope']`), refused only where a
    /// value is checked against it.
    pub(super) fn eval_type_literal(&mut self, expr: &'e ast::Expr) -> Result<Value> {
        let reading = std::mem::replace(&mut self.reading_type_text, true);
        let value = self.eval(expr, TOP);
        self.reading_type_text = reading;
        value
    }

    /// A capitalized name evaluated as an expression: as `type_named`,
    /// but a name that is neither one of Puppet's types, an alias nor a
    /// resource type is Puppet's UNKNOWN_RESOURCE_TYPE.
    pub(super) fn type_reference(&mut self, name: &str, span: ast::Span) -> Result<Type> {
        // Errors of the name itself are the reference's.
        let ty = self.type_named(name).map_err(|e| match e.file {
            None if e.span == ast::Span::default() => EvalError { span, ..e },
            _ => e,
        })?;
        if let Type::Resource(Some(type_name), None) = &ty {
            if !self.is_resource_type(&type_name.to_lowercase()) {
                // Puppet's type parser reads a name that is no type as a
                // reference to one (`Type('NoneSuch')`).
                if self.reading_type_text {
                    return Ok(Type::Reference(name.trim_start_matches("::").to_string()));
                }
                return Err(error(format!("Resource type not found: {type_name}"), span));
            }
        }
        Ok(ty)
    }

    /// Whether `name` (lower case) is a resource type: Puppet's own, a
    /// define of the environment, or a type a module writes in Ruby.
    pub(super) fn is_resource_type(&self, name: &str) -> bool {
        self.defines.contains_key(name)
            || crate::facts::builtins::is_resource_type(name)
            || self.env.ruby_type(name)
    }

    /// Why `value` does not fit the type of `param` (evaluated in top
    /// scope), in Puppet's words; `None` when it fits or has no type.
    pub(super) fn parameter_mismatch(
        &mut self,
        param: &ast::Param,
        value: &Value,
    ) -> Result<Option<String>> {
        let Some(type_expr) = &param.type_expr else {
            return Ok(None);
        };
        // A value pfacts did not compute cannot be checked.
        if value.mark().is_some() {
            return Ok(None);
        }
        match self.eval(type_expr, TOP)? {
            Value::Type(ty) => Ok(describe_mismatch(&ty, value)),
            _ => Ok(None),
        }
    }

    /// Why a Deferred value given to a class or define parameter does not
    /// fit its type, as Puppet's `describe_struct_signature` judges it:
    /// by the return type of the function it names (a parameter's type
    /// that the return type's general form is not assignable to), with a
    /// warning when that function declares none. `Err`: Puppet 7 fails
    /// when it finds no such function.
    pub(super) fn deferred_parameter_mismatch(
        &mut self,
        param: &ast::Param,
        deferred: &Deferred,
    ) -> std::result::Result<Option<String>, String> {
        let Some(type_expr) = &param.type_expr else {
            return Ok(None);
        };
        let name = deferred.name.trim_start_matches("::");
        if !Context::function_exists(self, name) {
            return Err(format!(
                "undefined method `dispatcher' for NilClass:Class (Puppet 7 checks a Deferred \
                 parameter value against the return type of its function, and finds no \
                 function '{name}')"
            ));
        }
        let declared = self
            .functions
            .get(name)
            .and_then(|(_, function)| function.return_type.as_deref());
        let Some(declared) = declared else {
            let message = format!(
                "Deferred function {name} has no return_type, unable to guarantee value type \
                 during compilation."
            );
            Context::warn_once(self, &format!("{name}_deferred_warning"), &message);
            return Ok(None);
        };
        let types = (
            self.eval(type_expr, TOP).map_err(|e| e.message)?,
            self.eval(declared, TOP).map_err(|e| e.message)?,
        );
        let (Value::Type(expected), Value::Type(returned)) = types else {
            return Ok(None);
        };
        if generalized(&expected).is_assignable(&generalized(&returned)) {
            return Ok(None);
        }
        let expected = expected.expanded();
        Ok(Some(format!(
            "expects {} {expected} value, got {}",
            article(&expected),
            base_name(&returned)
        )))
    }
}

/// The hash of an object type's definition (`Object[{...}]`, which the
/// facts stage also makes of `{...}` and `Parent {...}`), as Puppet's
/// `TypeDefinitionInstantiator` finds it.
pub(super) fn object_definition(body: &ast::Expr) -> Option<&ast::Expr> {
    match &body.kind {
        ast::ExprKind::Access(target, keys) => match (&target.kind, keys.as_slice()) {
            (ast::ExprKind::TypeRef(name), [hash]) if name.eq_ignore_ascii_case("Object") => {
                Some(hash)
            }
            _ => None,
        },
        _ => None,
    }
}

/// The hash of a type set's declaration: `TypeSet[{...}]`.
fn type_set_definition(body: &ast::Expr) -> Option<&ast::Expr> {
    match &body.kind {
        ast::ExprKind::Access(target, keys) => match (&target.kind, keys.as_slice()) {
            (ast::ExprKind::TypeRef(name), [hash]) if name.eq_ignore_ascii_case("TypeSet") => {
                Some(hash)
            }
            _ => None,
        },
        _ => None,
    }
}

/// The alias as a type, unless it leads back to itself through aliases
/// only, which Puppet refuses wherever it is used. An object type's own
/// name stands for the object type.
pub(super) fn resolvable(alias: Rc<Alias>) -> Result<Type> {
    match alias.resolved() {
        Type::Object(object) if object.name.as_deref() == Some(alias.name.as_str()) => {
            return Ok(Type::Object(object));
        }
        Type::TypeSet(Some(set)) if set.name == alias.name => {
            return Ok(Type::TypeSet(Some(set)));
        }
        _ => {}
    }
    if alias.is_cyclic() {
        return Err(error(
            format!(
                "Type alias '{}' cannot be resolved to a real type",
                alias.name
            ),
            ast::Span::default(),
        ));
    }
    Ok(Type::Alias(alias))
}

/// The types of Hiera's backend functions (Puppet's `BUILTIN_ALIASES`
/// and `Puppet::LookupContext`).
fn lookup_type(name: &str) -> Option<Type> {
    Some(match name.to_ascii_lowercase().as_str() {
        "richdatakey" | "puppet::lookupkey" => {
            Type::Variant(vec![Type::String(Default::default()), Type::Numeric])
        }
        "puppet::lookupvalue" => Type::RichData,
        "puppet::lookupcontext" => Type::Object(
            crate::catalog::values::types::object::lookup_context::lookup_context_type(),
        ),
        _ => return None,
    })
}
