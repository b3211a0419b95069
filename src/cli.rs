//! The `pfacts` command line.
//!
//! Exit status: 0 when nothing was found, 1 when the analyzed code has
//! findings (syntax errors included), 2 on a usage or I/O error. Errors
//! that do not stop the run are reported as they come and remembered for
//! the exit status: the rest of the tree is still analyzed.

mod lookup;
mod node;

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Args, Parser, Subcommand};
use rayon::prelude::*;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::baseline::{self, Baseline};
use crate::config::{Config, FailOn, Origin, PuppetVersion, Setting};
use crate::diagnostic::{Diagnostic, Kind};
use crate::facts::{self, export};
use crate::lints;
use crate::query;
use crate::report;
use crate::source;
use crate::suppression;
use crate::syntax;

#[derive(Debug, Parser)]
#[command(
    name = "pfacts",
    version,
    about = "Static analyzer for the Puppet language"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Parse manifests and report their syntax errors.
    Parse(ParseArgs),
    /// Extract facts from manifests and Ruby plugins, one file per relation.
    Extract(ExtractArgs),
    /// Print the fact schema (Markdown, or Soufflé declarations).
    Schema(SchemaArgs),
    /// Run every rule and report what it finds.
    Check(CheckArgs),
    /// List the rules, or explain one.
    Rules(RulesArgs),
    /// Print the effective configuration and where each value comes from.
    Config(ConfigArgs),
    /// Print a derived relation (`pfacts query --list` for the names).
    Query(QueryArgs),
    /// Compile a node's catalog from an environment, as Puppet 7 does.
    Catalog(CatalogArgs),
    /// Look a key up in Hiera as a node would, as `puppet lookup` does.
    Lookup(lookup::LookupArgs),
}

#[derive(Debug, Args)]
struct CatalogArgs {
    /// The environment: `manifests/`, `modules/`.
    envdir: PathBuf,

    #[command(flatten)]
    target: node::NodeArgs,

    /// Unknown variables are errors, as Puppet's `strict_variables` (on in
    /// Puppet 8); off by default, as in Puppet 7.
    #[arg(long)]
    strict_variables: bool,

    /// What becomes of code Puppet only warns about, as Puppet's `strict`
    /// setting: `warning` (Puppet 7's default), `error` (Puppet 8's) or
    /// `off`.
    #[arg(long, value_enum, default_value = "warning")]
    strict: StrictArg,

    /// Run the modules' Ruby functions and ERB templates with the system's
    /// `ruby`, through a shim of Puppet's function API. Off by default: it
    /// runs the repository's code. Without it, their values are marked
    /// unevaluated (ERB that pfacts reads itself is rendered).
    #[arg(long)]
    ruby: bool,

    /// Compile as this Puppet version does by default: 8 (or OpenVox 8)
    /// is `--strict-variables --strict error`, with the facts less
    /// Facter's legacy ones (`include_legacy_facts=false`).
    #[arg(long, value_name = "VERSION", value_parser = puppet_version,
          conflicts_with_all = ["strict_variables", "strict", "diff_puppet"])]
    puppet: Option<PuppetVersion>,

    /// Print what differs between the node's catalog as Puppet 7 compiles
    /// it (or with the strictness given) and as Puppet VERSION (8)
    /// compiles it: Puppet 8's error, or resources added (`+`), removed
    /// (`-`) and parameters changed (`~`). Exit status 1 when they differ.
    #[arg(long, value_name = "VERSION", value_parser = puppet_version)]
    diff_puppet: Option<PuppetVersion>,
}

/// Puppet's `strict` setting.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum StrictArg {
    Off,
    Warning,
    Error,
}

#[derive(Debug, Args)]
struct CheckArgs {
    /// Files and directories, as for `extract`.
    #[arg(default_value = ".")]
    paths: Vec<PathBuf>,

    #[arg(long, value_enum, default_value = "text")]
    format: report::Format,

    /// The configuration file (default: the nearest `pfacts.toml` from
    /// the current directory up).
    #[arg(long)]
    config: Option<PathBuf>,

    /// Which findings fail the run (exit status 1); overrides `fail-on`
    /// of the configuration.
    #[arg(long, value_enum)]
    fail_on: Option<FailOn>,

