//! Ruby run for the compilation, with `--ruby` (`crate::catalog::ruby`):
//! modules' Ruby functions, dispatched as Puppet does with their declared
//! signatures, and ERB templates. What only the shim cannot do gives a
//! reason to mark the value instead; what Puppet would refuse is an error.

use std::collections::HashMap;

use serde_json::{json, Value as Json};

use super::*;
use crate::catalog::functions::dispatch;
use crate::catalog::functions::signature::{Arity, BlockParam, Param, Signature};
use crate::catalog::functions::Block;
use crate::catalog::ruby::{self, json as values, Failure, Refusal, Ruby, Shared};
use crate::catalog::values::types::data_type::text;

/// The shim's state in a compilation.
#[derive(Default)]
pub(super) enum RubyState {
    /// `--ruby` not given: Ruby is never run.
    #[default]
    Off,
    /// Started on first use.
    Wanted,
    Running(Shared),
    /// `ruby` could not be run: said once, values marked.
    Unavailable(String),
}

/// A module's Ruby function as the shim describes it.
pub(super) enum Described {
    /// Puppet's 4.x API: dispatches in order.
    Modern(Vec<RubyDispatch>),
    /// The 3.x API: an arity, and whether it gives a value.
    Legacy { arity: i32, rvalue: bool },
}

pub(super) struct RubyDispatch {
    method: String,
    signature: Signature,
    /// An `argument_mismatch` handler: its value is Puppet's error.
    handles_mismatch: bool,
}

/// What a call run in Ruby gave: a value, or why pfacts marks it.
pub(super) type Ran<T> = std::result::Result<T, String>;

impl<'e> Compiler<'e> {
    /// The shim, started on first use.
    fn ruby(&mut self) -> Ran<Shared> {
        match &self.ruby {
            RubyState::Off => return Err("pfacts runs no Ruby without --ruby".to_string()),
            RubyState::Running(ruby) => return Ok(Rc::clone(ruby)),
            RubyState::Unavailable(reason) => return Err(reason.clone()),
            RubyState::Wanted => {}
        }
        let libs: Vec<PathBuf> = self
            .env
            .modulepath()
            .iter()
            .filter_map(|dir| std::fs::read_dir(dir).ok())
            .flatten()
            .flatten()
            .map(|entry| entry.path().join("lib"))
            .filter(|lib| lib.is_dir())
            .collect();
        match Ruby::start(&libs) {
            Ok(ruby) => {
                self.ruby = RubyState::Running(Rc::clone(&ruby));
                Ok(ruby)
            }
            Err(reason) => {
                self.logs.push(Log {
                    level: Level::Warning,
                    message: format!(
                        "--ruby: {reason}; values of Ruby code are marked unevaluated"
                    ),
                    at: None,
                });
                self.ruby = RubyState::Unavailable(reason.clone());
                Err(reason)
            }
        }
    }

    /// Calls `name`, a module's function written in Ruby in `file`, as
    /// Puppet would: its value, Puppet's error, or why it stays marked.
    pub(super) fn call_ruby_function(
        &mut self,
        name: &str,
        file: &Path,
        args: Vec<Value>,
        block: Option<Block<'_>>,
        span: ast::Span,
    ) -> Result<Ran<Value>> {
        let ruby = match self.ruby() {
            Ok(ruby) => ruby,
            Err(reason) => return Ok(Err(reason)),
        };
        let described = match self.described_ruby_function(&ruby, name, file, span)? {
            Ok(described) => described,
            Err(reason) => return Ok(Err(reason)),
        };
        let method = match &*described {
            Described::Legacy { arity, .. } => {
                if let Some(message) =
                    crate::catalog::functions::legacy_arity_mismatch(name, *arity, args.len())
                {
                    return Err(error(message, span));
                }
                None
            }
            Described::Modern(dispatches) => {
                let arity = block.as_ref().map(Block::arity);
                let select = |handlers: bool| {
                    let candidates: Vec<&RubyDispatch> = dispatches
                        .iter()
                        .filter(|d| d.handles_mismatch == handlers)
                        .collect();
                    let signatures: Vec<&Signature> =
                        candidates.iter().map(|d| &d.signature).collect();
                    (
                        dispatch::select(&signatures, &args, arity).map(|i| candidates[i]),
                        signatures,
                    )
                };
                let (chosen, signatures) = select(false);
                match chosen.or_else(|| select(true).0) {
                    Some(chosen) => Some((chosen.method.clone(), chosen.handles_mismatch)),
                    None => {
                        let message = dispatch::mismatch_message(name, &signatures, &args, arity);
                        return Err(error(message, span));
                    }
                }
            }
        };
        if let Some(mark) = args.iter().find(|value| value.mark().is_some()) {
            return Ok(Ok(mark.clone()));
        }
        let Some(encoded) = args
            .iter()
            .map(values::encode)
            .collect::<Option<Vec<Json>>>()
        else {
            return Ok(Err("an argument pfacts did not compute".to_string()));
        };
        let request = json!({
            "op": "call",
            "name": name,
            "method": method.as_ref().map(|(method, _)| method.clone()),
            "args": encoded,
            "block": block.is_some(),
        });
        let scope = self.call_sites.last().map_or(TOP, |site| site.scope);
        let outcome = self.ask_ruby(&ruby, request, scope, span, block);
        match outcome {
            Ok(result) => {
                let value = ruby_value(&result);
                // An `argument_mismatch` handler's value is the error.
                if let Some((_, true)) = method {
                    return Err(error(format!("'{name}' {}", value.to_text()), span));
                }
                let rvalue = !matches!(&*described, Described::Legacy { rvalue: false, .. });
                Ok(Ok(if rvalue { value } else { Value::Undef }))
            }
            Err(Failure::Puppet(message)) => Err(error(message, span)),
            Err(Failure::Shim(reason)) => Ok(Err(format!("Ruby: {reason}"))),
        }
    }

