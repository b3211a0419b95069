//! Functions that pfacts evaluates natively: Puppet 7's built-in functions
//! (`puppet/`, by family) and the Ruby functions of modules it knows, such
//! as stdlib's (`stdlib/`). Each function is one or more dispatches, each
//! a signature written as Puppet writes parameters (`String $str,
//! Optional[String] $sep?`) and a body; a call takes the first dispatch
//! that fits its arguments and block, or fails in Puppet's words
//! (`dispatch`). Bodies see the compilation only through [`Context`].

mod context;
pub(crate) mod dispatch;
pub mod new;
pub mod puppet;
pub mod signature;
pub mod stdlib;

use std::collections::HashMap;
use std::rc::Rc;

pub use context::{Block, Context, Creation, Inclusion, Level, ModuleFiles};
use signature::Signature;

use crate::catalog::values::types::data_type::Alias;
use crate::catalog::values::types::object::ObjectType;
use crate::catalog::values::{Type, Value};
use crate::catalog::{EvalError, Result};

/// The arguments of a call: their values and the lambda, if any, and the
/// name the function was called by.
pub struct Args<'a> {
    pub name: &'static str,
    pub values: Vec<Value>,
    pub block: Option<Block<'a>>,
}

impl<'a> Args<'a> {
    /// The argument at `index`; `undef` where the call gave none.
    pub fn get(&self, index: usize) -> &Value {
        self.values.get(index).unwrap_or(&Value::Undef)
    }

    /// The argument at `index`, if given.
    pub fn opt(&self, index: usize) -> Option<&Value> {
        self.values.get(index)
    }

    /// The block; dispatches that declare a required one always have it.
    pub fn block(&self) -> Result<Block<'a>> {
        self.block
            .ok_or_else(|| fault("expects a block".to_string()))
    }
}

/// A dispatch's body.
pub type Body = fn(&mut dyn Context, Args<'_>) -> Result<Value>;

struct Dispatch {
    signature: Signature,
    body: Body,
    /// A 3.x function's `:arity`: the count of arguments it takes, or,
    /// negative, one less than its minimum negated.
    legacy_arity: Option<i32>,
    /// An `argument_mismatch` dispatch: tried only when no other takes
    /// the call, its body gives the message of the call's error.
    mismatch: bool,
}

/// A function: its dispatches, in the order they are tried.
pub struct Function {
    pub name: &'static str,
    dispatches: Vec<Dispatch>,
}

impl Function {
    /// Calls the function: the first dispatch that takes the arguments and
    /// the block, else Puppet's error for the call.
    pub fn call(
        &self,
        context: &mut dyn Context,
        values: Vec<Value>,
        block: Option<Block<'_>>,
    ) -> Result<Value> {
        // What a function makes of a value pfacts did not compute is not
        // computed either; Puppet code in a block still runs, and what
        // declares or logs keeps the values as they are.
        if block.is_none() && !PASSES_MARKS.contains(&self.name) {
            if let Some(mark) = values.iter().find_map(deep_mark) {
                context.note_use(&mark, &format!("{}() was not evaluated", self.name));
                return Ok(Value::Unevaluated(mark));
            }
        }
        let arity = block.as_ref().map(Block::arity);
        let (regular, mismatches): (Vec<&Dispatch>, Vec<&Dispatch>) =
            self.dispatches.iter().partition(|d| !d.mismatch);
        let signatures: Vec<&Signature> = regular.iter().map(|d| &d.signature).collect();
        let selected = dispatch::select(&signatures, &values, arity)
            .map(|index| regular[index])
            .or_else(|| {
                let signatures: Vec<&Signature> = mismatches.iter().map(|d| &d.signature).collect();
                dispatch::select(&signatures, &values, arity).map(|index| mismatches[index])
            });
        match selected {
            Some(dispatch) if dispatch.mismatch => {
                let args = Args {
                    name: self.name,
                    values,
                    block,
                };
                match (dispatch.body)(context, args)? {
                    Value::Str(message) => Err(fault(format!("'{}' {message}", self.name))),
                    _ => Err(fault(format!("'{}' does not accept the call", self.name))),
                }
            }
            Some(dispatch) => {
                let mut values = values;
                if let Some(arity) = dispatch.legacy_arity {
                    if let Some(message) = legacy_arity_mismatch(self.name, arity, values.len()) {
                        return Err(fault(message));
                    }
                    // A 3.x function is given undef arguments as empty
                    // strings (those inside arrays and hashes stay undef).
                    for value in &mut values {
                        if *value == Value::Undef {
                            *value = Value::string("");
                        }
                    }
                }
                (dispatch.body)(
                    context,
                    Args {
                        name: self.name,
                        values,
                        block,
                    },
                )
            }
            // A call that only a value pfacts did not compute makes wrong is
            // not computed either.
            None => match values.iter().find_map(Value::mark).cloned() {
                Some(mark) => {
                    context.note_use(
                        &mark,
                        &format!("{}() was not evaluated, nor its block", self.name),
                    );
                    Ok(Value::Unevaluated(mark))
                }
                None => Err(fault(dispatch::mismatch_message(
                    self.name,
                    &signatures,
                    &values,
                    arity,
                ))),
            },
        }
    }

    /// The dispatches' signatures, for documentation.
    pub fn signatures(&self) -> impl Iterator<Item = &Signature> {
        self.dispatches.iter().map(|dispatch| &dispatch.signature)
    }
}

/// Functions by name, and the local types their signatures name.
#[derive(Default)]
pub struct Registry {
    functions: HashMap<&'static str, Function>,
    aliases: HashMap<String, Type>,
}

impl Registry {
    /// Adds a dispatch of `name`, after those it has.
    pub fn add(&mut self, name: &'static str, signature: &str, body: Body) -> &mut Self {
        let function = self.functions.entry(name).or_insert_with(|| Function {
            name,
            dispatches: Vec::new(),
        });
        function.dispatches.push(Dispatch {
            signature: Signature::parse_with(signature, &self.aliases),
            body,
            legacy_arity: None,
            mismatch: false,
        });
        self
    }

    /// Adds an `argument_mismatch` dispatch of `name`: when no other
    /// dispatch takes a call that `signature` takes, the call fails with
    /// the message `body` gives (a string), or its error.
    pub fn argument_mismatch(
        &mut self,
        name: &'static str,
        signature: &str,
        body: Body,
    ) -> &mut Self {
        self.add(name, signature, body);
        if let Some(dispatch) = self
            .functions
            .get_mut(name)
            .and_then(|function| function.dispatches.last_mut())
        {
            dispatch.mismatch = true;
        }
        self
    }

    /// Declares a type that signatures may name, as a function's
    /// `local_types` do; it may refer to itself.
    pub fn alias(&mut self, name: &str, text: &str) -> &mut Self {
        let alias = Alias::new(name);
        self.aliases
            .insert(name.to_string(), Type::Alias(Rc::clone(&alias)));
        let ty = crate::catalog::values::types::data_type::text::parse_with(text, &self.aliases)
            .unwrap_or_else(|e| panic!("bad type alias `{name}`: {e}"));
        alias.resolve(ty);
        self
    }

    /// Declares a type that signatures may name, as Puppet declares it.
    pub fn declared_type(&mut self, name: &str, ty: Type) -> &mut Self {
        self.aliases.insert(name.to_string(), ty);
        self
    }

    /// Declares an object type that signatures may name (pfacts has no
    /// values of it).
    pub fn object_type(&mut self, name: &str) -> &mut Self {
        self.aliases.insert(
            name.to_string(),
            Type::Object(Rc::new(ObjectType::named(name))),
        );
        self
    }

    /// Adds `name`, a function of Puppet's 3.x API: any arguments, their
    /// count checked against `arity` as Puppet does.
    pub fn legacy(&mut self, name: &'static str, arity: i32, body: Body) -> &mut Self {
        self.add(name, "Any *$args", body);
        if let Some(dispatch) = self
            .functions
            .get_mut(name)
            .and_then(|function| function.dispatches.last_mut())
        {
            dispatch.legacy_arity = Some(arity);
        }
        self
    }

    pub fn get(&self, name: &str) -> Option<&Function> {
        self.functions.get(name)
    }

    /// The functions' names, sorted.
    pub fn names(&self) -> Vec<&'static str> {
        let mut names: Vec<&'static str> = self.functions.keys().copied().collect();
        names.sort_unstable();
        names
    }
}

