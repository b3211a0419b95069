//! Puppet's data types as values (`Integer[1, 10]`, `Optional[String]`,
//! `File['/etc/motd']`, a module's type aliases): the type system of
//! Puppet's pops types. Its parts: building a type from its name and
//! parameters (`construct`), whether a value is an instance of it
//! (`instance`), whether one type is assignable to another (`assignable`),
//! the type of a value (`infer`), Puppet's text of a type (`display`) and
//! Puppet's words for a value that does not fit (`describe`).

mod assignable;
mod construct;
pub(crate) mod describe;
mod display;
mod infer;
mod init;
mod instance;
mod new;
mod rich_data;
pub mod text;

use std::cell::RefCell;
use std::rc::Rc;

use super::object::extension::Extension;
use super::object::ObjectType;
use super::regexp::Regexp;
use super::semver::range::VersionRange;
use super::type_set::TypeSet;
use super::uri::UriType;
use crate::catalog::values::Value;

pub use construct::{builtin, parameterize, ConstructError};
pub use describe::{base_name, describe_mismatch};
pub use display::nested_text;
pub use infer::{generalized, infer, infer_set};
pub use init::takes_as_one as init_takes_as_one;
pub use new::{can_initialize, new_value};

/// A data type.
#[derive(Clone, Debug, PartialEq)]
pub enum Type {
    Any,
    Undef,
    Default,
    Unit,
    NotUndef(Option<Box<Type>>),
    Data,
    RichData,
    Scalar,
    ScalarData,
    Numeric,
    Integer(IntRange),
    Float(FloatRange),
    String(StringType),
    /// The values, and whether they match without regard to case.
    Enum(Vec<String>, bool),
    Pattern(Vec<Regexp>),
    Boolean(Option<bool>),
    Regexp(Option<Regexp>),
    Array(Box<Type>, IntRange),
    /// Key type, value type, size.
    Hash(Box<Type>, Box<Type>, IntRange),
    /// The types of the elements, and the size when it is not the number
    /// of types (the last type repeats).
    Tuple(Vec<Type>, Option<IntRange>),
    Struct(Vec<StructMember>),
    Variant(Vec<Type>),
    Optional(Option<Box<Type>>),
    Type(Option<Box<Type>>),
    Collection(IntRange),
    Iterable(Option<Box<Type>>),
    Iterator(Option<Box<Type>>),
    /// `None`: any callable.
    Callable(Option<Box<Callable>>),
    /// The runtime and the name of its type.
    Runtime(Option<String>, Option<String>),
    CatalogEntry,
    /// A resource type (capitalized, `File`) and a title: `File['/x']`.
    Resource(Option<String>, Option<String>),
    /// A class by name (lower case): `Class['apache']`.
    Class(Option<String>),
    Sensitive(Option<Box<Type>>),
    /// A type and the arguments its `new` is given.
    Init(Option<Box<Type>>, Vec<Value>),
    /// Timespans between two bounds (`Timespan['00:01:00', default]`).
    Timespan(TimeRange),
    /// Timestamps between two bounds.
    Timestamp(TimeRange),
    /// Versions in any of the ranges; all versions without one.
    SemVer(Vec<VersionRange>),
    SemVerRange,
    Binary,
    /// `URI`, or `URI[...]` with the parts its instances match.
    Uri(UriType),
    Deferred,
    /// Puppet's `Object`, or an object type (`type Car = Object[{...}]`).
    Object(Rc<ObjectType>),
    /// An object type with values for its type parameters
    /// (`MyType['hello']`).
    ObjectExtension(Rc<Extension>),
    /// `TypeSet`, or a declared type set.
    TypeSet(Option<Rc<TypeSet>>),
    /// A type alias of the environment (`type Stdlib::Port = ...`).
    Alias(Rc<Alias>),
    /// A name that is no type pfacts knows (`TypeReference['Foo']`).
    Reference(String),
}

/// The bounds of a `Timespan` or `Timestamp` type, in nanoseconds;
/// `None` is unbounded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeRange {
    pub from: Option<i128>,
    pub to: Option<i128>,
}

impl TimeRange {
    pub fn contains(&self, nanos: i128) -> bool {
        self.from.is_none_or(|from| nanos >= from) && self.to.is_none_or(|to| nanos <= to)
    }

    /// Whether every moment of `other` is within these bounds.
    pub fn covers(&self, other: &TimeRange) -> bool {
        let low = |range: &TimeRange| range.from.unwrap_or(i128::MIN);
        let high = |range: &TimeRange| range.to.unwrap_or(i128::MAX);
        low(self) <= low(other) && high(self) >= high(other)
    }
}

/// A range of integers: a size, or an `Integer`'s bounds; `None` is
/// unbounded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct IntRange {
    pub from: Option<i64>,
    pub to: Option<i64>,
}

impl IntRange {
    pub const UNBOUNDED: IntRange = IntRange {
        from: None,
        to: None,
    };

    pub fn new(from: Option<i64>, to: Option<i64>) -> IntRange {
        IntRange { from, to }
    }

    pub fn exactly(size: i64) -> IntRange {
        IntRange::new(Some(size), Some(size))
    }

    pub fn contains(&self, value: i64) -> bool {
        self.from.is_none_or(|from| value >= from) && self.to.is_none_or(|to| value <= to)
    }

    pub fn is_unbounded(&self) -> bool {
        self.from.is_none() && self.to.is_none()
    }

    /// The lower bound, 0 when unbounded (for sizes).
    pub fn min_size(&self) -> i64 {
        self.from.unwrap_or(0).max(0)
    }

    /// Whether every value of `other` is in this range.
    pub fn covers(&self, other: &IntRange) -> bool {
        let low = match (self.from, other.from) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(mine), Some(theirs)) => theirs >= mine,
        };
        let high = match (self.to, other.to) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(mine), Some(theirs)) => theirs <= mine,
        };
        low && high
    }
}

