//! Walking a collection in other orders: `index` (where an element is),
//! `slice` (in slices), `step` (every nth), `reverse_each`, `tree_each`
//! (into nested arrays and hashes). Without a block, `step`,
//! `reverse_each` and `tree_each` give an `Iterator`.

use std::rc::Rc;

use crate::catalog::functions::{fault, Args, Block, Context, Registry};
use crate::catalog::values::types::iterable::{elements, Elements};
use crate::catalog::values::types::iterator::IteratorValue;
use crate::catalog::values::types::object::{AttributeKind, ObjectType};
use crate::catalog::values::{Type, Value};
use crate::catalog::Result;

pub fn register(registry: &mut Registry) {
    registry
        .add(
            "index",
            "Hash[Any, Any] $hash, Callable[2, 2] &$block",
            index_by_block,
        )
        .add(
            "index",
            "Hash[Any, Any] $hash, Callable[1, 1] &$block",
            index_by_block,
        )
        .add(
            "index",
            "Iterable $enumerable, Callable[2, 2] &$block",
            index_by_block,
        )
        .add(
            "index",
            "Iterable $enumerable, Callable[1, 1] &$block",
            index_by_block,
        )
        .add(
            "index",
            "String $str, Variant[String, Regexp] $match",
            string_index,
        )
        .add("index", "Iterable $enumerable, Any $match", index_of_value)
        .add(
            "slice",
            "Hash[Any, Any] $hash, Integer[1, default] $slice_size, Callable &$block?",
            slice,
        )
        .add(
            "slice",
            "Iterable $enumerable, Integer[1, default] $slice_size, Callable &$block?",
            slice,
        )
        .add("step", "Iterable $iterable, Integer[1] $step", step)
        .add(
            "step",
            "Iterable $iterable, Integer[1] $step, Callable[1, 1] &$block",
            step,
        )
        .add("reverse_each", "Iterable $iterable", reverse_each)
        .add(
            "reverse_each",
            "Iterable $iterable, Callable[1, 1] &$block",
            reverse_each,
        )
        .alias(
            "OptionsType",
            "Struct[{container_type => Optional[Type], include_root => Optional[Boolean], \
             include_containers => Optional[Boolean], include_values => Optional[Boolean], \
             order => Optional[Enum['breadth_first', 'depth_first']], \
             include_refs => Optional[Boolean]}]",
        );
    for block in ["Callable[2, 2] &$block", "Callable[1, 1] &$block", ""] {
        let signature = format!(
            "Variant[Iterator, Array, Hash, Object] $tree, OptionsType $options?{}",
            if block.is_empty() {
                String::new()
            } else {
                format!(", {block}")
            }
        );
        registry.add("tree_each", &signature, tree_each);
    }
}

fn iterable(value: &Value) -> Result<Elements> {
    elements(value).ok_or_else(|| fault("the value is not Iterable"))
}

fn iterator(value: &Value) -> Result<IteratorValue> {
    IteratorValue::on(value).ok_or_else(|| fault("the value is not Iterable"))
}

/// Calls the block with each element's arguments until `break()`.
fn call_each(
    context: &mut dyn Context,
    block: &Block<'_>,
    calls: impl IntoIterator<Item = Vec<Value>>,
) -> Result<()> {
    for arguments in calls {
        match context.call_block(block, arguments) {
            Err(e) if e.is_break() => break,
            other => other.map(drop)?,
        }
    }
    Ok(())
}

/// The key or index of the first element the block is true for.
fn index_by_block(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let block = args.block()?;
    let pairs = block.arity().max.is_none_or(|max| max >= 2) && block.arity().min <= 2;
    let elements = iterable(args.get(0))?;
    let mut found = Value::Undef;
    let candidates: Vec<(Value, Vec<Value>)> = match elements {
        Elements::Entries(entries) => entries
            .into_iter()
            .map(|(key, value)| {
                let arguments = if pairs {
                    vec![key.clone(), value]
                } else {
                    vec![value]
                };
                (key, arguments)
            })
            .collect(),
        Elements::Values(values) => values
            .into_iter()
            .enumerate()
            .map(|(index, value)| {
                let index = Value::Integer(index as i64);
                let arguments = if pairs {
                    vec![index.clone(), value]
                } else {
                    vec![value]
                };
                (index, arguments)
            })
            .collect(),
    };
    for (key, arguments) in candidates {
        match context.call_block(&block, arguments) {
            Ok(verdict) if verdict.is_truthy() => {
                found = key;
                break;
            }
            Ok(_) => {}
            Err(e) if e.is_break() => break,
            Err(e) => return Err(e),
        }
    }
    Ok(found)
}

