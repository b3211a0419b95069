//! `sprintf`: Ruby's `format` (`values/ruby_format.rs`), as Puppet's 3.x
//! function calls it with the values it is given.

use crate::catalog::functions::{fault, Registry};
use crate::catalog::values::ruby_format::{kernel_format, Arg};
use crate::catalog::values::Value;

pub fn register(registry: &mut Registry) {
    registry.legacy("sprintf", -2, |_, args| {
        let arguments: Vec<Arg> = args.values[1..].iter().map(Arg::ruby).collect();
        kernel_format(&args.get(0).to_text(), &arguments)
            .map(Value::Str)
            .map_err(fault)
    });
}
