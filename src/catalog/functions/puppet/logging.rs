//! The logging functions: `debug`, `info`, `notice`, `warning`, `err`,
//! `alert`, `emerg`, `crit`; each logs its arguments, as interpolation
//! writes them, joined by spaces, from the calling scope.

use crate::catalog::functions::{Args, Context, Level, Registry};
use crate::catalog::values::Value;
use crate::catalog::Result;

pub fn register(registry: &mut Registry) {
    registry
        .add("debug", "Any *$values", |c, a| log(c, a, Level::Debug))
        .add("info", "Any *$values", |c, a| log(c, a, Level::Info))
        .add("notice", "Any *$values", |c, a| log(c, a, Level::Notice))
        .add("warning", "Any *$values", |c, a| log(c, a, Level::Warning))
        .add("err", "Any *$values", |c, a| log(c, a, Level::Err))
        .add("alert", "Any *$values", |c, a| log(c, a, Level::Alert))
        .add("emerg", "Any *$values", |c, a| log(c, a, Level::Emerg))
        .add("crit", "Any *$values", |c, a| log(c, a, Level::Crit));
}

fn log(context: &mut dyn Context, args: Args<'_>, level: Level) -> Result<Value> {
    let message: Vec<String> = args.values.iter().map(Value::to_text).collect();
    context.log(level, &message.join(" "));
    Ok(Value::Undef)
}
