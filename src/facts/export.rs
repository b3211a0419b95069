//! Writing facts: one file per relation, rows sorted, each file written to a
//! temporary file and renamed into place, so that it is there completely or
//! not at all.

use std::fmt::Write as _;
use std::fs;
use std::io::{self, Write};
use std::path::Path;

use super::intern::Interner;
use super::schema::{Facts, RelationSchema, Value, RELATIONS};

/// How facts are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// `<relation>.csv` with a header row.
    Csv,
    /// Soufflé's input convention: tab-separated `<relation>.facts` without
    /// header, and `schema.dl` declaring every relation.
    Souffle,
    /// `<relation>.json`: an array of objects.
    Json,
}

/// Writes every relation of `facts` to `dir` (created if missing).
pub fn write(dir: &Path, facts: &Facts, interner: &Interner, format: Format) -> io::Result<()> {
    fs::create_dir_all(dir)?;
    for (schema, mut rows) in RELATIONS.iter().zip(facts.tables(interner)) {
        rows.sort();
        rows.dedup();
        let (extension, content) = match format {
            Format::Csv => ("csv", csv_text(schema, &rows)?),
            Format::Souffle => ("facts", souffle_text(&rows)),
            Format::Json => ("json", json_text(schema, &rows)?),
        };
        write_atomically(
            &dir.join(format!("{}.{extension}", schema.name)),
            content.as_bytes(),
        )?;
    }
    if format == Format::Souffle {
        write_atomically(&dir.join("schema.dl"), souffle_schema().as_bytes())?;
    }
    Ok(())
}

fn write_atomically(path: &Path, content: &[u8]) -> io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut temporary = tempfile::NamedTempFile::new_in(dir)?;
    temporary.write_all(content)?;
    temporary.as_file().sync_all()?;
    temporary.persist(path).map_err(|error| error.error)?;
    Ok(())
}

fn plain(value: &Value) -> String {
    match value {
        Value::Number(number) => number.to_string(),
        Value::Bool(flag) => flag.to_string(),
        Value::Text(text) => text.to_string(),
    }
}

fn csv_text(schema: &RelationSchema, rows: &[Vec<Value>]) -> io::Result<String> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.write_record(schema.columns.iter().map(|column| column.name))?;
    for row in rows {
        writer.write_record(row.iter().map(plain))?;
    }
    let bytes = writer.into_inner().map_err(|error| error.into_error())?;
    Ok(String::from_utf8(bytes).expect("facts are UTF-8"))
}

/// Soufflé reads a field up to the next tab or newline: those and `\` are
/// written escaped (`\t`, `\n`, `\r`, `\\`). Booleans are numbers 0 and 1.
fn souffle_text(rows: &[Vec<Value>]) -> String {
    let mut text = String::new();
    for row in rows {
        for (index, value) in row.iter().enumerate() {
            if index > 0 {
                text.push('\t');
            }
            match value {
                Value::Number(number) => write!(text, "{number}").expect("writing to a string"),
                Value::Bool(flag) => text.push(if *flag { '1' } else { '0' }),
                Value::Text(value) => {
                    for c in value.chars() {
                        match c {
                            '\t' => text.push_str("\\t"),
                            '\n' => text.push_str("\\n"),
                            '\r' => text.push_str("\\r"),
                            '\\' => text.push_str("\\\\"),
                            c => text.push(c),
                        }
                    }
                }
            }
        }
        text.push('\n');
    }
    text
}

fn json_text(schema: &RelationSchema, rows: &[Vec<Value>]) -> io::Result<String> {
    let mut text = String::from("[");
    for (index, row) in rows.iter().enumerate() {
        let object: serde_json::Map<String, serde_json::Value> = schema
            .columns
            .iter()
            .zip(row)
            .map(|(column, value)| Ok((column.name.to_string(), serde_json::to_value(value)?)))
            .collect::<Result<_, serde_json::Error>>()?;
        text.push_str(if index == 0 { "\n" } else { ",\n" });
        text.push_str(&serde_json::to_string(&object)?);
    }
    text.push_str("\n]\n");
    Ok(text)
}

/// Soufflé declarations of every relation, with `.input` directives that
/// read the `.facts` files.
pub fn souffle_schema() -> String {
    let mut text = String::from(
        "// The facts of pfacts, as Soufflé relations (`pfacts schema --format souffle`).\n",
    );
    for relation in RELATIONS {
        let columns: Vec<String> = relation
            .columns
            .iter()
            .map(|column| {
                format!(
                    "{}: {}",
                    column.name,
                    if column.symbol { "symbol" } else { "number" }
                )
            })
            .collect();
        let summary = relation.doc.lines().next().unwrap_or_default();
        writeln!(
            text,
            "\n// {summary}\n.decl {}({})\n.input {}",
            relation.name,
            columns.join(", "),
            relation.name
        )
        .expect("writing to a string");
    }
    text
}

/// The schema as Markdown: `docs/facts.md`.
pub fn markdown_schema() -> String {
    let mut text = String::from(
        "# Facts\n\n\
         The relations `pfacts extract` writes, generated by `pfacts schema` from\n\
         `src/facts/schema.rs`. Column types: `text` (a string), `id` (an entity:\n\
         scope, resource, default, reference or collector; id 0 is top scope),\n\
         `file` (a file's id, from 1 in path order; 0 for what Puppet has built in),\n\
         `number`, `bool`. Lines and columns count from 1; columns count\n\
         characters.\n",
    );
    for relation in RELATIONS {
        writeln!(text, "\n## `{}`\n", relation.name).expect("writing to a string");
        let columns: Vec<String> = relation
            .columns
            .iter()
            .map(|column| format!("`{}`: {}", column.name, column.type_name))
            .collect();
        writeln!(text, "Columns: {}.\n", columns.join(", ")).expect("writing to a string");
        for line in relation.doc.lines() {
            writeln!(text, "{}", line.strip_prefix(' ').unwrap_or(line))
                .expect("writing to a string");
        }
    }
    text
}
