//! `annotate` (Puppet's `Annotation` adapters): an object of a type whose
//! parent is `Annotation`, associated with a value. `T.annotate(v)` is
//! the annotation of type `T` that `v` has: one associated before, else
//! the one `v`'s object type declares in its `annotations`, else the one
//! the block's hash makes; `T.annotate(v, hash)` associates a new one
//! (`'clear'` removes it); `Pcore.annotate(v, {T => hash})` associates
//! several and gives `v`.

use std::rc::Rc;

use crate::catalog::functions::{fault, Args, Context, Registry};
use crate::catalog::values::types::object::ObjectType;
use crate::catalog::values::{Type, Value};
use crate::catalog::Result;

pub fn register(registry: &mut Registry) {
    registry
        .object_type("Annotation")
        .object_type("Pcore")
        .alias("Pcore::MemberName", r"Pattern[/\A[a-z_]\w*\z/]")
        .add(
            "annotate",
            "Type[Annotation] $type, Any $value, Callable[0, 0] &$block?",
            annotate,
        )
        .add(
            "annotate",
            "Type[Annotation] $type, Any $value, \
             Variant[Enum['clear'], Hash[Pcore::MemberName, Any]] $annotation_hash",
            annotate_new,
        )
        .add(
            "annotate",
            "Type[Pcore] $type, Any $value, \
             Hash[Type[Annotation], Hash[Pcore::MemberName, Any]] $annotations",
            annotate_all,
        );
}

/// `T.annotate(v)`, `T.annotate(v) || { hash }`: the annotation, or undef.
fn annotate(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let (ty, target) = (args.get(0), args.get(1));
    let name = annotation_name(ty)?;
    if let Some(existing) = context.annotation(target, &name) {
        return Ok(existing);
    }
    let init_hash = match declared(target, &name) {
        Some(hash) => hash,
        None => match &args.block {
            Some(block) => context.call_block(block, Vec::new())?,
            None => Value::Undef,
        },
    };
    associate(context, ty, &name, target, init_hash)
}

/// `T.annotate(v, hash)` and `T.annotate(v, 'clear')`; an annotation that
/// `v`'s type declares cannot be changed.
fn annotate_new(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let (ty, target, given) = (args.get(0), args.get(1), args.get(2));
    let name = annotation_name(ty)?;
    let clear = matches!(given, Value::Str(word) if word == "clear");
    if declared(target, &name).is_some() {
        let action = if clear { "clear" } else { "redefine" };
        return Err(fault(format!(
            "attempt to {action} {name} annotation declared on {}",
            object_type(target).map_or_else(|| target.to_text(), |ty| ty.label().to_string())
        )));
    }
    if clear {
        return Ok(context
            .associate_annotation(target, &name, None)
            .unwrap_or(Value::Undef));
    }
    associate(context, ty, &name, target, given.clone())
}

/// `Pcore.annotate(v, {T => hash, ...})`: each annotation `v` has not,
/// made from its hash; `v` itself.
fn annotate_all(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let target = args.get(1);
    if let Value::Hash(entries) = args.get(2) {
        for (ty, init_hash) in entries {
            let name = annotation_name(ty)?;
            if context.annotation(target, &name).is_none() {
                let init_hash = declared(target, &name).unwrap_or_else(|| init_hash.clone());
                associate(context, ty, &name, target, init_hash)?;
            }
        }
    }
    Ok(target.clone())
}

/// A new annotation of type `ty` from `init_hash` (none for undef),
/// associated with `target`.
fn associate(
    context: &mut dyn Context,
    ty: &Value,
    name: &str,
    target: &Value,
    init_hash: Value,
) -> Result<Value> {
    if init_hash == Value::Undef {
        return Ok(Value::Undef);
    }
    let annotation = context.call_function("new", vec![ty.clone(), init_hash], None)?;
    context.associate_annotation(target, name, Some(annotation.clone()));
    Ok(annotation)
}

/// The object type a type value stands for (through aliases).
fn object_type(value: &Value) -> Option<Rc<ObjectType>> {
    let Value::Type(ty) = value else {
        return None;
    };
    match &**ty {
        Type::Object(object) => Some(Rc::clone(object)),
        Type::Alias(alias) => match alias.resolved() {
            Type::Object(object) => Some(object),
            _ => None,
        },
        _ => None,
    }
}

fn annotation_name(ty: &Value) -> Result<String> {
    object_type(ty)
        .map(|ty| ty.label().to_string())
        .ok_or_else(|| fault("annotate(): not an annotation type"))
}

/// The init hash of the annotation `name` that `target`, an object type,
/// declares in its `annotations`.
fn declared(target: &Value, name: &str) -> Option<Value> {
    let declared = object_type(target)?.annotations.clone()?;
    let Value::Hash(entries) = declared else {
        return None;
    };
    entries
        .into_iter()
        .find(|(ty, _)| object_type(ty).is_some_and(|ty| ty.label() == name))
        .map(|(_, init_hash)| init_hash)
}
