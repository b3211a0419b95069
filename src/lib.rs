//! pfacts: a static analyzer for the Puppet configuration language.
//!
//! The pipeline runs one way: [`source`] finds and decodes manifests,
//! [`syntax`] parses them with the tree-sitter grammar in `grammar/` and
//! reports syntax errors, [`facts`] extracts typed relations from the
//! trees, and [`cli`] drives it all from the command line.

pub mod baseline;
pub mod catalog;
pub mod cli;
pub mod config;
pub mod diagnostic;
pub mod facts;
pub mod fix;
pub mod lints;
pub mod query;
pub mod report;
#[path = "../rules/mod.rs"]
pub mod rules;
pub mod source;
pub mod suppression;
pub mod syntax;
pub mod timings;
pub mod yaml;

/// Extraction and the rules make many small allocations (interned names,
/// fact rows) from parallel threads, where mimalloc beats the system
/// allocator; set here so the binary, tests and benches all measure it.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
