//! The analysis stage, as Datalog programs, one per concern: in crepe, or
//! in datafrog (as polonius writes its own) where the inputs are rows per
//! resource, attribute or variable reference, which crepe's hash indexes
//! (a vector per key, for every join and negation) make slow. Each
//! program loads the facts it needs (`run`) and returns what it derives;
//! [`Analysis`] is the stage's entry point, which runs them as the rules in
//! `src/lints/` and the queries ask, and these turn what they derive into
//! diagnostics and tables. Nothing here reads from the stages after it.
//!
//! Above every rule stands its clause in plain Datalog notation and, where
//! it implements the language specification, the sentence it implements,
//! cited by its document's title and section ("Names, Scope and Access
//! Control", Access Control).

pub mod analysis;
pub mod coercions;
pub mod declarations;
pub mod defaults;
pub mod fact_names;
mod first_declarations;
pub mod hiera_keys;
pub mod inheritance;
pub mod legacy_facts;
pub mod module_files;
pub mod names;
pub mod privacy;
pub mod removed_functions;
pub mod required_resources;
pub mod scope;
pub mod scope_graph;
pub mod templates;
pub mod variables;
pub mod visibility;

pub use analysis::{Analysis, Program};

use datafrog::Relation;

use rustc_hash::FxHashMap;

use crate::facts::layout::Role;
use crate::facts::schema::{FileId, Id, ScopeKind};
use crate::facts::Extraction;

/// Names the columns of output relations, which are tuple structs:
/// `named_columns! { Sees { 0 scope: Id, 1 seen: Id } }` gives
/// `Sees::scope` and `Sees::seen`, so that readers never count positions.
macro_rules! named_columns {
    ($($relation:ident { $($index:tt $column:ident: $type:ty),+ $(,)? })+) => {
        $(
            impl $relation {
                $(
                    #[doc = concat!("The `", stringify!($column), "` column.")]
                    pub fn $column(&self) -> $type {
                        self.$index
                    }
                )+
            }
        )+
    };
}
use named_columns;

/// Where a statement stands in evaluation order: statements of one
/// sequence are evaluated in order, which is what evaluation order
/// programs compare. A file's code is a sequence; so is the top-level code
/// of one environment's manifests, file after file (see [`Sequences`]).
/// Places order by sequence, then position in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Place {
    /// The sequence's first file.
    sequence: FileId,
    /// The file's rank in the sequence.
    rank: u32,
    line: u32,
    col: u32,
    file: FileId,
}

impl Place {
    /// In the same sequence, before `other`.
    fn precedes(self, other: Place) -> bool {
        self.sequence == other.sequence
            && (self.rank, self.line, self.col) < (other.rank, other.line, other.col)
    }
}

/// The order in which Puppet runs the code of files: "If the manifest
/// setting points to a directory, parse and combine all .pp files in that
/// directory" (Puppet 7, `Environment#perform_initial_import`:
/// `PathPattern.absolute(File.join(file, '**/*.pp')).glob.sort`), so an
/// environment's manifests are one sequence in the byte order of their
/// paths; every other file is a sequence of its own.
struct Sequences {
    /// The sequence and rank of each environment manifest.
    site: FxHashMap<FileId, (FileId, u32)>,
}

impl Sequences {
    fn new(extraction: &Extraction) -> Sequences {
        let interner = &extraction.interner;
        let mut by_environment: FxHashMap<_, Vec<_>> = FxHashMap::default();
        for row in extraction
            .facts
            .file
            .iter()
            .filter(|row| row.role == Role::EnvironmentManifest)
        {
            by_environment
                .entry(row.environment)
                .or_default()
                .push((interner.resolve(row.path), row.file));
        }
        let mut site = FxHashMap::default();
        for files in by_environment.values_mut() {
            files.sort_unstable_by(|(one, _), (other, _)| {
                crate::source::glob_order(std::path::Path::new(one), std::path::Path::new(other))
            });
            let first = files
                .iter()
                .map(|&(_, file)| file)
                .min()
                .unwrap_or_default();
            for (rank, &(_, file)) in files.iter().enumerate() {
                site.insert(file, (first, rank as u32));
            }
        }
        Sequences { site }
    }

    /// Whether `file` is one of an environment's manifests, whose
    /// top-level code Puppet runs (not a module's examples).
    fn is_site(&self, file: FileId) -> bool {
        self.site.contains_key(&file)
    }

