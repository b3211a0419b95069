//! The analysis stage's one entry point: [`Analysis`] runs each program the
//! first time a rule or query asks for its output, and [`Analysis::prepare`]
//! runs the programs a set of rules will ask for in parallel, each after
//! the programs it reads.
//!
//! It also reads the facts back by id (a resource, a variable reference,
//! where a use stands), for the reports that turn the programs' rows into
//! text.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use rustc_hash::FxHashMap;

use super::{
    coercions, declarations, defaults, fact_names, hiera_keys, inheritance, legacy_facts,
    module_files, names, privacy, removed_functions, required_resources, scope, scope_graph,
    templates, variables, visibility,
};
use crate::facts::layout::Role;
use crate::facts::schema::{
    FileId, Id, Resource, ResourceAttr, ResourceDefault, Scope, Sym, VarRef,
};
use crate::facts::Extraction;
use crate::timings::time;

/// One Datalog program of the stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Program {
    /// Which scopes are local to which, and what encloses each.
    ScopeGraph,
    /// Static scope: what each variable reference resolves to.
    Scope,
    /// Dynamic default inheritance: which defaults reach which resources.
    Defaults,
    /// Inheritance cycles.
    Inheritance,
    /// Access to private classes, defines, parameters and variables.
    Privacy,
    /// Names that nothing defines.
    Names,
    /// What the compiler refuses about declarations.
    Declarations,
    /// Which variables each scope sees (the `visible-variables` query).
    Visibility,
    /// Which unresolved variable reads are findings of their own.
    Variables,
    /// Reads of Facter's legacy facts.
    LegacyFacts,
    /// Facts read by a name no node has.
    FactNames,
    /// Files of modules that code names and the module lacks.
    ModuleFiles,
    /// Calls of the functions stdlib 9 removed.
    RemovedFunctions,
    /// Hiera data keys that bind no class parameter.
    HieraKeys,
    /// Resources required by name that no code declares.
    RequiredResources,
    /// Templates that render themselves.
    Templates,
    /// Strings that reach arithmetic through a variable.
    Coercions,
}

impl Program {
    /// Every program, in declaration order (`program as usize` is its
    /// place here).
    pub const ALL: &'static [Program] = &[
        Program::ScopeGraph,
        Program::Scope,
        Program::Defaults,
        Program::Inheritance,
        Program::Privacy,
        Program::Names,
        Program::Declarations,
        Program::Visibility,
        Program::Variables,
        Program::LegacyFacts,
        Program::FactNames,
        Program::ModuleFiles,
        Program::RemovedFunctions,
        Program::HieraKeys,
        Program::RequiredResources,
        Program::Templates,
        Program::Coercions,
    ];

    /// The programs whose output this one reads.
    fn reads(self) -> &'static [Program] {
        match self {
            Program::Scope => &[Program::Inheritance, Program::ScopeGraph],
            Program::Privacy | Program::Defaults => &[Program::ScopeGraph],
            Program::Visibility | Program::Coercions => &[Program::Scope, Program::ScopeGraph],
            Program::Declarations => &[Program::Defaults, Program::Inheritance],
            Program::Variables => &[Program::Scope, Program::Names, Program::Privacy],
            Program::LegacyFacts | Program::FactNames => &[Program::Scope],
            _ => &[],
        }
    }
}

/// The programs that the scope program, the longest, reads.
const GATES: [Program; 2] = [Program::ScopeGraph, Program::Inheritance];

/// The facts, and what the programs derive from them, each derived once.
pub struct Analysis<'a> {
    pub extraction: &'a Extraction,
    scope_graph: OnceLock<scope_graph::Output>,
    scope: OnceLock<scope::Output>,
    defaults: OnceLock<defaults::Output>,
    inheritance: OnceLock<inheritance::Output>,
    privacy: OnceLock<privacy::Output>,
    names: OnceLock<names::Output>,
    declarations: OnceLock<declarations::Output>,
    visibility: OnceLock<Vec<visibility::Visible>>,
    variables: OnceLock<Vec<variables::UnknownVariable>>,
    legacy_facts: OnceLock<legacy_facts::Output>,
    fact_names: OnceLock<fact_names::Output>,
    module_files: OnceLock<Vec<module_files::MissingFile>>,
    removed_functions: OnceLock<removed_functions::Output>,
    hiera_keys: OnceLock<hiera_keys::HieraKeys>,
    required_resources: OnceLock<Vec<required_resources::DeclaredNowhere>>,
    templates: OnceLock<Vec<templates::SelfRendering>>,
    coercions: OnceLock<Vec<coercions::CoercedString>>,
    /// `resource_default` rows by `(def, attr)`.
    default_rows: OnceLock<FxHashMap<(Id, Sym), usize>>,
    /// `resource_attr` rows by `(res, attr)`.
    attribute_rows: OnceLock<FxHashMap<(Id, Sym), usize>>,
}

