//! The modules' files: `file` (a file's text), `binary_file`, `find_file`,
//! `find_template`, `module_directory`; and `import`, which Puppet 4
//! discontinued.

use crate::catalog::functions::{fault, Args, Context, ModuleFiles, Registry};
use crate::catalog::values::Value;
use crate::catalog::Result;

pub fn register(registry: &mut Registry) {
    registry
        .legacy("file", -2, file)
        .add("binary_file", "String $path", binary_file)
        .add("find_file", "String *$paths", |c, a| {
            find(c, &a.values, ModuleFiles::Files)
        })
        .add("find_file", "Array[String] *$paths_array", |c, a| {
            find(c, first_array(&a), ModuleFiles::Files)
        })
        .add("find_template", "String *$paths", |c, a| {
            find(c, &a.values, ModuleFiles::Templates)
        })
        .add("find_template", "Array[String] *$paths_array", |c, a| {
            find(c, first_array(&a), ModuleFiles::Templates)
        })
        .add("module_directory", "String *$names", |c, a| {
            module_directory(c, &a.values)
        })
        .add("module_directory", "Array[String] *$names", |c, a| {
            module_directory(c, first_array(&a))
        })
        .add("import", "Any *$args", |_, _| {
            Err(fault(
                "Use of 'import' has been discontinued in favor of a manifest directory. \
                 See http://links.puppet.com/puppet-import-deprecation",
            ))
        });
}

/// The array an `Array[String]` dispatch takes its names from (Puppet
/// reads the first).
fn first_array<'v>(args: &'v Args<'_>) -> &'v [Value] {
    match args.get(0) {
        Value::Array(items) => items,
        _ => &[],
    }
}

/// The text of the first file of the arguments that exists.
fn file(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    for reference in &args.values {
        let Some(path) = context.find_module_file(&reference.to_text(), ModuleFiles::Files) else {
            continue;
        };
        let bytes =
            std::fs::read(&path).map_err(|e| fault(format!("file(): {}: {e}", path.display())))?;
        return Ok(Value::Str(String::from_utf8_lossy(&bytes).into_owned()));
    }
    let names: Vec<String> = args.values.iter().map(Value::to_text).collect();
    Err(fault(format!(
        "Could not find any files from {}",
        names.join(", ")
    )))
}

/// Puppet reads the file into a `Binary`, which pfacts has no value for.
fn binary_file(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let reference = args.get(0).to_text();
    match context.find_module_file(&reference, ModuleFiles::Files) {
        Some(path) => Ok(context.unevaluated(
            format!("binary_file('{reference}')"),
            &format!(
                "pfacts has no Binary values (the file is {})",
                path.display()
            ),
        )),
        None => Err(fault(format!(
            "binary_file(): The given file '{reference}' does not exist"
        ))),
    }
}

/// The path of the first reference that names a file; undef when none
/// does.
fn find(context: &mut dyn Context, references: &[Value], kind: ModuleFiles) -> Result<Value> {
    Ok(references
        .iter()
        .find_map(|reference| context.find_module_file(&reference.to_text(), kind))
        .map_or(Value::Undef, |path| {
            Value::Str(path.to_string_lossy().into_owned())
        }))
}

/// The directory of the first module of the names on the modulepath;
/// undef when none is.
fn module_directory(context: &mut dyn Context, names: &[Value]) -> Result<Value> {
    Ok(names
        .iter()
        .find_map(|name| context.module_directory(&name.to_text()))
        .map_or(Value::Undef, |path| {
            Value::Str(path.to_string_lossy().into_owned())
        }))
}
