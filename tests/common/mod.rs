//! What the integration tests share.

/// The environments of `corpus/`, each a concern with its fixtures.
pub const ENVIRONMENTS: &[&str] = &[
    "example",
    "scope",
    "defaults",
    "inheritance",
    "private",
    "layout",
    "syntax",
    "names",
    "assert_private",
    "suppressions",
    "declarations",
    "validation",
    "modulepath",
    "evaluation-order",
    "puppet8",
    "hiera-keys",
    "strict-config",
];
