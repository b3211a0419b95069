//! What `pfacts catalog` and `pfacts lookup` are told of the node and
//! where its data is: its name, facts, more modules, Hiera's global layer.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::catalog::values::Value;

#[derive(Debug, Args)]
pub(super) struct NodeArgs {
    /// The node's name (`$trusted['certname']`).
    #[arg(long, default_value = "node.example.com")]
    pub node: String,

    /// The node's facts: a JSON or YAML (`.yaml`, `.yml`) object, or what
    /// `puppet facts` prints (its `values`).
    #[arg(long)]
    pub facts: Option<PathBuf>,

    /// More module directories, `:`-separated, searched before the
    /// environment's `modules/`.
    #[arg(long)]
    pub modulepath: Option<String>,

    /// Hiera's global layer: a `hiera.yaml` (version 5), as Puppet's
    /// `hiera_config` names it.
    #[arg(long)]
    pub hiera_config: Option<PathBuf>,
}

impl NodeArgs {
    /// The facts (none without `--facts`), and that the global Hiera
    /// configuration given is there; a usage error (exit 2), said on
    /// stderr, otherwise.
    pub fn facts(&self) -> Result<Value, ExitCode> {
        if let Some(config) = self.hiera_config.as_ref().filter(|path| !path.is_file()) {
            eprintln!("{}: error: no such Hiera configuration", config.display());
            return Err(ExitCode::from(2));
        }
        match &self.facts {
            Some(path) => super::read_facts(path).map_err(|message| {
                eprintln!("{}: error: {message}", path.display());
                ExitCode::from(2)
            }),
            None => Ok(Value::Hash(Vec::new())),
        }
    }

    /// The directories of `--modulepath`, in order.
    pub fn module_dirs(&self) -> Vec<PathBuf> {
        self.modulepath
            .iter()
            .flat_map(|path| path.split(':'))
            .filter(|dir| !dir.is_empty())
            .map(PathBuf::from)
            .collect()
    }
}
