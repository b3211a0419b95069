//! Interpolation in Hiera: `%{...}` in data values (variables, and the
//! functions `lookup`, `hiera`, `alias`, `literal`, `scope`) and in
//! hierarchy paths (variables), as Puppet's `Lookup::Interpolation` does.

use yaml_rust2::Yaml;

use super::explain::Node;
use super::key::{segment_of, split, Segment};
use super::{failure, undefined, Hiera, HieraError, Result, Variables};
use crate::catalog::values::Value;

impl Hiera {
    /// A value of the data: strings interpolated.
    pub(super) fn value_of(&mut self, yaml: &Yaml, variables: Variables) -> Result<Value> {
        Ok(match yaml {
            Yaml::Real(text) => Value::Float(text.parse().unwrap_or(0.0)),
            Yaml::Integer(value) => Value::Integer(*value),
            Yaml::String(text) if text.contains("%{") => self.within(
                || Node::Interpolation(text.clone()),
                |hiera| hiera.interpolate(text, variables),
            )?,
            Yaml::String(text) => Value::Str(text.clone()),
            Yaml::Boolean(value) => Value::Bool(*value),
            Yaml::Array(items) => Value::Array(
                items
                    .iter()
                    .map(|item| self.value_of(item, variables))
                    .collect::<Result<_>>()?,
            ),
            Yaml::Hash(entries) => Value::Hash(
                entries
                    .iter()
                    .map(|(key, value)| {
                        Ok((
                            self.value_of(key, variables)?,
                            self.value_of(value, variables)?,
                        ))
                    })
                    .collect::<Result<_>>()?,
            ),
            _ => Value::Undef,
        })
    }

    /// A data string with its `%{...}` replaced: variables (`%{facts.os.family}`,
    /// `%{::fqdn}`, `%{trusted.certname}`), and the interpolation functions
    /// `lookup`/`hiera` (another key's value as text, empty when there is
    /// none), `alias` (another key's value itself, when it is the whole
    /// string), `literal` and `scope`.
    pub(super) fn interpolate(&mut self, text: &str, variables: Variables) -> Result<Value> {
        if let Some(key) = text
            .strip_prefix("%{")
            .and_then(|rest| rest.strip_suffix('}'))
            .and_then(|call| function_call(call, "alias"))
        {
            return Ok(self
                .nested_lookup(key, variables)?
                .unwrap_or(Value::Str(String::new())));
        }
        let mut out = String::new();
        let mut rest = text;
        while let Some(start) = rest.find("%{") {
            out.push_str(&rest[..start]);
            let Some(end) = rest[start..].find('}').map(|end| end + start) else {
                break;
            };
            let expression = rest[start + 2..end].trim();
            // Puppet's `get_method_and_data`: `name('data')` calls a method.
            if let Some(method) = method_name(expression) {
                match method {
                    "lookup" | "hiera" | "literal" | "scope" => {}
                    "alias" => {
                        return Err(failure(
                            "'alias' interpolation is only permitted if the expression is equal to the entire string"
                                .to_string(),
                        ))
                    }
                    other => {
                        return Err(failure(format!(
                            "Unknown interpolation method '{other}'"
                        )))
                    }
                }
            }
            if let Some(key) =
                function_call(expression, "lookup").or_else(|| function_call(expression, "hiera"))
            {
                let value = self.nested_lookup(key, variables)?.unwrap_or(Value::Undef);
                out.push_str(&value.to_text());
            } else if let Some(literal) = function_call(expression, "literal") {
                out.push_str(literal);
            } else {
                let name = function_call(expression, "scope").unwrap_or(expression);
                out.push_str(&self.scope_variable(name, variables)?.to_text());
            }
            rest = &rest[end + 1..];
        }
        out.push_str(rest);
        Ok(Value::Str(out))
    }

    /// A key the data interpolates (Puppet's `Lookup.lookup` of it): the
    /// invocation's override, else Hiera's value, else its default.
    fn nested_lookup(&mut self, key: &str, variables: Variables) -> Result<Option<Value>> {
        if let Some(value) = self.invocation.override_of(key) {
            return Ok(Some(value.clone()));
        }
        if let Some(value) = self.lookup(key, variables)? {
            return Ok(Some(value));
        }
        Ok(self.invocation.default_of(key).cloned())
    }

