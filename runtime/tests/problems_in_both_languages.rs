//! Every runtime problem is worded in Chinese too: each `RuntimeProblem::new(...)` in the
//! runtime's source is followed by `.zh(...)`, so that `--lang zh` never prints English details
//! (the compiler falls back to the code's Chinese summary and the English only where a problem
//! has no Chinese).

use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("source folder")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The index just past the parenthesis that closes the one at `open`, skipping string and
/// character literals.
fn closing(s: &[u8], open: usize) -> usize {
    let (mut depth, mut i) = (0usize, open);
    while i < s.len() {
        match s[i] {
            b'"' => {
                i += 1;
                while i < s.len() && s[i] != b'"' {
                    i += if s[i] == b'\\' { 2 } else { 1 };
                }
            }
            // A character literal ('(' or '\''); a lifetime has no closing quote this close.
            b'\'' if s.get(i + 2) == Some(&b'\'') => i += 2,
            b'\'' if s.get(i + 1) == Some(&b'\\') && s.get(i + 3) == Some(&b'\'') => i += 3,
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    panic!("unbalanced parentheses after byte {open}");
}

#[test]
fn every_runtime_problem_has_its_chinese() {
    let mut files = Vec::new();
    sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let call = "RuntimeProblem::new(";
    let mut calls = 0;
    let mut missing = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("source");
        let bytes = text.as_bytes();
        let mut from = 0;
        while let Some(at) = text[from..].find(call).map(|k| k + from) {
            let end = closing(bytes, at + call.len() - 1);
            // The constructor itself (`fn new(`) is not a call.
            if !text[..at].trim_end().ends_with("fn") {
                calls += 1;
                if !text[end..].trim_start().starts_with(".zh(") {
                    let line = text[..at].lines().count();
                    missing.push(format!("{}:{line}", f.display()));
                }
            }
            from = end;
        }
    }
    assert!(
        calls > 80,
        "only {calls} problems found: is the scan right?"
    );
    assert!(
        missing.is_empty(),
        "problems without Chinese:\n{}",
        missing.join("\n")
    );
}
