//! Where a class is first declared, which decides what its scope has
//! around it: Puppet 7 gives a class's scope the scope that evaluates it
//! first as parent (a derived class, its base class's), and a class sees
//! node scope only when that chain of parents reaches the node's scope
//! rather than top scope. Top-level code of the environment's manifests
//! runs entirely before the node's body; define instances' bodies run
//! after both.

use rustc_hash::{FxHashMap, FxHashSet};

use super::super::{keep_earliest, rows_with, Place};
use super::{Dependence, Kind, OrderDependentRead, TooEarly, TooEarlyRead};
use crate::facts::layout::Role;
use crate::facts::schema::{DefinitionKind, FileId, Id, Sym, TOP_SCOPE};
use crate::facts::Extraction;

/// What starts the evaluations that can declare a class (or a define's
/// instance) first.
#[derive(Clone, Debug, Default)]
pub struct Roots {
    /// The nodes whose body declares it (through classes and instances).
    pub nodes: Vec<Id>,
    /// Top-level code declares it on every path: the top-level statement
    /// that starts the earliest such chain. Then it is first declared from
    /// top scope.
    pub top_first: Option<Place>,
    /// Top-level code may declare it (in a branch, through a conditional
    /// declaration, through a define instance whose body runs late).
    pub top_maybe: bool,
}

/// A place that declares a class or a define instance.
#[derive(Clone, Copy)]
struct Declarer {
    scope: Id,
    unconditional: bool,
    place: Place,
}

/// The roots of every class and define, computed on demand and kept.
pub struct FirstDeclarations<'a> {
    /// By class or define name: the declarations of a class, the
    /// instances of a define.
    declarers: FxHashMap<Sym, Vec<Declarer>>,
    /// `inherits(child, parent)`, both ways.
    parent: FxHashMap<Sym, Sym>,
    children: FxHashMap<Sym, Vec<Sym>>,
    /// The files of the environments' manifests, whose top-level code
    /// Puppet runs (not a module's examples).
    site_files: FxHashSet<FileId>,
    enclosing: &'a dyn Fn(Id) -> (Id, Kind),
    scope_entity: FxHashMap<Id, Sym>,
    known: FxHashMap<Sym, Roots>,
}

impl<'a> FirstDeclarations<'a> {
    /// Inheritance chains are followed this far (a cycle, which
    /// `circular-inheritance` reports, has no base).
    const LONGEST_CHAIN: usize = 64;

