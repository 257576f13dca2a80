//! Bad data never becomes output (issue 8 item 5), as a property: every numeric literal of every
//! example (outside its scenario tests, comments and texts; dates and clock times excluded) is
//! replaced, one at a time, by each of a set of extreme values. Whenever `check` accepts the
//! mutant, a simulation with seed 1 on the roster generated for its field must finish without a
//! panic and without a runtime problem: a problem there is a value `check` should have refused.
//!
//! Every mutant is checked (and lowered to a plan). The simulation goes through the library
//! (`run::generated_roster`, `run::run_plan`) and is sampled: see [`SIMULATED_PER_EXAMPLE`].

use std::panic::{catch_unwind, AssertUnwindSafe};

use xqreg::compile::lower;
use xqreg::diagnostics::source::SourceFile;
use xqreg_grammar::ast::Item;

use crate::common::{on_each_example, rel};

/// The values each literal takes: the boundaries a regulation can get wrong, a large value and
/// the largest the grammar reads.
const EXTREMES: &[u64] = &[0, 1, 2, 1_000_000, u32::MAX as u64];

/// Byte ranges of the numeric literals outside texts, comments and test blocks. Digits inside a
/// date (`2024-05-01`) or a clock time (`08:30`) are left alone: the grammar reads them as one
/// token whose parts are checked as a date.
fn literals(text: &str, skip: &[std::ops::Range<usize>]) -> Vec<std::ops::Range<usize>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let (mut i, mut in_text) = (0, false);
    while i < b.len() {
        let c = b[i];
        if skip.iter().any(|r| r.contains(&i)) {
            i += 1;
            continue;
        }
        if in_text {
            in_text = c != b'"';
            i += 1;
            continue;
        }
        match c {
            b'"' => in_text = true,
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'0'..=b'9' if i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_') => {
                let start = i;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                let next = b.get(i).copied().unwrap_or(b' ');
                let prev = if start == 0 { b' ' } else { b[start - 1] };
                // A date or a clock time: one token of the grammar.
                let dated = matches!(next, b'-' | b':')
                    && b.get(i + 1).is_some_and(u8::is_ascii_digit)
                    || matches!(prev, b'-' | b':') && start >= 2 && b[start - 2].is_ascii_digit();
                if !dated {
                    out.push(start..i);
                }
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// The checked plan of a mutant, None when `check` refuses it.
fn accepted(name: &str, text: &str) -> Option<xqreg_runtime::plan::Plan> {
    let parsed = xqreg_grammar::parse(text);
    if !parsed.errors.is_empty() {
        return None;
    }
    let out = xqreg::check::check_parsed(&parsed);
    if out.diagnostics.errors() > 0 {
        return None;
    }
    Some(lower(&out.checked, &SourceFile::new(name, text)))
}

/// A simulation with seed 1 on the generated roster: Err with the runtime's problems.
fn simulate(plan: &xqreg_runtime::plan::Plan) -> Result<(), String> {
    let roster = xqreg::run::generated_roster(plan, None, 1).map_err(|p| problems(&p))?;
    let results = xqreg_runtime::engine::RecordedResults::default();
    xqreg::run::run_plan(plan, &roster, &results, 1)
        .map(|_| ())
        .map_err(|p| problems(&p))
}

fn problems(p: &[xqreg_runtime::engine::RuntimeProblem]) -> String {
    p.iter()
        .map(|p| format!("{}: {}", p.code, p.message))
        .collect::<Vec<_>>()
        .join("; ")
}

/// How many accepted mutants of one example are simulated at most: a debug-build simulation of
/// the larger examples takes a second, so the accepted mutants are sampled evenly (every k-th in
/// source order), and those with a value of a million or more are always simulated.
const SIMULATED_PER_EXAMPLE: usize = 24;

/// Counts of one example.
#[derive(Default)]
struct Tally {
    mutants: usize,
    accepted: usize,
    simulated: usize,
    bad: Vec<String>,
}

fn one_example(path: &std::path::Path) -> Tally {
    let name = rel(path);
    let text = std::fs::read_to_string(path).expect("readable UTF-8");
    let tests: Vec<std::ops::Range<usize>> = xqreg_grammar::parse(&text)
        .file
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Test(t) => Some(t.span.range()),
            _ => None,
        })
        .collect();
    let mut tally = Tally::default();
    let mut plans = Vec::new();
    for lit in literals(&text, &tests) {
        let original = &text[lit.clone()];
        for v in EXTREMES {
            let value = v.to_string();
            if value == original {
                continue;
            }
            let mutant = format!("{}{value}{}", &text[..lit.start], &text[lit.end..]);
            tally.mutants += 1;
            let line = text[..lit.start].matches('\n').count() + 1;
            let what = format!("{name}:{line}: {original} -> {value}");
            match catch_unwind(AssertUnwindSafe(|| accepted(&name, &mutant))) {
                Ok(Some(plan)) => plans.push((what, *v, plan)),
                Ok(None) => {}
                Err(_) => tally.bad.push(format!("{what}: check or lowering panics")),
            }
        }
    }
    tally.accepted = plans.len();
    let stride = plans.len().div_ceil(SIMULATED_PER_EXAMPLE).max(1);
    for (i, (what, v, plan)) in plans.iter().enumerate() {
        if i % stride != 0 && *v < 1_000_000 {
            continue;
        }
        tally.simulated += 1;
        match catch_unwind(AssertUnwindSafe(|| simulate(plan))) {
            Ok(Ok(())) => {}
            Ok(Err(why)) => tally.bad.push(format!("{what}: {why}")),
            Err(_) => tally.bad.push(format!("{what}: the simulation panics")),
        }
    }
    tally
}

#[test]
fn extreme_numbers_are_refused_by_check_or_run() {
    let tallies: Vec<Tally> = on_each_example(one_example);
    let sum = |f: fn(&Tally) -> usize| tallies.iter().map(f).sum::<usize>();
    let (mutants, accepted, simulated) = (
        sum(|t| t.mutants),
        sum(|t| t.accepted),
        sum(|t| t.simulated),
    );
    let bad: Vec<&String> = tallies.iter().flat_map(|t| &t.bad).collect();
    eprintln!("numeric mutants: {mutants}, {accepted} accepted by check, {simulated} of those simulated, {} bad", bad.len());
    assert!(mutants > 0 && simulated > 0);
    let list: Vec<&str> = bad.iter().map(|s| s.as_str()).collect();
    assert!(
        bad.is_empty(),
        "{} mutants pass check and then fail:\n{}",
        bad.len(),
        list.join("\n")
    );
}