    /// Check for this Puppet version (7 or 8); overrides `puppet` of the
    /// configuration. 8 turns on the rules of the move from Puppet 7
    /// (`legacy-fact`).
    #[arg(long, value_name = "VERSION", value_parser = puppet_version)]
    puppet: Option<PuppetVersion>,

    /// Exit with status 0 even when findings fail the run (a usage or I/O
    /// error still exits with 2): to look at findings, not to gate.
    #[arg(long)]
    exit_zero: bool,

    /// Also list the findings that `# pfacts:ignore` comments silence.
    #[arg(long)]
    show_suppressed: bool,

    /// Report and fail only on findings that this baseline file does not
    /// record.
    #[arg(long, conflicts_with = "write_baseline")]
    baseline: Option<PathBuf>,

    /// Record the current findings in this baseline file.
    #[arg(long)]
    write_baseline: Option<PathBuf>,

    /// Rewrite what can be rewritten safely, in place: legacy facts to the
    /// structured facts that hold their values (manifests on their syntax
    /// tree, never into code that does not parse; templates and Hiera's
    /// files on the read's text). Reports what is left.
    #[arg(long)]
    fix: bool,
}

#[derive(Debug, Args)]
struct RulesArgs {
    /// Print this rule's documentation.
    #[arg(long, value_name = "RULE")]
    explain: Option<String>,
}

#[derive(Debug, Args)]
struct ConfigArgs {
    /// The configuration file (default: the nearest `pfacts.toml`).
    #[arg(long)]
    config: Option<PathBuf>,
}

#[derive(Debug, Args)]
struct QueryArgs {
    /// The query's name.
    #[arg(required_unless_present = "list")]
    name: Option<String>,

    /// Files and directories, as for `extract`.
    #[arg(default_value = ".")]
    paths: Vec<PathBuf>,

    #[arg(long, value_enum, default_value = "table")]
    format: QueryFormat,

    /// List the queries.
    #[arg(long)]
    list: bool,

    /// The configuration file (default: the nearest `pfacts.toml`); its
    /// ignored paths, modulepath and known names apply.
    #[arg(long)]
    config: Option<PathBuf>,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum QueryFormat {
    Table,
    Csv,
    Json,
}

#[derive(Debug, Args)]
struct ExtractArgs {
    /// Files and directories; directories are searched for `*.pp` and for
    /// Ruby plugins under `lib/puppet/`.
    #[arg(default_value = ".")]
    paths: Vec<PathBuf>,

    /// Directory to write the relations to.
    #[arg(long, short = 'o')]
    output: PathBuf,

    #[arg(long, value_enum, default_value = "csv")]
    format: export::Format,

    /// The configuration file (default: the nearest `pfacts.toml`); its
    /// ignored paths, modulepath and known names apply.
    #[arg(long)]
    config: Option<PathBuf>,
}

#[derive(Debug, Args)]
struct SchemaArgs {
    #[arg(long, value_enum, default_value = "markdown")]
    format: SchemaFormat,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum SchemaFormat {
    Markdown,
    Souffle,
}

#[derive(Debug, Args)]
struct ParseArgs {
    /// Files and directories; directories are searched for `*.pp`.
    #[arg(default_value = ".")]
    paths: Vec<PathBuf>,

    /// Print the number of files and bytes, the time taken and the
    /// throughput.
    #[arg(long)]
    stats: bool,

    /// Number of threads (default: one per core).
    #[arg(long, short = 'j')]
    threads: Option<usize>,
}

/// How a run ended, for the exit status.
#[derive(Debug, Default)]
struct Outcome {
    findings: bool,
    io_errors: bool,
}

impl Outcome {
    fn record(&mut self, diagnostic: &Diagnostic) {
        match diagnostic.kind {
            Kind::Finding => self.findings = true,
            Kind::Io => self.io_errors = true,
        }
    }

