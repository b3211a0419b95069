//! Facts: what the extractor reads off syntax trees, as typed relations.
//!
//! [`extract_paths`] finds manifests and Ruby plugins, parses and extracts
//! them in parallel, and merges each file's facts in path order, so that
//! symbols and ids are the same on every run over the same tree.

pub mod ast;
pub mod builtins;
pub mod columns;
mod data_dirs;
pub mod epp;
pub mod export;
pub mod extract;
pub mod heredoc;
pub mod intern;
pub mod issues;
pub mod layout;
mod lines;
pub mod loading;
pub mod names;
pub mod numeric;
pub mod rewrite;
pub mod ruby;
mod ruby_removed;
pub mod schema;
mod suppression;
pub mod text_reads;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::diagnostic::{Diagnostic, Kind};
use crate::source;
use crate::syntax;
use crate::timings::Part;
use data_dirs::DataDirs;
use intern::Interner;
use layout::{Layout, Placement, Role};
use schema::{
    DataValue, FactRead, Facts, FileId, FileReferenceHow, Known, KnownKind, ModuleDirectory,
    ModuleFile, ModulepathEntry, ModulepathState, ParseError, Remap, Sym, TemplateFile,
    TemplateRender, TemplateVariable, TypeParam,
};

/// The facts of a tree of files.
#[derive(Debug, Default)]
pub struct Extraction {
    pub facts: Facts,
    pub interner: Interner,
    /// I/O errors and problems of the analyzed files (syntax errors
    /// included), in path order.
    pub diagnostics: Vec<Diagnostic>,
    /// Files read and their size.
    pub files: usize,
    pub bytes: usize,
}

/// What one file gave, with file-local symbols and ids.
struct FileOutput {
    path: PathBuf,
    placement: Placement,
    facts: Facts,
    interner: Interner,
    ids: u32,
    bytes: usize,
    diagnostics: Vec<Diagnostic>,
}

impl FileOutput {
    /// A file's output before anything is read from it.
    fn empty(path: PathBuf, placement: Placement) -> FileOutput {
        FileOutput {
            path,
            placement,
            facts: Facts::default(),
            interner: Interner::default(),
            ids: 1,
            bytes: 0,
            diagnostics: Vec::new(),
        }
    }
}

/// The files discovery keeps: those read, and those that may be Hiera
/// data (which the layers' configurations decide once read).
fn wanted(path: &std::path::Path) -> bool {
    read_whatever_the_layers(path) || source::is_data_text(path)
}

/// The files read whatever the Hiera layers' data directories.
fn read_whatever_the_layers(path: &std::path::Path) -> bool {
    source::is_manifest(path)
        || source::is_ruby_plugin(path)
        || source::is_ruby_library(path)
        || source::is_template(path)
        || source::is_erb_template(path)
        || source::is_environment_conf(path)
        || source::is_external_fact(path)
        || source::is_metadata(path)
}

/// What the configuration adds to the files themselves.
#[derive(Debug)]
pub struct Input {
    /// Paths not to analyze (gitignore patterns rooted at the
    /// configuration's directory).
    pub ignore: ignore::gitignore::Gitignore,
    /// The configuration's `modulepath`, when it sets one.
    pub modulepath: Option<ConfiguredModulepath>,
    /// Names known without a definition, as `(kind, name)` with the kinds
    /// of the `known` relation.
    pub known: Vec<(KnownKind, String)>,
    /// Functions of the site that declare classes.
    pub class_functions: Vec<ClassFunction>,
    /// Whether to look in Ruby files for the APIs Ruby 3 removed (the
    /// `ruby_removed` relation). Only its rule reads them: a check with
    /// the rule off skips the scan, and the Ruby files that define no
    /// name (providers, utilities) are then not read at all.
    pub removed_ruby_apis: bool,
}

/// A function of the site that includes a class for each argument
/// (`role(mediawiki::appserver)` includes `role::mediawiki::appserver`),
/// as the configuration says: its declarations are `include`'s.
#[derive(Debug, Clone)]
pub struct ClassFunction {
    pub function: String,
    /// The class, `{}` standing for the argument.
    pub includes: String,
}

/// The `modulepath` of a configuration file: directories whose
/// subdirectories are modules.
#[derive(Debug)]
pub struct ConfiguredModulepath {
    /// The configuration file, and the line that sets it.
    pub file: PathBuf,
    pub line: u32,
    /// Each entry as written, and the absolute directory it names.
    pub entries: Vec<(String, PathBuf)>,
}

