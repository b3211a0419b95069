//! YAML read as Puppet's Ruby (Psych) reads it, for every YAML pfacts
//! reads (Hiera's configurations and data, facts files, stdlib's
//! `parseyaml`): yaml-rust2's parser, with one difference from its loader:
//! a key given twice in a mapping is not an error, its last value counts
//! and it keeps its first place, as in a Ruby hash.

use std::collections::BTreeMap;

use yaml_rust2::parser::{MarkedEventReceiver, Parser, Tag};
use yaml_rust2::scanner::{Marker, TScalarStyle};
use yaml_rust2::{Event, ScanError, Yaml};

/// Where a text stops parsing (1-based line and column), and its parser's
/// reason.
#[derive(Debug, PartialEq, Eq)]
pub struct ParseFailure {
    pub line: u32,
    pub col: u32,
    pub reason: String,
}

/// The first document of `text` (none when it is empty), or where it
/// stops parsing; a node tagged as an object of a Ruby class stops it
/// too, as Puppet's safe loading of data refuses it.
pub fn load_first(text: &str) -> Result<Option<Yaml>, ParseFailure> {
    let mut loader = Loader::default();
    match Parser::new_from_str(text).load(&mut loader, true) {
        Ok(()) => match loader.ruby_object {
            Some((class, at)) => Err(ParseFailure {
                line: at.line() as u32,
                col: at.col() as u32 + 1,
                reason: format!("Tried to load unspecified class: {class}"),
            }),
            None => Ok(loader.documents.into_iter().next()),
        },
        Err(error) => Err(ParseFailure {
            line: error.marker().line() as u32,
            col: error.marker().col() as u32 + 1,
            reason: error.info().to_string(),
        }),
    }
}

/// The documents of `text`, or where it stops parsing.
pub fn load(text: &str) -> Result<Vec<Yaml>, ScanError> {
    let mut loader = Loader::default();
    Parser::new_from_str(text).load(&mut loader, true)?;
    Ok(loader.documents)
}

/// The Ruby class a tag makes its node an object of (`!ruby/object:Foo`,
/// `!ruby/regexp`), which Psych's safe loading refuses; `None` for other
/// tags (`!ruby/sym`: Puppet permits symbols).
fn ruby_class(tag: &Tag) -> Option<String> {
    if tag.handle != "!" && tag.handle != "tag:ruby.yaml.org,2002:" {
        return None;
    }
    let suffix = tag.suffix.strip_prefix("ruby/").unwrap_or(&tag.suffix);
    let (kind, class) = suffix.split_once(':').unwrap_or((suffix, ""));
    match kind {
        "object" | "struct" | "hash" | "array" | "string" | "exception" if !class.is_empty() => {
            Some(class.to_string())
        }
        "object" | "struct" => Some(if kind == "struct" { "Struct" } else { "Object" }.to_string()),
        "regexp" => Some("Regexp".to_string()),
        "range" => Some("Range".to_string()),
        "class" => Some("Class".to_string()),
        "module" => Some("Module".to_string()),
        _ => None,
    }
}

#[derive(Default)]
struct Loader {
    documents: Vec<Yaml>,
    /// The collections being read, innermost last, with their anchor.
    open: Vec<(Yaml, usize)>,
    /// For each open mapping, the key read whose value is next.
    keys: Vec<Option<Yaml>>,
    anchors: BTreeMap<usize, Yaml>,
    /// The first node tagged as an object of a Ruby class, and where.
    ruby_object: Option<(String, Marker)>,
}

