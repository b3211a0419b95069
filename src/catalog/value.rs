//! Values of the evaluator.

use serde_json::{json, Value as Json};

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Undef,
    Default,
    Bool(bool),
    Integer(i64),
    Float(f64),
    Str(String),
    Regex(String),
    Array(Vec<Value>),
    /// Entries in insertion order, as Puppet keeps them.
    Hash(Vec<(Value, Value)>),
    /// A data type or resource type written as a type reference.
    Type(String),
    /// A resource reference `Type[title]`, type capitalized.
    Ref(String, String),
    /// A value that Puppet keeps out of logs and reports (`Sensitive(x)`).
    Sensitive(Box<Value>),
}

impl Value {
    pub fn is_truthy(&self) -> bool {
        !matches!(self, Value::Undef | Value::Bool(false))
    }

    /// Puppet's string form, as interpolation gives it.
    pub fn to_text(&self) -> String {
        match self {
            Value::Undef => String::new(),
            Value::Default => "default".to_string(),
            Value::Bool(value) => value.to_string(),
            Value::Integer(value) => value.to_string(),
            Value::Float(value) => value.to_string(),
            Value::Str(text) => text.clone(),
            Value::Regex(text) => format!("/{text}/"),
            Value::Array(items) => format!(
                "[{}]",
                items
                    .iter()
                    .map(Value::quoted)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Value::Hash(entries) => format!(
                "{{{}}}",
                entries
                    .iter()
                    .map(|(key, value)| format!("{} => {}", key.quoted(), value.quoted()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Value::Type(name) => name.clone(),
            Value::Ref(type_name, title) => format!("{type_name}[{title}]"),
            Value::Sensitive(_) => "Sensitive [value redacted]".to_string(),
        }
    }

    fn quoted(&self) -> String {
        match self {
            Value::Str(text) => format!("'{text}'"),
            other => other.to_text(),
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

    pub fn hash_get(&self, key: &Value) -> Option<&Value> {
        match self {
            Value::Hash(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The value as Puppet writes it in a catalog.
    pub fn to_json(&self) -> Json {
        match self {
            Value::Undef => Json::Null,
            Value::Default => json!("default"),
            Value::Bool(value) => json!(value),
            Value::Integer(value) => json!(value),
            Value::Float(value) => json!(value),
            Value::Str(text) | Value::Type(text) => json!(text),
            Value::Regex(text) => json!(format!("/{text}/")),
            Value::Array(items) => Json::Array(items.iter().map(Value::to_json).collect()),
            Value::Hash(entries) => Json::Object(
                entries
                    .iter()
                    .map(|(key, value)| (key.to_text(), value.to_json()))
                    .collect(),
            ),
            Value::Ref(type_name, title) => json!(format!("{type_name}[{title}]")),
            // The catalog holds the value, and names the parameter among the
            // resource's `sensitive_parameters`.
            Value::Sensitive(value) => value.to_json(),
        }
    }
}
