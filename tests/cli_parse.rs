//! `pfacts parse` as a user runs it: output format, exit status, the walk,
//! and inputs that must neither crash, hang nor stop the run.
//!
//! - `clean_tree_exits_zero`: no output and status 0 when all parses.
//! - `syntax_error_is_printed_with_path_line_and_column`: the message format.
//! - `missing_path_is_an_io_error_and_the_rest_still_parses`: status 2.
//! - `unknown_flag_is_a_usage_error`: status 2.
//! - `stats_reports_files_bytes_seconds_and_throughput`.
//! - `timings_time_the_parts_only_on_request`: `PFACTS_TIMINGS` names the
//!   stages, `PFACTS_TIMINGS=parts` their parts too.
//! - `walk_skips_hidden_and_ignored_and_non_manifests`: like ripgrep.
//! - `explicit_file_is_parsed_whatever_its_name`.
//! - `byte_order_mark_is_reported_and_the_file_still_parsed`.
//! - `invalid_utf8_is_located_and_other_files_still_parsed`.
//! - `binary_file_is_reported_not_parsed`.
//! - `empty_file_is_clean`.
//! - `deep_nesting_does_not_overflow`: 100,000 levels, closed and unclosed,
//!   parsed and extracted.
//! - `fifty_megabyte_file_parses`.
//! - `output_is_sorted_by_path`: parallel parsing, deterministic output.

use std::fs;
use std::path::Path;

use assert_cmd::Command;
use tempfile::TempDir;

fn pfacts() -> Command {
    Command::cargo_bin("pfacts").unwrap()
}

fn write(dir: &Path, relative: &str, content: impl AsRef<[u8]>) {
    let path = dir.join(relative);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, content).unwrap();
}

/// Runs `pfacts parse ARGS` in `dir`; returns (status, stdout, stderr).
fn parse_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let output = pfacts()
        .current_dir(dir)
        .arg("parse")
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn clean_tree_exits_zero() {
    let dir = TempDir::new().unwrap();
    write(
        dir.path(),
        "manifests/site.pp",
        "node default { include base }\n",
    );
    write(
        dir.path(),
        "modules/base/manifests/init.pp",
        "class base { file { '/tmp/x': ensure => file } }\n",
    );
    let (status, stdout, stderr) = parse_in(dir.path(), &["."]);
    assert_eq!((status, stdout.as_str(), stderr.as_str()), (0, "", ""));
}

#[test]
fn syntax_error_is_printed_with_path_line_and_column() {
    let dir = TempDir::new().unwrap();
    write(dir.path(), "a.pp", "class a {\n  $x = [1, 2 =>> 3]\n}\n");
    let (status, stdout, _) = parse_in(dir.path(), &["a.pp"]);
    assert_eq!(status, 1);
    // `=>` then `>`: after `=>` a value was due.
    assert!(
        stdout
            .starts_with("a.pp:2:16: error: syntax error: unexpected `>`; expected an expression"),
        "{stdout}"
    );
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
}

#[test]
fn missing_path_is_an_io_error_and_the_rest_still_parses() {
    let dir = TempDir::new().unwrap();
    write(dir.path(), "bad.pp", "$x = \n");
    let (status, stdout, stderr) = parse_in(dir.path(), &["nowhere", "bad.pp"]);
    assert_eq!(status, 2);
    assert!(stderr.starts_with("nowhere: error: "), "{stderr}");
    assert!(stdout.starts_with("bad.pp:"), "{stdout}");
}

#[test]
fn unknown_flag_is_a_usage_error() {
    let dir = TempDir::new().unwrap();
    let (status, _, stderr) = parse_in(dir.path(), &["--no-such-flag"]);
    assert_eq!(status, 2);
    assert!(stderr.contains("--no-such-flag"), "{stderr}");
}

#[test]
fn stats_reports_files_bytes_seconds_and_throughput() {
    let dir = TempDir::new().unwrap();
    write(dir.path(), "a.pp", "$a = 1\n");
    write(dir.path(), "b.pp", "$b = 22\n");
    let (status, stdout, _) = parse_in(dir.path(), &["--stats", "."]);
    assert_eq!(status, 0);
    let words: Vec<&str> = stdout.split_whitespace().collect();
    assert_eq!(&words[..4], ["2", "files,", "15", "bytes,"], "{stdout}");
    assert_eq!((words[5], words[7]), ("s,", "MB/s"), "{stdout}");
}

/// Timing a part costs two system calls per file, which would slow the
/// stages whose time is printed: parts are timed only when asked for.
#[test]
fn timings_time_the_parts_only_on_request() {
    let dir = TempDir::new().unwrap();
    write(dir.path(), "a.pp", "$a = 1\n");
    write(dir.path(), "b.pp", "$b = 22\n");
    let stderr = |timings: &str| {
        let output = pfacts()
            .current_dir(dir.path())
            .env("PFACTS_TIMINGS", timings)
            .args(["parse", "."])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0));
        String::from_utf8(output.stderr).unwrap()
    };
    let parts = stderr("parts");
    let part = parts
        .lines()
        .find(|line| line.starts_with("pfacts: timing:   parsing manifests"))
        .unwrap_or_else(|| panic!("no part timed: {parts}"));
    assert!(part.ends_with("ms CPU in 2 runs"), "{part}");
    let stages = stderr("1");
    let named: Vec<&str> = stages
        .lines()
        .map(|line| line.split("  ").next().unwrap_or(line))
        .collect();
    assert_eq!(
        named,
        ["pfacts: timing: discover files", "pfacts: timing: parse"],
        "{stages}"
    );
}

