//! Parsing manifests into syntax trees and reporting their syntax errors.
//!
//! Trees are walked with a cursor, never by recursion, so that no nesting
//! depth can overflow the stack; a parse that runs past its time budget is
//! abandoned and reported, so that no input can hang a run.

use std::cell::RefCell;
use std::collections::HashSet;
use std::ffi::c_void;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::{Once, OnceLock};
use std::time::{Duration, Instant};

use rayon::iter::{IndexedParallelIterator, IntoParallelIterator, ParallelIterator};
use tree_sitter::{Language, Node, ParseOptions, Parser, Tree};

use crate::diagnostic::{Diagnostic, Location};
use crate::source::{self, SourceText};

/// The Puppet language of the grammar in `grammar/`.
pub fn language() -> Language {
    allocate_trees_with_mimalloc();
    tree_sitter_puppet_pfacts::LANGUAGE.into()
}

/// Tree-sitter's C library allocates every node of every tree, with the
/// system allocator unless told otherwise: through mimalloc, like the rest
/// of pfacts, parsing and freeing trees is faster and a tree's nodes lie
/// closer together for the walk that reads them.
fn allocate_trees_with_mimalloc() {
    static ONCE: Once = Once::new();
    // SAFETY: one allocator family, which aligns as malloc does and, through
    // `present`, never returns null for a non-zero size; installed once,
    // before any parser or tree exists (both come from `new_parser` and
    // `language`, which call this first).
    ONCE.call_once(|| unsafe {
        tree_sitter::set_allocator(Some(tree_sitter::Allocator {
            malloc: tree_malloc,
            calloc: tree_calloc,
            realloc: tree_realloc,
            free: libmimalloc_sys::mi_free,
        }));
    });
}

/// Out of memory, tree-sitter's own allocator aborts; so do these.
fn present(pointer: *mut c_void, size: usize) -> *mut c_void {
    if pointer.is_null() && size > 0 {
        std::process::abort();
    }
    pointer
}

unsafe extern "C" fn tree_malloc(size: usize) -> *mut c_void {
    // SAFETY: mimalloc's malloc, for any size.
    present(unsafe { libmimalloc_sys::mi_malloc(size) }, size)
}

unsafe extern "C" fn tree_calloc(count: usize, size: usize) -> *mut c_void {
    // SAFETY: mimalloc's calloc, which checks the product for overflow.
    present(
        unsafe { libmimalloc_sys::mi_calloc(count, size) },
        count.saturating_mul(size),
    )
}

unsafe extern "C" fn tree_realloc(pointer: *mut c_void, size: usize) -> *mut c_void {
    // SAFETY: `pointer` is null or came from these functions (mimalloc).
    present(unsafe { libmimalloc_sys::mi_realloc(pointer, size) }, size)
}

/// A parser for Puppet manifests; one per thread.
pub fn new_parser() -> Parser {
    allocate_trees_with_mimalloc();
    let mut parser = Parser::new();
    parser
        .set_language(&language())
        .expect("the grammar is generated for this tree-sitter runtime");
    parser
}

thread_local! {
    /// The parser of this thread, kept for every file it reads: the
    /// readers give each file to whichever thread is free, one at a time.
    static PARSER: RefCell<Parser> = RefCell::new(new_parser());
}

/// Reads `files` in parallel, `read` taking each with its thread's parser,
/// in their order. One file a job, so that a thread with nothing left
/// takes the next file of the other's share: in runs of files, as rayon
/// splits a list by default, a thread that had finished its run idled
/// while the other read the rest of its own, at the end of each chunk that
/// `check` reads (on the Debian corpus ×1 its reading stage kept 1.85
/// cores busy, and 1.98 one file a job).
pub fn read_in_parallel<F, R>(
    files: F,
    read: impl Fn(&mut Parser, F::Item) -> R + Sync + Send,
) -> impl IndexedParallelIterator<Item = R>
where
    F: IntoParallelIterator,
    F::Iter: IndexedParallelIterator,
    R: Send,
{
    files
        .into_par_iter()
        .with_max_len(1)
        .map(move |file| with_parser(|parser| read(parser, file)))
}

