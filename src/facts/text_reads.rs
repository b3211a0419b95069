//! Facts read by name in ERB and EPP templates and in Hiera's files, found
//! in their text: the code of a template's tags (`<% ... %>`), the
//! interpolations of Hiera (`%{...}`). What a template's Ruby or Puppet
//! code computes is not followed; a name written out is.

use std::collections::HashMap;

use yaml_rust2::Yaml;

use super::columns::{DataValue, FactReadForm};
use super::lines::Lines;

/// A fact read by name: how, the name, and where (1-based line, column
/// in characters).
#[derive(Debug, PartialEq, Eq)]
pub struct TextRead {
    pub form: FactReadForm,
    pub name: String,
    pub line: u32,
    pub col: u32,
}

/// What an ERB template reads (`@x`, `@facts['x']`, `scope['x']`,
/// `scope['::x']`, `scope['facts']['x']`, `scope.lookupvar('x')`), and the
/// variables it sets itself (`@x = ...`, `scope.setvar('x', ...)`), which
/// are no reads. (An EPP template's code is read as Puppet code is.)
pub struct TemplateText {
    pub reads: Vec<TextRead>,
    /// `(name, line, col)`.
    pub assigned: Vec<(String, u32, u32)>,
    /// The templates it renders by a name written out, `(name, line,
    /// col)`: `scope.function_template(['m/x.erb'])`,
    /// `scope.call_function('template', ['m/x.erb'])` and the same of
    /// `epp`. A name the code computes is not followed.
    pub renders: Vec<(String, u32, u32)>,
}

/// [`TemplateText`] of an ERB template, read in one pass over its tags.
pub fn read_erb(text: &str) -> TemplateText {
    let places = Places::new(text);
    let mut reads = Vec::new();
    let mut assigned = Vec::new();
    let mut renders = Vec::new();
    for (start, end) in tags(text) {
        let code = &text[start..end];
        for (name, offset) in tag_assignments(code) {
            let at = places.located(start + offset, FactReadForm::ErbVariable, name);
            assigned.push((at.name, at.line, at.col));
        }
        reads.extend(
            erb_reads(code)
                .into_iter()
                .map(|(form, name, offset)| places.located(start + offset, form, name)),
        );
        for (name, offset) in tag_renders(code) {
            let (line, col) = places.at(start + offset);
            renders.push((name, line, col));
        }
    }
    // A variable the template sets itself is its own, not a fact.
    if !assigned.is_empty() {
        reads.retain(|read| {
            read.form == FactReadForm::ErbFactsHash
                || !assigned.iter().any(|(name, ..)| *name == read.name)
        });
    }
    TemplateText {
        reads,
        assigned,
        renders,
    }
}

fn tag_assignments(code: &str) -> Vec<(String, usize)> {
    let mut names = Vec::new();
    for (at, _) in code.match_indices('@') {
        let name = word(&code[at + 1..]);
        let after = code[at + 1 + name.len()..].trim_start();
        let operator = ["||=", "&&=", "+=", "-=", "*=", "<<="]
            .iter()
            .find_map(|compound| after.strip_prefix(compound))
            .or_else(|| after.strip_prefix('='))
            .filter(|rest| !rest.starts_with(['=', '~', '>']));
        if !name.is_empty() && operator.is_some() {
            names.push((name.to_string(), at));
        }
    }
    for (at, _) in code.match_indices("setvar(") {
        if let Some(name) = quoted(&code[at + "setvar(".len()..]) {
            names.push((name, at));
        }
    }
    names
}

