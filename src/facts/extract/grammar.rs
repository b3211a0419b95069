//! The grammar as the walk looks it up: what entering each node kind
//! extracts, by kind id, and the field ids read, each found once.

use std::num::NonZeroU16 as FieldId;

use tree_sitter::Language;

/// What entering a node of a kind extracts: looked up by kind id, so that
/// a node costs one index rather than a chain of comparisons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Visit {
    Nothing,
    Comment,
    Variable,
    Block,
    Class,
    Define,
    Node,
    Function,
    Lambda,
    TypeAlias,
    TypeDefinition,
    Assignment,
    Call,
    Resource,
    ResourceBody,
    Attribute,
    Parameter,
    ResourceDefaults,
    ResourceOverride,
    Collector,
    Relationship,
    Access,
    ReservedWord,
    Integer,
    Hash,
    Heredoc,
    HeredocBody,
    StringLiteral,
    Arithmetic,
    Negation,
}

/// Node kinds and fields the extractor reads, as ids.
pub struct Grammar {
    /// What entering each kind extracts, by kind id.
    pub(super) visits: Vec<Visit>,
    /// Whether the walk descends into each kind, by kind id: not into
    /// anonymous tokens (leaves) nor into kinds whose children hold nothing
    /// the extractor reads (heredocs, attribute and node names, comments).
    pub(super) descends: Vec<bool>,
    /// `if`, `unless`, `case` and selectors, by kind id: what they hold may
    /// not be evaluated.
    pub(super) conditional: Vec<bool>,
    /// Parameters and attributes, by kind id: the only nodes whose
    /// anonymous tokens the walk reads (`=`, `*`, `=>`, `+>`); of others,
    /// it visits the named children only.
    pub(super) reads_tokens: Vec<bool>,
    pub(super) access: u16,
    pub(super) access_modifier: u16,
    pub(super) binary: u16,
    pub(super) elsif: u16,
    pub(super) else_: u16,
    pub(super) if_: u16,
    pub(super) unless: u16,
    pub(super) node_name: u16,
    pub(super) interpolated_string: u16,
    pub(super) interpolation: u16,
    pub(super) attribute: u16,
    pub(super) array: u16,
    pub(super) call: u16,
    pub(super) hash: u16,
    pub(super) pair: u16,
    pub(super) case: u16,
    pub(super) case_option: u16,
    pub(super) class_definition: u16,
    pub(super) collect_query: u16,
    pub(super) collector: u16,
    pub(super) comment: u16,
    pub(super) default: u16,
    pub(super) method_call: u16,
    pub(super) name: u16,
    pub(super) equals: u16,
    pub(super) splat: u16,
    pub(super) regex: u16,
    pub(super) relationship: u16,
    pub(super) resource: u16,
    pub(super) selector: u16,
    pub(super) string: u16,
    pub(super) string_content: u16,
    pub(super) escape_sequence: u16,
    pub(super) type_definition: u16,
    pub(super) type_reference: u16,
    pub(super) variable: u16,
    /// How Checker4_0's `idem` judges each kind, by kind id.
    pub(super) idem_rules: Vec<IdemRule>,
    /// Named kinds but comments and heredoc bodies, by kind id: the parts
    /// of a node that its `IdemRule::Parts` judges.
    pub(super) idem_parts: Vec<bool>,
    /// What a module's autoloaded file may hold at its top.
    pub(super) definitions: [u16; 5],
    pub(super) heredoc: u16,
    pub(super) heredoc_body: u16,
    pub(super) integer: u16,
    pub(super) float: u16,
    pub(super) true_: u16,
    pub(super) false_: u16,
    pub(super) undef: u16,
    pub(super) parenthesized: u16,
    pub(super) unary: u16,
    /// Where statements stand: a body in braces, and a file's top.
    pub(super) statement_lists: [u16; 2],
    pub(super) fields: Fields,
}

