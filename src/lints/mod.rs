//! The rules of `pfacts check`: one file per rule, each with a stable id, a
//! severity and its documentation (what it finds, why it matters, an
//! example), turning what the Datalog programs in `rules/` derive into
//! diagnostics.

mod bad_suppression;
mod circular_inheritance;
mod default_leak;
mod definition_location;
mod deprecated_function;
mod duplicate_declaration;
mod duplicate_default;
mod duplicate_key;
mod duplicate_resource;
mod faulty_metadata;
mod foreign_module_data;
mod heredoc_syntax;
mod hiera_data_not_hash;
mod hiera_key;
mod hiera_type_mismatch;
mod ignored_hiera_config;
mod illegal_assignment;
mod illegal_name;
mod illegal_node;
mod illegal_override;
mod illegal_parameter;
mod illegal_query;
mod illegal_resource;
mod illegal_type_mapping;
mod inherits_across_modules;
mod late_default;
mod legacy_fact;
mod lookup_cycle;
mod misplaced_definition;
mod missing_class_parameter;
mod missing_module_file;
mod missing_parameter;
mod no_effect;
mod not_a_value;
mod not_numeric;
mod numeric_coercion;
mod numeric_overflow;
mod order_dependent_default;
mod order_dependent_variable;
mod private_access;
mod private_reference;
mod reassigned_variable;
mod removed_function;
mod reserved_word;
pub mod ruby_removed;
mod syntax_error;
mod template_recursion;
mod top_scope_fact;
mod undeclared_resource;
mod unknown_class;
mod unknown_fact;
mod unknown_function;
mod unknown_hiera_class;
mod unknown_parameter;
mod unknown_parent;
mod unknown_resource_type;
mod unknown_variable;
mod unread_modulepath;
mod unsupported_expression;
pub mod unused_suppression;

use rayon::prelude::*;

use crate::diagnostic::{Diagnostic, Kind, Location, Related, Severity};
use crate::facts::issues;
use crate::facts::schema::{DefinitionKind, FileId, Sym};
use crate::facts::Extraction;
use crate::rules::{Analysis, Program};

/// A rule's identity and documentation.
#[derive(Debug)]
pub struct Rule {
    /// Stable id, as in `error[private-access]`.
    pub id: &'static str,
    pub severity: Severity,
    /// Whether the rule runs unless configured otherwise.
    pub enabled: bool,
    /// What it finds, why it matters, and an example (Markdown).
    pub doc: &'static str,
}

impl Rule {
    /// The first sentence of the documentation's `What it does`.
    pub fn summary(&self) -> String {
        let what = self.section("What it does");
        match what.find(". ") {
            Some(end) => what[..=end].to_string(),
            None => what,
        }
    }

    /// The documentation (Markdown), without the space that each line of a
    /// doc comment starts with.
    pub fn text(&self) -> String {
        self.doc
            .lines()
            .map(|line| line.strip_prefix(' ').unwrap_or(line))
            .fold(String::new(), |mut text, line| {
                text.push_str(line);
                text.push('\n');
                text
            })
    }

    /// The documentation as a Markdown page, for `pfacts rules --explain`
    /// and `docs/rules/`.
    pub fn markdown(&self) -> String {
        let default = if self.enabled {
            format!("{}, on by default", self.severity)
        } else {
            format!("{}, off by default", self.severity)
        };
        format!(
            "# {}

{default}.

{}",
            self.id,
            self.text()
        )
    }

