//! Extraction time next to parse time, single-threaded, over the Debian
//! corpus (`corpus/debian-modules` of the corpora, `tests/corpora`) read
//! into memory first.
//!
//! `cargo bench --bench extract`
//!
//! All figures come from the same loop, which parses each file, extracts
//! its facts and steps a tree cursor over every node of the tree; only what
//! the clock runs for differs. A drift of this noisy VM then moves all
//! alike instead of landing in the ratios, and each stage works on the
//! caches the others left, as in `pfacts extract`. The cursor's visit, which
//! does nothing at the nodes, shows what reading whole trees costs by
//! itself, beside what extraction costs with its facts.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use pfacts::facts::extract::{self, Grammar};
use pfacts::facts::layout::{Layout, Placement};

#[path = "../tests/corpora/mod.rs"]
mod corpora;

#[derive(Clone, Copy)]
enum Stage {
    /// Parsing a file, freeing its tree included.
    Parse,
    /// Extracting a file's facts, freeing them included.
    Extract,
    /// Visiting every node of a file's tree with a cursor, doing nothing.
    Visit,
}

struct Corpus {
    files: Vec<(PathBuf, Placement, String)>,
    grammar: Grammar,
}

impl Corpus {
    /// `None` without the corpora.
    fn load() -> Option<Corpus> {
        let root = corpora::path("corpus/debian-modules")?;
        let discovery = pfacts::source::discover(&[root], pfacts::source::is_manifest);
        let mut layout = Layout::default();
        let files = discovery
            .files
            .iter()
            .map(|path| {
                let text = std::fs::read_to_string(path).expect("corpus files are UTF-8");
                (path.clone(), layout.place(path), text)
            })
            .collect();
        Some(Corpus {
            files,
            grammar: Grammar::new(&pfacts::syntax::language()),
        })
    }

    /// One pass over the corpus: the time `stage` took.
    fn time(&self, parser: &mut tree_sitter::Parser, stage: Stage) -> Duration {
        let mut spent = Duration::ZERO;
        for (path, placement, text) in &self.files {
            let start = Instant::now();
            let tree = pfacts::syntax::parse(parser, text).expect("parses in time");
            let parsed = start.elapsed();
            let start = Instant::now();
            drop(std::hint::black_box(extract::extract(
                &self.grammar,
                &tree,
                text,
                placement,
                path,
                &[],
                None,
            )));
            let extracted = start.elapsed();
            let start = Instant::now();
            std::hint::black_box(visit(&tree));
            let visited = start.elapsed();
            let start = Instant::now();
            drop(tree);
            let freed = start.elapsed();
            spent += match stage {
                Stage::Parse => parsed + freed,
                Stage::Extract => extracted,
                Stage::Visit => visited,
            };
        }
        spent
    }
}

/// Steps a cursor over every node of `tree` in source order: how many
/// nodes it met.
fn visit(tree: &tree_sitter::Tree) -> usize {
    let mut cursor = tree.walk();
    let mut nodes = 1;
    loop {
        if cursor.goto_first_child() || cursor.goto_next_sibling() {
            nodes += 1;
            continue;
        }
        loop {
            if !cursor.goto_parent() {
                return nodes;
            }
            if cursor.goto_next_sibling() {
                nodes += 1;
                break;
            }
        }
    }
}

fn extract_corpus(c: &mut Criterion) {
    let Some(corpus) = Corpus::load() else {
        return;
    };
    let bytes: usize = corpus.files.iter().map(|(_, _, text)| text.len()).sum();
    let mut group = c.benchmark_group("extract");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.sample_size(10);
    for (name, stage) in [
        ("parse", Stage::Parse),
        ("extract", Stage::Extract),
        ("visit", Stage::Visit),
    ] {
        group.bench_function(name, |bench| {
            let mut parser = pfacts::syntax::new_parser();
            bench.iter_custom(|passes| (0..passes).map(|_| corpus.time(&mut parser, stage)).sum())
        });
    }
    group.finish();
}

criterion_group!(benches, extract_corpus);
criterion_main!(benches);
