//! Puppet's values, as the evaluator computes them. Each kind of value has
//! a module of its own under `types/` (its type's data and behaviour);
//! their text is in `display`, their comparison in `compare`.

pub mod arithmetic;
pub mod compare;
pub mod display;
pub mod random;
pub mod rich_data;
pub mod ruby;
pub mod ruby_format;
pub mod types;
pub mod yaml;

use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;

use serde_json::Value as Json;

use crate::facts::ast::Span;
pub use types::data_type::Type;
pub use types::regexp::Regexp;

/// A value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Undef,
    Default,
    Bool(bool),
    Integer(i64),
    Float(f64),
    Str(String),
    Regex(Regexp),
    Array(Vec<Value>),
    /// Entries in insertion order, as Puppet keeps them.
    Hash(Vec<(Value, Value)>),
    /// A data type, a resource reference (`File['/x']`) or a class
    /// reference (`Class['apache']`).
    Type(Box<Type>),
    /// A value that Puppet keeps out of logs and reports (`Sensitive(x)`).
    Sensitive(Box<Value>),
    /// A function call the agent makes (`Deferred('f', [1])`).
    Deferred(Rc<types::deferred::Deferred>),
    /// A duration (`Timespan('1-00:00:00')`).
    Timespan(types::timespan::Timespan),
    /// A moment (`Timestamp('2016-10-10')`).
    Timestamp(types::timestamp::Timestamp),
    /// Bytes (`Binary('aGVsbG8=')`).
    Binary(Rc<Vec<u8>>),
    /// A semantic version (`SemVer('1.2.3')`).
    SemVer(Rc<types::semver::Version>),
    /// A range of them (`SemVerRange('>=1.0.0 <2.0.0')`).
    SemVerRange(Rc<types::semver::range::VersionRange>),
    /// A URI (`URI('https://example.com/a')`).
    Uri(Rc<types::uri::Uri>),
    /// What `reverse_each`, `step` and `tree_each` give without a block.
    Iterator(Rc<types::iterator::IteratorValue>),
    /// A value of an object type (`Car({'wheels' => 4})`).
    Object(Rc<types::object::Object>),
    /// A value pfacts did not compute (a function written in Ruby that it
    /// does not run, a template beyond its ERB): marked, never a guess.
    Unevaluated(Rc<Unevaluated>),
}

/// What a value pfacts did not compute stands for, and why.
#[derive(Debug, PartialEq)]
pub struct Unevaluated {
    /// What would have given it: `apache::bool2httpd(...)`,
    /// `template('m/x.erb')`.
    pub what: String,
    pub reason: String,
    /// Where: a file and a place in it.
    pub at: Option<Place>,
    /// What code decided with it in its place (a condition taken as
    /// false, a title), and where: the catalog may differ there.
    pub consequences: RefCell<Vec<(Option<Place>, String)>>,
}

/// A file and a place in it.
pub type Place = (PathBuf, Span);

impl Unevaluated {
    pub fn new(what: String, reason: String, at: Option<Place>) -> Unevaluated {
        Unevaluated {
            what,
            reason,
            at,
            consequences: RefCell::new(Vec::new()),
        }
    }
}

impl Value {
    /// A string value.
    pub fn string(text: impl Into<String>) -> Value {
        Value::Str(text.into())
    }

    /// A type as a value.
    pub fn of_type(ty: Type) -> Value {
        Value::Type(Box::new(ty))
    }

    /// A marked value: `what` was not evaluated, for `reason`.
    pub fn unevaluated(
        what: impl Into<String>,
        reason: impl Into<String>,
        at: Option<(PathBuf, Span)>,
    ) -> Value {
        Value::Unevaluated(Rc::new(Unevaluated::new(what.into(), reason.into(), at)))
    }

    /// The mark of a value pfacts did not compute, if this is one.
    pub fn mark(&self) -> Option<&Rc<Unevaluated>> {
        match self {
            Value::Unevaluated(mark) => Some(mark),
            _ => None,
        }
    }

    /// Puppet's truth: everything but `undef` and `false`.
    pub fn is_truthy(&self) -> bool {
        !matches!(self, Value::Undef | Value::Bool(false))
    }

    /// The resource a reference names, as `(Type, title)`.
    pub fn as_reference(&self) -> Option<(String, String)> {
        match self {
            Value::Type(ty) => ty.as_reference(),
            _ => None,
        }
    }

    /// A JSON document (facts) as a value.
    pub fn from_json(json: &Json) -> Value {
        match json {
            Json::Null => Value::Undef,
            Json::Bool(value) => Value::Bool(*value),
            Json::Number(number) => match number.as_i64() {
                Some(value) => Value::Integer(value),
                None => Value::Float(number.as_f64().unwrap_or(0.0)),
            },
            Json::String(text) => Value::Str(text.clone()),
            Json::Array(items) => Value::Array(items.iter().map(Value::from_json).collect()),
            Json::Object(entries) => Value::Hash(
                entries
                    .iter()
                    .map(|(key, value)| (Value::Str(key.clone()), Value::from_json(value)))
                    .collect(),
            ),
        }
    }

    /// A YAML document (facts) as a value.
    pub fn from_yaml(yaml: &yaml_rust2::Yaml) -> Value {
        use yaml_rust2::Yaml;
        match yaml {
            Yaml::Boolean(value) => Value::Bool(*value),
            Yaml::Integer(value) => Value::Integer(*value),
            Yaml::Real(text) => text.parse().map_or(Value::Str(text.clone()), Value::Float),
            Yaml::String(text) => Value::Str(text.clone()),
            Yaml::Array(items) => Value::Array(items.iter().map(Value::from_yaml).collect()),
            Yaml::Hash(entries) => Value::Hash(
                entries
                    .iter()
                    .map(|(key, value)| (Value::from_yaml(key), Value::from_yaml(value)))
                    .collect(),
            ),
            _ => Value::Undef,
        }
    }

    /// The value of `key` in a hash (Ruby's `eql?`: `'a'` is not `'A'`,
    /// `1` is not `1.0`).
    pub fn hash_get(&self, key: &Value) -> Option<&Value> {
        match self {
            Value::Hash(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The value under the string key `key` among a hash's entries.
    pub fn entry<'a>(entries: &'a [(Value, Value)], key: &str) -> Option<&'a Value> {
        entries
            .iter()
            .find(|(name, _)| matches!(name, Value::Str(name) if name == key))
            .map(|(_, value)| value)
    }
}
