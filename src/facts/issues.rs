//! The issues the extractor's validation finds (`validation_issue` facts):
//! each code, when Puppet refuses the code over it, and what pfacts says of
//! it. `pfacts check` reports them (the rules in `src/lints/` each name
//! their codes); the evaluator refuses a file with a [`Refusal::Load`]
//! issue when it loads it, as Puppet does.

/// When Puppet refuses code with an issue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Puppet's parser or its validator (Checker4_0, at error severity)
    /// refuses the whole file when it loads it, whatever of it runs.
    Load,
    /// Puppet's evaluator refuses it when it evaluates it.
    Evaluation,
    /// As Puppet's `strict` setting says: a warning in Puppet 7, an error
    /// in Puppet 8, when Puppet loads the file.
    Strict,
    /// As `strict` says, when Puppet's evaluator evaluates it.
    StrictEvaluation,
}

/// One issue code.
#[derive(Debug)]
pub struct Issue {
    /// Puppet's issue code, or pfacts' name where Puppet has several
    /// (`ILLEGAL_TYPE_MAPPING`) or none (`ILLEGAL_JSON`: the heredoc's
    /// syntax checker).
    pub code: &'static str,
    pub refusal: Refusal,
    /// What pfacts says; `{}` stands for the issue's subject.
    pub message: &'static str,
}

impl Issue {
    /// The message about `subject`.
    pub fn text(&self, subject: &str) -> String {
        self.message.replacen("{}", subject, 1)
    }

    /// The message about `subject`, ending with the code.
    pub fn describe(&self, subject: &str) -> String {
        format!("{} ({})", self.text(subject), self.code)
    }
}

/// The issue with code `code`.
pub fn issue(code: &str) -> Option<&'static Issue> {
    ISSUES.iter().find(|issue| issue.code == code)
}

const fn load(code: &'static str, message: &'static str) -> Issue {
    Issue {
        code,
        refusal: Refusal::Load,
        message,
    }
}

const fn evaluation(code: &'static str, message: &'static str) -> Issue {
    Issue {
        code,
        refusal: Refusal::Evaluation,
        message,
    }
}

