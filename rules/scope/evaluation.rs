//! When a qualified read `$c::x` finds its variable: "a qualified variable
//! reference of a class variable requires that the class is evaluated
//! first" ("Scope Lookup Rules", Static scope), which Puppet 7 checks as it
//! evaluates (an unevaluated class gives "Unknown variable" and `undef`).
//! Class `c` is evaluated before the read on every path, on none, or on
//! some (order-dependent), judged from where classes are declared.

use datafrog::{Iteration, Relation, RelationLeaper};
use rustc_hash::{FxHashMap, FxHashSet};

use super::super::{keep_earliest, rows_with, Place, Sequences};
use super::{Dependence, Kind, OrderDependentRead, TooEarly, TooEarlyRead};
use crate::facts::schema::{CallForm, FileId, Id, Sym, TOP_SCOPE};
use crate::facts::Extraction;

/// The qualified reads that find their variable by name, judged.
pub struct Judged {
    pub too_early: Vec<TooEarlyRead>,
    pub order_dependent: Vec<OrderDependentRead>,
}

/// A qualified read `$class::x` that finds its variable by name, as it
/// happens in `scope`: where it is written, or at `at` (the `epp()` call
/// that renders the template holding it). A read that happens at several
/// calls is judged at each.
#[derive(Clone, Copy, Debug)]
pub struct QualifiedRead {
    pub reference: Id,
    pub scope: Id,
    pub class: Sym,
    pub at: Option<(FileId, u32, u32)>,
}

/// A read `$class::x` in `scope`, at `place`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Read {
    /// The read's own key (a reference is read once per rendering call).
    key: usize,
    reference: Id,
    scope: Id,
    class: Sym,
    /// The variable's name in the class.
    name: Sym,
    place: Place,
}

/// A class declaration (`include`, `require`, `contain`, `class { }`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Declaration {
    scope: Id,
    class: Sym,
    unconditional: bool,
    place: Place,
}

/// What the scope program knows of scopes: `local(scope, outer)`,
/// `enclosing(scope, outer)` (its outer scope that is not a lambda),
/// `scope_kind` and `class_scope`; and `inherits_tc(class, ancestor)` from
/// the inheritance program.
pub struct Scopes<'a> {
    pub local: &'a Relation<(Id, Id)>,
    pub enclosing: &'a Relation<(Id, Id)>,
    pub scope_kind: &'a Relation<(Id, Kind)>,
    pub class_scope: &'a Relation<(Sym, Id)>,
    pub inherits_tc: &'a Relation<(Sym, Sym)>,
}