/// The templates a tag's code renders by name, with their offsets.
fn tag_renders(code: &str) -> Vec<(String, usize)> {
    const CALLS: [&str; 6] = [
        "function_template(",
        "function_epp(",
        "call_function('template',",
        "call_function(\"template\",",
        "call_function('epp',",
        "call_function(\"epp\",",
    ];
    let mut renders = Vec::new();
    // Every call names `function`: most tags are passed over in one scan.
    if memchr::memmem::find(code.as_bytes(), b"function").is_none() {
        return renders;
    }
    for call in CALLS {
        for (at, _) in code.match_indices(call) {
            // A longer name ending in the call's is another call.
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let rest = code[at + call.len()..].trim_start();
            let rest = rest.strip_prefix('[').unwrap_or(rest);
            if let Some(name) = quoted(rest) {
                renders.push((name, at));
            }
        }
    }
    renders
}

/// The reads in Hiera interpolations: `%{facts.x}`, `%{::x}`, `%{x}`
/// (`%{trusted.x}`, `%{lookup(...)}` and the other functions read no
/// fact by name).
pub fn hiera_reads(text: &str) -> Vec<TextRead> {
    let places = Places::new(text);
    let mut reads = Vec::new();
    let mut from = 0;
    while let Some(found) = text[from..].find("%{") {
        let start = from + found + 2;
        let Some(length) = text[start..].find('}') else {
            break;
        };
        let inner = text[start..start + length].trim();
        from = start + length;
        let (form, path) = match inner.strip_prefix("facts.") {
            Some(path) => (FactReadForm::HieraFacts, path),
            None => (FactReadForm::HieraVariable, inner.trim_start_matches("::")),
        };
        let name = path
            .split('.')
            .next()
            .unwrap_or_default()
            .trim_matches(|c| c == '\'' || c == '"');
        let plain_variable = form == FactReadForm::HieraVariable && path.contains('.');
        if !is_name(name) || plain_variable || name == "facts" || name == "trusted" {
            continue;
        }
        reads.push(places.located(start - 2, form, name.to_string()));
    }
    reads
}

/// Leaves out of a `hiera.yaml`'s `reads` the key of each `mapped_paths`
/// level (`role` of `[roles, role, 'roles/%{role}.yaml']`) where its
/// template interpolates it: Hiera sets it to each value of the mapped
/// variable there, it is no variable of the node.
pub fn drop_mapped_keys(reads: &mut Vec<TextRead>, text: &str, config: Option<&Yaml>) {
    let Some(config) = config else {
        return;
    };
    let mut mapped: Vec<(&str, &str)> = Vec::new();
    for hierarchy in ["hierarchy", "default_hierarchy"] {
        for level in config[hierarchy].as_vec().into_iter().flatten() {
            if let Some([_, key, template]) = level["mapped_paths"].as_vec().map(Vec::as_slice) {
                if let (Some(key), Some(template)) = (key.as_str(), template.as_str()) {
                    mapped.push((key, template));
                }
            }
        }
    }
    if mapped.is_empty() {
        return;
    }
    let lines: Vec<&str> = text.lines().collect();
    reads.retain(|read| {
        let line = lines
            .get(read.line.saturating_sub(1) as usize)
            .copied()
            .unwrap_or_default();
        !mapped
            .iter()
            .any(|&(key, template)| read.name == key && line.contains(template))
    });
}

/// The keys Hiera data looks up by name in its interpolations
/// (`%{lookup('k')}`, `%{hiera('k')}`, `%{alias('k')}`), each with the
/// place of its `%{`: the root of a dotted key (`app::settings` of
/// `app::settings.log.level`), which is the key asked for.
pub fn hiera_lookups(text: &str) -> Vec<(String, u32, u32)> {
    let places = Places::new(text);
    let mut keys = Vec::new();
    let mut from = 0;
    while let Some(found) = text[from..].find("%{") {
        let start = from + found;
        let Some(length) = text[start..].find('}') else {
            break;
        };
        from = start + length;
        let inner = text[start + 2..start + length].trim();
        let argument = ["lookup", "hiera", "alias"]
            .into_iter()
            .find_map(|function| {
                inner
                    .strip_prefix(function)?
                    .trim_start()
                    .strip_prefix('(')?
                    .strip_suffix(')')
            });
        let Some(argument) = argument else { continue };
        let key = argument.trim().trim_matches(|c| c == '\'' || c == '"');
        let root = key.split('.').next().unwrap_or(key);
        let valid = !root.is_empty()
            && root
                .bytes()
                .all(|byte| byte.is_ascii_alphanumeric() || byte == b'_' || byte == b':');
        if valid {
            let (line, col) = places.at(start);
            keys.push((root.to_string(), line, col));
        }
    }
    keys
}

