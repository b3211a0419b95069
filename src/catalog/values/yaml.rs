//! YAML as Ruby's `to_yaml` writes Puppet's values: Psych's choice of a
//! style for each string (its scalar scanner: what would read back as
//! another type is quoted) and libyaml's block emitter (which styles a
//! string allows, where it folds lines longer than the width, indentless
//! sequences in mappings, `? ` keys).

use crate::catalog::values::types::float::ruby_float;
use crate::catalog::values::{Regexp, Value};

/// The emitter's settings: `indentation` and `line_width` of Psych.
pub struct Options {
    pub indent: usize,
    pub width: Option<usize>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            indent: 2,
            width: Some(80),
        }
    }
}

/// How a scalar is written.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Style {
    Plain,
    Single,
    Double,
    Literal,
}

/// A scalar to write: its text, the style Psych asks for, and whether a
/// plain style reads back as it is (no tag needed).
struct Scalar {
    text: String,
    style: Style,
    /// Psych's `plain` flag: false for values it tags.
    plain_implicit: bool,
    tag: Option<&'static str>,
}

/// The document `value.to_yaml` writes.
pub fn dump(value: &Value, options: &Options) -> String {
    let mut emitter = Emitter {
        out: String::from("---"),
        column: 3,
        whitespace: false,
        indent_step: options.indent.clamp(2, 9),
        width: options.width,
        open_ended: false,
    };
    emitter.node(value, None, Context::Root);
    if !emitter.out.ends_with('\n') {
        emitter.out.push('\n');
    }
    if emitter.open_ended {
        emitter.out.push_str("...\n");
    }
    emitter.out
}

#[derive(Clone, Copy, PartialEq)]
enum Context {
    Root,
    /// A block sequence's item, the sequence at this indent.
    Item,
    /// A block mapping's value.
    Value,
    /// A mapping's simple key.
    Key,
}

struct Emitter {
    out: String,
    column: usize,
    /// Whether the last character written is white space (or none).
    whitespace: bool,
    indent_step: usize,
    width: Option<usize>,
    /// A block scalar kept its final line breaks (`|+`): the document
    /// ends with `...`.
    open_ended: bool,
}

impl Emitter {
    fn put(&mut self, text: &str) {
        for c in text.chars() {
            if c == '\n' {
                self.column = 0;
            } else {
                self.column += 1;
            }
            self.out.push(c);
        }
        self.whitespace = text.ends_with([' ', '\n']);
    }

    fn newline(&mut self) {
        self.out.push('\n');
        self.column = 0;
        self.whitespace = true;
    }

    /// A new line at `indent`, unless the line is blank up to there.
    fn indent_to(&mut self, indent: usize) {
        if self.column > indent
            || (self.column == indent && !self.whitespace)
            || self.column > 0 && !self.out.ends_with(' ')
        {
            self.newline();
        }
        while self.column < indent {
            self.put(" ");
        }
        self.whitespace = true;
    }

    fn folds(&self) -> bool {
        self.width.is_some_and(|width| self.column > width)
    }

    /// `value` at `indent` (the indent of the collection that holds it;
    /// `None` at the root).
    fn node(&mut self, value: &Value, indent: Option<usize>, context: Context) {
        let step = self.indent_step;
        match value {
            Value::Hash(entries) if !entries.is_empty() && context != Context::Key => {
                let inner = match (context, indent) {
                    (Context::Root, _) => 0,
                    (Context::Item, Some(indent)) => indent + step,
                    (_, Some(indent)) => indent + step,
                    (_, None) => 0,
                };
                let mut first = true;
                for (key, value) in entries {
                    if !(first && context == Context::Item) {
                        self.indent_to(inner);
                    } else {
                        self.put(" ");
                    }
                    first = false;
                    self.mapping_entry(key, value, inner);
                }
            }
            Value::Array(items) if !items.is_empty() && context != Context::Key => {
                let inner = match (context, indent) {
                    (Context::Root, _) => 0,
                    // Sequences in mappings are not indented.
                    (Context::Value, Some(indent)) => indent,
                    (_, Some(indent)) => indent + step,
                    (_, None) => 0,
                };
                let mut first = true;
                for item in items {
                    if !(first && context == Context::Item) {
                        self.indent_to(inner);
                    } else {
                        self.put(" ");
                    }
                    first = false;
                    self.put("-");
                    self.node(item, Some(inner), Context::Item);
                }
            }
            // Ruby writes Puppet's Sensitive object as any object: tagged
            // with its class, its one attribute a mapping.
            Value::Sensitive(inner) if context != Context::Key => {
                self.put(" !ruby/object:Puppet::Pops::Types::PSensitiveType::Sensitive");
                let attributes = Value::Hash(vec![(Value::string("value"), (**inner).clone())]);
                let context = match context {
                    Context::Item => Context::Value,
                    other => other,
                };
                self.node(&attributes, indent, context);
            }
            Value::Hash(_) => self.flow(" {}", context),
            Value::Array(_) => self.flow(" []", context),
            scalar => {
                let scalar = scalar_of(scalar);
                let indent = indent.map_or(step, |indent| indent + step);
                self.scalar(&scalar, indent, context);
            }
        }
    }