/// A `Float`'s bounds; `None` is unbounded.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FloatRange {
    pub from: Option<f64>,
    pub to: Option<f64>,
}

impl FloatRange {
    pub fn contains(&self, value: f64) -> bool {
        self.from.is_none_or(|from| value >= from) && self.to.is_none_or(|to| value <= to)
    }

    pub fn is_unbounded(&self) -> bool {
        self.from.is_none() && self.to.is_none()
    }
}

/// A `String` type: its size, and, for the type of a literal, its value.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StringType {
    pub size: IntRange,
    pub value: Option<String>,
}

/// A member of a `Struct`: its key, whether the key may be missing
/// (`Optional['k']`, or a value type that accepts undef), and its type.
#[derive(Clone, Debug, PartialEq)]
pub struct StructMember {
    pub name: String,
    /// The key was written `Optional['k']`.
    pub optional_key: bool,
    /// The key was written `NotUndef['k']`.
    pub required_key: bool,
    pub value: Type,
}

impl StructMember {
    /// Whether a hash may leave the key out.
    pub fn may_be_missing(&self) -> bool {
        !self.required_key && (self.optional_key || self.value.accepts_undef())
    }
}

/// A `Callable`: its parameters' types and how many arguments it takes,
/// its block's type, and what it returns.
#[derive(Clone, Debug, PartialEq)]
pub struct Callable {
    pub params: Vec<Type>,
    pub size: Option<IntRange>,
    pub block: Option<Type>,
    pub returns: Option<Type>,
}

/// A type alias: its name and, once evaluated, the type it stands for.
/// Aliases may refer to themselves (`type Tree = Array[Variant[Integer,
/// Tree]]`): the alias exists before its type is known.
#[derive(Debug)]
pub struct Alias {
    pub name: String,
    resolved: RefCell<Option<Type>>,
}

impl Alias {
    pub fn new(name: impl Into<String>) -> Rc<Alias> {
        Rc::new(Alias {
            name: name.into(),
            resolved: RefCell::new(None),
        })
    }

    pub fn resolve(&self, ty: Type) {
        *self.resolved.borrow_mut() = Some(ty);
    }

    /// Whether it stands for aliases and variants of them only, which
    /// lead back to itself (`type Foo = Bar`, `type Bar = Variant[Foo]`):
    /// Puppet's AssertOtherTypeAcceptor finds no real type in it. An
    /// alias still being evaluated counts as real, as in Puppet.
    pub fn is_cyclic(&self) -> bool {
        fn real_type_in(ty: &Type, seen: &mut Vec<String>) -> bool {
            match ty {
                Type::Alias(alias) => {
                    if seen.contains(&alias.name) {
                        return false;
                    }
                    seen.push(alias.name.clone());
                    match &*alias.resolved.borrow() {
                        Some(resolved) => real_type_in(resolved, seen),
                        None => true,
                    }
                }
                Type::Variant(types) => types.iter().any(|ty| real_type_in(ty, seen)),
                _ => true,
            }
        }
        match &*self.resolved.borrow() {
            Some(resolved) => !real_type_in(resolved, &mut vec![self.name.clone()]),
            None => false,
        }
    }

    /// The type it stands for (`Any` until evaluated).
    pub fn resolved(&self) -> Type {
        self.resolved.borrow().clone().unwrap_or(Type::Any)
    }
}

impl PartialEq for Alias {
    fn eq(&self, other: &Alias) -> bool {
        self.name == other.name
    }
}

/// How deep aliases may refer to aliases before a check stops: a
/// recursive alias never ends otherwise.
pub(crate) const MAX_DEPTH: usize = 64;

impl Type {
    /// Puppet's `PVariantType.maybe_create`: the distinct types, nested
    /// variants flattened, one type alone as itself.
    pub fn variant_of(types: impl IntoIterator<Item = Type>) -> Type {
        let mut distinct: Vec<Type> = Vec::new();
        for ty in types {
            let parts = match ty {
                Type::Variant(inner) => inner,
                other => vec![other],
            };
            for part in parts {
                if !distinct.contains(&part) {
                    distinct.push(part);
                }
            }
        }
        if distinct.len() == 1 {
            distinct.pop().unwrap_or(Type::Unit)
        } else {
            Type::Variant(distinct)
        }
    }

    /// Through aliases, to what the type stands for.
    pub fn resolved(&self) -> Type {
        let mut ty = self.clone();
        for _ in 0..MAX_DEPTH {
            match ty {
                Type::Alias(alias) => ty = alias.resolved(),
                other => return other,
            }
        }
        Type::Any
    }

    /// Whether `undef` is an instance.
    pub fn accepts_undef(&self) -> bool {
        self.is_instance(&Value::Undef)
    }

    /// A resource reference: `File['/x']`, `Class['apache']`.
    pub fn reference(type_name: &str, title: &str) -> Type {
        let type_name = crate::catalog::capitalize(type_name);
        if type_name == "Class" {
            Type::Class(Some(title.trim_start_matches("::").to_lowercase()))
        } else {
            Type::Resource(Some(type_name), Some(title.to_string()))
        }
    }

    /// The resource this type references, as `(Type, title)` with the
    /// type capitalized (`Class`, and the class name capitalized, for a
    /// class): `None` when it is no reference to one resource.
    pub fn as_reference(&self) -> Option<(String, String)> {
        match self {
            Type::Resource(Some(type_name), Some(title)) => {
                Some((type_name.clone(), title.clone()))
            }
            Type::Class(Some(name)) => {
                Some(("Class".to_string(), crate::catalog::capitalize(name)))
            }
            _ => None,
        }
    }
}