/// Field ids, looked up once: by name, tree-sitter compares strings.
pub(super) struct Fields {
    pub(super) access: FieldId,
    pub(super) alternative: FieldId,
    pub(super) arguments: FieldId,
    pub(super) receiver: FieldId,
    pub(super) attribute: FieldId,
    pub(super) body: FieldId,
    pub(super) case: FieldId,
    pub(super) condition: FieldId,
    pub(super) consequence: FieldId,
    pub(super) expression: FieldId,
    pub(super) form: FieldId,
    pub(super) function: FieldId,
    pub(super) index: FieldId,
    pub(super) key: FieldId,
    pub(super) left: FieldId,
    pub(super) match_: FieldId,
    pub(super) matcher: FieldId,
    pub(super) method: FieldId,
    pub(super) name: FieldId,
    pub(super) operand: FieldId,
    pub(super) operator: FieldId,
    pub(super) option: FieldId,
    pub(super) parent: FieldId,
    pub(super) query: FieldId,
    pub(super) right: FieldId,
    pub(super) target: FieldId,
    pub(super) title: FieldId,
    pub(super) type_: FieldId,
    pub(super) value: FieldId,
}

/// The entry of a table by kind id. Kinds past the tables are
/// tree-sitter's `ERROR` (the largest id), which get `error`: nothing to
/// extract from the node itself, but its children.
fn by_kind<T: Copy>(table: &[T], kind: u16, error: T) -> T {
    table.get(usize::from(kind)).copied().unwrap_or(error)
}

impl Grammar {
    pub(super) fn visit(&self, kind: u16) -> Visit {
        by_kind(&self.visits, kind, Visit::Nothing)
    }

    pub(super) fn descends(&self, kind: u16) -> bool {
        by_kind(&self.descends, kind, true)
    }

    pub(super) fn idem_rule(&self, kind: u16) -> IdemRule {
        by_kind(&self.idem_rules, kind, IdemRule::Effect)
    }

    pub(super) fn is_idem_part(&self, kind: u16) -> bool {
        by_kind(&self.idem_parts, kind, false)
    }

    pub(super) fn reads_tokens(&self, kind: u16) -> bool {
        by_kind(&self.reads_tokens, kind, false)
    }

    pub(super) fn is_conditional(&self, kind: u16) -> bool {
        by_kind(&self.conditional, kind, false)
    }

