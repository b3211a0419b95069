//! `Init[T]`: the values `T.new` makes a `T` from, as Puppet's
//! `PInitType` reads them from the dispatches of `T`'s `new`: an instance
//! of `T`; a value fit for a dispatch of one parameter; an array fit for
//! one of several parameters, or a value fit for its first when the rest
//! may be left out. With arguments (`Init[Integer, 16]`), the dispatches
//! that take them after one more value.

use std::cell::RefCell;
use std::collections::HashMap;

use super::{text, Type};
use crate::catalog::values::types::semver;
use crate::catalog::values::Value;

/// A dispatch of a type's `new`: its parameters' types, as Puppet
/// declares them, and how many must be given.
struct Dispatch {
    params: &'static [&'static str],
    required: usize,
}

const fn dispatch(params: &'static [&'static str], required: usize) -> Dispatch {
    Dispatch { params, required }
}

/// Puppet's `INTEGER_PATTERN_LENIENT` as a type.
macro_rules! integer_pattern {
    () => {
        r"Pattern[/\A[+-]?\s*(?:(?:\d+)|(?:0[xX][0-9A-Fa-f]+)|(?:0[bB][01]+))\z/]"
    };
}

/// Puppet's `FLOAT_PATTERN` as a type.
macro_rules! float_pattern {
    () => {
        r"Pattern[/\A[+-]?\s*(?:(?:(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE]-?\d+)?)|(?:0[xX][0-9A-Fa-f]+)|(?:0[0-7]+)|(?:0[bB][01]+))\z/]"
    };
}

macro_rules! radix {
    () => {
        "Variant[Default, Integer[2, 2], Integer[8, 8], Integer[10, 10], Integer[16, 16]]"
    };
}

const INTEGER_CONVERTIBLE: &str = concat!(
    "Variant[Numeric, Boolean, ",
    integer_pattern!(),
    ", Timespan, Timestamp]"
);
const FLOAT_CONVERTIBLE: &str = concat!(
    "Variant[Numeric, Boolean, ",
    float_pattern!(),
    ", Timespan, Timestamp]"
);

/// The dispatches of the `new` of a built-in type, as Puppet 7.23
/// declares them; `None` for a type this table does not know, whose
/// `Init` takes its instances alone.
fn builtin_dispatches(ty: &Type) -> Option<&'static [Dispatch]> {
    const INTEGER: &[Dispatch] = &[
        dispatch(&[INTEGER_CONVERTIBLE, radix!(), "Boolean"], 1),
        dispatch(
            &[concat!(
                "Struct[{'from' => Variant[Numeric, Boolean, ",
                integer_pattern!(),
                ", Timespan, Timestamp], Optional['radix'] => ",
                radix!(),
                ", Optional['abs'] => Boolean}]"
            )],
            1,
        ),
    ];
    const FLOAT: &[Dispatch] = &[
        dispatch(&[FLOAT_CONVERTIBLE, "Boolean"], 1),
        dispatch(
            &[concat!(
                "Struct[{'from' => Variant[Numeric, Boolean, ",
                float_pattern!(),
                ", Timespan, Timestamp], Optional['abs'] => Boolean}]"
            )],
            1,
        ),
    ];
    const BOOLEAN: &[Dispatch] = &[dispatch(
        &["Variant[Integer, Float, Boolean, Enum['false', 'true', 'yes', 'no', 'y', 'n', true]]"],
        1,
    )];
    const STRING: &[Dispatch] = &[dispatch(&["Any", "Variant[Default, String[1], Hash]"], 1)];
    const SEMVER: &[Dispatch] = &[
        dispatch(&[semver::PATTERN_TYPE], 1),
        dispatch(
            &[
                semver::NATURAL_TYPE,
                semver::NATURAL_TYPE,
                semver::NATURAL_TYPE,
                semver::QUALIFIER_TYPE,
                semver::QUALIFIER_TYPE,
            ],
            3,
        ),
        dispatch(&[semver::HASH_TYPE], 1),
    ];
    Some(match ty.resolved() {
        Type::Integer(_) => INTEGER,
        Type::Float(_) | Type::Numeric => FLOAT,
        Type::Boolean(_) => BOOLEAN,
        Type::String(_) => STRING,
        Type::SemVer(_) => SEMVER,
        _ => return None,
    })
}

thread_local! {
    static PARSED: RefCell<HashMap<&'static str, Type>> = RefCell::new(HashMap::new());
}

