//! The Ruby of templates, parsed: statements, expressions, blocks.

use super::lexer::{StrPart, Tok};
use super::{unsupported, Result, MAX_NESTING};

// ---------------------------------------------------------------------------
// Ruby syntax
// ---------------------------------------------------------------------------

#[derive(Clone, Debug)]
pub(super) enum Node {
    Text(String),
    Output(Box<Node>),
    Nil,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(Vec<Interpolated>),
    Regex(String),
    Sym(String),
    Array(Vec<Node>),
    Hash(Vec<(Node, Node)>),
    Const(String),
    IVar(String),
    /// `$1`: a group of the last `=~` match.
    MatchGroup(usize),
    /// A local variable, or a method of the template (`scope`).
    Name(String),
    /// A local that may not be assigned yet (the target of `||=`): nil then.
    Local(String),
    Call {
        receiver: Option<Box<Node>>,
        name: String,
        args: Vec<Node>,
        block: Option<Block>,
    },
    Index(Box<Node>, Vec<Node>),
    /// `base[a][b] = value`: what holds the entry, the indexes down to
    /// it, the value.
    IndexAssign(AssignBase, Vec<Node>, Box<Node>),
    /// `*x` in an array or the arguments of a call: its elements.
    Splat(Box<Node>),
    /// `a, b = value`: the locals, and the array spread over them.
    MultiAssign(Vec<String>, Box<Node>),
    /// `def name(params) ... end`: a method of the template.
    Def(std::rc::Rc<Method>),
    /// `return [value]`, out of a method.
    Return(Option<Box<Node>>),
    /// Statements in a row (an output tag's `a; b`): the last one's value.
    Sequence(Vec<Node>),
    /// `value rescue fallback`: the fallback where Ruby raises.
    Rescue(Box<Node>, Box<Node>),
    /// `&block` given to a call: a block parameter passed on.
    BlockArgument(Box<Node>),
    /// `a..b`, `a...b` (end excluded), as an index.
    Range(Box<Node>, Box<Node>, bool),
    Not(Box<Node>),
    And(Box<Node>, Box<Node>),
    Or(Box<Node>, Box<Node>),
    Binary(&'static str, Box<Node>, Box<Node>),
    If(Box<Node>, Vec<Node>, Vec<Node>),
    Case(Option<Box<Node>>, Vec<(Vec<Node>, Vec<Node>)>, Vec<Node>),
    Assign(String, Box<Node>),
    Defined(Box<Node>),
}

#[derive(Clone, Debug)]
pub(super) enum Interpolated {
    Text(String),
    Code(Vec<Node>),
}

/// What an index assignment changes in place: a local variable, or a
/// variable of the calling scope (`scope.lookupvar('x')[:k] = v`), by the
/// expression of its name.
#[derive(Clone, Debug)]
pub(super) enum AssignBase {
    Local(String),
    Scope(Box<Node>),
}

/// A method a template defines: its parameters, with their defaults, and
/// its body.
#[derive(Debug)]
pub(super) struct Method {
    pub(super) name: String,
    pub(super) params: Vec<(String, Option<Node>)>,
    pub(super) body: Vec<Node>,
}

#[derive(Clone, Debug)]
pub(super) struct Block {
    pub(super) params: Vec<String>,
    pub(super) body: Vec<Node>,
}

pub(super) struct Parser {
    pub(super) tokens: Vec<Tok>,
    pub(super) at: usize,
    /// Expressions open: bounded, so that no template overflows the stack.
    pub(super) depth: usize,
}

impl Parser {
    pub(super) fn peek(&self) -> &Tok {
        &self.tokens[self.at]
    }

    pub(super) fn next(&mut self) -> Tok {
        let token = self.tokens[self.at].clone();
        if token != Tok::Eof {
            self.at += 1;
        }
        token
    }

    pub(super) fn is_op(&self, op: &str) -> bool {
        matches!(self.peek(), Tok::Op(found) if *found == op)
    }

    pub(super) fn is_word(&self, word: &str) -> bool {
        matches!(self.peek(), Tok::Ident(found) if found == word)
    }

    pub(super) fn eat_op(&mut self, op: &str) -> bool {
        let found = self.is_op(op);
        if found {
            self.at += 1;
        }
        found
    }