    fn exit_code(&self) -> ExitCode {
        if self.io_errors {
            ExitCode::from(2)
        } else if self.findings {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }
}

/// Runs the command line of this process.
pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let _ = error.print();
            return if error.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match cli.command {
        Command::Parse(args) => parse(args),
        Command::Extract(args) => extract(args),
        Command::Check(args) => check(args),
        Command::Query(args) => run_query(args),
        Command::Catalog(args) => catalog(args),
        Command::Lookup(args) => lookup::lookup(args),
        Command::Config(args) => match Config::load(args.config.as_deref()) {
            Ok(config) => {
                print!("{}", config.describe());
                ExitCode::SUCCESS
            }
            Err(error) => {
                eprintln!("{error}");
                ExitCode::from(2)
            }
        },
        Command::Rules(RulesArgs { explain: Some(id) }) => match lints::find(&id) {
            Some(rule) => {
                print!("{}", rule.markdown());
                ExitCode::SUCCESS
            }
            None => {
                eprintln!("pfacts: no rule named `{id}` (pfacts rules)");
                ExitCode::from(2)
            }
        },
        Command::Rules(RulesArgs { explain: None }) => {
            for rule in lints::rules() {
                let default = if rule.enabled {
                    ""
                } else {
                    " (off by default)"
                };
                println!(
                    "{:<26} {:<8} {}{default}",
                    rule.id,
                    rule.severity.to_string(),
                    rule.summary()
                );
            }
            ExitCode::SUCCESS
        }
        Command::Schema(args) => {
            let text = match args.format {
                SchemaFormat::Markdown => export::markdown_schema(),
                SchemaFormat::Souffle => export::souffle_schema(),
            };
            print!("{text}");
            ExitCode::SUCCESS
        }
    }
}

fn puppet_version(text: &str) -> Result<PuppetVersion, String> {
    let number: u8 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a Puppet version: 7 or 8"))?;
    PuppetVersion::try_from(number)
}

fn check(args: CheckArgs) -> ExitCode {
    let (mut config, input) = match configure(args.config.as_deref()) {
        Ok(configured) => configured,
        Err(status) => return status,
    };
    if let Some(fail_on) = args.fail_on {
        config.fail_on = Setting {
            value: fail_on,
            origin: Origin::CommandLine,
        };
    }
    if let Some(puppet) = args.puppet {
        config.target(Setting {
            value: puppet,
            origin: Origin::CommandLine,
        });
    }
    let level = |id: &str| config.level(id).severity();
    let input = facts::Input {
        removed_ruby_apis: level(lints::ruby_removed::RubyRemoved::RULE.id).is_some(),
        ..input
    };
    let progress = Progress::start();
    let mut outcome = Outcome::default();
    progress.phase("parsing and extracting");
    let extraction = crate::timings::time("parse and extract", || {
        facts::extract_paths_with(&args.paths, &input)
    });
    for diagnostic in &extraction.diagnostics {
        if diagnostic.kind == Kind::Io {
            outcome.record(diagnostic);
            progress.suspend(|| eprintln!("{diagnostic}"));
        }
    }
    progress.phase("running the rules");
    let diagnostics = lints::check_with(&extraction, |rule| level(rule.id));
    let applied = crate::timings::time("suppressions", || {
        suppression::apply(
            &extraction,
            diagnostics,
            level(lints::unused_suppression::UnusedSuppression::RULE.id),
            |id| level(id).is_some(),
        )
    });
    progress.finish();

    let kept = if args.fix {
        let (standing, fixed) = crate::fix::apply(applied.kept);
        for (path, why) in &fixed.refused {
            eprintln!("{}: warning: not fixed: {why}", path.display());
        }
        eprintln!(
            "pfacts: fixed {} findings in {} files",
            fixed.findings, fixed.files
        );
        standing
    } else {
        applied.kept
    };
    let root = config.root.clone();
    let mut sources = report::Sources::default();
    let mut findings = crate::timings::time("fingerprints", || {
        baseline::fingerprint(kept, &root, &mut sources)
    });
    if let Some(path) = &args.write_baseline {
        if let Err(error) = Baseline::of(&findings, &root).write(path) {
            eprintln!(
                "{}: error: cannot write the baseline: {error}",
                path.display()
            );
            return ExitCode::from(2);
        }
        eprintln!(
            "pfacts: {} findings recorded in {}",
            findings.len(),
            path.display()
        );
        // Recorded findings are accepted, as `--baseline` would accept them.
        findings.clear();
    }
    if let Some(path) = &args.baseline {
        let recorded = match Baseline::read(path) {
            Ok(recorded) => recorded,
            Err(error) => {
                eprintln!("{error}");
                return ExitCode::from(2);
            }
        };
        let (known, new, gone) = recorded.compare(findings);
        eprintln!(
            "pfacts: {} findings are in the baseline, {} are new",
            known.len(),
            new.len()
        );
        if !gone.is_empty() {
            eprintln!(
                "pfacts: {} baseline entries no longer occur (rewrite it with --write-baseline):",
                gone.len()
            );
            for entry in &gone {
                eprintln!("  {}: {} [{}]", entry.file, entry.message, entry.rule);
            }
        }
        findings = new;
    }
    outcome.findings = !args.exit_zero
        && findings
            .iter()
            .any(|finding| config.fail_on.value.fails(finding.diagnostic.severity));

    let silenced = if args.show_suppressed {
        applied.silenced
    } else {
        Vec::new()
    };
    let color = args.format == report::Format::Text
        && io::stdout().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty());
    let report = report::Report {
        findings: &findings,
        silenced: &silenced,
        root: &root,
        color,
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let written = crate::timings::time("report", || {
        report::write(args.format, &mut out, &report, &mut sources).and_then(|()| out.flush())
    });
    if written.is_err() {
        return ExitCode::from(2);
    }
    outcome.exit_code()
}

/// The configuration and what it adds to the extraction's input; an
/// unusable configuration is reported, exit status 2.
fn configure(path: Option<&std::path::Path>) -> Result<(Config, facts::Input), ExitCode> {
    Config::load(path)
        .and_then(|config| {
            let input = config.input()?;
            Ok((config, input))
        })
        .map_err(|error| {
            eprintln!("{error}");
            ExitCode::from(2)
        })
}

/// A spinner on stderr for runs that last: shown only on a terminal, and
/// only once the run has taken a second.
struct Progress {
    bar: ProgressBar,
}

impl Progress {
    fn start() -> Progress {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template("{spinner} pfacts: {msg} ({elapsed})")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        if io::stderr().is_terminal() {
            let delayed = bar.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_secs(1));
                if !delayed.is_finished() {
                    delayed.set_draw_target(ProgressDrawTarget::stderr());
                    delayed.enable_steady_tick(Duration::from_millis(100));
                }
            });
        }
        Progress { bar }
    }

    fn phase(&self, what: &'static str) {
        self.bar.set_message(what);
    }

    fn suspend(&self, print: impl FnOnce()) {
        self.bar.suspend(print);
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

fn run_query(args: QueryArgs) -> ExitCode {
    if args.list {
        for (name, description) in query::QUERIES {
            println!("{name:<22} {description}");
        }
        return ExitCode::SUCCESS;
    }
    let name = args.name.unwrap_or_default();
    if !query::QUERIES.iter().any(|(known, _)| *known == name) {
        eprintln!("pfacts: no query named `{name}` (pfacts query --list)");
        return ExitCode::from(2);
    }
    let (_, input) = match configure(args.config.as_deref()) {
        Ok(configured) => configured,
        Err(status) => return status,
    };
    let mut outcome = Outcome::default();
    let extraction = facts::extract_paths_with(&args.paths, &input);
    for diagnostic in extraction
        .diagnostics
        .iter()
        .filter(|diagnostic| diagnostic.kind == Kind::Io)
    {
        outcome.record(diagnostic);
        eprintln!("{diagnostic}");
    }
    let analysis = crate::rules::Analysis::new(&extraction);
    let Some(mut table) = query::run(&name, &analysis) else {
        return ExitCode::from(2);
    };
    table.sort();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let written = match args.format {
        QueryFormat::Table => table.write_table(&mut out),
        QueryFormat::Csv => table.write_csv(&mut out),
        QueryFormat::Json => table.write_json(&mut out),
    };
    if written.and_then(|()| out.flush()).is_err() {
        return ExitCode::from(2);
    }
    outcome.exit_code()
}

fn extract(args: ExtractArgs) -> ExitCode {
    let (_, input) = match configure(args.config.as_deref()) {
        Ok(configured) => configured,
        Err(status) => return status,
    };
    let mut outcome = Outcome::default();
    let extraction = facts::extract_paths_with(&args.paths, &input);
    for diagnostic in &extraction.diagnostics {
        outcome.record(diagnostic);
        eprintln!("{diagnostic}");
    }
    if let Err(error) = export::write(
        &args.output,
        &extraction.facts,
        &extraction.interner,
        args.format,
    ) {
        eprintln!(
            "{}: error: cannot write facts: {error}",
            args.output.display()
        );
        return ExitCode::from(2);
    }
    outcome.exit_code()
}

fn parse(args: ParseArgs) -> ExitCode {
    let started = Instant::now();
    let mut outcome = Outcome::default();
    let discovery = crate::timings::time("discover files", || {
        source::discover(&args.paths, source::is_manifest)
    });
    for error in &discovery.errors {
        outcome.record(error);
        eprintln!("{error}");
    }

    let parse_all = || {
        syntax::read_in_parallel(&discovery.files, |parser, path| {
            let parsed = syntax::parse_file(parser, path);
            (parsed.bytes, parsed.diagnostics)
        })
        .collect::<Vec<_>>()
    };
    let results = match args.threads {
        Some(threads) => match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => crate::timings::time("parse", || pool.install(parse_all)),
            Err(error) => {
                eprintln!("pfacts: cannot start {threads} threads: {error}");
                return ExitCode::from(2);
            }
        },
        None => crate::timings::time("parse", parse_all),
    };

    syntax::PARSING.print();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut total_bytes = 0;
    for (bytes, diagnostics) in &results {
        total_bytes += bytes;
        for diagnostic in diagnostics {
            outcome.record(diagnostic);
            match diagnostic.kind {
                Kind::Finding => {
                    let _ = writeln!(out, "{diagnostic}");
                }
                Kind::Io => eprintln!("{diagnostic}"),
            }
        }
    }
    if args.stats {
        let seconds = started.elapsed().as_secs_f64();
        let _ = writeln!(
            out,
            "{} files, {} bytes, {:.3} s, {:.1} MB/s",
            results.len(),
            total_bytes,
            seconds,
            total_bytes as f64 / 1e6 / seconds.max(1e-9)
        );
    }
    let _ = out.flush();
    outcome.exit_code()
}

