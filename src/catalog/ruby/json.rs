//! Puppet's values as the shim's JSON carries them: JSON's own, and
//! tagged objects for what JSON lacks (hashes with any keys, in order;
//! `default`, regexps, sensitive and deferred values, types by their text).

use serde_json::{json, Value as Json};

use crate::catalog::values::types::deferred::Deferred;
use crate::catalog::values::{Regexp, Value};

/// `value` as the shim reads it; `None` for a value pfacts did not
/// compute, which Ruby must not see as if it were one, or one the shim
/// cannot make.
pub fn encode(value: &Value) -> Option<Json> {
    Some(match value {
        Value::Undef => Json::Null,
        Value::Default => json!({ "__default": true }),
        Value::Bool(value) => json!(value),
        Value::Integer(value) => json!(value),
        Value::Float(value) => json!(value),
        Value::Str(text) => json!(text),
        Value::Regex(regexp) => json!({ "__regexp": regexp.source() }),
        Value::Array(items) => Json::Array(items.iter().map(encode).collect::<Option<_>>()?),
        Value::Hash(entries) => {
            let pairs = entries
                .iter()
                .map(|(key, value)| Some(json!([encode(key)?, encode(value)?])))
                .collect::<Option<Vec<Json>>>()?;
            json!({ "__hash": pairs })
        }
        Value::Type(ty) => json!({ "__type": ty.to_string() }),
        Value::Sensitive(inner) => json!({ "__sensitive": encode(inner)? }),
        Value::Deferred(deferred) => json!({ "__deferred": {
            "name": deferred.name,
            "arguments": match &deferred.arguments {
                Some(arguments) => Json::Array(arguments.iter().map(encode).collect::<Option<_>>()?),
                None => Json::Null,
            },
        }}),
        // The shim has no time objects to give Ruby.
        Value::Timespan(_)
        | Value::Timestamp(_)
        | Value::SemVer(_)
        | Value::SemVerRange(_)
        | Value::Binary(_)
        | Value::Object(_)
        | Value::Uri(_)
        | Value::Iterator(_)
        | Value::Unevaluated(_) => return None,
    })
}

/// A value the shim sent; types come back by their text, which `ty`
/// reads.
pub fn decode(json: &Json, ty: &mut dyn FnMut(&str) -> Value) -> Value {
    match json {
        Json::Null => Value::Undef,
        Json::Bool(value) => Value::Bool(*value),
        Json::Number(number) => match number.as_i64() {
            Some(value) => Value::Integer(value),
            None => Value::Float(number.as_f64().unwrap_or(f64::NAN)),
        },
        Json::String(text) => Value::Str(text.clone()),
        Json::Array(items) => Value::Array(items.iter().map(|item| decode(item, ty)).collect()),
        Json::Object(object) => {
            if let Some(Json::Array(pairs)) = object.get("__hash") {
                Value::Hash(
                    pairs
                        .iter()
                        .filter_map(|pair| match pair {
                            Json::Array(pair) if pair.len() == 2 => {
                                Some((decode(&pair[0], ty), decode(&pair[1], ty)))
                            }
                            _ => None,
                        })
                        .collect(),
                )
            } else if object.contains_key("__default") {
                Value::Default
            } else if let Some(Json::String(source)) = object.get("__regexp") {
                Value::Regex(Regexp::new(source.clone()))
            } else if let Some(inner) = object.get("__sensitive") {
                Value::Sensitive(Box::new(decode(inner, ty)))
            } else if let Some(Json::String(text)) = object.get("__type") {
                ty(text)
            } else if let Some(deferred) = object.get("__deferred") {
                let name = deferred["name"].as_str().unwrap_or_default().to_string();
                let arguments = match decode(&deferred["arguments"], ty) {
                    Value::Array(arguments) => Some(arguments),
                    _ => None,
                };
                Deferred::value(name, arguments)
            } else {
                Value::Hash(
                    object
                        .iter()
                        .map(|(key, value)| (Value::Str(key.clone()), decode(value, ty)))
                        .collect(),
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of value survives the round trip.
    #[test]
    fn values_round_trip() {
        let values = [
            Value::Undef,
            Value::Default,
            Value::Bool(true),
            Value::Integer(-3),
            Value::Float(1.5),
            Value::string("x"),
            Value::Regex(Regexp::new("^a+$")),
            Value::Hash(vec![
                (Value::Integer(1), Value::string("one")),
                (Value::string("b"), Value::Array(vec![Value::Undef])),
            ]),
            Value::Sensitive(Box::new(Value::string("secret"))),
            Deferred::value("f".to_string(), Some(vec![Value::Integer(1)])),
        ];
        for value in values {
            let json = encode(&value).unwrap();
            let text = serde_json::to_string(&json).unwrap();
            let back = decode(&serde_json::from_str(&text).unwrap(), &mut |_| Value::Undef);
            assert_eq!(back, value, "{text}");
        }
        let marked = Value::unevaluated("f()", "Ruby", None);
        assert!(encode(&Value::Array(vec![marked])).is_none());
    }
}
