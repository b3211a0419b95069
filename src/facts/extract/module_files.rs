//! Files of modules that code names by a literal, as `file_reference`
//! rows: `template()`, `epp()` and `file()` (found in the module's
//! `templates/` and `files/` at compile time), and a `file` resource's
//! `source => 'puppet:///modules/...'` (fetched by the agent).

use tree_sitter::Node;

use super::{Extractor, FileId, FileReference, FileReferenceHow, Id};

/// The prefix of a `source` that names a module's file.
const MODULES_MOUNT: &str = "puppet:///modules/";

impl<'a> Extractor<'a> {
    /// `template('m/a.erb', 'm/b.erb')` needs each template; `epp` reads
    /// its first argument; `file('m/a', 'm/b')` takes the first that
    /// exists.
    pub(super) fn module_file_call(&mut self, call: Node<'a>, how: FileReferenceHow) {
        let Some(arguments) = call.child_by_field_id(self.grammar.fields.arguments.get()) else {
            return;
        };
        let mut arguments = self.named_children(arguments);
        if how == FileReferenceHow::Epp {
            arguments.truncate(1);
        }
        let shared = (how == FileReferenceHow::File).then(|| self.new_id());
        for argument in arguments {
            let Some(name) = self.literal(argument) else {
                continue;
            };
            let reference = shared.unwrap_or_else(|| self.new_id());
            self.file_reference(reference, how, &name, argument);
        }
    }

    /// A `file` resource's `source`: a string, or an array of strings
    /// of which the agent takes the first that exists.
    pub(super) fn module_file_source(&mut self, value: Node<'a>) {
        let sources = if value.kind_id() == self.grammar.array {
            self.named_children(value)
        } else {
            vec![value]
        };
        let reference = self.new_id();
        for source in sources {
            let Some(text) = self.literal(source) else {
                continue;
            };
            if let Some(name) = text.strip_prefix(MODULES_MOUNT) {
                self.file_reference(reference, FileReferenceHow::Source, name, source);
            }
        }
    }

    fn file_reference(&mut self, reference: Id, how: FileReferenceHow, name: &str, at: Node<'a>) {
        // An absolute path, or a name without its module, is no module's
        // file.
        if name.starts_with('/') || !name.contains('/') {
            return;
        }
        // `puppet:///modules/m/dir/` names the directory `m/dir`.
        let name = name.trim_end_matches('/');
        let (line, col) = self.location(at);
        let row = FileReference {
            reference,
            how,
            name: self.sym(name),
            file: FileId::default(),
            line,
            col,
        };
        self.facts.file_reference.push(row);
    }
}
