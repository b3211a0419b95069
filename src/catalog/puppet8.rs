//! What compiling as Puppet 8 (or OpenVox 8) changes from Puppet 7: its
//! defaults, `strict_variables=true` and `strict=error`, and the facts an
//! agent sends, without the legacy ones (`include_legacy_facts=false`).

use super::values::Value;
use super::{Options, Strict};
use crate::facts::builtins::is_legacy_fact;

/// Puppet 8's defaults; `ruby` as given.
pub fn options(ruby: bool) -> Options {
    Options {
        strict_variables: true,
        strict: Strict::Error,
        ruby,
    }
}

/// `facts` without Facter's legacy facts, as a Puppet 8 agent sends them.
pub fn without_legacy_facts(facts: Value) -> Value {
    match facts {
        Value::Hash(entries) => Value::Hash(
            entries
                .into_iter()
                .filter(|(name, _)| !matches!(name, Value::Str(name) if is_legacy_fact(name)))
                .collect(),
        ),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legacy_facts_are_left_out_structured_ones_kept() {
        let fact = |name: &str| (Value::Str(name.into()), Value::Str("x".into()));
        let facts = Value::Hash(vec![
            fact("osfamily"),
            fact("os"),
            fact("ipaddress_eth0"),
            fact("processors"),
            fact("kernel"),
        ]);
        let Value::Hash(kept) = without_legacy_facts(facts) else {
            unreachable!()
        };
        let names: Vec<&Value> = kept.iter().map(|(name, _)| name).collect();
        assert_eq!(
            names,
            [
                &Value::Str("os".into()),
                &Value::Str("processors".into()),
                &Value::Str("kernel".into())
            ]
        );
    }
}
