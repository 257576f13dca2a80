//! A newcomer's sheet findings (G): a team event's qualification counted in teams, a knockout's
//! shared places and rounds named from the end, the pairing numbers of `registration_order`
//! drawn by no lot.

use xqreg::sheet::Lang;

use super::sheet_of;

const TEAM_LEAGUE: &str = r#"regulation "联赛" {
  event team
}
scoring {
  win 2 draw 1 loss 0
  match { win 2 draw 1 loss 0 }
}
time standard "慢棋" { base 15min increment 10s flag loses }
entry {
  field 4
  team_size 2..3
}
stage league "团体循环" {
  team_round_robin single boards 2
  entrants roster
  time standard
  colours by_board
  tiebreak game_points, board_countback, lots
  places 1..4
}
qualification "全国赛" en "the national final" {
  overall 1
}
"#;

/// (1) A team league qualifies teams: 全场1队 / 1 team (it read 全场1人 / Overall: 1).
#[test]
fn a_team_events_quota_counts_teams() {
    let zh = sheet_of(TEAM_LEAGUE, Lang::Zh);
    assert!(zh.contains("晋级全国赛的名额为：全场1队"), "{zh}");
    assert!(!zh.contains("全场1人"), "{zh}");
    let en = sheet_of(TEAM_LEAGUE, Lang::En);
    assert!(en.contains("Overall: 1 team"), "{en}");
    let two = sheet_of(&TEAM_LEAGUE.replace("overall 1", "overall 2"), Lang::En);
    assert!(two.contains("Overall: 2 teams"), "{two}");
}

const CUP: &str = r#"regulation "杯赛" {
}
time standard "慢棋" { base 60min increment 30s flag loses }
time rapid "快棋" { base 10min increment 5s flag loses }
entry { field 32 }
stage cup "淘汰赛" en "Knockout" {
  knockout {
    seeded 32
    seeding rating
  }
  entrants roster
  time standard
  places 1..32
  playoff {
    game rapid colours swap
    lots
  }
}
prizes "奖金" CNY {
  1: 10000
  2: 5000
  eliminated cup round 3: 2000 each
  eliminated cup round 2: 1000 each
}
"#;

/// (2) The knockout says who shares which place and names its rounds from the end, and the
/// English method does not open `Knockout: A knockout`.
#[test]
fn a_knockout_names_its_rounds_and_shared_places() {
    let zh = sheet_of(CUP, Lang::Zh);
    assert!(
        zh.contains("淘汰赛产生第一至三十二名：半决赛负者并列第三名、四分之一决赛负者并列第五名、八分之一决赛负者并列第九名、十六分之一决赛负者并列第十七名。"),
        "{zh}"
    );
    assert!(
        zh.contains("| 四分之一决赛负者 | 2,000元 | 4 | 8,000元 |"),
        "{zh}"
    );
    assert!(
        zh.contains("| 八分之一决赛负者 | 1,000元 | 8 | 8,000元 |"),
        "{zh}"
    );
    assert!(!zh.contains("淘汰赛第三轮负者"), "{zh}");
    let en = sheet_of(CUP, Lang::En);
    assert!(
        en.contains("Knockout decides places 1–32: semi-final losers share 3rd place, quarter-final losers share 5th place, round-of-16 losers share 9th place, round-of-32 losers share 17th place."),
        "{en}"
    );
    assert!(
        en.contains("| quarter-final losers | CNY 2,000 | 4 | CNY 8,000 |"),
        "{en}"
    );
    assert!(!en.contains("losers of Knockout, round 3"), "{en}");
    assert!(!en.contains("Knockout: A knockout"), "{en}");
    assert!(en.contains("Knockout: Played as a knockout; "), "{en}");
    // A third-place match: the semi-finals' losers play, and are not said to share 3rd.
    let third = sheet_of(
        &CUP.replace("seeding rating\n", "seeding rating\n    third_place\n"),
        Lang::Zh,
    );
    assert!(
        third.contains("淘汰赛产生第一至三十二名：四分之一决赛负者并列第五名"),
        "{third}"
    );
    // Every place played out: nobody shares.
    let placement = sheet_of(
        &CUP.replace("seeding rating\n", "seeding rating\n    placement\n"),
        Lang::Zh,
    );
    assert!(
        placement.contains("淘汰赛产生第一至三十二名。"),
        "{placement}"
    );
}

/// (3) Pairing numbers in registration order are drawn by no lot (it read 按报名先后顺序抽签确定代号).
#[test]
fn registration_order_numbers_are_not_drawn() {
    let text = r#"regulation "公开赛" {
}
time standard "慢棋" { base 60min increment 30s flag loses }
entry { field 20 }
stage main "积分编排" {
  swiss cxa rounds 7
  entrants roster
  time standard
  numbers registration_order
  avoid same_unit
  tiebreak opponents_score, lots
}
"#;
    let zh = sheet_of(text, Lang::Zh);
    assert!(zh.contains("按报名先后顺序确定代号"), "{zh}");
    assert!(!zh.contains("抽签确定代号"), "{zh}");
}
