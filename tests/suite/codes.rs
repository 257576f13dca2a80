//! The code registry against its documentation and its fixtures: every code has an explain text
//! in both languages and a fixture named after it; syntax codes' explain examples raise them.

use std::collections::BTreeSet;

use xqreg::diagnostics::registry::{all_codes, is_runtime_only};
use xqreg::driver;

use crate::common::{codes, files_under, root};

#[test]
fn every_code_has_an_explanation() {
    let mut missing = Vec::new();
    for c in all_codes() {
        let e = &c.explain;
        for (what, text) in [
            ("meaning en", e.meaning.en),
            ("meaning zh", e.meaning.zh),
            ("example", e.example),
            ("fix en", e.fix.en),
            ("fix zh", e.fix.zh),
        ] {
            if text.trim().is_empty() {
                missing.push(format!("{} {}: empty {what}", c.code, c.name));
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn every_code_has_a_fixture() {
    let names: BTreeSet<String> = files_under(&root().join("tests/fixtures"), "xqr")
        .iter()
        .filter_map(|p| p.file_name().map(|f| f.to_string_lossy().into_owned()))
        .collect();
    let mut missing = Vec::new();
    let mut pending = Vec::new();
    for c in all_codes() {
        if names.iter().any(|n| n.starts_with(c.code)) {
            continue;
        }
        if is_runtime_only(c) {
            pending.push(c.code);
        } else {
            missing.push(format!("{} {}", c.code, c.name));
        }
    }
    if !pending.is_empty() {
        eprintln!("runtime-only codes without an .xqr fixture (pending): {pending:?}");
    }
    assert!(
        missing.is_empty(),
        "codes without a fixture under tests/fixtures (file name must start with the code):\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_language_has_at_least_forty_codes() {
    let n = all_codes().len();
    assert!(n >= 40, "only {n} diagnostic codes are registered");
}

/// The explain example of a syntax code is a real case: parsing it raises that code. E001 and
/// E016 are the exceptions, as their examples can only describe bytes that are not text and a
/// file of more than 4 MiB.
#[test]
fn syntax_explain_examples_raise_their_code() {
    let mut wrong = Vec::new();
    for c in xqreg::diagnostics::syntax::codes() {
        if c.code == "E001" || c.code == "E016" {
            continue;
        }
        let report = driver::check_bytes("example.xqr", c.explain.example.as_bytes());
        let got = codes(&report);
        if !got.contains(c.code) {
            wrong.push(format!(
                "{}: example raises {got:?}\n{}",
                c.code, c.explain.example
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}

/// The codes of `xqreg event` (E83x, R050) have no `.xqr` fixture: their fixture is a command
/// line. Each is listed in docs/diagnostics.md and raised by a test of tests/suite/event_cli.rs,
/// event_enter.rs, event_teams.rs, event_inputs.rs, event_arbiter.rs or leftovers_and_limits.rs
/// (`refused(&[...], "E83x")` or a check of the error text), so none is registered and untested.
#[test]
fn every_event_code_is_documented_and_raised_by_a_test() {
    let docs = std::fs::read_to_string(root().join("docs/diagnostics.md")).expect("diagnostics.md");
    let tests: String = [
        "event_cli.rs",
        "event_enter.rs",
        "event_teams.rs",
        "event_inputs.rs",
        "event_arbiter.rs",
        "leftovers_and_limits.rs",
    ]
    .iter()
    .map(|f| std::fs::read_to_string(root().join("tests/suite").join(f)).expect(f))
    .collect();
    let mut ids: Vec<&str> = xqreg::event::codes::codes()
        .iter()
        .map(|c| c.code)
        .collect();
    ids.push("R050");
    let mut missing = Vec::new();
    for id in ids {
        assert!(
            xqreg::diagnostics::registry::lookup(id).is_some(),
            "{id} is not registered"
        );
        if !docs.contains(&format!("| {id} |")) {
            missing.push(format!("{id}: no row in docs/diagnostics.md"));
        }
        if !tests.contains(&format!("\"{id}\"")) {
            missing.push(format!(
                "{id}: no test in tests/suite/event_cli.rs, event_enter.rs, event_teams.rs or event_inputs.rs raises it"
            ));
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

/// Every code the message catalogues define (`[E816]` in compiler/messages/**.toml) is
/// registered, so that `xqreg explain` knows it: E816 (a TRF file not UTF-8) was raised by
/// `pair` but missing from the run codes' list, and `xqreg explain E816` said there was no such
/// code.
#[test]
fn every_code_of_the_catalogues_is_registered() {
    let registered: BTreeSet<&str> = all_codes().iter().map(|c| c.code).collect();
    let mut missing = Vec::new();
    for file in files_under(&root().join("compiler/messages"), "toml") {
        let text = std::fs::read_to_string(&file).expect("a catalogue");
        for line in text.lines() {
            let Some(code) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) else {
                continue;
            };
            let is_code = code.len() == 4
                && code.starts_with(['E', 'W', 'N', 'R'])
                && code[1..].bytes().all(|b| b.is_ascii_digit());
            if is_code && !registered.contains(code) {
                missing.push(format!("{code} in {}", file.display()));
            }
        }
    }
    assert!(missing.is_empty(), "not registered: {missing:?}");
}
