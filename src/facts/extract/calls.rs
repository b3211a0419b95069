//! Function calls: what `include`, `require`, `contain`, `realize` and
//! the other functions whose arguments name classes, resources or facts
//! give.

use tree_sitter::Node;

use super::function_resources;
use super::{names, Extractor};
use super::{
    Call, CallForm, DeclarationHow, Declares, DeclaresDynamic, DefinitionKind, FileId,
    FileReferenceHow, Privacy, PrivacyHow, RequiredHow, ScopeKind,
};
use crate::facts::epp::{RENDER_EXPR, RENDER_TEXT};

/// The functions that declare classes.
const DECLARING_FUNCTIONS: &[(&str, DeclarationHow)] = &[
    ("include", DeclarationHow::Include),
    ("require", DeclarationHow::Require),
    ("contain", DeclarationHow::Contain),
];

impl<'a> Extractor<'a> {
    pub(super) fn call(&mut self, node: Node<'a>) {
        let g = self.grammar;
        let kind = node.kind_id();
        let (function, form) = if kind == g.method_call {
            (
                node.child_by_field_id(self.grammar.fields.method.get()),
                CallForm::Method,
            )
        } else if kind == g.call {
            (
                node.child_by_field_id(self.grammar.fields.function.get()),
                CallForm::Prefix,
            )
        } else {
            (
                node.child_by_field_id(self.grammar.fields.function.get()),
                CallForm::Statement,
            )
        };
        let Some(function) = function else {
            return;
        };
        // `Integer[1, 5]('3')` calls the type's `new`.
        let name = if function.kind() == "access" {
            "new".to_string()
        } else {
            names::absolute(self.source(function)).to_string()
        };
        // A template's own rendering, not a call its author wrote.
        if self.template.is_some() && matches!(name.as_str(), RENDER_TEXT | RENDER_EXPR) {
            return;
        }
        let (line, col) = self.location(function);
        let row = Call {
            scope: self.scope(),
            name: self.sym(&name),
            form,
            guard: self.guard(),
            file: FileId::default(),
            line,
            col,
        };
        self.facts.call.push(row);
        if kind == g.method_call {
            if name == "dig" {
                self.facts_dig_method(node);
            }
            return;
        }
        match name.as_str() {
            "template" => self.module_file_call(node, FileReferenceHow::Template),
            "epp" => self.module_file_call(node, FileReferenceHow::Epp),
            "file" => self.module_file_call(node, FileReferenceHow::File),
            "fact" => self.fact_function(node, function),
            "dig" => self.facts_dig(node),
            "getvar" => self.getvar_fact(node),
            _ => {}
        }
        if name == "realize" {
            self.realized(node);
        }
        if function_resources::RESOURCE_FUNCTIONS.contains(&name.as_str()) {
            self.function_resources(node, &name, line, col);
        }
        if matches!(
            name.as_str(),
            "lookup" | "hiera" | "hiera_array" | "hiera_hash" | "hiera_include"
        ) {
            self.looked_up_key(node, function);
        }
        let declaring = DECLARING_FUNCTIONS
            .iter()
            .find(|(function, _)| *function == name)
            .map(|&(_, how)| (how, "{}"))
            .or_else(|| {
                self.class_functions
                    .iter()
                    .find(|function| function.function == name)
                    .map(|function| (DeclarationHow::Include, function.includes.as_str()))
            });
        if let Some((how, class)) = declaring {
            if let Some(arguments) = node.child_by_field_id(self.grammar.fields.arguments.get()) {
                for argument in self.named_children(arguments) {
                    self.declaration_argument(argument, how, class);
                }
            }
        }
        if name == "assert_private" {
            if let Some(definition) = self.definition() {
                let entity = definition.name.clone();
                let kind = if definition.kind == ScopeKind::Class {
                    DefinitionKind::Class
                } else {
                    DefinitionKind::Define
                };
                let row = Privacy {
                    entity: self.sym(&entity),
                    kind,
                    how: PrivacyHow::AssertPrivate,
                    file: FileId::default(),
                    line,
                };
                self.facts.privacy.push(row);
            }
        }
    }

    /// `realize(File['/a'], [User['b']])`: the resources it names.
    pub(super) fn realized(&mut self, node: Node<'a>) {
        let Some(arguments) = node.child_by_field_id(self.grammar.fields.arguments.get()) else {
            return;
        };
        let mut pending = self.named_children(arguments);
        while let Some(argument) = pending.pop() {
            if argument.kind_id() == self.grammar.array {
                pending.extend(self.named_children(argument));
            } else if argument.kind_id() == self.grammar.access {
                if let Some(refs) = self.references(argument) {
                    self.push_required(&refs, RequiredHow::Realize, argument);
                }
            }
        }
    }

    /// One argument of `include`, `require` or `contain` (or a title of
    /// `class { ... }`): names, strings and arrays of them.
    /// `class` is the class declared, `{}` standing for the argument (a
    /// site's function may name the class from it).
    pub(super) fn declaration_argument(
        &mut self,
        argument: Node<'a>,
        how: DeclarationHow,
        class: &str,
    ) {
        let g = self.grammar;
        if argument.kind_id() == g.array {
            for element in self.named_children(argument) {
                self.declaration_argument(element, how, class);
            }
            return;
        }
        let (line, col) = self.location(argument);
        match self.literal(argument) {
            Some(name) => self.push_declares(&class.replace("{}", &name), how, line, col),
            None => self.push_declares_dynamic(self.source(argument), how, line, col),
        }
    }

    /// A `declares` row: the current scope declares `class` (as written).
    pub(super) fn push_declares(&mut self, class: &str, how: DeclarationHow, line: u32, col: u32) {
        let row = Declares {
            scope: self.scope(),
            class: self.sym(&Self::class_name(class)),
            how,
            conditional: !self.conditions.is_empty(),
            guard: self.guard(),
            branch: self.branch(),
            file: FileId::default(),
            line,
            col,
        };
        self.facts.declares.push(row);
    }

    /// A `declares_dynamic` row: the current scope declares the class that
    /// the expression `text` computes.
    pub(super) fn push_declares_dynamic(
        &mut self,
        text: &str,
        how: DeclarationHow,
        line: u32,
        col: u32,
    ) {
        let row = DeclaresDynamic {
            scope: self.scope(),
            text: self.sym(text),
            how,
            file: FileId::default(),
            line,
            col,
        };
        self.facts.declares_dynamic.push(row);
    }
}