    pub(super) fn eat_word(&mut self, word: &str) -> bool {
        let found = self.is_word(word);
        if found {
            self.at += 1;
        }
        found
    }

    pub(super) fn expect_op(&mut self, op: &str) -> Result<()> {
        if self.eat_op(op) {
            Ok(())
        } else {
            unsupported(format!(
                "Ruby syntax: expected {op}, found {:?}",
                self.peek()
            ))
        }
    }

    pub(super) fn skip_ends(&mut self) {
        while self.peek() == &Tok::End {
            self.at += 1;
        }
    }

    /// Statements up to one of the words `until` (not consumed).
    pub(super) fn statements(&mut self, until: &[&str]) -> Result<Vec<Node>> {
        self.statements_to(
            &|token| matches!(token, Tok::Ident(word) if until.contains(&word.as_str())),
        )
    }

    /// Statements up to a token `stops` accepts (not consumed), or the end.
    pub(super) fn statements_to(&mut self, stops: &dyn Fn(&Tok) -> bool) -> Result<Vec<Node>> {
        let mut statements = Vec::new();
        loop {
            self.skip_ends();
            let token = self.peek().clone();
            if token == Tok::Eof || stops(&token) {
                return Ok(statements);
            }
            match token {
                Tok::Text(text) => {
                    self.at += 1;
                    statements.push(Node::Text(text));
                }
                Tok::OutputStart => {
                    self.at += 1;
                    let mut body = self.statements_to(&|token| *token == Tok::OutputEnd)?;
                    if self.next() != Tok::OutputEnd {
                        return unsupported("an output tag without its end");
                    }
                    let value = match body.len() {
                        1 => body.pop().expect("one statement"),
                        _ => Node::Sequence(body),
                    };
                    statements.push(Node::Output(Box::new(value)));
                }
                _ => {
                    statements.push(self.statement()?);
                    // A statement ends at a line, a tag or what closes it:
                    // anything else is Ruby this parser does not read
                    // (`a.join ', '`, a call without parentheses).
                    let next = self.peek();
                    if !matches!(next, Tok::End | Tok::Text(_) | Tok::OutputStart | Tok::Eof)
                        && !stops(next)
                    {
                        return unsupported(format!("Ruby syntax: {next:?}"));
                    }
                }
            }
        }
    }

    pub(super) fn statement(&mut self) -> Result<Node> {
        let mut statement = self.expression()?;
        loop {
            if self.eat_word("if") {
                let condition = self.expression()?;
                statement = Node::If(Box::new(condition), vec![statement], Vec::new());
            } else if self.eat_word("unless") {
                let condition = self.expression()?;
                statement = Node::If(Box::new(condition), Vec::new(), vec![statement]);
            } else if self.eat_word("rescue") {
                let fallback = self.expression()?;
                statement = Node::Rescue(Box::new(statement), Box::new(fallback));
            } else {
                return Ok(statement);
            }
        }
    }

    /// `not`, `and`, `or`: the lowest precedence.
    pub(super) fn expression(&mut self) -> Result<Node> {
        let mut left = self.not_expression()?;
        loop {
            if self.eat_word("and") {
                let right = self.not_expression()?;
                left = Node::And(Box::new(left), Box::new(right));
            } else if self.eat_word("or") {
                let right = self.not_expression()?;
                left = Node::Or(Box::new(left), Box::new(right));
            } else {
                return Ok(left);
            }
        }
    }

    pub(super) fn not_expression(&mut self) -> Result<Node> {
        if self.eat_word("not") {
            return Ok(Node::Not(Box::new(self.unary()?)));
        }
        self.assignment()
    }

