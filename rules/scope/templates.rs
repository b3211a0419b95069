//! EPP template files: which scopes render each (by the name `epp()` is
//! given), and the arguments that become a template's variables when it
//! declares no parameters (Puppet's `EppEvaluator`: "when the template
//! declares none, they become its variables").

use datafrog::Relation;
use rustc_hash::FxHashMap;

use super::super::antijoin;
use super::evaluation::QualifiedRead;
use super::{EppArgumentsForm, FileId, Id, Input, Sym};
use crate::facts::Extraction;

/// `(ref, (scope, template, caller_file, template_file))`: an `epp()` call
/// and a template of the name it gives.
type Candidate = (Id, (Id, Id, FileId, FileId));

/// What the scope program knows of templates.
pub struct Templates {
    /// `renders(scope, template)`, keyed by the rendering scope.
    pub renders: Relation<(Id, Id)>,
    /// `rendered_by(template, (scope, ref))`: the `epp()` call `ref` in
    /// `scope` renders `template`.
    pub rendered_by: Relation<(Id, (Id, Id))>,
    /// `unrendered(template)`: no code renders it by a name pfacts reads.
    pub unrendered: Relation<(Id, ())>,
    /// `template_argument((template, name), ())`: a variable an `epp()`
    /// call gives a template that declares no parameters.
    pub arguments: Relation<((Id, Sym), ())>,
    /// `may_be_argument(ref)`: a read in a template without parameters
    /// that a caller gives computed arguments, or whose callers pfacts does
    /// not know: any name may be bound there.
    pub open_reads: Relation<Id>,
}

pub fn templates(extraction: &Extraction, input: &Input, local: &Relation<(Id, Id)>) -> Templates {
    // rendered_by(Ref, S, T) :- epp_reference(X, S, Ref),
    //     template_file(X, F), template_scope(F, T), nearest(Ref, F).
    let rendered_files: Relation<(FileId, (Id, Id, FileId))> = Relation::from_join(
        &input.epp_reference,
        &input.template_file,
        |_, &call, &file| (file, call),
    );
    let candidates: Relation<Candidate> = Relation::from_join(
        &rendered_files,
        &input.template_scope,
        |&file, &(scope, reference, caller), &template| {
            (reference, (scope, template, caller, file))
        },
    );
    let rendered_by = nearest_copies(extraction, &candidates);
    // renders(S, T) :- rendered_by(_, S, T).
    let renders: Relation<(Id, Id)> =
        Relation::from_map(&rendered_by, |&(_, (scope, template))| (scope, template));
    // unrendered(T) :- template_scope(_, T), !renders(_, T).
    let rendered: Relation<Id> = Relation::from_map(&renders, |&(_, template)| template);
    let templates: Relation<(Id, ())> =
        Relation::from_map(&input.template_scope, |&(_, template)| (template, ()));
    let unrendered = antijoin(&templates, &rendered, |&template, &()| (template, ()));
    // parameterless(T) :- template_scope(_, T), !parameter(T, _).
    let with_parameters: Relation<Id> =
        Relation::from_map(&input.parameter, |&((scope, _), ())| scope);
    let parameterless = antijoin(&templates, &with_parameters, |&template, &()| {
        (template, ())
    });
    // given(Ref, T) :- rendered_by(Ref, _, T), parameterless(T).
    let given: Relation<(Id, Id)> = Relation::from_join(
        &Relation::from_map(&rendered_by, |&(reference, (_, template))| {
            (template, reference)
        }),
        &parameterless,
        |&template, &reference, &()| (reference, template),
    );
    // template_argument(T, X) :- given(Ref, T), epp_argument(Ref, X).
    let arguments = Relation::from_join(&given, &input.epp_argument, |_, &template, &name| {
        ((template, name), ())
    });
    // open(T) :- given(Ref, T), epp_arguments(Ref, computed).
    // open(T) :- parameterless(T), unrendered(T).
    let computed: Relation<(Id, ())> = input
        .epp_arguments
        .iter()
        .filter(|&&(_, form)| form == EppArgumentsForm::Computed)
        .map(|&(reference, _)| (reference, ()))
        .collect();
    let open: Relation<(Id, ())> =
        Relation::from_join(&given, &computed, |_, &template, &()| (template, ())).merge(
            Relation::from_join(&parameterless, &unrendered, |&template, &(), &()| {
                (template, ())
            }),
        );
    // may_be_argument(R) :- plain_ref(R, S, _), local(S, T), open(T).
    let open_scopes: Relation<(Id, ())> = Relation::from_join(
        &Relation::from_map(local, |&(scope, outer)| (outer, scope)),
        &open,
        |_, &scope, &()| (scope, ()),
    );
    let open_reads = Relation::from_join(
        &Relation::from_map(&input.plain_ref, |&(reference, scope, _)| {
            (scope, reference)
        }),
        &open_scopes,
        |_, &reference, &()| reference,
    );
    Templates {
        renders,
        rendered_by: Relation::from_map(&rendered_by, |&(reference, (scope, template))| {
            (template, (scope, reference))
        }),
        unrendered,
        arguments,
        open_reads,
    }
}

