//! Branches: the blocks Puppet evaluates for one outcome of a conditional,
//! so that the rules can tell two statements that never both run (the
//! `if` and the `else` of one conditional) from two that may. Read off
//! the tree during the extractor's walk as `branch` facts; the rows of
//! what stands inside carry the innermost branch.

use super::{Branch, Extractor, Id};

/// A branch the walk is inside.
pub(super) struct OpenBranch {
    pub(super) depth: usize,
    branch: Id,
}

impl Extractor<'_> {
    /// On entering a block: opens the branch it is, when it is the body
    /// of an `if`, `elsif`, `else`, `unless` or `case` option.
    pub(super) fn open_branch(&mut self, depth: usize) {
        let g = self.grammar;
        let mut around = self.ancestors.iter().rev();
        let Some(parent) = around.next() else {
            return;
        };
        let kind = parent.kind_id();
        let conditional = if kind == g.if_ || kind == g.unless {
            *parent
        } else if kind == g.elsif || kind == g.else_ || kind == g.case_option {
            match around.next() {
                Some(&conditional) => conditional,
                None => return,
            }
        } else {
            return;
        };
        let conditional = match self.conditionals.get(&conditional.id()) {
            Some(&known) => known,
            None => {
                let id = self.new_id();
                self.conditionals.insert(conditional.id(), id);
                id
            }
        };
        let row = Branch {
            branch: self.new_id(),
            conditional,
            outer: self.branch(),
        };
        self.open_branches.push(OpenBranch {
            depth,
            branch: row.branch,
        });
        self.facts.branch.push(row);
        self.deepest_open = self.deepest_open.max(depth);
    }

    /// The innermost branch the walk is in; 0 outside any.
    pub(super) fn branch(&self) -> Id {
        self.open_branches
            .last()
            .map_or(Id::default(), |open| open.branch)
    }
}
