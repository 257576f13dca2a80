//! Issue 8 regressions of branch `honesty`: `assume field` sizes only the simulation (the official
//! checks count what the regulation declares), and same-unit avoidance is judged by one rule
//! (W201 asks for a statement exactly where E114 accepts `avoid same_unit`).

use std::collections::BTreeSet;

use xqreg::driver;

use crate::common::codes;

fn check(src: &str) -> BTreeSet<String> {
    codes(&driver::check_bytes("honesty.xqr", src.as_bytes()))
}

const HEAD: &str = "regulation \"t\" {\n  dates 2024-05-01 .. 2024-05-05\n}\nscoring { win 2 draw 1 loss 0 }\ntime standard { base 20min increment 20s flag loses }\n";

/// A file with `entry` given; prizes pay places 1..16 in a Swiss of 9 rounds.
fn sized(entry: &str) -> String {
    rounds(entry, 9)
}

fn rounds(entry: &str, rounds: u32) -> String {
    format!(
        "{HEAD}entry {{\n{entry}\n}}\nstage main {{\n  swiss cxa rounds {rounds}\n  entrants roster\n  time standard\n  avoid same_unit never\n  tiebreak {{ opponents_score bye lowest_in_field, wins, lots }}\n}}\nprizes \"奖金\" CNY after_tax {{\n  1: 3000\n  2..16: 500 each\n}}\n"
    )
}

/// The control: a declared field of 8 makes the size checks speak (9 rounds for 8 players,
/// prizes beyond the field). Without it the regression below would prove nothing.
#[test]
fn a_declared_field_bounds_rounds_and_prize_places() {
    let got = check(&sized("  field 8"));
    assert!(got.contains("E204"), "{got:?}");
    assert!(got.contains("E504"), "{got:?}");
}

/// `assume field 8` on an open field says how many to simulate with; the real field may be
/// larger, so prizes for places 9..16 are not beyond it (E504), nor 9 rounds too many (E204).
/// That 9 rounds cannot be simulated with 8 is the assumption's problem, said at it (E518).
#[test]
fn an_assumed_field_does_not_bound_the_official_checks() {
    let open = "  field open\n  assume field 8 \"往届人数\"";
    let got = check(&sized(open));
    for code in ["E204", "E504", "E211", "E517"] {
        assert!(
            !got.contains(code),
            "assume field constrained {code}: {got:?}"
        );
    }
    let errors: Vec<&String> = got.iter().filter(|c| c.starts_with('E')).collect();
    assert_eq!(errors, ["E518"], "{got:?}");
    // With rounds the assumed field can play, nothing is refused: the prizes stand.
    let got = check(&rounds(open, 5));
    assert!(got.iter().all(|c| !c.starts_with('E')), "{got:?}");
}

/// A cap still bounds (it is declared): the assumption does not loosen it either.
#[test]
fn a_cap_bounds_prize_places_whatever_is_assumed() {
    let got = check(&sized(
        "  field open\n  cap 8\n  assume field 8 \"往届人数\"",
    ));
    assert!(got.contains("E504"), "{got:?}");
}

/// The simulation still runs with the assumed size: the plan's field is the assumption.
#[test]
fn the_plan_still_simulates_the_assumed_field() {
    let src = sized("  field open\n  assume field 12 \"往届人数\"");
    let src = src.replace("2..16: 500 each", "2..3: 500 each");
    let out = xqreg::compile::compile_bytes("honesty.xqr", src.as_bytes());
    let plan = out.plan.expect("the file compiles");
    assert_eq!(plan.entry.field.simulated_size(), Some(12));
}

fn stage(body: &str, entry: &str) -> BTreeSet<String> {
    check(&format!(
        "{HEAD}entry {{ {entry} }}\nstage main {{\n{body}\n  entrants roster\n  time standard\n  tiebreak {{ sonneborn_berger, lots }}\n}}\n"
    ))
}

/// A round robin without a draw into groups pairs everyone: `avoid same_unit` would be
/// printed and dropped, so it is E114; W201 does not ask for it there.
#[test]
fn avoid_in_a_round_robin_without_groups_is_refused_and_never_asked_for() {
    let rr = "  round_robin single size 8";
    assert!(stage(&format!("{rr}\n  avoid same_unit"), "field 8").contains("E114"));
    let unstated = stage(rr, "field 8");
    assert!(
        !unstated.contains("W201") && !unstated.contains("E114"),
        "{unstated:?}"
    );
    let never = stage(&format!("{rr}\n  avoid same_unit never"), "field 8");
    assert!(!never.contains("E114"), "{never:?}");
}

/// With a group draw the statement is asked for (W201) and `avoid same_unit` is accepted.
#[test]
fn avoid_in_a_drawn_round_robin_is_asked_for_and_accepted() {
    let rr = "  round_robin single groups A B size 4";
    assert!(stage(rr, "field 8").contains("W201"));
    let stated = stage(&format!("{rr}\n  avoid same_unit"), "field 8");
    assert!(
        !stated.contains("W201") && !stated.contains("E114"),
        "{stated:?}"
    );
}

/// The Dutch pairer keeps units apart too (forbidden pairs, issue 13): W201 asks an unstated
/// Dutch Swiss for either statement, and E114 accepts both.
#[test]
fn a_dutch_swiss_is_asked_for_a_statement_and_accepts_either() {
    let swiss = "  swiss dutch rounds 5";
    let report = driver::check_bytes(
        "honesty.xqr",
        format!("{HEAD}entry {{ field 16 }}\nstage main {{\n{swiss}\n  entrants roster\n  time standard\n  tiebreak {{ opponents_score bye lowest_in_field, wins, lots }}\n}}\n").as_bytes(),
    );
    let w201 = report
        .diagnostics
        .iter()
        .find(|d| d.code.code == "W201")
        .expect("W201 on an unstated Dutch Swiss");
    assert!(w201
        .help
        .iter()
        .any(|h| h.en.contains("add `avoid same_unit`,")));
    let avoid = stage(&format!("{swiss}\n  avoid same_unit"), "field 16");
    assert!(
        !avoid.contains("W201") && !avoid.contains("E114"),
        "{avoid:?}"
    );
    let never = stage(&format!("{swiss}\n  avoid same_unit never"), "field 16");
    assert!(
        !never.contains("W201") && !never.contains("E114"),
        "{never:?}"
    );
}
