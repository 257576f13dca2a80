//! No silent drop, proven: for every executed clause of every example (found by walking the
//! syntax tree through the contract), blanking that clause's text changes the plan JSON (values
//! or origins) or the check result. Blanking keeps every byte offset, so the rest of the plan's
//! origins stay put and only the deleted clause can make the difference. Exceptions are listed
//! below with a reason each.

use xqreg::compile::lower;
use xqreg::contract::{self, ClauseKind, Status};
use xqreg::diagnostics::source::SourceFile;
use xqreg_grammar::ast::Item;

use crate::common::{examples, rel};

/// Kinds not deleted, and why.
const KIND_EXCEPTIONS: &[(ClauseKind, &str)] = &[
    (ClauseKind::TestRoster, "scenario tests are not part of the plan: `xqreg test` runs them (tests/suite/scenarios.rs); the test blocks are blanked before deleting"),
    (ClauseKind::TestSeed, "scenario tests are not part of the plan"),
    (ClauseKind::TestDraw, "scenario tests are not part of the plan"),
    (ClauseKind::TestResult, "scenario tests are not part of the plan"),
    (ClauseKind::TestExpect, "scenario tests are not part of the plan"),
];

/// Deletions allowed to change nothing: (kind, the clause text or "" for any, reason).
const SILENT_EXCEPTIONS: &[(ClauseKind, &str, &str)] = &[
    (ClauseKind::ScoringPoints, "", "a scoring key equal to its default (win 2, draw 1, loss 0, forfeit 2/0, bye 2): the plan keeps one origin per scoring block; keys left out are branch `checks`' (issue 8 item 3, `scoring { win 2 loss 0 }`)"),
    (ClauseKind::ScoringMatch, "", "a match-point key equal to its default (2/1/0): one origin per scoring block, as above"),
    (ClauseKind::Colours, "colours lot", "the format's default colour rule (knockout, same-place: lot): the plan's colour rule has no origin of its own (left undone: a `colours` origin in plan::Knockout/SamePlace/RoundRobin)"),
    (ClauseKind::Colours, "colours by_board", "states what a team round robin always does (CXA 13.2; E114 accepts only this word there)"),
    (ClauseKind::KoSeeding, "seeding lot", "the default seeding (lot); the bracket's seeding has no origin of its own"),
    (ClauseKind::KoSeeded, "", "states the bracket size the entrants give anyway (the next power of two)"),
    (ClauseKind::TimeSuddenDeath, "", "the same as the default increment 0; a time control keeps one origin"),
    (ClauseKind::EventKind, "", "an individual or open kind states the default; a team event is also known from `team_size` and `team` (branch `teams` makes team checks read it)"),
    (ClauseKind::TeamSize, "", "team sizes are checked on branch `teams` (issue 8 item 3, `team_size 1` with `boards 2`)"),
    (ClauseKind::RegistrationClause, "deadline", "a check that passes: deleting a deadline before the first day leaves E609 nothing to find (tests/fixtures/check/E609_deadline_after_start.xqr proves the check)"),
];

/// Every test block blanked: tests are not part of the plan, and checking them is the slow part.
fn without_tests(text: &str, items: &[Item]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for item in items {
        if let Item::Test(t) = item {
            bytes = blank(&bytes, t.span);
        }
    }
    String::from_utf8(bytes).expect("blanking keeps UTF-8")
}

fn blank(text: &[u8], span: xqreg_grammar::Span) -> Vec<u8> {
    let mut out = text.to_vec();
    for b in &mut out[span.range()] {
        if *b != b'\n' {
            *b = b' ';
        }
    }
    out
}

/// What a deletion may change: the plan JSON and the diagnostics (code and place).
/// (Parse and check once, lower from that check: the library path `compile_bytes` takes, without
/// its second check, to keep the test fast in debug builds.)
fn outcome(name: &str, text: &str) -> (String, Vec<(String, u32, u32)>) {
    let parsed = xqreg_grammar::parse(text);
    let out = xqreg::check::check_parsed(&parsed);
    let mut diags: Vec<(String, u32, u32)> = parsed
        .errors
        .iter()
        .map(|e| (format!("{:?}", e.kind), e.span.start, e.span.end))
        .chain(
            out.diagnostics
                .list
                .iter()
                .map(|d| (d.code.code.to_string(), d.span().start, d.span().end)),
        )
        .collect();
    diags.sort();
    let errors = !parsed.errors.is_empty() || out.diagnostics.errors() > 0;
    let plan = if errors {
        String::new()
    } else {
        let source = SourceFile::new(name, text);
        serde_json::to_string(&lower(&out.checked, &source)).expect("a plan serialises")
    };
    (plan, diags)
}

