//! Rewrites of legacy fact reads to the structured facts that hold their
//! values (`pfacts check --fix`): in manifests and EPP templates, edit by
//! edit on the syntax tree (a template's, of its code), the edited text
//! parsed again and refused when it would not parse; in ERB templates and
//! Hiera's files, on the text of the read, matched exactly first.

use std::ops::Range;
use std::path::Path;

use regex::Regex;
use tree_sitter::Node;

use super::columns::FactReadForm;
use super::epp;

/// One read to rewrite: where it is (1-based line, column in characters),
/// how it is written, the legacy fact it names, and the keys of the
/// structured fact that replaces it (`["os", "family"]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FactRewrite {
    pub line: u32,
    pub col: u32,
    pub written: Written,
    pub fact: String,
    pub keys: Vec<String>,
}

/// How a read is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// A manifest's variable: `$::osfamily`, `$osfamily`, `"${::osfamily}"`,
    /// `"$osfamily"`.
    Variable,
    /// Any other form a fact is read in (`fact_read`'s).
    Read(FactReadForm),
}

/// A file's text with the rewrites applied, and which of them were (a
/// rewrite whose text is not where and what it says is left out).
#[derive(Debug)]
pub struct Rewritten {
    pub text: String,
    pub applied: Vec<bool>,
}

/// `text`, the content of `path`, with `rewrites` applied. Err when the
/// rewritten manifest would not parse (nothing is then applied).
pub fn apply(path: &Path, text: &str, rewrites: &[FactRewrite]) -> Result<Rewritten, String> {
    let extension = path.extension().and_then(|extension| extension.to_str());
    let is_manifest = extension == Some("pp");
    let is_epp = extension == Some("epp");
    let edits: Vec<Option<(Range<usize>, String)>> = if is_manifest {
        let mut parser = crate::syntax::new_parser();
        let tree = parser.parse(text, None).ok_or("the parser gave no tree")?;
        rewrites
            .iter()
            .map(|rewrite| {
                let at = offset(text, rewrite.line, rewrite.col)?;
                manifest_edit(text, tree.root_node(), at, rewrite)
            })
            .collect()
    } else if is_epp {
        // Found in the template's code, and put back where that code
        // stands in the template.
        let (translation, tree) =
            epp::parsed(text).map_err(|_| "the template does not parse".to_string())?;
        let code = &translation.code;
        rewrites
            .iter()
            .map(|rewrite| {
                let at = translation.code_offset(offset(text, rewrite.line, rewrite.col)?)?;
                let (range, replacement) = manifest_edit(code, tree.root_node(), at, rewrite)?;
                let start = translation.template_offset(range.start);
                Some((start..start + range.len(), replacement))
            })
            .collect()
    } else {
        rewrites
            .iter()
            .map(|rewrite| text_edit(text, rewrite))
            .collect()
    };
    let applied: Vec<bool> = edits.iter().map(Option::is_some).collect();
    let mut chosen: Vec<&(Range<usize>, String)> = edits.iter().flatten().collect();
    chosen.sort_by_key(|(range, _)| std::cmp::Reverse(range.start));
    chosen.dedup_by_key(|(range, _)| range.start);
    let mut rewritten = text.to_string();
    for (range, replacement) in chosen {
        rewritten.replace_range(range.clone(), replacement);
    }
    // The template parsed before (its edits came from its tree).
    if is_epp && epp::parsed(&rewritten).is_err() {
        return Err("the rewritten template would not parse; left as it is".to_string());
    }
    if is_manifest {
        let mut parser = crate::syntax::new_parser();
        let before = parser
            .parse(text, None)
            .is_some_and(|tree| tree.root_node().has_error());
        let after = parser
            .parse(&rewritten, None)
            .is_none_or(|tree| tree.root_node().has_error());
        if after && !before {
            return Err("the rewritten manifest would not parse; left as it is".to_string());
        }
    }
    Ok(Rewritten {
        text: rewritten,
        applied,
    })
}

/// The hashes of facts that Facter sets on every platform: a path below
/// them can be indexed key by key (`$facts['os']['release']['major']`).
const ALWAYS_SET: [&str; 9] = [
    "os",
    "os.release",
    "processors",
    "networking",
    "identity",
    "system_uptime",
    "memory",
    "memory.system",
    "ruby",
];

/// How the structured fact is reached from `facts`: `['os']['family']`
/// when every hash on the way is always set, else `.dig('networking',
/// 'interfaces', 'eth1', 'ip')`, which is undef, as the legacy fact was,
/// where a hash is missing (an index into a missing hash fails the
/// compilation).
fn reach(keys: &[String]) -> String {
    let always =
        (1..keys.len()).all(|depth| ALWAYS_SET.contains(&keys[..depth].join(".").as_str()));
    if always {
        keys.iter().map(|key| format!("['{key}']")).collect()
    } else {
        let quoted: Vec<String> = keys.iter().map(|key| format!("'{key}'")).collect();
        format!(".dig({})", quoted.join(", "))
    }
}

