//! Puppet's text of a type (its `TypeFormatter`): `Integer[1, 10]`,
//! `Array[String, 1]`, `Optional[String]`, `File['/x']`. Aliases show as
//! their name, or, expanded, as `Name = definition`.

use crate::catalog::values::types::type_set::shown_name;
use std::fmt;

use super::{Callable, IntRange, StructMember, TimeRange, Type};
use crate::catalog::values::display::quoted;
use crate::catalog::values::types::float::ruby_float;
use crate::catalog::values::types::timespan::Timespan;
use crate::catalog::values::types::timestamp::Timestamp;

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&text(self, false))
    }
}

impl Type {
    /// The text with aliases expanded (`Stdlib::Port = Integer[0, 65535]`),
    /// as Puppet's mismatch messages show them.
    pub fn expanded(&self) -> String {
        text(self, true)
    }

    /// The text of the type as a value (interpolated, `%p`, `notice`): an
    /// alias expanded, as Puppet's `PTypeAliasType#to_s`; another type as
    /// written.
    pub fn value_text(&self) -> String {
        match self {
            Type::Alias(_) => self.expanded(),
            _ => self.to_string(),
        }
    }
}

thread_local! {
    /// The aliases being expanded: one met again inside itself is written
    /// by its name (Puppet's recursion guard).
    static EXPANDING: std::cell::RefCell<Vec<*const super::Alias>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// The type's text where it is part of another's: an object type by its
/// name.
pub fn nested_text(ty: &Type) -> String {
    let mut out = String::new();
    write_type(&mut out, ty, false, 1);
    out
}

/// The type's text; `expand`: aliases as `Name = definition`.
fn text(ty: &Type, expand: bool) -> String {
    let mut out = String::new();
    write_type(&mut out, ty, expand, 0);
    out
}

/// The parameters of a time type as Puppet writes them: the lower bound
/// (`default` when there is none), and the upper one when it differs.
fn time_parts(range: &TimeRange, text: impl Fn(i128) -> String) -> Vec<String> {
    if range.from.is_none() && range.to.is_none() {
        return Vec::new();
    }
    let mut parts = vec![range
        .from
        .map_or("default".to_string(), |from| quoted(&text(from)))];
    if let Some(to) = range.to.filter(|to| Some(*to) != range.from) {
        parts.push(quoted(&text(to)));
    }
    parts
}

fn write_type(out: &mut String, ty: &Type, expand: bool, depth: usize) {
    let list = |out: &mut String, name: &str, parts: Vec<String>| {
        out.push_str(name);
        if !parts.is_empty() {
            out.push('[');
            out.push_str(&parts.join(", "));
            out.push(']');
        }
    };
    let sub = |ty: &Type| {
        let mut out = String::new();
        write_type(&mut out, ty, expand, depth + 1);
        out
    };
    match ty {
        Type::Any => out.push_str("Any"),
        Type::Undef => out.push_str("Undef"),
        Type::Default => out.push_str("Default"),
        Type::Unit => out.push_str("Unit"),
        Type::Data => out.push_str("Data"),
        Type::RichData => out.push_str("RichData"),
        Type::Scalar => out.push_str("Scalar"),
        Type::ScalarData => out.push_str("ScalarData"),
        Type::Numeric => out.push_str("Numeric"),
        Type::CatalogEntry => out.push_str("CatalogEntry"),
        Type::Timespan(range) => list(
            out,
            "Timespan",
            time_parts(range, |nanos| Timespan(nanos).text()),
        ),
        Type::Timestamp(range) => list(
            out,
            "Timestamp",
            time_parts(range, |nanos| Timestamp(nanos).text()),
        ),
        Type::SemVer(ranges) => list(
            out,
            "SemVer",
            ranges.iter().map(|range| quoted(range.text())).collect(),
        ),
        Type::SemVerRange => out.push_str("SemVerRange"),
        Type::Binary => out.push_str("Binary"),
        Type::Uri(uri) => out.push_str(&uri.text()),
        Type::Deferred => out.push_str("Deferred"),
        // Puppet's `PTypeSetType::DEFAULT`.
        Type::TypeSet(None) => out.push_str(
            "TypeSet[{pcore_uri => 'http://puppet.com/2016.1/pcore', pcore_version => '1.0.0', \
             name_authority => 'http://puppet.com/2016.1/runtime', name => 'DefaultTypeSet', \
             version => '0.0.0'}]",
        ),
        Type::TypeSet(Some(set)) => out.push_str(&set.text()),
        // At the top, a named object type shows the hash it was made from.
        Type::Object(object) if depth == 0 && !object.is_default() => {
            out.push_str(&object.expanded_text())
        }
        Type::Object(object) => out.push_str(&shown_name(object.label())),
        Type::ObjectExtension(extension) => out.push_str(&extension.text()),
        Type::NotUndef(inner) => {
            let parts = match inner.as_deref() {
                None | Some(Type::Any) => Vec::new(),
                Some(Type::String(string)) if string.value.is_some() => {
                    vec![quoted(string.value.as_deref().unwrap_or_default())]
                }
                Some(inner) => vec![sub(inner)],
            };
            list(out, "NotUndef", parts)
        }
        Type::Integer(range) => list(out, "Integer", range_parts(range, |n| n.to_string())),
        Type::Float(range) => {
            let bound = |value: Option<f64>| value.map(ruby_float);
            let parts = if range.is_unbounded() {
                Vec::new()
            } else {
                let mut parts = vec![bound(range.from).unwrap_or_else(|| "default".to_string())];
                parts.extend(bound(range.to));
                parts
            };
            list(out, "Float", parts)
        }
        // A string's own type shows no size (Puppet's size of it is its
        // value).
        Type::String(string) if string.value.is_some() => out.push_str("String"),
        Type::String(string) => list(out, "String", range_parts(&string.size, |n| n.to_string())),
        Type::Enum(values, case_insensitive) => {
            let mut parts: Vec<String> = values.iter().map(|value| quoted(value)).collect();
            if *case_insensitive {
                parts.push("true".to_string());
            }
            list(out, "Enum", parts)
        }
        Type::Pattern(patterns) => list(
            out,
            "Pattern",
            patterns
                .iter()
                .map(|pattern| pattern.with_delimiters())
                .collect(),
        ),
        Type::Boolean(value) => list(out, "Boolean", value.iter().map(bool::to_string).collect()),
        Type::Regexp(pattern) => list(
            out,
            "Regexp",
            pattern
                .iter()
                .map(|pattern| pattern.with_delimiters())
                .collect(),
        ),
        Type::Array(element, size) => {
            if is_empty_range(size) {
                list(out, "Array", vec!["0".into(), "0".into()]);
            } else if **element == Type::Any && size.is_unbounded() {
                out.push_str("Array");
            } else {
                let mut parts = vec![sub(element)];
                parts.extend(range_parts(size, |n| n.to_string()));
                list(out, "Array", parts)
            }
        }
        Type::Hash(key, value, size) => {
            if is_empty_range(size) {
                list(out, "Hash", vec!["0".into(), "0".into()]);
            } else if **key == Type::Any && **value == Type::Any && size.is_unbounded() {
                out.push_str("Hash");
            } else {
                let mut parts = vec![sub(key), sub(value)];
                parts.extend(range_parts(size, |n| n.to_string()));
                list(out, "Hash", parts)
            }
        }
        Type::Tuple(types, size) => {
            let mut parts: Vec<String> = types.iter().map(sub).collect();
            if let Some(size) = size {
                parts.extend(range_parts(size, |n| n.to_string()));
            }
            list(out, "Tuple", parts)
        }
        Type::Struct(members) => {
            if members.is_empty() {
                out.push_str("Struct");
            } else {
                let entries: Vec<String> = members.iter().map(|m| struct_entry(m, &sub)).collect();
                out.push_str("Struct[{");
                out.push_str(&entries.join(", "));
                out.push_str("}]");
            }
        }
        Type::Variant(types) => list(out, "Variant", types.iter().map(sub).collect()),
        Type::Optional(inner) => {
            let parts = match inner.as_deref() {
                None => Vec::new(),
                Some(Type::String(string)) if string.value.is_some() => {
                    vec![quoted(string.value.as_deref().unwrap_or_default())]
                }
                Some(inner) => vec![sub(inner)],
            };
            list(out, "Optional", parts)
        }
        Type::Type(inner) => list(out, "Type", inner.iter().map(|t| sub(t)).collect()),
        Type::Collection(size) => list(out, "Collection", range_parts(size, |n| n.to_string())),
        Type::Iterable(inner) => list(out, "Iterable", inner.iter().map(|t| sub(t)).collect()),
        Type::Iterator(inner) => list(out, "Iterator", inner.iter().map(|t| sub(t)).collect()),
        Type::Callable(None) => out.push_str("Callable"),
        Type::Callable(Some(callable)) => write_callable(out, callable, &sub),
        // The runtime is a symbol in Puppet, written bare.
        Type::Runtime(runtime, name) => list(
            out,
            "Runtime",
            runtime
                .iter()
                .cloned()
                .chain(name.iter().map(|name| quoted(name)))
                .collect(),
        ),
        Type::Resource(None, _) => out.push_str("Resource"),
        Type::Resource(Some(type_name), title) => list(
            out,
            type_name,
            title.iter().map(|title| quoted(title)).collect(),
        ),
        Type::Class(name) => list(out, "Class", name.iter().cloned().collect()),
        Type::Sensitive(inner) => list(
            out,
            "Sensitive",
            inner
                .iter()
                .filter(|inner| ***inner != Type::Any)
                .map(|t| sub(t))
                .collect(),
        ),
        Type::Init(inner, args) => {
            let mut parts: Vec<String> = inner.iter().map(|t| sub(t)).collect();
            parts.extend(args.iter().map(crate::catalog::values::display::in_type));
            list(out, "Init", parts)
        }
        Type::Alias(alias) => {
            out.push_str(&shown_name(&alias.name));
            let this = std::rc::Rc::as_ptr(alias);
            let again = EXPANDING.with(|expanding| expanding.borrow().contains(&this));
            if expand && !again && depth < super::MAX_DEPTH {
                out.push_str(" = ");
                EXPANDING.with(|expanding| expanding.borrow_mut().push(this));
                // An object type shows the hash it was made from.
                let resolved = alias.resolved();
                let at = if matches!(resolved, Type::Object(_)) {
                    0
                } else {
                    depth + 1
                };
                write_type(out, &resolved, expand, at);
                EXPANDING.with(|expanding| expanding.borrow_mut().pop());
            }
        }
        Type::Reference(name) => list(out, "TypeReference", vec![quoted(name)]),
    }
}

/// A `Struct` entry as Puppet writes it: a key that may be missing is
/// `Optional['k']` unless its value type accepts undef anyway, one that
/// must be there although its value may be undef is `NotUndef['k']`.
fn struct_entry(member: &StructMember, sub: &dyn Fn(&Type) -> String) -> String {
    let value_optional = member.value.accepts_undef();
    let key = if member.optional_key && !value_optional {
        format!("Optional[{}]", quoted(&member.name))
    } else if member.required_key && value_optional {
        format!("NotUndef[{}]", quoted(&member.name))
    } else {
        quoted(&member.name)
    };
    format!("{key} => {}", sub(&member.value))
}

fn write_callable(out: &mut String, callable: &Callable, sub: &dyn Fn(&Type) -> String) {
    let mut parts: Vec<String> = callable.params.iter().map(sub).collect();
    match callable.size {
        _ if callable.params.is_empty() && callable.size.is_none() => {
            parts.push("0".into());
            parts.push("0".into());
        }
        Some(size) => parts.extend(range_parts(&size, |n| n.to_string())),
        None => {}
    }
    if let Some(block) = &callable.block {
        parts.push(sub(block));
    }
    out.push_str("Callable[");
    match &callable.returns {
        None => out.push_str(&parts.join(", ")),
        Some(returns) => {
            out.push('[');
            out.push_str(&parts.join(", "));
            out.push_str("], ");
            out.push_str(&sub(returns));
        }
    }
    out.push(']');
}

fn is_empty_range(size: &IntRange) -> bool {
    size.to == Some(0) && size.from.unwrap_or(0) == 0
}

/// A range's parameters: none when unbounded, `[from]`, or `[from, to]`
/// with `default` for an unbounded start.
fn range_parts(range: &IntRange, number: impl Fn(i64) -> String) -> Vec<String> {
    if range.is_unbounded() {
        return Vec::new();
    }
    let mut parts = vec![range.from.map_or_else(|| "default".to_string(), &number)];
    parts.extend(range.to.map(&number));
    parts
}
