//! Strings that reach arithmetic through a variable: `$port = '8000'`, then
//! `$port + 80`. Puppet's evaluator coerces the string to a number
//! (`Runtime3Support#coerce_numeric`): a warning under Puppet 7's
//! `strict=warning` (NUMERIC_COERCION), an error under Puppet 8's
//! `strict=error`, and an error under both for a string that is no number.
//!
//! Only what is certain is followed: a read whose innermost local scope
//! (its own, or one its lambdas sit in) assigns the string as a statement,
//! outside any condition, earlier in the same file.

use crepe::crepe;
use rustc_hash::FxBuildHasher;

use super::{named_columns, rows_with, scope, scope_graph, sorted, var_ref_index};
use crate::facts::schema::{FileId, Id, Sym};
use crate::facts::Extraction;

/// A row of `string_value`, by its index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct StringValueRow(pub u32);

/// A line and column, ordered as the text runs.
type Place = (u32, u32);

crepe! {
    @input
    /// `operand(ref, scope, name, file, place)`: a plain variable read that
    /// arithmetic coerces if it holds a string (`coerced_operand`, with its
    /// `var_ref` row).
    struct Operand(Id, Id, Sym, FileId, Place);

    @input
    /// `resolves(ref, declared_in)`, for the operands (the scope
    /// program's).
    struct Resolves(Id, Id);

    @input
    /// `local(scope, outer)`, for the operands' scopes (the scope graph's).
    struct Local(Id, Id);

    @input
    /// `string_value(row, scope, name, file, end)`: `$name = '...'` as an
    /// unconditional statement of `scope`, ending at `end`.
    struct StringValue(StringValueRow, Id, Sym, FileId, Place);

    // local_resolution(R, T) :- operand(R, S, _, _, _), resolves(R, T),
    //     local(S, T).
    struct LocalResolution(Id, Id);

    // shadowed(R) :- local_resolution(R, T), local_resolution(R, U), T != U.
    struct Shadowed(Id);

    @output
    /// `coerced_string(ref, value)`: the operand `ref` holds the string
    /// that `string_value` row `value` assigns.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct CoercedString(pub Id, pub StringValueRow);

    LocalResolution(reference, declared) <-
        Operand(reference, scope, _, _, _),
        Resolves(reference, declared),
        Local(scope, declared);

    // A lambda's parameter or variable hides the name of the scope around
    // it; whichever is innermost, pfacts does not decide here.
    Shadowed(reference) <-
        LocalResolution(reference, one),
        LocalResolution(reference, other),
        (one != other);

    // coerced_string(R, V) :- operand(R, S, N, F, P), local_resolution(R, T),
    //     !shadowed(R), string_value(V, T, N, F, E), E <= P.
    CoercedString(reference, value) <-
        Operand(reference, _, name, file, read_at),
        LocalResolution(reference, declared),
        !Shadowed(reference),
        StringValue(value, declared, name, file, ends_at),
        (ends_at <= read_at);
}

named_columns! {
    CoercedString { 0 reference: Id, 1 value: StringValueRow }
}

/// Loads the operands, their resolutions and local scopes, and the string
/// assignments, and runs the program.
pub fn run(
    extraction: &Extraction,
    scope: &scope::Output,
    graph: &scope_graph::Output,
) -> Vec<CoercedString> {
    let facts = &extraction.facts;
    if facts.coerced_operand.is_empty() {
        return Vec::new();
    }
    let mut runtime = Crepe::new();
    for operand in &facts.coerced_operand {
        let read = &facts.var_ref[var_ref_index(extraction, operand.reference)];
        runtime.extend([Operand(
            read.reference,
            read.scope,
            read.name,
            read.file,
            (read.line, read.col),
        )]);
        let resolutions = rows_with(&scope.resolves, read.reference, |row| row.reference());
        runtime.extend(
            resolutions
                .iter()
                .map(|row| Resolves(row.reference(), row.declared_in())),
        );
        let local = rows_with(&graph.local, read.scope, |row| row.scope());
        runtime.extend(local.iter().map(|row| Local(row.scope(), row.outer())));
    }
    runtime.extend(facts.string_value.iter().enumerate().map(|(index, row)| {
        StringValue(
            StringValueRow(index as u32),
            row.scope,
            row.name,
            row.file,
            (row.line, row.col),
        )
    }));
    let (coerced,) = runtime.run_with_hasher::<FxBuildHasher>();
    sorted(coerced)
}
