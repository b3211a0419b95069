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

/// What a deep merge is given beyond its strategy (`knockout_prefix`,
/// `sort_merged_arrays`, `merge_hash_arrays`), in `lookup_options` or to
/// `lookup()`.
#[derive(Clone, Debug, Default)]
struct DeepOptions {
    knockout_prefix: Option<String>,
    sort_merged_arrays: bool,
    merge_hash_arrays: bool,
}

impl DeepOptions {
    fn of(options: Option<&Value>) -> DeepOptions {
        let option =
            |name: &str| options.and_then(|options| options.hash_get(&Value::string(name)));
        let flag = |name: &str| matches!(option(name), Some(Value::Bool(true)));
        DeepOptions {
            knockout_prefix: match option("knockout_prefix") {
                Some(Value::Str(prefix)) if !prefix.is_empty() => Some(prefix.clone()),
                _ => None,
            },
            sort_merged_arrays: flag("sort_merged_arrays"),
            merge_hash_arrays: flag("merge_hash_arrays"),
        }
    }

    /// `item` without the knockout prefix, when it is a string that has
    /// it.
    fn knocked_out<'v>(&self, item: &'v Value) -> Option<&'v str> {
        match (item, &self.knockout_prefix) {
            (Value::Str(text), Some(prefix)) => text.strip_prefix(prefix.as_str()),
            _ => None,
        }
    }
}

/// Ruby's truth: `nil` and `false` are false.
fn truthy(value: &Value) -> bool {
    !matches!(value, Value::Undef | Value::Bool(false))
}

/// The `deep_merge` gem's `deep_merge!(source, dest)`, as Puppet's deep
/// strategy calls it: `source` (the higher level) merged into `dest`.
/// Hashes merge key by key (`dest`'s keys first); arrays join, `dest`'s
/// items first, each once, `knockout_prefix` items (`--x`) taking `x` out
/// of `dest` and the prefix alone emptying it; anything else is replaced.
fn deep_merge(source: Value, dest: Value, options: &DeepOptions) -> Value {
    if source == Value::Undef {
        return dest;
    }
    if !truthy(&dest) {
        return source;
    }
    match (source, dest) {
        (Value::Hash(source), Value::Hash(mut entries)) => {
            for (key, value) in source {
                match entries.iter_mut().find(|(existing, _)| *existing == key) {
                    Some((_, existing)) if truthy(existing) => {
                        let lower = std::mem::replace(existing, Value::Undef);
                        *existing = deep_merge(value, lower, options);
                    }
                    Some((_, existing)) => *existing = deep_merge(value.clone(), value, options),
                    None => {
                        let merged = deep_merge(value.clone(), value, options);
                        entries.push((key, merged));
                    }
                }
            }
            Value::Hash(entries)
        }
        // An empty hash changes nothing; another one replaces what is no hash.
        (Value::Hash(source), dest) if source.is_empty() => dest,
        (Value::Array(mut source), mut dest) => {
            if let Some(prefix) = &options.knockout_prefix {
                let alone = Value::string(prefix.clone());
                if source.contains(&alone) {
                    dest = cleared(dest);
                    source.retain(|item| *item != alone);
                }
            }
            let Value::Array(mut items) = dest else {
                return overwrite(Value::Array(source), dest, options);
            };
            source.retain(|item| match options.knocked_out(item) {
                Some(knocked) => {
                    let knocked = Value::string(knocked);
                    items.retain(|existing| *existing != knocked && existing != item);
                    false
                }
                None => true,
            });
            let all_hashes = |values: &[Value]| values.iter().all(|v| matches!(v, Value::Hash(_)));
            let mut merged =
                if options.merge_hash_arrays && all_hashes(&source) && all_hashes(&items) {
                    let extra = source.split_off(items.len().min(source.len()));
                    let mut pairs = source.into_iter();
                    let mut merged: Vec<Value> = items
                        .into_iter()
                        .map(|lower| {
                            let higher = pairs.next().unwrap_or(Value::Hash(Vec::new()));
                            deep_merge(higher, lower, options)
                        })
                        .collect();
                    merged.extend(extra);
                    merged
                } else {
                    // Ruby's `dest | source`.
                    let mut union: Vec<Value> = Vec::new();
                    for item in items.into_iter().chain(source) {
                        if !union.contains(&item) {
                            union.push(item);
                        }
                    }
                    union
                };
            if options.sort_merged_arrays {
                merged.sort_by(compare_sortable);
            }
            Value::Array(merged)
        }
        (source, dest) => overwrite(source, dest, options),
    }
}

/// The gem's `clear_or_nil`: what can be emptied, emptied.
fn cleared(value: Value) -> Value {
    match value {
        Value::Array(_) => Value::Array(Vec::new()),
        Value::Hash(_) => Value::Hash(Vec::new()),
        Value::Str(_) => Value::string(""),
        _ => Value::Undef,
    }
}

/// The gem's `overwrite_unmergeables`: `source` replaces `dest`, but a
/// source that carries the knockout prefix empties it.
fn overwrite(source: Value, _dest: Value, options: &DeepOptions) -> Value {
    let knocks_out = match &source {
        Value::Array(items) => items.iter().any(|item| options.knocked_out(item).is_some()),
        other => options.knocked_out(other).is_some(),
    };
    if knocks_out {
        Value::string("")
    } else {
        source
    }
}

/// Ruby's `<=>` for what `sort!` can order: strings, numbers.
fn compare_sortable(a: &Value, b: &Value) -> std::cmp::Ordering {
    match (a, b) {
        (Value::Str(a), Value::Str(b)) => a.cmp(b),
        (Value::Integer(a), Value::Integer(b)) => a.cmp(b),
        (Value::Float(a), Value::Float(b)) => a.total_cmp(b),
        (Value::Integer(a), Value::Float(b)) => (*a as f64).total_cmp(b),
        (Value::Float(a), Value::Integer(b)) => a.total_cmp(&(*b as f64)),
        _ => std::cmp::Ordering::Equal,
    }
}

/// `higher` merged into `lower` by Puppet's hash strategy: the keys in
/// `lower`'s order, then the new ones; `higher`'s values win.
fn merge_hashes(lower: Value, higher: Value) -> Value {
    match (lower, higher) {
        (Value::Hash(mut entries), Value::Hash(higher)) => {
            for (key, value) in higher {
                match entries.iter_mut().find(|(existing, _)| *existing == key) {
                    Some((_, existing)) => *existing = value,
                    None => entries.push((key, value)),
                }
            }
            Value::Hash(entries)
        }
        (_, higher) => higher,
    }
}

/// The values found, highest priority first, combined by `strategy`,
/// with the options given with it (a deep merge's).
pub(super) fn merge(found: Vec<Value>, strategy: Merge, options: Option<&Value>) -> Option<Value> {
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
        Merge::Hash => {
            let levels: Vec<Value> = highest_first.collect();
            let mut merged: Option<Value> = None;
            for value in levels.into_iter().rev() {
                merged = Some(match merged {
                    None => value,
                    Some(lower) => merge_hashes(lower, value),
                });
            }
            merged
        }
        // Puppet's `MergeStrategy#lookup`: the first value found, then
        // each lower one merged under what is merged so far.
        Merge::Deep => {
            let options = DeepOptions::of(options);
            highest_first.reduce(|higher, lower| deep_merge(higher, lower, &options))
        }
    }
}
