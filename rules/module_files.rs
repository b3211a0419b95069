//! Files of modules that code names and the module does not hold: Puppet
//! fails the compilation at `template('m/x.erb')`, `epp('m/x.epp')` and
//! `file('m/x')` ("Could not find template", "Could not find any files
//! from"), and the agent's run fails at a `source` it cannot fetch. A name
//! whose module is not in the tree is no finding here (the module may be
//! installed elsewhere; a missing module is a finding of its own).

use crepe::crepe;
use rustc_hash::FxBuildHasher;

use super::{named_columns, sorted};
use crate::facts::schema::{Id, ModuleDirectory, Sym};
use crate::facts::Extraction;

/// A row of `file_reference`, by its index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FileReferenceRow(pub u32);

crepe! {
    @input
    /// `named_file(row, reference, module, directory, name)`: a
    /// `file_reference`, with the module its name starts with and the
    /// directory Puppet looks in.
    struct NamedFile(FileReferenceRow, Id, Sym, ModuleDirectory, Sym);

    @input
    /// `module_file(directory, name)`: `module_file`.
    struct ModuleFile(ModuleDirectory, Sym);

    @input
    /// `module_directory(module, directory)`: the tree holds the module's
    /// `files/` or `templates/` (a tree that holds a module's manifests
    /// only may lack them: nothing there is judged missing).
    struct ModuleDirectoryOf(Sym, ModuleDirectory);

    struct Found(Id);

    @output
    /// `missing_file(row)`: a named file that no alternative of its
    /// reference finds, in a module that is there.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct MissingFile(pub FileReferenceRow);

    // found(R) :- named_file(_, R, _, D, N), module_file(D, N).
    Found(reference) <- NamedFile(_, reference, _, directory, name), ModuleFile(directory, name);

    // missing_file(W) :- named_file(W, R, M, D, _), module_directory(M, D),
    //     !found(R).
    MissingFile(row) <-
        NamedFile(row, reference, module, directory, _),
        ModuleDirectoryOf(module, directory),
        !Found(reference);
}

named_columns! {
    MissingFile { 0 reference: FileReferenceRow }
}

pub fn run(extraction: &Extraction) -> Vec<MissingFile> {
    let facts = &extraction.facts;
    let interner = &extraction.interner;
    let mut runtime = Crepe::new();
    for (index, row) in facts.file_reference.iter().enumerate() {
        let name = interner.resolve(row.name);
        let module = name.split('/').next().unwrap_or_default();
        // A module name no file carries is no module of the tree.
        if let Some(module) = interner.get(module) {
            let read = FileReferenceRow(index as u32);
            let directory = row.how.directory();
            runtime.extend([NamedFile(read, row.reference, module, directory, row.name)]);
        }
    }
    for row in &facts.module_file {
        runtime.extend([ModuleFile(row.directory, row.name)]);
        let file = &facts.file[row.file.0 as usize - 1];
        runtime.extend([ModuleDirectoryOf(file.module, row.directory)]);
    }
    let (missing,) = runtime.run_with_hasher::<FxBuildHasher>();
    sorted(missing)
}