/// What a YAML file of Hiera data holds at its top level: each key's
/// value as Puppet reads it, and the keys its `lookup_options` convert.
#[derive(Debug, Default)]
pub struct HieraValues {
    /// By key: the value's type (through Psych, YAML 1.1) and text, when
    /// pfacts can tell it (see [`DataValue`]).
    pub values: HashMap<String, (DataValue, String)>,
    /// The keys and `^patterns` of `lookup_options` entries with
    /// `convert_to`.
    pub converted: Vec<String>,
}

/// Where a JSON text stops parsing, if it does.
pub fn json_failure(text: &str) -> Option<crate::yaml::ParseFailure> {
    let error = serde_json::from_str::<serde::de::IgnoredAny>(text).err()?;
    let reason = error.to_string();
    // serde_json appends the place to its reason.
    let reason = reason
        .split(" at line ")
        .next()
        .unwrap_or(&reason)
        .to_string();
    Some(crate::yaml::ParseFailure {
        line: error.line() as u32,
        col: error.column() as u32,
        reason,
    })
}

/// Each top-level key of a YAML data file's `document` with each key its
/// value (nested values included) interpolates by `alias`, `lookup` or
/// `hiera`.
pub fn hiera_references(document: Option<&Yaml>) -> Vec<(String, String)> {
    fn strings<'y>(value: &'y Yaml, found: &mut Vec<&'y str>) {
        match value {
            Yaml::String(text) => found.push(text),
            Yaml::Array(items) => items.iter().for_each(|item| strings(item, found)),
            Yaml::Hash(entries) => entries.iter().for_each(|(key, value)| {
                strings(key, found);
                strings(value, found);
            }),
            _ => {}
        }
    }
    let Some(Yaml::Hash(entries)) = document else {
        return Vec::new();
    };
    let mut references = Vec::new();
    for (key, value) in entries {
        let Some(key) = key.as_str() else {
            continue;
        };
        let mut texts = Vec::new();
        strings(value, &mut texts);
        for text in texts {
            for (referenced, _, _) in hiera_lookups(text) {
                references.push((key.to_string(), referenced));
            }
        }
    }
    references
}

/// The values of a YAML data file's `document`.
pub fn hiera_values(document: Option<&Yaml>) -> HieraValues {
    let Some(Yaml::Hash(entries)) = document else {
        return HieraValues::default();
    };
    let converted = match entries.get(&Yaml::String("lookup_options".to_string())) {
        Some(Yaml::Hash(options)) => options
            .iter()
            .filter(|(_, options)| !options["convert_to"].is_badvalue())
            .filter_map(|(name, _)| name.as_str().map(str::to_string))
            .collect(),
        _ => Vec::new(),
    };
    HieraValues {
        values: entries
            .iter()
            .filter_map(|(key, value)| Some((key.as_str()?.to_string(), data_value(value))))
            .collect(),
        converted,
    }
}

fn data_value(value: &Yaml) -> (DataValue, String) {
    match value {
        Yaml::Integer(value) => (DataValue::Integer, value.to_string()),
        Yaml::Real(text) if text.parse::<f64>().is_ok() => (DataValue::Float, text.clone()),
        Yaml::Boolean(value) => (DataValue::Boolean, value.to_string()),
        Yaml::String(text) if plain_string(text) => (DataValue::String, text.clone()),
        Yaml::Array(_) | Yaml::Hash(_) => match plain_json(value) {
            Some(json) => (DataValue::Collection, json.to_string()),
            None => (DataValue::Other, String::new()),
        },
        _ => (DataValue::Other, String::new()),
    }
}

