//! String interning: each distinct string once, named by a [`Sym`].

use std::hash::BuildHasher;

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

use super::schema::Sym;

/// Interned strings; `Sym(0)` is the empty string. Each string is stored
/// once: the table holds symbols and hashes the strings they name.
#[derive(Clone, Debug)]
pub struct Interner {
    table: HashTable<Sym>,
    strings: Vec<Box<str>>,
}

impl Default for Interner {
    fn default() -> Self {
        Interner::with_capacity(0)
    }
}

fn hash(text: &str) -> u64 {
    FxBuildHasher.hash_one(text)
}

impl Interner {
    /// An interner with room for about `strings` strings: no rehashing
    /// while it fills up to that.
    pub fn with_capacity(strings: usize) -> Interner {
        let mut interner = Interner {
            table: HashTable::with_capacity(strings),
            strings: Vec::with_capacity(strings),
        };
        interner.intern("");
        interner
    }

    pub fn intern(&mut self, text: &str) -> Sym {
        let hash = hash(text);
        let strings = &self.strings;
        if let Some(&sym) = self
            .table
            .find(hash, |&sym| &*strings[sym.0 as usize] == text)
        {
            return sym;
        }
        let sym = Sym(u32::try_from(self.strings.len()).expect("fewer than 2^32 strings"));
        self.strings.push(text.into());
        let strings = &self.strings;
        self.table
            .insert_unique(hash, sym, |&sym| self::hash(&strings[sym.0 as usize]));
        sym
    }

    pub fn resolve(&self, sym: Sym) -> &str {
        &self.strings[sym.0 as usize]
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
        local.strings.iter().map(|text| self.intern(text)).collect()
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
