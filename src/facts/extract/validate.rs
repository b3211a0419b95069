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
//! ILLEGAL_VAR_NAME,
//! CLASS_NOT_VIRTUALIZABLE, ILLEGAL_ATTRIBUTE_APPEND,
//! MULTIPLE_ATTRIBUTES_UNFOLD, DUPLICATE_DEFAULT. `docs/validation.md` maps
//! every code.

use rustc_hash::FxHashSet;
use tree_sitter::Node;

use super::{
    DefinitionKind, Extractor, FileId, OpenParameter, OpenResource, ResourceForm, Role, ScopeKind,
    ValidationIssue,
};
use crate::facts::heredoc;

/// The parameters of one list read so far.
#[derive(Default)]
pub(super) struct ParameterList<'a> {
    names: FxHashSet<&'a str>,
    optional_seen: bool,
    /// A lambda's `*$rest` not followed by another parameter yet.
    pending_rest: Option<(Node<'a>, &'a str)>,
}

/// A heredoc header whose body the walk has yet to meet.
pub(super) struct PendingHeredoc {
    /// What Puppet checks the text as, if anything.
    syntax: Option<heredoc::Syntax>,
    /// A `"END"` tag: `$x` and `${...}` interpolate.
    interpolates: bool,
}

/// A block the walk is inside, for the statements that have no effect.
pub(super) struct OpenBlock<'a> {
    pub(super) depth: usize,
    /// The body of a class, define or node, which may not end with one.
    ends_definition: bool,
    /// The last statement met, and whether it has no effect.
    last: Option<(Node<'a>, bool)>,
    /// Puppet reports the first such statement of a block only.
    flagged: bool,
}

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