/// Judges `reads`: a reference is evaluated in time when each of its
/// reads is, too early when each is, and order-dependent otherwise.
pub fn judge(extraction: &Extraction, reads: &[QualifiedRead], scopes: Scopes) -> Judged {
    let Scopes {
        local,
        enclosing,
        scope_kind,
        class_scope,
        inherits_tc,
    } = scopes;

    let facts = &extraction.facts;
    let sequences = Sequences::new(extraction);
    let reads: Vec<Read> = reads
        .iter()
        .enumerate()
        .map(|(key, read)| {
            let index = facts
                .var_ref
                .binary_search_by_key(&read.reference, |row| row.reference)
                .expect("reads come from var_ref");
            let row = &facts.var_ref[index];
            let (file, line, col) = read.at.unwrap_or((row.file, row.line, row.col));
            Read {
                key,
                reference: read.reference,
                scope: read.scope,
                class: read.class,
                name: row.short_name,
                place: sequences.place(file, line, col),
            }
        })
        .collect();
    let declarations: Vec<Declaration> = facts
        .declares
        .iter()
        .map(|row| Declaration {
            scope: row.scope,
            class: row.class,
            unconditional: !row.conditional,
            place: sequences.place(row.file, row.line, row.col),
        })
        .collect();
    // Each scope has one enclosing scope: itself, or the class, define,
    // node or function around its lambdas; top scope's is top scope.
    let enclosing: FxHashMap<Id, Id> = enclosing.iter().copied().collect();
    let enclosing_of = |scope: Id| enclosing.get(&scope).copied().unwrap_or(TOP_SCOPE);
    let kinds: FxHashMap<Id, Kind> = scope_kind.iter().copied().collect();
    let kind_of = |scope: Id| kinds.get(&scope).copied().unwrap_or(Kind::Top);
    let scope_class: FxHashMap<Id, Sym> = class_scope
        .iter()
        .map(|&(class, scope)| (scope, class))
        .collect();

    let evaluators = evaluators(&reads, &declarations, &scope_class, extraction);
    let before = before(
        &reads,
        &declarations,
        local,
        &evaluators,
        inherits_tc,
        |scope| {
            let outer = enclosing_of(scope);
            (kind_of(outer), scope_class.get(&outer).copied())
        },
    );

    // declared(C) :- declares(_, C, _).  declared(C) :- inherits(_, C).
    let inherited: FxHashSet<Sym> = facts.inherits.iter().map(|row| row.parent).collect();
    let declared: FxHashSet<Sym> = declarations
        .iter()
        .map(|declaration| declaration.class)
        .chain(inherited.iter().copied())
        .collect();
    let closed = closed_code_base(extraction, &sequences, &declarations);
    // The declarations of each class, for the reads it declares only after.
    let mut by_class: FxHashMap<Sym, Vec<&Declaration>> = FxHashMap::default();
    for declaration in &declarations {
        by_class
            .entry(declaration.class)
            .or_default()
            .push(declaration);
    }
    let within = Within::new(extraction, &sequences, class_scope);
    let mut judged = Judged {
        too_early: Vec::new(),
        order_dependent: Vec::new(),
    };
    for read in reads.iter().filter(|read| !before.contains(&read.key)) {
        // "a class that only the body of class C declares (directly, or
        // through classes only C's body declares) is evaluated while C is,
        // after what C set before declaring it"
        // before(R) :- read(R, S, C, X), enclosing(S, E), class_scope(K, E),
        //     started_within(K, C, X).
        // started_within(K, C, X) :- !inherits(_, K), declares(_, K, _, _),
        //     every declares(T, K, _, P): enclosing(T, CS), class_scope(C, CS),
        //     set_before(CS, X, P) ; enclosing(T, DS), class_scope(D, DS),
        //     started_within(D, C, X).
        let declared_within = scope_class
            .get(&enclosing_of(read.scope))
            .is_some_and(|&own| {
                within.class_scope.get(&read.class).is_some_and(|&outer| {
                    let started = Started {
                        by_class: &by_class,
                        inherited: &inherited,
                        within: &within,
                        enclosing_of: &enclosing_of,
                        scope_class: &scope_class,
                        outer,
                        name: read.name,
                    };
                    started.within(own, &mut FxHashMap::default(), 0)
                })
            });
        if declared_within {
            continue;
        }
        // too_early(R, C, class_declared_nowhere) :- read(R, _, C), !declared(C),
        //     closed_code_base.
        let why = if !declared.contains(&read.class) {
            closed.then_some(TooEarly::ClassDeclaredNowhere)
        } else {
            // too_early(R, C, class_declared_after) :- read(R, S, C), enclosing(S, E),
            //     evaluated_once(E), !inherits(_, C),
            //     every declares(T, C, _, P): enclosing(T, E), P after R.
            let outer = enclosing_of(read.scope);
            let once = matches!(
                kind_of(outer),
                Kind::Class | Kind::Node | Kind::Top | Kind::Example
            );
            let only_after = once
                && !inherited.contains(&read.class)
                && by_class.get(&read.class).is_some_and(|declared| {
                    declared.iter().all(|declaration| {
                        enclosing_of(declaration.scope) == outer
                            && read.place.precedes(declaration.place)
                    })
                });
            only_after.then_some(TooEarly::ClassDeclaredAfter)
        };
        match why {
            Some(why) => judged
                .too_early
                .push(TooEarlyRead(read.reference, read.class, why)),
            // order_dependent(R, C) :- read(R, _, C), !before(R),
            //     !too_early(R, C, _).
            None => judged.order_dependent.push(OrderDependentRead(
                read.reference,
                read.class,
                Dependence::ClassEvaluation,
            )),
        }
    }
    combine(&reads, &before, judged)
}

