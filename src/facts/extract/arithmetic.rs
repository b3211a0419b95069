//! Arithmetic on strings, which Puppet's evaluator coerces to numbers
//! (`Runtime3Support#coerce_numeric`): a warning under Puppet 7's
//! `strict=warning` (NUMERIC_COERCION), an error under Puppet 8's
//! `strict=error`, and always an error for a string that is no number
//! (NOT_NUMERIC). Found only where the evaluator is certain to coerce
//! when it evaluates the expression: a string left of an arithmetic
//! operator (no collection, URI or binary then), right of one whose left
//! is a number, or after a unary minus; not where an `and` or `or` whose
//! left is constant skips it.

use tree_sitter::Node;

use super::Extractor;
use crate::facts::numeric::to_number;
use crate::facts::schema::{FileId, Id, StringForm, StringValue};

/// Puppet's `EvaluatorImpl::ARITHMETIC_OPERATORS`.
const ARITHMETIC_OPERATORS: [&str; 7] = ["+", "-", "*", "/", "%", "<<", ">>"];

/// What arithmetic does with an operand.
enum Operand {
    /// A string: coerced to a number, or refused if it is none.
    Coerced,
    /// A number, as written.
    Number,
    /// Anything else, as far as the tree tells.
    Unknown,
}

impl<'a> Extractor<'a> {
    /// An arithmetic binary expression: its string operands, in the order
    /// Puppet coerces them (left, then right), up to the first it refuses.
    pub(super) fn validate_arithmetic(&mut self, node: Node<'a>) {
        let fields = &self.grammar.fields;
        let (Some(operator), Some(left), Some(right)) = (
            node.child_by_field_id(fields.operator.get()),
            node.child_by_field_id(fields.left.get()),
            node.child_by_field_id(fields.right.get()),
        ) else {
            return;
        };
        if !ARITHMETIC_OPERATORS.contains(&self.source(operator)) {
            return;
        }
        let left_operand = self.operand(left);
        let string_in_reach = match left_operand {
            Operand::Coerced => true,
            Operand::Number => matches!(self.operand(right), Operand::Coerced),
            Operand::Unknown => false,
        };
        // The ancestors are looked at only once a string is in reach.
        if !string_in_reach || self.short_circuited(node) {
            return;
        }
        match left_operand {
            Operand::Coerced => {
                if self.coerced(left) {
                    self.coerced_right(right);
                }
            }
            Operand::Number => self.coerced_right(right),
            Operand::Unknown => {}
        }
    }

    /// A unary minus: Puppet coerces a string operand, and points at the
    /// whole expression.
    pub(super) fn validate_negation(&mut self, node: Node<'a>) {
        let fields = &self.grammar.fields;
        let (Some(operator), Some(operand)) = (
            node.child_by_field_id(fields.operator.get()),
            node.child_by_field_id(fields.operand.get()),
        ) else {
            return;
        };
        if self.source(operator) == "-"
            && matches!(self.operand(operand), Operand::Coerced)
            && !self.short_circuited(node)
        {
            self.coerced_at(operand, node);
        }
    }

    /// `$name = 'text'` as a statement, outside any condition: the string
    /// every later read of `$name` resolving to `scope` finds, which the
    /// analysis follows to the arithmetic that coerces it.
    pub(super) fn string_value(&mut self, assignment: Node<'a>, variable: Node<'a>, scope: Id) {
        let in_statement_list = self
            .ancestors
            .last()
            .is_some_and(|parent| self.grammar.statement_lists.contains(&parent.kind_id()));
        if !in_statement_list
            || !self.conditions.is_empty()
            || variable.kind_id() != self.grammar.variable
        {
            return;
        }
        let fields = &self.grammar.fields;
        let Some(value) = assignment.child_by_field_id(fields.right.get()) else {
            return;
        };
        let assigns = assignment
            .child_by_field_id(fields.operator.get())
            .is_some_and(|operator| self.source(operator) == "=");
        if !assigns || !matches!(self.operand(value), Operand::Coerced) {
            return;
        }
        let (text, form) = self.string_form(value);
        let name = self.source(variable).trim_start_matches('$');
        let (line, col) = self.end_location(assignment);
        let row = StringValue {
            scope,
            name: self.sym(name),
            text: self.sym(&text),
            form,
            file: FileId::default(),
            line,
            col,
        };
        self.facts.string_value.push(row);
    }

    /// Whether the variable read `node` (the walk's current node) stands
    /// where arithmetic coerces a string: see `coerced_operand`.
    pub(super) fn coerced_operand(&self, node: Node<'a>) -> bool {
        let Some(&parent) = self.ancestors.last() else {
            return false;
        };
        let g = self.grammar;
        let fields = &g.fields;
        // Most reads stand elsewhere: their parent's kind tells.
        if parent.kind_id() != g.binary && parent.kind_id() != g.unary {
            return false;
        }
        let Some(operator) = parent.child_by_field_id(fields.operator.get()) else {
            return false;
        };
        let operator = self.source(operator);
        let in_place = if parent.kind_id() == g.binary {
            ARITHMETIC_OPERATORS.contains(&operator)
                && match parent.child_by_field_id(fields.left.get()) {
                    Some(left) if left == node => true,
                    // Puppet coerces the right once the left is a number.
                    Some(left) => match self.operand(left) {
                        Operand::Number => true,
                        Operand::Coerced => self
                            .literal(left)
                            .is_none_or(|text| to_number(&text).is_some()),
                        Operand::Unknown => false,
                    },
                    None => false,
                }
        } else {
            parent.kind_id() == g.unary && operator == "-"
        };
        in_place && !self.short_circuited(node)
    }

