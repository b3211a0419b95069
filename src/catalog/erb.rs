//! ERB templates (`template()`, `inline_template()`), rendered as Puppet
//! renders them with Ruby's ERB in trim mode `-`: the template's variables
//! are the calling scope's (`@name`, undef ones unset), `scope` reads any
//! variable and calls functions.
//!
//! Templates are Ruby, and pfacts does not run Ruby: a small interpreter
//! evaluates the part of it that templates use (conditionals, `case`,
//! iteration with blocks, string interpolation, the common methods of
//! strings, arrays and hashes). A template that needs anything else is
//! [`Unsupported`], and its caller marks the value unevaluated: never a
//! guess.

use std::collections::HashMap;

use super::value::Value;

/// What a template reads from and calls in the compilation.
pub trait Host {
    /// The value of a variable (`@name`, `scope['a::b']`), `None` when it
    /// is unknown or undef.
    fn variable(&mut self, name: &str) -> Option<Value>;
    /// A Puppet function (`scope.call_function('f', [args])`,
    /// `scope.function_f([args])`).
    fn call(&mut self, name: &str, args: Vec<Value>) -> Result<Value>;
}

/// Why a template was not rendered: Ruby that pfacts does not evaluate, or
/// that fails.
#[derive(Debug, Clone, PartialEq)]
pub struct Unsupported(pub String);

type Result<T> = std::result::Result<T, Unsupported>;

fn unsupported<T>(what: impl Into<String>) -> Result<T> {
    Err(Unsupported(what.into()))
}

/// The text of `template` rendered with `host`'s variables.
pub fn render(template: &str, host: &mut dyn Host) -> Result<String> {
    let tokens = tokenize(template)?;
    let mut parser = Parser {
        tokens,
        at: 0,
        depth: 0,
    };
    let program = parser.statements(&[])?;
    if parser.peek() != &Tok::Eof {
        return unsupported(format!("Ruby syntax: {:?}", parser.peek()));
    }
    let mut interpreter = Interpreter {
        host,
        locals: vec![HashMap::new()],
        out: String::new(),
    };
    interpreter.run(&program)?;
    Ok(interpreter.out)
}

// ---------------------------------------------------------------------------
// Tags: ERB's scanner in trim mode `-`
// ---------------------------------------------------------------------------

enum Segment {
    Text(String),
    Code(String),
    Output(String),
}

/// The template cut at its tags, as ERB's trim mode `-` cuts it: `<%-`
/// after nothing but blanks on its line drops those blanks, `-%>` drops
/// the newline after it, `<%%` is a literal `<%`, `<%#` a comment.
fn segments(template: &str) -> Result<Vec<Segment>> {
    let mut segments = Vec::new();
    let mut text = String::new();
    let mut at = 0;
    while let Some(found) = template[at..].find("<%") {
        let open = at + found;
        let tag = &template[open..];
        if tag.starts_with("<%%") {
            text.push_str(&template[at..open]);
            text.push_str("<%");
            at = open + 3;
            continue;
        }
        let mut text_end = open;
        if tag.starts_with("<%-") {
            let line_start = template[..open]
                .rfind('\n')
                .map_or(0, |newline| newline + 1);
            let indent = &template[line_start.max(at)..open];
            if line_start >= at && indent.chars().all(|c| c == ' ' || c == '\t') {
                text_end = line_start;
            }
        }
        text.push_str(&template[at..text_end]);
        let (kind, body_start) = match tag.as_bytes().get(2) {
            Some(b'=') => ('=', open + 3),
            Some(b'#') => ('#', open + 3),
            Some(b'-') => ('%', open + 3),
            _ => ('%', open + 2),
        };
        let Some(close) = template[body_start..]
            .find("%>")
            .map(|close| body_start + close)
        else {
            return unsupported("a tag without its %>");
        };
        let mut code = &template[body_start..close];
        at = close + 2;
        if let Some(trimmed) = code.strip_suffix('-') {
            code = trimmed;
            if template[at..].starts_with('\n') {
                at += 1;
            }
        }
        if !text.is_empty() {
            segments.push(Segment::Text(std::mem::take(&mut text)));
        }
        match kind {
            '=' => segments.push(Segment::Output(code.to_string())),
            '#' => {}
            _ => segments.push(Segment::Code(code.to_string())),
        }
    }
    text.push_str(&template[at..]);
    if !text.is_empty() {
        segments.push(Segment::Text(text));
    }
    Ok(segments)
}

// ---------------------------------------------------------------------------
// Ruby tokens
// ---------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    IVar(String),
    Const(String),
    /// `name:` in a hash literal.
    Label(String),
    Int(i64),
    Float(f64),
    Str(Vec<StrPart>),
    Regex(String),
    Sym(String),
    Op(&'static str),
    /// A statement ends: newline, `;`, or the end of a tag.
    End,
    Text(String),
    OutputStart,
    OutputEnd,
    Eof,
}

#[derive(Clone, Debug, PartialEq)]
enum StrPart {
    Text(String),
    Code(Vec<Tok>),
}

const OPERATORS: &[&str] = &[
    "<=>", "===", "||=", "**", "==", "!=", "=~", "!~", ">=", "<=", "&&", "||", "<<", "+=", "-=",
    "=>", "...", "..", "::", "+", "-", "*", "/", "%", "=", "<", ">", "!", "?", ":", ".", ",", "(",
    ")", "[", "]", "{", "}", "|", "&",
];

fn tokenize(template: &str) -> Result<Vec<Tok>> {
    let mut tokens = Vec::new();
    for segment in segments(template)? {
        match segment {
            Segment::Text(text) => tokens.push(Tok::Text(text)),
            Segment::Code(code) => {
                lex(&code, &mut tokens, 0)?;
                tokens.push(Tok::End);
            }
            Segment::Output(code) => {
                tokens.push(Tok::OutputStart);
                lex(&code, &mut tokens, 0)?;
                tokens.push(Tok::OutputEnd);
            }
        }
    }
    tokens.push(Tok::Eof);
    Ok(tokens)
}

/// Whether a token ends an operand, so that `/` after it divides and `:`
/// is not a symbol.
fn ends_operand(token: Option<&Tok>) -> bool {
    match token {
        Some(Tok::Ident(name)) => !matches!(
            name.as_str(),
            "if" | "elsif" | "unless" | "and" | "or" | "not" | "when" | "then" | "return"
        ),
        Some(
            Tok::IVar(_)
            | Tok::Const(_)
            | Tok::Int(_)
            | Tok::Float(_)
            | Tok::Str(_)
            | Tok::Regex(_)
            | Tok::Sym(_),
        ) => true,
        Some(Tok::Op(op)) => matches!(*op, ")" | "]" | "}"),
        _ => false,
    }
}