/// One verdict per reference, from those of its reads (several when a
/// template holding it is rendered at several calls): in time when each
/// read is, too early when each is, and order-dependent otherwise.
fn combine(reads: &[Read], before: &FxHashSet<usize>, judged: Judged) -> Judged {
    let mut reads_of: FxHashMap<Id, usize> = FxHashMap::default();
    let mut before_of: FxHashMap<Id, usize> = FxHashMap::default();
    for read in reads {
        *reads_of.entry(read.reference).or_default() += 1;
        if before.contains(&read.key) {
            *before_of.entry(read.reference).or_default() += 1;
        }
    }
    let mut too_early_of: FxHashMap<Id, usize> = FxHashMap::default();
    for read in &judged.too_early {
        *too_early_of.entry(read.0).or_default() += 1;
    }
    let mut too_early: Vec<TooEarlyRead> = judged
        .too_early
        .iter()
        .filter(|read| too_early_of[&read.0] == reads_of[&read.0])
        .copied()
        .collect();
    // A too-early read of a reference that is in time elsewhere, and the
    // in-time reads of one that is not everywhere, depend on order.
    let mut order_dependent = judged.order_dependent;
    order_dependent.extend(
        judged
            .too_early
            .iter()
            .filter(|read| too_early_of[&read.0] < reads_of[&read.0])
            .map(|read| OrderDependentRead(read.0, read.1, Dependence::ClassEvaluation)),
    );
    order_dependent.extend(reads.iter().filter_map(|read| {
        let in_time = before_of.get(&read.reference).copied().unwrap_or(0);
        let mixed = in_time > 0 && in_time < reads_of[&read.reference];
        mixed.then_some(OrderDependentRead(
            read.reference,
            read.class,
            Dependence::ClassEvaluation,
        ))
    }));
    too_early.sort_unstable();
    too_early.dedup_by_key(|read| read.0);
    order_dependent.sort_unstable();
    order_dependent.dedup_by_key(|read| read.0);
    Judged {
        too_early,
        order_dependent,
    }
}

/// `started_within(K, C, X)` for one class `C` (of scope `outer`) and
/// variable `X`.
struct Started<'a, Enclosing: Fn(Id) -> Id> {
    by_class: &'a FxHashMap<Sym, Vec<&'a Declaration>>,
    inherited: &'a FxHashSet<Sym>,
    within: &'a Within,
    enclosing_of: &'a Enclosing,
    scope_class: &'a FxHashMap<Id, Sym>,
    outer: Id,
    name: Sym,
}

impl<Enclosing: Fn(Id) -> Id> Started<'_, Enclosing> {
    /// Declaration chains this long are followed; a class on a cycle (or
    /// met again while judged) counts as not started within.
    const DEPTH: usize = 6;

    fn within(&self, class: Sym, known: &mut FxHashMap<Sym, bool>, depth: usize) -> bool {
        if let Some(&answer) = known.get(&class) {
            return answer;
        }
        if depth > Self::DEPTH || self.inherited.contains(&class) {
            return false;
        }
        known.insert(class, false);
        let answer = self.by_class.get(&class).is_some_and(|declared| {
            declared.iter().all(|declaration| {
                let enclosing = (self.enclosing_of)(declaration.scope);
                if enclosing == self.outer {
                    self.within
                        .set_before(self.outer, self.name, declaration.place)
                } else {
                    self.scope_class
                        .get(&enclosing)
                        .is_some_and(|&declarer| self.within(declarer, known, depth + 1))
                }
            })
        });
        known.insert(class, answer);
        answer
    }
}

