//! Extraction time next to parse time, single-threaded, over the Debian
//! corpus (`../shared/corpus/debian-modules`) read into memory first.
//!
//! `cargo bench --bench extract`

use std::path::PathBuf;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use pfacts::facts::{extract, layout::Layout};

fn extract_corpus(c: &mut Criterion) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/debian-modules");
    let discovery = pfacts::source::discover(&[root], pfacts::source::is_manifest);
    let mut layout = Layout::default();
    let files: Vec<_> = discovery
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
    let grammar = extract::Grammar::new(&pfacts::syntax::language());

    let mut group = c.benchmark_group("extract");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.sample_size(10);
    group.bench_function("parse", |bench| {
        let mut parser = pfacts::syntax::new_parser();
        bench.iter(|| {
            for (_, _, text) in &files {
                std::hint::black_box(pfacts::syntax::parse(&mut parser, text).unwrap());
            }
        })
    });
    // Only the extraction is timed, file by file, right after its parse:
    // a drift of this noisy VM between the two benchmarks then moves both
    // figures alike instead of landing in the difference.
    group.bench_function("extract", |bench| {
        let mut parser = pfacts::syntax::new_parser();
        bench.iter_custom(|iterations| {
            let mut spent = Duration::ZERO;
            for _ in 0..iterations {
                for (path, placement, text) in &files {
                    let tree = pfacts::syntax::parse(&mut parser, text).unwrap();
                    let start = Instant::now();
                    std::hint::black_box(extract::extract(&grammar, &tree, text, placement, path));
                    spent += start.elapsed();
                }
            }
            spent
        })
    });
    group.finish();
}

criterion_group!(benches, extract_corpus);
criterion_main!(benches);