/// Runs `work` with this thread's parser; with a new one if the thread's
/// is in use (a thread waiting in rayon may run another file's job).
fn with_parser<T>(work: impl FnOnce(&mut Parser) -> T) -> T {
    PARSER.with(|parser| match parser.try_borrow_mut() {
        Ok(mut parser) => work(&mut parser),
        Err(_) => work(&mut new_parser()),
    })
}

/// The time a parse may take: generous for any real file (the parser reads
/// several MB/s), but finite whatever the input.
pub fn time_budget(bytes: usize) -> Duration {
    Duration::from_secs(10) + Duration::from_secs_f64(bytes as f64 / 1_000_000.0)
}

/// The parse ran past its time budget.
#[derive(Debug)]
pub struct Abandoned {
    pub budget: Duration,
}

/// Parses `text`; gives up after [`time_budget`].
pub fn parse(parser: &mut Parser, text: &str) -> Result<Tree, Abandoned> {
    let budget = time_budget(text.len());
    let deadline = Instant::now() + budget;
    let mut progress = |_: &tree_sitter::ParseState| {
        if Instant::now() > deadline {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let bytes = text.as_bytes();
    let tree = parser.parse_with_options(
        &mut |offset, _| &bytes[offset.min(bytes.len())..],
        None,
        Some(ParseOptions::new().progress_callback(&mut progress)),
    );
    tree.ok_or_else(|| {
        parser.reset();
        Abandoned { budget }
    })
}

/// One syntax error: where, and what was found and expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub location: Location,
    /// The byte offset of `location`.
    pub offset: usize,
    pub message: String,
}

/// Every ERROR and MISSING node of `tree`, in document order.
pub fn syntax_errors(tree: &Tree, text: &str) -> Vec<SyntaxError> {
    let mut errors = Vec::new();
    if !tree.root_node().has_error() {
        return errors;
    }
    let language = tree.language();
    let mut cursor = tree.walk();
    loop {
        let node = cursor.node();
        let descend = if node.is_error() {
            errors.push(describe_error(&language, node, text));
            false
        } else if node.is_missing() {
            errors.push(describe_missing(node, text));
            false
        } else {
            node.has_error()
        };
        if descend && cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                return errors;
            }
        }
    }
}

fn location_of(node: Node, text: &str) -> Location {
    Location::of_point(text, node.start_byte(), node.start_position())
}

/// A token the parser inserted to recover. An unclosed string or heredoc is
/// reported where it opens, as Puppet does; anything else where the token
/// was expected.
fn describe_missing(missing: Node, text: &str) -> SyntaxError {
    let opened = missing.parent().filter(|parent| {
        matches!(
            (missing.kind(), parent.kind()),
            ("\"", "interpolated_string") | ("heredoc_end", "heredoc_body")
        )
    });
    match opened {
        Some(string) if string.kind() == "interpolated_string" => SyntaxError {
            location: location_of(string, text),
            offset: string.start_byte(),
            message: "unclosed quote".to_string(),
        },
        Some(body) => SyntaxError {
            // The body starts on the line after its header.
            location: Location {
                line: body.start_position().row + 2,
                column: 1,
            },
            offset: text[body.start_byte().min(text.len())..]
                .find('\n')
                .map_or(text.len(), |newline| body.start_byte() + newline + 1),
            message: "heredoc without end-tagged line".to_string(),
        },
        None => SyntaxError {
            location: location_of(missing, text),
            offset: missing.start_byte(),
            message: format!(
                "missing {}",
                display_token(missing.kind(), missing.is_named())
            ),
        },
    }
}

