//! Definitions: classes, defines, nodes, functions and type aliases,
//! their parameters, and whether the autoloader finds each where it is.

use tree_sitter::Node;

use super::comments::tagged_api_private;
use super::{
    autoload_path, is_autoload_path, names, Extractor, OpenParameter, ParameterPart, Role,
};
use super::{
    AutoloadMismatch, Definition, DefinitionKind, FileId, Inherits, Known, KnownKind, NodeInherits,
    NodeMatcher, NodeMatcherForm, ParamDecl, Privacy, PrivacyHow, ScopeKind, TypeAliasOf,
    TOP_SCOPE,
};
use crate::facts::epp::TEMPLATE_FUNCTION;

impl<'a> Extractor<'a> {
    pub(super) fn definition_of(&mut self, node: Node<'a>, depth: usize) {
        let is_class = node.kind_id() == self.grammar.class_definition;
        let Some(name_node) = node.child_by_field_id(self.grammar.fields.name.get()) else {
            return;
        };
        // Puppet prefixes a nested definition with its enclosing classes.
        let written = Self::class_name(self.source(name_node));
        let enclosing_class = self
            .frames
            .iter()
            .rev()
            .find(|frame| frame.kind == ScopeKind::Class)
            .map(|frame| frame.name.clone());
        let name = match enclosing_class {
            Some(outer) => format!("{outer}::{written}"),
            None => written,
        };
        let documented_private = *self
            .mentions_api_tag
            .get_or_insert_with(|| memchr::memmem::find(self.text.as_bytes(), b"@api").is_some())
            && tagged_api_private(self.text, node.start_byte());
        let (line, col) = self.location(name_node);
        let kind = if is_class {
            ScopeKind::Class
        } else {
            ScopeKind::Define
        };
        let scope = self.open_scope(node, depth, kind, name.clone());
        let entity = self.sym(&name);
        let kind = if is_class {
            DefinitionKind::Class
        } else {
            DefinitionKind::Define
        };
        self.facts.definition.push(Definition {
            kind,
            name: entity,
            scope,
            file: FileId::default(),
            line,
            col,
        });
        let mut privacy = Vec::new();
        if node
            .child_by_field_id(self.grammar.fields.access.get())
            .is_some()
        {
            privacy.push(PrivacyHow::Keyword);
        }
        if documented_private {
            privacy.push(PrivacyHow::ApiTag);
        }
        for how in privacy {
            self.facts.privacy.push(Privacy {
                entity,
                kind,
                how,
                file: FileId::default(),
                line: self.line(node),
            });
        }
        if let Some(parent_node) = node.child_by_field_id(self.grammar.fields.parent.get()) {
            let parent = Self::class_name(self.source(parent_node));
            let parent = self.sym(&parent);
            let (line, col) = self.location(parent_node);
            self.facts.inherits.push(Inherits {
                class: entity,
                parent,
                file: FileId::default(),
                line,
                col,
            });
        }
        self.check_autoload(&name, Role::ModuleManifest, line);
    }

    pub(super) fn check_autoload(&mut self, name: &str, role: Role, line: u32) {
        if self.placement.role != role {
            return;
        }
        let Some(actual) = self.module_path.as_deref() else {
            return;
        };
        if !is_autoload_path(role, name, actual) {
            let expected = autoload_path(role, name).unwrap_or_default();
            let entity = self.sym(name);
            let expected = self.sym(&expected);
            self.facts.autoload_mismatch.push(AutoloadMismatch {
                entity,
                file: FileId::default(),
                line,
                expected,
            });
        }
    }

    /// A parameter of the class, define, function or lambda whose scope
    /// is the innermost one, two levels up (definition, list, parameter).
    pub(super) fn parameter(&mut self, depth: usize) {
        let Some(frame) = self.frames.last_mut() else {
            return;
        };
        if frame.depth + 2 != depth {
            return;
        }
        let position = frame.parameters;
        frame.parameters += 1;
        self.deepest_open = self.deepest_open.max(depth);
        self.open_parameters.push(OpenParameter {
            depth,
            scope: frame.scope,
            kind: frame.kind,
            position,
            private: false,
            type_text: "",
            variable: None,
            has_default: false,
            captures_rest: false,
        });
    }

    /// A child of the open parameter: access modifier, type, `*`, the
    /// parameter's variable, `=` and the default.
    pub(super) fn parameter_part(&mut self, node: Node<'a>, kind: u16) -> ParameterPart {
        let g = self.grammar;
        let text = self.text;
        let open = self.open_parameters.last_mut().expect("caller checked");
        if open.has_default {
            return ParameterPart::Other;
        }
        if kind == g.access_modifier {
            open.private = true;
        } else if kind == g.splat {
            open.captures_rest = true;
        } else if kind == g.equals {
            open.has_default = true;
        } else if kind == g.variable && open.variable.is_none() {
            open.variable = Some(node);
            return ParameterPart::Variable;
        } else if kind != g.splat && open.variable.is_none() {
            open.type_text = &text[node.byte_range()];
            if !open.type_text.contains('$') {
                return ParameterPart::PlainType;
            }
        }
        ParameterPart::Other
    }