    /// A top-scope variable that data interpolates (`::` or not, dotted
    /// into hashes: `facts.os.family`), explained as Puppet's `Global
    /// Scope`; a missing entry of a hash is undef, a missing variable an
    /// error.
    fn scope_variable(&mut self, name: &str, variables: Variables) -> Result<Value> {
        let mut segments =
            split(name).ok_or_else(|| failure(format!("Syntax error in string: %{{{name}}}")))?;
        let root = match segments.remove(0) {
            Segment::Name(name) => name,
            Segment::Index(index) => index.to_string(),
        };
        let root = root.as_str();
        let value = self.within(
            || Node::Scope("Global Scope".to_string()),
            |hiera| {
                let name = root.trim_start_matches("::");
                // The invocation's override, else the variable, else the
                // invocation's default.
                let value = hiera
                    .invocation
                    .override_of(root)
                    .cloned()
                    .or_else(|| variables.variable(name))
                    .or_else(|| hiera.invocation.default_of(root).cloned());
                if let Some(value) = &value {
                    hiera.explain_with(|explanation| explanation.found(root, value));
                }
                Ok(value)
            },
        )?;
        let Some(value) = value else {
            let mut unknown = Unknown {
                strict: self.strictness.variables,
                warnings: &mut self.warnings,
            };
            unknown.variable(undefined(root))?;
            return Ok(Value::Undef);
        };
        if value == Value::Undef {
            return Ok(value);
        }
        Ok(self.dig(value, name, &segments)?.unwrap_or(Value::Undef))
    }
}

/// A hierarchy path with its variables replaced; `None` when a hash
/// holds no entry for a dotted name (`%{facts.missing}`: the level has no
/// file for this node).
pub(super) fn interpolate_path(
    template: &str,
    variables: Variables,
    unknown: &mut Unknown,
) -> Result<Option<String>> {
    let mut rest = template;
    let mut out = String::new();
    while let Some(start) = rest.find("%{") {
        out.push_str(&rest[..start]);
        let Some(end) = rest[start..].find('}').map(|end| end + start) else {
            break;
        };
        let name = rest[start + 2..end].trim();
        let name = function_call(name, "scope").unwrap_or(name);
        match variable(name, variables) {
            Ok(value) => out.push_str(&value.to_text()),
            Err(error) if !name.contains('.') => unknown.variable(error)?,
            Err(_) => return Ok(None),
        }
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    Ok(Some(out))
}

/// The method of `name('data')` or `name("data")`, a word.
fn method_name(expression: &str) -> Option<&str> {
    let (name, call) = expression.split_once('(')?;
    let quoted = call.strip_suffix(')')?;
    let is_quoted = ['\'', '"']
        .into_iter()
        .any(|quote| quoted.len() > 2 && quoted.starts_with(quote) && quoted.ends_with(quote));
    let is_word = !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_');
    (is_quoted && is_word).then_some(name)
}

/// `name('argument')` or `name("argument")`: the argument.
pub(super) fn function_call<'t>(expression: &'t str, name: &str) -> Option<&'t str> {
    let argument = expression
        .strip_prefix(name)?
        .trim_start()
        .strip_prefix('(')?
        .strip_suffix(')')?
        .trim();
    argument
        .strip_prefix('\'')
        .and_then(|quoted| quoted.strip_suffix('\''))
        .or_else(|| {
            argument
                .strip_prefix('"')
                .and_then(|quoted| quoted.strip_suffix('"'))
        })
}

/// A top-scope variable, `::` or not, dotted into hashes and arrays
/// (`facts.os.family`, `var.0`); a missing entry is undef, a missing
/// variable an error.
pub(super) fn variable(name: &str, variables: Variables) -> Result<Value> {
    let name = name.trim_start_matches("::");
    let segments = split(name).unwrap_or_else(|| vec![Segment::Name(name.to_string())]);
    let (root, segments) = segments.split_first().expect("a key has a root");
    let mut value = variables
        .variable(&root.text())
        .ok_or_else(|| undefined(&root.text()))?;
    for segment in segments {
        value = segment_of(&value, segment)
            .ok()
            .flatten()
            .unwrap_or(Value::Undef);
    }
    Ok(value)
}

/// What becomes of an unknown variable: Puppet's error under
/// `strict_variables`, else (Puppet 7's default) nothing, with its warning.
pub(super) struct Unknown<'w> {
    pub strict: bool,
    pub warnings: &'w mut Vec<String>,
}

impl Unknown<'_> {
    fn variable(&mut self, error: HieraError) -> Result<()> {
        if self.strict {
            return Err(error);
        }
        self.warnings.push(error.message);
        Ok(())
    }
}
