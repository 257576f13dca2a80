//! No import cycle between the modules of a crate (docs/architecture.md).
//!
//! A module is a source file (`a/b.rs` or `a/b/mod.rs` is module `a::b`). An edge A -> B is a
//! path `crate::…`, `super::…` or `self::…` in A (outside comments and `#[cfg(test)] mod tests`)
//! that names an item of B, where B is neither A nor an ancestor of A: a child using its parent's
//! shared types is how Rust modules are meant to be used, and a parent declaring its children is
//! not an import. A cycle is a strongly connected component of more than one module.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::common::root;

type Module = Vec<String>;

fn modules(src: &Path) -> BTreeMap<Module, String> {
    let mut out = BTreeMap::new();
    let mut dirs = vec![src.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("read source dir") {
            let path = entry.expect("dir entry").path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path
                .strip_prefix(src)
                .expect("under src")
                .with_extension("");
            let mut m: Module = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(m.last().map(String::as_str), Some("mod" | "lib" | "main")) {
                m.pop();
            }
            let text = std::fs::read_to_string(&path).expect("read source");
            out.insert(m, code_only(&text));
        }
    }
    out
}

/// The text without line comments and without the unit-test module (not part of the structure).
fn code_only(text: &str) -> String {
    let cut = text.find("#[cfg(test)]\nmod tests").unwrap_or(text.len());
    text[..cut]
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every path that starts with `crate`, `super` or `self`, with `a::{b, c::d}` groups expanded
/// to their first segments (enough to find the module an item lives in).
fn paths(text: &str) -> Vec<Vec<String>> {
    let bytes = text.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if !ident(bytes[i]) || (i > 0 && (ident(bytes[i - 1]) || bytes[i - 1] == b':')) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && ident(bytes[i]) {
            i += 1;
        }
        if !matches!(&text[start..i], "crate" | "super" | "self") {
            continue;
        }
        let mut segs = vec![text[start..i].to_string()];
        while text[i..].starts_with("::") {
            i += 2;
            if text[i..].starts_with('{') {
                let close = text[i..].find('}').map_or(text.len(), |k| i + k);
                for item in text[i + 1..close].split(',') {
                    let first: String = item
                        .trim()
                        .bytes()
                        .take_while(|&c| ident(c))
                        .map(char::from)
                        .collect();
                    if !first.is_empty() {
                        let mut p = segs.clone();
                        p.push(first);
                        out.push(p);
                    }
                }
                i = close;
                break;
            }
            let s = i;
            while i < bytes.len() && ident(bytes[i]) {
                i += 1;
            }
            if s == i {
                break;
            }
            segs.push(text[s..i].to_string());
        }
        out.push(segs);
    }
    out
}

/// The module a path's item lives in: the longest prefix of the absolute path that is a module.
fn resolve(mods: &BTreeMap<Module, String>, here: &Module, path: &[String]) -> Option<Module> {
    let mut abs: Module = match path.first().map(String::as_str) {
        Some("crate") => Vec::new(),
        Some("self") => here.clone(),
        _ => here[..here.len().saturating_sub(1)].to_vec(),
    };
    for seg in &path[1..] {
        if seg == "super" {
            abs.pop();
        } else {
            abs.push(seg.clone());
        }
    }
    (0..=abs.len())
        .rev()
        .map(|n| abs[..n].to_vec())
        .find(|m| mods.contains_key(m))
}

fn graph(mods: &BTreeMap<Module, String>) -> BTreeMap<Module, BTreeSet<Module>> {
    let mut g = BTreeMap::new();
    for (m, text) in mods {
        let targets: BTreeSet<Module> = paths(text)
            .iter()
            .filter_map(|p| resolve(mods, m, p))
            .filter(|t| t != m && !m.starts_with(t))
            .collect();
        g.insert(m.clone(), targets);
    }
    g
}

/// Strongly connected components of more than one module (Tarjan).
fn cycles(g: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    struct State<'a> {
        g: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        out: Vec<Vec<Module>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a Module) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        let g = s.g;
        for w in g.get(v).into_iter().flatten() {
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).expect("visited");
                *lv = (*lv).min(lw);
            } else if s.stack.contains(&w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).expect("visited");
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = s.stack.pop() {
                comp.push(w.clone());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.out.push(comp);
            }
        }
    }
    let mut s = State {
        g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        out: Vec::new(),
    };
    for v in g.keys() {
        if !s.index.contains_key(v) {
            visit(&mut s, v);
        }
    }
    s.out
}

#[test]
fn no_import_cycle_between_modules() {
    let mut found = Vec::new();
    for krate in ["grammar/src", "compiler/src", "runtime/src"] {
        let mods = modules(&root().join(krate));
        assert!(mods.len() > 5, "{krate}: no modules found");
        for comp in cycles(&graph(&mods)) {
            let names: Vec<String> = comp.iter().map(|m| m.join("/")).collect();
            found.push(format!("{krate}: {}", names.join(" <-> ")));
        }
    }
    assert!(found.is_empty(), "import cycles:\n{}", found.join("\n"));
}

#[test]
fn the_detector_finds_a_cycle() {
    // Two sibling modules that use each other, and a child using its parent (not a cycle).
    let mods: BTreeMap<Module, String> = [
        (vec![], "mod a; mod b;".to_string()),
        (vec!["a".into()], "use super::b::X; use crate::Root;".into()),
        (vec!["b".into()], "use crate::a::{self, Y};".into()),
        (vec!["c".into()], "use super::{a::Z, b};".into()),
    ]
    .into_iter()
    .collect();
    let found = cycles(&graph(&mods));
    assert_eq!(
        found,
        vec![vec![vec!["a".to_string()], vec!["b".to_string()]]]
    );
}