/// The byte offset of a 1-based line and column (in characters).
fn offset(text: &str, line: u32, col: u32) -> Option<usize> {
    let mut start = 0;
    for _ in 1..line {
        start += text[start..].find('\n')? + 1;
    }
    let line_text = &text[start..];
    let within = line_text
        .char_indices()
        .nth(col.checked_sub(1)? as usize)
        .map(|(at, _)| at)?;
    Some(start + within)
}

/// The edit of a read in a manifest, found in its syntax tree.
fn manifest_edit(
    text: &str,
    root: Node,
    at: usize,
    rewrite: &FactRewrite,
) -> Option<(Range<usize>, String)> {
    let mut node = root.descendant_for_byte_range(at, at)?;
    let wanted = match rewrite.written {
        Written::Variable => "variable",
        Written::Read(FactReadForm::FactsHash) => "access",
        Written::Read(FactReadForm::FactFunction) => "call",
        Written::Read(_) => return None,
    };
    while node.kind() != wanted || node.start_byte() != at && wanted == "variable" {
        node = node.parent()?;
    }
    let source = |node: Node| &text[node.byte_range()];
    let literal = |node: Node| -> Option<String> {
        let written = source(node);
        let quote = written.chars().next().filter(|c| *c == '\'' || *c == '"')?;
        written
            .strip_prefix(quote)?
            .strip_suffix(quote)
            .map(str::to_string)
    };
    let keys = reach(&rewrite.keys);
    match rewrite.written {
        Written::Variable => {
            let written = source(node);
            let name = written.trim_start_matches('$').trim_start_matches("::");
            if name != rewrite.fact {
                return None;
            }
            let in_text = node.parent().is_some_and(|parent| {
                matches!(parent.kind(), "interpolated_string" | "heredoc_body")
            });
            let replacement = if !written.starts_with('$') {
                // Inside `${...}`, where a bare word names a variable.
                format!("facts{keys}")
            } else if in_text {
                format!("${{facts{keys}}}")
            } else {
                format!("$facts{keys}")
            };
            Some((node.byte_range(), replacement))
        }
        Written::Read(FactReadForm::FactsHash) => {
            let index = node.child_by_field_name("index")?;
            if literal(index)? != rewrite.fact {
                return None;
            }
            match keys.strip_prefix('[') {
                Some(subscripts) => {
                    let inner = subscripts.strip_suffix(']')?.to_string();
                    Some((index.byte_range(), inner))
                }
                // `$facts.dig(...)` for the whole access, when it has one index.
                None => {
                    let mut cursor = node.walk();
                    let indexes = node.children_by_field_name("index", &mut cursor).count();
                    let target = node.child_by_field_name("target")?;
                    let target = source(target).replace("$::", "$");
                    (indexes == 1).then(|| (node.byte_range(), format!("{target}{keys}")))
                }
            }
        }
        Written::Read(FactReadForm::FactFunction) => {
            let arguments = node.child_by_field_name("arguments")?;
            let mut cursor = arguments.walk();
            let first = arguments.named_children(&mut cursor).next()?;
            (literal(first)? == rewrite.fact)
                .then(|| (first.byte_range(), format!("'{}'", rewrite.keys.join("."))))
        }
        Written::Read(_) => None,
    }
}