impl<'a> Analysis<'a> {
    /// The analysis of `extraction`; no program has run yet.
    pub fn new(extraction: &'a Extraction) -> Analysis<'a> {
        Analysis {
            extraction,
            scope_graph: OnceLock::new(),
            scope: OnceLock::new(),
            defaults: OnceLock::new(),
            inheritance: OnceLock::new(),
            privacy: OnceLock::new(),
            names: OnceLock::new(),
            declarations: OnceLock::new(),
            visibility: OnceLock::new(),
            variables: OnceLock::new(),
            legacy_facts: OnceLock::new(),
            fact_names: OnceLock::new(),
            module_files: OnceLock::new(),
            removed_functions: OnceLock::new(),
            hiera_keys: OnceLock::new(),
            required_resources: OnceLock::new(),
            templates: OnceLock::new(),
            coercions: OnceLock::new(),
            default_rows: OnceLock::new(),
            attribute_rows: OnceLock::new(),
        }
    }

    /// Runs `programs` and the programs they read, in parallel: each starts
    /// as soon as those it reads have finished, so that no thread waits on
    /// a program another thread runs.
    pub fn prepare(&self, programs: &[Program]) {
        let mut wanted = [false; Program::ALL.len()];
        let mut stack: Vec<Program> = programs.to_vec();
        while let Some(program) = stack.pop() {
            if !std::mem::replace(&mut wanted[program as usize], true) {
                stack.extend(program.reads());
            }
        }
        // The programs the scope program reads run first, side by side:
        // they are short, and the scope program and those after it are the
        // longest path, which others queued before them would delay.
        let gate = |program: Program| wanted[program as usize] && GATES.contains(&program);
        let run_gate = |program: Program| {
            if gate(program) {
                self.run(program);
            }
        };
        rayon::join(|| run_gate(GATES[0]), || run_gate(GATES[1]));
        // How many of the programs each one reads have yet to finish.
        let unfinished: Vec<AtomicUsize> = Program::ALL
            .iter()
            .map(|program| {
                let waits_on = program.reads().iter().filter(|&&read| !gate(read));
                AtomicUsize::new(waits_on.count())
            })
            .collect();
        rayon::scope(|threads| {
            // A thread takes the program spawned last first: the order of
            // `Program::ALL`, reversed, starts the scope program at once.
            for &program in Program::ALL.iter().rev() {
                let ready = unfinished[program as usize].load(Ordering::Acquire) == 0;
                if wanted[program as usize] && !GATES.contains(&program) && ready {
                    self.start(threads, program, &wanted, &unfinished);
                }
            }
        });
    }

    /// Runs `program` on a thread of `threads`, then starts each wanted
    /// program of which it was the last unfinished read.
    fn start<'s>(
        &'s self,
        threads: &rayon::Scope<'s>,
        program: Program,
        wanted: &'s [bool],
        unfinished: &'s [AtomicUsize],
    ) {
        threads.spawn(move |threads| {
            self.run(program);
            for &next in Program::ALL.iter().rev() {
                if wanted[next as usize]
                    && next.reads().contains(&program)
                    && unfinished[next as usize].fetch_sub(1, Ordering::AcqRel) == 1
                {
                    self.start(threads, next, wanted, unfinished);
                }
            }
        });
    }

    fn run(&self, program: Program) {
        match program {
            Program::ScopeGraph => {
                self.scope_graph();
            }
            Program::Scope => {
                self.scope();
            }
            Program::Defaults => {
                self.defaults();
            }
            Program::Inheritance => {
                self.inheritance();
            }
            Program::Privacy => {
                self.privacy();
            }
            Program::Names => {
                self.names();
            }
            Program::Declarations => {
                self.declarations();
            }
            Program::Visibility => {
                self.visibility();
            }
            Program::Variables => {
                self.variables();
            }
            Program::LegacyFacts => {
                self.legacy_facts();
            }
            Program::FactNames => {
                self.fact_names();
            }
            Program::ModuleFiles => {
                self.module_files();
            }
            Program::RemovedFunctions => {
                self.removed_functions();
            }
            Program::HieraKeys => {
                self.hiera_keys();
            }
            Program::RequiredResources => {
                self.required_resources();
            }
            Program::Templates => {
                self.templates();
            }
            Program::Coercions => {
                self.coercions();
            }
        }
    }