/// A string that Hiera gives as it is written: no interpolation, no
/// eyaml encryption (`ENC[...]`, whose plain text nobody here knows), and
/// nothing YAML 1.1 reads as another type.
fn plain_string(text: &str) -> bool {
    !text.contains("%{") && !text.contains("ENC[") && !yaml_1_1_reads_otherwise(text)
}

/// `value` as JSON, when every part of it is a value [`data_value`] can
/// tell (string keys only); `None` otherwise.
fn plain_json(value: &Yaml) -> Option<serde_json::Value> {
    use serde_json::Value as Json;
    Some(match value {
        Yaml::Integer(value) => Json::from(*value),
        Yaml::Real(text) => Json::from(serde_json::Number::from_f64(text.parse().ok()?)?),
        Yaml::Boolean(value) => Json::Bool(*value),
        Yaml::String(text) if plain_string(text) => Json::String(text.clone()),
        Yaml::Array(items) => Json::Array(items.iter().map(plain_json).collect::<Option<_>>()?),
        Yaml::Hash(entries) => Json::Object(
            entries
                .iter()
                .map(|(key, value)| match key {
                    Yaml::String(key) if plain_string(key) => {
                        Some((key.clone(), plain_json(value)?))
                    }
                    _ => None,
                })
                .collect::<Option<_>>()?,
        ),
        _ => return None,
    })
}

/// Whether a string that YAML 1.2 (pfacts' reader) reads as a string may be
/// another type to YAML 1.1, which Puppet's Hiera reads data with: `yes`,
/// `off`, numbers with `_` or in base 60 (`1:30`), dates.
fn yaml_1_1_reads_otherwise(text: &str) -> bool {
    let boolean = matches!(
        text.to_ascii_lowercase().as_str(),
        "y" | "n" | "yes" | "no" | "on" | "off"
    );
    let numeric = text
        .trim_start_matches(['-', '+'])
        .starts_with(|c: char| c.is_ascii_digit())
        && text.contains(['_', ':']);
    let date = text.len() >= 8
        && text.as_bytes()[..4].iter().all(u8::is_ascii_digit)
        && text.as_bytes()[4] == b'-';
    boolean || numeric || date
}

/// Each top-level key of a JSON data file that holds an object, with the
/// line and column (in characters, from 1) of its opening quote.
pub fn json_keys(text: &str) -> Vec<(String, u32, u32)> {
    let mut keys = Vec::new();
    let (mut depth, mut line, mut col) = (0usize, 1u32, 0u32);
    // Whether the outermost value is an object, and the next string at its
    // level is a key (after `{` or `,`, not after `:`).
    let (mut in_object, mut key_next) = (false, false);
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        col += 1;
        match c {
            '\n' => (line, col) = (line + 1, 0),
            '{' | '[' => {
                depth += 1;
                if depth == 1 {
                    (in_object, key_next) = (c == '{', c == '{');
                }
            }
            '}' | ']' => depth = depth.saturating_sub(1),
            ',' if depth == 1 => key_next = in_object,
            '"' => {
                let (key_line, key_col) = (line, col);
                let mut written = String::from('"');
                while let Some(c) = chars.next() {
                    col += 1;
                    written.push(c);
                    match c {
                        '\\' => {
                            if let Some(escaped) = chars.next() {
                                col += 1;
                                written.push(escaped);
                            }
                        }
                        '"' => break,
                        _ => {}
                    }
                }
                if depth == 1 && key_next {
                    if let Ok(key) = serde_json::from_str::<String>(&written) {
                        keys.push((key, key_line, key_col));
                    }
                    key_next = false;
                }
            }
            _ => {}
        }
    }
    keys
}