impl MarkedEventReceiver for Loader {
    fn on_event(&mut self, event: Event, mark: Marker) {
        if self.ruby_object.is_none() {
            let tag = match &event {
                Event::SequenceStart(_, tag) | Event::MappingStart(_, tag) => tag.as_ref(),
                Event::Scalar(_, _, _, tag) => tag.as_ref(),
                _ => None,
            };
            if let Some(class) = tag.and_then(ruby_class) {
                self.ruby_object = Some((class, mark));
            }
        }
        match event {
            Event::DocumentEnd => {
                let document = self.open.pop().map_or(Yaml::BadValue, |(node, _)| node);
                self.documents.push(document);
            }
            Event::SequenceStart(anchor, _) => self.open.push((Yaml::Array(Vec::new()), anchor)),
            Event::MappingStart(anchor, _) => {
                self.open.push((Yaml::Hash(Default::default()), anchor));
                self.keys.push(None);
            }
            Event::SequenceEnd => self.close(),
            Event::MappingEnd => {
                self.keys.pop();
                self.close();
            }
            Event::Scalar(text, style, anchor, tag) => {
                let node = scalar(text, style, tag.as_ref());
                self.insert(node, anchor);
            }
            Event::Alias(anchor) => {
                let node = self.anchors.get(&anchor).cloned().unwrap_or(Yaml::BadValue);
                self.insert(node, 0);
            }
            _ => {}
        }
    }
}

impl Loader {
    fn close(&mut self) {
        if let Some((node, anchor)) = self.open.pop() {
            self.insert(node, anchor);
        }
    }

    /// Adds a finished node to the collection around it.
    fn insert(&mut self, node: Yaml, anchor: usize) {
        if anchor > 0 {
            self.anchors.insert(anchor, node.clone());
        }
        match self.open.last_mut() {
            None => self.open.push((node, anchor)),
            Some((Yaml::Array(items), _)) => items.push(node),
            Some((Yaml::Hash(entries), _)) => {
                let key = self.keys.last_mut().expect("a mapping has its key slot");
                match key.take() {
                    None => *key = Some(node),
                    Some(key) => match entries.get_mut(&key) {
                        Some(value) => *value = node,
                        None => {
                            entries.insert(key, node);
                        }
                    },
                }
            }
            Some(_) => {}
        }
    }
}

/// A scalar as yaml-rust2's loader types it: quoted text is a string, a
/// core schema tag says the type, a plain scalar is typed by its form.
fn scalar(text: String, style: TScalarStyle, tag: Option<&Tag>) -> Yaml {
    if style != TScalarStyle::Plain {
        return Yaml::String(text);
    }
    let Some(tag) = tag else {
        return Yaml::from_str(&text);
    };
    if tag.handle != "tag:yaml.org,2002:" {
        return Yaml::String(text);
    }
    match tag.suffix.as_str() {
        "bool" => match text.as_str() {
            "true" | "True" | "TRUE" => Yaml::Boolean(true),
            "false" | "False" | "FALSE" => Yaml::Boolean(false),
            _ => Yaml::BadValue,
        },
        "int" => text.parse().map_or(Yaml::BadValue, Yaml::Integer),
        "float" => match text.parse::<f64>() {
            Ok(_) => Yaml::Real(text),
            Err(_) => Yaml::BadValue,
        },
        "null" => match text.as_str() {
            "~" | "null" => Yaml::Null,
            _ => Yaml::BadValue,
        },
        _ => Yaml::String(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_given_twice_keeps_its_place_and_its_last_value() {
        let documents = load("a: 1\nb: 2\na: 3\n").unwrap();
        let Yaml::Hash(entries) = &documents[0] else {
            panic!("a mapping");
        };
        let read: Vec<(&Yaml, &Yaml)> = entries.iter().collect();
        assert_eq!(
            read,
            [
                (&Yaml::String("a".into()), &Yaml::Integer(3)),
                (&Yaml::String("b".into()), &Yaml::Integer(2))
            ]
        );
    }

    #[test]
    fn anchors_aliases_and_types_read_as_yaml_rust2_reads_them() {
        let text = "base: &b {x: 1}\ncopy: *b\nq: '1'\nt: !!str 2\nn: ~\nf: 1.5\n";
        let ours = load(text).unwrap();
        let theirs = yaml_rust2::YamlLoader::load_from_str(text).unwrap();
        assert_eq!(ours, theirs);
    }

    #[test]
    fn what_does_not_parse_is_an_error() {
        assert!(load("a: [1, 2\n").is_err());
    }
}
