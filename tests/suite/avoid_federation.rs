//! `avoid same_federation [round1|always]` (issue 9 item 7): a Swiss keeps players of one
//! federation (the roster's `federation`) apart, here in round 1 only, where `avoid same_unit`
//! would not (every player has a unit of their own).

use crate::common::simulated_games;

const REGULATION: &str = r#"regulation "亚洲象棋公开赛" en "Asian Open" {
  dates 2026-05-01 .. 2026-05-03
}

scoring { win 2 draw 1 loss 0 }
time standard "慢棋" en "Standard" { base 30min increment 30s flag loses }

entry { field 8 }

stage main "积分编排" en "Swiss" {
  swiss cxa rounds 3
  numbers rating
  first_round split_half
  entrants roster
  time standard
  AVOID
  tiebreak opponents_score, wins, lots
}
"#;

/// By rating CHN and VIE alternate, so that round 1 split in half (1-5, 2-6, 3-7, 4-8) pairs
/// every player with a compatriot unless the federations are kept apart.
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

/// Round 1's games of the stage as (red, black) ids, with `avoid` as the stage's clause.
fn round1(avoid: &str) -> Vec<(String, String)> {
    simulated_games(&REGULATION.replace("AVOID", avoid), ROSTER, avoid)
        .into_iter()
        .filter(|g| g.0 == 1)
        .map(|(_, red, black)| (red, black))
        .collect()
}

/// CHN players are the odd ids.
fn compatriots(games: &[(String, String)]) -> usize {
    let chn = |id: &str| id.trim_start_matches('p').parse::<u32>().unwrap_or(0) % 2 == 1;
    games.iter().filter(|(r, b)| chn(r) == chn(b)).count()
}

#[test]
fn round_one_keeps_federations_apart_where_units_would_not() {
    let units = round1("avoid same_unit");
    assert_eq!(units.len(), 4, "{units:?}");
    assert_eq!(
        compatriots(&units),
        4,
        "split in half pairs compatriots: {units:?}"
    );
    let federations = round1("avoid same_federation round1");
    assert_eq!(federations.len(), 4, "{federations:?}");
    assert_eq!(compatriots(&federations), 0, "{federations:?}");
}
