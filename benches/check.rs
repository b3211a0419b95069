//! `pfacts check`'s stages, timed separately, over the Debian corpus and
//! over the corpus copied 10 times under other module names: each stage's
//! time must grow linearly with the code.
//!
//! `cargo bench --bench check` prints, for 1 and 10 copies: files, MB, and
//! the seconds of parsing and extracting (one thread, files in memory) and
//! of the rules (the Datalog programs and the diagnostics they give). Then,
//! for one scope holding 10,000 and 100,000 generated resources (puppet-
//! lint's worst case), the same stages' microseconds per resource: linear
//! means the same figure at both sizes.

use std::path::{Path, PathBuf};
use std::time::Instant;

use pfacts::facts::{self, extract, layout::Layout};

#[path = "../tests/corpora/mod.rs"]
mod corpora;

/// Copies every module under `source` into `target`, `copies` times, each
/// copy's modules renamed as `scripts/replicate-corpus.rb` renames them:
/// directories `<module>_<copy>`, and every word that names a module (or
/// the first segment of a class or define a module defines), in any case,
/// in the text of every file and in the file names below the module's
/// root, so that `pfacts check` on N copies finds N times what it finds on
/// one.
fn replicate(source: &Path, target: &Path, copies: usize) {
    let files: Vec<PathBuf> = ignore::WalkBuilder::new(source)
        .standard_filters(false)
        .filter_entry(|entry| entry.file_name() != ".git")
        .build()
        .flatten()
        .filter(|entry| entry.file_type().is_some_and(|kind| kind.is_file()))
        .map(|entry| entry.into_path())
        // Modules' files, not what lies beside the modules.
        .filter(|file| file.strip_prefix(source).unwrap().components().count() > 1)
        .collect();
    let mut layout = Layout::default();
    let defined =
        regex::Regex::new(r"(?m)^\s*(?:class|define)\s+(?:::)?([a-z][a-z0-9_]*)").unwrap();
    let mut names: Vec<String> = Vec::new();
    for file in files
        .iter()
        .filter(|file| pfacts::source::is_manifest(file))
    {
        names.push(layout.place(file).module);
        let text = std::fs::read_to_string(file).unwrap_or_default();
        names.extend(
            defined
                .captures_iter(&text)
                .map(|found| found[1].to_string()),
        );
    }
    names.retain(|name| !name.is_empty());
    names.sort();
    names.dedup();
    let module_word = regex::Regex::new(&format!(r"(?i)\b({})\b", names.join("|"))).unwrap();
    for copy in 0..copies {
        let renamed = format!("${{1}}_{copy}");
        for file in &files {
            let relative = file.strip_prefix(source).unwrap();
            let mut parts = relative.iter();
            let module = parts.next().unwrap().to_string_lossy();
            let below = parts.as_path().to_string_lossy();
            let destination = target
                .join(format!("{module}_{copy}"))
                .join(module_word.replace_all(&below, renamed.as_str()).as_ref());
            std::fs::create_dir_all(destination.parent().unwrap()).unwrap();
            let bytes = std::fs::read(file).unwrap();
            match std::str::from_utf8(&bytes) {
                Ok(text) => {
                    let text = module_word.replace_all(text, renamed.as_str());
                    std::fs::write(destination, text.as_bytes()).unwrap();
                }
                Err(_) => std::fs::write(destination, bytes).unwrap(),
            }
        }
    }
}

struct Figures {
    files: usize,
    megabytes: f64,
    parse: f64,
    extract: f64,
    rules: f64,
}

fn measure(root: &Path) -> Figures {
    let discovery = pfacts::source::discover(&[root.to_path_buf()], pfacts::source::is_manifest);
    let mut layout = Layout::default();
    let files: Vec<(PathBuf, _, String)> = discovery
        .files
        .iter()
        .map(|path| {
            (
                path.clone(),
                layout.place(path),
                std::fs::read_to_string(path).unwrap(),
            )
        })
        .collect();
    let bytes: usize = files.iter().map(|(_, _, text)| text.len()).sum();
    let mut parser = pfacts::syntax::new_parser();
    let started = Instant::now();
    let trees: Vec<_> = files
        .iter()
        .map(|(_, _, text)| pfacts::syntax::parse(&mut parser, text).unwrap())
        .collect();
    let parse = started.elapsed().as_secs_f64();
    let grammar = extract::Grammar::new(&pfacts::syntax::language());
    let started = Instant::now();
    for ((path, placement, text), tree) in files.iter().zip(&trees) {
        std::hint::black_box(extract::extract(
            &grammar,
            tree,
            text,
            placement,
            path,
            &[],
            None,
        ));
    }
    let extract = started.elapsed().as_secs_f64();
    let extraction = facts::extract_paths(&[root.to_path_buf()]);
    let started = Instant::now();
    std::hint::black_box(pfacts::lints::check(&extraction));
    let rules = started.elapsed().as_secs_f64();
    Figures {
        files: files.len(),
        megabytes: bytes as f64 / 1e6,
        parse,
        extract,
        rules,
    }
}

/// A `site.pp` of one node holding `count` file resources.
fn one_scope(root: &Path, count: usize) {
    let mut text = String::from("node default {\n");
    for index in 0..count {
        text.push_str(&format!(
            "  file {{ '/srv/f{index}': ensure => file, mode => '0644' }}\n"
        ));
    }
    text.push_str("}\n");
    std::fs::create_dir_all(root.join("manifests")).unwrap();
    std::fs::write(root.join("manifests/site.pp"), text).unwrap();
}

fn main() {
    let scratch = tempfile::tempdir().unwrap();
    println!("resources in one scope  parse µs  extract µs  rules µs (each per resource)");
    for count in [10_000, 100_000] {
        let root = scratch.path().join(format!("scope{count}"));
        one_scope(&root, count);
        let runs: Vec<Figures> = (0..3).map(|_| measure(&root)).collect();
        let best =
            |stage: fn(&Figures) -> f64| runs.iter().map(stage).fold(f64::INFINITY, f64::min);
        let per = |seconds: f64| seconds * 1e6 / count as f64;
        println!(
            "{count:<22}  {:<8.2}  {:<10.2}  {:.2}",
            per(best(|f| f.parse)),
            per(best(|f| f.extract)),
            per(best(|f| f.rules))
        );
    }
    let Some(corpus) = corpora::path("corpus/debian-modules") else {
        return;
    };
    let mut rows = Vec::new();
    for copies in [1, 10] {
        let root = scratch.path().join(format!("x{copies}"));
        replicate(&corpus, &root, copies);
        // The best of three runs of each stage.
        let runs: Vec<Figures> = (0..3).map(|_| measure(&root)).collect();
        let best =
            |stage: fn(&Figures) -> f64| runs.iter().map(stage).fold(f64::INFINITY, f64::min);
        rows.push((
            copies,
            runs[0].files,
            runs[0].megabytes,
            best(|f| f.parse),
            best(|f| f.extract),
            best(|f| f.rules),
        ));
    }
    println!("copies  files  MB      parse s  extract s  rules s");
    for (copies, files, megabytes, parse, extract, rules) in &rows {
        println!(
            "{copies:<6}  {files:<5}  {megabytes:<6.1}  {parse:<7.3}  {extract:<9.3}  {rules:.3}"
        );
    }
    let (one, ten) = (&rows[0], &rows[1]);
    println!(
        "10x / 1x: parse {:.1}, extract {:.1}, rules {:.1} (linear: 10)",
        ten.3 / one.3,
        ten.4 / one.4,
        ten.5 / one.5
    );
}
