//! Single-threaded parse throughput over the Debian corpus
//! (`corpus/debian-modules` of the corpora, `tests/corpora`), files read
//! into memory first.
//!
//! `cargo bench --bench parse`

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

#[path = "../tests/corpora/mod.rs"]
mod corpora;

/// `None` without the corpora.
fn corpus() -> Option<Vec<String>> {
    let root = corpora::path("corpus/debian-modules")?;
    let discovery = pfacts::source::discover(&[root], pfacts::source::is_manifest);
    let files = discovery
        .files
        .iter()
        .map(|path| std::fs::read_to_string(path).expect("corpus files are UTF-8"))
        .collect();
    Some(files)
}

fn parse_corpus(c: &mut Criterion) {
    let Some(files) = corpus() else {
        return;
    };
    let bytes: usize = files.iter().map(String::len).sum();
    let mut group = c.benchmark_group("parse");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.sample_size(10);
    group.bench_function("debian-modules", |bench| {
        let mut parser = pfacts::syntax::new_parser();
        bench.iter(|| {
            for text in &files {
                let tree = pfacts::syntax::parse(&mut parser, text).expect("parses in time");
                std::hint::black_box(tree);
            }
        })
    });
    group.bench_function("debian-modules+syntax-errors", |bench| {
        let mut parser = pfacts::syntax::new_parser();
        bench.iter(|| {
            for text in &files {
                let tree = pfacts::syntax::parse(&mut parser, text).expect("parses in time");
                std::hint::black_box(pfacts::syntax::syntax_errors(&tree, text));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, parse_corpus);
criterion_main!(benches);
