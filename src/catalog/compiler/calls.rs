//! Function calls: built-in functions, iteration with lambdas, and
//! functions written in Puppet.

use super::*;
use crate::catalog::functions::{self, Block};
use crate::catalog::values::types::data_type::{describe_mismatch, IntRange};
use crate::catalog::values::types::object::lookup_context;
use crate::catalog::Jump;
use crate::facts::ast::Expr;

impl<'e> Compiler<'e> {
    pub(super) fn call(
        &mut self,
        call: &ast::Call,
        scope: ScopeId,
        span: ast::Span,
    ) -> Result<Value> {
        let args = self.unfold(&call.args, scope)?;
        if call.method {
            if let Some(cache) = args.first().and_then(lookup_context::cache_of) {
                let cache = std::rc::Rc::clone(cache);
                let block = call.lambda.as_ref().map(|lambda| Block { lambda, scope });
                if let Some(result) =
                    self.lookup_context_method(&cache, &call.name, &args[1..], block)
                {
                    return result.map_err(|e| e.placed_at(span));
                }
            }
            let member = match args.as_slice() {
                [Value::Object(object)] => self.object_member(object, &call.name, span),
                // `$uri.host`: a URI's parts are its members.
                [Value::Uri(uri)] => uri.part(&call.name),
                [Value::Deferred(deferred)] => deferred.member(&call.name),
                _ => None,
            };
            if let Some(value) = member {
                return Ok(value);
            }
        }
        self.call_values(&call.name, args, call.lambda.as_ref(), scope, span)
    }

    /// `$object.name`: the object's attribute of that name; a function of
    /// its type is code pfacts does not run (Puppet's are written in
    /// Ruby). `None`: its type has no member of that name.
    pub(super) fn object_member(
        &mut self,
        object: &crate::catalog::values::types::object::Object,
        name: &str,
        span: ast::Span,
    ) -> Option<Value> {
        if let Some(value) = object.attribute(name) {
            return Some(value);
        }
        if let Some(value) = crate::catalog::values::types::object::error::function(object, name) {
            return Some(value);
        }
        // Derived attributes and functions are code of the type's
        // implementation.
        let derived = object.ty.all_attributes().iter().any(|a| a.name == name);
        let mut ty = Some(std::rc::Rc::clone(&object.ty));
        while let Some(current) = ty {
            if derived || current.functions.iter().any(|f| f.name == name) {
                let what = format!("{}.{name}()", object.ty.label());
                let reason = "a member of an object type that its implementation computes, which pfacts does not run".to_string();
                return Some(self.mark_unevaluated(what, reason, span));
            }
            ty = current.parent_object();
        }
        None
    }

    /// A function called with the values of its arguments (and its
    /// lambda, for those that iterate).
    pub(super) fn call_values(
        &mut self,
        name: &str,
        args: Vec<Value>,
        lambda: Option<&ast::Lambda>,
        scope: ScopeId,
        span: ast::Span,
    ) -> Result<Value> {
        if matches!(name, epp::RENDER_TEXT | epp::RENDER_EXPR) && !self.epp_output.is_empty() {
            if let Some(mark) = args.first().and_then(Value::mark) {
                self.note_use(mark, span, "an EPP template wrote it");
            }
            if let Some((output, sensitive)) = self.epp_output.last_mut() {
                match args.first() {
                    Some(Value::Sensitive(value)) => {
                        output.push_str(&value.to_text());
                        *sensitive = true;
                    }
                    Some(value) => output.push_str(&value.to_text()),
                    None => {}
                }
            }
            return Ok(Value::Undef);
        }
        let block = lambda.map(|lambda| Block { lambda, scope });
        self.call_sites.push(CallSite {
            scope,
            span,
            file: self.file,
        });
        let result = self.call_resolved(name, args, block, span);
        self.call_sites.pop();
        result.map_err(|e| e.placed_at(span))
    }

