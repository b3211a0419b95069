//! Puppet's value types, one module each: the value, what Puppet does with
//! it, and its text where it has rules of its own.

pub mod array;
pub mod binary;
pub mod data_type;
pub mod deferred;
pub mod float;
pub mod hash;
pub mod iterable;
pub mod iterator;
pub mod object;
pub mod regexp;
pub mod semver;
pub mod string;
pub mod timespan;
pub mod timestamp;
pub mod type_set;
pub mod uri;
