//! Deferred values: `Deferred('mysql::password', [$pw])` names a function
//! that the agent calls when it applies the catalog. The compiler keeps it
//! as it is; the catalog holds it.

use std::rc::Rc;

use crate::catalog::values::rich_data::{all_to_json, Serialized};
use crate::catalog::values::types::string::programmatic;
use crate::catalog::values::Value;

/// A function call left for the agent: its name (`$x` for a deferred
/// variable) and arguments.
#[derive(Clone, Debug, PartialEq)]
pub struct Deferred {
    pub name: String,
    pub arguments: Option<Vec<Value>>,
}

impl Deferred {
    /// A deferred call as a value.
    pub fn value(name: String, arguments: Option<Vec<Value>>) -> Value {
        Value::Deferred(Rc::new(Deferred { name, arguments }))
    }

    /// Puppet's text of the object, in interpolation and `%p` alike:
    /// `Deferred({'name' => 'f', 'arguments' => [1]})`.
    pub fn text(&self) -> String {
        let mut text = format!(
            "Deferred({{'name' => {}",
            programmatic(&Value::Str(self.name.clone()))
        );
        if let Some(arguments) = &self.arguments {
            text.push_str(", 'arguments' => ");
            text.push_str(&programmatic(&Value::Array(arguments.clone())));
        }
        text.push_str("})");
        text
    }

    /// `$deferred.name` and `$deferred.arguments`, the attributes of
    /// Puppet's `Deferred` object type; `None` for other names.
    pub fn member(&self, name: &str) -> Option<Value> {
        match name {
            "name" => Some(Value::Str(self.name.clone())),
            "arguments" => Some(self.arguments.clone().map_or(Value::Undef, Value::Array)),
            _ => None,
        }
    }

    /// The catalog's rich data of the object: its type, name and
    /// arguments.
    pub fn to_json(&self) -> Serialized {
        let mut object = serde_json::Map::new();
        object.insert("__ptype".to_string(), "Deferred".into());
        object.insert("name".to_string(), self.name.clone().into());
        if let Some(arguments) = &self.arguments {
            object.insert("arguments".to_string(), all_to_json(arguments)?.into());
        }
        Ok(serde_json::Value::Object(object))
    }
}