impl Default for Input {
    fn default() -> Input {
        Input {
            ignore: ignore::gitignore::Gitignore::empty(),
            modulepath: None,
            known: Vec::new(),
            class_functions: Vec::new(),
            removed_ruby_apis: true,
        }
    }
}

impl Input {
    fn ignores(&self, path: &std::path::Path) -> bool {
        if self.ignore.is_empty() {
            return false;
        }
        let Ok(absolute) = std::path::absolute(path) else {
            return false;
        };
        absolute.starts_with(self.ignore.path())
            && self
                .ignore
                .matched_path_or_any_parents(&absolute, false)
                .is_ignore()
    }
}

/// Extracts the facts of the manifests and Ruby plugins under `paths`.
pub fn extract_paths(paths: &[PathBuf]) -> Extraction {
    extract_paths_with(paths, &Input::default())
}

/// [`extract_paths`], with what the configuration adds.
pub fn extract_paths_with(paths: &[PathBuf], input: &Input) -> Extraction {
    let discovery = crate::timings::time("discover files", || source::discover(paths, wanted));
    let configured_dirs = input.modulepath.iter().flat_map(|modulepath| {
        modulepath
            .entries
            .iter()
            .map(|(_, directory)| directory.clone())
    });
    let mut layout = Layout::with_modulepath(configured_dirs.collect());
    let analyzed = Analyzed::new(paths);
    // The Hiera layers' configurations, read first: they say which files
    // are data.
    let data_dirs = {
        let configs: Vec<&PathBuf> = discovery
            .files
            .iter()
            .filter(|path| path.file_name().is_some_and(|name| name == "hiera.yaml"))
            .filter(|path| !input.ignores(path) && is_layer_root(path, &layout.place(path)))
            .collect();
        DataDirs::read(configs.into_iter().map(PathBuf::as_path))
    };
    let chunk_size = (discovery.files.len() / CHUNKS).clamp(MIN_CHUNK, MAX_CHUNK);
    let mut files = discovery
        .files
        .into_iter()
        .filter(|path| !input.ignores(path));
    // Each file's place in the code base (environment, module, role); the
    // next chunk's are found while a chunk is read.
    // The roots of the modules met, whose `files/` and `templates/` are
    // listed after.
    let mut module_roots: BTreeMap<PathBuf, String> = BTreeMap::new();
    // Files come in path order, a module's files one after the other: the
    // last root met answers most files without a lookup in the map, which
    // compares whole paths part by part.
    let mut last_root: Option<PathBuf> = None;
    let mut place_next = |layout: &mut Layout| -> Vec<(PathBuf, Placement)> {
        files
            .by_ref()
            .filter_map(|path| {
                let placement = PLACING.time(|| layout.place(&path));
                let module_root = placement.module_root.as_deref();
                if !read_whatever_the_layers(&path) && !data_dirs.is_hiera_file(&path, module_root)
                {
                    return None;
                }
                if let Some(root) = &placement.module_root {
                    if last_root.as_ref() != Some(root) {
                        module_roots
                            .entry(root.clone())
                            .or_insert_with(|| placement.module.clone());
                        last_root = Some(root.clone());
                    }
                }
                Some((path, placement))
            })
            // Taken after the filter: a chunk is empty only at the end.
            .take(chunk_size)
            .collect()
    };
    let mut chunk = crate::timings::time("place the first files", || place_next(&mut layout));
    let grammar = extract::Grammar::new(&syntax::language());
    let mut extraction = Extraction {
        diagnostics: discovery.errors,
        ..Extraction::default()
    };
    extraction.facts.known = builtins::known(&mut extraction.interner);
    extraction.facts.type_param = builtins::type_parameters(&mut extraction.interner);
    extraction.facts.legacy_fact = builtins::legacy_facts(&mut extraction.interner);
    extraction.facts.stdlib_removed = builtins::stdlib_removed(&mut extraction.interner);
    extraction.facts.stdlib_deprecated = builtins::stdlib_deprecated(&mut extraction.interner);
    for &(kind, ref name) in &input.known {
        let interner = &mut extraction.interner;
        let row = Known {
            kind,
            name: interner.intern(name),
            module: interner.intern(""),
            file: FileId::default(),
        };
        extraction.facts.known.push(row);
    }
    // Files are read a chunk at a time, each chunk's facts merged (and the
    // next chunk placed) while the next chunk is read: what one file gave
    // is freed soon after, the process never holds every file's facts
    // twice, and the merge (in path order, on one thread) overlaps reading.
    let mut id_base = 0;
    crate::timings::time("parse, extract and merge", || {
        let mut pending: Vec<FileOutput> = Vec::new();
        while !(chunk.is_empty() && pending.is_empty()) {
            let (next, outputs) = rayon::join(
                || {
                    MERGING.time(|| merge(&mut extraction, &mut pending, &mut id_base));
                    place_next(&mut layout)
                },
                || {
                    let tree = Tree {
                        analyzed: &analyzed,
                        data_dirs: &data_dirs,
                    };
                    syntax::read_in_parallel(
                        std::mem::take(&mut chunk),
                        |parser, (path, placement)| {
                            READING
                                .time(|| read_file(parser, &grammar, tree, input, path, placement))
                        },
                    )
                    .collect::<Vec<FileOutput>>()
                },
            );
            pending = outputs;
            chunk = next;
        }
    });
    for part in [&syntax::PARSING, &EXTRACTING, &READING, &PLACING, &MERGING] {
        part.print();
    }
    let mut listed: Vec<FileOutput> = crate::timings::time("list module files", || {
        module_roots
            .par_iter()
            .flat_map_iter(|(root, module)| module_files(root, module, input))
            .collect()
    });
    merge(&mut extraction, &mut listed, &mut id_base);
    if let Some(modulepath) = &input.modulepath {
        merge(
            &mut extraction,
            &mut [configured(modulepath, &analyzed)],
            &mut id_base,
        );
    }
    extraction.facts.shrink_to_fit();
    extraction
}

