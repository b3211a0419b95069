//! `pfacts lookup`: a key looked up in Hiera as a node would, without a
//! Puppet server; `--explain` prints what `puppet lookup --explain` prints.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::catalog::hiera::{Hiera, Invocation, Merge};
use crate::catalog::values::{yaml, Value};

#[derive(Debug, Args)]
pub(super) struct LookupArgs {
    /// The key (`ntp::servers`, or dotted into its value:
    /// `app::settings.log.level`).
    key: String,

    /// The environment: `hiera.yaml`, `data/`, `modules/`.
    #[arg(default_value = ".")]
    envdir: PathBuf,

    #[command(flatten)]
    target: super::node::NodeArgs,

    /// Merge the values of every level: `first`, `unique`, `hash` or
    /// `deep` (the default: what the key's `lookup_options` say, else
    /// `first`).
    #[arg(long, value_parser = ["first", "unique", "hash", "deep"])]
    merge: Option<String>,

    /// With `--merge deep`: an array item with this prefix (`--x`) takes
    /// `x` out of the lower levels' arrays.
    #[arg(long, value_name = "PREFIX")]
    knock_out_prefix: Option<String>,

    /// With `--merge deep`: sort the merged arrays.
    #[arg(long)]
    sort_merged_arrays: bool,

    /// With `--merge deep`: merge arrays of hashes hash by hash.
    #[arg(long)]
    merge_hash_arrays: bool,

    /// Print every data provider, hierarchy level and file searched and
    /// what each gave, as `puppet lookup --explain` does, instead of the
    /// value. Exits 0 whether or not a value is found, as Puppet does.
    #[arg(long)]
    explain: bool,
}

/// Prints the value as YAML (as `puppet lookup` does), or the
/// explanation; exit status 1 when there is no value, 2 for bad input.
pub(super) fn lookup(args: LookupArgs) -> ExitCode {
    let deep_options =
        args.knock_out_prefix.is_some() || args.sort_merged_arrays || args.merge_hash_arrays;
    if deep_options && args.merge.as_deref() != Some("deep") {
        eprintln!(
            "pfacts: error: --knock-out-prefix, --sort-merged-arrays and --merge-hash-arrays are only available with '--merge deep'"
        );
        return ExitCode::from(2);
    }
    if !args.envdir.is_dir() {
        eprintln!(
            "{}: error: not a directory: an environment directory (hiera.yaml, data/, modules/) is needed",
            args.envdir.display()
        );
        return ExitCode::from(2);
    }
    let facts = match args.target.facts() {
        Ok(facts) => facts,
        Err(status) => return status,
    };
    // Paths as Puppet prints them: absolute, symbolic links kept.
    let envdir = std::path::absolute(&args.envdir).unwrap_or(args.envdir.clone());
    let mut modulepath: Vec<PathBuf> = (args.target.module_dirs().into_iter())
        .map(|dir| std::path::absolute(&dir).unwrap_or(dir))
        .collect();
    modulepath.extend(crate::facts::layout::environment_paths(&envdir).0);
    let mut hiera = Hiera::new(&envdir, &modulepath, Default::default());
    if let Some(config) = &args.target.hiera_config {
        hiera.set_global(&std::path::absolute(config).unwrap_or(config.clone()));
    }
    let variables: HashMap<String, Value> =
        crate::catalog::node_variables(&args.target.node, &facts)
            .into_iter()
            .collect();
    let variables = |name: &str| variables.get(name).cloned();
    let merge = args
        .merge
        .as_deref()
        .and_then(|name| Merge::of(&Value::string(name)));
    // What Puppet's lookup application gives a deep merge asked for on
    // its command line: both array options, and the prefix when given.
    let options = (merge == Some(Merge::Deep)).then(|| {
        let mut options = vec![
            (
                Value::string("sort_merged_arrays"),
                Value::Bool(args.sort_merged_arrays),
            ),
            (
                Value::string("merge_hash_arrays"),
                Value::Bool(args.merge_hash_arrays),
            ),
        ];
        if let Some(prefix) = &args.knock_out_prefix {
            options.push((
                Value::string("knockout_prefix"),
                Value::string(prefix.clone()),
            ));
        }
        Value::Hash(options)
    });
    if args.explain {
        let (_, explanation) = hiera.explain(&args.key, &variables, merge, options);
        print!("{}", explanation.render());
        return ExitCode::SUCCESS;
    }
    let merge = merge.map(|merge| {
        let strategy = (Value::string("strategy"), Value::string(merge.name()));
        match options {
            Some(Value::Hash(options)) => Value::Hash([vec![strategy], options].concat()),
            _ => Value::Hash(vec![strategy]),
        }
    });
    let found = hiera.lookup_invoked(&args.key, &variables, merge.as_ref(), Invocation::default());
    for warning in hiera.take_warnings() {
        eprintln!("pfacts: warning: {warning}");
    }
    match found {
        Ok(Some(value)) => {
            print!("{}", yaml::dump(&value, &yaml::Options::default()));
            ExitCode::SUCCESS
        }
        Ok(None) => {
            eprintln!(
                "pfacts: no value for '{}' in the data of node {} (pfacts lookup --explain shows where it looked)",
                args.key, args.target.node
            );
            ExitCode::from(1)
        }
        Err(error) => {
            match &error.at {
                Some((config, line)) => {
                    eprintln!("{}:{line}: error: {}", config.display(), error.message)
                }
                None => eprintln!(
                    "pfacts: error: looking up '{}': {}",
                    args.key, error.message
                ),
            }
            ExitCode::from(1)
        }
    }
}
