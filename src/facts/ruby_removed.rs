//! What Ruby 3.0 to 3.2 removed, found in the code of a module's Ruby file
//! (`File.exists?`, `taint`, `Fixnum`, `URI.escape`, ...): the text with
//! its comments, strings and heredocs blanked out, then searched. Puppet
//! 8's agent runs Ruby 3.2, where such code raises `NoMethodError` or
//! `NameError` when it runs.

use std::sync::LazyLock;

use aho_corasick::AhoCorasick;

use super::columns::RubyApi;

/// Each removed call or constant in the code of `text`, with its line and
/// column (in characters, from 1).
pub fn removed_apis(text: &str) -> Vec<(RubyApi, u32, u32)> {
    // Most files name none of them: one pass over the text says so, and
    // only lines that name one are searched once blanked.
    let mut found = Vec::new();
    if !WRITTEN.is_match(text) {
        return found;
    }
    let mut code = Code::default();
    for (index, line) in text.lines().enumerate() {
        let blanked = code.blank(line);
        if !WRITTEN.is_match(line) {
            continue;
        }
        for (api, col) in removed_in_line(&blanked) {
            found.push((api, index as u32 + 1, col));
        }
    }
    found
}

/// Where a line starts: in code, or inside something that is not.
#[derive(Default)]
struct Code {
    /// Inside a string that a quote opened on an earlier line.
    string: Option<char>,
    /// Inside heredocs opened on an earlier line: their terminators, the
    /// first to come first, and whether each may be indented (`<<-`,
    /// `<<~`).
    heredocs: Vec<(String, bool)>,
    /// Inside `=begin` ... `=end`.
    block_comment: bool,
}

impl Code {
    /// `line` with everything that is not code (comments, strings,
    /// heredoc bodies) turned into blanks, one per character.
    fn blank(&mut self, line: &str) -> String {
        if self.block_comment {
            self.block_comment = !line.starts_with("=end");
            return blanks(line);
        }
        if let Some((terminator, indented)) = self.heredocs.first() {
            let end = if *indented { line.trim() } else { line };
            if end == terminator {
                self.heredocs.remove(0);
            }
            return blanks(line);
        }
        if line.starts_with("=begin") {
            self.block_comment = true;
            return blanks(line);
        }
        let chars: Vec<char> = line.chars().collect();
        let mut out = String::with_capacity(line.len());
        let mut at = 0;
        while at < chars.len() {
            let c = chars[at];
            if let Some(quote) = self.string {
                if c == '\\' {
                    out.push_str("  ");
                    at += 2;
                    continue;
                }
                if c == quote {
                    self.string = None;
                }
                out.push(' ');
                at += 1;
                continue;
            }
            match c {
                '#' => {
                    out.extend(std::iter::repeat_n(' ', chars.len() - at));
                    break;
                }
                '\'' | '"' | '`' => {
                    self.string = Some(c);
                    out.push(' ');
                }
                '<' if chars.get(at + 1) == Some(&'<') => match heredoc(&chars[at + 2..]) {
                    Some((terminator, indented, length)) => {
                        self.heredocs.push((terminator, indented));
                        out.extend(std::iter::repeat_n(' ', length + 2));
                        at += length + 2;
                        continue;
                    }
                    None => out.push(c),
                },
                _ => out.push(c),
            }
            at += 1;
        }
        out
    }
}

/// The heredoc that `rest` (what follows `<<`) opens, if it does: its
/// terminator, whether it may be indented, and how many characters its
/// opening takes.
fn heredoc(rest: &[char]) -> Option<(String, bool, usize)> {
    let (indented, start) = match rest.first() {
        Some('-' | '~') => (true, 1),
        _ => (false, 0),
    };
    let quote = rest
        .get(start)
        .copied()
        .filter(|c| matches!(c, '\'' | '"' | '`'));
    let from = start + usize::from(quote.is_some());
    let name: String = rest[from..]
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || **c == '_')
        .collect();
    // `<<CONSTANT` is a heredoc only with an uppercase name: `a << b`,
    // `x <<1` are shifts and appends.
    if name.is_empty() || (quote.is_none() && !name.starts_with(|c: char| c.is_ascii_uppercase())) {
        return None;
    }
    let closing = usize::from(quote.is_some());
    if quote.is_some() && rest.get(from + name.chars().count()) != quote.as_ref() {
        return None;
    }
    Some((
        name.clone(),
        indented,
        from + name.chars().count() + closing,
    ))
}