/// What the whole tree tells about each of its files.
#[derive(Clone, Copy)]
struct Tree<'a> {
    analyzed: &'a Analyzed,
    data_dirs: &'a DataDirs,
}

/// The facts of one file, by what it is.
fn read_file(
    parser: &mut tree_sitter::Parser,
    grammar: &extract::Grammar,
    tree: Tree,
    input: &Input,
    path: PathBuf,
    placement: Placement,
) -> FileOutput {
    if source::is_template(&path) {
        template_file(parser, grammar, &input.class_functions, path, placement)
    } else if source::is_erb_template(&path) {
        text_file(path, placement, Role::ErbTemplate, |text, output| {
            let template = text_reads::read_erb(text);
            push_fact_reads(output, template.reads);
            for (name, line, col) in template.assigned {
                let row = TemplateVariable {
                    name: output.interner.intern(&name),
                    file: FileId::default(),
                    line,
                    col,
                };
                output.facts.template_variable.push(row);
            }
            push_template_name(output);
            for (name, line, col) in template.renders {
                let row = TemplateRender {
                    name: output.interner.intern(&name),
                    file: FileId::default(),
                    line,
                    col,
                };
                output.facts.template_render.push(row);
            }
        })
    } else if tree
        .data_dirs
        .is_hiera_file(&path, placement.module_root.as_deref())
    {
        let role = if path.ends_with("hiera.yaml") {
            Role::HieraConfig
        } else {
            Role::HieraData
        };
        let json = path
            .extension()
            .is_some_and(|extension| extension == "json");
        let data = role == Role::HieraData;
        let read_first = tree.data_dirs.config(&path).map(<[u8]>::to_vec);
        text_file_read(path, placement, role, read_first, |text, output| {
            let mut reads = text_reads::hiera_reads(text);
            push_lookup_keys(output, text_reads::hiera_lookups(text));
            // What Puppet cannot parse fails every lookup that reads it.
            let (document, failure) = if json {
                match text_reads::json_failure(text) {
                    // JSON is YAML too, read for its values as YAML is.
                    None => (crate::yaml::load_first(text).ok().flatten(), None),
                    failure => (None, failure),
                }
            } else {
                match crate::yaml::load_first(text) {
                    Ok(document) => (document, None),
                    Err(failure) => (None, Some(failure)),
                }
            };
            if role == Role::HieraConfig {
                // `%{role}` of `mapped_paths: [roles, role, 'r/%{role}.yaml']`
                // reads each value of `$roles`, not a variable `role`.
                text_reads::drop_mapped_keys(&mut reads, text, document.as_ref());
            }
            push_fact_reads(output, reads);
            if role == Role::HieraConfig && is_layer_root(&output.path, &output.placement) {
                let (version, line, col) = text_reads::hiera_version(text, document.as_ref());
                let row = schema::HieraVersion {
                    file: FileId::default(),
                    version,
                    line,
                    col,
                };
                output.facts.hiera_version.push(row);
            }
            // Puppet's `yaml_data` wants a hash; `json_data` takes any value.
            if let Some((found, line, col)) = (data && !json)
                .then(|| text_reads::not_a_hash(text, document.as_ref()))
                .flatten()
            {
                let row = schema::HieraNotHash {
                    file: FileId::default(),
                    found: output.interner.intern(found),
                    line,
                    col,
                };
                output.facts.hiera_not_hash.push(row);
            }
            if let Some(failure) = failure {
                let format = if json { "JSON" } else { "YAML" };
                let message = format!(
                    "this {format} does not parse: {}; Puppet fails every lookup that reads it (\"Unable to parse\")",
                    failure.reason
                );
                let row = ParseError {
                    file: FileId::default(),
                    line: failure.line,
                    col: failure.col,
                    message: output.interner.intern(&message),
                };
                output.facts.parse_error.push(row);
            }
            if data {
                let values = text_reads::hiera_values(document.as_ref());
                let keys = if json {
                    text_reads::json_keys(text)
                } else {
                    text_reads::hiera_keys(text)
                };
                let places: std::collections::HashMap<&str, (u32, u32)> = keys
                    .iter()
                    .map(|(key, line, col)| (key.as_str(), (*line, *col)))
                    .collect();
                for (key, referenced) in text_reads::hiera_references(document.as_ref()) {
                    let (line, col) = places.get(key.as_str()).copied().unwrap_or((1, 1));
                    let row = schema::HieraReference {
                        key: output.interner.intern(&key),
                        referenced: output.interner.intern(&referenced),
                        file: FileId::default(),
                        line,
                        col,
                    };
                    output.facts.hiera_reference.push(row);
                }
                push_hiera_keys(output, keys, &values.values);
                for name in &values.converted {
                    let row = schema::HieraConversion {
                        name: output.interner.intern(name),
                        file: FileId::default(),
                    };
                    output.facts.hiera_conversion.push(row);
                }
            }
        })
    } else if source::is_external_fact(&path) {
        text_file(path, placement, Role::ExternalFact, |text, output| {
            let module = output.interner.intern(&output.placement.module);
            let extension = output
                .path
                .extension()
                .and_then(|extension| extension.to_str());
            for name in text_reads::external_fact_names(extension, text) {
                let row = Known {
                    kind: KnownKind::Fact,
                    name: output.interner.intern(&name),
                    module,
                    file: FileId::default(),
                };
                output.facts.known.push(row);
            }
        })
    } else if source::is_environment_conf(&path) {
        environment_conf(path, placement, tree.analyzed)
    } else if source::is_metadata(&path) {
        let at_root = placement.module_root.as_deref() == path.parent();
        let role = if at_root {
            Role::ModuleMetadata
        } else {
            Role::Other
        };
        text_file(path, placement, role, |text, output| {
            if !at_root {
                return;
            }
            if let Some(failure) = text_reads::json_failure(text) {
                let row = schema::FaultyMetadata {
                    file: FileId::default(),
                    message: output.interner.intern(&failure.reason),
                    line: failure.line,
                    col: failure.col,
                };
                output.facts.faulty_metadata.push(row);
            }
        })
    } else if source::is_ruby_plugin(&path) || source::is_ruby_library(&path) {
        ruby_file(path, placement, input.removed_ruby_apis)
    } else {
        manifest(parser, grammar, &input.class_functions, path, placement)
    }
}