    /// Parameters of functions and lambdas are also variables of their
    /// scope; lambdas have no `param_decl` rows.
    pub(super) fn close_parameter(&mut self, open: OpenParameter<'a>) {
        let Some(variable) = open.variable else {
            return;
        };
        self.validate_parameter(&open, variable);
        let name = self.source(variable).trim_start_matches('$');
        if open.kind == ScopeKind::Lambda {
            self.var_assign(open.scope, name, variable, false);
            return;
        }
        let (line, col) = self.location(variable);
        let row = ParamDecl {
            scope: open.scope,
            name: self.sym(name),
            type_text: self.sym(open.type_text),
            has_default: open.has_default,
            position: open.position,
            private: open.private,
            file: FileId::default(),
            line,
            col,
        };
        self.facts.param_decl.push(row);
        if matches!(open.kind, ScopeKind::Function | ScopeKind::Template) {
            self.var_assign(open.scope, name, variable, open.private);
        }
    }

    pub(super) fn node_definition(&mut self, node: Node<'a>, depth: usize) {
        let matchers = self.children_by_field(node, self.grammar.fields.matcher);
        let described: Vec<(String, NodeMatcherForm, Node)> = matchers
            .iter()
            .map(|&matcher| self.describe_matcher(matcher))
            .collect();
        let first = described
            .first()
            .map(|(text, _, _)| text.clone())
            .unwrap_or_default();
        let scope = self.open_scope(node, depth, ScopeKind::Node, first);
        for (text, form, matcher) in described {
            let (line, col) = self.location(matcher);
            let matcher = self.sym(&text);
            self.facts.definition.push(Definition {
                kind: DefinitionKind::Node,
                name: matcher,
                scope,
                file: FileId::default(),
                line,
                col,
            });
            self.facts.node_matcher.push(NodeMatcher {
                node: scope,
                matcher,
                form,
            });
        }
        if let Some(parent) = node.child_by_field_id(self.grammar.fields.parent.get()) {
            let (text, _, _) = self.describe_matcher(parent);
            let parent = self.sym(&text);
            self.facts.node_inherits.push(NodeInherits {
                node: scope,
                parent,
                file: FileId::default(),
                line: self.line(node),
            });
        }
    }

    pub(super) fn describe_matcher(
        &self,
        matcher: Node<'a>,
    ) -> (String, NodeMatcherForm, Node<'a>) {
        let g = self.grammar;
        let kind = matcher.kind_id();
        if kind == g.regex {
            let text = self.source(matcher).to_string();
            (text, NodeMatcherForm::Regex, matcher)
        } else if kind == g.default {
            ("default".to_string(), NodeMatcherForm::Default, matcher)
        } else if kind == g.node_name {
            let text = self.literal(matcher).unwrap_or_default();
            (text, NodeMatcherForm::Name, matcher)
        } else {
            let text = self
                .literal(matcher)
                .unwrap_or_else(|| self.source(matcher).to_string());
            (text, NodeMatcherForm::String, matcher)
        }
    }

    pub(super) fn function_definition(&mut self, node: Node<'a>, depth: usize) {
        let Some(name_node) = node.child_by_field_id(self.grammar.fields.name.get()) else {
            return;
        };
        let name = Self::class_name(self.source(name_node));
        // A template's code is a function of the translation's, which
        // defines nothing.
        if self.template.is_some() && name == TEMPLATE_FUNCTION {
            self.open_scope(node, depth, ScopeKind::Template, name);
            return;
        }
        let (line, col) = self.location(name_node);
        let scope = self.open_scope(node, depth, ScopeKind::Function, name.clone());
        let function = self.sym(&name);
        self.facts.definition.push(Definition {
            kind: DefinitionKind::Function,
            name: function,
            scope,
            file: FileId::default(),
            line,
            col,
        });
        let known = Known {
            kind: KnownKind::Function,
            name: function,
            module: self.sym(&self.placement.module),
            file: FileId::default(),
        };
        self.facts.known.push(known);
        self.check_autoload(&name, Role::Function, line);
    }

    pub(super) fn lambda(&mut self, node: Node<'a>, depth: usize) {
        self.open_scope(node, depth, ScopeKind::Lambda, String::new());
    }

    pub(super) fn type_declaration(&mut self, node: Node<'a>) {
        let Some(name_node) = node.child_by_field_id(self.grammar.fields.name.get()) else {
            return;
        };
        let kind = if node.kind_id() == self.grammar.type_definition {
            DefinitionKind::TypeDefinition
        } else if name_node.kind_id() == self.grammar.type_reference {
            DefinitionKind::TypeAlias
        } else {
            DefinitionKind::TypeMapping
        };
        let name = names::absolute(self.source(name_node)).to_string();
        let (line, col) = self.location(name_node);
        let row = Definition {
            kind,
            name: self.sym(&name),
            scope: TOP_SCOPE,
            file: FileId::default(),
            line,
            col,
        };
        self.facts.definition.push(row);
        if kind == DefinitionKind::TypeAlias {
            let known = Known {
                kind: KnownKind::TypeAlias,
                name: self.sym(&name),
                module: self.sym(&self.placement.module),
                file: FileId::default(),
            };
            self.facts.known.push(known);
            self.check_autoload(&name, Role::TypeAlias, line);
            // `type A = Integer[1]`, not an object type's `Object { ... }`.
            let body = node.child_by_field_id(self.grammar.fields.body.get());
            let aliased = node.child_by_field_id(self.grammar.fields.type_.get());
            if let (Some(aliased), None) = (aliased, body) {
                let row = TypeAliasOf {
                    name: self.sym(&name),
                    type_text: self.sym(self.source(aliased)),
                };
                self.facts.type_alias_of.push(row);
            }
        }
    }
}