/// A parameter's type from its text, parsed once.
fn param_type(text: &'static str) -> Type {
    PARSED.with(|parsed| {
        parsed
            .borrow_mut()
            .entry(text)
            .or_insert_with(|| text::parse(text).unwrap_or(Type::Any))
            .clone()
    })
}

/// A dispatch of a type's `new` with its parameters' types.
struct Typed {
    params: Vec<Type>,
    required: usize,
}

/// The dispatches of `ty`'s `new`: a built-in type's from the table, an
/// object type's from its attributes (a hash of them, or them in order).
fn dispatches(ty: &Type) -> Option<Vec<Typed>> {
    if let Type::Object(object) = ty.resolved() {
        if object.is_default() {
            return None;
        }
        let parameters = object.init_parameters();
        let positional = Typed {
            required: parameters.iter().filter(|p| p.required).count(),
            params: parameters.into_iter().map(|p| p.ty).collect(),
        };
        let from_hash = Typed {
            params: vec![object.init_hash_type()],
            required: 1,
        };
        return Some(vec![from_hash, positional]);
    }
    let table = builtin_dispatches(ty)?;
    Some(
        table
            .iter()
            .map(|dispatch| Typed {
                params: dispatch
                    .params
                    .iter()
                    .map(|text| param_type(text))
                    .collect(),
                required: dispatch.required,
            })
            .collect(),
    )
}

/// Whether `Init[ty]` takes `value` as one value (an instance, or fit
/// for a dispatch of one parameter) rather than as the arguments of its
/// elements.
pub fn takes_as_one(ty: &Type, value: &Value) -> bool {
    ty.is_instance(value)
        || dispatches(ty).is_some_and(|dispatches| {
            dispatches
                .iter()
                .any(|dispatch| dispatch.params.len() == 1 && dispatch.params[0].is_instance(value))
        })
}

/// Whether `Init[ty]` (without arguments) is assignable from `from`
/// through a dispatch: a one-parameter dispatch's type, or the first
/// parameter of one whose others may be left out.
pub fn is_assignable(ty: &Type, args: &[Value], from: &Type) -> bool {
    if !args.is_empty() {
        return false;
    }
    dispatches(ty).is_some_and(|dispatches| {
        dispatches
            .iter()
            .any(|dispatch| dispatch.required == 1 && dispatch.params[0].is_assignable(from))
    })
}

thread_local! {
    /// How deep `Init` checks are nested: an object type whose attribute
    /// takes `Init` of itself (`init_one => Variant[Init[One], String]`)
    /// would check forever.
    static NESTING: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Whether `value` is an instance of `Init[ty, args...]`.
pub fn is_instance(ty: &Type, args: &[Value], value: &Value) -> bool {
    if ty.is_instance(value) {
        return true;
    }
    if NESTING.get() > super::MAX_DEPTH / 8 {
        return false;
    }
    NESTING.set(NESTING.get() + 1);
    let fits = fits_a_dispatch(ty, args, value);
    NESTING.set(NESTING.get() - 1);
    fits
}

fn fits_a_dispatch(ty: &Type, args: &[Value], value: &Value) -> bool {
    let Some(dispatches) = dispatches(ty) else {
        return false;
    };
    let fits = |dispatch: &Typed, values: &[&Value]| {
        values.len() >= dispatch.required
            && values.len() <= dispatch.params.len()
            && dispatch
                .params
                .iter()
                .zip(values)
                .all(|(param, value)| param.is_instance(value))
    };
    if !args.is_empty() {
        // With arguments, a value goes first, before them.
        let count = 1 + args.len();
        return dispatches.iter().any(|dispatch| {
            count >= dispatch.required
                && count <= dispatch.params.len()
                && dispatch.params[1..]
                    .iter()
                    .zip(args)
                    .all(|(param, arg)| param.is_instance(arg))
                && dispatch.params[0].is_instance(value)
        });
    }
    dispatches.iter().any(|dispatch| {
        if dispatch.params.len() == 1 && dispatch.required == 1 {
            return dispatch.params[0].is_instance(value);
        }
        let as_tuple = match value {
            Value::Array(items) => fits(dispatch, &items.iter().collect::<Vec<_>>()),
            _ => false,
        };
        as_tuple || (dispatch.required == 1 && fits(dispatch, &[value]))
    })
}
