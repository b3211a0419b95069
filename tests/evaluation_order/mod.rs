//! The nodes of `corpus/evaluation-order`, each compiled by Puppet 7 with
//! its defaults (`scripts/ask-puppet.sh`), as `NAME.example.com`.

pub const NODES: &[&str] = &[
    "params",
    "body",
    "writer-first",
    "reader-first",
    "node-scope",
    "automatic",
    "nested",
    "sometimes-top",
    "defaults",
    "template",
];