    /// The call of `name` as Puppet's loaders resolve it: a built-in
    /// function; a type (`Integer($x)` is `new`); a function written in
    /// Puppet; a module's function written in Ruby, evaluated natively
    /// where pfacts knows it, else marked unevaluated.
    fn call_resolved(
        &mut self,
        name: &str,
        args: Vec<Value>,
        block: Option<Block<'_>>,
        span: ast::Span,
    ) -> Result<Value> {
        let builtins = functions::builtins();
        if let Some(function) = builtins.get(name) {
            return function.call(self, args, block);
        }
        if let Some(new) = builtins
            .get("new")
            .filter(|_| name.starts_with(|c: char| c.is_ascii_uppercase()))
        {
            let ty = self.type_named(name)?;
            let mut with_type = vec![Value::of_type(ty)];
            with_type.extend(args);
            return new.call(self, with_type, block);
        }
        if let Some((file, function)) = self.functions.get(name).copied() {
            return self.call_puppet_function(file, function, args, span);
        }
        let Some(ruby) = self.ruby_function(name) else {
            return Err(error(format!("Unknown function: '{name}'"), span));
        };
        let native = functions::module_functions(&ruby.module, &ruby.path);
        if let Some(function) = native.as_ref().and_then(|natives| natives.get(name)) {
            return function.call(self, args, block);
        }
        let path = ruby.path.clone();
        let reason = match self.call_ruby_function(name, &path, args, block, span)? {
            Ok(value) => return Ok(value),
            Err(_) if matches!(self.ruby, super::ruby::RubyState::Off) => format!(
                "a function written in Ruby ({}) that pfacts does not run without --ruby",
                path.display()
            ),
            Err(reason) => format!("{} ({})", reason, path.display()),
        };
        Ok(self.mark_unevaluated(format!("{name}()"), reason, span))
    }

    /// Notes on `mark` that code at `span` decided with it in its place.
    pub(super) fn note_use(
        &self,
        mark: &Rc<crate::catalog::values::Unevaluated>,
        span: ast::Span,
        consequence: impl Into<String>,
    ) {
        let at = self
            .file
            .map(|index| (self.env.file(index).0.clone(), span));
        mark.consequences
            .borrow_mut()
            .push((at, consequence.into()));
        self.marks_decided.set(self.marks_decided.get() + 1);
        *self.last_mark_decided.borrow_mut() = mark.what.clone();
    }

    /// A value marked unevaluated at `span` of the file being evaluated,
    /// and remembered for the summary.
    pub(super) fn mark_unevaluated(
        &mut self,
        what: String,
        reason: String,
        span: ast::Span,
    ) -> Value {
        let at = self
            .file
            .map(|index| (self.env.file(index).0.clone(), span));
        let mark = Rc::new(crate::catalog::values::Unevaluated::new(what, reason, at));
        self.unevaluated.push(Rc::clone(&mark));
        Value::Unevaluated(mark)
    }

    /// Calls a lambda with `args` in a scope below `scope`; `next(v)`
    /// ends it with `v`.
    pub(super) fn call_lambda(
        &mut self,
        lambda: &ast::Lambda,
        args: Vec<Value>,
        scope: ScopeId,
    ) -> Result<Value> {
        let local = self.new_scope(Some(scope), Some(scope));
        self.scopes[local].local = true;
        let site = self
            .call_sites
            .last()
            .map_or(ast::Span::default(), |site| site.span);
        let result = self
            .bind(("lambda", (self.file, site)), &lambda.params, args, local)
            .and_then(|()| self.check_block(lambda, local))
            .and_then(|()| self.block(&lambda.body, local));
        // `return()` in a lambda passes on to what ends it: the function,
        // class or define around it; elsewhere Puppet refuses it.
        let value = match result {
            Err(EvalError {
                jump: Some(Jump::Next(value)),
                ..
            }) => value,
            other => other?,
        };
        if let Some(problem) =
            self.returned_mismatch(lambda.return_type.as_deref(), &value, scope)?
        {
            return Err(error(
                format!("value returned from lambda has wrong type, {problem}"),
                site,
            ));
        }
        Ok(value)
    }

    /// Puppet's check of what a lambda or function returns against the
    /// type after its `>>`: why it does not fit, if it does not.
    fn returned_mismatch(
        &mut self,
        return_type: Option<&Expr>,
        value: &Value,
        scope: ScopeId,
    ) -> Result<Option<String>> {
        let Some(return_type) = return_type else {
            return Ok(None);
        };
        if value.mark().is_some() {
            return Ok(None);
        }
        Ok(match self.eval(return_type, scope)? {
            Value::Type(ty) => describe_mismatch(&ty, value),
            _ => None,
        })
    }

