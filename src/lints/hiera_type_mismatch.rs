use super::{rule, Context};
use std::collections::HashMap;

use crate::catalog::values::types::data_type::text::parse_with;
use crate::catalog::values::types::data_type::{describe_mismatch, Alias};
use crate::catalog::values::{Type, Value};
use crate::diagnostic::Diagnostic;
use crate::facts::names;
use crate::facts::schema::DataValue;

rule! {
    /// ## What it does
    /// Finds Hiera data whose value the class parameter it binds refuses:
    /// `profile::web::port: 'eighty'` for `Integer $port`, `enabled:
    /// 'true'` (a string) for `Boolean $enabled`, `names: ['a', 2]` for
    /// `Array[String] $names`. Judged when both are known without
    /// evaluation: the value is a plain YAML scalar (as Puppet's YAML 1.1
    /// reads it: `yes` and `1_000` are left alone) or an array or hash of
    /// such, the type is written with Puppet's own types and the code
    /// base's aliases of them (`Stdlib::Port`).
    /// A key whose `lookup_options` convert it is not judged either.
    ///
    /// ## Why is this bad?
    /// Automatic parameter lookup checks the value against the parameter's
    /// type: every node whose hierarchy reaches the value fails to compile
    /// ("Class[Profile::Web]: parameter 'port' expects an Integer value,
    /// got String").
    ///
    /// ## Example
    /// ```puppet
    /// # data/common.yaml holds `profile::web::port: '8080'`
    /// class profile::web (Integer $port = 80) { }
    /// ```
    HieraTypeMismatch { id: "hiera-type-mismatch", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let facts = &context.extraction.facts;
    let conversions = Conversions::of(context);
    let aliases = aliases(context);
    context
        .hiera_keys()
        .bound
        .iter()
        .filter_map(|bound| {
            let row = &facts.hiera_key[bound.key().0 as usize];
            let parameter = &facts.param_decl[bound.parameter().0 as usize];
            let text = context.text(row.value);
            let value = match row.value_kind {
                DataValue::String => Value::Str(text.to_string()),
                DataValue::Integer => Value::Integer(text.parse().ok()?),
                DataValue::Float => Value::Float(text.parse().ok()?),
                DataValue::Boolean => Value::Bool(text == "true"),
                DataValue::Collection => Value::from_json(&serde_json::from_str(text).ok()?),
                DataValue::Other => return None,
            };
            let key = names::absolute(context.text(row.key));
            if conversions.convert(key) {
                return None;
            }
            let ty = parse_with(context.text(parameter.type_text), &aliases).ok()?;
            let mismatch = describe_mismatch(&ty, &value)?;
            let (class, name) = key.rsplit_once("::")?;
            let class = crate::facts::names::capitalize(class);
            context
                .diagnostic(
                    &HieraTypeMismatch::RULE,
                    row.file,
                    row.line,
                    row.col,
                    format!(
                        "`{key}` binds a value its parameter refuses: Puppet fails the compilation of every node that reads it (Class[{class}]: parameter '{name}' {mismatch})"
                    ),
                )
                .into()
        })
        .collect()
}

/// The code base's type aliases, as types: each exists before its type is
/// read, so that aliases may name each other (and themselves). One whose
/// type pfacts cannot read (a Ruby type, an unknown name) stands for
/// `Any`, which every value matches.
fn aliases(context: &Context) -> HashMap<String, Type> {
    let rows = &context.extraction.facts.type_alias_of;
    let made: Vec<_> = rows
        .iter()
        .map(|row| Alias::new(context.text(row.name)))
        .collect();
    let aliases: HashMap<String, Type> = made
        .iter()
        .map(|alias| (alias.name.clone(), Type::Alias(alias.clone())))
        .collect();
    // Copies of a module may define an alias differently: such a name is
    // left alone.
    let mut texts: HashMap<_, Vec<_>> = HashMap::new();
    for row in rows {
        texts.entry(row.name).or_default().push(row.type_text);
    }
    for (row, alias) in rows.iter().zip(&made) {
        let written = &texts[&row.name];
        if written.iter().any(|&text| text != row.type_text) {
            continue;
        }
        if let Ok(ty) = parse_with(context.text(row.type_text), &aliases) {
            alias.resolve(ty);
        }
    }
    aliases
}

/// What data's `lookup_options` convert (`convert_to`): keys by name, and
/// `^patterns` compiled once. Values of such keys are not the parameter's
/// values as written.
struct Conversions<'c> {
    names: Vec<&'c str>,
    patterns: Vec<regex::Regex>,
}

impl<'c> Conversions<'c> {
    fn of(context: &'c Context) -> Conversions<'c> {
        let (patterns, names): (Vec<&str>, Vec<&str>) = context
            .extraction
            .facts
            .hiera_conversion
            .iter()
            .map(|row| context.text(row.name))
            .partition(|name| name.starts_with('^'));
        Conversions {
            names,
            patterns: patterns
                .into_iter()
                .filter_map(|pattern| regex::Regex::new(pattern).ok())
                .collect(),
        }
    }

    fn convert(&self, key: &str) -> bool {
        self.names.contains(&key) || self.patterns.iter().any(|pattern| pattern.is_match(key))
    }
}
