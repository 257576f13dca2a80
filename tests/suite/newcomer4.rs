//! What a fourth newcomer found writing regulations from docs/language.md alone (the files are
//! under `tests/scenarios/newcomer4_*.xqr`, checked and run by regressions.rs): each finding
//! shown fixed.

use crate::common::{assert_phrases, check_of};

/// A team league of `field 4` teams that pays places 4..6: E504 said "the field has at most 4
/// players" where the field counts teams.
#[test]
fn a_prize_beyond_a_field_of_teams_counts_teams() {
    let reg = r#"regulation "联赛" {
  event team
}
scoring {
  win 2 draw 1 loss 0
  match { win 2 draw 1 loss 0 }
}
time standard "慢棋" { base 45min increment 15s flag loses }
entry {
  field 4
  team_size 4..6
}
stage league "联赛" {
  team_round_robin single boards 4
  entrants roster
  time standard
  tiebreak game_points, lots
}
prizes "团体奖" CNY { 1: 6000  2: 4000  3: 2000  4..6: 500 each }
"#;
    let (code, text) = check_of(reg);
    assert_eq!(code, Some(1), "{text}");
    assert_phrases(
        &text,
        &["place 5 is paid, but the field has at most 4 teams"],
        &["4 players"],
    );
}