    /// Where the statement at `line` and `col` of `file` stands.
    fn place(&self, file: FileId, line: u32, col: u32) -> Place {
        let (sequence, rank) = self.site.get(&file).copied().unwrap_or((file, 0));
        Place {
            sequence,
            rank,
            line,
            col,
            file,
        }
    }
}

/// Keeps in `first` the earliest place (or what is ordered by place) of
/// each key.
fn keep_earliest<K: std::hash::Hash + Eq, P: Ord + Copy>(
    first: &mut FxHashMap<K, P>,
    key: K,
    place: P,
) {
    first
        .entry(key)
        .and_modify(|earliest| *earliest = (*earliest).min(place))
        .or_insert(place);
}

/// A program's output in a stable order.
fn sorted<T: Ord>(rows: impl IntoIterator<Item = T>) -> Vec<T> {
    let mut rows: Vec<T> = rows.into_iter().collect();
    rows.sort();
    rows
}

/// `input`'s tuples whose key `without` lacks, through `logic`: datafrog's
/// own `Relation::from_antijoin` reads no tuple of a relation (2.0.1,
/// where it reads only a variable's recent ones).
fn antijoin<Key: Ord, Value: Ord, Result: Ord>(
    input: &Relation<(Key, Value)>,
    without: &Relation<Key>,
    mut logic: impl FnMut(&Key, &Value) -> Result,
) -> Relation<Result> {
    let mut rest: &[Key] = without;
    input
        .iter()
        .filter(|(key, _)| {
            rest = &rest[rest.partition_point(|other| other < key)..];
            rest.first() != Some(key)
        })
        .map(|(key, value)| logic(key, value))
        .collect()
}

/// The rows of `rows`, sorted by `key_of`, whose key is `key`.
pub fn rows_with<T, K: Ord>(rows: &[T], key: K, key_of: impl Fn(&T) -> K) -> &[T] {
    let start = rows.partition_point(|row| key_of(row) < key);
    let length = rows[start..].partition_point(|row| key_of(row) == key);
    &rows[start..start + length]
}

/// The scope graph, every scope but top scope, as datafrog relations.
struct ScopeRelations {
    /// `scope_kind(scope, kind)`.
    kind: Relation<(Id, ScopeKind)>,
    /// `lexical_parent(scope, parent)`.
    lexical_parent: Relation<(Id, Id)>,
}

fn scope_relations(extraction: &Extraction) -> ScopeRelations {
    let scopes = &extraction.facts.scope;
    ScopeRelations {
        kind: scopes.iter().map(|row| (row.scope, row.kind)).collect(),
        lexical_parent: scopes
            .iter()
            .map(|row| (row.scope, row.lexical_parent))
            .collect(),
    }
}

/// The scopes of `kind` in `scope_kind`, as a set.
fn of_kind(scope_kind: &Relation<(Id, ScopeKind)>, kind: ScopeKind) -> Relation<(Id, ())> {
    scope_kind
        .iter()
        .filter(|&&(_, of)| of == kind)
        .map(|&(scope, _)| (scope, ()))
        .collect()
}

/// The union of `relations`: each is sorted, and merging keeps it so.
/// Each merge copies what was merged before it, so the smallest go
/// first and the largest relation is copied once.
fn union<T: Ord>(relations: impl IntoIterator<Item = Relation<T>>) -> Relation<T> {
    let mut relations: Vec<Relation<T>> = relations.into_iter().collect();
    relations.sort_by_key(|relation| relation.len());
    relations
        .into_iter()
        .fold(Relation::from_vec(Vec::new()), Relation::merge)
}

/// `(scope, name, private)` of every variable assigned and parameter
/// declared.
fn assignments(
    extraction: &Extraction,
) -> impl Iterator<Item = (crate::facts::schema::Id, crate::facts::schema::Sym, bool)> + '_ {
    let facts = &extraction.facts;
    let variables = facts
        .var_assign
        .iter()
        .map(|row| (row.scope, row.name, row.private));
    let parameters = facts
        .param_decl
        .iter()
        .map(|row| (row.scope, row.name, row.private));
    variables.chain(parameters)
}

/// The index of reference `reference` in `var_ref`, which is in id order.
pub(super) fn var_ref_index(extraction: &Extraction, reference: Id) -> usize {
    extraction
        .facts
        .var_ref
        .binary_search_by_key(&reference, |row| row.reference)
        .expect("the scope program's references are var_ref rows")
}
