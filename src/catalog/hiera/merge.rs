//! How the values found at several levels combine: Hiera's merge
//! strategies (`first`, `unique`, `hash`, `deep`), as Puppet's
//! `MergeStrategy` merges them.

use crate::catalog::values::Value;

/// A merge strategy of `lookup()`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Merge {
    First,
    Unique,
    Hash,
    Deep,
}

impl Merge {
    /// The strategy's name in Puppet (`deep`).
    pub fn name(self) -> &'static str {
        match self {
            Merge::First => "first",
            Merge::Unique => "unique",
            Merge::Hash => "hash",
            Merge::Deep => "deep",
        }
    }

    /// `'deep'`, or `{ 'strategy' => 'deep' }`; `None` for what is no
    /// strategy.
    pub fn of(value: &Value) -> Option<Merge> {
        let name = match value {
            Value::Hash(_) => value
                .hash_get(&Value::Str("strategy".to_string()))?
                .to_text(),
            other => other.to_text(),
        };
        match name.as_str() {
            "first" => Some(Merge::First),
            "unique" => Some(Merge::Unique),
            "hash" => Some(Merge::Hash),
            "deep" => Some(Merge::Deep),
            _ => None,
        }
    }
}

/// `higher` merged into `lower`: the keys in `lower`'s order, then the new
/// ones; `higher`'s values win, hashes of both merged again when `deep`,
/// arrays of both joined without duplicates.
fn merge_hashes(lower: Value, higher: Value, deep: bool) -> Value {
    match (lower, higher) {
        (Value::Hash(mut entries), Value::Hash(higher)) => {
            for (key, value) in higher {
                match entries.iter_mut().find(|(existing, _)| *existing == key) {
                    Some((_, existing)) => {
                        let lower_value = std::mem::replace(existing, Value::Undef);
                        *existing = if deep {
                            merge_hashes(lower_value, value, true)
                        } else {
                            value
                        };
                    }
                    None => entries.push((key, value)),
                }
            }
            Value::Hash(entries)
        }
        (Value::Array(lower), Value::Array(mut higher)) if deep => {
            for item in lower {
                if !higher.contains(&item) {
                    higher.push(item);
                }
            }
            Value::Array(higher)
        }
        (_, higher) => higher,
    }
}

/// The values found, highest priority first, combined by `strategy`.
pub(super) fn merge(found: Vec<Value>, strategy: Merge) -> Option<Value> {
    let mut highest_first = found.into_iter();
    match strategy {
        Merge::First => highest_first.next(),
        Merge::Unique => {
            let mut merged: Vec<Value> = Vec::new();
            let mut any = false;
            for value in highest_first {
                any = true;
                let items = match value {
                    Value::Array(items) => items,
                    single => vec![single],
                };
                for item in items {
                    if !merged.contains(&item) {
                        merged.push(item);
                    }
                }
            }
            any.then_some(Value::Array(merged))
        }
        Merge::Hash | Merge::Deep => {
            let levels: Vec<Value> = highest_first.collect();
            let mut merged: Option<Value> = None;
            for value in levels.into_iter().rev() {
                merged = Some(match merged {
                    None => value,
                    Some(lower) => merge_hashes(lower, value, strategy == Merge::Deep),
                });
            }
            merged
        }
    }
}
