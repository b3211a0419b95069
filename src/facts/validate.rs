//! What Puppet's validator (Checker4_0) refuses in a file that parses, read
//! off the tree during the extractor's walk as `validation_issue` facts,
//! each with Puppet's issue code. The rules in `src/lints/` report them.
//!
//! Implemented: NOT_TOP_LEVEL, NOT_ABSOLUTE_TOP_LEVEL,
//! ILLEGAL_DEFINITION_NAME, RESERVED_TYPE_NAME,
//! UNSUPPORTED_EXPRESSION (type definitions), RESERVED_PARAMETER,
//! DUPLICATE_PARAMETER, CAPTURES_REST_NOT_SUPPORTED, CAPTURES_REST_NOT_LAST,
//! ILLEGAL_PARAM_NAME, ILLEGAL_NUMERIC_PARAMETER, ILLEGAL_NODE_INHERITANCE,
//! ILLEGAL_HOSTNAME_CHARS, ILLEGAL_HOSTNAME_INTERPOLATION,
//! IDEM_EXPRESSION_NOT_LAST, IDEM_NOT_ALLOWED_LAST,
//! APPENDS_DELETES_NO_LONGER_SUPPORTED, ILLEGAL_ASSIGNMENT_CONTEXT,
//! CROSS_SCOPE_ASSIGNMENT, ILLEGAL_INDEXED_ASSIGNMENT,
//! ILLEGAL_NUMERIC_ASSIGNMENT, ILLEGAL_ASSIGNMENT, ILLEGAL_NUMERIC_VAR_NAME,
//! CLASS_NOT_VIRTUALIZABLE, ILLEGAL_ATTRIBUTE_APPEND,
//! MULTIPLE_ATTRIBUTES_UNFOLD, DUPLICATE_DEFAULT. `docs/validation.md` maps
//! every code.

use tree_sitter::Node;

use super::{Extractor, FileId, ValidationIssue};

/// Names of Puppet's types, which no class, define, function or type
/// alias may take (Checker4_0's RESERVED_TYPE_NAMES).
const RESERVED_TYPE_NAMES: &[&str] = &[
    "type",
    "any",
    "unit",
    "scalar",
    "boolean",
    "numeric",
    "integer",
    "float",
    "collection",
    "array",
    "hash",
    "tuple",
    "struct",
    "variant",
    "optional",
    "enum",
    "regexp",
    "pattern",
    "runtime",
    "init",
    "object",
    "sensitive",
    "semver",
    "semverrange",
    "string",
    "timestamp",
    "timespan",
    "typeset",
];

/// What a definition is, for the checks that differ.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Definition {
    Class,
    Define,
    Function,
    TypeAlias,
    ObjectType,
    Lambda,
}

impl<'a> Extractor<'a> {
    fn issue(&mut self, node: Node, code: &str, subject: &str) {
        let (line, col) = self.location(node);
        let row = ValidationIssue {
            file: FileId::default(),
            line,
            col,
            code: self.sym(code),
            subject: self.sym(subject),
        };
        self.facts.validation_issue.push(row);
    }

    /// Where a definition may stand, its name and its parameters.
    pub(super) fn validate_definition(&mut self, node: Node<'a>, what: Definition) {
        if what != Definition::Lambda {
            self.validate_name(node, what);
        }
        if matches!(what, Definition::Class | Definition::Define) {
            self.validate_last_statement(node);
        }
        self.validate_parameters(node, what);
    }