    fn flow(&mut self, text: &str, context: Context) {
        if context == Context::Key {
            self.put(&text[1..]);
        } else {
            self.put(text);
        }
    }

    fn mapping_entry(&mut self, key: &Value, value: &Value, indent: usize) {
        let key_scalar = match key {
            Value::Hash(_) | Value::Array(_) => None,
            other => Some(scalar_of(other)),
        };
        let simple = key_scalar
            .as_ref()
            .is_some_and(|s| s.text.chars().count() <= 128 && !s.text.contains(is_break));
        if simple {
            let key_scalar = key_scalar.expect("checked above");
            self.scalar(&key_scalar, indent + self.indent_step, Context::Key);
            self.put(":");
            self.node(value, Some(indent), Context::Value);
        } else {
            self.put("?");
            match key_scalar {
                Some(scalar) => {
                    let step = self.indent_step;
                    self.scalar(&scalar, indent + step, Context::Value)
                }
                None => self.node(key, Some(indent), Context::Value),
            }
            self.indent_to(indent);
            self.put(":");
            self.node(value, Some(indent), Context::Value);
        }
    }

    fn scalar(&mut self, scalar: &Scalar, indent: usize, context: Context) {
        let analysis = Analysis::of(&scalar.text);
        let simple_key = context == Context::Key;
        let mut style = scalar.style;
        if simple_key && analysis.multiline {
            style = Style::Double;
        }
        if style == Style::Plain
            && (!analysis.block_plain_allowed
                || (scalar.text.is_empty() && simple_key)
                || !scalar.plain_implicit)
        {
            style = Style::Single;
        }
        if style == Style::Single && !analysis.single_quoted_allowed {
            style = Style::Double;
        }
        if style == Style::Literal && (!analysis.block_allowed || simple_key) {
            style = Style::Double;
        }
        if let Some(tag) = scalar.tag {
            if context != Context::Key && !self.whitespace {
                self.put(" ");
            }
            self.put(tag);
        }
        let allow_breaks = !simple_key;
        match style {
            Style::Plain => self.plain(&scalar.text, indent, allow_breaks, context),
            Style::Single => self.single(&scalar.text, indent, allow_breaks, context),
            Style::Double => self.double(&scalar.text, indent, allow_breaks, context),
            Style::Literal => self.literal(&scalar.text, indent),
        }
    }

    fn lead(&mut self, context: Context, empty: bool) {
        if context != Context::Key && !self.whitespace && !empty {
            self.put(" ");
        }
    }

    fn plain(&mut self, text: &str, indent: usize, allow_breaks: bool, context: Context) {
        self.lead(context, text.is_empty());
        let chars: Vec<char> = text.chars().collect();
        let mut spaces = false;
        for (i, &c) in chars.iter().enumerate() {
            if c == ' ' {
                if allow_breaks && !spaces && self.folds() && chars.get(i + 1) != Some(&' ') {
                    self.newline();
                    self.indent_to(indent);
                } else {
                    self.put(" ");
                }
                spaces = true;
            } else {
                self.put(&c.to_string());
                spaces = false;
            }
        }
    }

