//! Functions that change or read the catalog: `include`, `require`,
//! `contain`, `realize`, `tag`, `tagged`, `defined`, `create_resources`,
//! and `fail`, which stops the compilation.

use crate::catalog::functions::{fault, Args, Context, Creation, Inclusion, Registry};
use crate::catalog::values::types::array::flatten;
use crate::catalog::values::{Type, Value};
use crate::catalog::Result;
use crate::facts::ast::Form;

pub fn register(registry: &mut Registry) {
    registry
        .add("include", "Any +$names", |c, a| {
            declare(c, a, Inclusion::Include)
        })
        .add("require", "Any +$names", |c, a| {
            declare(c, a, Inclusion::Require)
        })
        .add("contain", "Any +$names", |c, a| {
            declare(c, a, Inclusion::Contain)
        })
        .legacy("realize", -2, realize)
        .legacy("tag", -2, tag)
        .legacy("tagged", -2, tagged)
        .add(
            "defined",
            "Variant[String, Type[CatalogEntry], Type[Type]] +$vals",
            defined,
        )
        .legacy("create_resources", -3, create_resources)
        .legacy("fail", -1, fail);
}

/// Puppet's `transform_and_assert_classnames`: a class's name from a
/// string, a class reference or a `Class[name]` resource reference.
fn class_name(value: &Value) -> Result<String> {
    let name = match value {
        Value::Undef => return Err(fault("Cannot use undef as a class name")),
        Value::Str(name) if name.is_empty() => {
            return Err(fault("Cannot use empty string as a class name"))
        }
        Value::Str(name) => name.clone(),
        Value::Type(ty) => match &**ty {
            Type::Class(Some(name)) => name.clone(),
            Type::Class(None) => return Err(fault("Cannot use an unspecific Class[] Type")),
            Type::Resource(Some(type_name), Some(title)) if type_name == "Class" => title.clone(),
            Type::Resource(..) => {
                return Err(fault(
                    "Cannot use a Resource[] Type that is not a Class[] as a class name",
                ))
            }
            other => other.to_string(),
        },
        other => other.to_text(),
    };
    Ok(name.trim_start_matches("::").to_lowercase())
}

/// `include`, `require` and `contain`: the classes declared, and their
/// references.
fn declare(context: &mut dyn Context, args: Args<'_>, how: Inclusion) -> Result<Value> {
    let names = flatten(&args.values)
        .iter()
        .map(class_name)
        .collect::<Result<Vec<_>>>()?;
    context.declare_classes(&names, how)?;
    Ok(Value::Array(
        names
            .iter()
            .map(|name| Value::of_type(Type::Class(Some(name.clone()))))
            .collect(),
    ))
}

fn realize(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    context.realize(&flatten(&args.values))?;
    Ok(Value::Undef)
}

fn tag(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let tags: Vec<String> = flatten(&args.values).iter().map(Value::to_text).collect();
    context.tag(&tags)?;
    Ok(Value::Undef)
}

fn tagged(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let tags: Vec<String> = flatten(&args.values).iter().map(Value::to_text).collect();
    Ok(Value::Bool(context.tagged(&tags)))
}

/// `defined(name, ...)`: whether any of the names is defined, as
/// Puppet's `is_defined` says; `Type[File]` asks what `File` asks,
/// `Type[Class[x]]` whether class `x` exists.
fn defined(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    for value in &args.values {
        let asked = match value {
            Value::Type(ty) => match &**ty {
                // A class that exists, declared or not.
                Type::Type(Some(inner)) => match &**inner {
                    Type::Class(Some(name)) => Value::string(name),
                    _ => Value::Type(inner.clone()),
                },
                _ => value.clone(),
            },
            other => other.clone(),
        };
        if let Value::Type(ty) = &asked {
            match **ty {
                Type::Resource(None, _) => {
                    return Err(fault(
                        "The given resource type is a reference to all kind of types",
                    ))
                }
                Type::Class(None) => {
                    return Err(fault("The given class type is a reference to all classes"))
                }
                _ => {}
            }
        }
        if context.is_defined(&asked) {
            return Ok(Value::Bool(true));
        }
    }
    Ok(Value::Bool(false))
}

/// `create_resources(type, {title => params}, defaults)`: `@type` makes
/// them virtual, `@@type` exported; a parameter that is undef is set to
/// undef (Puppet's `resource[name] = nil`): a define takes it as given, a
/// default does not replace it, the catalog leaves it out.
fn create_resources(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    if args.values.len() > 3 {
        return Err(fault(format!(
            "create_resources(): wrong number of arguments ({}; must be 2 or 3)",
            args.values.len()
        )));
    }
    let Value::Hash(instances) = args.get(1) else {
        return Err(fault("create_resources(): second argument must be a hash"));
    };
    let defaults = match args.opt(2) {
        None => Vec::new(),
        Some(Value::Hash(defaults)) => defaults.clone(),
        Some(_) => {
            return Err(fault(
                "create_resources(): third argument, if provided, must be a hash",
            ))
        }
    };
    let written = args.get(0).to_text();
    let (form, type_name) = if let Some(name) = written.strip_prefix("@@") {
        (Form::Exported, name)
    } else if let Some(name) = written.strip_prefix('@') {
        (Form::Virtual, name)
    } else {
        (Form::Regular, written.as_str())
    };
    let type_name = type_name.to_lowercase();
    if type_name == "class" && form != Form::Regular {
        return Err(fault("Classes are not virtualizable"));
    }
    if type_name != "class" && !context.is_defined(&Value::string(&type_name)) {
        return Err(fault(format!("Unknown resource type: '{type_name}'")));
    }
    for (title, parameters) in instances {
        let mut attributes: Vec<(String, Value)> = defaults
            .iter()
            .map(|(name, value)| (name.to_text(), value.clone()))
            .collect();
        if let Value::Hash(parameters) = parameters {
            for (name, value) in parameters {
                let name = name.to_text();
                match attributes
                    .iter_mut()
                    .find(|(existing, _)| *existing == name)
                {
                    Some(attribute) => attribute.1 = value.clone(),
                    None => attributes.push((name, value.clone())),
                }
            }
        }
        let titles = match title {
            Value::Array(titles) => titles.clone(),
            title => vec![title.clone()],
        };
        for title in titles {
            context.declare_resource(
                &type_name,
                &title,
                attributes.clone(),
                Creation::Declare(form),
            )?;
        }
    }
    Ok(Value::Undef)
}

/// `fail(message...)`: the compilation stops with the words given.
fn fail(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let words: Vec<String> = args.values.iter().map(Value::to_text).collect();
    Err(fault(words.join(" ")))
}