/// The edit of a read in a template or in Hiera's files: the text at the
/// read's place, matched against the form's pattern.
fn text_edit(text: &str, rewrite: &FactRewrite) -> Option<(Range<usize>, String)> {
    let at = offset(text, rewrite.line, rewrite.col)?;
    let fact = regex::escape(&rewrite.fact);
    let keys = reach(&rewrite.keys);
    let dotted = rewrite.keys.join(".");
    let quoted = |name: &str| format!(r#"\[\s*['"](?:::)?{name}['"]\s*\]"#);
    let (pattern, replacement) = match rewrite.written {
        Written::Read(FactReadForm::ErbVariable) => {
            (format!(r"@{fact}\b"), format!("@facts{keys}"))
        }
        Written::Read(FactReadForm::ErbFactsHash) => (
            format!(
                r"@facts{}|scope{}{}",
                quoted(&fact),
                quoted("facts"),
                quoted(&fact)
            ),
            String::new(),
        ),
        Written::Read(FactReadForm::ErbScope) => (
            format!(
                r#"scope{}|scope\.lookupvar\(\s*['"](?:::)?{fact}['"]\s*\)"#,
                quoted(&fact)
            ),
            format!("scope['facts']{keys}"),
        ),
        Written::Read(FactReadForm::HieraFacts) => (
            format!(r"%\{{\s*facts\.{fact}\s*\}}"),
            format!("%{{facts.{dotted}}}"),
        ),
        Written::Read(FactReadForm::HieraVariable) => (
            format!(r"%\{{\s*(?:::)?{fact}\s*\}}"),
            format!("%{{facts.{dotted}}}"),
        ),
        Written::Variable
        | Written::Read(FactReadForm::FactsHash)
        | Written::Read(FactReadForm::FactFunction)
        | Written::Read(FactReadForm::FactsDig)
        | Written::Read(FactReadForm::Getvar) => return None,
    };
    let pattern = Regex::new(&format!("^(?:{pattern})")).ok()?;
    let found = pattern.find(&text[at..])?;
    let replacement = match rewrite.written {
        // `@facts['x']` or `scope['facts']['x']`, as it was written.
        Written::Read(FactReadForm::ErbFactsHash) if found.as_str().starts_with('@') => {
            format!("@facts{keys}")
        }
        Written::Read(FactReadForm::ErbFactsHash) => format!("scope['facts']{keys}"),
        _ => replacement,
    };
    Some((at..at + found.end(), replacement))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewrite(line: u32, col: u32, written: Written, fact: &str, keys: &[&str]) -> FactRewrite {
        FactRewrite {
            line,
            col,
            written,
            fact: fact.to_string(),
            keys: keys.iter().map(|key| key.to_string()).collect(),
        }
    }

    #[test]
    fn manifest_reads_take_the_form_of_their_place() {
        let text = "$x = $::osfamily\n$y = \"${::osfamily} $::osfamily ${osfamily}\"\n$z = $facts['osfamily']\n$w = fact(\"osfamily\")\n";
        let family = ["os", "family"];
        let rewrites = [
            rewrite(1, 6, Written::Variable, "osfamily", &family),
            rewrite(2, 9, Written::Variable, "osfamily", &family),
            rewrite(2, 21, Written::Variable, "osfamily", &family),
            rewrite(2, 35, Written::Variable, "osfamily", &family),
            rewrite(
                3,
                6,
                Written::Read(FactReadForm::FactsHash),
                "osfamily",
                &family,
            ),
            rewrite(
                4,
                6,
                Written::Read(FactReadForm::FactFunction),
                "osfamily",
                &family,
            ),
            // Not what the place holds: left out.
            rewrite(1, 1, Written::Variable, "osfamily", &family),
        ];
        let rewritten = apply(Path::new("a.pp"), text, &rewrites).unwrap();
        assert_eq!(
            rewritten.text,
            "$x = $facts['os']['family']\n$y = \"${facts['os']['family']} ${facts['os']['family']} ${facts['os']['family']}\"\n$z = $facts['os']['family']\n$w = fact('os.family')\n"
        );
        assert_eq!(
            rewritten.applied,
            [true, true, true, true, true, true, false]
        );
    }

    #[test]
    fn facts_that_may_be_missing_are_dug_into() {
        let ip = ["networking", "interfaces", "eth1", "ip"];
        let text = "$a = $facts['ipaddress_eth1']\n$b = \"${::ipaddress_eth1}\"\n";
        let rewritten = apply(
            Path::new("a.pp"),
            text,
            &[
                rewrite(
                    1,
                    6,
                    Written::Read(FactReadForm::FactsHash),
                    "ipaddress_eth1",
                    &ip,
                ),
                rewrite(2, 9, Written::Variable, "ipaddress_eth1", &ip),
            ],
        )
        .unwrap();
        assert_eq!(
            rewritten.text,
            "$a = $facts.dig('networking', 'interfaces', 'eth1', 'ip')\n$b = \"${facts.dig('networking', 'interfaces', 'eth1', 'ip')}\"\n"
        );
        let erb = apply(
            Path::new("t.erb"),
            "<%= @ipaddress_eth1 %>",
            &[rewrite(
                1,
                5,
                Written::Read(FactReadForm::ErbVariable),
                "ipaddress_eth1",
                &ip,
            )],
        )
        .unwrap();
        assert_eq!(
            erb.text,
            "<%= @facts.dig('networking', 'interfaces', 'eth1', 'ip') %>"
        );
    }

    #[test]
    fn template_and_hiera_reads_are_rewritten_where_they_match() {
        let erb = "<%= @osfamily %> <%= scope['::osfamily'] %> <%= scope.lookupvar('osfamily') %> <%= @facts['osfamily'] %>";
        let form = |form| Written::Read(form);
        let family = ["os", "family"];
        let rewritten = apply(
            Path::new("t.erb"),
            erb,
            &[
                rewrite(1, 5, form(FactReadForm::ErbVariable), "osfamily", &family),
                rewrite(1, 22, form(FactReadForm::ErbScope), "osfamily", &family),
                rewrite(1, 49, form(FactReadForm::ErbScope), "osfamily", &family),
                rewrite(1, 84, form(FactReadForm::ErbFactsHash), "osfamily", &family),
            ],
        )
        .unwrap();
        assert_eq!(
            rewritten.text,
            "<%= @facts['os']['family'] %> <%= scope['facts']['os']['family'] %> <%= scope['facts']['os']['family'] %> <%= @facts['os']['family'] %>"
        );
        let hiera = "a: '%{facts.osfamily}/%{::osfamily}'";
        let rewritten = apply(
            Path::new("common.yaml"),
            hiera,
            &[
                rewrite(1, 5, form(FactReadForm::HieraFacts), "osfamily", &family),
                rewrite(
                    1,
                    23,
                    form(FactReadForm::HieraVariable),
                    "osfamily",
                    &family,
                ),
            ],
        )
        .unwrap();
        assert_eq!(rewritten.text, "a: '%{facts.os.family}/%{facts.os.family}'");
    }
}