/// The top-level keys of a YAML file of Hiera data, each with its place:
/// `profile::web::port: 80`, `"profile::web::port": 80` at the start of a
/// line (Hiera's data files are maps; their keys stand there).
pub fn hiera_keys(text: &str) -> Vec<(String, u32, u32)> {
    let mut keys = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let quote = line.chars().next().filter(|c| *c == '"' || *c == '\'');
        let (key, rest) = match quote {
            Some(quote) => match line[1..].split_once(quote) {
                Some((key, rest)) => (key, rest),
                None => continue,
            },
            // Up to the first `:` that a blank or the line's end follows
            // (`a::b::c: 1`).
            None => {
                let end = line.match_indices(':').map(|(at, _)| at).find(|&at| {
                    line[at + 1..].is_empty() || line[at + 1..].starts_with([' ', '\t'])
                });
                match end {
                    Some(end) => (&line[..end], &line[end..]),
                    None => continue,
                }
            }
        };
        let valid = !key.is_empty()
            && key
                .bytes()
                .all(|byte| byte.is_ascii_alphanumeric() || byte == b'_' || byte == b':');
        let separated = rest
            .strip_prefix(':')
            .is_some_and(|after| after.is_empty() || after.starts_with([' ', '\t']));
        if valid && separated {
            keys.push((key.to_string(), index as u32 + 1, 1));
        }
    }
    keys
}

/// The byte ranges of the code of each tag: `<% %>`, `<%= %>`, `<%- -%>`;
/// not `<%# %>` comments nor the `<%%` escape.
fn tags(text: &str) -> Vec<(usize, usize)> {
    let mut ranges = Vec::new();
    let mut from = 0;
    while let Some(found) = text[from..].find("<%") {
        let open = from + found + 2;
        let rest = &text[open..];
        if rest.starts_with('%') {
            from = open + 1;
            continue;
        }
        let Some(length) = rest.find("%>") else {
            break;
        };
        if !rest.starts_with('#') {
            ranges.push((open, open + length));
        }
        from = open + length + 2;
    }
    ranges
}

/// `(form, name, offset)` of each read in ERB code.
fn erb_reads(code: &str) -> Vec<(FactReadForm, String, usize)> {
    let mut reads = Vec::new();
    for (at, _) in code.match_indices('@') {
        let name = word(&code[at + 1..]);
        if name.is_empty() || code[..at].ends_with('@') {
            continue;
        }
        let after = &code[at + 1 + name.len()..];
        if name == "facts" {
            if let Some(key) = first_key(after) {
                reads.push((FactReadForm::ErbFactsHash, key, at));
            }
        } else {
            reads.push((FactReadForm::ErbVariable, name.to_string(), at));
        }
    }
    for (at, _) in code.match_indices("scope") {
        if code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == '@') {
            continue;
        }
        let after = &code[at + "scope".len()..];
        let (key, rest) = if let Some(call) = after.strip_prefix(".lookupvar(") {
            (quoted(call), None)
        } else {
            (first_key(after), Some(after))
        };
        let Some(key) = key else {
            continue;
        };
        let name = key.trim_start_matches("::").to_string();
        if name == "facts" {
            let nested = rest
                .and_then(|rest| rest.find(']').map(|close| &rest[close + 1..]))
                .and_then(first_key);
            if let Some(fact) = nested {
                reads.push((FactReadForm::ErbFactsHash, fact, at));
            }
        } else if is_name(&name) {
            reads.push((FactReadForm::ErbScope, name, at));
        }
    }
    reads.sort_by_key(|&(_, _, offset)| offset);
    reads
}