    /// The text of the documentation's section `title` (`What it does`),
    /// its lines joined.
    pub fn section(&self, title: &str) -> String {
        let heading = format!("## {title}");
        self.doc
            .lines()
            .map(str::trim)
            .skip_while(|line| *line != heading)
            .skip(1)
            .take_while(|line| !line.starts_with("## "))
            .filter(|line| !line.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Declares a rule: a unit struct carrying its documentation, and its
/// [`Rule`].
macro_rules! rule {
    ($(#[doc = $doc:literal])+ $name:ident { id: $id:literal, severity: $severity:ident, enabled: $enabled:literal $(,)? }) => {
        $(#[doc = $doc])+
        pub struct $name;

        impl $name {
            pub const RULE: crate::lints::Rule = crate::lints::Rule {
                id: $id,
                severity: crate::diagnostic::Severity::$severity,
                enabled: $enabled,
                doc: concat!($($doc, "\n"),+),
            };
        }
    };
}
pub(crate) use rule;

/// A rule's check: its diagnostics from the programs' output.
type Check = fn(&Context) -> Vec<Diagnostic>;

/// Every rule, the programs its check reads, and its check, in the order
/// `pfacts rules` lists them.
const CHECKS: &[(&Rule, &[Program], Check)] = &[
    (&syntax_error::SyntaxError::RULE, &[], syntax_error::check),
    (
        &misplaced_definition::MisplacedDefinition::RULE,
        &[],
        misplaced_definition::check,
    ),
    (&illegal_name::IllegalName::RULE, &[], illegal_name::check),
    (
        &illegal_parameter::IllegalParameter::RULE,
        &[],
        illegal_parameter::check,
    ),
    (&illegal_node::IllegalNode::RULE, &[], illegal_node::check),
    (
        &illegal_assignment::IllegalAssignment::RULE,
        &[],
        illegal_assignment::check,
    ),
    (
        &illegal_resource::IllegalResource::RULE,
        &[],
        illegal_resource::check,
    ),
    (
        &duplicate_default::DuplicateDefault::RULE,
        &[],
        duplicate_default::check,
    ),
    (
        &reassigned_variable::ReassignedVariable::RULE,
        &[],
        reassigned_variable::check,
    ),
    (
        &definition_location::DefinitionLocation::RULE,
        &[],
        definition_location::check,
    ),
    (&no_effect::NoEffect::RULE, &[], no_effect::check),
    (&not_a_value::NotAValue::RULE, &[], not_a_value::check),
    (
        &heredoc_syntax::HeredocSyntax::RULE,
        &[],
        heredoc_syntax::check,
    ),
    (
        &illegal_query::IllegalQuery::RULE,
        &[],
        illegal_query::check,
    ),
    (
        &illegal_type_mapping::IllegalTypeMapping::RULE,
        &[],
        illegal_type_mapping::check,
    ),
    (
        &reserved_word::ReservedWord::RULE,
        &[],
        reserved_word::check,
    ),
    (
        &duplicate_key::DuplicateKey::RULE,
        &[],
        duplicate_key::check,
    ),
    (
        &numeric_overflow::NumericOverflow::RULE,
        &[],
        numeric_overflow::check,
    ),
    (
        &numeric_coercion::NumericCoercion::RULE,
        &[Program::Coercions],
        numeric_coercion::check,
    ),
    (
        &not_numeric::NotNumeric::RULE,
        &[Program::Coercions],
        not_numeric::check,
    ),
    (
        &unsupported_expression::UnsupportedExpression::RULE,
        &[],
        unsupported_expression::check,
    ),
    (
        &circular_inheritance::CircularInheritance::RULE,
        &[Program::Inheritance],
        circular_inheritance::check,
    ),
    (
        &unknown_parent::UnknownParent::RULE,
        &[Program::Inheritance],
        unknown_parent::check,
    ),
    (
        &inherits_across_modules::InheritsAcrossModules::RULE,
        &[Program::Inheritance],
        inherits_across_modules::check,
    ),
    (
        &private_access::PrivateAccess::RULE,
        &[Program::Privacy],
        private_access::check,
    ),
    (
        &private_reference::PrivateReference::RULE,
        &[Program::Privacy],
        private_reference::check,
    ),
    (
        &unknown_class::UnknownClass::RULE,
        &[Program::Names],
        unknown_class::check,
    ),
    (
        &unread_modulepath::UnreadModulepath::RULE,
        &[Program::Names],
        unread_modulepath::check,
    ),
    (
        &unknown_resource_type::UnknownResourceType::RULE,
        &[Program::Names],
        unknown_resource_type::check,
    ),
    (
        &unknown_function::UnknownFunction::RULE,
        &[Program::Names],
        unknown_function::check,
    ),
    (
        &unknown_variable::UnknownVariable::RULE,
        &[Program::Variables],
        unknown_variable::check,
    ),
    (
        &top_scope_fact::TopScopeFact::RULE,
        &[Program::Scope],
        top_scope_fact::check,
    ),
    (
        &legacy_fact::LegacyFact::RULE,
        &[Program::LegacyFacts],
        legacy_fact::check,
    ),
    (&ruby_removed::RubyRemoved::RULE, &[], ruby_removed::check),
    (
        &ignored_hiera_config::IgnoredHieraConfig::RULE,
        &[],
        ignored_hiera_config::check,
    ),
    (
        &hiera_data_not_hash::HieraDataNotHash::RULE,
        &[],
        hiera_data_not_hash::check,
    ),
    (
        &faulty_metadata::FaultyMetadata::RULE,
        &[],
        faulty_metadata::check,
    ),
    (
        &missing_module_file::MissingModuleFile::RULE,
        &[Program::ModuleFiles],
        missing_module_file::check,
    ),
    (
        &missing_module_file::MissingFileSource::RULE,
        &[Program::ModuleFiles],
        missing_module_file::check_sources,
    ),
    (
        &unknown_fact::UnknownFact::RULE,
        &[Program::FactNames],
        unknown_fact::check,
    ),
    (
        &hiera_key::HieraKey::RULE,
        &[Program::HieraKeys],
        hiera_key::check,
    ),
    (
        &unknown_hiera_class::UnknownHieraClass::RULE,
        &[Program::HieraKeys],
        unknown_hiera_class::check,
    ),
    (
        &hiera_type_mismatch::HieraTypeMismatch::RULE,
        &[Program::HieraKeys],
        hiera_type_mismatch::check,
    ),
    (
        &foreign_module_data::ForeignModuleData::RULE,
        &[Program::HieraKeys],
        foreign_module_data::check,
    ),
    (
        &lookup_cycle::LookupCycle::RULE,
        &[Program::HieraKeys],
        lookup_cycle::check,
    ),
    (
        &template_recursion::TemplateRecursion::RULE,
        &[Program::Templates],
        template_recursion::check,
    ),
    (
        &undeclared_resource::UndeclaredResource::RULE,
        &[Program::RequiredResources],
        undeclared_resource::check,
    ),
    (
        &removed_function::RemovedFunction::RULE,
        &[Program::RemovedFunctions],
        removed_function::check,
    ),
    (
        &deprecated_function::DeprecatedFunction::RULE,
        &[Program::RemovedFunctions],
        deprecated_function::check,
    ),
    (
        &default_leak::DefaultLeak::RULE,
        &[Program::Defaults],
        default_leak::check,
    ),
    (
        &order_dependent_default::OrderDependentDefault::RULE,
        &[Program::Defaults],
        order_dependent_default::check,
    ),
    (
        &late_default::LateDefault::RULE,
        &[Program::Defaults],
        late_default::check,
    ),
    (
        &order_dependent_variable::OrderDependentVariable::RULE,
        &[Program::Scope],
        order_dependent_variable::check,
    ),
    (
        &unknown_parameter::UnknownParameter::RULE,
        &[Program::Declarations],
        unknown_parameter::check,
    ),
    (
        &missing_parameter::MissingParameter::RULE,
        &[Program::Declarations],
        missing_parameter::check,
    ),
    (
        &missing_class_parameter::MissingClassParameter::RULE,
        &[Program::Declarations],
        missing_class_parameter::check,
    ),
    (
        &duplicate_resource::DuplicateResource::RULE,
        &[Program::Declarations],
        duplicate_resource::check,
    ),
    (
        &duplicate_declaration::DuplicateDeclaration::RULE,
        &[Program::Declarations],
        duplicate_declaration::check,
    ),
    (
        &illegal_override::IllegalOverride::RULE,
        &[Program::Declarations],
        illegal_override::check,
    ),
    (
        &bad_suppression::BadSuppression::RULE,
        &[],
        bad_suppression::check,
    ),
];

/// The rules of the move from Puppet 7 to Puppet 8: errors with
/// `--puppet 8` (what Puppet 8 refuses, or silently reads otherwise).
pub const PUPPET8: &[&str] = &[
    "legacy-fact",
    "duplicate-key",
    "numeric-coercion",
    "removed-function",
    "deprecated-function",
    "ruby-removed",
    "ignored-hiera-config",
    "hiera-data-not-hash",
    "faulty-metadata",
];

/// Every rule: those that read the programs' output, then
/// `unused-suppression`, which `crate::suppression` applies to the
/// findings of the others.
pub fn rules() -> impl Iterator<Item = &'static Rule> {
    CHECKS
        .iter()
        .map(|(rule, _, _)| *rule)
        .chain([&unused_suppression::UnusedSuppression::RULE])
}

/// The rule `id`.
pub fn find(id: &str) -> Option<&'static Rule> {
    rules().find(|rule| rule.id == id)
}

/// The analysis, and what the rules need to write its findings.
pub struct Context<'a> {
    pub analysis: Analysis<'a>,
}

impl<'a> std::ops::Deref for Context<'a> {
    type Target = Analysis<'a>;

    fn deref(&self) -> &Analysis<'a> {
        &self.analysis
    }
}

impl<'a> Context<'a> {
    /// The analysis of `extraction`; programs run as rules ask for them.
    pub fn new(extraction: &'a Extraction) -> Context<'a> {
        Context {
            analysis: Analysis::new(extraction),
        }
    }

    pub fn diagnostic(
        &self,
        rule: &Rule,
        file: FileId,
        line: u32,
        col: u32,
        message: String,
    ) -> Diagnostic {
        Diagnostic {
            path: self.path(file),
            location: Some(Location {
                line: line as usize,
                column: col.max(1) as usize,
            }),
            severity: rule.severity,
            kind: Kind::Finding,
            rule: rule.id,
            message,
            related: Vec::new(),
            fix: None,
        }
    }

    pub fn related(&self, file: FileId, line: u32, col: u32, message: String) -> Related {
        Related {
            path: self.path(file),
            location: Some(Location {
                line: line as usize,
                column: col.max(1) as usize,
            }),
            message,
        }
    }

    /// Where each definition of `class` stands.
    pub fn class_definitions(&self, class: Sym) -> impl Iterator<Item = Related> + '_ {
        self.extraction
            .facts
            .definitions(DefinitionKind::Class)
            .filter(move |row| row.name == class)
            .map(move |row| {
                self.related(
                    row.file,
                    row.line,
                    row.col,
                    format!("class `{}` is defined here", self.text(class)),
                )
            })
    }