/// Ruby's tokens of `code`, `depth` strings deep in interpolations.
fn lex(code: &str, tokens: &mut Vec<Tok>, depth: usize) -> Result<()> {
    if depth > MAX_NESTING {
        return unsupported("strings nested this deep");
    }
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' || c == ';' {
            tokens.push(Tok::End);
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '#' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '_') {
                i += 1;
            }
            let mut float = false;
            if i + 1 < chars.len() && chars[i] == '.' && chars[i + 1].is_ascii_digit() {
                float = true;
                i += 1;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
            }
            let text: String = chars[start..i].iter().filter(|c| **c != '_').collect();
            tokens.push(if float {
                Tok::Float(text.parse().map_err(|_| Unsupported(text.clone()))?)
            } else {
                Tok::Int(text.parse().map_err(|_| Unsupported(text.clone()))?)
            });
        } else if c == '@' {
            if chars.get(i + 1) == Some(&'@') {
                return unsupported("class variables");
            }
            let start = i + 1;
            i = start;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            tokens.push(Tok::IVar(chars[start..i].iter().collect()));
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            // `empty?`, `defined?`, `sort!`: but not `a ?b : c` or `a != b`.
            if i < chars.len()
                && (chars[i] == '?' || chars[i] == '!')
                && chars.get(i + 1) != Some(&'=')
                && !chars.get(i + 1).is_some_and(|next| next.is_alphanumeric())
            {
                i += 1;
            }
            let name: String = chars[start..i].iter().collect();
            let label = chars.get(i) == Some(&':')
                && chars.get(i + 1) != Some(&':')
                && !name.ends_with('?');
            if label && chars.get(i + 1).is_some_and(|next| next.is_whitespace()) {
                tokens.push(Tok::Label(name));
                i += 1;
            } else if name.starts_with(|c: char| c.is_uppercase()) {
                tokens.push(Tok::Const(name));
            } else {
                tokens.push(Tok::Ident(name));
            }
        } else if c == '\'' {
            let mut text = String::new();
            i += 1;
            loop {
                match chars.get(i) {
                    None => return unsupported("an unterminated string"),
                    Some('\'') => break,
                    Some('\\') if matches!(chars.get(i + 1), Some('\\' | '\'')) => {
                        text.push(chars[i + 1]);
                        i += 2;
                    }
                    Some(other) => {
                        text.push(*other);
                        i += 1;
                    }
                }
            }
            i += 1;
            tokens.push(Tok::Str(vec![StrPart::Text(text)]));
        } else if c == '"' {
            let (parts, next) = double_quoted(&chars, i + 1, depth)?;
            tokens.push(Tok::Str(parts));
            i = next;
        } else if c == ':'
            && chars
                .get(i + 1)
                .is_some_and(|n| n.is_alphabetic() || *n == '_')
            && !ends_operand(tokens.last())
        {
            let start = i + 1;
            i = start;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            tokens.push(Tok::Sym(chars[start..i].iter().collect()));
        } else if c == '/' && !ends_operand(tokens.last()) {
            let mut pattern = String::new();
            i += 1;
            loop {
                match chars.get(i) {
                    None => return unsupported("an unterminated regex"),
                    Some('/') => break,
                    Some('\\') if chars.get(i + 1) == Some(&'/') => {
                        pattern.push('/');
                        i += 2;
                    }
                    Some('\\') => {
                        pattern.push('\\');
                        pattern.extend(chars.get(i + 1));
                        i += 2;
                    }
                    Some(other) => {
                        pattern.push(*other);
                        i += 1;
                    }
                }
            }
            i += 1;
            if chars.get(i).is_some_and(|flag| flag.is_alphabetic()) {
                return unsupported("regex flags");
            }
            tokens.push(Tok::Regex(pattern));
        } else if c == '%' && !ends_operand(tokens.last()) {
            return unsupported("% literals");
        } else {
            let rest: String = chars[i..chars.len().min(i + 3)].iter().collect();
            let Some(op) = OPERATORS.iter().find(|op| rest.starts_with(**op)) else {
                return unsupported(format!("the character {c:?}"));
            };
            tokens.push(Tok::Op(op));
            i += op.chars().count();
        }
    }
    Ok(())
}

/// A double-quoted string from `start` (after its quote): its text and
/// `#{...}` parts, and where it ends.
fn double_quoted(chars: &[char], start: usize, depth: usize) -> Result<(Vec<StrPart>, usize)> {
    let mut parts = Vec::new();
    let mut text = String::new();
    let mut i = start;
    loop {
        match chars.get(i) {
            None => return unsupported("an unterminated string"),
            Some('"') => break,
            Some('\\') => {
                let escaped = chars.get(i + 1).copied().unwrap_or('\\');
                text.push(match escaped {
                    'n' => '\n',
                    't' => '\t',
                    'r' => '\r',
                    's' => ' ',
                    '0' => '\0',
                    'e' => '\u{1b}',
                    other => other,
                });
                i += 2;
            }
            Some('#') if chars.get(i + 1) == Some(&'{') => {
                let mut braces = 0;
                let mut end = i + 2;
                loop {
                    match chars.get(end) {
                        None => return unsupported("an unterminated interpolation"),
                        Some('{') => braces += 1,
                        Some('}') if braces == 0 => break,
                        Some('}') => braces -= 1,
                        _ => {}
                    }
                    end += 1;
                }
                if !text.is_empty() {
                    parts.push(StrPart::Text(std::mem::take(&mut text)));
                }
                let code: String = chars[i + 2..end].iter().collect();
                let mut tokens = Vec::new();
                lex(&code, &mut tokens, depth + 1)?;
                tokens.push(Tok::Eof);
                parts.push(StrPart::Code(tokens));
                i = end + 1;
            }
            Some(other) => {
                text.push(*other);
                i += 1;
            }
        }
    }
    if !text.is_empty() || parts.is_empty() {
        parts.push(StrPart::Text(text));
    }
    Ok((parts, i + 1))
}

// ---------------------------------------------------------------------------
// Ruby syntax
// ---------------------------------------------------------------------------

#[derive(Clone, Debug)]
enum Node {
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
    /// A local variable, or a method of the template (`scope`).
    Name(String),
    Call {
        receiver: Option<Box<Node>>,
        name: String,
        args: Vec<Node>,
        block: Option<Block>,
    },
    Index(Box<Node>, Vec<Node>),
    /// `local[index] = value`.
    IndexAssign(String, Box<Node>, Box<Node>),
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
enum Interpolated {
    Text(String),
    Code(Vec<Node>),
}

#[derive(Clone, Debug)]
struct Block {
    params: Vec<String>,
    body: Vec<Node>,
}

struct Parser {
    tokens: Vec<Tok>,
    at: usize,
    /// Expressions open: bounded, so that no template overflows the stack.
    depth: usize,
}

/// The deepest nesting of expressions, blocks and interpolated strings
/// read; real templates nest a handful.
const MAX_NESTING: usize = 32;

impl Parser {
    fn peek(&self) -> &Tok {
        &self.tokens[self.at]
    }

    fn next(&mut self) -> Tok {
        let token = self.tokens[self.at].clone();
        if token != Tok::Eof {
            self.at += 1;
        }
        token
    }

    fn is_op(&self, op: &str) -> bool {
        matches!(self.peek(), Tok::Op(found) if *found == op)
    }

    fn is_word(&self, word: &str) -> bool {
        matches!(self.peek(), Tok::Ident(found) if found == word)
    }

    fn eat_op(&mut self, op: &str) -> bool {
        let found = self.is_op(op);
        if found {
            self.at += 1;
        }
        found
    }

    fn eat_word(&mut self, word: &str) -> bool {
        let found = self.is_word(word);
        if found {
            self.at += 1;
        }
        found
    }

    fn expect_op(&mut self, op: &str) -> Result<()> {
        if self.eat_op(op) {
            Ok(())
        } else {
            unsupported(format!(
                "Ruby syntax: expected {op}, found {:?}",
                self.peek()
            ))
        }
    }

    fn skip_ends(&mut self) {
        while self.peek() == &Tok::End {
            self.at += 1;
        }
    }

    /// Statements up to one of the words `until` (not consumed).
    fn statements(&mut self, until: &[&str]) -> Result<Vec<Node>> {
        self.statements_to(
            |token| matches!(token, Tok::Ident(word) if until.contains(&word.as_str())),
        )
    }