    /// `enclosing(scope)` gives the scope's enclosing scope and its kind.
    pub fn new(
        extraction: &Extraction,
        enclosing: &'a dyn Fn(Id) -> (Id, Kind),
    ) -> FirstDeclarations<'a> {
        let facts = &extraction.facts;
        let mut declarers: FxHashMap<Sym, Vec<Declarer>> = FxHashMap::default();
        for row in &facts.declares {
            declarers.entry(row.class).or_default().push(Declarer {
                scope: row.scope,
                unconditional: !row.conditional,
                place: Place::at(row.file, row.line, row.col),
            });
        }
        for row in &facts.resource {
            declarers.entry(row.type_name).or_default().push(Declarer {
                scope: row.scope,
                unconditional: !row.conditional && !row.is_virtual && !row.exported,
                place: Place::at(row.file, row.line, 0),
            });
        }
        let mut children: FxHashMap<Sym, Vec<Sym>> = FxHashMap::default();
        for row in &facts.inherits {
            children.entry(row.parent).or_default().push(row.class);
        }
        let scope_entity = facts
            .definition
            .iter()
            .filter(|row| matches!(row.kind, DefinitionKind::Class | DefinitionKind::Define))
            .map(|row| (row.scope, row.name))
            .collect();
        FirstDeclarations {
            declarers,
            parent: facts
                .inherits
                .iter()
                .map(|row| (row.class, row.parent))
                .collect(),
            children,
            site_files: facts
                .file
                .iter()
                .filter(|row| row.role == Role::EnvironmentManifest)
                .map(|row| row.file)
                .collect(),
            enclosing,
            scope_entity,
            known: FxHashMap::default(),
        }
    }

    /// The roots of the class or define whose scope is `scope`.
    pub fn of_scope(&mut self, scope: Id) -> Option<&Roots> {
        let entity = *self.scope_entity.get(&scope)?;
        Some(self.of(entity))
    }

    /// The roots of class or define `entity`.
    pub fn of(&mut self, entity: Sym) -> &Roots {
        // "a derived class's scope has its base class's as parent":
        // roots(K) = roots(A) for the base A of K's inheritance chain,
        // which declaring any class of the chain evaluates first.
        let base = self.base(entity);
        if !self.known.contains_key(&base) {
            self.judge_from(base);
        }
        &self.known[&base]
    }

    /// Judges `base` and the classes and defines whose roots its roots
    /// take, those first, with a stack of its own rather than recursion: a
    /// chain of declarations may be as long as the code.
    fn judge_from(&mut self, base: Sym) {
        // Met again while judged (a declaration cycle): nothing more.
        self.known.insert(base, Roots::default());
        // (entity, what its roots take, how many of those are judged).
        let mut pending = vec![(base, self.declaring_entities(base), 0)];
        while let Some((next, taken, judged)) = pending.last_mut() {
            // One at a time, so that the stack is a path of declarations
            // and a placeholder is met only around a cycle.
            while *judged < taken.len() && self.known.contains_key(&taken[*judged]) {
                *judged += 1;
            }
            if let Some(&entity) = taken.get(*judged) {
                self.known.insert(entity, Roots::default());
                let taken = self.declaring_entities(entity);
                pending.push((entity, taken, 0));
            } else {
                let next = *next;
                pending.pop();
                let roots = self.compute(next);
                self.known.insert(next, roots);
            }
        }
    }

    /// The bases of the classes and defines whose scopes declare `base`'s
    /// family: what its roots are made of.
    fn declaring_entities(&self, base: Sym) -> Vec<Sym> {
        let mut entities: Vec<Sym> = self
            .family(base)
            .iter()
            .flat_map(|member| self.declarers.get(member).into_iter().flatten())
            .filter_map(|declarer| {
                let (outer, kind) = (self.enclosing)(declarer.scope);
                if !matches!(kind, Kind::Class | Kind::Define) {
                    return None;
                }
                let entity = *self.scope_entity.get(&outer)?;
                Some(self.base(entity))
            })
            .collect();
        entities.sort_unstable();
        entities.dedup();
        entities
    }

    /// The base of `class`'s inheritance chain (on a cycle, where the
    /// walk stops).
    fn base(&self, mut class: Sym) -> Sym {
        for _ in 0..Self::LONGEST_CHAIN {
            match self.parent.get(&class) {
                Some(&parent) => class = parent,
                None => break,
            }
        }
        class
    }

    /// The classes of the inheritance family below `base`, itself
    /// included.
    fn family(&self, base: Sym) -> Vec<Sym> {
        let mut family = vec![base];
        let mut index = 0;
        while index < family.len() {
            for &child in self.children.get(&family[index]).into_iter().flatten() {
                if !family.contains(&child) {
                    family.push(child);
                }
            }
            index += 1;
        }
        family
    }

    fn compute(&mut self, base: Sym) -> Roots {
        let mut roots = Roots::default();
        let declarers: Vec<Declarer> = self
            .family(base)
            .iter()
            .flat_map(|member| self.declarers.get(member).into_iter().flatten().copied())
            .collect();
        for declarer in declarers {
            let (outer, kind) = (self.enclosing)(declarer.scope);
            match kind {
                // roots(X).nodes ∋ N :- declares(T, X), enclosing(T, N),
                //     scope_kind(N, node).
                Kind::Node => roots.nodes.push(outer),
                // top_first(X, P) :- declares(T, X, unconditional, P),
                //     enclosing(T, top), site_file(P).
                // top_maybe(X) :- declares(T, X, conditional, P),
                //     enclosing(T, top), site_file(P).
                Kind::Top if self.site_files.contains(&declarer.place.file) => {
                    if declarer.unconditional {
                        roots.top_first = earliest(roots.top_first, Some(declarer.place));
                    } else {
                        roots.top_maybe = true;
                    }
                }
                // Declared from a class C: C's roots, which are first
                // only if the declaration is unconditional.
                Kind::Class => {
                    if let Some(outer_roots) = self.of_scope(outer).cloned() {
                        roots.nodes.extend(outer_roots.nodes);
                        if declarer.unconditional {
                            roots.top_first = earliest(roots.top_first, outer_roots.top_first);
                        } else if outer_roots.top_first.is_some() {
                            roots.top_maybe = true;
                        }
                        roots.top_maybe |= outer_roots.top_maybe;
                    }
                }
                // Declared from a define instance's body, evaluated after
                // the node's code: top-level code may come first, never
                // surely.
                Kind::Define => {
                    if let Some(outer_roots) = self.of_scope(outer).cloned() {
                        roots.nodes.extend(outer_roots.nodes);
                        roots.top_maybe |= outer_roots.top_first.is_some() || outer_roots.top_maybe;
                    }
                }
                _ => {}
            }
        }
        roots.nodes.sort_unstable();
        roots.nodes.dedup();
        roots
    }
}

fn earliest(one: Option<Place>, other: Option<Place>) -> Option<Place> {
    match (one, other) {
        (Some(one), Some(other)) => Some(one.min(other)),
        (one, other) => one.or(other),
    }
}

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
    } = reads;
    // What a read finds by name: `by_name` is sorted by reference.
    let found = |reference: Id| rows_with(by_name, reference, |&(of, _)| of);
    // The first assignment of each top-scope variable, per file.
    let mut top_assigned: FxHashMap<(Sym, FileId), Place> = FxHashMap::default();
    for row in extraction
        .facts
        .var_assign
        .iter()
        .filter(|row| row.scope == TOP_SCOPE)
    {
        let place = Place::at(row.file, row.line, row.col);
        keep_earliest(&mut top_assigned, (row.name, row.file), place);
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
        let (outer, kind) = (first.enclosing)(scope);
        if !matches!(kind, Kind::Class | Kind::Define) {
            continue;
        }
        let Some(&entity) = first.scope_entity.get(&outer) else {
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
                            .get(&(name, declared_at.file))
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
                let top_may_come_first = roots.top_maybe || !is_class && roots.top_first.is_some();
                if through_node && top_may_come_first {
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