    /// Sends `request` to the shim, serving its callbacks as the code of
    /// `scope` at `span` (with `block`, the call's lambda).
    fn ask_ruby(
        &mut self,
        ruby: &Shared,
        request: Json,
        scope: ScopeId,
        span: ast::Span,
        block: Option<Block<'_>>,
    ) -> std::result::Result<Json, Failure> {
        let mut guest = Guest {
            compiler: self,
            scope,
            span,
            block,
        };
        ruby::request(ruby, request, &mut guest)
    }

    /// The dispatches of a Ruby function, described by the shim once.
    fn described_ruby_function(
        &mut self,
        ruby: &Shared,
        name: &str,
        file: &Path,
        span: ast::Span,
    ) -> Result<Ran<Rc<Described>>> {
        if let Some(described) = self.ruby_functions.get(name) {
            return Ok(Ok(Rc::clone(described)));
        }
        let request = json!({ "op": "load_function", "name": name, "file": file });
        let scope = self.call_sites.last().map_or(TOP, |site| site.scope);
        let outcome = self.ask_ruby(ruby, request, scope, span, None);
        let description = match outcome {
            Ok(description) => description,
            Err(Failure::Puppet(message)) => return Err(error(message, span)),
            Err(Failure::Shim(reason)) => return Ok(Err(format!("Ruby: {reason}"))),
        };
        let described = if description["api"] == 3 {
            Described::Legacy {
                arity: description["arity"].as_i64().unwrap_or(-1) as i32,
                rvalue: description["rvalue"].as_bool().unwrap_or(true),
            }
        } else {
            let mut aliases = HashMap::new();
            for declaration in description["local_types"].as_array().into_iter().flatten() {
                let Some((alias, text)) = declaration.as_str().and_then(|d| d.split_once('='))
                else {
                    continue;
                };
                let ty = self.ruby_type(text.trim(), &aliases);
                aliases.insert(alias.trim().to_string(), ty);
            }
            let dispatches = description["dispatches"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|d| RubyDispatch {
                    method: d["method"].as_str().unwrap_or_default().to_string(),
                    signature: self.ruby_signature(d, &aliases),
                    handles_mismatch: d["mismatch"].as_bool().unwrap_or(false),
                })
                .collect();
            Described::Modern(dispatches)
        };
        let described = Rc::new(described);
        self.ruby_functions
            .insert(name.to_string(), Rc::clone(&described));
        Ok(Ok(described))
    }

    /// A dispatch's signature from the shim's description of it.
    fn ruby_signature(&mut self, dispatch: &Json, aliases: &HashMap<String, Type>) -> Signature {
        let params = dispatch["params"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|param| Param {
                name: param["name"].as_str().unwrap_or_default().to_string(),
                ty: self.ruby_type(param["type"].as_str().unwrap_or("Any"), aliases),
                arity: match param["arity"].as_str() {
                    Some("optional") => Arity::Optional,
                    Some("repeated") => Arity::Repeated,
                    Some("required_repeated") => Arity::RequiredRepeated,
                    _ => Arity::Required,
                },
            })
            .collect();
        let block = dispatch["block"].as_object().map(|block| {
            let ty = self.ruby_type(block["type"].as_str().unwrap_or("Callable"), aliases);
            let counts = match &ty {
                Type::Callable(Some(callable)) => Some(callable.size.unwrap_or(
                    crate::catalog::values::types::data_type::IntRange::exactly(
                        callable.params.len() as i64,
                    ),
                )),
                _ => None,
            };
            BlockParam {
                name: block["name"].as_str().unwrap_or("block").to_string(),
                ty,
                counts,
                optional: block["optional"].as_bool().unwrap_or(false),
            }
        });
        Signature { params, block }
    }

    /// A type a Ruby function declares, by its text: Puppet's, the
    /// function's local types, the environment's aliases; `Any` where
    /// pfacts cannot read it (Ruby then sees what it was given).
    fn ruby_type(&mut self, text: &str, local: &HashMap<String, Type>) -> Type {
        let mut aliases = local.clone();
        for name in type_names(text) {
            if aliases.contains_key(name)
                || crate::catalog::values::types::data_type::builtin(name).is_some()
            {
                continue;
            }
            if let Ok(ty) = self.type_named(name) {
                aliases.insert(name.to_string(), ty);
            }
        }
        text::parse_with(text, &aliases).unwrap_or(Type::Any)
    }

