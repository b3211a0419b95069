//! String interning: each distinct string once, named by a [`Sym`].

use std::hash::BuildHasher;

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

use super::schema::Sym;

/// Interned strings; `Sym(0)` is the empty string. Each string is stored
/// once, end to end in one buffer (no allocation per string), with its
/// hash, so that absorbing another interner's strings hashes none again.
#[derive(Clone, Debug)]
pub struct Interner {
    table: HashTable<Sym>,
    /// Every string, one after the other.
    text: String,
    /// Where each symbol's string ends in `text`, and its hash.
    ends: Vec<(usize, u64)>,
}

impl Default for Interner {
    fn default() -> Self {
        Interner::with_capacity(0, 0)
    }
}

fn hash(text: &str) -> u64 {
    FxBuildHasher.hash_one(text)
}

impl Interner {
    /// An interner with room for about `strings` strings of `bytes` bytes
    /// in all: no rehashing or moving while it fills up to that.
    pub fn with_capacity(strings: usize, bytes: usize) -> Interner {
        let mut interner = Interner {
            table: HashTable::with_capacity(strings),
            text: String::with_capacity(bytes),
            ends: Vec::with_capacity(strings),
        };
        interner.intern("");
        interner
    }

    pub fn intern(&mut self, text: &str) -> Sym {
        self.intern_hashed(text, hash(text))
    }

    fn intern_hashed(&mut self, text: &str, hash: u64) -> Sym {
        let Interner {
            table,
            text: all,
            ends,
        } = self;
        let string = |sym: Sym| {
            let index = sym.0 as usize;
            let start = index.checked_sub(1).map_or(0, |before| ends[before].0);
            &all[start..ends[index].0]
        };
        if let Some(&sym) = table.find(hash, |&sym| string(sym) == text) {
            return sym;
        }
        let sym = Sym(u32::try_from(ends.len()).expect("fewer than 2^32 strings"));
        all.push_str(text);
        ends.push((all.len(), hash));
        table.insert_unique(hash, sym, |&sym| ends[sym.0 as usize].1);
        sym
    }

    pub fn resolve(&self, sym: Sym) -> &str {
        let index = sym.0 as usize;
        let start = index.checked_sub(1).map_or(0, |before| self.ends[before].0);
        &self.text[start..self.ends[index].0]
    }

    /// The symbol of `text` if it was interned.
    pub fn get(&self, text: &str) -> Option<Sym> {
        self.table
            .find(hash(text), |&sym| self.resolve(sym) == text)
            .copied()
    }

    /// Interns every string of `local` here; the result maps each of
    /// `local`'s symbols to this interner's.
    pub fn absorb(&mut self, local: &Interner) -> Vec<Sym> {
        (0..local.ends.len())
            .map(|index| {
                let sym = Sym(index as u32);
                self.intern_hashed(local.resolve(sym), local.ends[index].1)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interning_twice_gives_the_same_symbol() {
        let mut interner = Interner::default();
        let a = interner.intern("apache");
        assert_eq!(interner.intern("apache"), a);
        assert_ne!(interner.intern("nginx"), a);
        assert_eq!(interner.resolve(a), "apache");
        assert_eq!(
            interner.get("nginx").map(|sym| interner.resolve(sym)),
            Some("nginx")
        );
        assert_eq!(interner.get(""), Some(Sym(0)));
        assert_eq!(interner.get("missing"), None);
    }
}
