//! The compilation as the functions see it ([`functions::Context`]): each
//! call runs with the scope and place of its call site.

use std::path::PathBuf;

use super::operators::references;
use super::resources::{append_values, is_tag};
use super::*;
use crate::catalog::functions::{self, Block, Context, Creation, Inclusion, Level, ModuleFiles};

/// Where a function is called: the scope and the place.
#[derive(Clone, Copy)]
pub(super) struct CallSite {
    pub scope: ScopeId,
    pub span: ast::Span,
    /// The file of the call; `None` for code given as text.
    pub file: Option<usize>,
}

impl Compiler<'_> {
    pub(super) fn site(&self) -> CallSite {
        self.call_sites.last().copied().unwrap_or(CallSite {
            scope: TOP,
            span: ast::Span::default(),
            file: None,
        })
    }
}

/// Whether `name` may name a module (Puppet's module directory names).
fn is_module_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

impl<'e> Context for Compiler<'e> {
    fn call_block(&mut self, block: &Block<'_>, args: Vec<Value>) -> Result<Value> {
        self.call_lambda(block.lambda, args, block.scope)
    }

    fn call_function(
        &mut self,
        name: &str,
        args: Vec<Value>,
        block: Option<&Block<'_>>,
    ) -> Result<Value> {
        let site = self.site();
        let scope = block.map_or(site.scope, |block| block.scope);
        self.call_values(name, args, block.map(|b| b.lambda), scope, site.span)
    }

    fn function_exists(&self, name: &str) -> bool {
        let name = name.trim_start_matches("::");
        functions::builtins().get(name).is_some()
            || self.functions.contains_key(name)
            || self.ruby_function(name).is_some()
    }

    fn variable(&mut self, name: &str) -> Option<Value> {
        let site = self.site();
        self.find_variable(name, site.scope)
    }

    fn facts(&self) -> &Value {
        &self.facts
    }

    fn annotation(&self, target: &Value, annotation: &str) -> Option<Value> {
        self.annotations
            .iter()
            .find(|(annotated, name, _)| name == annotation && same_target(annotated, target))
            .map(|(_, _, value)| value.clone())
    }

    fn associate_annotation(
        &mut self,
        target: &Value,
        annotation: &str,
        value: Option<Value>,
    ) -> Option<Value> {
        let index = self
            .annotations
            .iter()
            .position(|(annotated, name, _)| name == annotation && same_target(annotated, target));
        let previous = index.map(|index| self.annotations.remove(index).2);
        if let Some(value) = value {
            self.annotations
                .push((target.clone(), annotation.to_string(), value));
        }
        previous
    }

    fn log(&mut self, level: Level, message: &str) {
        let site = self.site();
        let source = self.scope_label(site.scope);
        let at = self
            .file
            .map(|index| (self.env.file(index).0.clone(), site.span));
        self.logs.push(Log {
            level,
            message: format!("Scope({source}): {message}"),
            at,
        });
    }

    fn warn(&mut self, message: &str) {
        let site = self.site();
        self.warn_at(site.span, message.to_string());
    }

    fn warn_once(&mut self, key: &str, message: &str) {
        if self.warned_once.insert(key.to_string()) {
            self.logs.push(Log {
                level: Level::Warning,
                message: format!("{message}\n   (file & line not available)"),
                at: None,
            });
        }
    }

    fn warn_once_at_call(&mut self, key: &str, message: &str, per_place: bool) {
        let site = self.site();
        let key = if per_place {
            let file = self.file.map(|index| self.env.file(index).0.clone());
            format!("{key}-{file:?}-{:?}", site.span)
        } else {
            key.to_string()
        };
        if self.warned_once.insert(key) {
            self.warn_at(site.span, message.to_string());
        }
    }

    fn module_directory(&self, name: &str) -> Option<PathBuf> {
        if !is_module_name(name) {
            return None;
        }
        self.env
            .modulepath()
            .iter()
            .map(|dir| dir.join(name))
            .find(|root| root.is_dir() && !self.left_out.contains(root))
    }

    fn find_module_file(&self, reference: &str, kind: ModuleFiles) -> Option<PathBuf> {
        let path = if std::path::Path::new(reference).is_absolute() {
            PathBuf::from(reference)
        } else {
            let (module, file) = reference.split_once('/')?;
            self.module_directory(module)?
                .join(kind.directory())
                .join(file)
        };
        path.exists().then_some(path)
    }