    pub(super) fn assignment(&mut self) -> Result<Node> {
        if let Some(names) = self.multiple_targets() {
            let value = self.assignment()?;
            return Ok(Node::MultiAssign(names, Box::new(value)));
        }
        if let (Tok::Ident(name), Tok::Op(op)) = (self.peek().clone(), &self.tokens[self.at + 1]) {
            let op = *op;
            if matches!(op, "=" | "+=" | "-=" | "||=") {
                self.at += 2;
                let value = self.assignment()?;
                let current = Box::new(if op == "||=" {
                    Node::Local(name.clone())
                } else {
                    Node::Name(name.clone())
                });
                let value = match op {
                    "=" => value,
                    "||=" => Node::Or(current, Box::new(value)),
                    _ => Node::Binary(&op[..1], current, Box::new(value)),
                };
                return Ok(Node::Assign(name, Box::new(value)));
            }
        }
        let target = self.ternary()?;
        if !self.eat_op("=") {
            return Ok(target);
        }
        // `a[i][j] = v`: the indexes from the local variable down.
        let mut path = Vec::new();
        let mut target = target;
        loop {
            match target {
                Node::Index(indexed, mut args) if args.len() == 1 => {
                    path.push(args.pop().expect("one argument"));
                    target = *indexed;
                }
                Node::Name(name) if !path.is_empty() => {
                    path.reverse();
                    let value = self.assignment()?;
                    return Ok(Node::IndexAssign(
                        AssignBase::Local(name),
                        path,
                        Box::new(value),
                    ));
                }
                // `scope.lookupvar('x')[k] = v`, `scope['x'][k] = v`.
                Node::Call {
                    receiver: Some(receiver),
                    name,
                    mut args,
                    block: None,
                } if !path.is_empty()
                    && name == "lookupvar"
                    && args.len() == 1
                    && matches!(&*receiver, Node::Name(scope) if scope == "scope") =>
                {
                    path.reverse();
                    let value = self.assignment()?;
                    let variable = Box::new(args.pop().expect("one argument"));
                    return Ok(Node::IndexAssign(
                        AssignBase::Scope(variable),
                        path,
                        Box::new(value),
                    ));
                }
                Node::Index(..) | Node::Name(_) if path.is_empty() => {
                    return unsupported("assigning to other than a variable")
                }
                _ => return unsupported("assigning into other than a local variable"),
            }
        }
    }

    /// `a, b =` ahead: the names, consumed; else nothing is.
    fn multiple_targets(&mut self) -> Option<Vec<String>> {
        let mut names = Vec::new();
        let mut at = self.at;
        loop {
            let Tok::Ident(name) = self.tokens.get(at)? else {
                return None;
            };
            names.push(name.clone());
            match self.tokens.get(at + 1)? {
                Tok::Op(",") => at += 2,
                Tok::Op("=") if names.len() > 1 => {
                    self.at = at + 2;
                    return Some(names);
                }
                _ => return None,
            }
        }
    }

    pub(super) fn ternary(&mut self) -> Result<Node> {
        let condition = self.binary(0)?;
        if !self.eat_op("?") {
            return Ok(condition);
        }
        let yes = self.ternary()?;
        self.expect_op(":")?;
        let no = self.ternary()?;
        Ok(Node::If(Box::new(condition), vec![yes], vec![no]))
    }

    /// Binary operators by Ruby's precedence, loosest first.
    pub(super) fn binary(&mut self, level: usize) -> Result<Node> {
        const LEVELS: &[&[&str]] = &[
            &["||"],
            &["&&"],
            &["==", "!=", "=~", "!~", "===", "<=>"],
            &["<", "<=", ">", ">="],
            &["<<"],
            &["+", "-"],
            &["*", "/", "%"],
        ];
        if level == LEVELS.len() {
            return self.unary();
        }
        let mut left = self.binary(level + 1)?;
        loop {
            let Tok::Op(op) = self.peek().clone() else {
                return Ok(left);
            };
            if !LEVELS[level].contains(&op) {
                return Ok(left);
            }
            self.at += 1;
            self.skip_ends();
            let right = self.binary(level + 1)?;
            left = match op {
                "||" => Node::Or(Box::new(left), Box::new(right)),
                "&&" => Node::And(Box::new(left), Box::new(right)),
                "!=" => Node::Not(Box::new(Node::Binary(
                    "==",
                    Box::new(left),
                    Box::new(right),
                ))),
                "!~" => Node::Not(Box::new(Node::Binary(
                    "=~",
                    Box::new(left),
                    Box::new(right),
                ))),
                op => Node::Binary(op, Box::new(left), Box::new(right)),
            };
        }
    }

    pub(super) fn unary(&mut self) -> Result<Node> {
        if self.depth >= MAX_NESTING {
            return unsupported("expressions nested this deep");
        }
        self.depth += 1;
        let unary = self.unary_inner();
        self.depth -= 1;
        unary
    }