/// Whether a `hiera.yaml` lies at the root of its module or environment,
/// where Puppet reads it as the configuration of a layer.
fn is_layer_root(path: &Path, placement: &Placement) -> bool {
    let dir = path.parent();
    match &placement.module_root {
        Some(root) => dir == Some(root.as_path()),
        None => dir.is_some_and(|dir| {
            dir.join("manifests").is_dir()
                || dir.join("environment.conf").is_file()
                || placement.environment.as_deref() == Some(dir)
        }),
    }
}

/// A module's `files/` and `templates/`, each one listing of every file
/// and directory below it (whose ERB and EPP templates are read besides)
/// as `module_file` rows: listed, never read.
fn module_files(root: &Path, module: &str, input: &Input) -> Vec<FileOutput> {
    let mut outputs = Vec::new();
    for directory in [ModuleDirectory::Files, ModuleDirectory::Templates] {
        let dir = root.join(directory.name());
        if !dir.is_dir() || input.ignores(&dir) {
            continue;
        }
        let placement = Placement {
            module: module.to_string(),
            role: Role::ModuleFiles,
            module_root: Some(root.to_path_buf()),
            environment: None,
        };
        let mut output = FileOutput::empty(dir.clone(), placement);
        // Puppet serves every file, hidden and ignored ones too.
        let walk = ignore::WalkBuilder::new(&dir)
            .standard_filters(false)
            .build();
        for entry in walk.flatten() {
            let Ok(relative) = entry.path().strip_prefix(&dir) else {
                continue;
            };
            let relative: Vec<_> = relative.iter().map(|part| part.to_string_lossy()).collect();
            if relative.is_empty() {
                continue;
            }
            let row = ModuleFile {
                file: FileId::default(),
                directory,
                name: output
                    .interner
                    .intern(&format!("{module}/{}", relative.join("/"))),
            };
            output.facts.module_file.push(row);
        }
        outputs.push(output);
    }
    outputs
}

