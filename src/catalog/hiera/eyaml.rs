//! Values of a level read by hiera-eyaml's `eyaml_lookup_key`: YAML whose
//! strings may hold `ENC[...]`, which only the server's private key
//! decrypts. pfacts does not decrypt them: such a string is a marked
//! value, every other one is interpolated as Puppet's function does.

use std::path::Path;

use yaml_rust2::Yaml;

use super::{Hiera, Result, Variables};
use crate::catalog::values::Value;

impl Hiera {
    /// Puppet's `decrypt_value`: strings decrypted (here marked) when
    /// encrypted, then interpolated; hash keys interpolated; arrays and
    /// hashes walked.
    pub(super) fn eyaml_value_of(
        &mut self,
        yaml: &Yaml,
        variables: Variables,
        file: &Path,
        key: &str,
    ) -> Result<Value> {
        Ok(match yaml {
            Yaml::String(text) if is_encrypted(text) => Value::unevaluated(
                format!("the encrypted value of `{key}` in {}", file.display()),
                "pfacts does not decrypt eyaml (ENC[...]): that needs the server's private key",
                None,
            ),
            Yaml::Array(items) => Value::Array(
                items
                    .iter()
                    .map(|item| self.eyaml_value_of(item, variables, file, key))
                    .collect::<Result<_>>()?,
            ),
            Yaml::Hash(entries) => Value::Hash(
                entries
                    .iter()
                    .map(|(name, value)| {
                        Ok((
                            self.value_of(name, variables)?,
                            self.eyaml_value_of(value, variables, file, key)?,
                        ))
                    })
                    .collect::<Result<_>>()?,
            ),
            other => self.value_of(other, variables)?,
        })
    }
}

/// hiera-eyaml's `encrypted?`: the text holds `ENC[...]`.
fn is_encrypted(text: &str) -> bool {
    text.find("ENC[")
        .is_some_and(|start| text[start + 4..].contains(']'))
}
