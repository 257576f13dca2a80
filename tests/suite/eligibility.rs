//! Issue 8: no roster player silently vanishes. A player who fails an entry condition is a
//! roster error at the row (`event women_individual` bars men as `sex women` does); a player
//! eligible for the event whom no stage takes gets a warning (W202) at the row and a transcript
//! line.

use xqreg::diagnostics::source::SourceFile;
use xqreg::run;
use xqreg_runtime::engine::TranscriptEntry;

use crate::common::assert_phrases;

fn compile(name: &str, text: &str) -> xqreg_runtime::plan::Plan {
    xqreg::compile::compile_bytes(name, text.as_bytes())
        .plan
        .expect("the regulation compiles")
}

const WOMEN_INDIVIDUAL: &str = include_str!("regulations/eligibility_women_individual.xqr");

const FOUR: &str = "id,name,sex\na,甲,women\nb,乙,men\nc,丙,women\nd,丁,women\n";

#[test]
fn a_man_in_a_womens_individual_event_is_refused_at_his_row() {
    let plan = compile("w.xqr", WOMEN_INDIVIDUAL);
    let roster = run::csv_input::read_roster("w.csv", FOUR.as_bytes()).expect("reads");
    let problems = run::run_plan(&plan, &roster, &Default::default(), 1).expect_err("refused");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].code, "R007");
    assert_eq!(problems[0].row, Some(3));
    assert_eq!(problems[0].column.as_deref(), Some("sex"));
}

const BY_CATEGORY: &str = include_str!("regulations/eligibility_by_category.xqr");

#[test]
fn a_player_no_stage_takes_is_warned_at_the_row_and_in_the_transcript() {
    let plan = compile("c.xqr", BY_CATEGORY);
    let csv = "id,name,sex\na,甲,women\nb,乙,men\nc,丙,women\nd,丁,women\ne,戊,women\n";
    let roster = run::csv_input::read_roster("c.csv", csv.as_bytes()).expect("reads");
    let out = run::run_plan(&plan, &roster, &Default::default(), 1).expect("runs");
    assert_eq!(out.warnings.len(), 1, "{:?}", out.warnings);
    let w = &out.warnings[0];
    assert_eq!(
        (w.code.as_str(), w.row, w.column.as_deref()),
        ("W202", Some(3), Some("id"))
    );
    let lines: Vec<&TranscriptEntry> = out
        .transcript
        .iter()
        .filter(|e| e.text.starts_with("b (乙) plays in no stage"))
        .collect();
    assert_eq!(lines.len(), 1);
    // Rendered as a warning at the roster cell, with its help.
    let reg = SourceFile::new("c.xqr", BY_CATEGORY);
    let src = SourceFile::new("c.csv", csv);
    let reports = run::problem_reports(&out.warnings, &reg, Some(&src));
    let text = xqreg::diagnostics::render::render(
        xqreg::diagnostics::render::Format::Plain,
        &reports,
        xqreg::diagnostics::render::Options {
            lang: xqreg::diagnostics::Lang::En,
            color: false,
        },
    );
    assert_phrases(
        &text,
        &["warning[W202 player-in-no-stage]", "c.csv:3:1", "help:"],
        &[],
    );
}