    fn single(&mut self, text: &str, indent: usize, allow_breaks: bool, context: Context) {
        self.lead(context, false);
        self.put("'");
        let chars: Vec<char> = text.chars().collect();
        let (mut spaces, mut breaks) = (false, false);
        for (i, &c) in chars.iter().enumerate() {
            if c == ' ' {
                if allow_breaks
                    && !spaces
                    && self.folds()
                    && i != 0
                    && i != chars.len() - 1
                    && chars.get(i + 1) != Some(&' ')
                {
                    self.newline();
                    self.indent_to(indent);
                } else {
                    self.put(" ");
                }
                spaces = true;
            } else if is_break(c) {
                if !breaks && c == '\n' {
                    self.newline();
                }
                self.newline();
                breaks = true;
            } else {
                if breaks {
                    self.indent_to(indent);
                }
                if c == '\'' {
                    self.put("''");
                } else {
                    self.put(&c.to_string());
                }
                spaces = false;
                breaks = false;
            }
        }
        if breaks {
            self.indent_to(indent);
        }
        self.put("'");
    }

    fn double(&mut self, text: &str, indent: usize, allow_breaks: bool, context: Context) {
        self.lead(context, false);
        self.put("\"");
        let chars: Vec<char> = text.chars().collect();
        let mut spaces = false;
        for (i, &c) in chars.iter().enumerate() {
            if !is_printable(c) || c == '\u{FEFF}' || is_break(c) || c == '"' || c == '\\' {
                let escaped = match c {
                    '\0' => "\\0".to_string(),
                    '\x07' => "\\a".to_string(),
                    '\x08' => "\\b".to_string(),
                    '\t' => "\\t".to_string(),
                    '\n' => "\\n".to_string(),
                    '\x0B' => "\\v".to_string(),
                    '\x0C' => "\\f".to_string(),
                    '\r' => "\\r".to_string(),
                    '\x1B' => "\\e".to_string(),
                    '"' => "\\\"".to_string(),
                    '\\' => "\\\\".to_string(),
                    '\u{85}' => "\\N".to_string(),
                    '\u{A0}' => "\\_".to_string(),
                    '\u{2028}' => "\\L".to_string(),
                    '\u{2029}' => "\\P".to_string(),
                    c if (c as u32) <= 0xFF => format!("\\x{:02X}", c as u32),
                    c if (c as u32) <= 0xFFFF => format!("\\u{:04X}", c as u32),
                    c => format!("\\U{:08X}", c as u32),
                };
                self.put(&escaped);
                spaces = false;
            } else if c == ' ' {
                if allow_breaks && !spaces && self.folds() && i != 0 && i != chars.len() - 1 {
                    self.newline();
                    self.indent_to(indent);
                    if chars.get(i + 1) == Some(&' ') {
                        self.put("\\");
                    }
                } else {
                    self.put(" ");
                }
                spaces = true;
            } else {
                self.put(&c.to_string());
                spaces = false;
            }
        }
        self.put("\"");
    }

    fn literal(&mut self, text: &str, indent: usize) {
        self.lead(Context::Value, false);
        self.put("|");
        let chars: Vec<char> = text.chars().collect();
        if chars.first().is_some_and(|&c| c == ' ' || is_break(c)) {
            self.put(&self.indent_step.to_string());
        }
        match chars.as_slice() {
            [] => self.put("-"),
            [.., last] if !is_break(*last) => self.put("-"),
            [_] => {
                self.put("+");
                self.open_ended = true;
            }
            [.., before, _] if is_break(*before) => {
                self.put("+");
                self.open_ended = true;
            }
            _ => {}
        }
        self.newline();
        let mut breaks = true;
        for &c in &chars {
            if is_break(c) {
                self.newline();
                breaks = true;
            } else {
                if breaks {
                    self.indent_to(indent);
                    breaks = false;
                }
                self.put(&c.to_string());
            }
        }
    }
}

