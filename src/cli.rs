//! The `pfacts` command line.
//!
//! Exit status: 0 when nothing was found, 1 when the analyzed code has
//! findings (syntax errors included), 2 on a usage or I/O error. Errors
//! that do not stop the run are reported as they come and remembered for
//! the exit status: the rest of the tree is still analyzed.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};
use rayon::prelude::*;

use crate::diagnostic::{Diagnostic, Kind};
use crate::facts::{self, export};
use crate::source;
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

fn extract(args: ExtractArgs) -> ExitCode {
    let mut outcome = Outcome::default();
    let extraction = facts::extract_paths(&args.paths);
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
    let discovery = source::discover(&args.paths, source::is_manifest);
    for error in &discovery.errors {
        outcome.record(error);
        eprintln!("{error}");
    }

    let parse_all = || {
        discovery
            .files
            .par_iter()
            .map_init(syntax::new_parser, |parser, path| {
                let parsed = syntax::parse_file(parser, path);
                (parsed.bytes, parsed.diagnostics)
            })
            .collect::<Vec<_>>()
    };
    let results = match args.threads {
        Some(threads) => match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => pool.install(parse_all),
            Err(error) => {
                eprintln!("pfacts: cannot start {threads} threads: {error}");
                return ExitCode::from(2);
            }
        },
        None => parse_all(),
    };

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
