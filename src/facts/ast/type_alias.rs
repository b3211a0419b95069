//! Type aliases and definitions (`type Name = ...`), lowered as
//! Puppet's factory builds them, with the first part of their body that
//! is no type specification.

use tree_sitter::Node;

use super::{child, fields, named_children, Expr, ExprKind, Lowering, TypeAlias};

impl<'a> Lowering<'a> {
    /// A type alias or definition, kept in the program: its own function,
    /// so that the recursive lowering's frame stays small.
    #[inline(never)]
    pub(super) fn type_alias(&mut self, node: Node<'a>) -> ExprKind {
        let name = child(node, "name")
            .map_or("", |n| self.source(n))
            .trim_start_matches("::")
            .to_string();
        let mut body = match child(node, "type") {
            Some(body) => self.expr(body),
            None => Expr {
                kind: ExprKind::Undef,
                span: self.span(node),
            },
        };
        // As Puppet's factory builds a type alias: `Object { ... }` is
        // `Object[{ ... }]`, `Parent { ... }` is `Object[{ ..., parent =>
        // Parent }]` and `{ ... }` is `Object[{ ... }]`.
        let span = body.span;
        let object = Expr {
            kind: ExprKind::TypeRef("Object".to_string()),
            span,
        };
        if let Some(hash) = child(node, "body").filter(|_| node.kind() == "type_alias") {
            let mut hash = self.expr(hash);
            let is_base = matches!(&body.kind, ExprKind::TypeRef(name)
                if name.eq_ignore_ascii_case("Object") || name.eq_ignore_ascii_case("TypeSet"));
            if !is_base {
                if let ExprKind::Hash(entries) = &mut hash.kind {
                    let key = Expr {
                        kind: ExprKind::Str("parent".to_string()),
                        span,
                    };
                    entries.push((key, std::mem::replace(&mut body, object.clone())));
                }
            }
            let kind = ExprKind::Access(Box::new(body), vec![hash]);
            body = Expr { kind, span };
        } else if matches!(body.kind, ExprKind::Hash(_)) && node.kind() == "type_alias" {
            let kind = ExprKind::Access(Box::new(object), vec![body]);
            body = Expr { kind, span };
        }
        let is_type_set =
            child(node, "type").is_some_and(|ty| self.source(ty).eq_ignore_ascii_case("TypeSet"));
        let not_a_type = [child(node, "type"), child(node, "body")]
            .into_iter()
            .flatten()
            .find_map(|part| {
                if is_type_set && part.kind() == "hash" {
                    self.not_a_type_set_specification(part)
                } else {
                    not_a_type_specification(part)
                }
            })
            .map(|part| self.source(part).to_string());
        let span = self.span(node);
        self.program.type_aliases.push(TypeAlias {
            name,
            body,
            not_a_type,
            span,
        });
        ExprKind::Nop
    }

    /// As [`not_a_type_specification`] for a type set's hash, whose
    /// `types` may declare a member as `Name { ... }` (a parent and its
    /// attributes, which Puppet's parser reads as resource defaults).
    fn not_a_type_set_specification(&self, hash: Node<'a>) -> Option<Node<'a>> {
        named_children(hash).into_iter().find_map(|pair| {
            let members = child(pair, "value").filter(|value| {
                value.kind() == "hash"
                    && child(pair, "key").is_some_and(|key| self.source(key) == "types")
            });
            let Some(members) = members else {
                return not_a_type_specification(pair);
            };
            named_children(members)
                .into_iter()
                .find_map(|member| match child(member, "value") {
                    Some(value) if value.kind() == "resource_defaults" => {
                        fields(value, "attribute")
                            .into_iter()
                            .filter_map(|attribute| child(attribute, "value"))
                            .find_map(not_a_type_specification)
                    }
                    _ => not_a_type_specification(member),
                })
        })
    }
}

/// The first part of a type alias's body that Puppet's `TypeParser`
/// cannot interpret: it reads literals, names, type references, and
/// arrays, hashes and accesses of them only.
fn not_a_type_specification(node: Node) -> Option<Node> {
    match node.kind() {
        "undef" | "default" | "true" | "false" | "integer" | "float" | "string" | "heredoc"
        | "regex" | "name" | "reserved_word" | "type_reference" => None,
        "interpolated_string" => {
            let mut cursor = node.walk();
            let interpolates = node
                .named_children(&mut cursor)
                .any(|part| matches!(part.kind(), "interpolation" | "variable"));
            interpolates.then_some(node)
        }
        "unary" if child(node, "operator").is_some_and(|op| op.kind() == "-") => {
            child(node, "operand").and_then(not_a_type_specification)
        }
        "array" | "hash" | "pair" => named_children(node)
            .into_iter()
            .find_map(not_a_type_specification),
        // The keys first, then the target, which must be a type's name.
        "access" => fields(node, "index")
            .into_iter()
            .find_map(not_a_type_specification)
            .or_else(|| {
                let target = child(node, "target")?;
                (target.kind() != "type_reference").then_some(node)
            }),
        _ => Some(node),
    }
}