/// A message the compilation logged, as pfacts writes diagnostics:
/// `file:line:column: level: message`.
fn log_line(log: &crate::catalog::Log) -> String {
    match &log.at {
        Some((file, span)) if span.line > 0 => format!(
            "{}:{}:{}: {}: {}",
            file.display(),
            span.line,
            span.col,
            log.level.name(),
            log.message
        ),
        _ => format!("{}: {}", log.level.name(), log.message),
    }
}

/// A facts file: JSON, or YAML by its extension; what `puppet facts`
/// prints (`name`, `values`, a Ruby tag on YAML) gives its `values`.
fn read_facts(path: &std::path::Path) -> Result<crate::catalog::values::Value, String> {
    use crate::catalog::values::Value;
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let is_yaml = path
        .extension()
        .is_some_and(|extension| extension == "yaml" || extension == "yml");
    let facts = if is_yaml {
        let text = text.replacen("--- !ruby/object:Puppet::Node::Facts", "---", 1);
        let documents = crate::yaml::load(&text).map_err(|e| e.to_string())?;
        Value::from_yaml(documents.first().unwrap_or(&yaml_rust2::Yaml::Null))
    } else {
        let json: serde_json::Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
        Value::from_json(&json)
    };
    let values = Value::Str("values".to_string());
    let wrapped = match &facts {
        Value::Hash(entries) => {
            entries.iter().all(|(key, _)| {
                matches!(
                    key.to_text().as_str(),
                    "name" | "values" | "timestamp" | "expiration"
                )
            }) && matches!(facts.hash_get(&values), Some(Value::Hash(_)))
        }
        _ => return Err("the facts are not a hash (an object of fact names)".to_string()),
    };
    Ok(match wrapped {
        true => facts.hash_get(&values).cloned().unwrap_or(facts),
        false => facts,
    })
}