fn blanks(line: &str) -> String {
    " ".repeat(line.chars().count())
}

/// How each removed API is written: a call on its receiver, a method
/// called with a dot, or a word (a constant, or `tainted?` on `self`).
const CALLS: &[(&str, RubyApi)] = &[
    ("File.exists?", RubyApi::FileExists),
    ("Dir.exists?", RubyApi::DirExists),
    ("URI.escape", RubyApi::UriEscape),
    ("URI.unescape", RubyApi::UriUnescape),
    ("URI.encode", RubyApi::UriEncode),
    ("URI.decode", RubyApi::UriDecode),
    (".untaint", RubyApi::Untaint),
    (".tainted?", RubyApi::Tainted),
    (".taint", RubyApi::Taint),
    ("tainted?", RubyApi::Tainted),
    ("Fixnum", RubyApi::Fixnum),
    ("Bignum", RubyApi::Bignum),
];

/// Any of `CALLS` written anywhere, code or not.
static WRITTEN: LazyLock<AhoCorasick> = LazyLock::new(|| {
    AhoCorasick::new(CALLS.iter().map(|(written, _)| written))
        .expect("the written forms of removed APIs are valid patterns")
});

/// The removed APIs in one blanked line of code, with their columns.
fn removed_in_line(code: &str) -> Vec<(RubyApi, u32)> {
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut found: Vec<(RubyApi, u32, usize)> = Vec::new();
    for &(written, api) in CALLS {
        for (at, _) in code.match_indices(written) {
            let before = code[..at].chars().next_back();
            let after = code[at + written.len()..].chars().next();
            let method_call = written.starts_with('.');
            // A word of its own: not `MyFile.exists?`, `URI.encode_www_form`,
            // `Fixnums`, nor a symbol `:Fixnum` or a method `x.Fixnum`.
            let in_name = before.is_some_and(|c| is_word(c) || c == '.' || c == '@' || c == '$');
            let symbol = before == Some(':') && !code[..at].ends_with("::");
            let starts = method_call || !(in_name || symbol);
            let ends = written.ends_with('?') || !after.is_some_and(|c| is_word(c) || c == '?');
            // `def tainted?` defines a method of that name.
            let defines = code[..at].trim_end().ends_with("def");
            // `.tainted?` is found once, as a call: not again as a word.
            let bare_after_dot = written == "tainted?" && before == Some('.');
            if starts && ends && !defines && !bare_after_dot {
                let offset = usize::from(method_call);
                let col = code[..at + offset].chars().count() as u32 + 1;
                found.push((api, col, at + offset));
            }
        }
    }
    // `.taint` is also the start of `.tainted?`: each place counts once,
    // for the longest name found there.
    found.sort_by_key(|&(api, _, at)| (at, std::cmp::Reverse(api.name().len())));
    found.dedup_by_key(|&mut (_, _, at)| at);
    found.into_iter().map(|(api, col, _)| (api, col)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removed_calls_in_code_and_not_in_comments_strings_or_heredocs() {
        let text = "\
# File.exists? in a comment
if File.exists?(path) && ::Dir.exists?('/x')
  s = 'URI.escape in a string' + \"Fixnum #{x}\"
  u = URI.escape(v) + URI.encode_www_form(h)
  k = [Fixnum, Bignum].include?(klass)
  other.taint if tainted?
  y.untaint
  doc = <<~DOC
    File.exists? in a heredoc
  DOC
  MyFile.exists?(z); :Fixnum; File.exist?(q)
=begin
Dir.exists?
=end
  n = a << b; Dir.exists?(n)
end
";
        let found: Vec<(&str, u32, u32)> = removed_apis(text)
            .into_iter()
            .map(|(api, line, col)| (api.name(), line, col))
            .collect();
        assert_eq!(
            found,
            [
                ("File.exists?", 2, 4),
                ("Dir.exists?", 2, 28),
                ("URI.escape", 4, 7),
                ("Fixnum", 5, 8),
                ("Bignum", 5, 16),
                ("taint", 6, 9),
                ("tainted?", 6, 18),
                ("untaint", 7, 5),
                ("Dir.exists?", 15, 15),
            ]
        );
    }
}
