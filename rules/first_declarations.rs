//! Where a class is first declared, which decides what its scope has
//! around it (the scope program's node and top scope reads, the defaults
//! program's dynamic parents): Puppet 7 gives a class's scope the scope that evaluates it
//! first as parent (a derived class, its base class's), and a class sees
//! node scope only when that chain of parents reaches the node's scope
//! rather than top scope. Top-level code of the environment's manifests
//! runs entirely before the node's body; define instances' bodies run
//! after both.

use rustc_hash::FxHashMap;

use super::{Place, ScopeKind as Kind, Sequences};
use crate::facts::schema::{DefinitionKind, Id, Sym};
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
    /// Where statements stand in evaluation order.
    sequences: Sequences,
    enclosing: &'a dyn Fn(Id) -> (Id, Kind),
    scope_entity: FxHashMap<Id, Sym>,
    known: FxHashMap<Sym, Roots>,
}

impl<'a> FirstDeclarations<'a> {
    /// Inheritance chains are followed this far (a cycle, which
    /// `circular-inheritance` reports, has no base).
    pub const LONGEST_CHAIN: usize = 64;

    /// `enclosing(scope)` gives the scope's enclosing scope and its kind.
    pub fn new(
        extraction: &Extraction,
        enclosing: &'a dyn Fn(Id) -> (Id, Kind),
    ) -> FirstDeclarations<'a> {
        let facts = &extraction.facts;
        let sequences = Sequences::new(extraction);
        let mut declarers: FxHashMap<Sym, Vec<Declarer>> = FxHashMap::default();
        for row in &facts.declares {
            declarers.entry(row.class).or_default().push(Declarer {
                scope: row.scope,
                unconditional: !row.conditional,
                place: sequences.place(row.file, row.line, row.col),
            });
        }
        for row in &facts.resource {
            declarers.entry(row.type_name).or_default().push(Declarer {
                scope: row.scope,
                unconditional: !row.conditional && !row.is_virtual && !row.exported,
                place: sequences.place(row.file, row.line, 0),
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
            sequences,
            enclosing,
            scope_entity,
            known: FxHashMap::default(),
        }
    }

    /// Where statements stand in evaluation order.
    pub fn sequences(&self) -> &Sequences {
        &self.sequences
    }

    /// The scope around `scope` that is not a lambda, and its kind.
    pub fn enclosing(&self, scope: Id) -> (Id, Kind) {
        (self.enclosing)(scope)
    }

    /// The class or define whose scope is `scope`.
    pub fn entity_of_scope(&self, scope: Id) -> Option<Sym> {
        self.scope_entity.get(&scope).copied()
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
                //     scope_kind(N, node | example).
                Kind::Node | Kind::Example => roots.nodes.push(outer),
                // top_first(X, P) :- declares(T, X, unconditional, P),
                //     enclosing(T, top), site_file(P).
                // top_maybe(X) :- declares(T, X, conditional, P),
                //     enclosing(T, top), site_file(P).
                Kind::Top if self.sequences.is_site(declarer.place.file) => {
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