/// Where classes set their variables, to tell whether one is set before a
/// declaration in the same body.
struct Within {
    /// A class's scope (the first, for a class defined twice).
    class_scope: FxHashMap<Sym, Id>,
    /// `parameter(scope, name)`.
    parameters: FxHashSet<(Id, Sym)>,
    /// The first assignment of each variable of a scope.
    assigned: FxHashMap<(Id, Sym), Place>,
}

impl Within {
    fn new(
        extraction: &Extraction,
        sequences: &Sequences,
        class_scope: &Relation<(Sym, Id)>,
    ) -> Within {
        let facts = &extraction.facts;
        let mut first: FxHashMap<Sym, Id> = FxHashMap::default();
        for &(class, scope) in class_scope.iter() {
            first.entry(class).or_insert(scope);
        }
        let mut assigned: FxHashMap<(Id, Sym), Place> = FxHashMap::default();
        for row in &facts.var_assign {
            let place = sequences.place(row.file, row.line, row.col);
            keep_earliest(&mut assigned, (row.scope, row.name), place);
        }
        Within {
            class_scope: first,
            parameters: facts
                .param_decl
                .iter()
                .map(|row| (row.scope, row.name))
                .collect(),
            assigned,
        }
    }

    /// `set_before(CS, X, P)`: variable `X` of the class whose scope is
    /// `CS` holds its value at `P` in its body: a parameter, assigned
    /// before `P`, or not assigned there (then an inherited one).
    fn set_before(&self, scope: Id, name: Sym, place: Place) -> bool {
        self.parameters.contains(&(scope, name))
            || self
                .assigned
                .get(&(scope, name))
                .is_none_or(|assigned| assigned.precedes(place))
    }
}

/// `evaluated_by(C, D)`, keyed by `C`: evaluating class `D` evaluates class
/// `C`, for the classes `C` that reads name.
fn evaluators(
    reads: &[Read],
    declarations: &[Declaration],
    scope_class: &FxHashMap<Id, Sym>,
    extraction: &Extraction,
) -> Relation<(Sym, Sym)> {
    // evaluates(E, D): D's evaluation evaluates E directly, keyed by E.
    // evaluates(E, D) :- inherits(D, E).
    // evaluates(E, D) :- class_scope(D, DS), declares(DS, E, unconditional).
    let direct: Relation<(Sym, Sym)> = extraction
        .facts
        .inherits
        .iter()
        .map(|row| (row.parent, row.class))
        .chain(
            declarations
                .iter()
                .filter(|d| d.unconditional)
                .filter_map(|declaration| {
                    let class = scope_class.get(&declaration.scope)?;
                    Some((declaration.class, *class))
                }),
        )
        .collect();
    let mut iteration = Iteration::new();
    // (E, C): evaluating E evaluates C, keyed by E.
    let evaluated_by = iteration.variable::<(Sym, Sym)>("evaluated_by");
    // evaluated_by(C, C) :- read(_, _, C).
    evaluated_by.extend(reads.iter().map(|read| (read.class, read.class)));
    while iteration.changed() {
        // evaluated_by(C, D) :- evaluated_by(C, E), evaluates(E, D).
        evaluated_by.from_leapjoin(
            &evaluated_by,
            direct.extend_with(|&(evaluated, _)| evaluated),
            |&(_, class), &evaluator| (evaluator, class),
        );
    }
    Relation::from_map(&evaluated_by.complete(), |&(evaluator, class)| {
        (class, evaluator)
    })
}

