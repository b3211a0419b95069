//! Types and conversions: `new` (and a type called as a function,
//! `Integer($x)`), `convert_to`, `type`, `assert_type`, `unwrap`,
//! and the others of Puppet's type system (`annotate` has its own file).

use std::rc::Rc;

use crate::catalog::functions::dispatch;
use crate::catalog::functions::signature::{Arity, Param, Signature};
use crate::catalog::functions::{fault, Args, Context, Registry};
use crate::catalog::values::types::data_type::{
    can_initialize, describe_mismatch, generalized, infer, infer_set, init_takes_as_one, new_value,
};
use crate::catalog::values::types::object::{Object, ObjectType};
use crate::catalog::values::{Type, Value};
use crate::catalog::Result;

pub fn register(registry: &mut Registry) {
    registry
        .add("new", "Type $type, Any *$args, Callable &$block?", new)
        .add(
            "assert_type",
            "Type $type, Any $value, Callable[Type, Type] &$block?",
            assert_type,
        )
        .add(
            "assert_type",
            "String $type_string, Any $value, Callable[Type, Type] &$block?",
            assert_type_string,
        )
        .add("unwrap", "Sensitive $arg, Callable &$block?", unwrap)
        .add("unwrap", "Any $arg, Callable &$block?", unwrap)
        .add(
            "convert_to",
            "Any $value, Type $type, Any *$args, Callable[1, 1] &$block?",
            convert_to,
        )
        .add(
            "type",
            "Any $value, Enum['detailed'] $inference_method?",
            |_, args| Ok(Value::of_type(infer_set(args.get(0)))),
        )
        .add(
            "type",
            "Any $value, Enum['reduced'] $inference_method",
            |_, args| Ok(Value::of_type(infer(args.get(0)))),
        )
        .add(
            "type",
            "Any $value, Enum['generalized'] $inference_method",
            |_, args| Ok(Value::of_type(generalized(&infer(args.get(0))))),
        );
}

/// `new` of the type for the value, given to the block if any.
fn convert_to(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let mut new_args = vec![args.get(1).clone(), args.get(0).clone()];
    new_args.extend(args.values.iter().skip(2).cloned());
    let value = context.call_function("new", new_args, None)?;
    match args.block {
        Some(block) => context.call_block(&block, vec![value]),
        None => Ok(value),
    }
}

fn new(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let Value::Type(ty) = args.get(0) else {
        return Err(fault("new(): the first argument must be a type"));
    };
    let given = &args.values[1..];
    // A value that already is one is taken as it is, block or not.
    if let [value] = given {
        if !matches!(**ty, Type::Init(..)) && ty.is_instance(value) {
            return Ok(value.clone());
        }
    }
    let value = made(context, ty, given)?;
    match args.block {
        Some(block) => context.call_block(&block, vec![value]),
        None => Ok(value),
    }
}

/// A value of `ty` made from `given`, as `ty.new(given)` makes it.
fn made(context: &mut dyn Context, ty: &Type, given: &[Value]) -> Result<Value> {
    // `Init[T]` makes a `T`: from its arguments after the value, or from
    // the elements of an array that is not itself fit.
    if let Type::Init(Some(inner), init_args) = ty.resolved() {
        if !can_initialize(&inner) {
            return Err(fault(format!(
                "Creation of new instance of type '{inner}' is not supported"
            )));
        }
        // `new_Init` takes the one value (Puppet's `p_init_type.rb`).
        let arguments = match given {
            [value] if !init_args.is_empty() => std::iter::once(value.clone())
                .chain(init_args.iter().cloned())
                .collect(),
            [Value::Array(items)] if !init_takes_as_one(&inner, &given[0]) => items.clone(),
            [_] => given.to_vec(),
            _ => {
                let count = if given.is_empty() {
                    "none".to_string()
                } else {
                    given.len().to_string()
                };
                return Err(fault(format!("'new_Init' expects 1 argument, got {count}")));
            }
        };
        return made(context, &inner, &arguments);
    }
    // A value that already is one is taken as it is.
    if let [value] = given {
        if !matches!(ty, Type::Init(..)) && ty.is_instance(value) {
            return Ok(value.clone());
        }
    }
    if let Type::Object(object) = ty.resolved() {
        return new_object(object, given);
    }
    // The time of the compilation is not the catalog's: marked.
    if matches!(ty.resolved(), Type::Timestamp(_)) && given.is_empty() {
        return Ok(context.unevaluated("Timestamp()".to_string(), "the time of the compilation"));
    }
    let value = match crate::catalog::functions::new::function_for(ty) {
        // `Type.new('Integer[1]')` reads a type.
        _ if matches!((ty.resolved(), given), (Type::Type(_), [Value::Str(text)]) if !text.is_empty()) => {
            context.evaluate_source(&given[0].to_text())?
        }
        Some(name) => {
            let functions = crate::catalog::functions::new::functions();
            let function = functions
                .get(name)
                .expect("a function for each type it names");
            function.call(context, given.to_vec(), None)?
        }
        // Puppet's errors of a conversion name the function.
        None => new_value(ty, given).map_err(|e| fault(e.to_string()))?,
    };
    if let Some(mismatch) = describe_mismatch(ty, &value) {
        return Err(fault(format!(
            "Converted value from {ty}.new() has wrong type, {mismatch}"
        )));
    }
    Ok(value)
}

