//! EPP templates (`templates/*.epp`, `inline_epp()`, `@(END:epp)`) as
//! Puppet code that pfacts' own parser reads, following Puppet 7's EPP
//! lexer (`pops/parser/epp_support.rb`, `lexer2.rb`):
//!
//! ```text
//! <%- | String $x | -%>          function epp_template( String $x ) {
//! Hello <%= $x %>!          =>   epp_render_text('Hello ') epp_render_expr(( $x ))
//! <% if $x { -%>                 epp_render_text('!\n')  if $x {
//! ...                            ...
//!                                }
//! ```
//!
//! Text becomes `epp_render_text('…')` calls, `<%= e %>` becomes
//! `epp_render_expr((e))` (the double parentheses refuse an empty or
//! comma-separated expression, as Puppet's grammar does), code is copied
//! as it is, and the parameters, which Puppet accepts only before any
//! text, become those of a function `epp_template`. Line breaks stay where
//! they are; a map takes positions in the code back to the template.

use super::lines::Lines;
use crate::diagnostic::Location;

/// The function that holds a template's code.
pub const TEMPLATE_FUNCTION: &str = "epp_template";
/// The call that renders a text segment.
pub const RENDER_TEXT: &str = "epp_render_text";
/// The call that renders an expression's value.
pub const RENDER_EXPR: &str = "epp_render_expr";

/// A template as Puppet code.
#[derive(Debug, Default)]
pub struct Translation {
    pub code: String,
    /// Whether the template declares its parameters (`<%- | $x | -%>`,
    /// also `<%- || -%>`).
    pub declares_parameters: bool,
    /// `(code offset, template offset, length)` of each copied piece.
    pieces: Vec<(usize, usize, usize)>,
}

impl Translation {
    /// The code offset of `offset` in the template, when the template's
    /// code is there (not its text, nor a tag's delimiters).
    pub fn code_offset(&self, offset: usize) -> Option<usize> {
        // Pieces are copied in the template's order.
        let index = self
            .pieces
            .partition_point(|&(_, template, _)| template <= offset);
        let (code, template, length) = self.pieces[index.checked_sub(1)?];
        (offset < template + length).then(|| code + (offset - template))
    }

    /// The template offset of `offset` in the code.
    pub fn template_offset(&self, offset: usize) -> usize {
        let index = self.pieces.partition_point(|&(code, ..)| code <= offset);
        match index.checked_sub(1).map(|index| self.pieces[index]) {
            Some((code, template, _)) => template + (offset - code),
            None => 0,
        }
    }
}

/// Where the positions of a template's code lie in the template.
pub struct TemplatePlaces<'a> {
    lines: Lines<'a>,
    translation: &'a Translation,
}

impl<'a> TemplatePlaces<'a> {
    pub fn new(template: &'a str, translation: &'a Translation) -> Self {
        TemplatePlaces {
            lines: Lines::new(template),
            translation,
        }
    }

    /// The template's line and column (in characters) of `offset` in the
    /// code.
    pub fn location(&self, offset: usize) -> Location {
        self.lines
            .location(self.translation.template_offset(offset))
    }
}

/// What Puppet's EPP lexer refuses: its issue code and message, and the
/// template offset where Puppet reports it.
#[derive(Debug, PartialEq, Eq)]
pub struct EppError {
    pub code: &'static str,
    pub message: &'static str,
    pub offset: usize,
}

/// A syntax error of a template, located in the template.
#[derive(Debug, PartialEq, Eq)]
pub struct TemplateError {
    pub location: Location,
    pub message: String,
}

/// The syntax errors of `template`: its tags, then its code (at most the
/// first, as Puppet stops at it).
pub fn syntax_errors(template: &str) -> Vec<TemplateError> {
    parsed(template).err().into_iter().collect()
}

/// `template` translated and parsed, or its first syntax error.
pub fn parsed(template: &str) -> Result<(Translation, tree_sitter::Tree), TemplateError> {
    parsed_with(&mut crate::syntax::new_parser(), template)
}

