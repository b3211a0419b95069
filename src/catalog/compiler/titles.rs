//! The parameters a resource's title gives, as Puppet's
//! `Resource#parse_title` reads them with its type's `title_patterns`: a
//! catalog's resource holds them first, its own parameters overriding
//! them, and leaves out the namevar where it repeats the title.

use std::collections::HashMap;

use crate::catalog::values::{Regexp, Value};
use crate::facts::ruby::{TitlePattern, TypeNaming};

/// Title patterns compiled once per type.
#[derive(Default)]
pub(super) struct Titles {
    compiled: HashMap<String, Vec<(Regexp, Vec<String>)>>,
}

impl Titles {
    /// `(parameter, value)` of the title of a resource of type
    /// `type_name` (lower case) named as `naming` says (`None`: by
    /// `name`, as defined types and classes are); a parameter whose group
    /// took no part in the match has no value (Ruby's `nil`), which the
    /// catalog keeps.
    pub(super) fn parse(
        &mut self,
        type_name: &str,
        naming: Option<&TypeNaming>,
        title: &str,
    ) -> Vec<(String, Option<Value>)> {
        let Some(naming) = naming else {
            return vec![("name".to_string(), Some(Value::string(title)))];
        };
        let Some(patterns) = &naming.title_patterns else {
            return vec![(naming.namevar.clone(), Some(Value::string(title)))];
        };
        let compiled = self
            .compiled
            .entry(type_name.to_string())
            .or_insert_with(|| patterns.iter().map(compile).collect());
        for (regexp, parameters) in compiled.iter() {
            let Some(groups) = regexp.captures_at(title, 0) else {
                continue;
            };
            let mut groups = groups.into_iter().skip(1);
            return parameters
                .iter()
                .map(|name| {
                    let group = groups.next().flatten();
                    let value = group.map(|(start, end)| Value::string(&title[start..end]));
                    (name.clone(), value)
                })
                .collect();
        }
        Vec::new()
    }
}

/// A Ruby regexp with its options: `^` and `$` always match at lines, as
/// Ruby's do.
fn compile(pattern: &TitlePattern) -> (Regexp, Vec<String>) {
    let mut flags = String::from("(?m");
    if pattern.options & 1 != 0 {
        flags.push('i');
    }
    if pattern.options & 2 != 0 {
        flags.push('x');
    }
    if pattern.options & 4 != 0 {
        flags.push('s');
    }
    flags.push(')');
    (
        Regexp::new(format!("{flags}{}", pattern.source)),
        pattern.parameters.clone(),
    )
}
