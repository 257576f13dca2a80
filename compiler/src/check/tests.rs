//! Fixture tests of checker A's codes: every `tests/fixtures/check/{E,W}{1-4}*.xqr` parses
//! without syntax errors and raises exactly the codes its `// expect:` header lists. The suite's
//! harness snapshots the same files' renderings; this test runs on the library alone so a check
//! is verified before the CLI wires it.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use super::{check, codes};

fn root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

/// Checker A's fixtures: named after a code of E1-E4 / W1-W4.
fn fixtures() -> Vec<PathBuf> {
    let dir = root().join("tests/fixtures/check");
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|rd| rd.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    out.retain(|p| {
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut chars = name.chars();
        matches!(chars.next(), Some('E' | 'W'))
            && matches!(chars.next(), Some('1'..='4'))
            && name.ends_with(".xqr")
    });
    out.sort();
    out
}

fn expected(text: &str) -> Option<BTreeSet<String>> {
    for line in text.lines() {
        let body = line.trim().strip_prefix("//")?.trim();
        if let Some(codes) = body.strip_prefix("expect:") {
            return Some(
                codes
                    .split(|c: char| c.is_whitespace() || c == ',')
                    .filter(|c| !c.is_empty() && *c != "none")
                    .map(str::to_string)
                    .collect(),
            );
        }
    }
    None
}

fn line_of(text: &str, offset: u32) -> usize {
    let end = (offset as usize).min(text.len());
    text.as_bytes()
        .get(..end)
        .map_or(0, |b| b.iter().filter(|c| **c == b'\n').count())
        + 1
}

/// One line per diagnostic: `code line message`, for failure messages.
fn describe(text: &str) -> (BTreeSet<String>, Vec<String>, Vec<String>) {
    let parsed = xqreg_grammar::parse(text);
    let syntax: Vec<String> = parsed
        .errors
        .iter()
        .map(|e| format!("{:?} at {:?}", e.kind, e.span))
        .collect();
    let out = check(&parsed.file);
    let mut got = BTreeSet::new();
    let mut lines = Vec::new();
    for d in out.diagnostics.sorted() {
        got.insert(d.code.code.to_string());
        lines.push(format!(
            "{} line {}: {}",
            d.code.code,
            line_of(text, d.span().start),
            d.message.en
        ));
    }
    (got, lines, syntax)
}

#[test]
fn every_fixture_raises_exactly_its_codes() {
    let files = fixtures();
    assert!(
        files.len() >= 40,
        "expected a fixture per code, found {}",
        files.len()
    );
    let mut failures = Vec::new();
    for path in &files {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let Some(want) = expected(&text) else {
            failures.push(format!("{name}: no `// expect:` header"));
            continue;
        };
        let named = name.get(..4).unwrap_or("");
        if !want.contains(named) {
            failures.push(format!(
                "{name}: named after {named} but does not expect it"
            ));
        }
        let (got, lines, syntax) = describe(&text);
        if !syntax.is_empty() {
            failures.push(format!("{name}: syntax errors {syntax:?}"));
            continue;
        }
        if got != want {
            failures.push(format!(
                "{name}: expected {want:?}, got {got:?}\n    {}",
                lines.join("\n    ")
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn every_code_of_checker_a_has_a_fixture_and_an_explanation() {
    let names: Vec<String> = fixtures()
        .iter()
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    let mut missing = Vec::new();
    for code in codes() {
        let c = code.code;
        let mine = matches!(c.as_bytes(), [b'E' | b'W', b'1'..=b'4', ..]);
        if !mine {
            continue;
        }
        if !names.iter().any(|n| n.starts_with(c)) {
            missing.push(format!("{c}: no fixture"));
        }
        if code.explain.meaning.en.is_empty()
            || code.explain.fix.zh.is_empty()
            || code.explain.example.is_empty()
        {
            missing.push(format!("{c}: incomplete explanation"));
        }
        let kebab = code
            .name
            .chars()
            .all(|ch| ch.is_ascii_lowercase() || ch == '-');
        if !kebab {
            missing.push(format!("{c}: name `{}` is not kebab-case", code.name));
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn codes_are_unique() {
    let all = codes();
    let set: BTreeSet<&str> = all.iter().map(|c| c.code).collect();
    assert_eq!(set.len(), all.len());
}

/// `XQREG_DUMP=path cargo test -p xqreg dump -- --ignored --nocapture`: print what the checker
/// says about a file (a development aid, not a test).
#[test]
#[ignore]
fn dump() {
    let Ok(paths) = std::env::var("XQREG_DUMP") else {
        return;
    };
    for p in paths.split(',') {
        let text = std::fs::read_to_string(p).unwrap_or_default();
        let (_, lines, syntax) = describe(&text);
        println!("== {p}\n  syntax: {syntax:?}");
        for l in lines {
            println!("  {l}");
        }
    }
}