    fn validate_name(&mut self, node: Node<'a>, what: Definition) {
        self.validate_location(node, what);
        let fields = &self.grammar.fields;
        let Some(name_node) = node.child_by_field_id(fields.name.get()) else {
            return;
        };
        let name = self.source(name_node);
        // `type Runtime[ruby, 'X'] = Y` maps a type: not a name to check.
        if name.contains('[') {
            return;
        }
        let well_formed = match what {
            Definition::TypeAlias | Definition::ObjectType => is_name(name, true),
            _ => is_name(name, false),
        };
        if !well_formed {
            self.issue(node, "ILLEGAL_DEFINITION_NAME", name);
        }
        // A nested definition's full name has its classes' in front.
        let nested = std::iter::successors(node.parent(), |parent| parent.parent())
            .any(|ancestor| ancestor.kind_id() == self.grammar.class_definition);
        if !nested
            && RESERVED_TYPE_NAMES.contains(&name.to_ascii_lowercase().as_str())
            && (what == Definition::TypeAlias
                || what == Definition::ObjectType
                || RESERVED_TYPE_NAMES.contains(&name))
        {
            self.issue(node, "RESERVED_TYPE_NAME", name);
        }
        if what == Definition::ObjectType {
            self.issue(node, "UNSUPPORTED_EXPRESSION", "a Type Definition");
        }
    }