    pub fn new(language: &Language) -> Grammar {
        let kind = |name: &str| {
            let id = language.id_for_node_kind(name, true);
            assert_ne!(id, 0, "node kind {name} is in the grammar");
            id
        };
        let field = |name: &str| {
            language
                .field_id_for_name(name)
                .unwrap_or_else(|| panic!("field {name} is in the grammar"))
        };
        let kinds = language.node_kind_count();
        let mut visits = vec![Visit::Nothing; kinds];
        for (name, visit) in [
            ("comment", Visit::Comment),
            ("variable", Visit::Variable),
            ("block", Visit::Block),
            ("source_file", Visit::Block),
            ("class_definition", Visit::Class),
            ("define_definition", Visit::Define),
            ("node_definition", Visit::Node),
            ("function_definition", Visit::Function),
            ("lambda", Visit::Lambda),
            ("type_alias", Visit::TypeAlias),
            ("type_definition", Visit::TypeDefinition),
            ("assignment", Visit::Assignment),
            ("statement_call", Visit::Call),
            ("call", Visit::Call),
            ("method_call", Visit::Call),
            ("resource", Visit::Resource),
            ("resource_body", Visit::ResourceBody),
            ("attribute", Visit::Attribute),
            ("parameter", Visit::Parameter),
            ("resource_defaults", Visit::ResourceDefaults),
            ("resource_override", Visit::ResourceOverride),
            ("collector", Visit::Collector),
            ("relationship", Visit::Relationship),
            ("access", Visit::Access),
            ("reserved_word", Visit::ReservedWord),
            ("integer", Visit::Integer),
            ("hash", Visit::Hash),
            ("heredoc", Visit::Heredoc),
            ("heredoc_body", Visit::HeredocBody),
            ("string", Visit::StringLiteral),
            ("interpolated_string", Visit::StringLiteral),
            ("binary", Visit::Arithmetic),
            ("unary", Visit::Negation),
        ] {
            visits[usize::from(kind(name))] = visit;
        }
        let named: Vec<bool> = (0..kinds)
            .map(|id| u16::try_from(id).is_ok_and(|id| language.node_kind_is_named(id)))
            .collect();
        let mut descends = named.clone();
        for opaque in ["heredoc", "attribute_name", "node_name", "comment"] {
            descends[usize::from(kind(opaque))] = false;
        }
        let mut conditional = vec![false; kinds];
        for name in ["if", "unless", "case", "selector"] {
            conditional[usize::from(kind(name))] = true;
        }
        let mut idem_rules = vec![IdemRule::Effect; kinds];
        for name in [
            "string",
            "interpolated_string",
            "heredoc",
            "integer",
            "float",
            "true",
            "false",
            "undef",
            "default",
            "name",
            "type_reference",
            "array",
            "hash",
            "variable",
            "access",
            "unary",
            "regex",
            // Its cases may have effects, but Puppet calls that bad design.
            "selector",
        ] {
            idem_rules[usize::from(kind(name))] = IdemRule::Value;
        }
        idem_rules[usize::from(kind("binary"))] = IdemRule::Operator;
        for name in [
            "parenthesized",
            "if",
            "elsif",
            "else",
            "unless",
            "case",
            "case_option",
            "block",
        ] {
            idem_rules[usize::from(kind(name))] = IdemRule::Parts;
        }
        let mut idem_parts = named;
        for name in ["comment", "heredoc_body"] {
            idem_parts[usize::from(kind(name))] = false;
        }
        let mut reads_tokens = vec![false; kinds];
        for name in ["parameter", "attribute"] {
            reads_tokens[usize::from(kind(name))] = true;
        }
        Grammar {
            visits,
            descends,
            conditional,
            reads_tokens,
            access: kind("access"),
            access_modifier: kind("access_modifier"),
            binary: kind("binary"),
            elsif: kind("elsif"),
            else_: kind("else"),
            if_: kind("if"),
            unless: kind("unless"),
            node_name: kind("node_name"),
            interpolated_string: kind("interpolated_string"),
            interpolation: kind("interpolation"),
            attribute: kind("attribute"),
            array: kind("array"),
            call: kind("call"),
            hash: kind("hash"),
            pair: kind("pair"),
            case: kind("case"),
            case_option: kind("case_option"),
            class_definition: kind("class_definition"),
            collect_query: kind("collect_query"),
            collector: kind("collector"),
            comment: kind("comment"),
            default: kind("default"),
            method_call: kind("method_call"),
            name: kind("name"),
            equals: language.id_for_node_kind("=", false),
            splat: language.id_for_node_kind("*", false),
            regex: kind("regex"),
            relationship: kind("relationship"),
            resource: kind("resource"),
            selector: kind("selector"),
            string: kind("string"),
            string_content: kind("string_content"),
            escape_sequence: kind("escape_sequence"),
            type_definition: kind("type_definition"),
            type_reference: kind("type_reference"),
            variable: kind("variable"),
            idem_rules,
            idem_parts,
            definitions: [
                kind("class_definition"),
                kind("define_definition"),
                kind("function_definition"),
                kind("type_alias"),
                kind("type_definition"),
            ],
            heredoc: kind("heredoc"),
            heredoc_body: kind("heredoc_body"),
            integer: kind("integer"),
            float: kind("float"),
            true_: kind("true"),
            false_: kind("false"),
            undef: kind("undef"),
            parenthesized: kind("parenthesized"),
            unary: kind("unary"),
            statement_lists: [kind("block"), kind("source_file")],
            fields: Fields {
                access: field("access"),
                alternative: field("alternative"),
                arguments: field("arguments"),
                receiver: field("receiver"),
                attribute: field("attribute"),
                body: field("body"),
                case: field("case"),
                condition: field("condition"),
                consequence: field("consequence"),
                expression: field("expression"),
                form: field("form"),
                function: field("function"),
                index: field("index"),
                key: field("key"),
                left: field("left"),
                match_: field("match"),
                matcher: field("matcher"),
                method: field("method"),
                name: field("name"),
                operand: field("operand"),
                operator: field("operator"),
                option: field("option"),
                parent: field("parent"),
                query: field("query"),
                right: field("right"),
                target: field("target"),
                title: field("title"),
                type_: field("type"),
                value: field("value"),
            },
        }
    }
}

/// How Checker4_0's `idem` judges a node: an expression known to change
/// nothing.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum IdemRule {
    /// A value: idem.
    Value,
    /// A binary operation: idem but a regex match, which sets `$0`...
    Operator,
    /// Parentheses, conditionals, their branches and blocks: idem when
    /// every part is (and a block without statements).
    Parts,
    /// Anything else may have an effect.
    Effect,
}