    /// Whether `node` (the walk's current node) is right of an `and`
    /// whose left is always false, or of an `or` whose left is always
    /// true: code Puppet never evaluates.
    fn short_circuited(&self, node: Node<'a>) -> bool {
        let fields = &self.grammar.fields;
        let path = self.ancestors.iter().skip(1).copied().chain([node]);
        self.ancestors.iter().zip(path).any(|(&parent, child)| {
            if parent.kind_id() != self.grammar.binary
                || parent.child_by_field_id(fields.right.get()) != Some(child)
            {
                return false;
            }
            let (Some(operator), Some(left)) = (
                parent.child_by_field_id(fields.operator.get()),
                parent.child_by_field_id(fields.left.get()),
            ) else {
                return false;
            };
            match self.source(operator) {
                "and" => self.constant_truth(left) == Some(false),
                "or" => self.constant_truth(left) == Some(true),
                _ => false,
            }
        })
    }

    /// The truth of an expression made only of `true`, `false`, `undef`,
    /// `!`, `and`, `or` and parentheses.
    fn constant_truth(&self, node: Node<'a>) -> Option<bool> {
        let g = self.grammar;
        let fields = &g.fields;
        let kind = node.kind_id();
        if kind == g.true_ {
            Some(true)
        } else if kind == g.false_ || kind == g.undef {
            Some(false)
        } else if kind == g.parenthesized {
            self.constant_truth(node.child_by_field_id(fields.expression.get())?)
        } else if kind == g.unary {
            let operator = node.child_by_field_id(fields.operator.get())?;
            let operand = node.child_by_field_id(fields.operand.get())?;
            (self.source(operator) == "!").then_some(())?;
            self.constant_truth(operand).map(|truth| !truth)
        } else if kind == g.binary {
            let operator = node.child_by_field_id(fields.operator.get())?;
            let left = self.constant_truth(node.child_by_field_id(fields.left.get())?);
            let right = || self.constant_truth(node.child_by_field_id(fields.right.get())?);
            match self.source(operator) {
                "and" if left == Some(false) => Some(false),
                "and" => Some(left? && right()?),
                "or" if left == Some(true) => Some(true),
                "or" => Some(left? || right()?),
                _ => None,
            }
        } else {
            None
        }
    }

    fn coerced_right(&mut self, right: Node<'a>) {
        if matches!(self.operand(right), Operand::Coerced) {
            self.coerced(right);
        }
    }

    fn operand(&self, node: Node<'a>) -> Operand {
        let kind = node.kind_id();
        let g = self.grammar;
        if kind == g.string || kind == g.interpolated_string || kind == g.heredoc {
            Operand::Coerced
        } else if kind == g.integer || kind == g.float {
            Operand::Number
        } else {
            Operand::Unknown
        }
    }

    /// The string `operand`, coerced where Puppet points at it; whether
    /// Puppet goes on (the string may be a number).
    fn coerced(&mut self, operand: Node<'a>) -> bool {
        self.coerced_at(operand, operand)
    }

    fn coerced_at(&mut self, operand: Node<'a>, at: Node<'a>) -> bool {
        match self.string_form(operand) {
            (text, StringForm::NotNumber) => {
                self.issue(at, "NOT_NUMERIC", &text);
                false
            }
            (text, StringForm::Number) => {
                self.issue(at, "NUMERIC_COERCION", &format!("'{text}'"));
                true
            }
            // A number or not, Puppet coerces it.
            (written, StringForm::Computed) => {
                self.issue(at, "NUMERIC_COERCION", &written);
                true
            }
        }
    }

    /// A string's text, and whether Puppet's `Utils.to_n` reads it as a
    /// number: a literal's value; an interpolated string as written,
    /// between its quotes when its written parts alone make it no number.
    fn string_form(&self, string: Node<'a>) -> (String, StringForm) {
        if let Some(text) = self.literal(string) {
            return match to_number(&text) {
                Some(_) => (text, StringForm::Number),
                None => (text, StringForm::NotNumber),
            };
        }
        let written = self.source(string);
        if self.never_numeric(string) {
            let between_quotes = written
                .strip_prefix('"')
                .and_then(|text| text.strip_suffix('"'))
                .unwrap_or(written);
            (between_quotes.to_string(), StringForm::NotNumber)
        } else {
            (written.to_string(), StringForm::Computed)
        }
    }

    /// Whether the written text of an interpolated string holds a
    /// character that no number has, whatever its interpolations give
    /// (Puppet's `Patterns::NUMERIC`: blanks, a sign, decimal, octal or
    /// hexadecimal digits, a point, an exponent).
    fn never_numeric(&self, string: Node<'a>) -> bool {
        let g = self.grammar;
        string.kind_id() == g.interpolated_string
            && (0..string.named_child_count() as u32)
                .filter_map(|index| string.named_child(index))
                .filter(|part| part.kind_id() == g.string_content)
                .any(|part| {
                    self.source(part).chars().any(|c| {
                        !(c.is_ascii_hexdigit()
                            || matches!(c, ' ' | '\t' | '+' | '-' | '.' | 'x' | 'X'))
                    })
                })
    }
}