impl<'a> Extractor<'a> {
    pub(super) fn issue(&mut self, node: Node, code: &str, subject: &str) {
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

    /// Where a definition may stand, and its name (its parameters are
    /// checked as the walk closes each).
    pub(super) fn validate_definition(&mut self, node: Node<'a>, what: DefinitionKind) {
        self.validate_location(node, what);
        let fields = &self.grammar.fields;
        let Some(name_node) = node.child_by_field_id(fields.name.get()) else {
            return;
        };
        let name = self.source(name_node);
        // `type Runtime[ruby, 'X'] = Y` maps a type: not a name to check.
        if name_node.kind_id() == self.grammar.access {
            self.validate_type_mapping(node, name_node);
            return;
        }
        let well_formed = match what {
            DefinitionKind::TypeAlias | DefinitionKind::TypeDefinition => is_name(name, true),
            _ => is_name(name, false),
        };
        if !well_formed {
            self.issue(node, "ILLEGAL_DEFINITION_NAME", name);
        }
        // A nested definition's full name has its classes' in front.
        let nested = self.frames.len() > 1;
        if !nested
            && RESERVED_TYPE_NAMES.contains(&name.to_ascii_lowercase().as_str())
            && (what == DefinitionKind::TypeAlias
                || what == DefinitionKind::TypeDefinition
                || RESERVED_TYPE_NAMES.contains(&name))
        {
            self.issue(node, "RESERVED_TYPE_NAME", name);
        }
        if what == DefinitionKind::TypeDefinition {
            self.issue(node, "UNSUPPORTED_EXPRESSION", "a Type Definition");
        }
    }

    /// Checker4_0's check of a type mapping: `Runtime[ruby, 'Name']` maps
    /// to a type, `Runtime[ruby, [/regexp/, 'replacement']]` to a regexp
    /// and replacement; anything else on the left is not a mapping Puppet 7
    /// supports.
    fn validate_type_mapping(&mut self, node: Node<'a>, left: Node<'a>) {
        let fields = &self.grammar.fields;
        let target = left.child_by_field_id(fields.target.get());
        if target.is_none_or(|target| self.source(target) != "Runtime") {
            self.issue(left, "UNSUPPORTED_EXPRESSION", "a Type Mapping");
            return;
        }
        let keys = self.children_by_field(left, fields.index);
        let maps_patterns = keys.len() == 2 && self.is_pattern_with_replacement(keys[1]);
        let Some(right) = node.child_by_field_id(fields.type_.get()) else {
            return;
        };
        let legal = if self.is_pattern_with_replacement(right) {
            maps_patterns
        } else {
            let named = if right.kind_id() == self.grammar.access {
                right.child_by_field_id(fields.target.get())
            } else {
                Some(right)
            };
            !maps_patterns
                && named.is_some_and(|named| named.kind_id() == self.grammar.type_reference)
        };
        if !legal {
            let expected = if maps_patterns {
                "a Tuple[Regexp, String]"
            } else {
                "a type"
            };
            self.issue(left, "ILLEGAL_TYPE_MAPPING", expected);
        }
    }

    /// `[/regexp/, 'replacement']`.
    fn is_pattern_with_replacement(&self, node: Node<'a>) -> bool {
        if node.kind_id() != self.grammar.array {
            return false;
        }
        let elements = self.named_children(node);
        matches!(elements.as_slice(), [pattern, replacement]
            if pattern.kind_id() == self.grammar.regex && replacement.kind_id() == self.grammar.string)
    }

    /// A parameter the walk has read, in the light of those before it in
    /// its list.
    pub(super) fn validate_parameter(&mut self, open: &OpenParameter<'a>, variable: Node<'a>) {
        let name = self.source(variable).trim_start_matches('$');
        let definition = matches!(open.kind, ScopeKind::Class | ScopeKind::Define);
        let list = self.parameter_lists.entry(open.scope).or_default();
        // Puppet checks the place of `*$rest` in lambdas only.
        let rest_not_last = list.pending_rest.take();
        let duplicate = !list.names.insert(name);
        // Not a template's: Puppet's EPP parameters may come in any order.
        let callable = matches!(open.kind, ScopeKind::Function | ScopeKind::Lambda);
        let required_after_optional =
            callable && !open.has_default && !open.captures_rest && list.optional_seen;
        list.optional_seen |= callable && open.has_default;
        if open.captures_rest && open.kind == ScopeKind::Lambda {
            list.pending_rest = Some((variable, name));
        }
        if let Some((rest, rest_name)) = rest_not_last {
            self.issue(rest, "CAPTURES_REST_NOT_LAST", rest_name);
        }
        if open.captures_rest && definition {
            self.issue(variable, "CAPTURES_REST_NOT_SUPPORTED", name);
        }
        if !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()) {
            self.issue(variable, "ILLEGAL_NUMERIC_PARAMETER", name);
        }
        if !is_parameter_name(name) {
            self.issue(variable, "ILLEGAL_PARAM_NAME", name);
        }
        if definition && (name == "name" || name == "title") {
            self.issue(variable, "RESERVED_PARAMETER", name);
        }
        if duplicate {
            self.issue(variable, "DUPLICATE_PARAMETER", name);
        }
        if required_after_optional {
            self.issue(variable, "REQUIRED_AFTER_OPTIONAL", name);
        }
    }

    /// Checker4_0's `top`: classes, defines and nodes stand at top level or
    /// in a class body; functions and type aliases at top level only. The
    /// walk's open scopes and conditionals say where the definition stands.
    fn validate_location(&mut self, node: Node<'a>, what: DefinitionKind) {
        let absolute = matches!(
            what,
            DefinitionKind::Function | DefinitionKind::TypeAlias | DefinitionKind::TypeDefinition
        );
        let in_class_bodies = self
            .frames
            .iter()
            .skip(1)
            .all(|frame| frame.kind == ScopeKind::Class);
        if !self.conditions.is_empty() || !in_class_bodies {
            let code = if absolute {
                "NOT_ABSOLUTE_TOP_LEVEL"
            } else {
                "NOT_TOP_LEVEL"
            };
            self.issue(node, code, "");
        } else if absolute && self.frames.len() > 1 {
            self.issue(node, "NOT_ABSOLUTE_TOP_LEVEL", "");
        }
    }