    pub(super) fn unary_inner(&mut self) -> Result<Node> {
        if self.eat_op("!") {
            return Ok(Node::Not(Box::new(self.unary()?)));
        }
        if self.eat_op("-") {
            let operand = self.unary()?;
            return Ok(Node::Binary("-", Box::new(Node::Int(0)), Box::new(operand)));
        }
        if self.is_word("defined?") {
            self.at += 1;
            let parenthesized = self.eat_op("(");
            let operand = self.unary()?;
            if parenthesized {
                self.expect_op(")")?;
            }
            return Ok(Node::Defined(Box::new(operand)));
        }
        self.postfix()
    }

    pub(super) fn postfix(&mut self) -> Result<Node> {
        let mut node = self.primary()?;
        loop {
            if self.eat_op(".") {
                let Tok::Ident(name) = self.next() else {
                    return unsupported("a method name that is not an identifier");
                };
                let args = if self.starts_command_argument() {
                    vec![self.ternary()?]
                } else {
                    self.arguments()?
                };
                let block = self.block()?;
                node = match node {
                    // `a.map.each_with_index { |x, i| }`: an enumerator,
                    // mapping with the index.
                    Node::Call {
                        receiver,
                        name: enumerated,
                        args: enumerator_args,
                        block: None,
                    } if enumerated == "map"
                        && enumerator_args.is_empty()
                        && name == "each_with_index"
                        && block.is_some() =>
                    {
                        Node::Call {
                            receiver,
                            name: "map_with_index".to_string(),
                            args,
                            block,
                        }
                    }
                    node => Node::Call {
                        receiver: Some(Box::new(node)),
                        name,
                        args,
                        block,
                    },
                };
            } else if self.is_op("[") {
                self.at += 1;
                let args = self.list("]")?;
                node = Node::Index(Box::new(node), args);
            } else {
                return Ok(node);
            }
        }
    }

    /// Whether the next token starts an argument given without
    /// parentheses (`acc.include? " "`): a literal or a name, not an
    /// operator or a keyword.
    fn starts_command_argument(&self) -> bool {
        match self.peek() {
            Tok::Str(_) | Tok::Int(_) | Tok::Float(_) | Tok::Sym(_) | Tok::IVar(_) => true,
            Tok::Ident(word) => !matches!(
                word.as_str(),
                "if" | "unless"
                    | "and"
                    | "or"
                    | "not"
                    | "then"
                    | "do"
                    | "end"
                    | "else"
                    | "elsif"
                    | "when"
                    | "while"
                    | "until"
                    | "rescue"
            ),
            _ => false,
        }
    }

    /// `(args)` right after a method name, or nothing.
    pub(super) fn arguments(&mut self) -> Result<Vec<Node>> {
        if self.eat_op("(") {
            self.list(")")
        } else {
            Ok(Vec::new())
        }
    }

    /// Comma-separated expressions up to `close` (consumed); a trailing
    /// `key => value` run is one hash.
    pub(super) fn list(&mut self, close: &str) -> Result<Vec<Node>> {
        let mut items = Vec::new();
        let mut pairs = Vec::new();
        loop {
            self.skip_ends();
            if self.eat_op(close) {
                break;
            }
            if self.eat_op("*") {
                items.push(Node::Splat(Box::new(self.ternary()?)));
            } else if close == ")" && self.eat_op("&") {
                items.push(Node::BlockArgument(Box::new(self.ternary()?)));
            } else if let Tok::Label(name) = self.peek().clone() {
                self.at += 1;
                let value = self.ternary()?;
                pairs.push((Node::Str(vec![Interpolated::Text(name)]), value));
            } else {
                let mut item = self.ternary()?;
                for (op, exclusive) in [("..", false), ("...", true)] {
                    if close == "]" && self.eat_op(op) {
                        let end = self.ternary()?;
                        item = Node::Range(Box::new(item), Box::new(end), exclusive);
                    }
                }
                if self.eat_op("=>") {
                    let value = self.ternary()?;
                    pairs.push((item, value));
                } else {
                    items.push(item);
                }
            }
            self.skip_ends();
            if !self.eat_op(",") {
                self.skip_ends();
                self.expect_op(close)?;
                break;
            }
        }
        if !pairs.is_empty() {
            items.push(Node::Hash(pairs));
        }
        Ok(items)
    }