    fn module_names(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for dir in self.env.modulepath() {
            let Ok(entries) = std::fs::read_dir(dir) else {
                continue;
            };
            let mut here: Vec<String> = entries
                .flatten()
                .filter(|entry| entry.path().is_dir())
                .filter_map(|entry| entry.file_name().into_string().ok())
                .collect();
            here.sort();
            for name in here {
                if !names.contains(&name) {
                    names.push(name);
                }
            }
        }
        names
    }

    fn type_named(&mut self, name: &str) -> Result<Type> {
        Compiler::type_named(self, name)
    }

    fn evaluate_source(&mut self, source: &str) -> Result<Value> {
        let site = self.site();
        let mut parser = crate::syntax::new_parser();
        let tree = crate::syntax::parse(&mut parser, source)
            .map_err(|_| error("The code could not be parsed", site.span))?;
        if let Some(problem) = crate::syntax::syntax_errors(&tree, source).first() {
            return Err(error(problem.message.clone(), site.span));
        }
        let program = ast::lower(&tree, source);
        let saved = self.file.take();
        let reading = std::mem::replace(&mut self.reading_type_text, true);
        let value = self
            .block(&program.statements, site.scope)
            .map_err(|mut e| {
                e.span = site.span;
                e
            });
        self.reading_type_text = reading;
        self.file = saved;
        value
    }

    fn unevaluated(&mut self, what: String, reason: &str) -> Value {
        let site = self.site();
        self.mark_unevaluated(what, reason.to_string(), site.span)
    }

    fn note_use(&mut self, mark: &Rc<crate::catalog::values::Unevaluated>, consequence: &str) {
        let site = self.site();
        Compiler::note_use(self, mark, site.span, consequence);
    }

    fn declare_classes(&mut self, names: &[String], how: Inclusion) -> Result<()> {
        let site = self.site();
        let here = self.scopes[site.scope].resource;
        for name in names {
            let class = name.trim_start_matches("::").to_lowercase();
            let file = self.file;
            self.record_use(&class, UseKind::Declaration, file, site.span.line);
            self.declare_class(&class, None, site.scope, site.span)?;
            match how {
                Inclusion::Include => {}
                Inclusion::Contain => {
                    if let Some(index) = self.find_resource("Class", &capitalize(&class)) {
                        self.resources[index].container = Some(here);
                    }
                }
                // Puppet makes it a `require` of the requiring class or
                // define.
                Inclusion::Require => {
                    let reference = Value::of_type(Type::reference("Class", &class));
                    let parameters = &mut self.resources[here].parameters;
                    let value = match parameters.get("require").cloned() {
                        Some(existing) => append_values(existing, reference),
                        None => Value::Array(vec![reference]),
                    };
                    parameters.insert("require".to_string(), value);
                }
            }
        }
        Ok(())
    }

    fn declare_resource(
        &mut self,
        type_name: &str,
        title: &Value,
        attributes: Vec<(String, Value)>,
        how: Creation,
    ) -> Result<()> {
        let site = self.site();
        let text = title.to_text();
        match how {
            Creation::Ensure => {
                self.ensure_resource(type_name, &text, attributes, site.scope, site.span)?
            }
            Creation::Declare(form) => {
                self.declare_resource(type_name, &text, attributes, form, site.scope, site.span)?;
            }
        }
        self.mark_by_function(type_name, &text, matches!(title, Value::Str(_)));
        Ok(())
    }

    fn resource_parameters(&self, type_name: &str, title: &str) -> Option<Vec<(String, Value)>> {
        let index = self.find_resource(&capitalize(&type_name.to_lowercase()), title)?;
        Some(
            self.resources[index]
                .parameters
                .iter()
                .map(|(name, value)| (name.clone(), value.clone()))
                .collect(),
        )
    }

    fn realize(&mut self, values: &[Value]) -> Result<()> {
        for value in values {
            self.realized.extend(references(value));
        }
        Ok(())
    }