/// [`parsed`], with a parser the caller keeps.
pub fn parsed_with(
    parser: &mut tree_sitter::Parser,
    template: &str,
) -> Result<(Translation, tree_sitter::Tree), TemplateError> {
    let at = |offset: usize, message: String| TemplateError {
        location: Location::of_offset(template, offset),
        message,
    };
    let translation = translate(template)
        .map_err(|error| at(error.offset, format!("{} ({})", error.message, error.code)))?;
    let tree = crate::syntax::parse(parser, &translation.code)
        .map_err(|_| at(0, "the template's code takes too long to parse".to_string()))?;
    if let Some(error) = crate::syntax::syntax_errors(&tree, &translation.code)
        .into_iter()
        .next()
    {
        let offset = translation.template_offset(error.offset);
        return Err(at(offset.min(template.len()), error.message));
    }
    Ok((translation, tree))
}

/// A template lowered for the evaluator: its parameters and its code,
/// whose `epp_render_text` and `epp_render_expr` calls render it. Spans are
/// those of the translated code, on the template's lines.
#[derive(Debug)]
pub struct Template {
    pub declares_parameters: bool,
    pub params: Vec<crate::facts::ast::Param>,
    pub body: Vec<crate::facts::ast::Expr>,
}

/// Lowers `template`, or gives its first syntax error.
pub fn lower(template: &str) -> Result<Template, TemplateError> {
    let (translation, tree) = parsed(template)?;
    // Spans in the template, as Puppet gives them, not in its translation.
    let places = TemplatePlaces::new(template, &translation);
    let place = |offset: usize| {
        let location = places.location(offset);
        crate::facts::ast::Span {
            line: location.line as u32,
            col: location.column as u32,
        }
    };
    let program = crate::facts::ast::lower_translated(&tree, &translation.code, &place);
    let illegal = || TemplateError {
        location: Location { line: 1, column: 1 },
        message: "the template contains illegal expressions (definitions)".to_string(),
    };
    if !program.classes.is_empty() || !program.defines.is_empty() || !program.nodes.is_empty() {
        return Err(illegal());
    }
    let function = program
        .functions
        .into_iter()
        .find(|function| function.name == TEMPLATE_FUNCTION)
        .ok_or_else(illegal)?;
    Ok(Template {
        declares_parameters: translation.declares_parameters,
        params: function.params,
        body: function.body,
    })
}

/// `template` as Puppet code, or the first error of its tags.
pub fn translate(template: &str) -> Result<Translation, EppError> {
    let mut out = Output::default();
    let mut scanner = Scanner {
        text: template,
        at: 0,
    };
    let mut trim_leading = false;
    let mut parameters_allowed = true;
    out.push_str(&format!("function {TEMPLATE_FUNCTION}"));
    let mut opened_body = false;
    loop {
        let text_start = scanner.at;
        let (text, mode) = scanner.text(trim_leading)?;
        if !text.is_empty() {
            parameters_allowed = false;
            if !opened_body {
                out.push_str("() {");
                opened_body = true;
            }
            out.push_str(&format!(" {RENDER_TEXT}("));
            out.push_quoted(&text);
            out.push_str(")");
        }
        let Some(mode) = mode else { break };
        let start = scanner.at;
        let (end, trim) = scanner.code_end().ok_or(EppError {
            code: "EPP_UNBALANCED_TAG",
            message: "Unbalanced epp tag, reached <eof> without closing tag.",
            offset: template.len(),
        })?;
        let code = &template[start..end];
        // Text then `(`: Puppet reads a call of the text, most likely
        // parameters after a line break that `<%-` did not remove.
        if mode == Mode::Code && !text.is_empty() && code.trim_start().starts_with('(') {
            return Err(EppError {
                code: "ILLEGAL_EPP_PARAMETERS",
                message: "Ambiguous EPP parameter expression. Probably missing '<%-' before parameters to remove leading whitespace",
                offset: text_start,
            });
        }
        match mode {
            Mode::Code if parameters_allowed && !opened_body => {
                out.push_str(" ");
                match parameter_pipes(code) {
                    Some((open, close)) => {
                        out.translation.declares_parameters = true;
                        out.copy(&code[..open], start);
                        out.push_str("(");
                        out.copy(&code[open + 1..close], start + open + 1);
                        out.push_str(")");
                        out.push_str(" {");
                        out.copy(&code[close + 1..], start + close + 1);
                    }
                    None => {
                        out.push_str("() {");
                        out.copy(code, start);
                    }
                }
                opened_body = true;
            }
            Mode::Code => {
                out.push_str(" ");
                out.copy(code, start);
            }
            Mode::Expression => {
                if !opened_body {
                    out.push_str("() {");
                    opened_body = true;
                }
                out.push_str(&format!(" {RENDER_EXPR}(("));
                // `<%= { $y = $x $x + 1 } %>` renders the block's last
                // value (Puppet's grammar has a block there): a lambda
                // called at once, whose assignments stay its own.
                let block = is_block(code);
                if block {
                    out.push_str("with() || ");
                }
                out.copy(code, start);
                out.push_str("))");
            }
        }
        parameters_allowed = false;
        scanner.at = end + if trim { 3 } else { 2 };
        trim_leading = trim;
    }
    if !opened_body {
        out.push_str("() {");
    }
    out.push_str("\n}\n");
    Ok(out.translation)
}

