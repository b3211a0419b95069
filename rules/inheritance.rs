//! Class inheritance: its transitive closure, cycles, parents defined
//! nowhere, and parents in other modules.
//!
//! Puppet 7 itself dies with "stack level too deep" and no location on a
//! cycle; this program names every class on it.

use crepe::crepe;
use rustc_hash::FxBuildHasher;

use super::{named_columns, sorted};
use crate::facts::schema::{DefinitionKind, FileId, Sym};
use crate::facts::Extraction;

crepe! {
    @input
    /// `inherits(class, parent, site)`: `site` is the row of the fact.
    struct Inherits(Sym, Sym, u32);

    @input
    /// `class_in(class, file)`: a class definition.
    struct ClassIn(Sym, FileId);

    @input
    /// `file_module(file, module)`.
    struct FileModule(FileId, Sym);

    @output
    /// `inherits_tc(class, ancestor)`.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct InheritsTc(pub Sym, pub Sym);

    @output
    /// `cycle(representative, member)`: `member` is on the inheritance cycle
    /// named by its first class (in interning order).
    #[derive(Debug, PartialOrd, Ord)]
    pub struct Cycle(pub Sym, pub Sym);

    @output
    /// `unknown_parent(class, parent, site)`.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct UnknownParent(pub Sym, pub Sym, pub u32);

    @output
    /// `inherits_across_modules(class, parent, site)`.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct InheritsAcrossModules(pub Sym, pub Sym, pub u32);

    struct Defined(Sym);
    struct ClassModule(Sym, Sym);
    struct SameCycle(Sym, Sym);
    struct NotFirst(Sym);

    // inherits_tc(C, P) :- inherits(C, P, _).
    InheritsTc(class, parent) <- Inherits(class, parent, _);
    // inherits_tc(C, A) :- inherits(C, P, _), inherits_tc(P, A).
    InheritsTc(class, ancestor) <- Inherits(class, parent, _), InheritsTc(parent, ancestor);

    // same_cycle(A, B) :- inherits_tc(A, B), inherits_tc(B, A).
    SameCycle(a, b) <- InheritsTc(a, b), InheritsTc(b, a);
    // not_first(A) :- same_cycle(A, B), B < A.
    NotFirst(a) <- SameCycle(a, b), (b < a);
    // cycle(R, M) :- same_cycle(R, M), !not_first(R).
    Cycle(first, member) <- SameCycle(first, member), !NotFirst(first);

    // defined(C) :- class_in(C, _).
    Defined(class) <- ClassIn(class, _);
    // unknown_parent(C, P, S) :- inherits(C, P, S), !defined(P).
    UnknownParent(class, parent, site) <- Inherits(class, parent, site), !Defined(parent);

    // class_module(C, M) :- class_in(C, F), file_module(F, M).
    ClassModule(class, module) <- ClassIn(class, file), FileModule(file, module);
    // inherits_across_modules(C, P, S) :-
    //     inherits(C, P, S), class_module(C, M1), class_module(P, M2), M1 != M2.
    InheritsAcrossModules(class, parent, site) <-
        Inherits(class, parent, site),
        ClassModule(class, module),
        ClassModule(parent, parent_module),
        (module != parent_module);
}

named_columns! {
    InheritsTc { 0 class: Sym, 1 ancestor: Sym }
    Cycle { 0 representative: Sym, 1 member: Sym }
    UnknownParent { 0 class: Sym, 1 parent: Sym, 2 site: u32 }
    InheritsAcrossModules { 0 class: Sym, 1 parent: Sym, 2 site: u32 }
}

/// What the program derives.
pub struct Output {
    pub inherits_tc: Vec<InheritsTc>,
    pub cycles: Vec<Cycle>,
    pub unknown_parents: Vec<UnknownParent>,
    pub across_modules: Vec<InheritsAcrossModules>,
}

/// Loads the facts and runs the program.
pub fn run(extraction: &Extraction) -> Output {
    let facts = &extraction.facts;
    let mut runtime = Crepe::new();
    runtime.extend(
        facts
            .inherits
            .iter()
            .enumerate()
            .map(|(site, row)| Inherits(row.class, row.parent, site as u32)),
    );
    runtime.extend(
        facts
            .definitions(DefinitionKind::Class)
            .map(|row| ClassIn(row.name, row.file)),
    );
    runtime.extend(
        facts
            .file
            .iter()
            .map(|row| FileModule(row.file, row.module)),
    );
    let (inherits_tc, cycles, unknown_parents, across_modules) =
        runtime.run_with_hasher::<FxBuildHasher>();
    Output {
        inherits_tc: sorted(inherits_tc),
        cycles: sorted(cycles),
        unknown_parents: sorted(unknown_parents),
        across_modules: sorted(across_modules),
    }
}

/// Each cycle, as its classes in inheritance order from its first class.
pub fn in_order(output: &Output, extraction: &Extraction) -> Vec<Vec<Sym>> {
    let mut cycles: Vec<Vec<Sym>> = Vec::new();
    let mut firsts: Vec<Sym> = output.cycles.iter().map(Cycle::representative).collect();
    firsts.dedup();
    for first in firsts {
        let on_cycle = |class: Sym| {
            output
                .cycles
                .iter()
                .any(|cycle| cycle.representative() == first && cycle.member() == class)
        };
        let mut members = vec![first];
        let mut current = first;
        loop {
            let next = extraction
                .facts
                .inherits
                .iter()
                .find(|row| row.class == current && on_cycle(row.parent))
                .map(|row| row.parent);
            match next {
                Some(next) if next != first && !members.contains(&next) => {
                    members.push(next);
                    current = next;
                }
                _ => break,
            }
        }
        cycles.push(members);
    }
    cycles
}
