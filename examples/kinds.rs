use std::collections::HashMap;
fn main() {
    let mut parser = pfacts::syntax::new_parser();
    let mut counts: HashMap<(String, bool, usize), usize> = HashMap::new();
    for entry in walkdir(std::path::Path::new("/work/shared/corpus/debian-modules")) {
        let text = std::fs::read_to_string(&entry).unwrap_or_default();
        let tree = pfacts::syntax::parse(&mut parser, &text).unwrap();
        let mut c = tree.walk();
        'w: loop {
            let n = c.node();
            *counts.entry((n.kind().to_string(), n.is_named(), n.child_count().min(1) as usize)).or_default() += 1;
            if c.goto_first_child() { continue; }
            loop { if c.goto_next_sibling() { continue 'w; } if !c.goto_parent() { break 'w; } }
        }
    }
    let mut v: Vec<_> = counts.into_iter().collect();
    v.sort_by_key(|x| std::cmp::Reverse(x.1));
    let total: usize = v.iter().map(|x| x.1).sum();
    println!("total {total}");
    for x in v.iter().take(40) { println!("{:?} {}", x.0, x.1); }
}
fn walkdir(p: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = vec![];
    for e in std::fs::read_dir(p).unwrap() { let e = e.unwrap().path();
        if e.is_dir() { out.extend(walkdir(&e)); } else if e.extension().is_some_and(|x| x == "pp") { out.push(e); } }
    out
}
