//! Property test: mutated real manifests (the repository's corpus, and the
//! third-party corpora when present) never crash, hang or confuse the
//! parser and the tree walk.
//!
//! - `mutated_manifests_parse_and_walk`: corpus files with random edits
//!   (deleted, duplicated and inserted spans of Puppet's punctuation,
//!   truncation, arbitrary bytes) parse within the time budget, every
//!   reported location lies inside the file, and a cursor walk visits every
//!   node of the tree.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Instant;

use pfacts::{source, syntax};
use proptest::prelude::*;

mod corpora;

/// A spread of real files: the repository's own corpus, and with the
/// corpora every 40th Debian manifest and every 20th conformance snippet.
fn seeds() -> &'static Vec<Vec<u8>> {
    static SEEDS: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let pick = |root: PathBuf, every: usize| {
            source::discover(&[root], source::is_manifest)
                .files
                .into_iter()
                .step_by(every)
                .map(|path| std::fs::read(path).unwrap())
                .collect::<Vec<_>>()
        };
        let mut seeds = pick(Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus"), 1);
        assert!(seeds.len() > 100, "the repository's corpus is read");
        if let Some(debian) = corpora::path("corpus/debian-modules") {
            seeds.extend(pick(debian, 40));
        }
        if let Some(conformance) = corpora::path("conformance") {
            seeds.extend(pick(conformance, 20));
        }
        seeds
    })
}

/// Fragments that stress the lexer and the external scanner.
const FRAGMENTS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    "(",
    ")",
    "\"",
    "'",
    "$",
    "${",
    "@(END)",
    "@(\"X\"/t)",
    "\nEND\n",
    "|-",
    "/",
    "/*",
    "*/",
    "#",
    "\\",
    "\n",
    "=>",
    "->",
    "<|",
    "|>",
    "<<|",
    "|>>",
    "::",
    "|",
    ",",
    ";",
    "?",
    ":",
    "@",
    "@@",
    "class",
    "private",
    "node",
    "if",
    "type",
    "\u{feff}",
    "é",
];

#[derive(Debug, Clone)]
enum Edit {
    Delete { at: usize, len: usize },
    Duplicate { at: usize, len: usize },
    Insert { at: usize, fragment: usize },
    InsertByte { at: usize, byte: u8 },
    Truncate { at: usize },
}

fn edit() -> impl Strategy<Value = Edit> {
    let position = any::<usize>();
    prop_oneof![
        (position, 1..40usize).prop_map(|(at, len)| Edit::Delete { at, len }),
        (position, 1..200usize).prop_map(|(at, len)| Edit::Duplicate { at, len }),
        (position, 0..FRAGMENTS.len()).prop_map(|(at, fragment)| Edit::Insert { at, fragment }),
        (position, any::<u8>()).prop_map(|(at, byte)| Edit::InsertByte { at, byte }),
        position.prop_map(|at| Edit::Truncate { at }),
    ]
}

fn apply(text: &mut Vec<u8>, edit: &Edit) {
    let clamp = |at: usize, len: usize| at % (len + 1);
    match *edit {
        Edit::Delete { at, len } => {
            let start = clamp(at, text.len());
            let end = (start + len).min(text.len());
            text.drain(start..end);
        }
        Edit::Duplicate { at, len } => {
            let start = clamp(at, text.len());
            let end = (start + len).min(text.len());
            let span = text[start..end].to_vec();
            text.splice(end..end, span);
        }
        Edit::Insert { at, fragment } => {
            let at = clamp(at, text.len());
            text.splice(at..at, FRAGMENTS[fragment].bytes());
        }
        Edit::InsertByte { at, byte } => {
            let at = clamp(at, text.len());
            text.insert(at, byte);
        }
        Edit::Truncate { at } => {
            let at = clamp(at, text.len());
            text.truncate(at);
        }
    }
}

/// Counts the nodes a cursor walk visits, and checks them against the
/// number of descendants the tree reports.
fn walk_all(tree: &tree_sitter::Tree) {
    let mut cursor = tree.walk();
    let mut visited = 0usize;
    'walk: loop {
        visited += 1;
        if cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }
    assert_eq!(visited, tree.root_node().descendant_count());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_manifests_parse_and_walk(seed in any::<prop::sample::Index>(), edits in prop::collection::vec(edit(), 1..8)) {
        let mut bytes = seeds()[seed.index(seeds().len())].clone();
        for edit in &edits {
            apply(&mut bytes, edit);
        }
        let Ok(source) = source::decode(bytes) else {
            // Rejected content is reported by `decode`'s own tests.
            return Ok(());
        };
        let input = source.parser_input();
        let started = Instant::now();
        let tree = syntax::parse(&mut syntax::new_parser(), &input);
        prop_assert!(tree.is_ok(), "parse abandoned after {:?}", started.elapsed());
        let tree = tree.unwrap();
        walk_all(&tree);
        let lines = source.text.lines().count().max(1) + 1;
        for error in syntax::syntax_errors(&tree, &source.text) {
            prop_assert!(error.location.line <= lines, "{error:?} beyond {lines} lines");
            prop_assert!(error.location.column >= 1);
            prop_assert!(!error.message.is_empty());
        }
    }
}