    pub fn scope_graph(&self) -> &scope_graph::Output {
        self.scope_graph
            .get_or_init(|| time("rules: scope graph", || scope_graph::run(self.extraction)))
    }

    pub fn scope(&self) -> &scope::Output {
        self.scope.get_or_init(|| {
            let inherits = &self.inheritance().inherits_tc;
            let graph = self.scope_graph();
            time("rules: scope", || {
                scope::run(self.extraction, inherits, graph)
            })
        })
    }

    pub fn defaults(&self) -> &defaults::Output {
        self.defaults.get_or_init(|| {
            let graph = self.scope_graph();
            time("rules: defaults", || defaults::run(self.extraction, graph))
        })
    }

    pub fn inheritance(&self) -> &inheritance::Output {
        self.inheritance
            .get_or_init(|| time("rules: inheritance", || inheritance::run(self.extraction)))
    }

    /// Each inheritance cycle, as its classes in inheritance order from
    /// its first class.
    pub fn inheritance_cycles(&self) -> Vec<Vec<Sym>> {
        inheritance::in_order(self.inheritance(), self.extraction)
    }

    pub fn privacy(&self) -> &privacy::Output {
        self.privacy.get_or_init(|| {
            let local = &self.scope_graph().local;
            time("rules: privacy", || privacy::run(self.extraction, local))
        })
    }

    pub fn names(&self) -> &names::Output {
        self.names
            .get_or_init(|| time("rules: names", || names::run(self.extraction)))
    }

    pub fn declarations(&self) -> &declarations::Output {
        self.declarations.get_or_init(|| {
            let (applies, inherits) = (&self.defaults().applies, &self.inheritance().inherits_tc);
            time("rules: declarations", || {
                declarations::run(self.extraction, applies, inherits)
            })
        })
    }

    pub fn visibility(&self) -> &[visibility::Visible] {
        self.visibility.get_or_init(|| {
            let sees = &self.scope().sees;
            let local = &self.scope_graph().local;
            time("rules: visibility", || {
                visibility::run(self.extraction, sees, local)
            })
        })
    }

    /// The variable reads that bring a string to arithmetic.
    pub fn coercions(&self) -> &[coercions::CoercedString] {
        self.coercions.get_or_init(|| {
            let (scope, graph) = (self.scope(), self.scope_graph());
            time("rules: coercions", || {
                coercions::run(self.extraction, scope, graph)
            })
        })
    }

    /// The unresolved variable reads that are findings of their own.
    pub fn variables(&self) -> &[variables::UnknownVariable] {
        self.variables.get_or_init(|| {
            let (scopes, names, privacy) = (self.scope(), self.names(), self.privacy());
            time("rules: variables", || {
                variables::run(self.extraction, scopes, names, privacy)
            })
        })
    }

    /// The reads of legacy facts.
    pub fn legacy_facts(&self) -> &legacy_facts::Output {
        self.legacy_facts.get_or_init(|| {
            let scope = self.scope();
            time("rules: legacy facts", || {
                legacy_facts::run(self.extraction, scope)
            })
        })
    }

    /// The facts read by a name no node has.
    pub fn fact_names(&self) -> &fact_names::Output {
        self.fact_names.get_or_init(|| {
            let scope = self.scope();
            time("rules: fact names", || {
                fact_names::run(self.extraction, scope)
            })
        })
    }

    /// The files of modules that code names and the module lacks.
    pub fn module_files(&self) -> &[module_files::MissingFile] {
        self.module_files
            .get_or_init(|| time("rules: module files", || module_files::run(self.extraction)))
    }

    /// The calls of functions stdlib 9 removed or deprecated.
    pub fn removed_functions(&self) -> &removed_functions::Output {
        self.removed_functions.get_or_init(|| {
            time("rules: removed functions", || {
                removed_functions::run(self.extraction)
            })
        })
    }

    /// The Hiera data keys that bind no class parameter.
    pub fn required_resources(&self) -> &[required_resources::DeclaredNowhere] {
        self.required_resources.get_or_init(|| {
            time("rules: required resources", || {
                required_resources::run(self.extraction)
            })
        })
    }

    pub fn templates(&self) -> &[templates::SelfRendering] {
        self.templates
            .get_or_init(|| time("rules: templates", || templates::run(self.extraction)))
    }

    pub fn hiera_keys(&self) -> &hiera_keys::HieraKeys {
        self.hiera_keys
            .get_or_init(|| time("rules: hiera keys", || hiera_keys::run(self.extraction)))
    }