/// A value of an object type, by `new_<Name>`'s two dispatches: a hash of
/// the attributes (its `init_hash_type`), or the attributes in the order
/// of the type's `init_parameters`.
fn new_object(object: Rc<ObjectType>, given: &[Value]) -> Result<Value> {
    if object.is_default() {
        return Err(fault(
            "Creation of new instance of type 'Object' is not supported",
        ));
    }
    let from_hash = Signature {
        params: vec![Param {
            name: "hash".to_string(),
            ty: object.init_hash_type(),
            arity: Arity::Required,
        }],
        block: None,
    };
    let positional = Signature {
        params: object
            .init_parameters()
            .into_iter()
            .map(|parameter| Param {
                arity: if parameter.required {
                    Arity::Required
                } else {
                    Arity::Optional
                },
                name: parameter.name,
                ty: parameter.ty,
            })
            .collect(),
        block: None,
    };
    let signatures = [&from_hash, &positional];
    let made = match (dispatch::select(&signatures, given, None), given) {
        (Some(0), [Value::Hash(entries)]) => Object::from_hash(object, entries),
        (Some(_), _) => Object::from_args(object, given),
        (None, _) => {
            let name = format!("new_{}", object.label());
            return Err(fault(dispatch::mismatch_message(
                &name,
                &signatures,
                given,
                None,
            )));
        }
    };
    Ok(Value::Object(Rc::new(made)))
}

/// `assert_type` of a type written as a string (`'Integer[1]'`).
fn assert_type_string(context: &mut dyn Context, mut args: Args<'_>) -> Result<Value> {
    let ty = context.evaluate_source(&args.get(0).to_text())?;
    // A name that is no type of the environment (Puppet's parser reads
    // it as a reference to one).
    let unresolved = match &ty {
        Value::Type(parsed) => match &**parsed {
            Type::Reference(name) => Some(name.clone()),
            Type::Resource(Some(name), None) if !context.is_defined(&Value::string(name)) => {
                Some(name.clone())
            }
            _ => None,
        },
        _ => None,
    };
    if let Some(name) = unresolved {
        return Err(fault(format!(
            "assert_type(): references an unresolved type '{name}'"
        )));
    }
    args.values[0] = ty;
    assert_type(context, args)
}

fn assert_type(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let Value::Type(expected) = args.get(0) else {
        return Ok(args.get(1).clone());
    };
    let value = args.get(1);
    if expected.is_instance(value) {
        return Ok(value.clone());
    }
    match args.block {
        Some(block) => {
            let actual = crate::catalog::values::types::data_type::infer_set(value);
            context.call_block(
                &block,
                vec![Value::of_type((**expected).clone()), Value::of_type(actual)],
            )
        }
        None => Err(fault(format!(
            "assert_type(): {}",
            describe_mismatch(expected, value).unwrap_or_default()
        ))),
    }
}

fn unwrap(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let value = match args.get(0) {
        Value::Sensitive(inner) => (**inner).clone(),
        other => other.clone(),
    };
    match args.block {
        Some(block) => context.call_block(&block, vec![value]),
        None => Ok(value),
    }
}
