//! What a Swiss runs where its regulation is silent is printed: the bye's points and who gets it
//! (an individual CXA Swiss), and in a CXA Swiss the colour limits, how equal colour claims are
//! settled and whether a forfeit counts as met. The sentences say the plan's values: a default
//! changed in the lowering changes the sheet, and this test, with it.

use xqreg::compile::compile_bytes;
use xqreg::sheet::Lang;
use xqreg_runtime::plan::{ByeRecipient, ColourTie, StageFormat};

use super::sheet_says;

fn swiss(system: &str, clauses: &str) -> String {
    format!(
        r#"regulation "测试赛" en "Test event" {{
  dates 2024-05-01 .. 2024-05-03
  rulebook cxa2011
}}
scoring {{ win 2 draw 1 loss 0 }}
time standard {{ base 20min increment 20s flag loses }}
entry {{
  field 16
}}
stage main "瑞士制" en "Swiss" {{
  swiss {system} rounds 5
  time standard
  tiebreak {{ opponents_score, wins, lots }}
  places 1..16
{clauses}}}
"#
    )
}

#[test]
fn a_silent_cxa_swiss_prints_the_defaults_the_plan_runs() {
    let text = swiss("cxa", "");
    // The plan's values, which the sentences below say.
    let plan = compile_bytes("t.xqr", text.as_bytes())
        .plan
        .expect("a plan");
    let StageFormat::Swiss(s) = &plan.stages[0].format else {
        panic!("a Swiss: {:?}", plan.stages[0].format)
    };
    assert_eq!(s.bye.points, 2);
    assert_eq!(s.bye.recipient, ByeRecipient::LowestNotYet);
    assert_eq!(
        (
            s.colour_limits.max_consecutive,
            s.colour_limits.max_difference,
            s.colour_limits.relax_last_rounds
        ),
        (2, 2, 1)
    );
    assert_eq!(s.colour_tie, ColourTie::RoundParity);
    assert!(!s.forfeit_counts_as_met);
    sheet_says(
        &text,
        Lang::Zh,
        &[
            "轮空：轮空记2分；轮空由尚未轮空的最低分棋手获得。",
            "先后手限制：连续执同色不超过2局；先后手局数差不超过2；最后1轮可放宽；任一轮无法满足时，该轮放宽并予注明。",
            "先后手相同时按轮次奇偶确定。",
            "弃权局不视为已相遇，可再次配对。",
        ],
        &[],
    );
    sheet_says(
        &text,
        Lang::En,
        &[
            "Byes: a bye scores 2; the bye goes to the lowest-ranked player without a bye yet.",
            "Colour limits: at most 2 games in a row with one colour; a colour difference of at most 2; relaxed in the last round; a round no pairing can keep them in sets them aside, with a note.",
            "Equal colour claims are settled by the parity of the round.",
            "A forfeited game does not count as played; the pair may meet again.",
        ],
        &[],
    );
}

/// A clause written is printed as written, once; a Dutch Swiss prints the bye only (the other
/// three clauses act in a CXA Swiss alone, E114 elsewhere).
#[test]
fn a_written_clause_replaces_its_default_and_a_dutch_swiss_prints_its_bye() {
    let text = swiss(
        "cxa",
        "  bye points 1\n  colour_tie sum_parity\n  forfeit_counts_as_met yes\n",
    );
    // Every recipient the runtime knows is said in words.
    let fewest = swiss("cxa", "  bye points 2 recipient lowest_fewest\n");
    sheet_says(
        &fewest,
        Lang::En,
        &["the bye goes to the lowest-ranked player of those with the fewest byes."],
        &["lowest_fewest"],
    );
    sheet_says(
        &text,
        Lang::Zh,
        &[
            // What the clause leaves out is the plan's default, and said.
            "轮空：轮空记1分；轮空由尚未轮空的最低分棋手获得。",
            "弃权局视为已相遇",
            "先后手限制：连续执同色不超过2局",
        ],
        &["轮空记2分", "按轮次奇偶", "弃权局不视为已相遇"],
    );
    sheet_says(
        &swiss("dutch", ""),
        Lang::Zh,
        &["轮空：轮空记2分。"],
        &["先后手限制", "先后手相同时", "弃权局", "尚未轮空"],
    );
}
