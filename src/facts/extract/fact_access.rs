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

    /// `dig($facts, 'x', ...)`: the fact `x`, when the key is literal.
    pub(super) fn facts_dig(&mut self, call: Node<'a>) {
        let Some(arguments) = call.child_by_field_id(self.grammar.fields.arguments.get()) else {
            return;
        };
        let arguments = self.named_children(arguments);
        if let [target, key, ..] = arguments[..] {
            if self.is_facts_variable(target) {
                self.literal_fact_read(FactReadForm::FactsDig, key);
            }
        }
    }

    /// `$facts.dig('x', ...)`: the fact `x`, when the key is literal.
    pub(super) fn facts_dig_method(&mut self, call: Node<'a>) {
        let fields = &self.grammar.fields;
        let receiver = call.child_by_field_id(fields.receiver.get());
        if !receiver.is_some_and(|receiver| self.is_facts_variable(receiver)) {
            return;
        }
        let Some(arguments) = call.child_by_field_id(fields.arguments.get()) else {
            return;
        };
        if let Some(&key) = self.named_children(arguments).first() {
            self.literal_fact_read(FactReadForm::FactsDig, key);
        }
    }

    /// `getvar('facts.x.y')` (or `'::facts.x'`): the fact `x`.
    pub(super) fn getvar_fact(&mut self, call: Node<'a>) {
        let Some(arguments) = call.child_by_field_id(self.grammar.fields.arguments.get()) else {
            return;
        };
        let Some(&path_node) = self.named_children(arguments).first() else {
            return;
        };
        let Some(path) = self.literal(path_node) else {
            return;
        };
        let Some(rest) = path.trim_start_matches("::").strip_prefix("facts.") else {
            return;
        };
        let name = rest.split('.').next().unwrap_or_default().to_string();
        if !name.is_empty() {
            self.fact_read(FactReadForm::Getvar, &name, path_node);
        }
    }

    fn is_facts_variable(&self, node: Node<'a>) -> bool {
        node.kind_id() == self.grammar.variable
            && self
                .source(node)
                .trim_start_matches('$')
                .trim_start_matches("::")
                == "facts"
    }

    fn literal_fact_read(&mut self, form: FactReadForm, key: Node<'a>) {
        if let Some(name) = self.literal(key) {
            self.fact_read(form, &name, key);
        }
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