/// Of the templates of one name (copies of a module in several control
/// repositories or module directories), the calls render those nearest to
/// them: whose paths share the most leading directories with the caller's.
fn nearest_copies(
    extraction: &Extraction,
    candidates: &Relation<Candidate>,
) -> Relation<(Id, (Id, Id))> {
    let path = |file: FileId| {
        let row = &extraction.facts.file[file.0 as usize - 1];
        std::path::Path::new(extraction.interner.resolve(row.path))
    };
    let shared = |caller: FileId, template: FileId| {
        path(caller)
            .components()
            .zip(path(template).components())
            .take_while(|(a, b)| a == b)
            .count()
    };
    let mut kept = Vec::with_capacity(candidates.len());
    for group in candidates.elements.chunk_by(|a, b| a.0 == b.0) {
        let nearest = match group {
            [_] => 0,
            _ => group
                .iter()
                .map(|&(_, (_, _, caller, file))| shared(caller, file))
                .max()
                .unwrap_or(0),
        };
        kept.extend(
            group
                .iter()
                .filter(|&&(_, (_, _, caller, file))| {
                    group.len() == 1 || shared(caller, file) == nearest
                })
                .map(|&(reference, (scope, template, ..))| (reference, (scope, template))),
        );
    }
    kept.into()
}

/// The qualified reads `(ref, scope, class)`, each as it happens: a read in
/// a template, at each `epp()` call that renders it, in the caller's scope
/// (the class it reads must be evaluated by then); any other where it is
/// written.
pub fn reads_where_they_happen(
    extraction: &Extraction,
    reads: &[(Id, Id, Sym)],
    templates: &Templates,
    local: &Relation<(Id, Id)>,
) -> Vec<QualifiedRead> {
    let rendered_templates: FxHashMap<Id, Vec<(Id, Id)>> = templates.rendered_by.iter().fold(
        FxHashMap::default(),
        |mut by_template, &(template, call)| {
            by_template
                .entry(template)
                .or_insert_with(Vec::new)
                .push(call);
            by_template
        },
    );
    let written = |&(reference, scope, class): &(Id, Id, Sym)| QualifiedRead {
        reference,
        scope,
        class,
        at: None,
    };
    if rendered_templates.is_empty() {
        return reads.iter().map(written).collect();
    }
    // A scope within a rendered template, and the template.
    let in_template: FxHashMap<Id, Id> = local
        .iter()
        .filter(|&&(_, outer)| rendered_templates.contains_key(&outer))
        .copied()
        .collect();
    let calls: FxHashMap<Id, (FileId, u32, u32)> = extraction
        .facts
        .file_reference
        .iter()
        .map(|row| (row.reference, (row.file, row.line, row.col)))
        .collect();
    let mut happening = Vec::with_capacity(reads.len());
    for read in reads {
        let &(reference, scope, class) = read;
        let renders = in_template
            .get(&scope)
            .and_then(|template| rendered_templates.get(template));
        match renders {
            Some(renders) => {
                happening.extend(renders.iter().map(|&(caller, call)| QualifiedRead {
                    reference,
                    scope: caller,
                    class,
                    at: calls.get(&call).copied(),
                }))
            }
            None => happening.push(written(read)),
        }
    }
    happening
}