// The parts of reading the files (`PFACTS_TIMINGS=parts`): reading one file
// of any kind holds parsing and extracting a manifest.
static READING: Part = Part::new("reading each file (all)");
static EXTRACTING: Part = Part::new("extracting manifests");
static PLACING: Part = Part::new("placing files");
static MERGING: Part = Part::new("merging files' facts");

/// How many files are read between two merges: about a twelfth of them,
/// so that on a small tree the last chunk, whose merge overlaps no
/// reading, stays short, and no more than 1,024 on a large one, where
/// more merges only add waits (`perf stat -r 12 pfacts check`: Debian ×1
/// 0.186 s at 1,024 files a chunk, 0.180 s at 256, 0.175 s so; Debian ×30,
/// medians of 5: 4.85 s at 1,024, 4.88 s at 256, 4.82 s so).
const CHUNKS: usize = 12;
const MIN_CHUNK: usize = 256;
const MAX_CHUNK: usize = 1024;

/// Moves the facts of the next files into `extraction`, in path order:
/// symbols interned in that order (so that they are the same on every
/// run), then each file's rows remapped in parallel, then appended.
fn merge(extraction: &mut Extraction, outputs: &mut [FileOutput], id_base: &mut u32) {
    let files = extraction.files;
    let remaps: Vec<(Vec<Sym>, u32)> = outputs
        .iter_mut()
        .map(|output| {
            let symbols = extraction.interner.absorb(&output.interner);
            output.interner = Interner::default();
            let base = *id_base;
            *id_base += output.ids - 1;
            (symbols, base)
        })
        .collect();
    outputs.par_iter_mut().zip(&remaps).enumerate().for_each(
        |(index, (output, (symbols, id_base)))| {
            output.facts.remap(&Remap {
                symbols,
                id_base: *id_base,
                file: FileId((files + index) as u32 + 1),
            });
        },
    );
    drop(remaps);
    extraction
        .facts
        .reserve(outputs.iter().map(|output| &output.facts));
    for (index, output) in outputs.iter_mut().enumerate() {
        let file = FileId((files + index) as u32 + 1);
        let interner = &mut extraction.interner;
        let row = schema::File {
            file,
            path: interner.intern(&output.path.to_string_lossy()),
            module: interner.intern(&output.placement.module),
            role: output.placement.role,
            environment: interner.intern(
                &output
                    .placement
                    .environment
                    .as_deref()
                    .map(Path::to_string_lossy)
                    .unwrap_or_default(),
            ),
        };
        extraction.facts.file.push(row);
        // Taken, so that each file's rows are freed once copied.
        extraction
            .facts
            .append(&mut std::mem::take(&mut output.facts));
        extraction.diagnostics.append(&mut output.diagnostics);
        extraction.files += 1;
        extraction.bytes += output.bytes;
    }
}