    /// Puppet's check of a lambda's arguments once its defaults are in
    /// (`Closure#call_with_scope`): as many as its parameters take (a
    /// captures-rest parameter typed `Array[T, min, max]` takes that many),
    /// each of its parameter's type.
    fn check_block(&mut self, lambda: &ast::Lambda, local: ScopeId) -> Result<()> {
        let site = self
            .call_sites
            .last()
            .map_or(ast::Span::default(), |site| site.span);
        let (mut least, mut most, mut given) = (0_i64, Some(0_i64), 0_i64);
        let mut optional_seen = false;
        // A captures-rest parameter's values and the type each must have.
        let mut rest = None;
        for param in &lambda.params {
            let required = if !param.splat {
                least += i64::from(param.default.is_none());
                most = most.map(|most| most + 1);
                given += 1;
                param.default.is_none()
            } else {
                // `Array[T, min, max] *$p` takes min to max values of T;
                // `T *$p` any number of T.
                let (element, size) = match &param.type_expr {
                    Some(type_expr) => match self.eval(type_expr, TOP)? {
                        Value::Type(ty) => match ty.resolved() {
                            Type::Array(element, size) => (Some(*element), size),
                            other => (Some(other), IntRange::UNBOUNDED),
                        },
                        _ => (None, IntRange::UNBOUNDED),
                    },
                    None => (None, IntRange::UNBOUNDED),
                };
                least += size.from.unwrap_or(0);
                most = most.zip(size.to).map(|(most, to)| most + to);
                if let Some(Value::Array(values)) = self.scopes[local].variables.get(&param.name) {
                    given += values.len() as i64;
                    rest = element.map(|element| (param, element, values.clone()));
                }
                size.from.unwrap_or(0) > 0
            };
            // Puppet's REQUIRED_PARAMETER_AFTER_OPTIONAL, as the closure's
            // callable type is made.
            if !required {
                optional_seen = true;
            } else if optional_seen {
                return Err(error(
                    format!(
                        "Parameter ${} is required but appears after optional parameters",
                        param.name
                    ),
                    param.span,
                ));
            }
        }
        if given < least || most.is_some_and(|most| given > most) {
            let plural = |count: i64| if count == 1 { "argument" } else { "arguments" };
            let expected = match most {
                Some(most) if most == least => format!("{least} {}", plural(least)),
                None => format!("at least {least} {}", plural(least)),
                Some(most) => format!("between {least} and {most} arguments"),
            };
            return Err(error(
                format!("block expects {expected}, got {given}"),
                site,
            ));
        }
        for param in lambda
            .params
            .iter()
            .filter(|param| !param.splat && param.type_expr.is_some())
        {
            let Some(value) = self.scopes[local].variables.get(&param.name).cloned() else {
                continue;
            };
            if let Some(problem) = self.parameter_mismatch(param, &value)? {
                let message = format!("block parameter '{}' {problem}", param.name);
                return Err(error(message, site));
            }
        }
        if let Some((param, element, values)) = rest {
            for value in values.iter().filter(|value| value.mark().is_none()) {
                if let Some(problem) = describe_mismatch(&element, value) {
                    let message = format!("block parameter '{}' {problem}", param.name);
                    return Err(error(message, site));
                }
            }
        }
        Ok(())
    }

    pub(super) fn call_puppet_function(
        &mut self,
        file: usize,
        function: &ast::Definition,
        args: Vec<Value>,
        span: ast::Span,
    ) -> Result<Value> {
        let least = function
            .params
            .iter()
            .filter(|param| param.default.is_none() && !param.splat)
            .count();
        let most =
            (!function.params.iter().any(|param| param.splat)).then_some(function.params.len());
        if args.len() < least || most.is_some_and(|most| args.len() > most) {
            let counts = functions::dispatch::count_mismatch(least, most, args.len());
            return Err(error(format!("'{}' {counts}", function.name), span));
        }
        for (param, value) in function.params.iter().zip(&args) {
            if param.splat {
                continue;
            }
            if let Some(problem) = self.parameter_mismatch(param, value)? {
                let message = format!("'{}' parameter '{}' {problem}", function.name, param.name);
                return Err(error(message, span));
            }
        }
        self.check_loaded(file)?;
        let saved = self.file.replace(file);
        let scope = self.new_scope(Some(TOP), Some(TOP));
        // A default reading a parameter without a value fails at the call.
        let result = self
            .bind(
                (&function.name, (saved, span)),
                &function.params,
                args,
                scope,
            )
            .and_then(|()| self.block(&function.body, scope));
        // `next(v)` and `return(v)` end the function with `v`.
        let result = match result {
            Err(EvalError {
                jump: Some(Jump::Next(value) | Jump::Return(value)),
                ..
            }) => Ok(value),
            other => other,
        };
        let mismatch = match &result {
            Ok(value) => self.returned_mismatch(function.return_type.as_deref(), value, TOP),
            Err(_) => Ok(None),
        };
        let result = mismatch.and_then(|mismatch| match mismatch {
            // At the call, as Puppet places it.
            Some(problem) => Err(self.error_at(
                (saved, span),
                format!(
                    "value returned from {} has wrong type, {problem}",
                    function.name
                ),
            )),
            None => result,
        });
        let result = result.map_err(|e| {
            let e = self.locate(e, file);
            EvalError {
                span: if e.file.is_some() { e.span } else { span },
                ..e
            }
        });
        self.file = saved;
        result
    }
}
