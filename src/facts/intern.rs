//! String interning: each distinct string once, named by a [`Sym`].

use std::collections::HashMap;

use super::schema::Sym;

/// Interned strings; `Sym(0)` is the empty string.
#[derive(Clone, Debug)]
pub struct Interner {
    ids: HashMap<Box<str>, Sym>,
    strings: Vec<Box<str>>,
}

impl Default for Interner {
    fn default() -> Self {
        let mut interner = Interner {
            ids: HashMap::new(),
            strings: Vec::new(),
        };
        interner.intern("");
        interner
    }
}

impl Interner {
    pub fn intern(&mut self, text: &str) -> Sym {
        if let Some(&sym) = self.ids.get(text) {
            return sym;
        }
        let sym = Sym(u32::try_from(self.strings.len()).expect("fewer than 2^32 strings"));
        self.strings.push(text.into());
        self.ids.insert(text.into(), sym);
        sym
    }

    pub fn resolve(&self, sym: Sym) -> &str {
        &self.strings[sym.0 as usize]
    }

    /// The symbol of `text` if it was interned.
    pub fn get(&self, text: &str) -> Option<Sym> {
        self.ids.get(text).copied()
    }

    /// Interns every string of `local` here; the result maps each of
    /// `local`'s symbols to this interner's.
    pub fn absorb(&mut self, local: &Interner) -> Vec<Sym> {
        local.strings.iter().map(|text| self.intern(text)).collect()
    }

    pub fn len(&self) -> usize {
        self.strings.len()
    }

    pub fn is_empty(&self) -> bool {
        self.strings.is_empty()
    }
}