fn describe_error(language: &Language, error: Node, text: &str) -> SyntaxError {
    let found = first_leaf(error);
    let found_text = &text[found.start_byte()..found.end_byte().min(text.len())];
    let unexpected = if found_text.is_empty() {
        "unexpected end of input".to_string()
    } else {
        format!("unexpected {}", quote_excerpt(found_text))
    };
    let state = state_before(error, found);
    let message = match expected_tokens(language, state) {
        Some(expected) => format!("{unexpected}; expected {expected}"),
        None => unexpected,
    };
    SyntaxError {
        location: location_of(found, text),
        offset: found.start_byte(),
        message,
    }
}

/// The parse state in which the parser met the unexpected token: the state
/// of the error's first token where it has one, else that of the token
/// after the error (the skipped text left the state as it was), else the
/// state after the token before it.
fn state_before(error: Node, found: Node) -> u16 {
    let recorded = |leaf: Node| Some(leaf.parse_state()).filter(|&state| state != 0);
    let after = || {
        let mut node = error;
        loop {
            match node.next_sibling() {
                Some(sibling) if sibling.is_extra() => node = sibling,
                Some(sibling) => return Some(first_leaf(sibling)),
                None => node = node.parent()?,
            }
        }
    };
    (found != error)
        .then(|| recorded(found))
        .flatten()
        .or_else(|| after().and_then(recorded))
        .or_else(|| {
            previous_leaf(error)
                .map(|leaf| leaf.next_parse_state())
                .filter(|&state| state != 0)
        })
        .unwrap_or(1)
}

fn first_leaf(mut node: Node) -> Node {
    while let Some(child) = node.child(0) {
        node = child;
    }
    node
}

/// The last non-extra leaf that ends before `node`.
fn previous_leaf(node: Node) -> Option<Node> {
    let mut current = node;
    loop {
        let mut sibling = current.prev_sibling();
        while let Some(candidate) = sibling {
            if !candidate.is_extra() && candidate.end_byte() > candidate.start_byte() {
                let mut leaf = candidate;
                while let Some(last) = leaf.child(leaf.child_count().saturating_sub(1)) {
                    leaf = last;
                }
                return Some(leaf);
            }
            sibling = candidate.prev_sibling();
        }
        current = current.parent()?;
    }
}

/// Tokens that start an expression; when a state accepts all of these, the
/// message says "an expression" instead of listing them.
const EXPRESSION_STARTS: &[&str] = &[
    "variable",
    "name",
    "type_reference",
    "integer",
    "float",
    "string",
    "\"",
    "[",
    "{",
    "(",
    "-",
    "!",
    "*",
    "true",
    "false",
    "undef",
    "default",
    "regex",
    "@(",
    "if",
    "unless",
    "case",
    "type",
    "attr",
    "function",
];

/// Tokens that start a statement but not an expression.
const STATEMENT_STARTS: &[&str] = &["class", "define", "node", "private", "@", "@@", ";"];

const MAX_LISTED: usize = 8;

/// Kinds of named nodes that have children: what the lookahead of a state
/// lists beside tokens, and no error message should.
fn nonterminal_kinds() -> &'static HashSet<String> {
    static KINDS: OnceLock<HashSet<String>> = OnceLock::new();
    KINDS.get_or_init(|| {
        #[derive(serde::Deserialize)]
        struct NodeType {
            #[serde(rename = "type")]
            kind: String,
            #[serde(default)]
            fields: Option<serde_json::Value>,
            #[serde(default)]
            children: Option<serde_json::Value>,
            #[serde(default)]
            subtypes: Option<serde_json::Value>,
        }
        let node_types: Vec<NodeType> =
            serde_json::from_str(tree_sitter_puppet_pfacts::NODE_TYPES).expect("node-types.json");
        node_types
            .into_iter()
            .filter(|node| {
                node.fields
                    .as_ref()
                    .is_some_and(|fields| fields.as_object().is_some_and(|o| !o.is_empty()))
                    || node.children.is_some()
                    || node.subtypes.is_some()
            })
            .map(|node| node.kind)
            .collect()
    })
}