    /// `{ |a, b| ... }` or `do |a, b| ... end` after a call.
    pub(super) fn block(&mut self) -> Result<Option<Block>> {
        let close = if self.eat_op("{") {
            "}"
        } else if self.eat_word("do") {
            "end"
        } else {
            return Ok(None);
        };
        self.skip_ends();
        let mut params = Vec::new();
        if self.eat_op("|") {
            loop {
                match self.next() {
                    Tok::Ident(name) => params.push(name),
                    Tok::Op("(") => return unsupported("nested block parameters"),
                    other => return unsupported(format!("block parameter {other:?}")),
                }
                if self.eat_op("|") {
                    break;
                }
                self.expect_op(",")?;
            }
        }
        let body = if close == "}" {
            let body = self.statements_to(&|token| *token == Tok::Op("}"))?;
            self.expect_op("}")?;
            body
        } else {
            let body = self.statements(&["end"])?;
            self.end()?;
            body
        };
        Ok(Some(Block { params, body }))
    }

    pub(super) fn primary(&mut self) -> Result<Node> {
        match self.next() {
            Tok::Int(value) => Ok(Node::Int(value)),
            Tok::Float(value) => Ok(Node::Float(value)),
            Tok::Regex(pattern) => Ok(Node::Regex(pattern)),
            Tok::Sym(name) => Ok(Node::Sym(name)),
            Tok::IVar(name) => Ok(Node::IVar(name)),
            Tok::MatchGroup(group) => Ok(Node::MatchGroup(group)),
            Tok::Str(parts) => {
                let mut interpolated = Vec::new();
                for part in parts {
                    interpolated.push(match part {
                        StrPart::Text(text) => Interpolated::Text(text),
                        StrPart::Code(tokens) => {
                            let mut inner = Parser {
                                tokens,
                                at: 0,
                                depth: self.depth,
                            };
                            let code = inner.statements(&[])?;
                            if inner.peek() != &Tok::Eof {
                                return unsupported("Ruby syntax in an interpolation");
                            }
                            Interpolated::Code(code)
                        }
                    });
                }
                Ok(Node::Str(interpolated))
            }
            Tok::Const(name) => {
                if self.is_op("(") {
                    let args = self.arguments()?;
                    return Ok(Node::Call {
                        receiver: None,
                        name,
                        args,
                        block: None,
                    });
                }
                let mut name = name;
                while self.eat_op("::") {
                    let Tok::Const(inner) = self.next() else {
                        return unsupported("a constant's namespace holding other than constants");
                    };
                    name = format!("{name}::{inner}");
                }
                Ok(Node::Const(name))
            }
            Tok::Op("(") => {
                let inner = self.expression()?;
                self.skip_ends();
                self.expect_op(")")?;
                Ok(inner)
            }
            Tok::Op("[") => Ok(Node::Array(self.list("]")?)),
            Tok::Op("{") => match self.list("}")?.pop() {
                Some(Node::Hash(pairs)) => Ok(Node::Hash(pairs)),
                None => Ok(Node::Hash(Vec::new())),
                Some(_) => unsupported("a hash literal without =>"),
            },
            Tok::Ident(word) => match word.as_str() {
                "nil" => Ok(Node::Nil),
                "true" => Ok(Node::Bool(true)),
                "false" => Ok(Node::Bool(false)),
                "if" | "unless" => self.conditional(word == "unless"),
                "case" => self.case(),
                "def" => self.def(),
                "raise" | "fail" => {
                    let args = if self.is_op("(") {
                        self.arguments()?
                    } else if self.starts_command_argument() || matches!(self.peek(), Tok::Const(_))
                    {
                        let mut args = vec![self.ternary()?];
                        while self.eat_op(",") {
                            args.push(self.ternary()?);
                        }
                        args
                    } else {
                        Vec::new()
                    };
                    Ok(Node::Call {
                        receiver: None,
                        name: "raise".to_string(),
                        args,
                        block: None,
                    })
                }
                "return" => {
                    let ends = matches!(self.peek(), Tok::End | Tok::Text(_) | Tok::Eof)
                        || self.is_word("if")
                        || self.is_word("unless")
                        || self.is_word("end");
                    let value = if ends {
                        None
                    } else {
                        Some(Box::new(self.expression()?))
                    };
                    Ok(Node::Return(value))
                }
                "self" | "while" | "until" | "for" | "begin" | "yield" | "lambda" | "proc"
                | "break" | "next" => unsupported(format!("`{word}`")),
                _ => {
                    if self.is_op("(") {
                        let args = self.arguments()?;
                        let block = self.block()?;
                        return Ok(Node::Call {
                            receiver: None,
                            name: word,
                            args,
                            block,
                        });
                    }
                    Ok(Node::Name(word))
                }
            },
            other => unsupported(format!("Ruby syntax: {other:?}")),
        }
    }