fn is_break(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// libyaml's printable characters.
fn is_printable(c: char) -> bool {
    let code = c as u32;
    code == 0x0A
        || (0x20..=0x7E).contains(&code)
        || (0xA0..=0xD7FF).contains(&code)
        || ((0xE000..=0xFFFD).contains(&code) && code != 0xFEFF)
}

/// What libyaml finds of a scalar: which styles can write it.
struct Analysis {
    multiline: bool,
    block_plain_allowed: bool,
    single_quoted_allowed: bool,
    block_allowed: bool,
}

impl Analysis {
    fn of(text: &str) -> Analysis {
        if text.is_empty() {
            return Analysis {
                multiline: false,
                block_plain_allowed: true,
                single_quoted_allowed: true,
                block_allowed: false,
            };
        }
        let chars: Vec<char> = text.chars().collect();
        let blank_or_end = |i: usize| {
            chars
                .get(i)
                .is_none_or(|&c| c == ' ' || c == '\t' || is_break(c))
        };
        let mut block_indicators = false;
        let mut flow_indicators = false;
        if (text.starts_with("---") || text.starts_with("...")) && blank_or_end(3) {
            block_indicators = true;
            flow_indicators = true;
        }
        let (mut leading_space, mut leading_break, mut trailing_space, mut trailing_break) =
            (false, false, false, false);
        let (mut break_space, mut space_break) = (false, false);
        let (mut previous_space, mut previous_break) = (false, false);
        let (mut line_breaks, mut special) = (false, false);
        let mut preceded_by_whitespace = true;
        for (i, &c) in chars.iter().enumerate() {
            let followed_by_whitespace = blank_or_end(i + 1);
            let last = i == chars.len() - 1;
            if i == 0 {
                if "#,[]{}&*!|>'\"%@`".contains(c) {
                    flow_indicators = true;
                    block_indicators = true;
                }
                if c == '?' || c == ':' {
                    flow_indicators = true;
                    if followed_by_whitespace {
                        block_indicators = true;
                    }
                }
                if c == '-' && followed_by_whitespace {
                    flow_indicators = true;
                    block_indicators = true;
                }
            } else {
                if ",?[]{}".contains(c) {
                    flow_indicators = true;
                }
                if c == ':' {
                    flow_indicators = true;
                    if followed_by_whitespace {
                        block_indicators = true;
                    }
                }
                if c == '#' && preceded_by_whitespace {
                    flow_indicators = true;
                    block_indicators = true;
                }
            }
            if !is_printable(c) || c == '\u{FEFF}' {
                special = true;
            }
            if is_break(c) {
                line_breaks = true;
            }
            if c == ' ' {
                if i == 0 {
                    leading_space = true;
                }
                if last {
                    trailing_space = true;
                }
                if previous_break {
                    break_space = true;
                }
                previous_space = true;
                previous_break = false;
            } else if is_break(c) {
                if i == 0 {
                    leading_break = true;
                }
                if last {
                    trailing_break = true;
                }
                if previous_space {
                    space_break = true;
                }
                previous_break = true;
                previous_space = false;
            } else {
                previous_space = false;
                previous_break = false;
            }
            preceded_by_whitespace = c == ' ' || c == '\t' || is_break(c);
        }
        let _ = flow_indicators;
        let mut analysis = Analysis {
            multiline: line_breaks,
            block_plain_allowed: true,
            single_quoted_allowed: true,
            block_allowed: true,
        };
        if leading_space || leading_break || trailing_space || trailing_break {
            analysis.block_plain_allowed = false;
        }
        if trailing_space {
            analysis.block_allowed = false;
        }
        if break_space {
            analysis.block_plain_allowed = false;
            analysis.single_quoted_allowed = false;
        }
        if space_break || special {
            analysis.block_plain_allowed = false;
            analysis.single_quoted_allowed = false;
            analysis.block_allowed = false;
        }
        if line_breaks || block_indicators {
            analysis.block_plain_allowed = false;
        }
        analysis
    }
}

/// The scalar Psych makes of a value.
fn scalar_of(value: &Value) -> Scalar {
    let plain = |text: String| Scalar {
        text,
        style: Style::Plain,
        plain_implicit: true,
        tag: None,
    };
    match value {
        Value::Undef => Scalar {
            text: String::new(),
            style: Style::Plain,
            plain_implicit: true,
            tag: None,
        },
        Value::Bool(b) => plain(b.to_string()),
        Value::Integer(i) => plain(i.to_string()),
        Value::Float(f) if f.is_nan() => plain(".nan".to_string()),
        Value::Float(f) if f.is_infinite() => {
            plain(if *f > 0.0 { ".inf" } else { "-.inf" }.to_string())
        }
        Value::Float(f) => plain(ruby_float(*f)),
        Value::Default => plain(":default".to_string()),
        Value::Str(text) => string_scalar(text),
        other => string_scalar(&crate::catalog::values::ruby::to_s(other)),
    }
}

/// Psych's `visit_String`: the style it asks of the emitter.
fn string_scalar(text: &str) -> Scalar {
    let style = if literal_requested(text) {
        Style::Literal
    } else if text == "<<" {
        return Scalar {
            text: text.to_string(),
            style: Style::Single,
            plain_implicit: false,
            tag: Some("!!str"),
        };
    } else if text == "y" || text == "n" || starts_a_line_without_word_or_quote(text) {
        Style::Double
    } else if !reads_as_string(text) || Regexp::new(r"\A0[0-7]*[89]").is_match(text) {
        Style::Single
    } else {
        Style::Plain
    };
    Scalar {
        text: text.to_string(),
        style,
        plain_implicit: true,
        tag: None,
    }
}

/// Ruby's `text =~ /\n(?!\Z)/`: a line feed followed by more than a
/// final line feed.
fn literal_requested(text: &str) -> bool {
    text.char_indices().any(|(i, c)| {
        c == '\n' && {
            let rest = &text[i + 1..];
            !(rest.is_empty() || rest == "\n")
        }
    })
}

/// Ruby's `text =~ /^[^[:word:]][^"]*$/`: at some line start (`^`, after
/// any line feed), a character that is no word character, then no `"`
/// before a line end (`$`).
fn starts_a_line_without_word_or_quote(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    let starts = std::iter::once(0).chain(
        chars
            .iter()
            .enumerate()
            .filter(|(_, &c)| c == '\n')
            .map(|(i, _)| i + 1),
    );
    for start in starts {
        let Some(&first) = chars.get(start) else {
            continue;
        };
        if first.is_alphanumeric() || first == '_' {
            continue;
        }
        let rest = &chars[start + 1..];
        match rest.iter().position(|&c| c == '"') {
            None => return true,
            Some(quote) if rest[..quote].contains(&'\n') => return true,
            Some(_) => {}
        }
    }
    false
}

/// Psych's `ScalarScanner#tokenize`: whether the text reads back as a
/// string (not a number, boolean, null, date, time or symbol).
fn reads_as_string(text: &str) -> bool {
    if text.is_empty() {
        return false;
    }
    let m = |pattern: &str| Regexp::new(pattern).is_match(text);
    if m(r"^[^\d.:-]?[[:alpha:]_\s!@#$%\^&*(){}<>|/\\~;=]+") || text.contains('\n') {
        if text.chars().count() > 5 {
            return true;
        }
        if m(r"(?i)^[^ytonf~]") {
            return true;
        }
        return !(text == "~"
            || m(r"(?i)^null$")
            || m(r"(?i)^(yes|true|on)$")
            || m(r"(?i)^(no|false|off)$"));
    }
    if m(
        r"^-?\d{4}-\d{1,2}-\d{1,2}(?:[Tt]|\s+)\d{1,2}:\d\d:\d\d(?:\.\d*)?(?:\s*(?:Z|[-+]\d{1,2}:?(?:\d\d)?))?$",
    ) {
        return false;
    }
    if m(r"^\d{4}-(?:1[012]|0\d|\d)-(?:[12]\d|3[01]|0\d|\d)$") {
        return !valid_date(text);
    }
    if m(r"(?i)^\+?\.inf$") || m(r"(?i)^-\.inf$") || m(r"(?i)^\.nan$") || m(r"^:.") {
        return false;
    }
    if m(r"^[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}$")
        || m(r"^[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}\.[0-9_]*$")
    {
        return false;
    }
    if m(r"^(?:[-+]?([0-9][0-9_,]*)?\.[0-9]*([eE][-+][0-9]+)?)$") {
        return m(r"\A[-+]?\.\z");
    }
    if m(
        r"^(?:[-+]?0b[0-1_,]+|[-+]?0[0-7_,]+|[-+]?(?:0|[1-9](?:[0-9]|,[0-9]|_[0-9])*)|[-+]?0x[0-9a-fA-F_,]+)$",
    ) {
        // Psych's `Integer()` of it, commas and underscores removed.
        let clean: String = text.chars().filter(|&c| c != ',' && c != '_').collect();
        return crate::catalog::values::ruby::integer(&clean).is_none();
    }
    true
}

/// Whether `yyyy-mm-dd` is a date of the calendar.
fn valid_date(text: &str) -> bool {
    let parts: Vec<u32> = text.split('-').filter_map(|p| p.parse().ok()).collect();
    let [year, month, day] = parts[..] else {
        return false;
    };
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&day)
}
