//! Templates: ERB (`template`, `inline_template`) and EPP (`epp`,
//! `inline_epp`), rendered by the compilation in the calling scope.

use crate::catalog::functions::{Args, Context, Registry};
use crate::catalog::values::Value;
use crate::catalog::Result;

const PARAMETERS: &str = "Hash[Pattern[/^\\w+$/], Any] $parameters?";

pub fn register(registry: &mut Registry) {
    registry
        .legacy("template", -2, |c, a| render(c, a, "template"))
        .legacy("inline_template", -2, |c, a| {
            render(c, a, "inline_template")
        })
        .add("epp", &format!("String $path, {PARAMETERS}"), |c, a| {
            render(c, a, "epp")
        })
        .add(
            "inline_epp",
            &format!("String $template, {PARAMETERS}"),
            |c, a| render(c, a, "inline_epp"),
        );
}

fn render(context: &mut dyn Context, args: Args<'_>, function: &str) -> Result<Value> {
    context.render(function, &args.values)
}