fn manifest(
    parser: &mut tree_sitter::Parser,
    grammar: &extract::Grammar,
    class_functions: &[ClassFunction],
    path: PathBuf,
    placement: Placement,
) -> FileOutput {
    let parsed = syntax::parse_file(parser, &path);
    let (mut facts, mut interner, ids) = match &parsed.syntax {
        Some((source, tree)) => {
            let output = EXTRACTING.time(|| {
                extract::extract(
                    grammar,
                    tree,
                    &source.text,
                    &placement,
                    &path,
                    class_functions,
                    None,
                )
            });
            (output.facts, output.interner, output.ids)
        }
        None => (Facts::default(), Interner::default(), 1),
    };
    for diagnostic in parsed
        .diagnostics
        .iter()
        .filter(|diagnostic| diagnostic.kind == Kind::Finding)
    {
        let location = diagnostic
            .location
            .unwrap_or(crate::diagnostic::Location { line: 1, column: 1 });
        facts.parse_error.push(ParseError {
            file: FileId::default(),
            line: location.line as u32,
            col: location.column as u32,
            message: interner.intern(&diagnostic.message),
        });
    }
    FileOutput {
        path,
        placement,
        facts,
        interner,
        ids,
        bytes: parsed.bytes,
        diagnostics: parsed.diagnostics,
    }
}

/// An EPP template: its syntax errors, as Puppet's EPP parser finds them
/// (`puppet epp validate`), and the facts of its code, at their places in
/// the template.
fn template_file(
    parser: &mut tree_sitter::Parser,
    grammar: &extract::Grammar,
    class_functions: &[ClassFunction],
    path: PathBuf,
    placement: Placement,
) -> FileOutput {
    // A template wherever it lies, not only in a module's `templates/`.
    let placement = Placement {
        role: Role::Template,
        environment: None,
        ..placement
    };
    let mut output = FileOutput::empty(path, placement);
    let Some(text) = read_text(&mut output) else {
        return output;
    };
    match epp::parsed_with(parser, &text) {
        Ok((translation, tree)) => {
            let places = epp::TemplatePlaces::new(&text, &translation);
            let extracted = extract::extract(
                grammar,
                &tree,
                &translation.code,
                &output.placement,
                &output.path,
                class_functions,
                Some(&places),
            );
            output.facts = extracted.facts;
            output.interner = extracted.interner;
            output.ids = extracted.ids;
        }
        Err(error) => {
            let message = output
                .interner
                .intern(&format!("syntax error in EPP: {}", error.message));
            output.facts.parse_error.push(ParseError {
                file: FileId::default(),
                line: error.location.line as u32,
                col: error.location.column as u32,
                message,
            });
        }
    }
    // What its code renders by name, the extractor found.
    let renders: Vec<TemplateRender> = output
        .facts
        .file_reference
        .iter()
        .filter(|row| matches!(row.how, FileReferenceHow::Template | FileReferenceHow::Epp))
        .map(|row| TemplateRender {
            name: row.name,
            file: FileId::default(),
            line: row.line,
            col: row.col,
        })
        .collect();
    output.facts.template_render.extend(renders);
    push_template_name(&mut output);
    output
}

/// A template's name, when it lies in a module's `templates/`.
fn push_template_name(output: &mut FileOutput) {
    let name = output.placement.module_root.as_ref().and_then(|root| {
        let relative = output.path.strip_prefix(root.join("templates")).ok()?;
        let relative: Vec<_> = relative.iter().map(|part| part.to_string_lossy()).collect();
        Some(format!(
            "{}/{}",
            output.placement.module,
            relative.join("/")
        ))
    });
    if let Some(name) = name {
        let name = output.interner.intern(&name);
        let row = TemplateFile {
            file: FileId::default(),
            name,
        };
        output.facts.template_file.push(row);
        let row = ModuleFile {
            file: FileId::default(),
            directory: ModuleDirectory::Templates,
            name,
        };
        output.facts.module_file.push(row);
    }
}

/// A file read as text (an ERB template, Hiera's configuration or data),
/// in `role`, its facts found by `extract`.
fn text_file(
    path: PathBuf,
    placement: Placement,
    role: Role,
    extract: impl FnOnce(&str, &mut FileOutput),
) -> FileOutput {
    text_file_read(path, placement, role, None, extract)
}

