//! A value as a catalog carries it: JSON, with Puppet's rich data for what
//! is not plain data, as a server sends a catalog (`rich_data` is on in
//! Puppet 7; `Puppet::Pops::Serialization::ToDataConverter`): `default` is
//! `{"__ptype": "Default"}`, a scalar of another type its name and its
//! text (`{"__ptype": "Timespan", "__pvalue": "0-01:00:00.0"}`), an object
//! or a type its name and its init hash (`data_type/rich_data.rs`).

use serde_json::{json, Map, Value as Json};

use super::types::binary::encode64;
use super::Value;

/// What Puppet cannot write as rich data: it refuses the catalog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unserializable {
    /// A type alias that refers to itself (`Data`, `type Tree =
    /// Array[Tree]`), or a type that holds one.
    RecursiveAlias,
    /// `RichData`, which Puppet's converter takes for a type set.
    TypeSet,
}

impl Unserializable {
    /// Puppet's words.
    pub fn message(self) -> &'static str {
        match self {
            Unserializable::RecursiveAlias => "Endless recursion detected when attempting to serialize value of class Puppet::Pops::Types::PTypeAliasType",
            Unserializable::TypeSet => "Initializer for class Puppet::Pops::Types::PTypeSetType parameter 'name_or_init_hash' does not match any of the the attributes of type Pcore::TypeSetType",
        }
    }
}

pub type Serialized = Result<Json, Unserializable>;

impl Value {
    /// The value as Puppet writes it in a catalog.
    pub fn to_json(&self) -> Serialized {
        Ok(match self {
            Value::Undef => Json::Null,
            Value::Default => json!({"__ptype": "Default"}),
            Value::Bool(value) => json!(value),
            Value::Integer(value) => json!(value),
            Value::Float(value) => json!(value),
            Value::Str(text) => json!(text),
            Value::Regex(regexp) => scalar("Regexp", regexp.source()),
            Value::Array(items) => Json::Array(all_to_json(items)?),
            // A hash with keys other than strings names its type and
            // lists keys and values in turn.
            Value::Hash(entries)
                if entries.iter().any(|(key, _)| !matches!(key, Value::Str(_))) =>
            {
                let mut pairs = Vec::with_capacity(entries.len() * 2);
                for (key, value) in entries {
                    pairs.push(key.to_json()?);
                    pairs.push(value.to_json()?);
                }
                json!({"__ptype": "Hash", "__pvalue": pairs})
            }
            Value::Hash(entries) => {
                let mut object = Map::with_capacity(entries.len());
                for (key, value) in entries {
                    object.insert(key.to_text(), value.to_json()?);
                }
                Json::Object(object)
            }
            Value::Type(ty) => ty.to_catalog_json()?,
            // Within another value; a parameter's own is unwrapped and
            // named among the resource's `sensitive_parameters`.
            Value::Sensitive(value) => {
                json!({"__ptype": "Sensitive", "__pvalue": value.to_json()?})
            }
            Value::Deferred(deferred) => deferred.to_json()?,
            Value::Timespan(span) => scalar("Timespan", &span.text()),
            Value::Timestamp(stamp) => scalar("Timestamp", &stamp.text()),
            Value::SemVer(version) => scalar("SemVer", &version.to_string()),
            Value::Binary(bytes) => scalar("Binary", &encode64(bytes)),
            Value::SemVerRange(range) => scalar("SemVerRange", range.text()),
            Value::Object(object) => object.to_json()?,
            Value::Uri(uri) => scalar("URI", &uri.text()),
            Value::Unevaluated(_) => json!(self.to_text()),
            // Refused where a resource is given one; in a function's
            // value, its elements.
            Value::Iterator(iterator) => Json::Array(all_to_json(&iterator.elements)?),
        })
    }
}

/// Each value's JSON, in order.
pub fn all_to_json(values: &[Value]) -> Result<Vec<Json>, Unserializable> {
    values.iter().map(Value::to_json).collect()
}

/// A scalar that round-trips through its text.
pub fn scalar(ptype: &str, text: &str) -> Json {
    json!({"__ptype": ptype, "__pvalue": text})
}