/// Where `match` first occurs in the string, in characters.
fn string_index(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let text = args.get(0).to_text();
    let at = match args.get(1) {
        Value::Regex(regexp) => regexp
            .captures_at(&text, 0)
            .and_then(|groups| groups[0])
            .map(|(start, _)| start),
        other => text.find(&other.to_text()),
    };
    Ok(at.map_or(Value::Undef, |byte| {
        Value::Integer(text[..byte].chars().count() as i64)
    }))
}

/// Ruby's `==` between the values a function holds: numbers by value,
/// strings exactly.
fn ruby_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Integer(x), Value::Float(y)) | (Value::Float(y), Value::Integer(x)) => {
            *x as f64 == *y
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| ruby_equal(p, q))
        }
        _ => a == b,
    }
}

/// The key or index of the first element equal to `match`.
fn index_of_value(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let wanted = args.get(1);
    Ok(match iterable(args.get(0))? {
        Elements::Entries(entries) => entries
            .into_iter()
            .find(|(_, value)| ruby_equal(value, wanted))
            .map_or(Value::Undef, |(key, _)| key),
        Elements::Values(values) => values
            .iter()
            .position(|value| ruby_equal(value, wanted))
            .map_or(Value::Undef, |index| Value::Integer(index as i64)),
    })
}

/// The elements in slices of the size; with a block, each slice given to
/// it (spread over its parameters when it has as many), and the
/// collection returned.
fn slice(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let size = match args.get(1) {
        Value::Integer(size) => *size as usize,
        _ => 1,
    };
    let elements = iterable(args.get(0))?;
    let is_hash = matches!(elements, Elements::Entries(_));
    let values = elements.into_values();
    let slices: Vec<Vec<Value>> = values.chunks(size).map(<[Value]>::to_vec).collect();
    let Some(block) = args.block else {
        return Ok(Value::Array(slices.into_iter().map(Value::Array).collect()));
    };
    let arity = block.arity();
    let serving = match arity.max {
        Some(max) if max == arity.min => max,
        _ => size,
    };
    if serving == 0 {
        return Err(fault(
            "slice(): block must define at least one parameter. Block has 0.",
        ));
    }
    if serving != 1 && serving != size {
        return Err(fault(format!(
            "slice(): block must define one parameter, or the same number of parameters as \
             the given size of the slice ({size}). Block has {serving}"
        )));
    }
    let calls = slices.into_iter().map(|mut slice| {
        if serving == 1 {
            vec![Value::Array(slice)]
        } else {
            // A short last slice is filled with undef, or empty pairs for
            // a hash.
            let filler = if is_hash {
                Value::Array(Vec::new())
            } else {
                Value::Undef
            };
            slice.resize(serving, filler);
            slice
        }
    });
    call_each(context, &block, calls)?;
    Ok(args.get(0).clone())
}

/// Every `step`th element from the first; with a block, each given to it.
fn step(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let every = match args.get(1) {
        Value::Integer(step) => (*step).max(1) as usize,
        _ => 1,
    };
    let stepped = iterator(args.get(0))?.stepped(every);
    match args.block {
        Some(block) => {
            let values = stepped.iteration().into_values();
            call_each(context, &block, values.into_iter().map(|value| vec![value]))?;
            Ok(Value::Undef)
        }
        None => Ok(Value::Iterator(Rc::new(stepped))),
    }
}

/// The elements last first; with a block, each given to it.
fn reverse_each(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let reversed = iterator(args.get(0))?.reversed();
    match args.block {
        Some(block) => {
            let values = reversed.elements.into_iter();
            call_each(context, &block, values.map(|value| vec![value]))?;
            Ok(Value::Undef)
        }
        None => Ok(Value::Iterator(Rc::new(reversed))),
    }
}

/// How `tree_each` walks a tree: its options.
struct TreeWalk {
    containers: Type,
    with_root: bool,
    with_containers: bool,
    with_values: bool,
    breadth_first: bool,
    /// Whether an object's attributes of kind `reference` are walked.
    with_refs: bool,
}

/// What `tree_each` walks into by default: arrays, hashes and objects.
fn default_containers() -> Type {
    Type::Variant(vec![
        Type::Array(Box::new(Type::Any), Default::default()),
        Type::Hash(Box::new(Type::Any), Box::new(Type::Any), Default::default()),
        Type::Object(Rc::new(ObjectType::default())),
    ])
}

