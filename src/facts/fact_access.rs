//! Facts read by name in manifests without a variable of their own:
//! `$facts['osfamily']` and stdlib's `fact('os.family')`, as `fact_read`
//! rows (a legacy fact read this way is `undef` under Puppet 8, without a
//! word); the Hiera keys that manifests look up by name, and the literal
//! strings that may name one.

use tree_sitter::Node;

use super::{Extractor, FactRead, FactReadForm, FileId, KeyLiteral, LookupKey};

impl<'a> Extractor<'a> {
    /// `$facts['x']`, `$::facts['x']`, `"${facts['x']}"`: the first key,
    /// when literal.
    pub(super) fn facts_hash_access(&mut self, node: Node<'a>) {
        let fields = &self.grammar.fields;
        let Some(target) = node.child_by_field_id(fields.target.get()) else {
            return;
        };
        if target.kind_id() != self.grammar.variable {
            return;
        }
        let name = self.source(target).trim_start_matches('$');
        if name.trim_start_matches("::") != "facts" {
            return;
        }
        let Some(key) = self
            .children_by_field(node, fields.index)
            .first()
            .and_then(|index| self.literal(*index))
        else {
            return;
        };
        self.fact_read(FactReadForm::FactsHash, &key, node);
    }

    /// `fact('os.family')`: the fact `os`, when the argument is literal.
    pub(super) fn fact_function(&mut self, node: Node<'a>, function: Node<'a>) {
        let Some(path) = self.first_literal_argument(node) else {
            return;
        };
        let name = path.split('.').next().unwrap_or_default().to_string();
        self.fact_read(FactReadForm::FactFunction, &name, function);
    }

    /// `lookup('k')`, `hiera('k')`, ...: the key, when literal.
    pub(super) fn looked_up_key(&mut self, node: Node<'a>, function: Node<'a>) {
        let Some(key) = self.first_literal_argument(node) else {
            return;
        };
        let (line, col) = self.location(function);
        let row = LookupKey {
            key: self.sym(&key),
            file: FileId::default(),
            line,
            col,
        };
        self.facts.lookup_key.push(row);
    }

    /// A literal string written as a qualified name
    /// (`'kubernetes::keepalived::secret'`): a key that code may look up
    /// later through a variable.
    pub(super) fn key_literal(&mut self, node: Node<'a>) {
        // Most strings hold no `::`: they are passed over unread.
        if !self.source(node).contains("::") {
            return;
        }
        let Some(text) = self.literal(node) else {
            return;
        };
        let qualified = text.split("::").count() > 1
            && text.split("::").all(|segment| {
                !segment.is_empty()
                    && segment
                        .bytes()
                        .all(|byte| byte.is_ascii_alphanumeric() || byte == b'_')
            });
        if !qualified {
            return;
        }
        let (line, col) = self.location(node);
        let row = KeyLiteral {
            key: self.sym(&text),
            file: FileId::default(),
            line,
            col,
        };
        self.facts.key_literal.push(row);
    }

    /// The value of a call's first argument, when literal.
    fn first_literal_argument(&self, call: Node<'a>) -> Option<String> {
        let arguments = call.child_by_field_id(self.grammar.fields.arguments.get())?;
        let first = *self.named_children(arguments).first()?;
        self.literal(first)
    }

    fn fact_read(&mut self, form: FactReadForm, name: &str, at: Node<'a>) {
        let (line, col) = self.location(at);
        let row = FactRead {
            form,
            name: self.sym(name),
            file: FileId::default(),
            line,
            col,
        };
        self.facts.fact_read.push(row);
    }
}