/// [`text_file`], of a file whose bytes may have been `read_first`.
fn text_file_read(
    path: PathBuf,
    placement: Placement,
    role: Role,
    read_first: Option<Vec<u8>>,
    extract: impl FnOnce(&str, &mut FileOutput),
) -> FileOutput {
    let placement = Placement {
        role,
        environment: None,
        ..placement
    };
    let mut output = FileOutput::empty(path, placement);
    // Not Puppet's to parse: whatever its encoding, the names read are
    // ASCII.
    match read_first.map_or_else(|| std::fs::read(&output.path), Ok) {
        Ok(bytes) => {
            output.bytes = bytes.len();
            extract(&source::lossy_text(&bytes), &mut output);
        }
        Err(error) => output
            .diagnostics
            .push(Diagnostic::io(output.path.clone(), error.to_string())),
    }
    output
}

/// The text of `output`'s file; a file that is not text is a
/// `parse_error`, one that cannot be read a diagnostic.
fn read_text(output: &mut FileOutput) -> Option<String> {
    match std::fs::read(&output.path) {
        Ok(bytes) => {
            output.bytes = bytes.len();
            match source::decode(bytes) {
                Ok(source) => Some(source.text),
                Err(rejection) => {
                    let diagnostic = rejection.into_diagnostic(output.path.clone());
                    let at = diagnostic
                        .location
                        .unwrap_or(crate::diagnostic::Location { line: 1, column: 1 });
                    output.facts.parse_error.push(ParseError {
                        file: FileId::default(),
                        line: at.line as u32,
                        col: at.column as u32,
                        message: output.interner.intern(&diagnostic.message),
                    });
                    None
                }
            }
        }
        Err(error) => {
            output
                .diagnostics
                .push(Diagnostic::io(output.path.clone(), error.to_string()));
            None
        }
    }
}

fn push_hiera_keys(
    output: &mut FileOutput,
    keys: Vec<(String, u32, u32)>,
    values: &std::collections::HashMap<String, (DataValue, String)>,
) {
    for (key, line, col) in keys {
        let (value_kind, value) = values
            .get(&key)
            .map_or((DataValue::Other, ""), |(kind, text)| {
                (*kind, text.as_str())
            });
        let row = schema::HieraKey {
            key: output.interner.intern(&key),
            file: FileId::default(),
            line,
            col,
            value_kind,
            value: output.interner.intern(value),
        };
        output.facts.hiera_key.push(row);
    }
}

/// Keys that Hiera's files look up by name (`lookup_key`).
fn push_lookup_keys(output: &mut FileOutput, keys: Vec<(String, u32, u32)>) {
    for (key, line, col) in keys {
        let row = schema::LookupKey {
            key: output.interner.intern(&key),
            file: FileId::default(),
            line,
            col,
        };
        output.facts.lookup_key.push(row);
    }
}

fn push_fact_reads(output: &mut FileOutput, reads: Vec<text_reads::TextRead>) {
    for read in reads {
        let row = FactRead {
            form: read.form,
            name: output.interner.intern(&read.name),
            file: FileId::default(),
            line: read.line,
            col: read.col,
        };
        output.facts.fact_read.push(row);
    }
}

// Out of line, so that profiles (and `scripts/check-cost.sh`) account for
// Ruby files apart.
#[inline(never)]
fn ruby_file(path: PathBuf, placement: Placement, removed_apis: bool) -> FileOutput {
    let mut output = FileOutput::empty(path, placement);
    let role = output.placement.role;
    let scanned = removed_apis && role != Role::Other;
    // Ruby outside a module's `lib/` defines no name Puppet looks up, nor
    // does a module's other Ruby code (providers, utilities): such a file
    // is read only for the scan.
    if matches!(role, Role::Other | Role::RubyLibrary) && !scanned {
        return output;
    }
    let text = match std::fs::read(&output.path) {
        Ok(bytes) => {
            output.bytes = bytes.len();
            String::from_utf8(bytes)
                .unwrap_or_else(|invalid| String::from_utf8_lossy(invalid.as_bytes()).into_owned())
        }
        Err(error) => {
            output
                .diagnostics
                .push(Diagnostic::io(output.path.clone(), error.to_string()));
            return output;
        }
    };
    if scanned {
        push_removed_apis(&mut output, &text);
    }
    let kind = match role {
        Role::RubyType => KnownKind::ResourceType,
        Role::RubyFact => KnownKind::Fact,
        Role::RubyLibrary => return output,
        _ => KnownKind::Function,
    };
    let parameters = (role == Role::RubyType)
        .then(|| ruby::type_parameters(&text).unwrap_or_else(|| vec!["*".to_string()]));
    let below_module = output
        .placement
        .module_root
        .as_deref()
        .and_then(|root| output.path.strip_prefix(root).ok())
        .unwrap_or(&output.path);
    for name in ruby::defined_names(role, below_module, &text) {
        for param in parameters.iter().flatten() {
            let row = TypeParam {
                type_name: output.interner.intern(&name),
                param: output.interner.intern(param),
                file: FileId::default(),
            };
            output.facts.type_param.push(row);
        }
        let row = Known {
            kind,
            name: output.interner.intern(&name),
            module: output.interner.intern(&output.placement.module),
            file: FileId::default(),
        };
        output.facts.known.push(row);
    }
    output
}

