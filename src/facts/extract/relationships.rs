//! Relationships: the endpoints of `->`, `~>`, `<-` and `<~` chains and of
//! relationship metaparameters, and the resources a catalog must hold for
//! them.

use tree_sitter::Node;

use super::{names, Extractor, Ref};
use super::{Arrow, FileId, Relationship, RequiredHow, RequiredResource};

/// Puppet's data types, lower case and sorted (searched by bisection): an
/// access on one of these is a type, not a resource reference.
const DATA_TYPES: &[&str] = &[
    "any",
    "array",
    "binary",
    "boolean",
    "callable",
    "catalogentry",
    "collection",
    "data",
    "default",
    "deferred",
    "enum",
    "error",
    "float",
    "hash",
    "init",
    "integer",
    "iterable",
    "iterator",
    "notundef",
    "numeric",
    "object",
    "optional",
    "pattern",
    "regexp",
    "richdata",
    "runtime",
    "scalar",
    "scalardata",
    "semver",
    "semverrange",
    "sensitive",
    "string",
    "struct",
    "timespan",
    "timestamp",
    "tuple",
    "type",
    "typealias",
    "typereference",
    "typeset",
    "undef",
    "unit",
    "uri",
    "variant",
];

impl<'a> Extractor<'a> {
    /// The references among `refs` that name a resource by literal type
    /// and title, as resources the catalog must hold.
    pub(super) fn push_required(&mut self, refs: &[Ref], how: RequiredHow, at: Node) {
        let (line, col) = self.location(at);
        for reference in refs.iter().filter(|reference| reference.literal) {
            let row = RequiredResource {
                type_name: self.sym(&reference.type_name),
                title: self.sym(&reference.title),
                how,
                file: FileId::default(),
                line,
                col,
            };
            self.facts.required_resource.push(row);
        }
    }

    pub(super) fn push_relationship(&mut self, from: &Ref, to: &Ref, arrow: Arrow, at: Node) {
        let (line, col) = self.location(at);
        let row = Relationship {
            scope: self.scope(),
            from_type: self.sym(&from.type_name),
            from_title: self.sym(&from.title),
            to_type: self.sym(&to.type_name),
            to_title: self.sym(&to.title),
            arrow,
            guard: self.guard(),
            file: FileId::default(),
            line,
            col,
        };
        self.facts.relationship.push(row);
    }

    /// The resources an operand of a relationship names.
    pub(super) fn endpoints(&self, node: Node<'a>) -> Vec<Ref> {
        let g = self.grammar;
        let kind = node.kind_id();
        if kind == g.array {
            return self
                .named_children(node)
                .into_iter()
                .flat_map(|element| self.endpoints(element))
                .collect();
        }
        if kind == g.access {
            if let Some(refs) = self.references(node) {
                return refs;
            }
        }
        if kind == g.resource {
            let type_name = node
                .child_by_field_id(self.grammar.fields.type_.get())
                .map(|type_node| self.resource_type(type_node))
                .unwrap_or_default();
            return self
                .children_by_field(node, self.grammar.fields.body)
                .into_iter()
                .filter_map(|body| body.child_by_field_id(self.grammar.fields.title.get()))
                .filter(|title| title.kind_id() != g.default)
                .flat_map(|title| self.titles(title))
                .map(|(title, literal, _)| Ref {
                    title: if type_name == "class" && literal {
                        Self::class_name(&title)
                    } else {
                        title
                    },
                    type_name: type_name.clone(),
                    // Declared right here.
                    literal: false,
                })
                .collect();
        }
        if kind == g.collector {
            let type_name = node
                .child_by_field_id(self.grammar.fields.type_.get())
                .map_or(String::new(), |t| Self::class_name(self.source(t)));
            let query = node
                .child_by_field_id(self.grammar.fields.query.get())
                .and_then(|query| query.child_by_field_id(self.grammar.fields.condition.get()))
                .map_or("", |condition| self.source(condition));
            return vec![Ref {
                type_name,
                title: query.to_string(),
                literal: false,
            }];
        }
        if let Some(name) = self.literal(node) {
            return vec![Ref {
                type_name: "class".to_string(),
                title: Self::class_name(&name),
                literal: false,
            }];
        }
        vec![Ref {
            type_name: String::new(),
            title: self.source(node).to_string(),
            literal: false,
        }]
    }

