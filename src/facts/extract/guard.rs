//! Guards: branches that Puppet evaluates only when a name is defined,
//! `if defined('portage') { ... }`. Where that name is defined nowhere,
//! the branch is dead code in the environment, and the rules say nothing
//! of what it uses. Read off the tree during the extractor's walk as
//! `guard` facts; the rows of what stands inside carry the branch.

use tree_sitter::Node;

use super::{names, Extractor, FileId, Guard, Id};

/// A branch whose guard the walk has read but not entered yet.
pub(super) struct PendingGuard {
    /// The branch's block.
    block: usize,
    /// The names it needs, each at its test.
    tests: Vec<Test>,
}

/// A name a guard tests, and where.
struct Test {
    name: String,
    line: u32,
    col: u32,
}

/// A guarded branch the walk is inside.
pub(super) struct OpenGuard {
    pub(super) depth: usize,
    branch: Id,
}

impl<'a> Extractor<'a> {
    /// On entering an `if`, `elsif` or `unless`: the branch its `defined()`
    /// tests guard, opened when the walk enters it.
    pub(super) fn read_guard(&mut self, node: Node<'a>) {
        let g = self.grammar;
        let fields = &g.fields;
        let Some(condition) = node.child_by_field_id(fields.condition.get()) else {
            return;
        };
        let kind = node.kind_id();
        let (negated, condition) = match self.negation(condition) {
            Some(inner) => (true, inner),
            None => (false, condition),
        };
        let mut tests = Vec::new();
        self.conjoined_tests(condition, &mut tests);
        if tests.is_empty() {
            return;
        }
        // `if` and `elsif` run their block when the tests hold; `unless`
        // and `if !...` their `else`, which follows every `elsif`.
        let runs_when_defined = (kind == g.unless) == negated;
        let branch = if runs_when_defined {
            node.child_by_field_id(fields.consequence.get())
        } else if kind == g.elsif {
            None
        } else {
            let mut cursor = node.walk();
            let last = node
                .children_by_field_id(fields.alternative, &mut cursor)
                .last();
            last.filter(|alternative| alternative.kind_id() == g.else_)
                .and_then(|alternative| alternative.child_by_field_id(fields.body.get()))
        };
        if let Some(block) = branch {
            self.pending_guards.push(PendingGuard {
                block: block.id(),
                tests,
            });
        }
    }

    /// On entering a block: opens the guard it is the branch of.
    pub(super) fn open_guard(&mut self, block: Node<'a>, depth: usize) {
        let Some(index) = self
            .pending_guards
            .iter()
            .position(|pending| pending.block == block.id())
        else {
            return;
        };
        let pending = self.pending_guards.swap_remove(index);
        let outer = self.guard();
        let branch = self.new_id();
        for test in pending.tests {
            let row = Guard {
                branch,
                outer,
                name: self.sym(&test.name),
                file: FileId::default(),
                line: test.line,
                col: test.col,
            };
            self.facts.guard.push(row);
        }
        self.deepest_open = self.deepest_open.max(depth);
        self.open_guards.push(OpenGuard { depth, branch });
    }

    /// The innermost guarded branch the walk is in; 0 outside any.
    pub(super) fn guard(&self) -> Id {
        self.open_guards
            .last()
            .map_or(Id::default(), |open| open.branch)
    }

    /// `!x`, `!(x)`: `x`.
    fn negation(&self, node: Node<'a>) -> Option<Node<'a>> {
        let node = self.unparenthesized(node);
        if node.kind_id() != self.grammar.unary {
            return None;
        }
        let operator = node.child_by_field_id(self.grammar.fields.operator.get())?;
        if self.source(operator) != "!" {
            return None;
        }
        let operand = node.child_by_field_id(self.grammar.fields.operand.get())?;
        Some(self.unparenthesized(operand))
    }

    fn unparenthesized(&self, mut node: Node<'a>) -> Node<'a> {
        while node.kind_id() == self.grammar.parenthesized {
            match node.child_by_field_id(self.grammar.fields.expression.get()) {
                Some(inner) => node = inner,
                None => break,
            }
        }
        node
    }

    /// The names `condition` tests with `defined()`, alone or among the
    /// operands of `and`: all of them must be defined for it to hold.
    fn conjoined_tests(&self, condition: Node<'a>, tests: &mut Vec<Test>) {
        let g = self.grammar;
        let condition = self.unparenthesized(condition);
        if condition.kind_id() == g.binary {
            let operator = condition.child_by_field_id(g.fields.operator.get());
            if operator.is_some_and(|operator| self.source(operator) == "and") {
                for side in [g.fields.left, g.fields.right] {
                    if let Some(operand) = condition.child_by_field_id(side.get()) {
                        self.conjoined_tests(operand, tests);
                    }
                }
            }
            return;
        }
        if condition.kind_id() != g.call {
            return;
        }
        let called = condition.child_by_field_id(g.fields.function.get());
        if called.is_none_or(|function| self.source(function) != "defined") {
            return;
        }
        let Some(arguments) = condition.child_by_field_id(g.fields.arguments.get()) else {
            return;
        };
        // Several arguments: any one defined will do; not a guard of one.
        if let [argument] = self.named_children(arguments).as_slice() {
            if let Some(name) = self.tested_name(*argument) {
                let (line, col) = self.location(*argument);
                tests.push(Test { name, line, col });
            }
        }
    }

    /// The class or type a `defined()` argument names: `'x'` (not `'$x'`),
    /// `Class['x']`, `Resource['t']`, `Resource['t', 'title']`,
    /// `T['title']`, `T`.
    fn tested_name(&self, argument: Node<'a>) -> Option<String> {
        let g = self.grammar;
        let kind = argument.kind_id();
        if kind == g.type_reference {
            return Some(names::lowercase(names::absolute(self.source(argument))));
        }
        if kind == g.access {
            let target = argument.child_by_field_id(g.fields.target.get())?;
            if target.kind_id() != g.type_reference {
                return None;
            }
            let type_name = self.source(target);
            if type_name != "Class" && type_name != "Resource" {
                return Some(names::lowercase(names::absolute(type_name)));
            }
            let mut cursor = argument.walk();
            let first = argument
                .children_by_field_id(g.fields.index, &mut cursor)
                .next()?;
            return self.literal(first).map(|name| Self::class_name(&name));
        }
        let name = self.literal(argument)?;
        (!name.starts_with('$') && !name.is_empty()).then(|| Self::class_name(&name))
    }
}