fn catalog(args: CatalogArgs) -> ExitCode {
    if !args.envdir.is_dir() {
        eprintln!(
            "{}: error: not a directory: an environment directory (manifests/, modules/) is needed",
            args.envdir.display()
        );
        return ExitCode::from(2);
    }
    let facts = match args.target.facts() {
        Ok(facts) => facts,
        Err(status) => return status,
    };
    let mut dirs = args.target.module_dirs();
    let (modulepath, manifest) = crate::facts::layout::environment_paths(&args.envdir);
    dirs.extend(modulepath);
    // Puppet skips a modulepath directory that does not exist; say so.
    for dir in dirs.iter().filter(|dir| !dir.is_dir()) {
        eprintln!(
            "{}: warning: modulepath directory does not exist: pfacts reads no modules from it",
            dir.display()
        );
    }
    let environment = match crate::catalog::Environment::load(&manifest, &dirs) {
        Ok(environment) => environment,
        Err(errors) => {
            for error in errors {
                eprintln!("{error}");
            }
            return ExitCode::from(1);
        }
    };
    let strict = match args.strict {
        StrictArg::Off => crate::catalog::Strict::Off,
        StrictArg::Warning => crate::catalog::Strict::Warning,
        StrictArg::Error => crate::catalog::Strict::Error,
    };
    let given = crate::catalog::Options {
        strict_variables: args.strict_variables,
        strict,
        ruby: args.ruby,
    };
    let compile = |options: crate::catalog::Options, facts: crate::catalog::values::Value| {
        let mut compiler = crate::catalog::Compiler::new(&environment, facts).with_options(options);
        if let Some(config) = &args.target.hiera_config {
            compiler = compiler.with_global_hiera(config);
        }
        let outcome = compiler.run(&args.target.node);
        report_compilation(&outcome);
        outcome
    };
    if args.diff_puppet == Some(PuppetVersion::Puppet8) {
        let before = compile(given, facts.clone());
        let after = compile(
            crate::catalog::puppet8::options(args.ruby),
            crate::catalog::puppet8::without_legacy_facts(facts),
        );
        return match (before.catalog, after.catalog) {
            (Err(error), _) => {
                eprintln!("{}", compile_error(&error));
                ExitCode::from(1)
            }
            (Ok(_), Err(error)) => {
                println!(
                    "Puppet 8 does not compile the catalog of {}: {}",
                    args.target.node,
                    compile_error(&error)
                );
                ExitCode::from(1)
            }
            (Ok(before), Ok(after)) => {
                let changes = crate::catalog::diff::diff(&before, &after);
                for change in &changes {
                    println!("{change}");
                }
                if changes.is_empty() {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::from(1)
                }
            }
        };
    }
    let outcome = match args.puppet {
        Some(PuppetVersion::Puppet8) => compile(
            crate::catalog::puppet8::options(args.ruby),
            crate::catalog::puppet8::without_legacy_facts(facts),
        ),
        Some(PuppetVersion::Puppet7) | None => compile(given, facts),
    };
    match outcome.catalog {
        Ok(catalog) => {
            println!(
                "{}",
                serde_json::to_string_pretty(&catalog).expect("JSON values serialize")
            );
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("{}", compile_error(&error));
            ExitCode::from(1)
        }
    }
}

