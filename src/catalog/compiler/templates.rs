//! Templates: ERB (`template`, `inline_template`) and EPP (`epp`,
//! `inline_epp`) rendered with the calling scope.

use std::path::PathBuf;

use super::*;
use crate::catalog::erb;

/// Ruby's error when a template renders itself without end.
const STACK_TOO_DEEP: &str = "stack level too deep";

impl<'e> Compiler<'e> {
    /// `template(files...)` renders each of the modules' ERB templates,
    /// `inline_template(texts...)` each text, with the variables of
    /// `scope`, and joins them. Ruby that pfacts does not evaluate gives a
    /// value marked unevaluated, with the reason, instead of a guess.
    pub(super) fn erb(
        &mut self,
        name: &str,
        args: &[Value],
        scope: ScopeId,
        span: ast::Span,
    ) -> Result<Value> {
        // A template that renders itself would never end: Puppet dies of
        // "stack level too deep", and so does the compilation here once
        // templates nest deeper than real ones (a level or two) do.
        const MAX_TEMPLATE_NESTING: usize = 16;
        if self.templates_rendering >= MAX_TEMPLATE_NESTING {
            self.template_overflow = true;
            return Err(error(STACK_TOO_DEEP, span));
        }
        let decided = self.marks_decided.get();
        let mut rendered = String::new();
        for arg in args {
            let source = arg.to_text();
            let text = if name == "template" {
                let path = self
                    .find_template(&source, None)
                    .ok_or_else(|| error(format!("Could not find template '{source}'"), span))?;
                std::fs::read_to_string(&path).map_err(|e| {
                    error(
                        format!("template(): cannot read {}: {e}", path.display()),
                        span,
                    )
                })?
            } else {
                source.clone()
            };
            // With `--ruby`, Ruby's ERB; pfacts' own where the shim fails.
            let mut ruby_failure = None;
            if !matches!(self.ruby, super::ruby::RubyState::Off) {
                let label = if name == "template" {
                    source.as_str()
                } else {
                    "inline template"
                };
                match self.erb_with_ruby(&text, label, scope, span)? {
                    Ok(text) => {
                        rendered.push_str(&text);
                        continue;
                    }
                    Err(reason) => ruby_failure = Some(reason),
                }
            }
            // What a template reads is not code the analysis sees: no trace.
            let file = self.file.take();
            self.templates_rendering += 1;
            let result = erb::render(
                &text,
                &mut TemplateHost {
                    compiler: self,
                    scope,
                    span,
                },
            );
            self.templates_rendering -= 1;
            self.file = file;
            // Each level fails in turn, as Ruby's stack unwinds.
            if self.template_overflow {
                if self.templates_rendering == 0 {
                    self.template_overflow = false;
                }
                return Err(error(STACK_TOO_DEEP, span));
            }
            if let Some(detail) = self.template_failure.take() {
                let message = match name {
                    "inline_template" => format!("Failed to parse inline template: {detail}"),
                    _ => format!("Failed to parse template {source}: {detail}"),
                };
                return Err(error(message, span));
            }
            match result {
                Ok(text) => rendered.push_str(&text),
                Err(erb::Unsupported(reason)) => {
                    let reason = match ruby_failure {
                        Some(ruby) => format!("{ruby}; pfacts' ERB: {reason}"),
                        None => reason,
                    };
                    let what = if name == "template" {
                        source.as_str()
                    } else {
                        "..."
                    };
                    return Ok(self.mark_unevaluated(format!("{name}('{what}')"), reason, span));
                }
            }
        }
        if self.marks_decided.get() != decided {
            let what = args.first().map(Value::to_text).unwrap_or_default();
            return Ok(self.undetermined_template(name, &what, span));
        }
        Ok(Value::Str(rendered))
    }

    /// A template's text when its rendering read or decided with a value
    /// pfacts did not compute: not computed either.
    fn undetermined_template(&mut self, name: &str, what: &str, span: ast::Span) -> Value {
        let what = if name.starts_with("inline") {
            "..."
        } else {
            what
        };
        let used = self.last_mark_decided.borrow().clone();
        self.mark_unevaluated(
            format!("{name}('{what}')"),
            format!("it uses {used}, which pfacts did not compute"),
            span,
        )
    }