#[test]
fn walk_skips_hidden_and_ignored_and_non_manifests() {
    let dir = TempDir::new().unwrap();
    let broken = "class {\n";
    write(dir.path(), ".hidden/a.pp", broken);
    write(dir.path(), "vendor/b.pp", broken);
    write(dir.path(), ".gitignore", "vendor/\n");
    write(dir.path(), "notes.txt", broken);
    write(dir.path(), "templates/c.erb", broken);
    write(dir.path(), "seen/d.pp", broken);
    let (status, stdout, _) = parse_in(dir.path(), &["."]);
    assert_eq!(status, 1);
    let paths: Vec<&str> = stdout
        .lines()
        .map(|line| line.split(':').next().unwrap())
        .collect();
    assert_eq!(paths, ["./seen/d.pp"]);
}

#[test]
fn explicit_file_is_parsed_whatever_its_name() {
    let dir = TempDir::new().unwrap();
    write(dir.path(), "site.manifest", "class {\n");
    let (status, stdout, _) = parse_in(dir.path(), &["site.manifest"]);
    assert_eq!(status, 1);
    assert!(stdout.starts_with("site.manifest:1:"), "{stdout}");
}

#[test]
fn byte_order_mark_is_reported_and_the_file_still_parsed() {
    let dir = TempDir::new().unwrap();
    write(dir.path(), "bom.pp", "\u{feff}$a = 1\n$b = [\n");
    let (status, stdout, _) = parse_in(dir.path(), &["bom.pp"]);
    assert_eq!(status, 1);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(
        lines[0].starts_with("bom.pp:1:1: error: byte-order mark"),
        "{stdout}"
    );
    assert!(lines[1].starts_with("bom.pp:2:"), "{stdout}");
}

#[test]
fn invalid_utf8_is_located_and_other_files_still_parsed() {
    let dir = TempDir::new().unwrap();
    write(dir.path(), "a.pp", b"$a = 1\n$b = '\xe9t\xe9'\n");
    write(dir.path(), "b.pp", "$c = (\n");
    let (status, stdout, _) = parse_in(dir.path(), &["."]);
    assert_eq!(status, 1);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert_eq!(
        lines[0],
        "./a.pp:2:7: error: invalid UTF-8 (byte 0xe9): Puppet reads manifests as UTF-8; the file is not parsed"
    );
    assert!(lines[1].starts_with("./b.pp:"), "{stdout}");
}

#[test]
fn binary_file_is_reported_not_parsed() {
    let dir = TempDir::new().unwrap();
    write(dir.path(), "blob.pp", b"\x7fELF\x02\x01\x01\0\0\0");
    let (status, stdout, _) = parse_in(dir.path(), &["blob.pp"]);
    assert_eq!(status, 1);
    assert_eq!(
        stdout,
        "blob.pp:1:8: error: binary file (NUL byte): not Puppet source; the file is not parsed\n"
    );
}

#[test]
fn empty_file_is_clean() {
    let dir = TempDir::new().unwrap();
    write(dir.path(), "empty.pp", "");
    assert_eq!(
        parse_in(dir.path(), &["empty.pp"]),
        (0, String::new(), String::new())
    );
}

#[test]
fn deep_nesting_does_not_overflow() {
    const DEPTH: usize = 100_000;
    let dir = TempDir::new().unwrap();
    let open = "[".repeat(DEPTH);
    let close = "]".repeat(DEPTH);
    write(dir.path(), "arrays.pp", format!("$x = {open}{close}\n"));
    write(
        dir.path(),
        "ifs.pp",
        format!("{}{}\n", "if $a { ".repeat(DEPTH), "}".repeat(DEPTH)),
    );
    write(dir.path(), "unclosed.pp", format!("$x = {open}\n"));
    let (status, stdout, stderr) = parse_in(dir.path(), &["."]);
    assert_eq!(status, 1, "{stderr}");
    let paths: Vec<&str> = stdout
        .lines()
        .map(|line| line.split(':').next().unwrap())
        .collect();
    assert_eq!(paths, ["./unclosed.pp"], "{stdout}");
    // The extractor's walk and its checks go as deep, in linear time.
    let output = pfacts()
        .current_dir(dir.path())
        .args(["extract", ".", "-o", "facts"])
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    let references = fs::read_to_string(dir.path().join("facts/var_ref.csv")).unwrap();
    // A header, the `$a` of every `if`, and the `$x` of the unclosed file,
    // which error recovery leaves outside any assignment.
    assert_eq!(references.lines().count(), 1 + DEPTH + 1, "{stderr}");
}

#[test]
fn fifty_megabyte_file_parses() {
    let dir = TempDir::new().unwrap();
    let chunk = "class big::part (String $name = 'x') {\n  file { \"/tmp/${name}\": ensure => file, mode => '0644' }\n}\n";
    write(
        dir.path(),
        "big.pp",
        chunk.repeat(50_000_000 / chunk.len() + 1),
    );
    let (status, stdout, stderr) = parse_in(dir.path(), &["--stats", "big.pp"]);
    assert_eq!(status, 0, "{stdout}{stderr}");
    assert!(stdout.starts_with("1 files, 500"), "{stdout}");
}

#[test]
fn output_is_sorted_by_path() {
    let dir = TempDir::new().unwrap();
    let names: Vec<String> = (0..40)
        .rev()
        .map(|index| format!("f{index:02}.pp"))
        .collect();
    for name in &names {
        write(dir.path(), name, "$x = (\n");
    }
    let (_, stdout, _) = parse_in(dir.path(), &["."]);
    let paths: Vec<&str> = stdout
        .lines()
        .map(|line| line.split(':').next().unwrap())
        .collect();
    let mut sorted = paths.clone();
    sorted.sort();
    assert_eq!(paths.len(), 40);
    assert_eq!(paths, sorted);
}