    pub fn text(&self, sym: Sym) -> &'a str {
        self.extraction.interner.resolve(sym)
    }

    pub fn path(&self, file: FileId) -> PathBuf {
        let row = &self.extraction.facts.file[file.0 as usize - 1];
        debug_assert_eq!(row.file, file);
        PathBuf::from(self.text(row.path))
    }

    pub fn module_of(&self, file: FileId) -> &'a str {
        self.text(self.extraction.facts.file[file.0 as usize - 1].module)
    }

    /// What `file` is to its module or environment.
    pub fn role_of(&self, file: FileId) -> Role {
        self.extraction.facts.file[file.0 as usize - 1].role
    }

    /// The variable reference `reference` (an id of `var_ref`).
    pub fn var_ref(&self, reference: Id) -> &'a VarRef {
        let rows = &self.extraction.facts.var_ref;
        let index = rows
            .binary_search_by_key(&reference, |row| row.reference)
            .expect("references come from var_ref");
        &rows[index]
    }

    /// The row of scope `scope`, but for top scope (which has none).
    pub fn scope_row(&self, scope: Id) -> Option<&'a Scope> {
        let rows = &self.extraction.facts.scope;
        let index = rows.binary_search_by_key(&scope, |row| row.scope).ok()?;
        Some(&rows[index])
    }

    /// The resource `res` (an id of `resource`).
    pub fn resource(&self, res: Id) -> &'a Resource {
        let rows = &self.extraction.facts.resource;
        &rows[rows
            .binary_search_by_key(&res, |row| row.res)
            .expect("resources come from resource")]
    }

    /// The column of a resource: its expression's, when the resource's
    /// title stands on the expression's first line (else 1).
    pub fn resource_column(&self, resource: &Resource) -> u32 {
        let rows = &self.extraction.facts.resource_expression;
        rows.binary_search_by_key(&resource.expr, |row| row.expr)
            .ok()
            .map(|index| &rows[index])
            .filter(|expression| expression.line == resource.line)
            .map_or(1, |expression| expression.col)
    }

    /// `Type[title]`, as Puppet names a resource (`Class[Apache::Mod]`).
    pub fn resource_name(&self, resource: &Resource) -> String {
        let (type_name, title) = (self.text(resource.type_name), self.text(resource.title));
        let title = if type_name == "class" {
            crate::facts::names::capitalize(title)
        } else {
            title.to_string()
        };
        format!("{}[{title}]", crate::facts::names::capitalize(type_name))
    }

    /// The row of the default expression `def` that sets `attr` (its
    /// first, as a default that sets an attribute twice gives it its first
    /// value here).
    pub fn default_row(&self, def: Id, attr: Sym) -> Option<&'a ResourceDefault> {
        let rows = &self.extraction.facts.resource_default;
        let index = self
            .default_rows
            .get_or_init(|| first_rows(rows, |row| (row.def, row.attr)));
        index.get(&(def, attr)).map(|&index| &rows[index])
    }

    /// The row of resource `res` that sets `attr` (its first, as Puppet
    /// refuses a second).
    pub fn attribute_row(&self, res: Id, attr: Sym) -> Option<&'a ResourceAttr> {
        let rows = &self.extraction.facts.resource_attr;
        let index = self
            .attribute_rows
            .get_or_init(|| first_rows(rows, |row| (row.res, row.attr)));
        index.get(&(res, attr)).map(|&index| &rows[index])
    }

    /// The line and column of a use.
    pub fn site_location(&self, site: privacy::Site) -> (u32, u32) {
        let facts = &self.extraction.facts;
        match site {
            privacy::Site::Declares(index) => {
                let row = &facts.declares[index as usize];
                (row.line, row.col)
            }
            privacy::Site::Inherits(index) => {
                let row = &facts.inherits[index as usize];
                (row.line, row.col)
            }
            privacy::Site::Resource(index) => {
                let resource = &facts.resource[index as usize];
                (resource.line, self.resource_column(resource))
            }
            privacy::Site::Relationship(index) => {
                let row = &facts.relationship[index as usize];
                (row.line, row.col)
            }
            privacy::Site::VarRef(index) => {
                let row = &facts.var_ref[index as usize];
                (row.line, row.col)
            }
            privacy::Site::ParamRef(index) => {
                let row = &facts.resource_param_ref[index as usize];
                (row.line, row.col)
            }
        }
    }
}

/// The index of the first row of `rows` with each key.
fn first_rows<T, K: std::hash::Hash + Eq>(
    rows: &[T],
    key_of: impl Fn(&T) -> K,
) -> FxHashMap<K, usize> {
    let mut index = FxHashMap::default();
    for (at, row) in rows.iter().enumerate() {
        index.entry(key_of(row)).or_insert(at);
    }
    index
}