thread_local! {
    static PUPPET: Rc<Registry> = Rc::new(puppet::registry());
}

/// Puppet 7's built-in functions.
pub fn builtins() -> Rc<Registry> {
    PUPPET.with(Rc::clone)
}

/// The Ruby functions of module `module` that pfacts evaluates natively,
/// as the version of the module that holds `file` (one of its functions)
/// writes them.
pub fn module_functions(module: &str, file: &std::path::Path) -> Option<Rc<Registry>> {
    match module {
        "stdlib" => Some(stdlib::registry_for(file)),
        _ => None,
    }
}

/// The functions that keep values pfacts did not compute as they are: they
/// declare what holds them, or log them.
const PASSES_MARKS: &[&str] = &[
    "create_resources",
    "ensure_resource",
    "ensure_resources",
    "ensure_packages",
    "stdlib::ensure_packages",
    "include",
    "contain",
    "require",
    "realize",
    "debug",
    "info",
    "notice",
    "warning",
    "err",
    "alert",
    "crit",
    "emerg",
];

/// The first mark of a value pfacts did not compute in `value`, at any
/// depth.
fn deep_mark(value: &Value) -> Option<Rc<crate::catalog::values::Unevaluated>> {
    match value {
        Value::Unevaluated(mark) => Some(Rc::clone(mark)),
        Value::Array(items) => items.iter().find_map(deep_mark),
        Value::Hash(entries) => entries
            .iter()
            .find_map(|(key, value)| deep_mark(key).or_else(|| deep_mark(value))),
        Value::Sensitive(inner) => deep_mark(inner),
        _ => None,
    }
}

/// Puppet's words for a 3.x function called with a count of arguments its
/// arity refuses.
pub(crate) fn legacy_arity_mismatch(name: &str, arity: i32, count: usize) -> Option<String> {
    let count = count as i32;
    if arity >= 0 && count != arity {
        Some(format!(
            "{name}(): Wrong number of arguments given ({count} for {arity})"
        ))
    } else if arity < 0 && count < (arity + 1).abs() {
        Some(format!(
            "{name}(): Wrong number of arguments given ({count} for minimum {})",
            (arity + 1).abs()
        ))
    } else {
        None
    }
}

/// An error of a function, located where it is called.
pub fn fault(message: impl Into<String>) -> EvalError {
    EvalError {
        message: message.into(),
        file: None,
        span: Default::default(),
        jump: None,
    }
}

#[cfg(test)]
mod tests {
    /// Every signature and local type of the registries reads.
    #[test]
    fn registries_build() {
        assert!(super::builtins().get("each").is_some());
        for version in [super::stdlib::Version::V8, super::stdlib::Version::V9] {
            assert!(super::stdlib::registry(version).get("pick").is_some());
        }
    }
}