    /// An ERB template rendered by Ruby's ERB, with the variables `scope`
    /// sees as its instance variables, as Puppet's `TemplateWrapper`
    /// gives them; why not, where the shim cannot.
    pub(super) fn erb_with_ruby(
        &mut self,
        text: &str,
        file: &str,
        scope: ScopeId,
        span: ast::Span,
    ) -> Result<Ran<String>> {
        let ruby = match self.ruby() {
            Ok(ruby) => ruby,
            Err(reason) => return Ok(Err(reason)),
        };
        let variables: Vec<Json> = self
            .visible_variables(scope)
            .into_iter()
            .filter_map(|(name, value)| Some(json!([name, values::encode(&value)?])))
            .collect();
        let request = json!({
            "op": "template",
            "text": text,
            "file": file,
            "vars": variables,
            "scope": scope,
        });
        let outcome = self.ask_ruby(&ruby, request, scope, span, None);
        match outcome {
            Ok(Json::String(rendered)) => Ok(Ok(rendered)),
            Ok(other) => Ok(Err(format!("Ruby rendered {other}"))),
            Err(Failure::Puppet(message)) => Err(error(
                format!("Failed to parse template {file}: {message}"),
                span,
            )),
            Err(Failure::Shim(reason)) => Ok(Err(format!("Ruby: {reason}"))),
        }
    }
}

/// A value the shim sent; types come back by their text.
fn ruby_value(json: &Json) -> Value {
    values::decode(json, &mut |text| {
        text::parse(text)
            .map(Value::of_type)
            .unwrap_or_else(|_| Value::string(text))
    })
}

/// The qualified capitalized names in a type's text (`Stdlib::Port`).
fn type_names(text: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let bytes = text.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at].is_ascii_uppercase() && (at == 0 || !bytes[at - 1].is_ascii_alphanumeric()) {
            let start = at;
            while at < bytes.len()
                && (bytes[at].is_ascii_alphanumeric() || bytes[at] == b'_' || bytes[at] == b':')
            {
                at += 1;
            }
            names.push(text[start..at].trim_end_matches(':'));
        } else {
            at += 1;
        }
    }
    names
}

/// A value for Ruby; a marked one stops the Ruby that asked for it, with
/// the mark's reason.
fn encoded(value: &Value, from: &str) -> std::result::Result<Json, Refusal> {
    values::encode(value).ok_or_else(|| {
        let reason = match value.mark() {
            Some(mark) => format!("{from} gave {}, not evaluated: {}", mark.what, mark.reason),
            None => format!("{from} gave a value pfacts did not compute"),
        };
        Refusal::Unevaluated(reason)
    })
}

/// The compilation as the Ruby of one call sees it.
struct Guest<'c, 'e, 'b> {
    compiler: &'c mut Compiler<'e>,
    scope: ScopeId,
    span: ast::Span,
    block: Option<Block<'b>>,
}

impl ruby::Host for Guest<'_, '_, '_> {
    fn call_function(
        &mut self,
        name: &str,
        args: Vec<Json>,
        block: bool,
    ) -> std::result::Result<Json, Refusal> {
        if block {
            let reason = format!("pfacts gives no Ruby block to the Puppet function {name}()");
            return Err(Refusal::Unevaluated(reason));
        }
        let args = args.iter().map(ruby_value).collect();
        let value = self
            .compiler
            .call_values(name, args, None, self.scope, self.span)
            .map_err(|e| Refusal::Error(e.message))?;
        encoded(&value, name)
    }

    fn variable(&mut self, name: &str) -> Json {
        self.compiler
            .find_variable(name, self.scope)
            .and_then(|value| values::encode(&value))
            .unwrap_or(Json::Null)
    }

    fn set_variable(&mut self, name: &str, value: &Json) -> std::result::Result<Json, Refusal> {
        let variables = &mut self.compiler.scopes[self.scope].variables;
        if variables.contains_key(name) {
            return Err(Refusal::Error(format!(
                "Cannot reassign variable '${name}'"
            )));
        }
        variables.insert(name.to_string(), ruby_value(value));
        Ok(Json::Null)
    }

    fn call_block(&mut self, args: Vec<Json>) -> std::result::Result<Json, Refusal> {
        let Some(block) = self.block else {
            return Err(Refusal::Error(
                "no block given (LocalJumpError)".to_string(),
            ));
        };
        let args = args.iter().map(ruby_value).collect();
        let value = self
            .compiler
            .call_lambda(block.lambda, args, block.scope)
            .map_err(|e| Refusal::Error(e.message))?;
        encoded(&value, "the block")
    }

    fn log(&mut self, level: &str, message: &str) {
        let level = match level {
            "debug" => Level::Debug,
            "info" => Level::Info,
            "notice" => Level::Notice,
            "warning" => Level::Warning,
            _ => Level::Err,
        };
        let at = self
            .compiler
            .file
            .map(|index| (self.compiler.env.file(index).0.clone(), self.span));
        self.compiler.logs.push(Log {
            level,
            message: message.to_string(),
            at,
        });
    }
}