    /// The resources an access expression references, or `None` when it is
    /// a data type. `Class['x']` gives class `x`; `Resource['t', 'x']` gives
    /// `t['x']`.
    pub(super) fn references(&self, node: Node<'a>) -> Option<Vec<Ref>> {
        let target = node.child_by_field_id(self.grammar.fields.target.get())?;
        if target.kind_id() != self.grammar.type_reference {
            return None;
        }
        let lower = names::lowercase(names::absolute(self.source(target)));
        if DATA_TYPES.binary_search(&lower.as_str()).is_ok() {
            return None;
        }
        let mut indexes = self.children_by_field(node, self.grammar.fields.index);
        let mut literal_type = true;
        let type_name = if lower == "resource" {
            if indexes.is_empty() {
                return None;
            }
            let first = indexes.remove(0);
            literal_type = self.literal(first).is_some();
            let name = self
                .literal(first)
                .unwrap_or_else(|| self.source(first).to_string());
            Self::class_name(&name)
        } else {
            lower
        };
        let refs = indexes
            .into_iter()
            .flat_map(|index| self.titles(index))
            .map(|(title, literal, _)| Ref {
                title: if type_name == "class" && literal {
                    Self::class_name(&title)
                } else {
                    title
                },
                literal: literal && literal_type && type_name != "class",
                type_name: type_name.clone(),
            })
            .collect();
        Some(refs)
    }

    pub(super) fn relationship(&mut self, node: Node<'a>) {
        // A chain `a -> b -> c` nests to the left; read it from its outermost
        // node only.
        if let Some(index) = self.chained.iter().position(|&id| id == node.id()) {
            self.chained.swap_remove(index);
            return;
        }
        let mut links = Vec::new();
        let mut current = node;
        while current.kind_id() == self.grammar.relationship {
            let (Some(left), Some(operator), Some(right)) = (
                current.child_by_field_id(self.grammar.fields.left.get()),
                current.child_by_field_id(self.grammar.fields.operator.get()),
                current.child_by_field_id(self.grammar.fields.right.get()),
            ) else {
                return;
            };
            let Some(arrow) = Arrow::from_name(self.source(operator)) else {
                return;
            };
            links.push((left, arrow, right, operator));
            if left.kind_id() == self.grammar.relationship {
                self.chained.push(left.id());
            }
            current = left;
        }
        links.reverse();
        for (index, (left, arrow, right, operator)) in links.into_iter().enumerate() {
            let left_operand = if left.kind_id() == self.grammar.relationship {
                left.child_by_field_id(self.grammar.fields.right.get())
                    .unwrap_or(left)
            } else {
                left
            };
            let lefts = self.endpoints(left_operand);
            let rights = self.endpoints(right);
            // Each operand once: the first link's left, every right.
            if index == 0 {
                self.push_required(&lefts, RequiredHow::Arrow, left_operand);
            }
            self.push_required(&rights, RequiredHow::Arrow, right);
            let forward = matches!(arrow, Arrow::Order | Arrow::Notify);
            for from in &lefts {
                for to in &rights {
                    if forward {
                        self.push_relationship(from, to, arrow, operator);
                    } else {
                        self.push_relationship(to, from, arrow, operator);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::DATA_TYPES;

    #[test]
    fn data_types_are_sorted_for_bisection() {
        assert!(DATA_TYPES.windows(2).all(|pair| pair[0] < pair[1]));
        assert!(DATA_TYPES.iter().all(|name| *name == name.to_lowercase()));
    }
}