/// What Ruby 3.0 to 3.2 removed, called by the code of a Ruby file.
fn push_removed_apis(output: &mut FileOutput, text: &str) {
    for (api, line, col) in ruby_removed::removed_apis(text) {
        let row = schema::RubyRemoved {
            api,
            file: FileId::default(),
            line,
            col,
        };
        output.facts.ruby_removed.push(row);
    }
}

/// The analyzed directories, to tell whether a modulepath entry's modules
/// are among what is read.
struct Analyzed {
    roots: Vec<PathBuf>,
}

impl Analyzed {
    fn new(paths: &[PathBuf]) -> Analyzed {
        Analyzed {
            roots: paths
                .iter()
                .filter(|path| path.is_dir())
                .filter_map(|path| lexically_absolute(path))
                .collect(),
        }
    }

    /// What pfacts makes of the directory an entry names (`None`: a
    /// setting).
    fn state(&self, directory: Option<&std::path::Path>) -> ModulepathState {
        let Some(directory) = directory else {
            return ModulepathState::Setting;
        };
        if !directory.is_dir() {
            return ModulepathState::Missing;
        }
        match lexically_absolute(directory) {
            Some(absolute) if self.roots.iter().any(|root| absolute.starts_with(root)) => {
                ModulepathState::Read
            }
            _ => ModulepathState::Outside,
        }
    }
}

/// `path` made absolute, with `.` and `..` resolved as written (symbolic
/// links are not followed, as the walk does not).
fn lexically_absolute(path: &std::path::Path) -> Option<PathBuf> {
    let mut normal = PathBuf::new();
    for component in std::path::absolute(path).ok()?.components() {
        match component {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                normal.pop();
            }
            other => normal.push(other),
        }
    }
    Some(normal)
}

/// An `environment.conf`: its `modulepath` entries and what pfacts makes of
/// them.
fn environment_conf(path: PathBuf, placement: Placement, analyzed: &Analyzed) -> FileOutput {
    let placement = Placement {
        role: Role::EnvironmentConf,
        ..placement
    };
    let mut output = FileOutput::empty(path, placement);
    let text = match std::fs::read_to_string(&output.path) {
        Ok(text) => text,
        Err(error) => {
            output
                .diagnostics
                .push(Diagnostic::io(output.path.clone(), error.to_string()));
            return output;
        }
    };
    output.bytes = text.len();
    let dir = output
        .path
        .parent()
        .map(std::path::Path::to_path_buf)
        .unwrap_or_default();
    let entries = layout::EnvironmentConf::parse(&text)
        .modulepath
        .unwrap_or_default();
    for entry in entries {
        let state = analyzed.state(entry.directory(&dir).as_deref());
        let row = ModulepathEntry {
            entry: output.interner.intern(&entry.written),
            state,
            file: FileId::default(),
            line: entry.line,
            col: entry.col,
        };
        output.facts.modulepath_entry.push(row);
    }
    output
}

/// The configuration file's `modulepath`, as a file of role `config`.
fn configured(modulepath: &ConfiguredModulepath, analyzed: &Analyzed) -> FileOutput {
    let placement = Placement {
        module: String::new(),
        role: Role::Config,
        module_root: None,
        environment: None,
    };
    let mut output = FileOutput::empty(modulepath.file.clone(), placement);
    for (written, directory) in &modulepath.entries {
        let row = ModulepathEntry {
            entry: output.interner.intern(written),
            state: analyzed.state(Some(directory)),
            file: FileId::default(),
            line: modulepath.line,
            col: 1,
        };
        output.facts.modulepath_entry.push(row);
    }
    output
}