    /// Tags the class or define whose body calls it; its built-in
    /// resources take the tags at the end (`finish`).
    fn tag(&mut self, tags: &[String]) -> Result<()> {
        let site = self.site();
        let resource = &mut self.resources[self.scopes[site.scope].resource];
        for name in tags {
            let name = name.to_lowercase();
            if !is_tag(&name) {
                return Err(error(format!("Invalid tag '{name}'"), site.span));
            }
            let tags = &mut resource.tags;
            let parts = name
                .contains("::")
                .then(|| name.split("::").map(str::to_string).collect::<Vec<_>>());
            for tag in std::iter::once(name).chain(parts.into_iter().flatten()) {
                if !tags.contains(&tag) {
                    tags.push(tag);
                }
            }
        }
        Ok(())
    }

    /// Whether the calling class or define, or the catalog (its classes),
    /// has every tag given.
    fn tagged(&self, tags: &[String]) -> bool {
        let site = self.site();
        let resource = &self.resources[self.scopes[site.scope].resource];
        tags.iter().all(|tag| {
            let tag = tag.to_lowercase();
            resource.tags.contains(&tag)
                || self.resources.iter().any(|other| {
                    matches!(other.type_name.as_str(), "Class" | "Node")
                        && other.tags[..other.own_tags].contains(&tag)
                })
        })
    }

    fn is_defined(&mut self, what: &Value) -> bool {
        let site = self.site();
        match what {
            Value::Type(ty) => match ty.as_reference() {
                Some((type_name, title)) => self.find_resource(&type_name, &title).is_some(),
                None => true,
            },
            Value::Str(name) if name.starts_with('$') => {
                self.find_variable(&name[1..], site.scope).is_some()
            }
            other => {
                let name = other.to_text().trim_start_matches("::").to_lowercase();
                self.classes.contains_key(&name)
                    || self.functions.contains_key(&name)
                    || self.is_resource_type(&name)
            }
        }
    }

    fn hiera_lookup(
        &mut self,
        key: &str,
        merge: Option<&Value>,
        invocation: &hiera::Invocation,
    ) -> Result<Option<Value>> {
        let site = self.site();
        let found = self
            .with_hiera(|hiera, host| hiera.lookup_invoked(key, host, merge, invocation.clone()))
            .map_err(|e| Self::hiera_error(e, error(String::new(), site.span)))?;
        self.log_hiera_warnings(site.span);
        Ok(found)
    }

    fn render(&mut self, function: &str, args: &[Value]) -> Result<Value> {
        let site = self.site();
        match function {
            "template" | "inline_template" => self.erb(function, args, site.scope, site.span),
            _ => self.epp(function, args, site.scope, site.span),
        }
    }

    fn caller_resource(&self) -> (String, String) {
        let site = self.site();
        let resource = &self.resources[self.scopes[site.scope].resource];
        (resource.type_name.clone(), resource.title.clone())
    }

    fn resource_titles(&self, type_name: &str) -> Vec<String> {
        self.resources
            .iter()
            .filter(|resource| resource.type_name == type_name)
            .map(|resource| resource.title.clone())
            .collect()
    }

    fn puppet_stack(&self) -> Vec<(String, u32)> {
        let name = |file: Option<usize>| match file {
            Some(index) => self.env.file(index).0.display().to_string(),
            None => "unknown".to_string(),
        };
        let mut frames: Vec<(String, u32)> = self
            .call_sites
            .iter()
            .rev()
            .map(|site| (name(site.file), site.span.line))
            .collect();
        // The outermost call made by a manifest's top level runs inside
        // that manifest's frame.
        if let Some(outermost) = self.call_sites.first() {
            if outermost
                .file
                .is_none_or(|index| self.env.is_manifest(index))
            {
                frames.push((name(outermost.file), 0));
            }
        }
        frames
    }

    fn deprecation_warning(&mut self, key: &str, message: &str) {
        // Puppet remembers at most 100 keys, and then logs no more.
        if self.deprecations.len() < 100 && self.deprecations.insert(key.to_string()) {
            let site = self.site();
            self.warn_at(site.span, message.to_string());
        }
    }
}

/// Whether an annotation of `annotated` is one of `target`: an object is
/// itself (as Puppet's adapters hang on the Ruby object), another value
/// any equal one.
fn same_target(annotated: &Value, target: &Value) -> bool {
    match (annotated, target) {
        (Value::Object(a), Value::Object(b)) => std::rc::Rc::ptr_eq(a, b),
        (a, b) => a == b,
    }
}
