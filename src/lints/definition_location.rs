use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds a class, define, function or type alias whose name does not
    /// start with the namespace of the module file that holds it
    /// (`<module>/manifests/a/b.pp` holds `module::a::b` and what is nested
    /// in it; `init.pp` the module's own name). Puppet's issue code:
    /// ILLEGAL_DEFINITION_LOCATION.
    ///
    /// ## Why is this bad?
    /// Puppet's autoloader never finds the definition under its name, and
    /// when it loads the file for another name it refuses the file:
    /// "Unacceptable location".
    ///
    /// ## Example
    /// ```puppet
    /// # modules/profile/manifests/web.pp
    /// class profile::webserver { }
    /// ```
    DefinitionLocation { id: "definition-location", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let facts = &context.extraction.facts;
    facts
        .autoload_mismatch
        .iter()
        .filter_map(|row| {
            let entity = context.text(row.entity);
            let namespace = namespace(
                context.module_of(row.file),
                &context.path(row.file).to_string_lossy(),
            )?;
            let name = entity.to_lowercase();
            let accepted = name == namespace || name.starts_with(&format!("{namespace}::"));
            (!accepted).then(|| {
                context.diagnostic(
                    &DefinitionLocation::RULE,
                    row.file,
                    row.line,
                    1,
                    format!(
                        "`{entity}` cannot be defined in this file of module namespace `{namespace}`: the autoloader reads {} for it (ILLEGAL_DEFINITION_LOCATION)",
                        context.text(row.expected)
                    ),
                )
            })
        })
        .collect()
}

/// The namespace Puppet gives a module file: the module, then the
/// directories and file name below `manifests/`, `functions/` or `types/`
/// (`init.pp` directly in `manifests/` adds nothing).
fn namespace(module: &str, path: &str) -> Option<String> {
    let path = path.replace('\\', "/");
    let (_, rest) = ["/manifests/", "/functions/", "/types/"]
        .iter()
        .filter_map(|dir| path.rfind(dir).map(|at| (at, &path[at + dir.len()..])))
        .max_by_key(|(at, _)| *at)?;
    let mut names = vec![module.to_string()];
    let parts: Vec<&str> = rest.split('/').collect();
    let (file, dirs) = parts.split_last()?;
    names.extend(dirs.iter().map(|dir| dir.to_string()));
    let stem = file.strip_suffix(".pp")?;
    if !(dirs.is_empty() && stem == "init") {
        names.push(stem.to_string());
    }
    Some(names.join("::").to_lowercase())
}
