//! The Puppet language grammar of pfacts, for the [tree-sitter] parsing
//! library.
//!
//! ```
//! let mut parser = tree_sitter::Parser::new();
//! parser
//!     .set_language(&tree_sitter_puppet_pfacts::LANGUAGE.into())
//!     .expect("grammar and runtime ABI match");
//! let tree = parser.parse("class a { include b }", None).unwrap();
//! assert!(!tree.root_node().has_error());
//! ```
//!
//! [tree-sitter]: https://tree-sitter.github.io/

use tree_sitter_language::LanguageFn;

extern "C" {
    fn tree_sitter_puppet() -> *const ();
}

/// The tree-sitter [`LanguageFn`] of the Puppet grammar.
pub const LANGUAGE: LanguageFn = unsafe { LanguageFn::from_raw(tree_sitter_puppet) };

/// The node types of the grammar (`src/node-types.json`).
pub const NODE_TYPES: &str = include_str!("../../src/node-types.json");

#[cfg(test)]
mod tests {
    #[test]
    fn language_loads_into_the_runtime() {
        let mut parser = tree_sitter::Parser::new();
        parser
            .set_language(&super::LANGUAGE.into())
            .expect("grammar and runtime ABI match");
    }
}
