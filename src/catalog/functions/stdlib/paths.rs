//! Paths as Ruby's `File` reads them: `basename`, `dirname`,
//! `stdlib::extname`.

use super::Version;
use crate::catalog::functions::{fault, Args, Context, Registry};
use crate::catalog::values::ruby::legacy_args;
use crate::catalog::values::Value;
use crate::catalog::Result;

pub fn register(registry: &mut Registry, _version: Version) {
    registry
        .legacy("basename", -1, basename)
        .legacy("dirname", -1, dirname)
        .add("stdlib::extname", "String $filename", |_, args| {
            Ok(Value::Str(extname(&args.get(0).to_text()).to_string()))
        });
}

fn basename(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    match args.as_slice() {
        [] => Err(fault("basename(): No arguments given")),
        [_, _, _, ..] => Err(fault(format!(
            "basename(): Too many arguments given ({})",
            args.len()
        ))),
        [Value::Str(path)] => Ok(Value::Str(file_basename(path, None))),
        [Value::Str(path), Value::Str(suffix)] => Ok(Value::Str(file_basename(path, Some(suffix)))),
        [Value::Str(_), _] => Err(fault("basename(): Requires string as second argument")),
        _ => Err(fault("basename(): Requires string as first argument")),
    }
}

fn dirname(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    match args.as_slice() {
        [] => Err(fault("dirname(): No arguments given")),
        [_, _, ..] => Err(fault(format!(
            "dirname(): Too many arguments given ({})",
            args.len()
        ))),
        [Value::Str(path)] if path.is_empty() => {
            Err(fault("dirname(): Requires a non-empty string as argument"))
        }
        [Value::Str(path)] => Ok(Value::Str(file_dirname(path))),
        _ => Err(fault("dirname(): Requires string as argument")),
    }
}

/// Ruby's `File.basename(path, suffix)`: the last part, without
/// trailing slashes, and without `suffix` (any extension for `.*`) when
/// something remains.
pub fn file_basename(path: &str, suffix: Option<&str>) -> String {
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return if path.is_empty() {
            String::new()
        } else {
            "/".to_string()
        };
    }
    let base = &trimmed[trimmed.rfind('/').map_or(0, |at| at + 1)..];
    match suffix {
        Some(".*") => {
            let extension = extname(base);
            match base.strip_suffix(extension) {
                Some(stem) if !extension.is_empty() && !stem.is_empty() => stem.to_string(),
                _ => base.to_string(),
            }
        }
        Some(suffix) if !suffix.is_empty() && base != suffix => {
            base.strip_suffix(suffix).unwrap_or(base).to_string()
        }
        _ => base.to_string(),
    }
}

/// Ruby's `File.dirname`: all but the last part, `.` when there is one
/// part, `/` at the root.
pub fn file_dirname(path: &str) -> String {
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return if path.starts_with('/') { "/" } else { "." }.to_string();
    }
    match trimmed.rfind('/') {
        None => ".".to_string(),
        Some(at) => {
            let head = trimmed[..at].trim_end_matches('/');
            if head.is_empty() {
                "/".to_string()
            } else {
                head.to_string()
            }
        }
    }
}

/// Ruby's `File.extname`: from the last dot of the last part, leading
/// dots aside; a final dot alone is `.`.
pub fn extname(path: &str) -> &str {
    let trimmed = path.trim_end_matches('/');
    let base = &trimmed[trimmed.rfind('/').map_or(0, |at| at + 1)..];
    let name = base.trim_start_matches('.');
    match name.rfind('.') {
        Some(at) => &name[at..],
        None => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_split_as_ruby_splits_them() {
        assert_eq!(file_dirname("//a"), "/");
        assert_eq!(file_dirname("a/b/"), "a");
        assert_eq!(file_dirname("/a/b//"), "/a");
        assert_eq!(file_dirname("a"), ".");
        assert_eq!(file_basename("/a/b/", None), "b");
        assert_eq!(file_basename("//", None), "/");
        assert_eq!(file_basename(".rb", Some(".rb")), ".rb");
        assert_eq!(file_basename("a.rb", Some("rb")), "a.");
        assert_eq!(file_basename("a.rb", Some(".*")), "a");
        assert_eq!(extname("foo."), ".");
        assert_eq!(extname(".bashrc"), "");
        assert_eq!(extname("..a"), "");
        assert_eq!(extname(".a.b"), ".b");
        assert_eq!(extname("a.rb/"), ".rb");
    }
}