/// `before(R)`: the class a read names is evaluated before it on every
/// path. `outer_of(scope)` gives the kind of the scope's enclosing scope
/// and its class.
fn before(
    reads: &[Read],
    declarations: &[Declaration],
    local: &Relation<(Id, Id)>,
    evaluated_by: &Relation<(Sym, Sym)>,
    inherits_tc: &Relation<(Sym, Sym)>,
    outer_of: impl Fn(Id) -> (Kind, Option<Sym>),
) -> FxHashSet<usize> {
    let mut before = FxHashSet::default();
    // The first unconditional declaration of class D in scope T, per
    // sequence of code.
    let mut first: FxHashMap<(Id, Sym, FileId), Place> = FxHashMap::default();
    for declaration in declarations.iter().filter(|d| d.unconditional) {
        keep_earliest(
            &mut first,
            (
                declaration.scope,
                declaration.class,
                declaration.place.sequence,
            ),
            declaration.place,
        );
    }
    // declared_in(T, D): scope T declares D unconditionally.
    let declared_in: Relation<(Id, Sym)> = first
        .keys()
        .map(|&(scope, class, _)| (scope, class))
        .collect();
    let evaluators_of = |class: Sym| {
        rows_with(evaluated_by, class, |&(of, _)| of)
            .iter()
            .map(|&(_, evaluator)| evaluator)
    };
    let ancestors_of = |class: Sym| {
        rows_with(inherits_tc, class, |&(of, _)| of)
            .iter()
            .map(|&(_, ancestor)| ancestor)
    };
    // (T, R): scope T is local to the scope of read R, keyed by T.
    let mut read_in: Vec<(Id, usize)> = Vec::new();
    for read in reads {
        let (kind, class) = outer_of(read.scope);
        // "the class itself, and the classes it inherits from, are
        // evaluated before its parameters and body"
        // before(R) :- read(R, S, C), enclosing(S, E), class_scope(K, E),
        //     (K = C ; inherits_tc(K, A), evaluated_by(C, A)).
        if let Some(own) = class {
            if own == read.class
                || ancestors_of(own)
                    .any(|ancestor| evaluated_by.binary_search(&(read.class, ancestor)).is_ok())
            {
                before.insert(read.key);
                continue;
            }
        }
        // "top-level code is evaluated before the node's body"
        // before(R) :- read(R, S, C), enclosing(S, N), scope_kind(N, node),
        //     declared_in(top, D), evaluated_by(C, D).
        if kind == Kind::Node
            && evaluators_of(read.class)
                .any(|evaluator| declared_in.binary_search(&(TOP_SCOPE, evaluator)).is_ok())
        {
            before.insert(read.key);
            continue;
        }
        read_in.extend(
            rows_with(local, read.scope, |&(scope, _)| scope)
                .iter()
                .map(|&(_, outer)| (outer, read.key)),
        );
    }
    // before(R) :- read(R, S, C), local(S, T), declares(T, D, unconditional,
    //     P), P before R, evaluated_by(C, D).
    // Joined from the side with fewer candidates: each (read, local scope)
    // meets the classes declared there that evaluate the read's class.
    let candidates: Relation<(Id, usize)> = read_in.into();
    let met: Relation<((Id, usize), Sym)> = Relation::from_leapjoin(
        &candidates,
        (
            declared_in.extend_with(|&(scope, _)| scope),
            evaluated_by.extend_with(|&(_, key): &(Id, usize)| reads[key].class),
        ),
        |&(scope, key), &evaluator| ((scope, key), evaluator),
    );
    for &((scope, key), evaluator) in met.iter() {
        let read = &reads[key];
        if first
            .get(&(scope, evaluator, read.place.sequence))
            .is_some_and(|place| place.precedes(read.place))
        {
            before.insert(key);
        }
    }
    before
}

/// Whether what the code does not declare is declared by no one: the code
/// has entry points of its own (a class declared in an environment's
/// manifests, in top or node scope) and declares no class by a computed
/// name (`include $x`, `hiera_include`, `create_resources`, `.include`).
/// A module on its own leaves its classes to whoever declares them.
fn closed_code_base(
    extraction: &Extraction,
    sequences: &Sequences,
    declarations: &[Declaration],
) -> bool {
    let facts = &extraction.facts;
    let interner = &extraction.interner;
    let has_entry = declarations
        .iter()
        .any(|declaration| sequences.is_site(declaration.place.file));
    let computed = !facts.declares_dynamic.is_empty()
        || facts.call.iter().any(|row| {
            let name = interner.resolve(row.name);
            matches!(name, "hiera_include" | "create_resources")
                || row.form == CallForm::Method && matches!(name, "include" | "contain" | "require")
        });
    has_entry && !computed
}
