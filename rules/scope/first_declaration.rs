//! Reads whose answer depends on where the reading class is first
//! declared ([`FirstDeclarations`]): node scope is seen only from a class
//! first declared from the node, and top-level code runs in order.

use rustc_hash::{FxHashMap, FxHashSet};

use super::super::first_declarations::{FirstDeclarations, Roots};
use super::super::{keep_earliest, rows_with, Place};
use super::{Dependence, Kind, OrderDependentRead, TooEarly, TooEarlyRead};
use crate::facts::schema::{FileId, Id, Sym, TOP_SCOPE};
use crate::facts::Extraction;

/// What the scope program knows, for judging reads by where their class is
/// first declared.
pub struct Reads<'r> {
    /// `by_name(ref, declared_in)`: what each read finds by name.
    pub by_name: &'r [(Id, Id)],
    /// `(ref, scope, name)` of `$x` and `$::x` reads.
    pub plain_ref: &'r [(Id, Id, Sym)],
    pub top_ref: &'r [(Id, Id, Sym)],
    /// `public((scope, name))`.
    pub public: &'r [((Id, Sym), ())],
    /// The node scopes.
    pub nodes: &'r FxHashSet<Id>,
    /// `renders(scope, template)`, keyed by the rendering scope (the
    /// template program's).
    pub renders: &'r [(Id, Id)],
}

/// The reads whose answer depends on where the reading class is first
/// declared.
#[derive(Default)]
pub struct Judged {
    pub too_early: Vec<TooEarlyRead>,
    pub order_dependent: Vec<OrderDependentRead>,
}