/// The spans of base items that a supplement overrides: their clauses are replaced by design.
fn overridden(items: &[Item]) -> Vec<xqreg_grammar::Span> {
    let key = |item: &Item| -> Option<(&'static str, String)> {
        match item {
            Item::Stage(s) => Some(("stage", s.name.node.clone())),
            Item::TimeControl(t) => Some(("time", t.name.node.clone())),
            Item::Playoff(p) => p.name.as_ref().map(|n| ("playoff", n.node.clone())),
            Item::Category(c) => Some(("category", c.name.node.clone())),
            Item::Scoring(s) => Some((
                "scoring",
                s.name.as_ref().map(|n| n.node.clone()).unwrap_or_default(),
            )),
            Item::Entry(_) => Some(("entry", String::new())),
            Item::Conduct(_) => Some(("conduct", String::new())),
            Item::Schedule(_) => Some(("schedule", String::new())),
            _ => None,
        }
    };
    let overrides: Vec<(&'static str, String)> = items
        .iter()
        .filter_map(|i| match i {
            Item::Supplement(s) => Some(s),
            _ => None,
        })
        .flat_map(|s| s.items.iter())
        .filter(|si| si.override_kw.is_some())
        .filter_map(|si| key(&si.item))
        .collect();
    items
        .iter()
        .filter(|i| key(i).is_some_and(|k| overrides.contains(&k)))
        .map(item_span)
        .collect()
}

fn item_span(item: &Item) -> xqreg_grammar::Span {
    match item {
        Item::Stage(s) => s.span,
        Item::TimeControl(t) => t.span,
        Item::Playoff(p) => p.span,
        Item::Category(c) => c.span,
        Item::Scoring(s) => s.span,
        Item::Entry(e) => e.span,
        Item::Conduct(c) => c.span,
        Item::Schedule(s) => s.span,
        _ => xqreg_grammar::Span::new(0, 0),
    }
}

#[test]
fn deleting_any_executed_clause_changes_the_plan_or_the_check() {
    let results: Vec<(usize, usize, Vec<String>, usize)> = std::thread::scope(|scope| {
        let handles: Vec<_> = examples()
            .into_iter()
            .map(|path| scope.spawn(move || one_example(&path)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("no panic"))
            .collect()
    });
    let deleted: usize = results.iter().map(|r| r.0).sum();
    let skipped: usize = results.iter().map(|r| r.1).sum();
    let allowed: usize = results.iter().map(|r| r.3).sum();
    let silent: Vec<String> = results.into_iter().flat_map(|r| r.2).collect();
    eprintln!("deletion property: {deleted} executed clauses deleted ({allowed} of them silent by a listed exception), {skipped} not deleted (test parts, overridden items)");
    assert!(deleted > 0);
    assert!(
        silent.is_empty(),
        "{} executed clauses can be deleted without any change:\n{}",
        silent.len(),
        silent.join("\n")
    );
}

/// (deleted, not deleted, silent deletions, silent by an exception) of one example.
fn one_example(path: &std::path::Path) -> (usize, usize, Vec<String>, usize) {
    let mut deleted = 0;
    let mut excepted = 0;
    let mut allowed = 0;
    let mut silent = Vec::new();
    {
        let name = rel(path);
        let raw = std::fs::read_to_string(path).expect("readable UTF-8");
        let text = without_tests(&raw, &xqreg_grammar::parse(&raw).file.items);
        let bytes = text.as_bytes().to_vec();
        let parsed = xqreg_grammar::parse(&raw);
        let base = outcome(&name, &text);
        let replaced = overridden(&parsed.file.items);
        for f in contract::clauses(&parsed.file.items) {
            if contract::found_status(&f) != Status::Executed {
                continue;
            }
            if KIND_EXCEPTIONS.iter().any(|(k, _)| *k == f.kind)
                || replaced
                    .iter()
                    .any(|s| s.start <= f.span.start && f.span.end <= s.end)
            {
                excepted += 1;
                continue;
            }
            let line = raw[f.span.range()].lines().next().unwrap_or("").trim();
            deleted += 1;
            let blanked = String::from_utf8(blank(&bytes, f.span)).expect("blanking keeps UTF-8");
            if outcome(&name, &blanked) != base {
                continue;
            }
            if SILENT_EXCEPTIONS
                .iter()
                .any(|(k, l, _)| *k == f.kind && line.starts_with(l))
            {
                allowed += 1;
            } else {
                silent.push(format!("{name}: {:?} `{line}`", f.kind));
            }
        }
    }
    (deleted, excepted, silent, allowed)
}