/// What a compilation logged and the values it did not compute, on stderr.
fn report_compilation(outcome: &crate::catalog::Outcome) {
    for log in &outcome.logs {
        eprintln!("{}", log_line(log));
    }
    if outcome.unevaluated.is_empty() {
        return;
    }
    eprintln!(
        "pfacts: {} value(s) not evaluated; the catalog holds them marked:",
        outcome.unevaluated.len()
    );
    for mark in &outcome.unevaluated {
        let place = mark.at.as_ref().map_or(String::new(), |(file, span)| {
            format!("{}:{}:{}: ", file.display(), span.line, span.col)
        });
        eprintln!("  {place}{}: {}", mark.what, mark.reason);
        for (at, consequence) in mark.consequences.borrow().iter() {
            let place = at.as_ref().map_or(String::new(), |(file, span)| {
                format!("{}:{}:{}: ", file.display(), span.line, span.col)
            });
            eprintln!("    {place}{consequence}");
        }
    }
}

/// A compile error as `file:line:col: error: message`.
fn compile_error(error: &crate::catalog::EvalError) -> String {
    let file = error
        .file
        .as_ref()
        .map_or(String::from("<environment>"), |f| f.display().to_string());
    if error.span.line == 0 {
        format!("{file}: error: {}", error.message)
    } else if error.span.col == 0 {
        // Puppet gives a line only.
        format!("{file}:{}: error: {}", error.span.line, error.message)
    } else {
        format!(
            "{file}:{}:{}: error: {}",
            error.span.line, error.span.col, error.message
        )
    }
}
