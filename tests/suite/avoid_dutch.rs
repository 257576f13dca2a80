//! `avoid same_unit|same_federation always` in a Dutch Swiss (issue 13 item 2): from round 2 on
//! the pairs the clause keeps apart go to the FIDE Dutch engine as forbidden pairings (treated
//! like a game already played, C1), round 1 is the first-round method's exchange of partners.

use crate::common::simulated_games;

const REGULATION: &str = r#"regulation "亚洲象棋公开赛" en "Asian Open" {
  dates 2026-05-01 .. 2026-05-03
}

scoring { win 2 draw 1 loss 0 }
time standard "慢棋" en "Standard" { base 30min increment 30s flag loses }

entry { field 8 }

stage main "积分编排" en "Swiss" {
  swiss dutch rounds 3
  numbers rating
  first_round adjacent
  entrants roster
  time standard
  AVOID
  tiebreak opponents_score, wins, lots
}
"#;

/// By rating CHN and VIE alternate: round 1 paired adjacent (1-2, 4-3, ...) never pairs
/// compatriots, so whatever the clause says round 1 is the same, and every difference after it
/// is the Dutch engine's forbidden pairs.
const ROSTER: &str = "id,name,unit,federation,sex,born,title,rating,pool,order
p1,甲一,北京,CHN,men,1990-01-01,,2400,,1
p2,乙一,河内,VIE,men,1990-01-01,,2390,,2
p3,甲二,上海,CHN,men,1990-01-01,,2380,,3
p4,乙二,胡志明,VIE,men,1990-01-01,,2370,,4
p5,甲三,广州,CHN,men,1990-01-01,,2360,,5
p6,乙三,岘港,VIE,men,1990-01-01,,2350,,6
p7,甲四,深圳,CHN,men,1990-01-01,,2340,,7
p8,乙四,海防,VIE,men,1990-01-01,,2330,,8
";

/// The stage's games as (round, red, black), with `avoid` as the stage's clause.
fn games(avoid: &str) -> Vec<(u64, String, String)> {
    simulated_games(&REGULATION.replace("AVOID", avoid), ROSTER, avoid)
}

/// Games between compatriots (CHN players are the odd ids) in rounds `from..`.
fn compatriots(games: &[(u64, String, String)], from: u64) -> usize {
    let chn = |id: &str| id.trim_start_matches('p').parse::<u32>().unwrap_or(0) % 2 == 1;
    games
        .iter()
        .filter(|(r, a, b)| *r >= from && chn(a) == chn(b))
        .count()
}

#[test]
fn a_dutch_swiss_keeps_federations_apart_in_every_round() {
    let never = games("avoid same_federation never");
    assert_eq!(never.len(), 12, "{never:?}");
    let always = games("avoid same_federation always");
    assert_eq!(always.len(), 12, "{always:?}");
    assert_eq!(compatriots(&never, 1), compatriots(&never, 2), "{never:?}");
    assert!(compatriots(&never, 2) > 0, "{never:?}");
    assert_eq!(compatriots(&always, 1), 0, "{always:?}");
}
