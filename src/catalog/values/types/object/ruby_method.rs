//! Puppet's `RubyMethod`: the annotation that gives an object type's
//! function or derived attribute a body written in Ruby (`annotations =>
//! { RubyMethod => { body => '@name.upcase' } }`). pfacts runs no Ruby: a
//! member with such a body is a marked value where it is called.

use std::rc::Rc;

use super::{Attribute, ObjectType};
use crate::catalog::values::types::data_type::text;
use crate::catalog::values::{Type, Value};

thread_local! {
    static RUBY_METHOD: Rc<ObjectType> = Rc::new(declared());
}

/// The `RubyMethod` annotation type.
pub fn ruby_method_type() -> Rc<ObjectType> {
    RUBY_METHOD.with(Rc::clone)
}

/// As `Pcore::create_object_type` declares it: an `Annotation` with a
/// `body` and optional `parameters`.
fn declared() -> ObjectType {
    let ty = |source: &str| text::parse(source).expect("Puppet's declaration of RubyMethod");
    let attribute =
        |name: &str, source: &str, value: Option<Value>| Attribute::plain(name, ty(source), value);
    ObjectType {
        parent: Some(Type::Object(Rc::new(ObjectType::named("Annotation")))),
        attributes: vec![
            attribute("body", "String", None),
            attribute("parameters", "Optional[String[1]]", Some(Value::Undef)),
        ],
        ..ObjectType::named("RubyMethod")
    }
}
