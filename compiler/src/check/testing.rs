//! Fixture runner shared by this checker's modules: every `tests/fixtures/check/` file named
//! after one of a module's codes parses cleanly and raises exactly the codes its header expects,
//! and every code of the module has such a fixture.
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::diagnostics::Code;

fn dir() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest
        .parent()
        .unwrap_or(manifest)
        .join("tests/fixtures/check")
}

/// The codes a fixture's `// expect:` header line names (`none` names none).
pub(crate) fn expected(text: &str) -> Option<BTreeSet<String>> {
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

/// `code line: message` for every diagnostic of a source text, and the set of codes.
pub(crate) fn run(text: &str) -> (BTreeSet<String>, Vec<String>) {
    let parsed = xqreg_grammar::parse(text);
    let mut lines: Vec<String> = parsed
        .errors
        .iter()
        .map(|e| format!("syntax {:?} at {:?}", e.kind, e.span))
        .collect();
    let out = super::check(&parsed.file);
    let mut got = BTreeSet::new();
    if !parsed.errors.is_empty() {
        got.insert("syntax".to_string());
    }
    for d in out.diagnostics.sorted() {
        got.insert(d.code.code.to_string());
        let start = (d.span().start as usize).min(text.len());
        let line = text
            .as_bytes()
            .get(..start)
            .map_or(0, |b| b.iter().filter(|c| **c == b'\n').count())
            + 1;
        let help: Vec<&str> = d.help.iter().map(|h| h.en.as_str()).collect();
        lines.push(format!(
            "{} line {line}: {} | help: {}",
            d.code.code,
            d.message.en,
            help.join(" / ")
        ));
    }
    (got, lines)
}

/// The head of a test regulation: its dates, 2/1/0 scoring, a standard and an armageddon time
/// control (`armageddon`, draw to Black); tests add the entry, stages and the rest.
pub(crate) const HEAD: &str = r#"regulation "测试赛" {
  dates 2014-04-27 .. 2014-04-29
}
scoring { win 2  draw 1  loss 0 }
time standard "慢棋" { base 20min  increment 20s  flag loses }
time armageddon "附加赛" { red 6min  black 5min  sudden_death  flag loses  draw_goes_to black }
"#;

/// [`HEAD`] and an entry block of a field of `n`; tests add the stages and the rest.
pub(crate) fn head_with_field(n: u32) -> String {
    format!("{HEAD}entry {{\n  field {n}\n}}\n")
}

/// A stage `groups` of round robins of 4 in the named groups (`A B C D`), for tests to follow
/// with the stages it feeds.
pub(crate) fn group_stage(groups: &str) -> String {
    format!(
        r#"stage groups "小组赛" {{
  round_robin single groups {groups} size 4
  entrants roster
  time standard
  avoid same_unit
  tiebreak {{
    sonneborn_berger
    wins
    lots
  }}
}}
"#
    )
}

/// A knockout `cup` of 4 seeded players, mini-matches of 2 games, with the `playoff` given.
pub(crate) fn cup_stage(playoff: &str) -> String {
    format!(
        r#"stage cup "淘汰赛" {{
  entrants roster
  knockout {{ seeded 4  seeding order  games 2  third_place }}
  places 1..4
  time standard
  colours swap
  {playoff}
}}
"#
    )
}

/// A clean regulation of 8 players in one round robin (no diagnostics), for tests to extend.
pub(crate) const BASE: &str = r#"regulation "测试赛" {
  issued 2014-03-25 by "中国象棋协会"
  dates 2014-04-27 .. 2014-04-29
}
scoring { win 2  draw 1  loss 0 }
time standard "慢棋" { base 20min  increment 20s  flag loses }
entry {
  field 8
}
stage main "循环赛" {
  round_robin single size 8
  entrants roster
  time standard
  avoid same_unit never
  tiebreak {
    sonneborn_berger
    wins
    lots
  }
  places 1..8
}
schedule {
  day 2014-04-27 { 08:30 round main 1  14:00 round main 2 }
  day 2014-04-28 { 08:30 round main 3  14:00 round main 4  19:00 round main 5 }
  day 2014-04-29 { 08:30 round main 6  14:00 round main 7 }
}
"#;

/// The error and warning codes `text` raises (notes such as N101 left out), and the rendered
/// lines for a failure message.
pub(crate) fn codes(text: &str) -> (Vec<String>, String) {
    let (got, lines) = run(text);
    (
        got.into_iter().filter(|c| !c.starts_with('N')).collect(),
        lines.join("\n"),
    )
}

/// Asserts that `text` raises exactly the error and warning codes `want` (none for `&[]`), and
/// gives the rendered lines for further checks.
#[track_caller]
pub(crate) fn assert_codes(text: &str, want: &[&str]) -> String {
    let (got, lines) = codes(text);
    assert_eq!(got, want, "{lines}");
    lines
}

/// The codes of [`BASE`] with `extra` added at its end (more blocks), as [`codes`] gives them.
pub(crate) fn codes_with_base(extra: &str) -> (Vec<String>, String) {
    codes(&format!("{BASE}{extra}"))
}

/// Checks the fixtures of `codes`; panics with every failure at once.
pub(crate) fn fixtures(codes: &[&Code]) {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir())
        .map(|rd| rd.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort();
    let mut failures = Vec::new();
    for code in codes {
        let mine: Vec<&PathBuf> = files
            .iter()
            .filter(|p| {
                p.file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .is_some_and(|n| n.starts_with(code.code) && n.ends_with(".xqr"))
            })
            .collect();
        if mine.is_empty() {
            failures.push(format!("{}: no fixture", code.code));
        }
        for path in mine {
            let text = std::fs::read_to_string(path).unwrap_or_default();
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let Some(want) = expected(&text) else {
                failures.push(format!("{name}: no `// expect:` header"));
                continue;
            };
            if !want.contains(code.code) {
                failures.push(format!(
                    "{name}: named after {} but does not expect it",
                    code.code
                ));
            }
            let (got, lines) = run(&text);
            if got != want {
                failures.push(format!(
                    "{name}: expected {want:?}, got {got:?}\n  {}",
                    lines.join("\n  ")
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `XQ_DEBUG=path cargo test -p xqreg --lib debug_file -- --ignored --nocapture`
#[test]
#[ignore = "prints the diagnostics of $XQ_DEBUG for a person to read"]
fn debug_file() {
    for path in std::env::var("XQ_DEBUG")
        .unwrap_or_default()
        .split(':')
        .filter(|p| !p.is_empty())
    {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let (_, lines) = run(&text);
        println!("== {path}\n{}", lines.join("\n"));
    }
}