impl TreeWalk {
    fn new(options: &Value) -> Result<TreeWalk> {
        let option = |key: &str| {
            options
                .hash_get(&Value::string(key))
                .filter(|v| **v != Value::Undef)
        };
        let flag = |key: &str| option(key).is_none_or(Value::is_truthy);
        let containers = match option("container_type") {
            Some(Value::Type(ty)) => {
                if !default_containers().is_assignable(ty) {
                    return Err(fault(format!(
                        "Only Array, Hash, and Object types can be used as container types. Got {ty}"
                    )));
                }
                (**ty).clone()
            }
            _ => default_containers(),
        };
        let with_containers = flag("include_containers");
        let with_values = flag("include_values");
        if !with_containers && !with_values {
            return Err(fault(
                "Options 'include_containers' and 'include_values' cannot both be false",
            ));
        }
        Ok(TreeWalk {
            containers,
            with_root: with_containers && flag("include_root"),
            with_containers,
            with_values,
            breadth_first: option("order").is_some_and(|order| order.to_text() == "breadth_first"),
            with_refs: option("include_refs").is_some_and(Value::is_truthy),
        })
    }

    /// The children of a container: (index or key, value).
    fn children(&self, value: &Value) -> Option<Vec<(Value, Value)>> {
        if !self.containers.is_instance(value) {
            return None;
        }
        match value {
            Value::Array(items) => Some(
                items
                    .iter()
                    .enumerate()
                    .map(|(index, item)| (Value::Integer(index as i64), item.clone()))
                    .collect(),
            ),
            Value::Hash(entries) => Some(entries.clone()),
            // An object's own attributes, by name (Puppet's `indexer_on`).
            Value::Object(object) => Some(
                object
                    .ty
                    .attributes
                    .iter()
                    .filter(|a| self.with_refs || a.kind != Some(AttributeKind::Reference))
                    .map(|a| {
                        let value = object.attribute(&a.name).unwrap_or(Value::Undef);
                        (Value::string(&a.name), value)
                    })
                    .collect(),
            ),
            _ => None,
        }
    }

    /// Every `[path, value]` the walk visits, in its order.
    fn walk(&self, root: &Value) -> Vec<(Vec<Value>, Value)> {
        let mut visited = Vec::new();
        if self.with_root {
            visited.push((Vec::new(), root.clone()));
        }
        if self.breadth_first {
            let mut queue = std::collections::VecDeque::from([(Vec::new(), root.clone())]);
            while let Some((path, container)) = queue.pop_front() {
                for (key, child) in self.children(&container).unwrap_or_default() {
                    let mut child_path = path.clone();
                    child_path.push(key);
                    // Puppet's breadth-first walk gives every value.
                    if self.children(&child).is_some() {
                        queue.push_back((child_path.clone(), child.clone()));
                        if !self.with_containers {
                            continue;
                        }
                    }
                    visited.push((child_path, child));
                }
            }
        } else {
            self.depth_first(root, &mut Vec::new(), &mut visited);
        }
        visited
    }

    fn depth_first(
        &self,
        container: &Value,
        path: &mut Vec<Value>,
        visited: &mut Vec<(Vec<Value>, Value)>,
    ) {
        for (key, child) in self.children(container).unwrap_or_default() {
            path.push(key);
            if self.children(&child).is_some() {
                if self.with_containers {
                    visited.push((path.clone(), child.clone()));
                }
                self.depth_first(&child, path, visited);
            } else if self.with_values {
                visited.push((path.clone(), child));
            }
            path.pop();
        }
    }
}

/// Walks nested arrays and hashes: each `[path, value]` to a block of two
/// parameters, each value to one of one, and the tree returned; without a
/// block, an iterator of the `[path, value]` pairs.
fn tree_each(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let walk = TreeWalk::new(args.get(1))?;
    let visited = walk.walk(args.get(0));
    let Some(block) = args.block else {
        let pairs = visited
            .into_iter()
            .map(|(path, value)| Value::Array(vec![Value::Array(path), value]))
            .collect();
        return Ok(Value::Iterator(Rc::new(IteratorValue::tree(
            pairs,
            walk.breadth_first,
        ))));
    };
    let pairs = block.arity().min == 2;
    let calls = visited.into_iter().map(|(path, value)| {
        if pairs {
            vec![Value::Array(path), value]
        } else {
            vec![value]
        }
    });
    call_each(context, &block, calls)?;
    Ok(args.get(0).clone())
}
