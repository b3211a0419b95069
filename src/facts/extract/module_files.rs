//! Files of modules that code names by a literal, as `file_reference`
//! rows: `template()`, `epp()` and `file()` (found in the module's
//! `templates/` and `files/` at compile time), and a `file` resource's
//! `source => 'puppet:///modules/...'` (fetched by the agent). Within a
//! class or define of a module, `$module_name` in the string is the
//! module's name.

use tree_sitter::Node;

use super::{
    EppArgument, EppArguments, EppArgumentsForm, Extractor, FileId, FileReference,
    FileReferenceHow, Id,
};

/// The prefix of a `source` that names a module's file.
const MODULES_MOUNT: &str = "puppet:///modules/";

impl<'a> Extractor<'a> {
    /// `template('m/a.erb', 'm/b.erb')` needs each template; `epp` reads
    /// its first argument; `file('m/a', 'm/b')` takes the first that
    /// exists, so it is judged only when every name is a module's file.
    pub(super) fn module_file_call(&mut self, call: Node<'a>, how: FileReferenceHow) {
        let Some(arguments) = call.child_by_field_id(self.grammar.fields.arguments.get()) else {
            return;
        };
        let arguments = self.named_children(arguments);
        if how == FileReferenceHow::Epp {
            let named = arguments
                .first()
                .and_then(|&name| self.named_module_file(how, name));
            if let (Some(reference), Some(&given)) = (named, arguments.get(1)) {
                self.epp_arguments(reference, given);
            }
            return;
        }
        if how == FileReferenceHow::File {
            let alternatives = arguments.iter().map(|&argument| {
                let name = self.module_file_name(argument)?;
                is_module_file(&name).then_some((name, argument))
            });
            if let Some(alternatives) = alternatives.collect::<Option<Vec<_>>>() {
                let reference = self.new_id();
                for (name, argument) in alternatives {
                    self.file_reference(reference, how, &name, argument);
                }
            }
            return;
        }
        for argument in arguments {
            self.named_module_file(how, argument);
        }
    }

    /// The reference of an argument that names a module's file.
    fn named_module_file(&mut self, how: FileReferenceHow, argument: Node<'a>) -> Option<Id> {
        let name = self.module_file_name(argument)?;
        if !is_module_file(&name) {
            return None;
        }
        let reference = self.new_id();
        self.file_reference(reference, how, &name, argument);
        Some(reference)
    }

    /// A `file` resource's `source`: a string, or an array of strings of
    /// which the agent takes the first that exists, judged only when each
    /// names a module's file.
    pub(super) fn module_file_source(&mut self, value: Node<'a>) {
        let sources = if value.kind_id() == self.grammar.array {
            self.named_children(value)
        } else {
            vec![value]
        };
        let alternatives = sources.iter().map(|&source| {
            let text = self.module_file_name(source)?;
            let name = text.strip_prefix(MODULES_MOUNT)?.to_string();
            is_module_file(&name).then_some((name, source))
        });
        if let Some(alternatives) = alternatives.collect::<Option<Vec<_>>>() {
            let reference = self.new_id();
            for (name, source) in alternatives {
                self.file_reference(reference, FileReferenceHow::Source, &name, source);
            }
        }
    }

    /// The text of a string naming a module's file: a literal, or a
    /// double-quoted string whose interpolations are `$module_name` in a
    /// class or define of a module.
    fn module_file_name(&self, node: Node<'a>) -> Option<String> {
        if node.kind_id() != self.grammar.interpolated_string {
            return self.literal(node);
        }
        let module = Some(self.placement.module.as_str())
            .filter(|module| !module.is_empty() && self.definition().is_some());
        self.interpolated(node, |name| module.filter(|_| name == "module_name"))
    }

    /// The arguments an `epp()` call gives its template: the keys of a
    /// literal hash, or a computed value.
    fn epp_arguments(&mut self, reference: Id, given: Node<'a>) {
        let keys: Option<Vec<String>> = self
            .pairs(given)
            .and_then(|pairs| pairs.iter().map(|&(key, _)| self.literal(key)).collect());
        let form = match keys {
            Some(keys) => {
                for key in keys {
                    let name = self.sym(&key);
                    self.facts
                        .epp_argument
                        .push(EppArgument { reference, name });
                }
                EppArgumentsForm::Literal
            }
            None => EppArgumentsForm::Computed,
        };
        self.facts
            .epp_arguments
            .push(EppArguments { reference, form });
    }

    fn file_reference(&mut self, reference: Id, how: FileReferenceHow, name: &str, at: Node<'a>) {
        // `puppet:///modules/m/dir/` names the directory `m/dir`.
        let name = name.trim_end_matches('/');
        let (line, col) = self.location(at);
        let row = FileReference {
            reference,
            how,
            name: self.sym(name),
            scope: self.scope(),
            file: FileId::default(),
            line,
            col,
        };
        self.facts.file_reference.push(row);
    }
}

/// Whether `name` is a module's file (`m/x`): not an absolute path, nor a
/// name without its module.
fn is_module_file(name: &str) -> bool {
    !name.starts_with('/') && name.contains('/')
}