/// Binary and postfix operators; when a state accepts these, the message
/// says "an operator" instead of listing them.
const OPERATORS: &[&str] = &[
    "!=", "!~", "%", "*", "+", "+=", "-", "-=", "->", ".", "/", "<", "<-", "<<", "<<|", "<=", "<|",
    "<~", "=", "==", "=~", ">", ">=", ">>", "?", "[", "and", "in", "or", "~>",
];

/// Tokens that never make a useful suggestion: extras, and what only
/// appears inside strings.
const UNLISTED: &[&str] = &["comment", "heredoc_body", "${", "ERROR"];

fn expected_tokens(language: &Language, state: u16) -> Option<String> {
    // (kind, named) of every token the state accepts.
    let mut tokens: Vec<(&str, bool)> = Vec::new();
    for symbol in language.lookahead_iterator(state)? {
        let Some(kind) = language.node_kind_for_id(symbol) else {
            continue;
        };
        let named = language.node_kind_is_named(symbol);
        if !language.node_kind_is_visible(symbol)
            || UNLISTED.contains(&kind)
            || (named && nonterminal_kinds().contains(kind))
        {
            continue;
        }
        // Named single-token rules read better as their token.
        let token = match kind {
            "access_modifier" => ("private", false),
            "reserved_word" => continue,
            _ => (kind, named),
        };
        if !tokens.contains(&token) {
            tokens.push(token);
        }
    }
    let accepts = |kind: &str| tokens.iter().any(|(token, _)| *token == kind);
    let accepts_expression = ["variable", "integer", "string", "["]
        .iter()
        .all(|kind| accepts(kind));
    let accepts_statement = accepts_expression && accepts("node");
    let accepts_operator = ["+", "==", "and"].iter().all(|kind| accepts(kind));
    let mut described: Vec<String> = Vec::new();
    if accepts_statement {
        described.push("a statement".to_string());
    } else if accepts_expression {
        described.push("an expression".to_string());
    }
    if accepts_operator {
        described.push("an operator".to_string());
    }
    let summarised = |kind: &str| {
        (accepts_expression && EXPRESSION_STARTS.contains(&kind))
            || (accepts_statement && STATEMENT_STARTS.contains(&kind))
            || (accepts_operator && OPERATORS.contains(&kind))
    };
    tokens.retain(|(kind, _)| !summarised(kind));
    tokens.sort();
    described.extend(
        tokens
            .iter()
            .map(|&(kind, named)| display_token(kind, named)),
    );
    if described.is_empty() {
        return None;
    }
    if described.len() > MAX_LISTED {
        let more = described.len() - MAX_LISTED;
        described.truncate(MAX_LISTED);
        described.push(format!("{more} more"));
    }
    Some(join_alternatives(&described))
}