    /// `epp(file, args)` renders a module's template in a scope of its own
    /// below the global one (node or top scope), `inline_epp(text, args)`
    /// renders text in a scope below the calling one, as Puppet's
    /// `EppEvaluator` does: arguments bind the template's parameters by
    /// name, and when the template declares none, they become its
    /// variables.
    pub(super) fn epp(
        &mut self,
        name: &str,
        args: &[Value],
        scope: ScopeId,
        span: ast::Span,
    ) -> Result<Value> {
        let source = args.first().map(Value::to_text).unwrap_or_default();
        let path = if name == "epp" {
            let path = self
                .find_template(&source, Some(".epp"))
                .ok_or_else(|| error(format!("Could not find template '{source}'"), span))?;
            Some(path)
        } else {
            None
        };
        // Each template is read and lowered once per compilation, however
        // often it is rendered (a define's template, once per instance).
        let key = path.as_ref().map_or_else(
            || source.clone(),
            |path| path.to_string_lossy().into_owned(),
        );
        let template = match self.templates.get(&key) {
            Some(template) => Rc::clone(template),
            None => {
                let text = match &path {
                    Some(path) => std::fs::read_to_string(path).map_err(|e| {
                        error(format!("epp(): cannot read {}: {e}", path.display()), span)
                    })?,
                    None => source,
                };
                let template = epp::lower(&text).map_err(|e| {
                    error(
                        format!(
                            "{name}(): Invalid EPP: {} (line: {}, column: {})",
                            e.message, e.location.line, e.location.column
                        ),
                        span,
                    )
                })?;
                let template = Rc::new(template);
                self.templates.insert(key, Rc::clone(&template));
                template
            }
        };
        let arguments: Vec<(String, Value)> = match args.get(1) {
            None => Vec::new(),
            Some(Value::Hash(entries)) => entries
                .iter()
                .map(|(key, value)| (key.to_text(), value.clone()))
                .collect(),
            Some(_) => {
                return Err(error(
                    format!("{name}(): the template_args must be a Hash"),
                    span,
                ))
            }
        };
        let enforce = template.declares_parameters || args.get(1).is_none();
        if enforce {
            // Reported at the call, as Puppet's closure does.
            let missing = template.params.iter().find(|param| {
                param.default.is_none() && !arguments.iter().any(|(name, _)| *name == param.name)
            });
            if let Some(param) = missing {
                return Err(error(
                    format!("lambda: expects a value for parameter '{}'", param.name),
                    span,
                ));
            }
            let unknown = arguments
                .iter()
                .find(|(name, _)| !template.params.iter().any(|param| param.name == *name));
            if let Some((name, _)) = unknown {
                return Err(error(
                    format!("lambda: has no parameter named '{name}'"),
                    span,
                ));
            }
        }
        let parent = if name == "epp" {
            self.global_scope(scope)
        } else {
            scope
        };
        let local = self.new_scope(Some(parent), Some(scope));
        let saved_file = self.file.take();
        let saved_template = std::mem::replace(&mut self.template_file, path.clone());
        let decided = self.marks_decided.get();
        self.epp_output.push((String::new(), false));
        let rendered = self
            .bind_template(&template, arguments, enforce, local)
            .and_then(|()| self.block(&template.body, local));
        let (output, sensitive) = self.epp_output.pop().unwrap_or_default();
        self.file = saved_file;
        self.template_file = saved_template;
        if rendered.is_ok() && self.marks_decided.get() != decided {
            let what = args.first().map(Value::to_text).unwrap_or_default();
            return Ok(self.undetermined_template(name, &what, span));
        }
        let output = Value::Str(output);
        let output = if sensitive {
            Value::Sensitive(Box::new(output))
        } else {
            output
        };
        rendered.map(|_| output).map_err(|mut e| {
            if e.file.is_none() {
                match path {
                    Some(path) => e.file = Some(path),
                    None => e.span = span,
                }
            }
            e
        })
    }

    /// The first node or top scope around `scope`, where Puppet evaluates
    /// a template file (`Scope#find_global_scope`).
    fn global_scope(&self, scope: ScopeId) -> ScopeId {
        self.scope_chain(scope)
            .into_iter()
            .find(|&outer| outer == TOP || Some(outer) == self.node_scope)
            .unwrap_or(TOP)
    }