/// Judges node-scope and top-scope reads from classes and define bodies.
pub fn judge(extraction: &Extraction, first: &mut FirstDeclarations, reads: Reads) -> Judged {
    let mut judged = Judged::default();
    let Reads {
        by_name,
        plain_ref,
        top_ref,
        public,
        nodes,
        renders,
    } = reads;
    // The scopes that render each template.
    let mut renderers: FxHashMap<Id, Vec<Id>> = FxHashMap::default();
    for &(scope, template) in renders {
        renderers.entry(template).or_default().push(scope);
    }
    // What a read finds by name: `by_name` is sorted by reference.
    let found = |reference: Id| rows_with(by_name, reference, |&(of, _)| of);
    // The first assignment of each top-scope variable, per sequence of
    // code (an environment's manifests are one).
    let mut top_assigned: FxHashMap<(Sym, FileId), Place> = FxHashMap::default();
    for row in extraction
        .facts
        .var_assign
        .iter()
        .filter(|row| row.scope == TOP_SCOPE)
    {
        let place = first.sequences().place(row.file, row.line, row.col);
        keep_earliest(&mut top_assigned, (row.name, place.sequence), place);
    }
    // The nodes that assign each name.
    let mut in_nodes: FxHashMap<Sym, Vec<Id>> = FxHashMap::default();
    for &((scope, name), ()) in public {
        if nodes.contains(&scope) {
            in_nodes.entry(name).or_default().push(scope);
        }
    }
    let top_names: FxHashSet<Sym> = top_assigned.keys().map(|&(name, _)| name).collect();
    for &(reference, scope, name) in plain_ref.iter().chain(top_ref) {
        // Only reads of a name some node assigns, or found at top scope
        // only, or found in a node's scope, depend on first declarations.
        let declared = found(reference);
        let relevant = match declared {
            [] => in_nodes.contains_key(&name),
            &[(_, only)] if only == TOP_SCOPE => top_names.contains(&name),
            declared => declared.iter().any(|(_, scope)| nodes.contains(scope)),
        };
        if !relevant {
            continue;
        }
        let (outer, kind) = first.enclosing(scope);
        if kind == Kind::Template {
            // A template sees the node scope its renderers see.
            if let Some(entity) = renderers
                .get(&outer)
                .and_then(|scopes| order_dependent_renderer(first, scopes, declared, nodes))
            {
                judged.order_dependent.push(OrderDependentRead(
                    reference,
                    entity,
                    Dependence::NodeScope,
                ));
            }
            continue;
        }
        if !matches!(kind, Kind::Class | Kind::Define) {
            continue;
        }
        let Some(entity) = first.entity_of_scope(outer) else {
            continue;
        };
        let roots = first.of(entity);
        let is_class = kind == Kind::Class;
        match declared {
            // "a class sees node scope only when first declared from the
            // node": a node's variable read by a class that top-level code
            // declares first is unknown to it.
            // too_early(R, K, node_scope_after_top) :- plain_ref(R, S, X),
            //     !by_name(R, _), enclosing(S, KS), class_scope(K, KS),
            //     top_first(K, _), roots_node(K, N), assigned(N, X).
            [] => {
                let assigned_in_root = in_nodes.get(&name).is_some_and(|assigning| {
                    assigning.iter().any(|node| roots.nodes.contains(node))
                });
                if is_class && roots.top_first.is_some() && assigned_in_root {
                    judged.too_early.push(TooEarlyRead(
                        reference,
                        entity,
                        TooEarly::NodeScopeAfterTop,
                    ));
                }
            }
            // "top-level code runs in order": a top-scope variable
            // assigned after the statement that first declares the class.
            // too_early(R, K, assigned_after_declaration) :- by_name(R, top)
            //     only, enclosing(S, KS), class_scope(K, KS), top_first(K, P),
            //     first_top_assignment(X, Q), P before Q.
            &[(_, declared)] if declared == TOP_SCOPE => {
                let late = is_class
                    && roots.top_first.is_some_and(|declared_at| {
                        top_assigned
                            .get(&(name, declared_at.sequence))
                            .is_some_and(|&assigned| declared_at.precedes(assigned))
                    });
                if late {
                    judged.too_early.push(TooEarlyRead(
                        reference,
                        entity,
                        TooEarly::AssignedAfterDeclaration,
                    ));
                }
            }
            // A node's variable, read where top-level code may declare the
            // class first (or, for a define, where some instances come from
            // top-level code).
            // order_dependent(R, K, node_scope) :- by_name(R, N),
            //     scope_kind(N, node), enclosing(S, KS), top_maybe(K).
            declared => {
                let through_node = declared.iter().any(|(_, scope)| nodes.contains(scope));
                if through_node && top_may_come_first(roots, is_class) {
                    judged.order_dependent.push(OrderDependentRead(
                        reference,
                        entity,
                        Dependence::NodeScope,
                    ));
                }
            }
        }
    }
    judged
}

/// Whether top-level code may declare a class first (or, for a define,
/// declares some instances).
fn top_may_come_first(roots: &Roots, is_class: bool) -> bool {
    roots.top_maybe || !is_class && roots.top_first.is_some()
}

/// Of the scopes that render a template, the class or define of the first
/// whose node scope is order-dependent, for a read found (`declared`) in a
/// node's scope: the template sees that node only when the node declares
/// its renderer first.
// order_dependent(R, K, node_scope) :- plain_ref(R, T, _), by_name(R, N),
//     scope_kind(N, node), renders(S, T), enclosing(S, KS), top_maybe(K).
fn order_dependent_renderer(
    first: &mut FirstDeclarations,
    renderers: &[Id],
    declared: &[(Id, Id)],
    nodes: &FxHashSet<Id>,
) -> Option<Sym> {
    if !declared.iter().any(|(_, scope)| nodes.contains(scope)) {
        return None;
    }
    renderers.iter().find_map(|&renderer| {
        let (outer, kind) = first.enclosing(renderer);
        let is_class = match kind {
            Kind::Class => true,
            Kind::Define => false,
            _ => return None,
        };
        let entity = first.entity_of_scope(outer)?;
        top_may_come_first(first.of(entity), is_class).then_some(entity)
    })
}