/// Every issue, grouped by the rule that reports it.
pub const ISSUES: &[Issue] = &[
    // misplaced-definition
    load(
        "NOT_TOP_LEVEL",
        "classes, defines and nodes may only stand at top level or inside other classes",
    ),
    load(
        "NOT_ABSOLUTE_TOP_LEVEL",
        "functions and type aliases may only stand at top level",
    ),
    load(
        "ILLEGAL_TOP_CONSTRUCT_LOCATION",
        "a {} cannot stand at the top of a module's file: the autoloader reads definitions only",
    ),
    // illegal-name
    load(
        "ILLEGAL_DEFINITION_NAME",
        "`{}` is not an acceptable name for a definition",
    ),
    load(
        "RESERVED_TYPE_NAME",
        "`{}` is the name of a Puppet type and cannot name a definition",
    ),
    load(
        "ILLEGAL_NUMERIC_VAR_NAME",
        "`${}` is not a variable name: a number has no leading zero",
    ),
    load(
        "ILLEGAL_VAR_NAME",
        "`${}` is not a variable name: lower-case segments, only the last may start with `_`",
    ),
    // illegal-parameter
    load(
        "ILLEGAL_PARAM_NAME",
        "`${}` is not an acceptable parameter name",
    ),
    load(
        "ILLEGAL_NUMERIC_PARAMETER",
        "a parameter cannot be a number: `${}`",
    ),
    load(
        "DUPLICATE_PARAMETER",
        "the parameter `${}` is declared twice",
    ),
    load(
        "RESERVED_PARAMETER",
        "`${}` is set by Puppet and cannot be a class or define parameter",
    ),
    load(
        "CAPTURES_REST_NOT_SUPPORTED",
        "classes and defines cannot capture the rest of the arguments (`*${}`)",
    ),
    evaluation(
        "REQUIRED_AFTER_OPTIONAL",
        "`${}` is required but comes after optional parameters",
    ),
    load(
        "CAPTURES_REST_NOT_LAST",
        "`*${}` captures the rest of the arguments: it must be the last parameter",
    ),
    // illegal-node
    load(
        "ILLEGAL_NODE_INHERITANCE",
        "node inheritance is not supported since Puppet 4",
    ),
    load("ILLEGAL_HOSTNAME_CHARS", "`{}` is not a valid host name"),
    load(
        "ILLEGAL_HOSTNAME_INTERPOLATION",
        "a host name cannot be interpolated",
    ),
    // illegal-assignment
    load(
        "APPENDS_DELETES_NO_LONGER_SUPPORTED",
        "`{}` is no longer supported: assign a new variable",
    ),
    load(
        "ILLEGAL_ASSIGNMENT_CONTEXT",
        "a parameter's default value cannot assign a variable",
    ),
    load(
        "CROSS_SCOPE_ASSIGNMENT",
        "`${}` belongs to another scope and cannot be assigned here",
    ),
    load(
        "ILLEGAL_INDEXED_ASSIGNMENT",
        "an element of an array or hash cannot be assigned",
    ),
    load(
        "ILLEGAL_NUMERIC_ASSIGNMENT",
        "`${}` is a match variable and cannot be assigned",
    ),
    load("ILLEGAL_ASSIGNMENT", "only variables can be assigned"),
    evaluation(
        "RESERVED_VARIABLE",
        "`${}` is reserved: Puppet sets it for the node",
    ),
    // illegal-resource
    load(
        "CLASS_NOT_VIRTUALIZABLE",
        "a class cannot be virtual or exported",
    ),
    load(
        "ILLEGAL_ATTRIBUTE_APPEND",
        "`{} +>` appends only in an override or a collector, not in a resource body or defaults",
    ),
    load(
        "MULTIPLE_ATTRIBUTES_UNFOLD",
        "a resource body can unfold one hash of attributes (`* =>`) only",
    ),
    evaluation(
        "DUPLICATE_ATTRIBUTE",
        "the attribute `{}` has already been set in this body",
    ),
    evaluation(
        "DUPLICATE_TITLE",
        "the title `{}` has already been used in this resource expression",
    ),
    evaluation(
        "CLASS_DEFAULTS",
        "classes take no resource defaults (`Class { }`)",
    ),
    evaluation(
        "DUPLICATE_RESOURCE_DEFAULT",
        "the default `{}` is already set in this scope; it cannot be set again",
    ),
    // duplicate-default
    load(
        "DUPLICATE_DEFAULT",
        "a second `default` can never be chosen",
    ),
    // reassigned-variable
    evaluation(
        "REASSIGNED_VARIABLE",
        "`${}` is already assigned in this scope; variables cannot be reassigned",
    ),
    // no-effect
    load(
        "IDEM_EXPRESSION_NOT_LAST",
        "this {} has no effect: its value is produced and then forgotten",
    ),
    load(
        "IDEM_NOT_ALLOWED_LAST",
        "this {} has no effect and cannot end a class, define or node",
    ),
    // not-a-value
    load(
        "NOT_RVALUE",
        "{} produces no value and cannot be used as one",
    ),
    // heredoc-syntax: the parser's syntax checkers
    load("ILLEGAL_JSON", "this heredoc's text is not valid {}"),
    load("ILLEGAL_BASE64", "this heredoc's text is not valid {}"),
    load("ILLEGAL_PP", "this heredoc's text is not valid {} code"),
    load(
        "ILLEGAL_EPP",
        "this heredoc's text is not a valid {} template",
    ),
    // illegal-query
    load(
        "ILLEGAL_QUERY_EXPRESSION",
        "{} cannot be used in a collector's query",
    ),
    // illegal-type-mapping: Puppet's ILLEGAL_REGEXP_TYPE_MAPPING and
    // ILLEGAL_SINGLE_TYPE_MAPPING
    load(
        "ILLEGAL_TYPE_MAPPING",
        "this type mapping's right side must be {}",
    ),
    // reserved-word
    load(
        "RESERVED_WORD",
        "`{}` is a reserved word: quote it if it is meant as a string",
    ),
    // duplicate-key, in Puppet's words (the evaluator logs them as such)
    Issue {
        code: "DUPLICATE_KEY",
        refusal: Refusal::Strict,
        message: "The key '{}' is declared more than once",
    },
    // numeric-coercion: the evaluator's `strict` issue
    Issue {
        code: "NUMERIC_COERCION",
        refusal: Refusal::StrictEvaluation,
        message: "The string {} is automatically coerced to a number: write the number, or convert it with `Integer()` or `Float()`",
    },
    // not-numeric, in Puppet's words
    evaluation(
        "NOT_NUMERIC",
        "The value '{}' cannot be converted to Numeric",
    ),
    // numeric-overflow
    load(
        "NUMERIC_OVERFLOW",
        "`{}` is beyond Puppet's integer range (64 bits)",
    ),
    // unsupported-expression
    load("UNSUPPORTED_EXPRESSION", "{} is not supported by Puppet 7"),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Puppet's word on which codes its validator raises
    /// (`scripts/puppet-validator-codes.sh`).
    const CHECKER_CODES: &str = include_str!("../../data/puppet7-validator-codes.txt");

    /// What pfacts names that Puppet's validator does not: the heredoc
    /// syntax checkers of Puppet's parser, and the two type mapping codes
    /// in one.
    const PARSER_CHECKS: &[&str] = &[
        "ILLEGAL_JSON",
        "ILLEGAL_BASE64",
        "ILLEGAL_PP",
        "ILLEGAL_EPP",
        "ILLEGAL_TYPE_MAPPING",
    ];

    #[test]
    fn load_refusals_are_the_validators_errors() {
        let checker: Vec<&str> = CHECKER_CODES
            .lines()
            .filter(|line| !line.starts_with('#'))
            .collect();
        for issue in ISSUES {
            let validated = checker.contains(&issue.code);
            match issue.refusal {
                Refusal::Load => assert!(
                    validated || PARSER_CHECKS.contains(&issue.code),
                    "{} is not Puppet's validator's",
                    issue.code
                ),
                Refusal::Evaluation => {
                    assert!(!validated, "{} is Puppet's validator's", issue.code)
                }
                // The validator's one code whose severity Puppet's
                // `strict` sets (ValidatorFactory_4_0#severity_producer).
                Refusal::Strict => assert_eq!(issue.code, "DUPLICATE_KEY"),
                Refusal::StrictEvaluation => {
                    assert!(!validated, "{} is Puppet's validator's", issue.code)
                }
            }
        }
    }

    #[test]
    fn every_code_is_listed_once() {
        for (index, issue) in ISSUES.iter().enumerate() {
            assert!(
                ISSUES[..index].iter().all(|other| other.code != issue.code),
                "{} twice",
                issue.code
            );
        }
    }
}