/// The facts an external fact file sets, as Facter reads it by its
/// extension: `key=value` lines (`.txt`), the top-level keys of `.yaml`
/// and `.json`; a program (any other file) by the `key=value` it prints
/// (`echo "key=value"`), read as text, never run.
pub fn external_fact_names(extension: Option<&str>, text: &str) -> Vec<String> {
    let names: Vec<&str> = match extension {
        Some("yaml" | "yml") => text
            .lines()
            .filter(|line| !line.starts_with([' ', '\t', '-', '#']))
            .filter_map(|line| line.split_once(':').map(|(key, _)| key))
            .map(|key| key.trim().trim_matches(['"', '\'']))
            .collect(),
        Some("json") => match serde_json::from_str::<serde_json::Value>(text) {
            Ok(serde_json::Value::Object(map)) => {
                return map.keys().map(|key| key.to_lowercase()).collect()
            }
            _ => Vec::new(),
        },
        Some("txt") => text
            .lines()
            .filter_map(|line| line.split_once('=').map(|(key, _)| key.trim()))
            .collect(),
        _ => text
            .lines()
            .filter_map(|line| {
                let printed = ["echo ", "printf ", "print ", "puts "]
                    .iter()
                    .find_map(|command| line.trim_start().strip_prefix(command))?;
                let key = printed.trim_start().trim_start_matches(['"', '\'']);
                key.split_once('=').map(|(key, _)| key)
            })
            .collect(),
    };
    names
        .into_iter()
        .filter(|name| {
            !name.is_empty()
                && name
                    .bytes()
                    .all(|byte| byte.is_ascii_alphanumeric() || byte == b'_')
        })
        .map(str::to_lowercase)
        .collect()
}