    /// "module `x`", or "outside any module" (environment manifests).
    pub fn describe_module(module: &str) -> String {
        if module.is_empty() {
            "outside any module".to_string()
        } else {
            format!("module `{module}`")
        }
    }
}

/// The `validation_issue` facts of `codes`, each with its message
/// ([`issues`]), as diagnostics of `rule`; the message ends with the
/// issue's code.
fn validation_diagnostics(context: &Context, rule: &Rule, codes: &[&str]) -> Vec<Diagnostic> {
    context
        .extraction
        .facts
        .validation_issue
        .iter()
        .filter_map(|row| {
            let code = context.text(row.code);
            if !codes.contains(&code) {
                return None;
            }
            let message = issues::issue(code)?.describe(context.text(row.subject));
            Some(context.diagnostic(rule, row.file, row.line, row.col, message))
        })
        .collect()
}

/// The missing parameters of class declarations (`classes`) or of the
/// other declarations, as diagnostics of `rule`.
fn missing_parameter_diagnostics(context: &Context, classes: bool, rule: &Rule) -> Vec<Diagnostic> {
    let class = context.extraction.interner.get("class");
    context
        .declarations()
        .missing_parameters
        .iter()
        .filter_map(|found| {
            let resource = context.resource(found.resource());
            ((Some(resource.type_name) == class) == classes).then(|| {
                context.diagnostic(
                    rule,
                    resource.file,
                    resource.line,
                    context.resource_column(resource),
                    format!(
                        "`{}` expects a value for parameter `{}`",
                        context.resource_name(resource),
                        context.text(found.parameter())
                    ),
                )
            })
        })
        .collect()
}

/// Runs the rules enabled by default; diagnostics sorted by file and
/// position.
pub fn check(extraction: &Extraction) -> Vec<Diagnostic> {
    check_with(extraction, |rule| rule.enabled.then_some(rule.severity))
}

/// Runs the rules that `level` turns on, at the severity it gives them.
pub fn check_with(
    extraction: &Extraction,
    level: impl Fn(&Rule) -> Option<Severity>,
) -> Vec<Diagnostic> {
    let context = Context::new(extraction);
    let enabled: Vec<(&Rule, Severity, &[Program], Check)> = CHECKS
        .iter()
        .filter_map(|&(rule, programs, check)| Some((rule, level(rule)?, programs, check)))
        .collect();
    let programs: Vec<Program> = enabled
        .iter()
        .flat_map(|(_, _, programs, _)| programs.iter().copied())
        .collect();
    crate::timings::time("rules", || context.prepare(&programs));
    let mut diagnostics: Vec<Diagnostic> = crate::timings::time("lints", || {
        enabled
            .par_iter()
            .flat_map_iter(|&(rule, severity, _, check)| {
                let mut found = check(&context);
                for diagnostic in &mut found {
                    // The configured severity, but a finding its rule
                    // judged lighter than the rule's own stays a warning.
                    diagnostic.severity = if diagnostic.severity == rule.severity {
                        severity
                    } else {
                        severity.max(diagnostic.severity)
                    };
                }
                found
            })
            .collect()
    });
    // Wholly ordered, so that the order does not hang on how the rules
    // ran or how symbols were numbered.
    diagnostics.sort_by(|a, b| {
        (&a.path, a.location, a.rule, &a.message).cmp(&(&b.path, b.location, b.rule, &b.message))
    });
    diagnostics.dedup();
    diagnostics
}