    /// A node definition: its matchers, its place, no `inherits`.
    pub(super) fn validate_node(&mut self, node: Node<'a>) {
        self.validate_location(node, DefinitionKind::Class);
        let fields = &self.grammar.fields;
        if let Some(parent) = node.child_by_field_id(fields.parent.get()) {
            self.issue(parent, "ILLEGAL_NODE_INHERITANCE", "");
        }
        for matcher in self.children_by_field(node, fields.matcher) {
            let kind = matcher.kind_id();
            if kind == self.grammar.interpolated_string {
                self.issue(matcher, "ILLEGAL_HOSTNAME_INTERPOLATION", "");
            } else {
                // Quoted or bare (`x::bar` is a qualified name to Puppet).
                // `kermit . example . com` is `kermit.example.com`.
                let Some(hostname) = self.literal(matcher) else {
                    continue;
                };
                // Puppet's `[^-\w.]`, where Ruby's `\w` is ASCII.
                if kind != self.grammar.default
                    && kind != self.grammar.regex
                    && hostname.bytes().any(|b| {
                        !(b.is_ascii_alphanumeric() || b == b'_' || b == b'-' || b == b'.')
                    })
                {
                    self.issue(matcher, "ILLEGAL_HOSTNAME_CHARS", &hostname);
                }
            }
        }
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
        if self.in_parameter_default() {
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

    /// Whether the walk is in a parameter's default value, outside any
    /// lambda there (which may assign its own variables).
    fn in_parameter_default(&self) -> bool {
        let scope_depth = self.frames.last().map_or(0, |frame| frame.depth);
        self.open_parameters
            .last()
            .is_some_and(|parameter| parameter.depth > scope_depth)
    }

    /// A variable's name: a number has no leading zero (`$01`); a name is
    /// lower-case segments, the last one may start with `_` (`$Foo`,
    /// `$_a::b`, `$a::Bc` are refused).
    pub(super) fn validate_variable(&mut self, node: Node<'a>, name: &'a str) {
        if name.starts_with(|c: char| c.is_ascii_digit()) {
            if !is_numeric_variable(name) {
                self.issue(node, "ILLEGAL_NUMERIC_VAR_NAME", name);
            }
        } else if !is_variable_name(name) {
            self.issue(node, "ILLEGAL_VAR_NAME", name);
        }
    }

    /// Checker4_0's RESERVED_WORD: `private` and `attr` are keywords
    /// Puppet reserves; as a value (a bare word) they must be quoted.
    /// (`type` and `function` are words as collection entries.)
    pub(super) fn validate_reserved_word(&mut self, node: Node<'a>) {
        let word = self.source(node);
        if matches!(word, "private" | "attr") {
            self.issue(node, "RESERVED_WORD", word);
        }
    }

    /// Checker4_0's DUPLICATE_KEY: a hash literal with a key written twice
    /// (as a string, bare word or integer), at the second entry's `=>`, as
    /// Puppet locates it. A warning under Puppet 7's `strict=warning`, an
    /// error under Puppet 8's `strict=error`.
    pub(super) fn validate_hash(&mut self, node: Node<'a>) {
        let mut seen: rustc_hash::FxHashSet<String> = Default::default();
        for pair in self.named_children(node) {
            let Some(key) = pair.child_by_field_id(self.grammar.fields.key.get()) else {
                continue;
            };
            let literal = if key.kind() == "integer" {
                Some(self.source(key).to_string())
            } else {
                self.literal(key)
            };
            let Some(literal) = literal else {
                continue;
            };
            if !seen.insert(literal.clone()) {
                let mut cursor = pair.walk();
                let arrow = pair
                    .children(&mut cursor)
                    .find(|child| child.kind() == "=>")
                    .unwrap_or(pair);
                self.issue(arrow, "DUPLICATE_KEY", &literal);
            }
        }
    }

    /// Checker4_0's NUMERIC_OVERFLOW: an integer literal beyond Puppet's
    /// 64-bit range. A minus before it is an operator, so the literal of
    /// `-9223372036854775808` overflows too, as in Puppet.
    pub(super) fn validate_integer(&mut self, node: Node<'a>) {
        let written = self.source(node);
        let (digits, radix) = match written.strip_prefix("0x").or(written.strip_prefix("0X")) {
            Some(hex) => (hex, 16),
            None if written.len() > 1 && written.starts_with('0') => (&written[1..], 8),
            None => (written, 10),
        };
        if i64::from_str_radix(digits, radix)
            .is_err_and(|error| *error.kind() == std::num::IntErrorKind::PosOverflow)
        {
            self.issue(node, "NUMERIC_OVERFLOW", written);
        }
    }

    /// Notes what Puppet checks of the body to come: the syntax of its
    /// tag where Puppet has a checker for it, and whether `"END"`
    /// interpolates.
    pub(super) fn heredoc_header(&mut self, node: Node<'a>) {
        let field = |name: &str| node.child_by_field_name(name);
        let syntax =
            field("syntax").and_then(|syntax| heredoc::Syntax::of_tag(self.source(syntax)));
        self.pending_heredocs.push_back(PendingHeredoc {
            // Escapes turned on by flags are left to the evaluator.
            syntax: syntax.filter(|_| field("flags").is_none()),
            interpolates: field("tag").is_some_and(|tag| self.source(tag).starts_with('"')),
        });
    }

    /// ILLEGAL_JSON, ILLEGAL_BASE64, ILLEGAL_PP: the static text of a body
    /// whose tag names a syntax Puppet checks (Checker4_0 checks only text
    /// without interpolation; the evaluator checks the rest).
    pub(super) fn validate_heredoc_body(&mut self, body: Node<'a>) {
        let Some(pending) = self.pending_heredocs.pop_front() else {
            return;
        };
        let Some(syntax) = pending.syntax else {
            return;
        };
        let parts: Vec<Node<'a>> = self
            .named_children(body)
            .into_iter()
            .filter(|part| part.kind() != "heredoc_end")
            .collect();
        if pending.interpolates && parts.iter().any(|part| part.kind() != "heredoc_content") {
            return;
        }
        let text = heredoc::literal_text(body, self.text);
        if let Some(code) = syntax.check(&text) {
            let at = parts.first().copied().unwrap_or(body);
            self.issue(at, code, syntax.name());
        }
    }

    /// Checker4_0's rvalue check: a collector produces no value, so it
    /// cannot stand where one is used (assigned, set as an attribute, an
    /// operand, an element or key, a test); a statement, a relationship's
    /// side or a call's argument it may be.
    pub(super) fn validate_collector_use(&mut self, node: Node<'a>) {
        let mut child = node;
        let mut enclosing = self.ancestors.iter().rev().copied();
        let mut parent = enclosing.next();
        while let Some(inner) = parent.filter(|p| p.kind_id() == self.grammar.parenthesized) {
            child = inner;
            parent = enclosing.next();
        }
        let Some(parent) = parent else {
            return;
        };
        let used_as_value = matches!(
            (parent.kind(), self.field_in_parent(parent, child)),
            ("binary" | "unary" | "array" | "pair", _)
                | ("assignment", Some("right"))
                | ("attribute", Some("value"))
                | ("selector", Some("value"))
                | ("selector_case", Some("match"))
                | ("if" | "elsif" | "unless", Some("condition"))
                | ("case", Some("value"))
                | ("case_option", Some("match"))
        );
        if used_as_value {
            let exported = node
                .child_by_field_id(self.grammar.fields.query.get())
                .is_some_and(|query| query.kind() == "exported_collect_query");
            let query = if exported {
                "an exported query"
            } else {
                "a virtual query"
            };
            self.issue(node, "NOT_RVALUE", query);
        }
    }

    /// Checker4_0's query check: a collector's query compares with `==`
    /// and `!=`, joined by `and` and `or`, in parentheses or not; bare
    /// values (variables, words, numbers, strings without interpolation,
    /// booleans) are allowed too. Anything else is ILLEGAL_QUERY_EXPRESSION.
    pub(super) fn validate_query(&mut self, collector: Node<'a>) {
        let fields = &self.grammar.fields;
        let condition = collector
            .child_by_field_id(fields.query.get())
            .and_then(|query| query.child_by_field_id(fields.condition.get()));
        let mut pending: Vec<Node<'a>> = condition.into_iter().collect();
        while let Some(expression) = pending.pop() {
            let allowed = match expression.kind() {
                "binary" => {
                    let Some(operator) = expression.child_by_field_id(fields.operator.get()) else {
                        continue;
                    };
                    let written = self.source(operator);
                    if matches!(written, "and" | "or") {
                        pending.extend(expression.child_by_field_id(fields.left.get()));
                        pending.extend(expression.child_by_field_id(fields.right.get()));
                    } else if !matches!(written, "==" | "!=") {
                        // Puppet places an operation at its operator.
                        self.issue(
                            operator,
                            "ILLEGAL_QUERY_EXPRESSION",
                            &format!("`{written}`"),
                        );
                    }
                    true
                }
                "parenthesized" => {
                    pending.extend(expression.child_by_field_id(fields.expression.get()));
                    true
                }
                "variable" | "name" | "integer" | "float" | "string" | "true" | "false" => true,
                "interpolated_string" => self.literal(expression).is_some(),
                _ => false,
            };
            if !allowed {
                let what = match expression.child_by_field_id(fields.operator.get()) {
                    Some(operator) => format!("`{}`", self.source(operator)),
                    None => describe(expression).to_string(),
                };
                self.issue(expression, "ILLEGAL_QUERY_EXPRESSION", &what);
            }
        }
    }

    /// The field through which `parent` holds `child`.
    fn field_in_parent(&self, parent: Node<'a>, child: Node<'a>) -> Option<&'a str> {
        let mut cursor = self.scratch.borrow_mut();
        cursor.reset(parent);
        if !cursor.goto_first_child() {
            return None;
        }
        loop {
            if cursor.node() == child {
                return cursor.field_name();
            }
            if !cursor.goto_next_sibling() {
                return None;
            }
        }
    }

    /// A resource expression, once the walk has read it: no virtual
    /// classes; per body no `+>`, one `* =>`, each attribute once; each
    /// title once.
    pub(super) fn validate_resource(&mut self, open: &OpenResource<'a>) {
        if open.form != ResourceForm::Regular && open.type_name == "class" {
            self.issue(open.node, "CLASS_NOT_VIRTUALIZABLE", "");
        }
        let mut titles: FxHashSet<&str> = FxHashSet::default();
        for body in &open.bodies {
            for (_, title) in &body.resources {
                if !titles.insert(title) {
                    self.issue(open.node, "DUPLICATE_TITLE", title);
                }
            }
            let mut names: FxHashSet<&str> = FxHashSet::default();
            for &(name, operator, _, attribute) in &body.attributes {
                if !names.insert(name) {
                    if name == "*" {
                        self.issue(attribute, "MULTIPLE_ATTRIBUTES_UNFOLD", "");
                    } else {
                        self.issue(attribute, "DUPLICATE_ATTRIBUTE", name);
                    }
                }
                if operator == "+>" {
                    self.issue(attribute, "ILLEGAL_ATTRIBUTE_APPEND", name);
                }
            }
        }
    }

    /// Resource defaults: not for classes, no `+>`, one value per
    /// attribute and scope (outside conditionals).
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
        let mut names: FxHashSet<&str> = FxHashSet::default();
        for attribute in self.named_children(node) {
            if attribute.kind_id() != self.grammar.attribute {
                continue;
            }
            let Some(name) = attribute.child_by_field_id(fields.name.get()) else {
                continue;
            };
            let name = self.source(name);
            // `+>` appends only in overrides and collectors.
            if attribute
                .child_by_field_id(fields.operator.get())
                .is_some_and(|operator| self.source(operator) == "+>")
            {
                self.issue(attribute, "ILLEGAL_ATTRIBUTE_APPEND", name);
            }
            let key = (self.scope(), format!("{}.{name}", type_name.to_lowercase()));
            let repeated = !names.insert(name)
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

    /// Opens a block (or the file) whose statements the walk will meet:
    /// all but the last must have an effect, and the last one too in the
    /// body of a class, define or node.
    pub(super) fn open_block(&mut self, depth: usize) {
        let ends_definition = self.frames.last().is_some_and(|frame| {
            frame.depth + 1 == depth
                && matches!(
                    frame.kind,
                    ScopeKind::Class | ScopeKind::Define | ScopeKind::Node
                )
        });
        self.deepest_open = self.deepest_open.max(depth);
        self.open_blocks.push(OpenBlock {
            depth,
            ends_definition,
            last: None,
            flagged: false,
        });
    }

    /// A statement of the innermost open block, as the walk meets it.
    pub(super) fn validate_statement(&mut self, node: Node<'a>) {
        let g = self.grammar;
        let kind = node.kind_id();
        if !node.is_named() || kind == g.comment || kind == g.heredoc_body {
            return;
        }
        // `a -b` and `6 *3` are one operation to Puppet, two statements in
        // the tree (a unary minus or splat after a value).
        let continued = kind == g.unary
            && node
                .child_by_field_id(self.grammar.fields.operator.get())
                .is_some_and(|operator| matches!(self.source(operator), "-" | "*"));
        // Files the autoloader reads hold definitions only.
        if self.open_blocks.len() == 1
            && matches!(
                self.placement.role,
                Role::ModuleManifest | Role::Function | Role::TypeAlias
            )
            && !g.definitions.contains(&kind)
        {
            self.issue(node, "ILLEGAL_TOP_CONSTRUCT_LOCATION", describe(node));
        }
        let block = self.open_blocks.last_mut().expect("checked by the caller");
        // Judged when the walk leaves it (`judge_statement`).
        let previous = block.last.replace((node, false));
        if let Some((previous, true)) = previous {
            if !continued && !block.flagged {
                block.flagged = true;
                self.issue(previous, "IDEM_EXPRESSION_NOT_LAST", describe(previous));
            }
        }
    }

    /// Closes a block the walk has left.
    pub(super) fn close_block(&mut self, block: OpenBlock<'a>) {
        if let Some((last, true)) = block.last {
            if block.ends_definition {
                self.issue(last, "IDEM_NOT_ALLOWED_LAST", describe(last));
            }
        }
    }

    /// Whether the statement of the innermost block that the walk just
    /// left, if `node` is one, is idem.
    pub(super) fn judge_statement(&mut self, node: Node<'a>, idem: bool) {
        if let Some(block) = self.open_blocks.last_mut() {
            if let Some((last, verdict)) = &mut block.last {
                if last.id() == node.id() {
                    *verdict = idem;
                }
            }
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
        "node_definition" => "node definition",
        "resource" => "resource",
        "assignment" => "assignment",
        "call" | "statement_call" => "call",
        "if" => "'if' statement",
        "unless" => "'unless' statement",
        "case" => "'case' statement",
        "selector" => "selector expression",
        _ => "expression",
    }
}

/// Checker4_0's NUMERIC_VAR_NAME: `0` or a number without leading zeros.
/// Puppet's `Patterns::VAR_NAME`, `((::)?[a-z]\w*)*((::)?[a-z_]\w*)`,
/// with Ruby's ASCII `\w`; byte by byte, since every variable of every
/// file passes here.
fn is_variable_name(name: &str) -> bool {
    let mut rest = name.strip_prefix("::").unwrap_or(name).as_bytes();
    loop {
        let Some((&first, tail)) = rest.split_first() else {
            return false;
        };
        let word = tail
            .iter()
            .position(|&byte| !(byte.is_ascii_alphanumeric() || byte == b'_'))
            .unwrap_or(tail.len());
        match &tail[word..] {
            // Only the last segment may start with `_`.
            [] => return first.is_ascii_lowercase() || first == b'_',
            [b':', b':', next @ ..] if first.is_ascii_lowercase() => rest = next,
            _ => return false,
        }
    }
}

fn is_numeric_variable(name: &str) -> bool {
    name == "0"
        || (name.starts_with(|c: char| ('1'..='9').contains(&c))
            && name.bytes().all(|b| b.is_ascii_digit()))
}

/// Checker4_0's CLASSREF_DECL (`a::b`) or, for types, CLASSREF_EXT_DECL
/// (`A::B`).
fn is_name(name: &str, capitalized: bool) -> bool {
    name.split("::").all(|segment| {
        let mut bytes = segment.bytes();
        bytes.next().is_some_and(|first| {
            if capitalized {
                first.is_ascii_uppercase()
            } else {
                first.is_ascii_lowercase()
            }
        }) && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_')
    })
}

/// Checker4_0's PARAM_NAME.
/// Ruby's `\w` is ASCII.
fn is_parameter_name(name: &str) -> bool {
    let mut bytes = name.bytes();
    bytes
        .next()
        .is_some_and(|first| first.is_ascii_lowercase() || first == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::is_variable_name;

    /// Against Puppet's pattern, case by case.
    #[test]
    fn variable_names_as_puppets_pattern() {
        for name in ["x", "a1_b", "a::b", "::a::b", "_x", "a::_b", "a::b2::c_d"] {
            assert!(is_variable_name(name), "{name}");
        }
        for name in [
            "Foo", "_a::b", "a::Bc", "a:b", "a::", "::", "", "a-b", "1a::b",
        ] {
            assert!(!is_variable_name(name), "{name}");
        }
    }
}