    /// Binds a template's arguments: to its parameters (those without
    /// an argument take their default), or, when it declares none, as its
    /// variables.
    pub(super) fn bind_template(
        &mut self,
        template: &epp::Template,
        arguments: Vec<(String, Value)>,
        enforce: bool,
        scope: ScopeId,
    ) -> Result<()> {
        if !enforce {
            for (name, value) in arguments {
                self.scopes[scope].variables.insert(name, value);
            }
            return Ok(());
        }
        for param in &template.params {
            let given = arguments.iter().find(|(name, _)| *name == param.name);
            let value = match (given, &param.default) {
                (Some((_, value)), _) => value.clone(),
                (None, Some(default)) => self.eval(default, scope)?,
                // Refused at the call already.
                (None, None) => continue,
            };
            if let Some(mismatch) = self.parameter_mismatch(param, &value)? {
                return Err(error(
                    format!("lambda: parameter '{}' {mismatch}", param.name),
                    param.span,
                ));
            }
            self.declare_parameter(scope, param, value);
        }
        Ok(())
    }

    /// A template as Puppet's `find_template` finds it: an absolute path,
    /// or `<module>/<file>` in the module's `templates/`; `.epp` is added
    /// when the name without it is not a file.
    /// A module's template `module/file`, or an absolute path; with
    /// `extension` added when the name lacks it (`epp()` does that).
    pub(super) fn find_template(&self, name: &str, extension: Option<&str>) -> Option<PathBuf> {
        let existing = |path: PathBuf| {
            if path.is_file() {
                return Some(path);
            }
            let extension = extension.filter(|extension| !name.ends_with(extension))?;
            let with_extension = PathBuf::from(format!("{}{extension}", path.display()));
            with_extension.is_file().then_some(with_extension)
        };
        if Path::new(name).is_absolute() {
            return existing(PathBuf::from(name));
        }
        let (module, file) = name.split_once('/')?;
        let root = self
            .env
            .modulepath()
            .iter()
            .map(|dir| dir.join(module))
            .find(|root| root.is_dir() && !self.left_out.contains(root))?;
        existing(root.join("templates").join(file))
    }
}

/// An ERB template's view of the compilation: the variables of the scope
/// calling `template()`, and the functions.
struct TemplateHost<'c, 'e> {
    compiler: &'c mut Compiler<'e>,
    scope: ScopeId,
    span: ast::Span,
}

impl erb::Host for TemplateHost<'_, '_> {
    /// A template's `@name`: the variable, or nil without a warning.
    fn variable(&mut self, name: &str) -> Option<Value> {
        let value = self
            .compiler
            .find_variable(name, self.scope)
            .filter(|value| *value != Value::Undef)?;
        if let Some(mark) = value.mark() {
            self.compiler
                .note_use(mark, self.span, "an ERB template read it");
        }
        Some(value)
    }

    /// Puppet's scope throws on a variable that is not defined: under
    /// `strict=error` the template fails (`Undefined variable 'x'`).
    fn lookup(&mut self, name: &str) -> std::result::Result<Option<Value>, erb::Unsupported> {
        let unqualified = name.trim_start_matches("::");
        if self.compiler.options.strict == Strict::Error
            && self
                .compiler
                .find_variable(unqualified, self.scope)
                .is_none()
            && self.compiler.find_variable(name, self.scope).is_none()
        {
            let detail = format!("Undefined variable '{name}'");
            self.compiler.template_failure = Some(detail.clone());
            return Err(erb::Unsupported(detail));
        }
        Ok(self.variable(name))
    }

    fn raised(&mut self, message: &str) {
        self.compiler.template_failure = Some(message.to_string());
    }

    fn ruby_variable(&mut self, name: &str) -> Option<erb::Object> {
        self.compiler
            .erb_variables
            .get(&(self.scope, name.to_string()))
            .cloned()
    }

    fn set_ruby_variable(
        &mut self,
        name: &str,
        value: erb::Object,
        replace: bool,
    ) -> std::result::Result<(), erb::Unsupported> {
        let variables = &mut self.compiler.scopes[self.scope].variables;
        if variables.contains_key(name) && !replace {
            // Puppet fails the template: pfacts says so.
            return Err(erb::Unsupported(format!(
                "Cannot reassign variable '${name}'"
            )));
        }
        variables.insert(name.to_string(), value.to_puppet());
        self.compiler
            .erb_variables
            .insert((self.scope, name.to_string()), value);
        Ok(())
    }

    fn call(
        &mut self,
        name: &str,
        args: Vec<Value>,
    ) -> std::result::Result<Value, erb::Unsupported> {
        self.compiler
            .call_values(name, args, None, self.scope, self.span)
            .map_err(|e| erb::Unsupported(format!("{name}(): {}", e.message)))
    }
}