    /// Statements up to a token `stops` accepts (not consumed), or the end.
    fn statements_to(&mut self, stops: impl Fn(&Tok) -> bool) -> Result<Vec<Node>> {
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
                    let value = self.expression()?;
                    self.skip_ends();
                    if self.next() != Tok::OutputEnd {
                        return unsupported("an output tag holding more than an expression");
                    }
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

    fn statement(&mut self) -> Result<Node> {
        let mut statement = self.expression()?;
        loop {
            if self.eat_word("if") {
                let condition = self.expression()?;
                statement = Node::If(Box::new(condition), vec![statement], Vec::new());
            } else if self.eat_word("unless") {
                let condition = self.expression()?;
                statement = Node::If(Box::new(condition), Vec::new(), vec![statement]);
            } else {
                return Ok(statement);
            }
        }
    }

    /// `not`, `and`, `or`: the lowest precedence.
    fn expression(&mut self) -> Result<Node> {
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

    fn not_expression(&mut self) -> Result<Node> {
        if self.eat_word("not") {
            return Ok(Node::Not(Box::new(self.unary()?)));
        }
        self.assignment()
    }

    fn assignment(&mut self) -> Result<Node> {
        if let (Tok::Ident(name), Tok::Op(op)) = (self.peek().clone(), &self.tokens[self.at + 1]) {
            let op = *op;
            if matches!(op, "=" | "+=" | "-=" | "||=") {
                self.at += 2;
                let value = self.assignment()?;
                let current = Box::new(Node::Name(name.clone()));
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
        match target {
            Node::Index(indexed, mut args) if args.len() == 1 => match *indexed {
                Node::Name(name) => {
                    let value = self.assignment()?;
                    let index = args.pop().expect("one argument");
                    Ok(Node::IndexAssign(name, Box::new(index), Box::new(value)))
                }
                _ => unsupported("assigning into other than a local variable"),
            },
            _ => unsupported("assigning to other than a variable"),
        }
    }

    fn ternary(&mut self) -> Result<Node> {
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
    fn binary(&mut self, level: usize) -> Result<Node> {
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

    fn unary(&mut self) -> Result<Node> {
        if self.depth >= MAX_NESTING {
            return unsupported("expressions nested this deep");
        }
        self.depth += 1;
        let unary = self.unary_inner();
        self.depth -= 1;
        unary
    }

    fn unary_inner(&mut self) -> Result<Node> {
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

    fn postfix(&mut self) -> Result<Node> {
        let mut node = self.primary()?;
        loop {
            if self.eat_op(".") {
                let Tok::Ident(name) = self.next() else {
                    return unsupported("a method name that is not an identifier");
                };
                let args = self.arguments()?;
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

    /// `(args)` right after a method name, or nothing.
    fn arguments(&mut self) -> Result<Vec<Node>> {
        if self.eat_op("(") {
            self.list(")")
        } else {
            Ok(Vec::new())
        }
    }

    /// Comma-separated expressions up to `close` (consumed); a trailing
    /// `key => value` run is one hash.
    fn list(&mut self, close: &str) -> Result<Vec<Node>> {
        let mut items = Vec::new();
        let mut pairs = Vec::new();
        loop {
            self.skip_ends();
            if self.eat_op(close) {
                break;
            }
            if let Tok::Label(name) = self.peek().clone() {
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
    fn block(&mut self) -> Result<Option<Block>> {
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
            let body = self.statements_to(|token| *token == Tok::Op("}"))?;
            self.expect_op("}")?;
            body
        } else {
            let body = self.statements(&["end"])?;
            self.end()?;
            body
        };
        Ok(Some(Block { params, body }))
    }

    fn primary(&mut self) -> Result<Node> {
        match self.next() {
            Tok::Int(value) => Ok(Node::Int(value)),
            Tok::Float(value) => Ok(Node::Float(value)),
            Tok::Regex(pattern) => Ok(Node::Regex(pattern)),
            Tok::Sym(name) => Ok(Node::Sym(name)),
            Tok::IVar(name) => Ok(Node::IVar(name)),
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
                if self.is_op("::") {
                    return unsupported("constants in namespaces");
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
                "self" | "while" | "until" | "for" | "begin" | "def" | "yield" | "return"
                | "lambda" | "proc" | "break" | "next" => unsupported(format!("`{word}`")),
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

    /// `if c [then] ... [elsif c ...] [else ...] end` (`unless`: negated).
    fn conditional(&mut self, negated: bool) -> Result<Node> {
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

    fn end(&mut self) -> Result<()> {
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
    fn case(&mut self) -> Result<Node> {
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

// ---------------------------------------------------------------------------
// Evaluation
// ---------------------------------------------------------------------------

struct Interpreter<'h> {
    host: &'h mut dyn Host,
    /// Local variables, a frame per block.
    locals: Vec<HashMap<String, Value>>,
    out: String,
}

impl Interpreter<'_> {
    fn run(&mut self, statements: &[Node]) -> Result<Value> {
        let mut last = Value::Undef;
        for statement in statements {
            last = self.eval(statement)?;
        }
        Ok(last)
    }

    fn local(&self, name: &str) -> Option<&Value> {
        self.locals.iter().rev().find_map(|frame| frame.get(name))
    }

    fn eval(&mut self, node: &Node) -> Result<Value> {
        Ok(match node {
            Node::Text(text) => {
                self.out.push_str(text);
                Value::Undef
            }
            Node::Output(value) => {
                let value = self.eval(value)?;
                self.out.push_str(&to_s(&value));
                Value::Undef
            }
            Node::Nil => Value::Undef,
            Node::Bool(value) => Value::Bool(*value),
            Node::Int(value) => Value::Integer(*value),
            Node::Float(value) => Value::Float(*value),
            Node::Regex(pattern) => Value::Regex(pattern.clone()),
            Node::Sym(name) => symbol(name),
            Node::Str(parts) => {
                let mut text = String::new();
                for part in parts {
                    match part {
                        Interpolated::Text(literal) => text.push_str(literal),
                        Interpolated::Code(code) => {
                            let value = self.run(code)?;
                            text.push_str(&to_s(&value));
                        }
                    }
                }
                Value::Str(text)
            }
            Node::Array(items) => Value::Array(
                items
                    .iter()
                    .map(|item| self.eval(item))
                    .collect::<Result<_>>()?,
            ),
            Node::Hash(pairs) => {
                let mut entries: Vec<(Value, Value)> = Vec::new();
                for (key, value) in pairs {
                    let (key, value) = (self.eval(key)?, self.eval(value)?);
                    hash_insert(&mut entries, key, value);
                }
                Value::Hash(entries)
            }
            Node::Const(name) => Value::Type(name.clone()),
            Node::IVar(name) => self.host.variable(name).unwrap_or(Value::Undef),
            Node::Name(name) => match self.local(name) {
                Some(value) => value.clone(),
                None => return unsupported(format!("the method or variable `{name}`")),
            },
            Node::Assign(name, value) => {
                let value = self.eval(value)?;
                let frame = self
                    .locals
                    .iter_mut()
                    .rev()
                    .find(|frame| frame.contains_key(name));
                match frame {
                    Some(frame) => frame.insert(name.clone(), value.clone()),
                    None => self
                        .locals
                        .last_mut()
                        .expect("one frame at least")
                        .insert(name.clone(), value.clone()),
                };
                value
            }
            Node::Not(operand) => Value::Bool(!truthy(&self.eval(operand)?)),
            Node::And(left, right) => {
                let left = self.eval(left)?;
                if truthy(&left) {
                    self.eval(right)?
                } else {
                    left
                }
            }
            Node::Or(left, right) => {
                let left = self.eval(left)?;
                if truthy(&left) {
                    left
                } else {
                    self.eval(right)?
                }
            }
            Node::If(condition, branch, otherwise) => {
                if truthy(&self.eval(condition)?) {
                    self.run(branch)?
                } else {
                    self.run(otherwise)?
                }
            }
            Node::Case(subject, whens, otherwise) => {
                let subject = match subject {
                    Some(subject) => Some(self.eval(subject)?),
                    None => None,
                };
                for (values, body) in whens {
                    for value in values {
                        let value = self.eval(value)?;
                        let matched = match &subject {
                            Some(subject) => case_equal(&value, subject)?,
                            None => truthy(&value),
                        };
                        if matched {
                            return self.run(body);
                        }
                    }
                }
                self.run(otherwise)?
            }
            Node::Defined(operand) => match &**operand {
                Node::IVar(name) => match self.host.variable(name) {
                    Some(_) => Value::Str("instance-variable".to_string()),
                    None => Value::Undef,
                },
                Node::Name(name) if self.local(name).is_some() => {
                    Value::Str("local-variable".to_string())
                }
                _ => return unsupported("defined? of anything but a variable"),
            },
            Node::Binary(op, left, right) => {
                let (left, right) = (self.eval(left)?, self.eval(right)?);
                binary(op, left, right)?
            }
            Node::Range(..) => return unsupported("ranges but as an index"),
            Node::IndexAssign(name, index, value) => {
                let (index, value) = (self.eval(index)?, self.eval(value)?);
                let Some(target) = self
                    .locals
                    .iter_mut()
                    .rev()
                    .find_map(|frame| frame.get_mut(name))
                else {
                    return unsupported(format!("undefined local variable `{name}'"));
                };
                match (target, &index) {
                    (Value::Hash(entries), _) => hash_insert(entries, index.clone(), value.clone()),
                    (Value::Array(items), Value::Integer(position))
                        if usize::try_from(*position).is_ok_and(|at| at < items.len()) =>
                    {
                        items[*position as usize] = value.clone();
                    }
                    _ => return unsupported("assigning into that"),
                }
                value
            }
            Node::Index(target, args) if matches!(args.as_slice(), [Node::Range(..)]) => {
                let [Node::Range(start, end, exclusive)] = args.as_slice() else {
                    unreachable!("matched above")
                };
                let target = self.eval(target)?;
                let (start, end) = (self.eval(start)?, self.eval(end)?);
                slice(&target, &start, &end, *exclusive)?
            }
            Node::Index(target, args) => {
                if matches!(&**target, Node::Name(name) if name == "scope" && self.local("scope").is_none())
                {
                    let name = self.single_text(args)?;
                    return Ok(self.host.variable(&name).unwrap_or(Value::Undef));
                }
                let target = self.eval(target)?;
                let args: Vec<Value> = args
                    .iter()
                    .map(|arg| self.eval(arg))
                    .collect::<Result<_>>()?;
                index(&target, &args)?
            }
            Node::Call {
                receiver,
                name,
                args,
                block,
            } => self.call(receiver.as_deref(), name, args, block.as_ref())?,
        })
    }

    fn single_text(&mut self, args: &[Node]) -> Result<String> {
        match args {
            [arg] => match self.eval(arg)? {
                Value::Str(text) => Ok(text),
                other => unsupported(format!("a variable name {other:?}")),
            },
            _ => unsupported("scope lookups with other than one name"),
        }
    }

    fn call(
        &mut self,
        receiver: Option<&Node>,
        name: &str,
        args: &[Node],
        block: Option<&Block>,
    ) -> Result<Value> {
        let is_scope = matches!(receiver, Some(Node::Name(scope)) if scope == "scope" && self.local("scope").is_none());
        if is_scope {
            return self.scope_method(name, args);
        }
        let args: Vec<Value> = args
            .iter()
            .map(|arg| self.eval(arg))
            .collect::<Result<_>>()?;
        let Some(receiver) = receiver else {
            return kernel(name, &args);
        };
        let receiver = self.eval(receiver)?;
        match block {
            Some(block) => self.iterate(&receiver, name, &args, block),
            None => method(&receiver, name, &args),
        }
    }

    /// `scope.lookupvar('x')`, `scope.call_function('f', [args])`,
    /// `scope.function_f([args])`.
    fn scope_method(&mut self, name: &str, args: &[Node]) -> Result<Value> {
        if name == "lookupvar" {
            let variable = self.single_text(args)?;
            return Ok(self.host.variable(&variable).unwrap_or(Value::Undef));
        }
        let args: Vec<Value> = args
            .iter()
            .map(|arg| self.eval(arg))
            .collect::<Result<_>>()?;
        let (function, arguments) = match (name, args.as_slice()) {
            ("call_function", [Value::Str(function), Value::Array(arguments)]) => {
                (function.clone(), arguments.clone())
            }
            ("call_function", [Value::Str(function)]) => (function.clone(), Vec::new()),
            (name, [Value::Array(arguments)]) if name.starts_with("function_") => {
                (name["function_".len()..].to_string(), arguments.clone())
            }
            (name, []) if name.starts_with("function_") => {
                (name["function_".len()..].to_string(), Vec::new())
            }
            _ => return unsupported(format!("scope.{name}")),
        };
        self.host.call(&function, arguments)
    }

    /// A method with a block: iteration.
    fn iterate(
        &mut self,
        receiver: &Value,
        name: &str,
        args: &[Value],
        block: &Block,
    ) -> Result<Value> {
        if self.locals.len() >= MAX_NESTING {
            return unsupported("blocks nested this deep");
        }
        let items: Vec<Value> = match receiver {
            Value::Array(items) => items.clone(),
            Value::Hash(entries) => entries
                .iter()
                .map(|(key, value)| Value::Array(vec![key.clone(), value.clone()]))
                .collect(),
            Value::Undef => {
                return unsupported(format!("undefined method `{name}' for nil:NilClass"))
            }
            other => return unsupported(format!("`{name}` with a block on {}", class_of(other))),
        };
        if !args.is_empty() {
            return unsupported(format!("`{name}` with arguments and a block"));
        }
        let mut results = Vec::new();
        for (position, item) in items.iter().enumerate() {
            let mut yielded = vec![item.clone()];
            if matches!(name, "each_with_index" | "map_with_index") {
                yielded.push(Value::Integer(position as i64));
            }
            let result = self.yield_block(block, yielded)?;
            results.push((item.clone(), result));
        }
        let selected = |keep: bool| -> Vec<Value> {
            results
                .iter()
                .filter(|(_, result)| truthy(result) == keep)
                .map(|(item, _)| item.clone())
                .collect()
        };
        let back_to_hash = |items: Vec<Value>| match receiver {
            Value::Hash(_) => Value::Hash(
                items
                    .into_iter()
                    .filter_map(|pair| match pair {
                        Value::Array(mut pair) if pair.len() == 2 => {
                            let value = pair.pop()?;
                            Some((pair.pop()?, value))
                        }
                        _ => None,
                    })
                    .collect(),
            ),
            _ => Value::Array(items),
        };
        Ok(match name {
            "each" | "each_pair" | "each_with_index" => receiver.clone(),
            "map" | "collect" | "flat_map" | "map_with_index" => {
                let mapped: Vec<Value> = results.into_iter().map(|(_, result)| result).collect();
                if name == "flat_map" {
                    Value::Array(flatten(&mapped, 1))
                } else {
                    Value::Array(mapped)
                }
            }
            "select" | "filter" => back_to_hash(selected(true)),
            "reject" => back_to_hash(selected(false)),
            "find" | "detect" => selected(true).into_iter().next().unwrap_or(Value::Undef),
            "any?" => Value::Bool(results.iter().any(|(_, result)| truthy(result))),
            "all?" => Value::Bool(results.iter().all(|(_, result)| truthy(result))),
            "none?" => Value::Bool(!results.iter().any(|(_, result)| truthy(result))),
            "count" => Value::Integer(selected(true).len() as i64),
            "sort_by" | "min_by" | "max_by" => {
                let mut keyed = results;
                let mut failure = None;
                keyed.sort_by(|(_, a), (_, b)| {
                    compare(a, b).unwrap_or_else(|e| {
                        failure.get_or_insert(e);
                        std::cmp::Ordering::Equal
                    })
                });
                if let Some(failure) = failure {
                    return Err(failure);
                }
                let sorted: Vec<Value> = keyed.into_iter().map(|(item, _)| item).collect();
                match name {
                    "min_by" => sorted.first().cloned().unwrap_or(Value::Undef),
                    "max_by" => sorted.last().cloned().unwrap_or(Value::Undef),
                    _ => Value::Array(sorted),
                }
            }
            other => return unsupported(format!("`{other}` with a block")),
        })
    }

    /// Runs `block` with `yielded`, spread over its parameters as Ruby
    /// does: one array to several parameters is destructured.
    fn yield_block(&mut self, block: &Block, mut yielded: Vec<Value>) -> Result<Value> {
        if block.params.len() > 1 && yielded.len() == 1 {
            if let Value::Array(items) = &yielded[0] {
                yielded = items.clone();
            }
        } else if block.params.len() > 2 && yielded.len() == 2 {
            // `each_with_index { |k, v, i| }` is not Ruby's spreading.
            return unsupported("block parameters spread over a pair and an index");
        }
        let mut frame = HashMap::new();
        for (position, param) in block.params.iter().enumerate() {
            frame.insert(
                param.clone(),
                yielded.get(position).cloned().unwrap_or(Value::Undef),
            );
        }
        self.locals.push(frame);
        let result = self.run(&block.body);
        self.locals.pop();
        result
    }
}

fn hash_insert(entries: &mut Vec<(Value, Value)>, key: Value, value: Value) {
    match entries.iter_mut().find(|(existing, _)| *existing == key) {
        Some((_, existing)) => *existing = value,
        None => entries.push((key, value)),
    }
}

/// A Ruby symbol: Puppet's `default` is `:default`; others, which Puppet
/// values never hold, are a type named `:name` here (no Puppet type name
/// starts with a colon, and a constant is the type of its own name).
fn symbol(name: &str) -> Value {
    if name == "default" {
        Value::Default
    } else {
        Value::Type(format!(":{name}"))
    }
}

fn truthy(value: &Value) -> bool {
    !matches!(value, Value::Undef | Value::Bool(false))
}

fn class_of(value: &Value) -> &'static str {
    match value {
        Value::Undef => "NilClass",
        Value::Bool(true) => "TrueClass",
        Value::Bool(false) => "FalseClass",
        Value::Integer(_) => "Integer",
        Value::Float(_) => "Float",
        Value::Str(_) => "String",
        Value::Array(_) => "Array",
        Value::Hash(_) => "Hash",
        Value::Regex(_) => "Regexp",
        Value::Default => "Symbol",
        Value::Type(name) if name.starts_with(':') => "Symbol",
        Value::Type(_) => "Class",
        _ => "Object",
    }
}

/// Ruby's `to_s`, as `<%= %>` and `#{}` write a value.
fn to_s(value: &Value) -> String {
    match value {
        Value::Undef => String::new(),
        Value::Str(text) => text.clone(),
        Value::Float(number) => float_to_s(*number),
        Value::Array(_) | Value::Hash(_) => inspect(value),
        Value::Type(name) => name.trim_start_matches(':').to_string(),
        other => other.to_text(),
    }
}

/// Ruby's `inspect` (Ruby 3.1's, that of Debian's Puppet).
fn inspect(value: &Value) -> String {
    match value {
        Value::Undef => "nil".to_string(),
        Value::Str(text) => {
            let mut quoted = String::from("\"");
            for c in text.chars() {
                match c {
                    '"' => quoted.push_str("\\\""),
                    '\\' => quoted.push_str("\\\\"),
                    '\n' => quoted.push_str("\\n"),
                    '\t' => quoted.push_str("\\t"),
                    '\r' => quoted.push_str("\\r"),
                    '\u{1b}' => quoted.push_str("\\e"),
                    '#' => quoted.push('#'),
                    c if (c as u32) < 0x20 => quoted.push_str(&format!("\\x{:02X}", c as u32)),
                    c => quoted.push(c),
                }
            }
            quoted.push('"');
            quoted
        }
        Value::Array(items) => format!(
            "[{}]",
            items.iter().map(inspect).collect::<Vec<_>>().join(", ")
        ),
        Value::Hash(entries) => format!(
            "{{{}}}",
            entries
                .iter()
                .map(|(key, value)| format!("{}=>{}", inspect(key), inspect(value)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Value::Default => ":default".to_string(),
        Value::Type(name) => name.clone(),
        other => to_s(other),
    }
}

/// Ruby's `Float#to_s`: the shortest digits that read back, in
/// scientific notation below 1e-4 and from 1e16.
fn float_to_s(number: f64) -> String {
    if number.is_nan() {
        return "NaN".to_string();
    }
    if number.is_infinite() {
        return if number > 0.0 {
            "Infinity"
        } else {
            "-Infinity"
        }
        .to_string();
    }
    let magnitude = number.abs();
    if magnitude != 0.0 && !(1e-4..1e16).contains(&magnitude) {
        let text = format!("{number:e}");
        let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
        let mantissa = if mantissa.contains('.') {
            mantissa.to_string()
        } else {
            format!("{mantissa}.0")
        };
        let exponent: i32 = exponent.parse().unwrap_or(0);
        let sign = if exponent < 0 { '-' } else { '+' };
        return format!("{mantissa}e{sign}{:02}", exponent.abs());
    }
    let text = format!("{number}");
    if text.contains('.') {
        text
    } else {
        format!("{text}.0")
    }
}

fn number(value: &Value) -> Option<f64> {
    match value {
        Value::Integer(value) => Some(*value as f64),
        Value::Float(value) => Some(*value),
        _ => None,
    }
}

/// Ruby's `<=>` for what `sort` meets: numbers, strings, arrays.
fn compare(a: &Value, b: &Value) -> Result<std::cmp::Ordering> {
    match (a, b) {
        (Value::Integer(a), Value::Integer(b)) => Ok(a.cmp(b)),
        (Value::Str(a), Value::Str(b)) => Ok(a.as_bytes().cmp(b.as_bytes())),
        (Value::Array(a), Value::Array(b)) => {
            for (x, y) in a.iter().zip(b) {
                let order = compare(x, y)?;
                if order.is_ne() {
                    return Ok(order);
                }
            }
            Ok(a.len().cmp(&b.len()))
        }
        _ => match (number(a), number(b)) {
            (Some(a), Some(b)) => a
                .partial_cmp(&b)
                .ok_or_else(|| Unsupported("comparison of NaN".to_string())),
            _ => unsupported(format!(
                "comparison of {} with {} failed",
                class_of(a),
                class_of(b)
            )),
        },
    }
}

fn equal(a: &Value, b: &Value) -> bool {
    match (number(a), number(b)) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

/// `when` matching: classes by kind, regexes by match, else `==`.
fn case_equal(pattern: &Value, subject: &Value) -> Result<bool> {
    Ok(match pattern {
        Value::Type(class) => is_a(subject, class),
        Value::Regex(regex) => match subject {
            Value::Str(text) => compile(regex)?.is_match(text),
            _ => false,
        },
        other => equal(other, subject),
    })
}

fn is_a(value: &Value, class: &str) -> bool {
    let own = class_of(value);
    own == class
        || match class {
            "Object" | "BasicObject" => true,
            "Numeric" => matches!(value, Value::Integer(_) | Value::Float(_)),
            "Fixnum" | "Bignum" => matches!(value, Value::Integer(_)),
            "Enumerable" => matches!(value, Value::Array(_) | Value::Hash(_)),
            _ => false,
        }
}

fn compile(pattern: &str) -> Result<regex::Regex> {
    regex::Regex::new(pattern).map_err(|_| Unsupported(format!("the regex /{pattern}/")))
}

fn binary(op: &str, left: Value, right: Value) -> Result<Value> {
    use Value::{Array, Float, Integer, Str};
    Ok(match (op, &left, &right) {
        ("==", ..) => Value::Bool(equal(&left, &right)),
        ("=~", Str(text), Value::Regex(pattern)) | ("=~", Value::Regex(pattern), Str(text)) => {
            match compile(pattern)?.find(text) {
                Some(found) => Integer(text[..found.start()].chars().count() as i64),
                None => Value::Undef,
            }
        }
        ("=~", Value::Undef, _) => Value::Undef,
        ("<=>", ..) => match compare(&left, &right) {
            Ok(order) => Integer(order as i64),
            Err(_) => Value::Undef,
        },
        ("<" | "<=" | ">" | ">=", ..) => {
            if !matches!((&left, &right), (Str(_), Str(_)))
                && (number(&left).is_none() || number(&right).is_none())
            {
                return unsupported(format!(
                    "comparison of {} with {} failed",
                    class_of(&left),
                    class_of(&right)
                ));
            }
            let order = compare(&left, &right)?;
            Value::Bool(match op {
                "<" => order.is_lt(),
                "<=" => order.is_le(),
                ">" => order.is_gt(),
                _ => order.is_ge(),
            })
        }
        ("+", Str(a), Str(b)) => Str(format!("{a}{b}")),
        ("+", Array(a), Array(b)) => Array(a.iter().chain(b).cloned().collect()),
        ("-", Array(a), Array(b)) => Array(a.iter().filter(|x| !b.contains(x)).cloned().collect()),
        ("<<", Str(a), Str(b)) => Str(format!("{a}{b}")),
        ("<<", Array(a), _) => {
            let mut items = a.clone();
            items.push(right.clone());
            Array(items)
        }
        ("*", Str(a), Integer(times)) if *times >= 0 && *times <= 10_000 => {
            Str(a.repeat(*times as usize))
        }
        ("*", Array(items), Str(separator)) => Str(join(items, separator)),
        ("%", Str(format), _) => Str(format_string(format, &right)?),
        (_, Integer(a), Integer(b)) => match op {
            "+" => Integer(a.checked_add(*b).ok_or_else(overflow)?),
            "-" => Integer(a.checked_sub(*b).ok_or_else(overflow)?),
            "*" => Integer(a.checked_mul(*b).ok_or_else(overflow)?),
            "/" | "%" if *b == 0 => return unsupported("divided by 0"),
            "/" | "%" => {
                // Ruby rounds the quotient down (towards minus infinity).
                let quotient = a.checked_div_euclid(*b).ok_or_else(overflow)?
                    - i64::from(*b < 0 && a.rem_euclid(*b) != 0);
                if op == "/" {
                    Integer(quotient)
                } else {
                    Integer(a.wrapping_sub(b.wrapping_mul(quotient)))
                }
            }
            _ => return unsupported(format!("`{op}` on integers")),
        },
        (_, Integer(_) | Float(_), Integer(_) | Float(_)) => {
            let (a, b) = (number(&left).unwrap_or(0.0), number(&right).unwrap_or(0.0));
            Float(match op {
                "+" => a + b,
                "-" => a - b,
                "*" => a * b,
                "/" => a / b,
                "%" => a - b * (a / b).floor(),
                _ => return unsupported(format!("`{op}` on floats")),
            })
        }
        _ => {
            return unsupported(format!(
                "`{op}` on {} and {}",
                class_of(&left),
                class_of(&right)
            ))
        }
    })
}

fn overflow() -> Unsupported {
    Unsupported("integers past 64 bits".to_string())
}

/// `"%s:%d" % [a, b]`: the `%s`, `%d` and `%%` directives.
fn format_string(format: &str, arguments: &Value) -> Result<String> {
    let arguments = match arguments {
        Value::Array(items) => items.clone(),
        single => vec![single.clone()],
    };
    let mut arguments = arguments.into_iter();
    let mut out = String::new();
    let mut chars = format.chars();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('%') => out.push('%'),
            Some('s') => out.push_str(&to_s(&arguments.next().unwrap_or(Value::Undef))),
            Some('d') => match arguments.next() {
                Some(Value::Integer(value)) => out.push_str(&value.to_string()),
                Some(Value::Float(value)) => out.push_str(&(value.floor() as i64).to_string()),
                other => return unsupported(format!("%d of {other:?}")),
            },
            other => return unsupported(format!("the format directive %{other:?}")),
        }
    }
    Ok(out)
}

fn flatten(items: &[Value], depth: usize) -> Vec<Value> {
    let mut flat = Vec::new();
    for item in items {
        match item {
            Value::Array(inner) if depth > 0 => flat.extend(flatten(inner, depth - 1)),
            other => flat.push(other.clone()),
        }
    }
    flat
}

/// `Array#join`: nested arrays joined too, nil as empty.
fn join(items: &[Value], separator: &str) -> String {
    flatten(items, usize::MAX)
        .iter()
        .map(to_s)
        .collect::<Vec<_>>()
        .join(separator)
}

/// `Array(x)`, `String(x)`, `Integer(x)`, `Float(x)`.
fn kernel(name: &str, args: &[Value]) -> Result<Value> {
    Ok(match (name, args) {
        ("Array", [Value::Undef]) => Value::Array(Vec::new()),
        ("Array", [Value::Array(items)]) => Value::Array(items.clone()),
        ("Array", [Value::Hash(entries)]) => Value::Array(
            entries
                .iter()
                .map(|(key, value)| Value::Array(vec![key.clone(), value.clone()]))
                .collect(),
        ),
        ("Array", [other]) => Value::Array(vec![other.clone()]),
        ("String", [value]) => Value::Str(to_s(value)),
        ("Integer", [Value::Integer(value)]) => Value::Integer(*value),
        ("Integer", [Value::Str(text)]) => Value::Integer(
            text.trim()
                .parse()
                .map_err(|_| Unsupported(format!("invalid value for Integer(): {text:?}")))?,
        ),
        ("Float", [value]) => match value {
            Value::Str(text) => Value::Float(
                text.trim()
                    .parse()
                    .map_err(|_| Unsupported(format!("invalid value for Float(): {text:?}")))?,
            ),
            other => Value::Float(
                number(other).ok_or_else(|| Unsupported("Float() of a non-number".to_string()))?,
            ),
        },
        _ => return unsupported(format!("the method `{name}`")),
    })
}

fn index(target: &Value, args: &[Value]) -> Result<Value> {
    Ok(match (target, args) {
        (Value::Hash(_), [key]) => target.hash_get(key).cloned().unwrap_or(Value::Undef),
        (Value::Array(items), [Value::Integer(position)]) => {
            let position = if *position < 0 {
                items.len() as i64 + position
            } else {
                *position
            };
            usize::try_from(position)
                .ok()
                .and_then(|position| items.get(position))
                .cloned()
                .unwrap_or(Value::Undef)
        }
        (Value::Str(text), [Value::Integer(position)]) => {
            let chars: Vec<char> = text.chars().collect();
            let position = if *position < 0 {
                chars.len() as i64 + position
            } else {
                *position
            };
            usize::try_from(position)
                .ok()
                .and_then(|position| chars.get(position))
                .map_or(Value::Undef, |c| Value::Str(c.to_string()))
        }
        (Value::Undef, _) => return unsupported("undefined method `[]' for nil:NilClass"),
        _ => return unsupported(format!("indexing a {}", class_of(target))),
    })
}

/// `target[start..end]` (`...`: the end excluded), negative positions
/// counted from the end.
fn slice(target: &Value, start: &Value, end: &Value, exclusive: bool) -> Result<Value> {
    let (Value::Integer(start), Value::Integer(end)) = (start, end) else {
        return unsupported("a range of other than integers");
    };
    let length = match target {
        Value::Str(text) => text.chars().count(),
        Value::Array(items) => items.len(),
        other => return unsupported(format!("slicing a {}", class_of(other))),
    } as i64;
    let position = |at: i64| if at < 0 { length + at } else { at };
    let (start, mut end) = (position(*start), position(*end));
    if !exclusive {
        end += 1;
    }
    if start < 0 || start > length {
        return Ok(Value::Undef);
    }
    let end = end.clamp(start, length);
    let (start, end) = (start as usize, end as usize);
    Ok(match target {
        Value::Str(text) => Value::Str(text.chars().skip(start).take(end - start).collect()),
        Value::Array(items) => Value::Array(items[start..end].to_vec()),
        _ => unreachable!("checked above"),
    })
}

fn int_arg(args: &[Value], position: usize) -> Result<i64> {
    match args.get(position) {
        Some(Value::Integer(value)) => Ok(*value),
        other => unsupported(format!("an integer argument, not {other:?}")),
    }
}

/// `\1` in a replacement, as the regex crate writes it.
fn replacement(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('\\', Some(digit)) if digit.is_ascii_digit() => {
                out.push_str(&format!("${{{digit}}}"));
                chars.next();
            }
            ('$', _) => out.push_str("$$"),
            _ => out.push(c),
        }
    }
    out
}

/// The methods of Ruby's core classes that templates call.
fn method(receiver: &Value, name: &str, args: &[Value]) -> Result<Value> {
    use Value::{Array, Bool, Hash, Integer, Str, Undef};
    // Any object.
    match (name, args) {
        ("nil?", []) => return Ok(Bool(*receiver == Undef)),
        ("to_s", []) => return Ok(Str(to_s(receiver))),
        ("inspect", []) => return Ok(Str(inspect(receiver))),
        ("is_a?" | "kind_of?" | "instance_of?", [Value::Type(class)]) => {
            return Ok(Bool(is_a(receiver, class)))
        }
        ("==" | "eql?", [other]) => return Ok(Bool(equal(receiver, other))),
        ("dup" | "clone" | "freeze" | "to_str", []) => return Ok(receiver.clone()),
        ("respond_to?", _) => return unsupported("respond_to?"),
        _ => {}
    }
    Ok(match (receiver, name, args) {
        (Undef, "to_a", []) => Array(Vec::new()),
        (Undef, "to_i", []) => Integer(0),
        (Undef, ..) => {
            return unsupported(format!("undefined method `{name}' for nil:NilClass"));
        }
        (Str(text), ..) => string_method(text, name, args)?,
        (Array(items), ..) => array_method(items, name, args)?,
        (Hash(entries), ..) => hash_method(entries, name, args)?,
        (Integer(value), "to_i" | "to_int" | "floor" | "ceil" | "round" | "abs", []) => {
            Integer(if name == "abs" {
                value.checked_abs().ok_or_else(overflow)?
            } else {
                *value
            })
        }
        (Integer(value), "to_f", []) => Value::Float(*value as f64),
        (Integer(value), "zero?", []) => Bool(*value == 0),
        (Integer(value), "even?", []) => Bool(value % 2 == 0),
        (Integer(value), "odd?", []) => Bool(value % 2 != 0),
        (Value::Float(value), "to_i" | "floor" | "to_int", []) => Integer(value.floor() as i64),
        (Value::Float(value), "round", []) => Integer(value.round() as i64),
        (Value::Float(value), "ceil", []) => Integer(value.ceil() as i64),
        (Bool(value), "&", [other]) => Bool(*value && truthy(other)),
        (Value::Type(class), "new", []) if class == "Hash" => Hash(Vec::new()),
        (Value::Type(class), "new", []) if class == "Array" => Array(Vec::new()),
        _ => return unsupported(format!("the method `{name}` of {}", class_of(receiver))),
    })
}

fn string_method(text: &str, name: &str, args: &[Value]) -> Result<Value> {
    use Value::{Array, Bool, Integer, Str};
    Ok(match (name, args) {
        ("empty?", []) => Bool(text.is_empty()),
        ("length" | "size", []) => Integer(text.chars().count() as i64),
        ("upcase", []) => Str(text.to_uppercase()),
        ("downcase", []) => Str(text.to_lowercase()),
        ("capitalize", []) => {
            let mut chars = text.chars();
            Str(match chars.next() {
                Some(first) => first
                    .to_uppercase()
                    .chain(chars.as_str().to_lowercase().chars())
                    .collect(),
                None => String::new(),
            })
        }
        ("strip", []) => Str(text
            .trim_matches(|c: char| c.is_whitespace() || c == '\0')
            .to_string()),
        ("lstrip", []) => Str(text.trim_start().to_string()),
        ("rstrip", []) => Str(text.trim_end().to_string()),
        ("chomp", []) => Str(text
            .strip_suffix("\r\n")
            .or_else(|| text.strip_suffix('\n'))
            .or_else(|| text.strip_suffix('\r'))
            .unwrap_or(text)
            .to_string()),
        ("chomp", [Value::Str(suffix)]) => Str(text
            .strip_suffix(suffix.as_str())
            .unwrap_or(text)
            .to_string()),
        ("to_i", []) => {
            let trimmed = text.trim_start();
            let digits: String = trimmed
                .char_indices()
                .take_while(|(position, c)| {
                    c.is_ascii_digit() || (*position == 0 && (*c == '-' || *c == '+'))
                })
                .map(|(_, c)| c)
                .collect();
            Integer(digits.parse().unwrap_or(0))
        }
        ("to_f", []) => Value::Float(text.trim().parse().unwrap_or(0.0)),
        ("to_sym", []) => symbol(text),
        ("include?", [Value::Str(part)]) => Bool(text.contains(part.as_str())),
        ("start_with?", [Value::Str(prefix)]) => Bool(text.starts_with(prefix.as_str())),
        ("end_with?", [Value::Str(suffix)]) => Bool(text.ends_with(suffix.as_str())),
        ("split", []) => Array(
            text.split_whitespace()
                .map(|part| Str(part.to_string()))
                .collect(),
        ),
        ("split", [Value::Str(separator)]) => {
            let mut parts: Vec<Value> = if separator == " " {
                text.split_whitespace()
                    .map(|part| Str(part.to_string()))
                    .collect()
            } else {
                text.split(separator.as_str())
                    .map(|part| Str(part.to_string()))
                    .collect()
            };
            while parts.last() == Some(&Str(String::new())) {
                parts.pop();
            }
            Array(parts)
        }
        ("split", [Value::Regex(pattern)]) => {
            let mut parts: Vec<Value> = compile(pattern)?
                .split(text)
                .map(|part| Str(part.to_string()))
                .collect();
            while parts.last() == Some(&Str(String::new())) {
                parts.pop();
            }
            Array(parts)
        }
        ("gsub" | "sub", [pattern, Value::Str(with)]) => {
            let regex = match pattern {
                Value::Regex(pattern) => compile(pattern)?,
                Value::Str(literal) => compile(&regex::escape(literal))?,
                other => return unsupported(format!("gsub of {other:?}")),
            };
            let with = replacement(with);
            Str(if name == "gsub" {
                regex.replace_all(text, with.as_str()).into_owned()
            } else {
                regex.replace(text, with.as_str()).into_owned()
            })
        }
        ("match" | "match?", [Value::Regex(pattern)]) => {
            let found = compile(pattern)?.is_match(text);
            if name == "match?" {
                Bool(found)
            } else if found {
                return unsupported("MatchData");
            } else {
                Value::Undef
            }
        }
        ("ljust" | "rjust" | "center", [Value::Integer(width), rest @ ..]) => {
            let pad = match rest {
                [] => " ".to_string(),
                [Value::Str(pad)] if !pad.is_empty() => pad.clone(),
                _ => return unsupported(format!("{name} with that padding")),
            };
            let length = text.chars().count();
            let missing = usize::try_from(*width)
                .unwrap_or(0)
                .saturating_sub(length)
                .min(10_000);
            let padding = |count: usize| pad.chars().cycle().take(count).collect::<String>();
            Str(match name {
                "ljust" => format!("{text}{}", padding(missing)),
                "rjust" => format!("{}{text}", padding(missing)),
                _ => format!(
                    "{}{text}{}",
                    padding(missing / 2),
                    padding(missing - missing / 2)
                ),
            })
        }
        ("+", [Value::Str(other)]) => Str(format!("{text}{other}")),
        ("[]", [Value::Integer(_)]) => index(&Str(text.to_string()), args)?,
        ("index", [Value::Str(part)]) => match text.find(part.as_str()) {
            Some(at) => Integer(text[..at].chars().count() as i64),
            None => Value::Undef,
        },
        _ => return unsupported(format!("the method `{name}` of String")),
    })
}

fn array_method(items: &[Value], name: &str, args: &[Value]) -> Result<Value> {
    use Value::{Array, Bool, Integer, Str, Undef};
    Ok(match (name, args) {
        ("empty?", []) => Bool(items.is_empty()),
        ("any?", []) => Bool(items.iter().any(truthy)),
        ("length" | "size" | "count", []) => Integer(items.len() as i64),
        ("count", [item]) => Integer(items.iter().filter(|x| equal(x, item)).count() as i64),
        ("first", []) => items.first().cloned().unwrap_or(Undef),
        ("last", []) => items.last().cloned().unwrap_or(Undef),
        ("first", [_]) => Array(
            items
                .iter()
                .take(int_arg(args, 0)?.max(0) as usize)
                .cloned()
                .collect(),
        ),
        ("join", []) => Str(join(items, "")),
        ("join", [Value::Str(separator)]) => Str(join(items, separator)),
        ("join", [Undef]) => Str(join(items, "")),
        ("sort", []) => {
            let mut sorted = items.to_vec();
            let mut failure = None;
            sorted.sort_by(|a, b| {
                compare(a, b).unwrap_or_else(|e| {
                    failure.get_or_insert(e);
                    std::cmp::Ordering::Equal
                })
            });
            if let Some(failure) = failure {
                return Err(failure);
            }
            Array(sorted)
        }
        ("reverse", []) => Array(items.iter().rev().cloned().collect()),
        ("uniq", []) => {
            let mut unique: Vec<Value> = Vec::new();
            for item in items {
                if !unique.contains(item) {
                    unique.push(item.clone());
                }
            }
            Array(unique)
        }
        ("compact", []) => Array(items.iter().filter(|x| **x != Undef).cloned().collect()),
        ("flatten", []) => Array(flatten(items, usize::MAX)),
        ("flatten", [Integer(depth)]) => {
            Array(flatten(items, usize::try_from(*depth).unwrap_or(0)))
        }
        ("include?" | "member?", [item]) => Bool(items.iter().any(|x| equal(x, item))),
        ("index", [item]) => items
            .iter()
            .position(|x| equal(x, item))
            .map_or(Undef, |at| Integer(at as i64)),
        ("to_a" | "entries", []) => Array(items.to_vec()),
        ("min" | "max", []) => {
            let mut best: Option<&Value> = None;
            for item in items {
                best = Some(match best {
                    None => item,
                    Some(current) => {
                        let order = compare(item, current)?;
                        if (name == "min" && order.is_lt()) || (name == "max" && order.is_gt()) {
                            item
                        } else {
                            current
                        }
                    }
                });
            }
            best.cloned().unwrap_or(Undef)
        }
        ("sum", []) => {
            let mut total = Integer(0);
            for item in items {
                total = binary("+", total, item.clone())?;
            }
            total
        }
        ("[]", [Integer(_)]) => index(&Array(items.to_vec()), args)?,
        ("push", [item]) | ("<<", [item]) => {
            let mut pushed = items.to_vec();
            pushed.push(item.clone());
            Array(pushed)
        }
        ("zip", [Array(other)]) => Array(
            items
                .iter()
                .enumerate()
                .map(|(at, item)| {
                    Array(vec![item.clone(), other.get(at).cloned().unwrap_or(Undef)])
                })
                .collect(),
        ),
        ("to_h", []) => {
            let mut entries = Vec::new();
            for item in items {
                match item {
                    Array(pair) if pair.len() == 2 => {
                        hash_insert(&mut entries, pair[0].clone(), pair[1].clone())
                    }
                    _ => return unsupported("to_h of other than pairs"),
                }
            }
            Value::Hash(entries)
        }
        _ => return unsupported(format!("the method `{name}` of Array")),
    })
}

fn hash_method(entries: &[(Value, Value)], name: &str, args: &[Value]) -> Result<Value> {
    use Value::{Array, Bool, Hash, Integer, Undef};
    let hash = || Hash(entries.to_vec());
    let pairs = || -> Vec<Value> {
        entries
            .iter()
            .map(|(key, value)| Array(vec![key.clone(), value.clone()]))
            .collect()
    };
    Ok(match (name, args) {
        ("empty?", []) => Bool(entries.is_empty()),
        ("any?", []) => Bool(!entries.is_empty()),
        ("length" | "size" | "count", []) => Integer(entries.len() as i64),
        ("keys", []) => Array(entries.iter().map(|(key, _)| key.clone()).collect()),
        ("values", []) => Array(entries.iter().map(|(_, value)| value.clone()).collect()),
        ("key?" | "has_key?" | "include?" | "member?", [key]) => {
            Bool(entries.iter().any(|(existing, _)| existing == key))
        }
        ("has_value?" | "value?", [value]) => Bool(entries.iter().any(|(_, v)| equal(v, value))),
        ("[]", [key]) => hash().hash_get(key).cloned().unwrap_or(Undef),
        ("fetch", [key]) => match hash().hash_get(key) {
            Some(value) => value.clone(),
            None => return unsupported(format!("key not found: {}", inspect(key))),
        },
        ("fetch", [key, default]) => hash().hash_get(key).cloned().unwrap_or(default.clone()),
        ("dig", keys) if !keys.is_empty() => {
            let mut value = hash();
            for key in keys {
                value = match &value {
                    Hash(_) => value.hash_get(key).cloned().unwrap_or(Undef),
                    Array(_) => index(&value, std::slice::from_ref(key))?,
                    Undef => return Ok(Undef),
                    other => return unsupported(format!("dig into {}", class_of(other))),
                };
            }
            value
        }
        ("sort", []) => array_method(&pairs(), "sort", &[])?,
        ("to_a" | "entries", []) => Array(pairs()),
        ("to_h" | "to_hash", []) => hash(),
        ("merge", [Hash(other)]) => {
            let mut merged = entries.to_vec();
            for (key, value) in other {
                hash_insert(&mut merged, key.clone(), value.clone());
            }
            Hash(merged)
        }
        ("first", []) => pairs().into_iter().next().unwrap_or(Undef),
        _ => return unsupported(format!("the method `{name}` of Hash")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Variables(Vec<(&'static str, Value)>);

    impl Host for Variables {
        fn variable(&mut self, name: &str) -> Option<Value> {
            self.0
                .iter()
                .find(|(known, _)| *known == name)
                .map(|(_, value)| value.clone())
                .filter(|value| *value != Value::Undef)
        }

        fn call(&mut self, name: &str, _: Vec<Value>) -> Result<Value> {
            unsupported(format!("function {name}"))
        }
    }

    fn text(value: &str) -> Value {
        Value::Str(value.to_string())
    }

    fn rendered(template: &str) -> String {
        let mut host = Variables(vec![
            ("servers", Value::Array(vec![text("a"), text("b")])),
            (
                "settings",
                Value::Hash(vec![
                    (text("z"), Value::Integer(1)),
                    (text("a"), Value::Undef),
                ]),
            ),
            ("port", Value::Integer(80)),
            ("empty", text("")),
            ("nothing", Value::Undef),
        ]);
        render(template, &mut host).unwrap_or_else(|e| panic!("{template}: {e:?}"))
    }

    // Each expectation below is what Ruby's ERB renders in trim mode `-`
    // with the same instance variables (Ruby 3.1, Debian's Puppet's):
    // `ruby scripts/erb-with-ruby.rb` prints them.

    #[test]
    fn trim_mode_dash_drops_the_newline_after_and_the_indent_before() {
        assert_eq!(
            rendered("a\n  <%- if true -%>\nb\n<% end -%>\nc\n"),
            "a\nb\nc\n"
        );
        assert_eq!(rendered("x <%- if true -%>y<% end %>\n"), "x y\n");
        assert_eq!(
            rendered("<%# comment -%>\n<%% literal %>\n"),
            "<% literal %>\n"
        );
    }

    #[test]
    fn blocks_iterate_arrays_and_hashes() {
        assert_eq!(
            rendered("<% @servers.each do |s| -%>\nserver <%= s %>\n<% end -%>\n"),
            "server a\nserver b\n"
        );
        assert_eq!(
            rendered("<%= @settings.keys.sort.map { |k| \"#{k}=#{@settings[k]}\" }.join(',') %>"),
            "a=,z=1"
        );
        assert_eq!(
            rendered("<% @settings.sort.each do |k, v| %><%= k %>:<%= v.inspect %> <% end %>"),
            "a:nil z:1 "
        );
    }

    #[test]
    fn values_print_as_ruby_prints_them() {
        assert_eq!(
            rendered("<%= @servers %>|<%= @settings %>|<%= @nothing %>|<%= [1.0, 'q\"'] %>"),
            "[\"a\", \"b\"]|{\"z\"=>1, \"a\"=>nil}||[1.0, \"q\\\"\"]"
        );
        assert_eq!(
            rendered("<%= 7 / 2 %> <%= -7 / 2 %> <%= -7 % 3 %> <%= 2.5 * 2 %> <%= 'ab' * 2 %>"),
            "3 -4 2 5.0 abab"
        );
        assert_eq!(float_to_s(1e20), "1.0e+20");
        assert_eq!(float_to_s(1.23456789012345e-7), "1.23456789012345e-07");
        assert_eq!(float_to_s(100.0), "100.0");
    }

    #[test]
    fn truth_is_ruby_truth() {
        // An empty string is true in Ruby, unlike in Puppet.
        assert_eq!(rendered("<% if @empty %>yes<% end %>"), "yes");
        assert_eq!(
            rendered("<% if defined?(@nothing) %>yes<% else %>no<% end %>"),
            "no"
        );
        assert_eq!(rendered("<%= @port > 79 ? 'high' : 'low' %>"), "high");
        assert_eq!(
            rendered("<%= Array(@nothing).empty? && !@servers.empty? %>"),
            "true"
        );
    }

    #[test]
    fn what_pfacts_does_not_evaluate_is_said() {
        let mut host = Variables(Vec::new());
        assert!(render("<%= @x.frobnicate %>", &mut host).is_err());
        assert!(render("<% while true %><% end %>", &mut host).is_err());
        assert!(render("<%= @undefined.join(',') %>", &mut host).is_err());
        let deep = format!("<%= {}1{} %>", "(".repeat(100_000), ")".repeat(100_000));
        assert!(render(&deep, &mut host).is_err());
        let strings = format!("<%= {}{} %>", "\"#{".repeat(50_000), "}\"".repeat(50_000));
        assert!(render(&strings, &mut host).is_err());
    }
}
