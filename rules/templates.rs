//! Templates that render themselves: a template whose code renders, by a
//! name written out, a template that leads back to it (itself, or through
//! others). Puppet renders them until Ruby's stack runs out ("stack level
//! too deep"), unless a condition of the template's code stops it, which
//! the facts do not see.

use crepe::crepe;
use rustc_hash::FxBuildHasher;

use super::{named_columns, sorted};
use crate::facts::schema::{FileId, Sym};
use crate::facts::Extraction;

/// A row of `template_render`, by its index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RenderRow(pub u32);

crepe! {
    @input
    /// `render(row, name, file)`: `template_render`.
    struct Render(RenderRow, Sym, FileId);

    @input
    /// `template(file, name)`: `template_file`.
    struct Template(FileId, Sym);

    struct Renders(FileId, FileId);

    struct Reaches(FileId, FileId);

    @output
    /// `self_rendering(row)`: a render whose template leads back to the
    /// template rendering it.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct SelfRendering(pub RenderRow);

    // renders(F, G) :- render(_, N, F), template(G, N).
    Renders(from, to) <- Render(_, name, from), Template(to, name);

    // reaches(F, G) :- renders(F, G).
    Reaches(from, to) <- Renders(from, to);

    // reaches(F, H) :- reaches(F, G), renders(G, H).
    Reaches(from, further) <- Reaches(from, to), Renders(to, further);

    // self_rendering(R) :- render(R, N, F), template(G, N), reaches(G, F).
    SelfRendering(row) <-
        Render(row, name, from),
        Template(to, name),
        Reaches(to, from);
}

named_columns! {
    SelfRendering { 0 render: RenderRow }
}

pub fn run(extraction: &Extraction) -> Vec<SelfRendering> {
    let facts = &extraction.facts;
    let mut runtime = Crepe::new();
    runtime.extend(
        facts
            .template_render
            .iter()
            .enumerate()
            .map(|(index, row)| Render(RenderRow(index as u32), row.name, row.file)),
    );
    runtime.extend(
        facts
            .template_file
            .iter()
            .map(|row| Template(row.file, row.name)),
    );
    let (found,) = runtime.run_with_hasher::<FxBuildHasher>();
    sorted(found)
}