/// `(form, name, offset)` of each read in EPP code.
/// The name a variable or key starts with.
fn word(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

fn is_name(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// The key of an index written right after: `['x']`, `["x"]`, `[x]` (a
/// bare word, in EPP).
fn first_key(text: &str) -> Option<String> {
    let inner = text.trim_start().strip_prefix('[')?;
    let inner = inner.trim_start();
    if inner.starts_with(['\'', '"']) {
        quoted(inner)
    } else {
        let name = word(inner);
        (is_name(name) && inner[name.len()..].trim_start().starts_with(']'))
            .then(|| name.to_string())
    }
}

/// The text of a quoted string written at the start of `text`, without
/// interpolation or escapes.
fn quoted(text: &str) -> Option<String> {
    let text = text.trim_start();
    let quote = text.chars().next().filter(|c| *c == '\'' || *c == '"')?;
    let body = &text[1..];
    let end = body.find(quote)?;
    let value = &body[..end];
    (!value.contains(['\\', '$', '#'])).then(|| value.to_string())
}

/// A text's [`Lines`], placing reads in `(line, col)` columns.
struct Places<'t>(Lines<'t>);

impl<'t> Places<'t> {
    fn new(text: &'t str) -> Places<'t> {
        Places(Lines::new(text))
    }

    /// The 1-based line and column (in characters) of a byte offset.
    fn at(&self, offset: usize) -> (u32, u32) {
        let location = self.0.location(offset);
        (location.line as u32, location.column as u32)
    }

    fn located(&self, offset: usize, form: FactReadForm, name: String) -> TextRead {
        let (line, col) = self.at(offset);
        TextRead {
            form,
            name,
            line,
            col,
        }
    }
}

/// The version a `hiera.yaml` declares, with the place of its `version`
/// key: 3 (Hiera's own format) when it names none or holds no hash, at
/// 1:1.
pub fn hiera_version(text: &str, document: Option<&Yaml>) -> (u32, u32, u32) {
    let version = match document {
        Some(Yaml::Hash(entries)) => match entries.get(&Yaml::String("version".to_string())) {
            None | Some(Yaml::Null) => 3,
            Some(Yaml::Integer(version)) => u32::try_from(*version).unwrap_or(0),
            Some(Yaml::String(text)) => text.trim().parse().unwrap_or(0),
            Some(_) => 0,
        },
        _ => 3,
    };
    let (line, col) = hiera_keys(text)
        .into_iter()
        .find(|(key, _, _)| key == "version")
        .map_or((1, 1), |(_, line, col)| (line, col));
    (version, line, col)
}

/// What a YAML data file holds when it is no hash, by Ruby's class name,
/// with the place its content starts; `None` for a hash, for an empty
/// document (Ruby's nil or false, which Puppet reads as no data) and for
/// what does not parse.
pub fn not_a_hash(text: &str, document: Option<&Yaml>) -> Option<(&'static str, u32, u32)> {
    let found = match document? {
        Yaml::Hash(_) | Yaml::Null | Yaml::Boolean(false) | Yaml::BadValue => return None,
        Yaml::Array(_) => "Array",
        Yaml::String(_) => "String",
        Yaml::Integer(_) => "Integer",
        Yaml::Real(_) => "Float",
        Yaml::Boolean(true) => "TrueClass",
        Yaml::Alias(_) => return None,
    };
    let start = text
        .lines()
        .position(|line| {
            let line = line.trim();
            !(line.is_empty() || line.starts_with('#') || line == "---")
        })
        .map_or(1, |index| index as u32 + 1);
    Some((found, start, 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(reads: &[TextRead]) -> Vec<(FactReadForm, &str, u32, u32)> {
        reads
            .iter()
            .map(|read| (read.form, read.name.as_str(), read.line, read.col))
            .collect()
    }

    #[test]
    fn erb_variables_the_template_sets_are_no_reads() {
        let text = "<% @list = Array(@items) %><% @n ||= 1 %><%= @list %> <%= @n %>\n\
                    <% scope.setvar('_scope', {}) %><%= scope['_scope'] %>\n\
                    <% if @a == 1 && @b >= 2 %><%= @a %><% end %>\n";
        assert_eq!(
            names(&read_erb(text).reads),
            [
                (FactReadForm::ErbVariable, "items", 1, 18),
                (FactReadForm::ErbVariable, "a", 3, 7),
                (FactReadForm::ErbVariable, "b", 3, 18),
                (FactReadForm::ErbVariable, "a", 3, 32),
            ]
        );
    }

    #[test]
    fn json_keys_are_the_outer_object_s() {
        let text = "{\n  \"web::port\": 80,\n  \"web::hosts\": [\"a\", \"b\"],\n  \
                    \"lookup_options\": {\"web::hosts\": {\"merge\": \"unique\"}},\n  \
                    \"w\\u00e9b::q\\\"x\": \"a,\\\"b\\\": c\", \"last\": {}}\n";
        assert_eq!(
            json_keys(text),
            [
                ("web::port".to_string(), 2, 3),
                ("web::hosts".to_string(), 3, 3),
                ("lookup_options".to_string(), 4, 3),
                ("w\u{e9}b::q\"x".to_string(), 5, 3),
                ("last".to_string(), 5, 35),
            ]
        );
        assert_eq!(json_keys("[\"a\", \"b\"]"), []);
    }

    #[test]
    fn external_facts_by_extension() {
        assert_eq!(
            external_fact_names(Some("txt"), "role=web\nDataCenter = x\n# comment\n"),
            ["role", "datacenter"]
        );
        assert_eq!(
            external_fact_names(Some("yaml"), "---\nrack: 4\nnested:\n  key: 1\n"),
            ["rack", "nested"]
        );
        assert_eq!(
            external_fact_names(Some("json"), r#"{"zone": "a"}"#),
            ["zone"]
        );
        assert_eq!(
            external_fact_names(Some("sh"), "#!/bin/sh\necho \"site_id=$(cat /etc/id)\"\n"),
            ["site_id"]
        );
    }

    #[test]
    fn erb_reads_variables_scope_and_the_facts_hash() {
        let text = "a <%= @osfamily %>\n<% if scope['::kernel'] -%>x<% end %>\n\
                    <%= scope.lookupvar('processorcount') %> <%= @facts['fqdn'] %>\n\
                    <%= scope['facts']['domain'] %> <%# @hostname %> <%% @id %>\n";
        assert_eq!(
            names(&read_erb(text).reads),
            [
                (FactReadForm::ErbVariable, "osfamily", 1, 7),
                (FactReadForm::ErbScope, "kernel", 2, 7),
                (FactReadForm::ErbScope, "processorcount", 3, 5),
                (FactReadForm::ErbFactsHash, "fqdn", 3, 46),
                (FactReadForm::ErbFactsHash, "domain", 4, 5),
            ]
        );
    }

    #[test]
    fn hiera_lookups_are_the_roots_of_the_keys_data_asks_for() {
        let text = "a::x: '%{alias(\"a::list\")}'\nb: \"%{lookup('app::settings.log.path')} %{hiera('c')} %{facts.os} %{scope('d')}\"\n";
        assert_eq!(
            hiera_lookups(text),
            [
                ("a::list".to_string(), 1, 8),
                ("app::settings".to_string(), 2, 5),
                ("c".to_string(), 2, 41)
            ]
        );
    }

    #[test]
    fn templates_render_templates_by_name() {
        let erb = "<%= scope.function_template(['a/b.erb']) %>\n<%= scope.call_function('template', [\"a/c.erb\"]) %><%= scope.function_template([@x]) %>";
        let renders: Vec<(String, u32)> = read_erb(erb)
            .renders
            .into_iter()
            .map(|(name, line, _)| (name, line))
            .collect();
        assert_eq!(
            renders,
            [("a/b.erb".to_string(), 1), ("a/c.erb".to_string(), 2)]
        );
    }

    #[test]
    fn hiera_keys_are_the_top_level_ones() {
        let text =
            "---\n# profile::x::y: 1\nprofile::web::port: 80\n\"a::b\": 1\n  nested::key: 2\n\
                    lookup_options:\nurl: 'http://x'\nplain:\n";
        let keys: Vec<(String, u32, u32)> = hiera_keys(text);
        let names: Vec<(&str, u32)> = keys
            .iter()
            .map(|(key, line, _)| (key.as_str(), *line))
            .collect();
        assert_eq!(
            names,
            [
                ("profile::web::port", 3),
                ("a::b", 4),
                ("lookup_options", 6),
                ("url", 7),
                ("plain", 8)
            ]
        );
    }

    #[test]
    fn encrypted_eyaml_values_have_no_known_type() {
        let text = "a::password: ENC[PKCS7,MIIBeQYJKo]\na::user: admin\na::port: 80\n";
        let document = crate::yaml::load_first(text).unwrap();
        let values = hiera_values(document.as_ref()).values;
        assert_eq!(values["a::password"].0, DataValue::Other);
        assert_eq!(values["a::user"], (DataValue::String, "admin".to_string()));
        assert_eq!(values["a::port"], (DataValue::Integer, "80".to_string()));
    }

    #[test]
    fn hiera_reads_facts_and_variables_not_trusted_or_functions() {
        let text = "path: 'os/%{facts.osfamily}.yaml'\nx: \"%{::hostname} %{domain} \
                    %{trusted.certname} %{lookup('a::b')} %{facts.os.family}\"\n";
        assert_eq!(
            names(&hiera_reads(text)),
            [
                (FactReadForm::HieraFacts, "osfamily", 1, 11),
                (FactReadForm::HieraVariable, "hostname", 2, 5),
                (FactReadForm::HieraVariable, "domain", 2, 19),
                (FactReadForm::HieraFacts, "os", 2, 67),
            ]
        );
    }

    #[test]
    fn a_mapped_paths_key_is_no_read_where_its_template_uses_it() {
        let text = "version: 5\nhierarchy:\n  - name: Roles\n    \
                    mapped_paths: [roles, role, 'roles/%{role}.yaml']\n  - name: Block\n    \
                    mapped_paths:\n      - facts.apps\n      - app\n      - 'apps/%{app}.yaml'\n  \
                    - name: Plain\n    path: 'r/%{role}/%{app}.yaml'\n";
        let config = crate::yaml::load_first(text).unwrap();
        let mut reads = hiera_reads(text);
        drop_mapped_keys(&mut reads, text, config.as_ref());
        // Only the plain level's `role` and `app` are variables of the node.
        assert_eq!(
            names(&reads),
            [
                (FactReadForm::HieraVariable, "role", 11, 14),
                (FactReadForm::HieraVariable, "app", 11, 22),
            ]
        );
    }
}