fn join_alternatives(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [only] => only.clone(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
}

fn display_token(kind: &str, named: bool) -> String {
    match (kind, named) {
        ("end", _) => "end of input".to_string(),
        (_, true) => kind.replace('_', " "),
        (_, false) => format!("`{kind}`"),
    }
}

/// A short, one-line rendering of source text for a message.
fn quote_excerpt(text: &str) -> String {
    const MAX_CHARS: usize = 30;
    let line = text.lines().next().unwrap_or_default();
    let mut excerpt: String = line.chars().take(MAX_CHARS).collect();
    if excerpt.len() < text.len() {
        excerpt.push('…');
    }
    format!("`{}`", excerpt.escape_debug())
}

/// What parsing one file gave.
#[derive(Debug)]
pub struct ParsedFile {
    pub path: PathBuf,
    /// Size of the file in bytes (0 when it could not be read).
    pub bytes: usize,
    /// I/O errors, rejected content and syntax errors, in document order.
    pub diagnostics: Vec<Diagnostic>,
    /// The text and its tree, unless the file could not be read, decoded or
    /// parsed in time. A tree may contain errors: the well-formed parts
    /// still count.
    pub syntax: Option<(SourceText, Tree)>,
}

/// Reads, decodes and parses one file, timed as [`PARSING`].
pub fn parse_file(parser: &mut Parser, path: &Path) -> ParsedFile {
    PARSING.time(|| read_and_parse(parser, path))
}

/// The CPU time spent reading and parsing manifests, the same part in
/// `pfacts parse` and `pfacts check` (`PFACTS_TIMINGS=parts`).
pub static PARSING: crate::timings::Part = crate::timings::Part::new("parsing manifests");

/// [`parse_file`]'s work. Profiles (`scripts/check-cost.sh`) find it by
/// this name: `parse_file` is small enough to be inlined.
fn read_and_parse(parser: &mut Parser, path: &Path) -> ParsedFile {
    let mut parsed = ParsedFile {
        path: path.to_path_buf(),
        bytes: 0,
        diagnostics: Vec::new(),
        syntax: None,
    };
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(error) => {
            parsed
                .diagnostics
                .push(Diagnostic::io(path.to_path_buf(), error.to_string()));
            return parsed;
        }
    };
    parsed.bytes = bytes.len();
    let source = match source::decode(bytes) {
        Ok(source) => source,
        Err(rejection) => {
            parsed
                .diagnostics
                .push(rejection.into_diagnostic(path.to_path_buf()));
            return parsed;
        }
    };
    if source.byte_order_mark {
        parsed.diagnostics.push(Diagnostic::finding(
            path.to_path_buf(),
            Some(Location { line: 1, column: 1 }),
            "byte-order mark at the start of the file: Puppet refuses it (ILLEGAL_BOM); remove it"
                .to_string(),
        ));
    }
    let tree = match parse(parser, &source.parser_input()) {
        Ok(tree) => tree,
        Err(Abandoned { budget }) => {
            parsed.diagnostics.push(Diagnostic::finding(
                path.to_path_buf(),
                None,
                format!(
                    "parse abandoned after {} s (the budget for {} bytes)",
                    budget.as_secs(),
                    parsed.bytes
                ),
            ));
            return parsed;
        }
    };
    for error in syntax_errors(&tree, &source.text) {
        parsed.diagnostics.push(Diagnostic::finding(
            path.to_path_buf(),
            Some(error.location),
            format!("syntax error: {}", error.message),
        ));
    }
    parsed.syntax = Some((source, tree));
    parsed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors_of(text: &str) -> Vec<SyntaxError> {
        let tree = parse(&mut new_parser(), text).unwrap();
        syntax_errors(&tree, text)
    }

    #[test]
    fn a_thread_parses_with_its_parser_and_with_another_while_it_is_in_use() {
        let first_kind = |parser: &mut Parser, text: &str| {
            let tree = parse(parser, text).unwrap();
            tree.root_node().child(0).unwrap().kind().to_string()
        };
        let (assignment, call) = with_parser(|outer| {
            let call = with_parser(|inner| first_kind(inner, "include a\n"));
            (first_kind(outer, "$x = 1\n"), call)
        });
        let again = with_parser(|parser| first_kind(parser, "$y = 2\n"));
        assert_eq!(assignment, again);
        assert_ne!(assignment, call);
    }

    #[test]
    fn well_formed_code_has_no_errors() {
        assert_eq!(errors_of("class a { include b, c }\n"), vec![]);
    }

    #[test]
    fn an_unexpected_token_is_named_and_located() {
        let errors = errors_of("$a = 1\n$b = [1, 2 =>> 3]\n");
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].location.line, 2);
        assert!(
            errors[0].message.starts_with("unexpected `"),
            "{}",
            errors[0].message
        );
    }

    #[test]
    fn a_missing_token_is_reported() {
        let errors = errors_of("class a {\n  $x = [1, 2\n}\n");
        assert!(!errors.is_empty());
        assert!(
            errors.iter().all(|error| error.location.line >= 2),
            "{errors:?}"
        );
    }
}
