//! Puppet's `Error`: an object type Puppet declares in Puppet's own
//! language (`puppet/datatypes/error.rb`), with a message, a kind, details
//! and an issue code, the kind and issue code also its type parameters
//! (`Error['puppet/error', 'OOPS']`).

use std::rc::Rc;

use super::{Attribute, Function, ObjectType, TypeParameter};
use crate::catalog::values::types::data_type::text;
use crate::catalog::values::Value;

thread_local! {
    static ERROR: Rc<ObjectType> = Rc::new(declared());
}

/// The `Error` type.
pub fn error_type() -> Rc<ObjectType> {
    ERROR.with(Rc::clone)
}

/// What an `Error` function answers natively: `message` is its `msg`.
pub fn function(object: &super::Object, name: &str) -> Option<Value> {
    (object.ty.name.as_deref() == Some("Error") && name == "message")
        .then(|| object.attribute("msg"))
        .flatten()
}

/// An `Error` value: `Error(msg, kind, details, issue_code)`.
pub fn new_error(
    message: String,
    kind: &str,
    details: Vec<(Value, Value)>,
    issue_code: &str,
) -> Value {
    let args = [
        Value::Str(message),
        Value::string(kind),
        Value::Hash(details),
        Value::string(issue_code),
    ];
    Value::Object(Rc::new(super::Object::from_args(error_type(), &args)))
}

fn declared() -> ObjectType {
    let ty = |source: &str| text::parse(source).expect("Puppet's declaration of Error");
    let parameter = |name: &str| {
        TypeParameter {
        name: name.to_string(),
        ty: ty("Optional[Variant[String, Regexp, Type[Enum], Type[Pattern], Type[NotUndef], Type[Undef]]]"),
    }
    };
    let attribute =
        |name: &str, source: &str, value: Option<Value>| Attribute::plain(name, ty(source), value);
    ObjectType {
        type_parameters: vec![parameter("kind"), parameter("issue_code")],
        attributes: vec![
            attribute("msg", "String[1]", None),
            attribute("kind", "Optional[String[1]]", Some(Value::Undef)),
            attribute(
                "details",
                "Optional[Hash[String[1], Data]]",
                Some(Value::Undef),
            ),
            attribute("issue_code", "Optional[String[1]]", Some(Value::Undef)),
        ],
        functions: vec![Function {
            name: "message".to_string(),
            ty: ty("Callable[[0, 0], String[1]]"),
            is_final: false,
            is_override: false,
            annotations: None,
        }],
        ..ObjectType::named("Error")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::values::types::data_type::Type;

    /// Puppet's declaration reads: the types parse.
    #[test]
    fn error_is_declared_as_puppet_declares_it() {
        let error = error_type();
        let parameters: Vec<String> = error
            .init_parameters()
            .into_iter()
            .map(|p| p.name)
            .collect();
        assert_eq!(parameters, ["msg", "kind", "details", "issue_code"]);
        assert_eq!(Type::Object(error).to_string(), "Object[{name => 'Error', type_parameters => {'kind' => Optional[Variant[String, Regexp, Type[Enum], Type[Pattern], Type[NotUndef], Type[Undef]]], 'issue_code' => Optional[Variant[String, Regexp, Type[Enum], Type[Pattern], Type[NotUndef], Type[Undef]]]}, attributes => {'msg' => String[1], 'kind' => {type => Optional[String[1]], value => undef}, 'details' => {type => Optional[Hash[String[1], Data]], value => undef}, 'issue_code' => {type => Optional[String[1]], value => undef}}, functions => {'message' => Callable[[0, 0], String[1]]}}]");
    }
}