/// Whether the code of a render tag is a block of statements, `{ ... }`
/// with no `=>` at its top (which a hash has, unless empty).
fn is_block(code: &str) -> bool {
    let code = code.trim();
    let Some(inner) = code
        .strip_prefix('{')
        .and_then(|rest| rest.strip_suffix('}'))
    else {
        return false;
    };
    if inner.trim().is_empty() {
        return false;
    }
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(_), '\\') => {
                chars.next();
            }
            (Some(open), c) if c == open => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '(' | '[' | '{') => depth += 1,
            (None, ')' | ']' | '}') => depth = depth.saturating_sub(1),
            (None, '=') if depth == 0 && chars.peek() == Some(&'>') => return false,
            _ => {}
        }
    }
    true
}

/// The kind of a tag: `<%` (or `<%-`) or `<%=`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Code,
    Expression,
}

struct Scanner<'a> {
    text: &'a str,
    at: usize,
}

impl Scanner<'_> {
    /// The rendered text up to the next `<%`, `<%-` or `<%=` (comments
    /// dropped, `<%%` and `%%>` unescaped), and the tag found, if any;
    /// `at` is then past the tag.
    fn text(&mut self, mut trim_leading: bool) -> Result<(String, Option<Mode>), EppError> {
        let mut text = String::new();
        loop {
            let rest = &self.text[self.at..];
            let (mut part, found) = match rest.find("<%") {
                Some(tag) => (&rest[..tag], true),
                None => (rest, false),
            };
            let tag_at = self.at + part.len();
            if trim_leading {
                part = trim_line_start(part);
                trim_leading = false;
            }
            text.push_str(&part.replace("%%>", "%>"));
            if !found {
                self.at = self.text.len();
                return Ok((text, None));
            }
            self.at = tag_at + 2;
            match self.text[self.at..].chars().next() {
                None => {
                    return Err(EppError {
                        code: "EPP_UNBALANCED_EXPRESSION",
                        message:
                            "Unbalanced embedded expression - opening <% and reaching end of input",
                        offset: self.at,
                    })
                }
                Some('-') => {
                    self.at += 1;
                    let kept = text.trim_end_matches([' ', '\t']).len();
                    text.truncate(kept);
                    return Ok((text, Some(Mode::Code)));
                }
                Some('%') => {
                    self.at += 1;
                    text.push_str("<%");
                }
                Some('=') => {
                    self.at += 1;
                    return Ok((text, Some(Mode::Expression)));
                }
                Some('#') => {
                    // `[^%]%>`: the comment ends at a `%>` not preceded by `%`.
                    let comment = &self.text[self.at..];
                    let end = comment
                        .match_indices("%>")
                        .find(|&(index, _)| index > 0 && comment.as_bytes()[index - 1] != b'%')
                        .map(|(index, _)| index)
                        .ok_or(EppError {
                            code: "EPP_UNBALANCED_COMMENT",
                            message: "Reaching end after opening <%# without seeing %>",
                            offset: tag_at + 2,
                        })?;
                    if comment.as_bytes().get(1) == Some(&b'-') {
                        let kept = text.trim_end_matches([' ', '\t']).len();
                        text.truncate(kept);
                    }
                    trim_leading = comment[..end].ends_with('-');
                    self.at += end + 2;
                }
                Some(_) => return Ok((text, Some(Mode::Code))),
            }
        }
    }

    /// Where the code from `at` ends: the offset of its `%>` or `-%>`, and
    /// whether it trims. Quoted strings are skipped, and a comment runs to
    /// the end of its line, as Puppet's lexer reads them.
    fn code_end(&self) -> Option<(usize, bool)> {
        let bytes = self.text.as_bytes();
        let mut index = self.at;
        while index < bytes.len() {
            match bytes[index] {
                b'\'' | b'"' => index = closing_quote(bytes, index),
                // A comment runs to the end of its line, a `%>` included.
                b'#' => {
                    while index < bytes.len() && bytes[index] != b'\n' {
                        index += 1;
                    }
                    continue;
                }
                b'-' if bytes[index..].starts_with(b"-%>") => return Some((index, true)),
                b'%' if bytes[index..].starts_with(b"%>") => return Some((index, false)),
                _ => {}
            }
            index += 1;
        }
        None
    }
}