    /// `def name[(a, b = default)] ... end`.
    pub(super) fn def(&mut self) -> Result<Node> {
        let Tok::Ident(name) = self.next() else {
            return unsupported("a method name that is not an identifier");
        };
        let mut params = Vec::new();
        let parenthesized = self.eat_op("(");
        let has_params = if parenthesized {
            !self.eat_op(")")
        } else {
            !matches!(self.peek(), Tok::End | Tok::Text(_) | Tok::Eof)
        };
        if has_params {
            loop {
                // `&block`: no template gives its methods a block, so it is
                // nil, as Ruby's is without one.
                let block = self.eat_op("&");
                let Tok::Ident(param) = self.next() else {
                    return unsupported("method parameters other than names and defaults");
                };
                if block {
                    params.push((param, Some(Node::Nil)));
                    if !self.eat_op(",") {
                        break;
                    }
                    continue;
                }
                let default = if self.eat_op("=") {
                    Some(self.ternary()?)
                } else {
                    None
                };
                params.push((param, default));
                if !self.eat_op(",") {
                    break;
                }
            }
            if parenthesized {
                self.expect_op(")")?;
            }
        }
        let body = self.statements(&["end"])?;
        self.end()?;
        Ok(Node::Def(std::rc::Rc::new(Method { name, params, body })))
    }

    /// `if c [then] ... [elsif c ...] [else ...] end` (`unless`: negated).
    pub(super) fn conditional(&mut self, negated: bool) -> Result<Node> {
        let condition = self.expression()?;
        self.eat_word("then");
        let branch = self.statements(&["elsif", "else", "end"])?;
        let otherwise = if self.eat_word("elsif") {
            vec![self.conditional(false)?]
        } else if self.eat_word("else") {
            let otherwise = self.statements(&["end"])?;
            self.end()?;
            otherwise
        } else {
            self.end()?;
            Vec::new()
        };
        Ok(if negated {
            Node::If(Box::new(condition), otherwise, branch)
        } else {
            Node::If(Box::new(condition), branch, otherwise)
        })
    }

    pub(super) fn end(&mut self) -> Result<()> {
        if self.eat_word("end") {
            Ok(())
        } else {
            unsupported(format!(
                "Ruby syntax: expected end, found {:?}",
                self.peek()
            ))
        }
    }

    /// `case [x] when a, b [then] ... else ... end`.
    pub(super) fn case(&mut self) -> Result<Node> {
        let subject = if self.peek() == &Tok::End {
            None
        } else {
            Some(Box::new(self.expression()?))
        };
        self.skip_ends();
        // Template text between `case` and the first `when` is dropped by
        // Ruby's parser too only when blank; anything else is unusual.
        while let Tok::Text(text) = self.peek() {
            if !text.trim().is_empty() {
                return unsupported("text between case and when");
            }
            self.at += 1;
            self.skip_ends();
        }
        let mut whens = Vec::new();
        while self.eat_word("when") {
            let mut values = vec![self.ternary()?];
            while self.eat_op(",") {
                values.push(self.ternary()?);
            }
            self.eat_word("then");
            let body = self.statements(&["when", "else", "end"])?;
            whens.push((values, body));
        }
        let otherwise = if self.eat_word("else") {
            self.statements(&["end"])?
        } else {
            Vec::new()
        };
        self.end()?;
        Ok(Node::Case(subject, whens, otherwise))
    }
}
