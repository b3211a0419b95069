//! Puppet's `Puppet::LookupContext` (`pops/lookup/context.rb`): what Hiera
//! hands a backend function written in Puppet, an object whose functions
//! keep a cache for the backend's level and location (`cache`,
//! `cache_all`, `cache_has_key`, `cached_value`, `cached_entries`), end the
//! search for a key (`not_found`), explain and interpolate. The cache lives
//! here; the functions that need the compiler (`not_found`, `explain`,
//! `interpolate`, `cached_entries` with a lambda) are the compiler's.

use std::cell::RefCell;
use std::rc::Rc;

use super::{Attribute, AttributeKind, Function, Native, Object, ObjectType};
use crate::catalog::values::compare::equal;
use crate::catalog::values::types::data_type::text;
use crate::catalog::values::Value;

thread_local! {
    static LOOKUP_CONTEXT: Rc<ObjectType> = Rc::new(declared());
}

/// The `Puppet::LookupContext` type.
pub fn lookup_context_type() -> Rc<ObjectType> {
    LOOKUP_CONTEXT.with(Rc::clone)
}

/// The cache of one backend's level and location (Puppet's
/// `FunctionContext`), shared by every context value made for it.
#[derive(Debug, Default)]
pub struct LookupCache {
    entries: RefCell<Vec<(Value, Value)>>,
}

impl LookupCache {
    /// `cache(key, value)`: the value, as Ruby's `Hash#[]=` returns it.
    pub fn cache(&self, key: Value, value: Value) -> Value {
        self.cache_all(vec![(key, value.clone())]);
        value
    }

    /// `cache_all(hash)`: Ruby's `merge!`, a key set again keeping its place.
    pub fn cache_all(&self, entries: Vec<(Value, Value)>) {
        let mut cached = self.entries.borrow_mut();
        for (key, value) in entries {
            match cached.iter_mut().find(|(known, _)| equal(known, &key)) {
                Some((_, old)) => *old = value,
                None => cached.push((key, value)),
            }
        }
    }

    pub fn has_key(&self, key: &Value) -> bool {
        self.entries
            .borrow()
            .iter()
            .any(|(known, _)| equal(known, key))
    }

    /// `cached_value(key)`: undef when not cached.
    pub fn value(&self, key: &Value) -> Value {
        self.entries
            .borrow()
            .iter()
            .find(|(known, _)| equal(known, key))
            .map_or(Value::Undef, |(_, value)| value.clone())
    }

    /// The cached entries, in the order they were first cached.
    pub fn entries(&self) -> Vec<(Value, Value)> {
        self.entries.borrow().clone()
    }
}

/// A context value over `cache`, for a backend of `module` (none for the
/// global and environment layers) in `environment`.
pub fn new_context(cache: Rc<LookupCache>, environment: &str, module: Option<&str>) -> Value {
    let values = vec![
        ("environment_name".to_string(), Value::string(environment)),
        (
            "module_name".to_string(),
            module.map_or(Value::Undef, Value::string),
        ),
    ];
    Value::Object(Rc::new(Object {
        ty: lookup_context_type(),
        values,
        native: Some(Native::LookupCache(cache)),
    }))
}

/// The cache of a context value; `None` for any other value.
pub fn cache_of(value: &Value) -> Option<&Rc<LookupCache>> {
    match value {
        Value::Object(object) => match &object.native {
            Some(Native::LookupCache(cache)) => Some(cache),
            None => None,
        },
        _ => None,
    }
}

/// Puppet's declaration (`Context.register_ptype`).
fn declared() -> ObjectType {
    let ty = |source: &str| text::parse(source).expect("Puppet's declaration of LookupContext");
    let function = |name: &str, source: &str| Function {
        name: name.to_string(),
        ty: ty(source),
        is_final: false,
        is_override: false,
        annotations: None,
    };
    let key = "Optional[Scalar]";
    ObjectType {
        parent: None,
        attributes: vec![
            Attribute {
                name: "environment_name".to_string(),
                ty: ty("String[1]"),
                kind: Some(AttributeKind::Derived),
                value: None,
                is_final: false,
                is_override: false,
                annotations: None,
            },
            Attribute {
                name: "module_name".to_string(),
                ty: ty("Variant[String[1], Undef]"),
                kind: None,
                value: None,
                is_final: false,
                is_override: false,
                annotations: None,
            },
        ],
        functions: vec![
            function("not_found", "Callable[[0, 0], Undef]"),
            function("explain", "Callable[[0, 0, Callable[0, 0]], Undef]"),
            function("interpolate", "Callable[1, 1]"),
            function("cache", &format!("Callable[[{key}, Any], Any]")),
            function(
                "cache_all",
                &format!("Callable[[Hash[{key}, Any]], Undef]"),
            ),
            function("cache_has_key", &format!("Callable[[{key}], Boolean]")),
            function("cached_value", &format!("Callable[[{key}], Any]")),
            function(
                "cached_entries",
                &format!("Variant[Callable[[0, 0, Callable[1, 1]], Undef], Callable[[0, 0, Callable[2, 2]], Undef], Callable[[0, 0], Iterable[Tuple[{key}, Any]]]]"),
            ),
            function(
                "cached_file_data",
                "Callable[String, Optional[Callable[1, 1]]]",
            ),
        ],
        ..ObjectType::named("Puppet::LookupContext")
    }
}