    fn validate_parameters(&mut self, node: Node<'a>, what: Definition) {
        let fields = &self.grammar.fields;
        let Some(list) = node.child_by_field_id(fields.parameters.get()) else {
            return;
        };
        let parameters: Vec<Node> = {
            let mut cursor = self.scratch.borrow_mut();
            cursor.reset(list);
            list.named_children(&mut cursor)
                .filter(|child| child.kind_id() == self.grammar.parameter)
                .collect()
        };
        let mut seen: Vec<&str> = Vec::new();
        let mut optional_seen = false;
        for (index, &parameter) in parameters.iter().enumerate() {
            let Some(variable) = parameter.child_by_field_id(fields.name.get()) else {
                continue;
            };
            let name = self.source(variable).trim_start_matches('$');
            let captures_rest = parameter.child_by_field_id(fields.splat.get()).is_some();
            if captures_rest {
                match what {
                    Definition::Class | Definition::Define => {
                        self.issue(variable, "CAPTURES_REST_NOT_SUPPORTED", name)
                    }
                    // Puppet checks the place of `*$rest` in lambdas only.
                    Definition::Lambda if index + 1 != parameters.len() => {
                        self.issue(variable, "CAPTURES_REST_NOT_LAST", name)
                    }
                    _ => {}
                }
            }
            if !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()) {
                self.issue(variable, "ILLEGAL_NUMERIC_PARAMETER", name);
            }
            if !is_parameter_name(name) {
                self.issue(variable, "ILLEGAL_PARAM_NAME", name);
            }
            if matches!(what, Definition::Class | Definition::Define)
                && (name == "name" || name == "title")
            {
                self.issue(variable, "RESERVED_PARAMETER", name);
            }
            if seen.contains(&name) {
                self.issue(variable, "DUPLICATE_PARAMETER", name);
            }
            seen.push(name);
            let has_default = parameter.child_by_field_id(fields.default.get()).is_some();
            if matches!(what, Definition::Function | Definition::Lambda) {
                if has_default {
                    optional_seen = true;
                } else if optional_seen && !captures_rest {
                    self.issue(variable, "REQUIRED_AFTER_OPTIONAL", name);
                }
            }
        }
    }

    /// Checker4_0's `top`: classes, defines and nodes stand at top level or
    /// in a class body; functions and type aliases at top level only.
    fn validate_location(&mut self, node: Node<'a>, what: Definition) {
        let g = self.grammar;
        let absolute = matches!(
            what,
            Definition::Function | Definition::TypeAlias | Definition::ObjectType
        );
        let mut container = node.parent();
        while let Some(parent) = container {
            let kind = parent.kind_id();
            if kind == g.source_file {
                return;
            }
            if kind == g.block {
                if absolute {
                    self.issue(node, "NOT_ABSOLUTE_TOP_LEVEL", "");
                    return;
                }
                container = parent.parent();
                continue;
            }
            if kind == g.class_definition && !absolute {
                container = parent.parent();
                continue;
            }
            if kind == g.error {
                return;
            }
            self.issue(node, "NOT_TOP_LEVEL", "");
            return;
        }
    }

    /// A node definition: its matchers, its place, no `inherits`.
    pub(super) fn validate_node(&mut self, node: Node<'a>) {
        self.validate_location(node, Definition::Class);
        self.validate_last_statement(node);
        let fields = &self.grammar.fields;
        if let Some(parent) = node.child_by_field_id(fields.parent.get()) {
            self.issue(parent, "ILLEGAL_NODE_INHERITANCE", "");
        }
        for matcher in self.children_by_field(node, fields.matcher) {
            let kind = matcher.kind_id();
            if kind == self.grammar.interpolated_string {
                self.issue(matcher, "ILLEGAL_HOSTNAME_INTERPOLATION", "");
            } else if kind == self.grammar.string {
                let text = self.source(matcher);
                let inner = text
                    .get(1..text.len().saturating_sub(1))
                    .unwrap_or_default();
                if inner
                    .chars()
                    .any(|c| !(c.is_alphanumeric() || c == '_' || c == '-' || c == '.'))
                {
                    self.issue(matcher, "ILLEGAL_HOSTNAME_CHARS", inner);
                }
            }
        }
    }

    /// The body of a class, define or node may not end with a statement
    /// that has no effect (IDEM_NOT_ALLOWED_LAST).
    fn validate_last_statement(&mut self, definition: Node<'a>) {
        let Some(body) = definition.child_by_field_id(self.grammar.fields.body.get()) else {
            return;
        };
        if let Some(&last) = self.statements(body).last() {
            if self.is_idem(last) {
                let what = describe(last);
                self.issue(last, "IDEM_NOT_ALLOWED_LAST", what);
            }
        }
    }

    /// The statements of a block or file.
    fn statements(&self, block: Node<'a>) -> Vec<Node<'a>> {
        let mut cursor = self.scratch.borrow_mut();
        cursor.reset(block);
        block
            .named_children(&mut cursor)
            .filter(|child| {
                child.kind_id() != self.grammar.comment && child.kind() != "heredoc_body"
            })
            .collect()
    }

    /// What may be assigned, and where (Checker4_0's `assign` and
    /// `internal_check_illegal_assignment`).
    pub(super) fn validate_assignment(&mut self, node: Node<'a>) {
        let fields = &self.grammar.fields;
        if let Some(operator) = node.child_by_field_id(fields.operator.get()) {
            let operator = self.source(operator);
            if operator == "+=" || operator == "-=" {
                self.issue(node, "APPENDS_DELETES_NO_LONGER_SUPPORTED", operator);
                return;
            }
        }
        if self.in_parameter_default(node) {
            self.issue(node, "ILLEGAL_ASSIGNMENT_CONTEXT", "");
        }
        let Some(left) = node.child_by_field_id(fields.left.get()) else {
            return;
        };
        // `[$a, [$b, $c]] = ...` assigns each variable of nested arrays.
        let mut targets = vec![left];
        while let Some(target) = targets.pop() {
            match target.kind() {
                "array" => targets.extend(self.named_children(target)),
                "variable" => {
                    let name = self.source(target).trim_start_matches('$');
                    if is_numeric_variable(name) {
                        self.issue(target, "ILLEGAL_NUMERIC_ASSIGNMENT", name);
                    }
                    if name.contains("::") {
                        self.issue(target, "CROSS_SCOPE_ASSIGNMENT", name);
                    }
                    if matches!(name, "facts" | "trusted" | "server_facts") {
                        self.issue(target, "RESERVED_VARIABLE", name);
                    }
                    // Twice in one scope, outside conditionals: the second
                    // fails whenever the scope is evaluated.
                    if self.conditions.is_empty()
                        && !self.assigned.insert((self.scope(), name.to_string()))
                    {
                        self.issue(target, "REASSIGNED_VARIABLE", name);
                    }
                }
                "access" => self.issue(target, "ILLEGAL_INDEXED_ASSIGNMENT", ""),
                _ => self.issue(target, "ILLEGAL_ASSIGNMENT", ""),
            }
        }
    }

    /// Whether `node` stands in a parameter's default value, outside any
    /// lambda (which may assign its own variables).
    fn in_parameter_default(&self, node: Node<'a>) -> bool {
        let mut current = node.parent();
        while let Some(parent) = current {
            match parent.kind() {
                "parameter" => return true,
                "lambda" | "block" | "source_file" => return false,
                _ => current = parent.parent(),
            }
        }
        false
    }

    /// A variable's name: a number has no leading zero (`$01`).
    pub(super) fn validate_variable(&mut self, node: Node<'a>) {
        let name = self.source(node).trim_start_matches('$');
        if name.starts_with(|c: char| c.is_ascii_digit()) && !is_numeric_variable(name) {
            self.issue(node, "ILLEGAL_NUMERIC_VAR_NAME", name);
        }
    }

    /// A resource expression: no virtual classes, no `+>`, one `* =>` per
    /// body.
    pub(super) fn validate_resource(&mut self, node: Node<'a>) {
        let fields = &self.grammar.fields;
        let virtual_form = node.child_by_field_id(fields.form.get()).is_some();
        let class = node
            .child_by_field_id(fields.type_.get())
            .is_some_and(|kind| self.source(kind) == "class");
        if virtual_form && class {
            self.issue(node, "CLASS_NOT_VIRTUALIZABLE", "");
        }
        let mut titles: Vec<&str> = Vec::new();
        for body in self.children_by_field(node, fields.body) {
            if let Some(title) = body.child_by_field_id(fields.title.get()) {
                let elements = if title.kind_id() == self.grammar.array {
                    self.named_children(title)
                } else {
                    vec![title]
                };
                for element in elements {
                    if element.kind_id() != self.grammar.string {
                        continue;
                    }
                    let text = self.source(element);
                    if titles.contains(&text) {
                        let shown = text.get(1..text.len() - 1).unwrap_or(text);
                        self.issue(element, "DUPLICATE_TITLE", shown);
                    }
                    titles.push(text);
                }
            }
            let mut unfolded = false;
            let mut names: Vec<&str> = Vec::new();
            for attribute in self.named_children(body) {
                if attribute.kind_id() != self.grammar.attribute {
                    continue;
                }
                let name = attribute.child_by_field_id(fields.name.get());
                if let Some(name) = name.filter(|name| name.kind() != "splat_name") {
                    let text = self.source(name);
                    if names.contains(&text) {
                        self.issue(attribute, "DUPLICATE_ATTRIBUTE", text);
                    }
                    names.push(text);
                }
                if name.is_some_and(|name| name.kind() == "splat_name") {
                    if unfolded {
                        self.issue(attribute, "MULTIPLE_ATTRIBUTES_UNFOLD", "");
                    }
                    unfolded = true;
                }
                let operator = attribute.child_by_field_id(fields.operator.get());
                if operator.is_some_and(|operator| self.source(operator) == "+>") {
                    let name = name.map_or("", |name| self.source(name));
                    self.issue(attribute, "ILLEGAL_ATTRIBUTE_APPEND", name);
                }
            }
        }
    }

    /// Resource defaults: not for classes, one value per attribute and
    /// scope (outside conditionals).
    pub(super) fn validate_resource_defaults(&mut self, node: Node<'a>) {
        let fields = &self.grammar.fields;
        let Some(type_node) = node.child_by_field_id(fields.type_.get()) else {
            return;
        };
        let type_name = self.source(type_node);
        if type_name == "Class" {
            self.issue(node, "CLASS_DEFAULTS", "");
            return;
        }
        let mut names: Vec<&str> = Vec::new();
        for attribute in self.named_children(node) {
            if attribute.kind_id() != self.grammar.attribute {
                continue;
            }
            let Some(name) = attribute.child_by_field_id(fields.name.get()) else {
                continue;
            };
            let name = self.source(name);
            let key = (self.scope(), format!("{}.{name}", type_name.to_lowercase()));
            let repeated = names.contains(&name)
                || (self.conditions.is_empty() && self.defaulted.contains(&key));
            if repeated {
                self.issue(
                    attribute,
                    "DUPLICATE_RESOURCE_DEFAULT",
                    &format!("{type_name} {{ {name} }}"),
                );
            } else if self.conditions.is_empty() {
                self.defaulted.insert(key);
            }
            names.push(name);
        }
    }

    /// A case or selector has one `default` at most.
    pub(super) fn validate_defaults(&mut self, node: Node<'a>) {
        let fields = &self.grammar.fields;
        let options = if node.kind() == "case" {
            self.children_by_field(node, fields.option)
        } else {
            self.children_by_field(node, fields.case)
        };
        let mut seen = false;
        for option in options {
            for value in self.children_by_field(option, fields.match_) {
                if value.kind_id() == self.grammar.default {
                    if seen {
                        self.issue(value, "DUPLICATE_DEFAULT", "");
                    }
                    seen = true;
                }
            }
        }
    }

    /// A block's statements: all but the last must have an effect.
    pub(super) fn validate_block(&mut self, block: Node<'a>) {
        let statements = self.statements(block);
        // `a -b` and `6 *3` are one operation to Puppet, two statements in
        // the tree (a unary minus or splat after a value).
        let idem = statements.windows(2).find_map(|pair| {
            let continued = pair[1].kind() == "unary"
                && pair[1]
                    .child_by_field_id(self.grammar.fields.operator.get())
                    .is_some_and(|operator| matches!(self.source(operator), "-" | "*"));
            (!continued && self.is_idem(pair[0])).then_some(pair[0])
        });
        if let Some(idem) = idem {
            let what = describe(idem);
            self.issue(idem, "IDEM_EXPRESSION_NOT_LAST", what);
        }
    }

    /// Checker4_0's `idem`: an expression known to change nothing.
    fn is_idem(&self, node: Node<'a>) -> bool {
        match node.kind() {
            "string"
            | "interpolated_string"
            | "heredoc"
            | "integer"
            | "float"
            | "true"
            | "false"
            | "undef"
            | "default"
            | "name"
            | "type_reference"
            | "array"
            | "hash"
            | "variable"
            | "access"
            | "unary"
            | "regex" => true,
            "binary" => node
                .child_by_field_id(self.grammar.fields.operator.get())
                .is_none_or(|operator| !matches!(self.source(operator), "=~" | "!~")),
            "parenthesized" => node
                .child_by_field_id(self.grammar.fields.expression.get())
                .is_some_and(|inner| self.is_idem(inner)),
            _ => false,
        }
    }
}