/// Ruby's `sub(/^[ \t]*\r?(?:\n|\z)?/, '')` on the text after `-%>`:
/// blanks, then a carriage return, then a line break.
fn trim_line_start(text: &str) -> &str {
    let text = text.trim_start_matches([' ', '\t']);
    let text = text.strip_prefix('\r').unwrap_or(text);
    text.strip_prefix('\n').unwrap_or(text)
}

/// The offset of the quote that closes the string opening at `open`
/// (backslashes escape), or the end of `bytes`.
fn closing_quote(bytes: &[u8], open: usize) -> usize {
    let quote = bytes[open];
    let mut index = open + 1;
    while index < bytes.len() && bytes[index] != quote {
        index += if bytes[index] == b'\\' { 2 } else { 1 };
    }
    index
}

/// The offsets of the pipes around a parameter list that opens `code`.
fn parameter_pipes(code: &str) -> Option<(usize, usize)> {
    let open = code.len() - code.trim_start().len();
    if !code[open..].starts_with('|') {
        return None;
    }
    let bytes = code.as_bytes();
    let mut depth = 0usize;
    let mut index = open + 1;
    while index < bytes.len() {
        match bytes[index] {
            b'\'' | b'"' => index = closing_quote(bytes, index),
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            b'|' if depth == 0 => return Some((open, index)),
            _ => {}
        }
        index += 1;
    }
    None
}

#[derive(Default)]
struct Output {
    translation: Translation,
}

impl Output {
    /// Adds generated code, which maps to where the last piece ends.
    fn push_str(&mut self, code: &str) {
        self.translation.code.push_str(code);
    }

    /// Adds `text` as a single-quoted Puppet string.
    fn push_quoted(&mut self, text: &str) {
        let code = &mut self.translation.code;
        code.push('\'');
        for character in text.chars() {
            if matches!(character, '\\' | '\'') {
                code.push('\\');
            }
            code.push(character);
        }
        code.push('\'');
    }

