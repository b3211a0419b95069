//! Iterators: what `reverse_each`, `step` and `tree_each` give without a
//! block (Puppet's `Iterable::Iterator` and its tree walkers). Puppet's
//! are lazy Ruby enumerators; every one these functions make is finite,
//! so pfacts holds the elements it yields, in order.
//!
//! Known difference: a Ruby enumerator that was walked with `next` (as
//! `each` and `String()` walk it) stays at its end for the next `each`;
//! pfacts' iterators yield their elements every time.

use crate::catalog::values::types::data_type::{generalized, infer_set};
use crate::catalog::values::types::data_type::{IntRange, StringType};
use crate::catalog::values::types::iterable::{elements, Elements};
use crate::catalog::values::{Type, Value};

/// An iterator value.
#[derive(Clone, Debug, PartialEq)]
pub struct IteratorValue {
    pub producer: Producer,
    /// What it yields; for a hash-style iterator, `[key, value]` pairs.
    pub elements: Vec<Value>,
    /// Whether a block of two parameters takes each element as key and
    /// value (a hash's own iterator) rather than as index and element.
    pub hash_style: bool,
}

/// What made the iterator, which gives its type.
#[derive(Clone, Debug, PartialEq)]
pub enum Producer {
    /// An iteration over a collection, of elements of this type.
    Elements(Type),
    /// `tree_each`'s walk, which Puppet types as the Ruby class it is.
    Tree { breadth_first: bool },
}

impl IteratorValue {
    /// The iterator over `value` (Puppet's `Iterable.on`, inferring the
    /// element type from the elements); `None` for what is not iterable.
    pub fn on(value: &Value) -> Option<IteratorValue> {
        if let Value::Iterator(iterator) = value {
            return Some((**iterator).clone());
        }
        let element_type = match value {
            Value::Array(items) if items.is_empty() => Type::Unit,
            Value::Array(items) => Type::variant_of(items.iter().map(infer_set)),
            Value::Hash(entries) if entries.is_empty() => key_value_tuple(Type::Unit, Type::Unit),
            Value::Hash(entries) => key_value_tuple(
                Type::variant_of(entries.iter().map(|(key, _)| infer_set(key))),
                Type::variant_of(entries.iter().map(|(_, value)| infer_set(value))),
            ),
            Value::Str(_) => Type::String(StringType {
                size: IntRange::exactly(1),
                value: None,
            }),
            Value::Integer(0) => Type::Unit,
            Value::Integer(count) => Type::Integer(IntRange::new(Some(0), Some(count - 1))),
            Value::Type(ty) => (**ty).clone(),
            _ => return None,
        };
        let (elements, hash_style) = match elements(value)? {
            Elements::Entries(entries) => (
                entries
                    .into_iter()
                    .map(|(key, value)| Value::Array(vec![key, value]))
                    .collect(),
                true,
            ),
            Elements::Values(values) => (values, false),
        };
        Some(IteratorValue {
            producer: Producer::Elements(element_type),
            elements,
            hash_style,
        })
    }

    /// `tree_each`'s walk without a block: `[path, value]` pairs.
    pub fn tree(pairs: Vec<Value>, breadth_first: bool) -> IteratorValue {
        IteratorValue {
            producer: Producer::Tree { breadth_first },
            elements: pairs,
            hash_style: false,
        }
    }

    /// The elements last first, no longer hash-style (Puppet's
    /// `reverse_each` makes a plain iterator of the entries).
    pub fn reversed(mut self) -> IteratorValue {
        self.elements.reverse();
        self.hash_style = false;
        self
    }

    /// Every `step`th element from the first. A step of one is the
    /// iterator itself, as in Puppet.
    pub fn stepped(mut self, step: usize) -> IteratorValue {
        if step > 1 {
            self.elements = self.elements.into_iter().step_by(step).collect();
            self.hash_style = false;
            // A range's iterator narrows its range to the integers it
            // reaches (Puppet's `IntegerRangeIterator#step_iterator`).
            if let Producer::Elements(Type::Integer(range)) = &mut self.producer {
                let reached = self.elements.iter().filter_map(|value| match value {
                    Value::Integer(n) => Some(*n),
                    _ => None,
                });
                *range = IntRange::new(reached.clone().min(), reached.max());
            }
        }
        self
    }

    /// The elements as an iteration yields them.
    pub fn iteration(&self) -> Elements {
        if !self.hash_style {
            return Elements::Values(self.elements.clone());
        }
        Elements::Entries(
            self.elements
                .iter()
                .map(|pair| match pair {
                    Value::Array(items) if items.len() == 2 => (items[0].clone(), items[1].clone()),
                    other => (other.clone(), Value::Undef),
                })
                .collect(),
        )
    }

    /// The type of what it yields (`Any` for a tree walk).
    pub fn element_type(&self) -> Type {
        match &self.producer {
            Producer::Elements(ty) => ty.clone(),
            Producer::Tree { .. } => Type::Any,
        }
    }

    /// Its type as Puppet infers it: `Iterator[T]`, or the Ruby class of a
    /// tree walk.
    pub fn infer(&self) -> Type {
        match &self.producer {
            Producer::Elements(ty) => Type::Iterator(Some(Box::new(ty.clone()))),
            Producer::Tree { .. } => Type::Runtime(
                Some("ruby".to_string()),
                Some(self.ruby_class().to_string()),
            ),
        }
    }

    fn ruby_class(&self) -> &'static str {
        match self.producer {
            Producer::Tree {
                breadth_first: true,
            } => "Puppet::Pops::Types::Iterable::BreadthFirstTreeIterator",
            _ => "Puppet::Pops::Types::Iterable::DepthFirstTreeIterator",
        }
    }

    /// Its text in interpolation and `notice` (Ruby's `to_s`):
    /// `Iterator[Integer]-Value`. A tree walk has Ruby's default text,
    /// whose object address pfacts leaves out.
    pub fn text(&self) -> String {
        match &self.producer {
            Producer::Elements(ty) => {
                format!("Iterator[{}]-Value", generalized(ty))
            }
            Producer::Tree { .. } => format!("#<{}>", self.ruby_class()),
        }
    }
}

/// A hash entry's type: `Tuple[K, V, 2, 2]`.
fn key_value_tuple(key: Type, value: Type) -> Type {
    Type::Tuple(vec![key, value], Some(IntRange::exactly(2)))
}

/// Whether Puppet's `Iterator[T]` holds `value`: an iterator whose element
/// type `T` accepts.
pub fn is_iterator_of(element: Option<&Type>, value: &Value) -> bool {
    match value {
        Value::Iterator(iterator) => {
            element.is_none_or(|element| element.is_assignable(&iterator.element_type()))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn element_types_are_puppets() {
        let array = Value::Array(vec![
            Value::Integer(1),
            Value::Integer(2),
            Value::string("a"),
        ]);
        let iterator = IteratorValue::on(&array).unwrap().reversed();
        // Puppet 7.23: `notice([1,2,'a'].reverse_each)`.
        assert_eq!(iterator.text(), "Iterator[Variant[Integer, String]]-Value");
        assert_eq!(iterator.elements[0], Value::string("a"));
    }
}