/// What an expression is, in a message.
fn describe(node: Node) -> &'static str {
    match node.kind() {
        "string" | "interpolated_string" | "heredoc" => "string",
        "integer" | "float" => "number",
        "name" => "bare word",
        "type_reference" => "type",
        "variable" => "variable",
        "array" => "array",
        "hash" => "hash",
        "access" => "access",
        "regex" => "regular expression",
        _ => "expression",
    }
}

/// Checker4_0's NUMERIC_VAR_NAME: `0` or a number without leading zeros.
fn is_numeric_variable(name: &str) -> bool {
    name == "0"
        || (name.starts_with(|c: char| ('1'..='9').contains(&c))
            && name.bytes().all(|b| b.is_ascii_digit()))
}

/// Checker4_0's CLASSREF_DECL (`a::b`) or, for types, CLASSREF_EXT_DECL
/// (`A::B`).
fn is_name(name: &str, capitalized: bool) -> bool {
    name.split("::").all(|segment| {
        let mut chars = segment.chars();
        chars.next().is_some_and(|first| {
            if capitalized {
                first.is_ascii_uppercase()
            } else {
                first.is_ascii_lowercase()
            }
        }) && chars.all(|c| c.is_alphanumeric() || c == '_')
    })
}

/// Checker4_0's PARAM_NAME.
fn is_parameter_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|first| first.is_ascii_lowercase() || first == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_')
}