    /// Adds `piece`, found at `template_offset` of the template.
    fn copy(&mut self, piece: &str, template_offset: usize) {
        self.translation
            .pieces
            .push((self.translation.code.len(), template_offset, piece.len()));
        self.translation.code.push_str(piece);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(template: &str) -> String {
        translate(template).unwrap().code
    }

    #[test]
    fn text_expressions_and_code() {
        assert_eq!(
            code("Hello <%= $x %>!\n"),
            "function epp_template() { epp_render_text('Hello ') epp_render_expr(( $x )) epp_render_text('!\n')\n}\n"
        );
        assert_eq!(
            code("<% if $a { %>it's\\<% } %>"),
            "function epp_template () { if $a {  epp_render_text('it\\'s\\\\')  } \n}\n"
        );
    }

    #[test]
    fn a_block_renders_its_last_value() {
        assert_eq!(
            code("<%= { $y = $x $x + 1 } %>"),
            "function epp_template() { epp_render_expr((with() ||  { $y = $x $x + 1 } ))\n}\n"
        );
        for hash in [
            "{ 'a' => 1 }",
            "{}",
            "{ a => { b => 1 } }",
            "{ 'x' => '}' }",
        ] {
            assert!(!is_block(hash), "{hash}");
        }
        assert!(is_block("{ $a = '=>' $a }"));
    }

    #[test]
    fn parameters_only_before_any_text() {
        assert_eq!(
            code("<%- | String $x = 'a|b', $y | -%>\n<%= $x %>"),
            "function epp_template  ( String $x = 'a|b', $y ) {  epp_render_expr(( $x ))\n}\n"
        );
        // Text first: the pipes stay, and the parser refuses them as Puppet does.
        assert!(code("\n<%- | $x | -%>").contains("| $x |"));
        assert_eq!(syntax_errors("\n<%- | $x | -%>").len(), 1);
    }

    #[test]
    fn trimming_as_puppets_lexer() {
        // `<%-` trims blanks before the tag on its line, `-%>` blanks and one
        // line break after it.
        assert_eq!(
            code("a  \t<%- $x = 1 -%>  \nb"),
            "function epp_template() { epp_render_text('a')  $x = 1  epp_render_text('b')\n}\n"
        );
        // A comment renders nothing; `<%#-` and `-%>` trim around it.
        assert_eq!(
            code("a <%#- note -%>\nb"),
            "function epp_template() { epp_render_text('ab')\n}\n"
        );
        assert_eq!(
            code("<%% and %%>"),
            "function epp_template() { epp_render_text('<% and %>')\n}\n"
        );
    }

    #[test]
    fn unbalanced_tags() {
        assert_eq!(translate("a <% $x").unwrap_err().code, "EPP_UNBALANCED_TAG");
        assert_eq!(
            translate("a <%").unwrap_err().code,
            "EPP_UNBALANCED_EXPRESSION"
        );
        assert_eq!(
            translate("a <%# x").unwrap_err().code,
            "EPP_UNBALANCED_COMMENT"
        );
        // A `%>` inside a string does not close the tag.
        assert!(translate("<%= '%>' %>").is_ok());
        assert_eq!(
            translate("<%= '%>'").unwrap_err().code,
            "EPP_UNBALANCED_TAG"
        );
    }

    /// Locations and messages as `puppet epp validate` reports them.
    #[test]
    fn unbalanced_tags_where_puppet_reports_them() {
        let error = |template: &str| syntax_errors(template).remove(0);
        let tag = error("a <% $x");
        assert_eq!(tag.location, Location { line: 1, column: 8 });
        assert_eq!(
            tag.message,
            "Unbalanced epp tag, reached <eof> without closing tag. (EPP_UNBALANCED_TAG)"
        );
        assert_eq!(error("a\n <%# x").location, Location { line: 2, column: 4 });
        assert_eq!(error("a\n <%").location, Location { line: 2, column: 4 });
    }

    /// Where `puppet epp validate` reports ILLEGAL_EPP_PARAMETERS: the text
    /// that Puppet takes for the called function.
    #[test]
    fn parentheses_after_text_are_ambiguous() {
        for (template, line, column) in [
            ("Hello\n<%- ($x) -%>\n<%= $x %>\n", 1, 1),
            ("<% $a = 1 %>text<% ($x) %>\n", 1, 13),
        ] {
            let errors = syntax_errors(template);
            assert_eq!(errors[0].location, Location { line, column }, "{template}");
            assert!(errors[0].message.ends_with("(ILLEGAL_EPP_PARAMETERS)"));
        }
    }

    #[test]
    fn errors_point_into_the_template() {
        let errors = syntax_errors("line one\n<% $x ==== 42 %>\n");
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].location.line, 2);
        // An empty or comma-separated expression is refused.
        assert_eq!(syntax_errors("<%= %>").len(), 1);
        assert_eq!(syntax_errors("<%= $a, $b %>").len(), 1);
        assert!(syntax_errors("<%= $a %> and <%= [$a, $b].join(',') %>").is_empty());
    }
}
