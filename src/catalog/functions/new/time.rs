//! `Timespan(...)` and `Timestamp(...)`: Puppet's `new_timespan` and
//! `new_timestamp`, with their dispatches (seconds, a string in formats,
//! fields, a hash). `Timestamp()`, the time now, is marked by `new`.

use crate::catalog::functions::{fault, Args, Context, Registry};
use crate::catalog::values::types::timespan::{self, format_list, Timespan, FIELDS};
use crate::catalog::values::types::timestamp::{Formats, Timestamp};
use crate::catalog::values::Value;
use crate::catalog::Result;

/// Puppet's local type `Formats` of both functions.
const FORMATS: &str = "Variant[String[2], Array[String[2], 1]]";

pub fn register(registry: &mut Registry) {
    let span_string = format!("String[1] $string, {FORMATS} $format?");
    let span_string_hash =
        format!("Struct[{{'string' => String[1], Optional['format'] => {FORMATS}}}] $hash_arg");
    let span_fields_hash = "Struct[{Optional['negative'] => Boolean, Optional['days'] => Integer, \
         Optional['hours'] => Integer, Optional['minutes'] => Integer, Optional['seconds'] => Integer, \
         Optional['milliseconds'] => Integer, Optional['microseconds'] => Integer, \
         Optional['nanoseconds'] => Integer}] $hash_arg";
    registry
        .add(
            "new_timespan",
            "Variant[Integer, Float] $seconds",
            span_from_seconds,
        )
        .add("new_timespan", &span_string, span_from_string)
        .add(
            "new_timespan",
            "Integer $days, Integer $hours, Integer $minutes, Integer $seconds, \
             Integer $milliseconds?, Integer $microseconds?, Integer $nanoseconds?",
            span_from_fields,
        )
        .add("new_timespan", &span_string_hash, span_from_hash)
        .add("new_timespan", span_fields_hash, span_from_hash);
    let stamp_string = format!("String[1] $string, {FORMATS} $format?, String[1] $timezone?");
    let stamp_hash = format!(
        "Struct[{{'string' => String[1], Optional['format'] => {FORMATS}, \
         Optional['timezone'] => String[1]}}] $hash_arg"
    );
    registry
        .add(
            "new_timestamp",
            "Variant[Integer, Float] $seconds",
            stamp_from_seconds,
        )
        .add("new_timestamp", &stamp_string, stamp_from_string)
        .add("new_timestamp", &stamp_hash, stamp_from_hash);
}

fn span_from_seconds(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Timespan::from_seconds(args.get(0))
        .map(Value::Timespan)
        .ok_or_else(|| fault("Timespan(): the seconds are not finite"))
}

fn span_from_string(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let text = args.get(0).to_text();
    match args.opt(1) {
        None => timespan::format::parse_default(&text),
        Some(formats) => timespan::format::parse_with(&text, &format_list(formats)),
    }
    .map(Value::Timespan)
    .map_err(fault)
}

fn span_from_fields(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let fields: Vec<(i128, i128)> = FIELDS
        .iter()
        .enumerate()
        .filter_map(|(index, (_, unit))| match args.opt(index) {
            Some(Value::Integer(count)) => Some((i128::from(*count), *unit)),
            _ => None,
        })
        .collect();
    Ok(Value::Timespan(Timespan::from_fields(false, &fields)))
}

fn span_from_hash(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    match args.get(0) {
        Value::Hash(entries) => Timespan::from_hash(entries)
            .map(Value::Timespan)
            .map_err(fault),
        _ => Err(fault("Timespan(): expects a hash")),
    }
}

fn stamp_from_seconds(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Timestamp::from_seconds(args.get(0))
        .map(Value::Timestamp)
        .ok_or_else(|| fault("Timestamp(): the seconds are not finite"))
}

fn stamp_from_string(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let timezone = args.opt(2).map(Value::to_text);
    Timestamp::parse(
        &args.get(0).to_text(),
        &Formats::of(args.opt(1)),
        timezone.as_deref(),
    )
    .map(Value::Timestamp)
    .map_err(fault)
}

fn stamp_from_hash(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    match args.get(0) {
        Value::Hash(entries) => Timestamp::from_hash(entries)
            .map(Value::Timestamp)
            .map_err(fault),
        _ => Err(fault("Timestamp(): expects a hash")),
    }
}
