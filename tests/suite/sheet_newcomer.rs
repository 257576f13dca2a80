//! The sheets of three regulations a federation newcomer wrote from the docs alone (a youth
//! championship of age groups, a team league, a masters' knockout), in brief: what they found
//! wrong, each item shown fixed in zh and en.

use xqreg::sheet::{self, Format, Lang};

use super::unescape_md;

/// The sheet of a parsed regulation, without Markdown escapes; the file must parse cleanly.
fn sheet_of(text: &str, lang: Lang) -> String {
    let parsed = xqreg_grammar::parse(text);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    let md = sheet::render_file(&parsed.file, lang, Format::Md)
        .expect("the templates render")
        .text;
    unescape_md(&md)
}

/// Age groups as a newcomer writes them: one stage in full, the others `same_as` it.
const AGE_GROUPS: &str = r#"regulation "青少年锦标赛" {
  dates 2026-07-20 .. 2026-07-22
  venue "棋类馆"
  interpretation "棋类协会"
}
time standard "慢棋" { base 30min increment 10s flag loses }
category u8 "U8组（男女混合）" { born 2018-01-01 .. }
category u10b "U10男子组" { born 2016-01-01 .. 2017-12-31 sex men }
category u12b "U12男子组" { born 2014-01-01 .. 2015-12-31 sex men }
category u14g "U14女子组" { born 2012-01-01 .. 2013-12-31 sex women }
stage u8 "U8组" {
  swiss cxa rounds 7
  entrants category u8
  cap 80 first_come
  time standard
  tiebreak opponents_score, wins, lots
}
stage u10b "U10男子组" { same_as u8  entrants category u10b }
stage u12b "U12男子组" { same_as u10b  entrants category u12b }
stage u14g "U14女子组" {
  round_robin single
  entrants category u14g
  cap 8 first_come
  time standard
  tiebreak sonneborn_berger, lots
}
prizes u8 "U8组奖励" {
  1: medal gold certificate
  2: medal silver certificate
  3: medal bronze certificate
}
"#;

/// Issue of the youth championship (items 1-6): every stage a tie-break chain applies to is
/// named, a stage that only copies another says so without 其余, a group's method does not
/// restate its heading, a group's cap is 本组, medals take 枚, a prize heading has no doubled
/// brackets.
#[test]
fn age_groups_name_every_group_of_a_shared_rule() {
    let zh = sheet_of(AGE_GROUPS, Lang::Zh);
    // 1. The chain of U8 applies to the groups that copy it, at any depth; not to U14 girls.
    assert!(
        zh.contains("1.U8组、U10男子组、U12男子组：积分多者名次列前"),
        "{zh}"
    );
    assert!(zh.contains("2.U14女子组：积分多者名次列前"), "{zh}");
    // 2. The method sentence does not repeat the group's name (U8组（男女混合） in U8组).
    assert!(zh.contains("（一）U8组：采用积分编排制，共赛7轮。"), "{zh}");
    assert!(!zh.contains("U8组：U8组"), "{zh}");
    // 3. Nothing of its own before it: 竞赛办法同, never 其余.
    assert!(zh.contains("U10男子组：竞赛办法同U8组。"), "{zh}");
    assert!(zh.contains("U12男子组：竞赛办法同U10男子组。"), "{zh}");
    assert!(!zh.contains("其余办法"), "{zh}");
    // 4. A group of the event caps 本组.
    assert!(zh.contains("本组限80人，报满为止。"), "{zh}");
    assert!(zh.contains("本组限8人，报满为止。"), "{zh}");
    assert!(!zh.contains("本阶段限"), "{zh}");
    // 5. One classifier for medals.
    assert!(zh.contains("金牌一枚"), "{zh}");
    assert!(zh.contains("银牌一枚"), "{zh}");
    assert!(zh.contains("铜牌一枚"), "{zh}");
    assert!(!zh.contains("牌一块、证书"), "{zh}");
    // 6. The prize table's title names the group already: one heading, no nested brackets.
    assert!(zh.contains("U8组奖励：第一名奖励金牌一枚"), "{zh}");
    assert!(!zh.contains("）（U8组奖励）"), "{zh}");

    let en = sheet_of(AGE_GROUPS, Lang::En);
    assert!(
        en.contains("(a) U8组, U10男子组, U12男子组: more points ranks higher"),
        "{en}"
    );
    assert!(
        en.contains("U8组: Swiss system (CXA rules), 7 rounds."),
        "{en}"
    );
    assert!(en.contains("U10男子组: The same as U8组."), "{en}");
    assert!(!en.contains("Otherwise as in"), "{en}");
    assert!(en.contains("This group takes at most 80 players"), "{en}");
    assert!(!en.contains("(U8组奖励)"), "{en}");
}

/// A stage with rules of its own before `same_as` keeps 其余办法同.
#[test]
fn same_as_after_own_rules_keeps_otherwise() {
    let text = AGE_GROUPS.replace(
        "stage u10b \"U10男子组\" { same_as u8  entrants category u10b }",
        "stage u10b \"U10男子组\" { same_as u8  entrants category u10b  cap 40 first_come }",
    );
    let zh = sheet_of(&text, Lang::Zh);
    assert!(
        zh.contains("U10男子组：本组限40人，报满为止。其余办法同U8组。"),
        "{zh}"
    );
}

const TEAM_LEAGUE: &str = r#"regulation "俱乐部团体联赛" {
  dates 2026-03-07 .. 2026-04-05
  venue "棋院"
  event team "俱乐部团体赛"
  interpretation "象棋协会"
}
scoring {
  win 2
  draw 1
  loss 0
  match { win 2 draw 1 loss 0 }
}
time standard "慢棋" { base 60min increment 30s flag loses }
entry {
  field 4
  team_size 4..6
  team a "甲队"
  team b "乙队"
  team c "丙队"
  team d "丁队"
}
stage league "双循环" {
  team_round_robin double boards 4
  entrants roster
  time standard
  colours by_board
  tiebreak game_points, head_to_head two_only, board_countback, lots
}
"#;

/// The team league (items 7 and 11): teams rank by match points, the field of named teams is
/// said once, and the colours are the runtime's: the first-named team Red on odd boards.
#[test]
fn team_league_ranks_by_match_points_and_says_its_colours() {
    let zh = sheet_of(TEAM_LEAGUE, Lang::Zh);
    assert!(
        zh.contains("场分多者名次列前；场分相等时，依次按下列办法区分："),
        "{zh}"
    );
    assert!(!zh.contains("积分多者名次列前"), "{zh}");
    assert!(
        zh.contains("参赛队（4队）：甲队、乙队、丙队、丁队。"),
        "{zh}"
    );
    assert!(!zh.contains("参赛队为4队"), "{zh}");
    assert!(
        zh.contains("每场对阵中列前的队单数台执红、双数台执黑。"),
        "{zh}"
    );
    assert!(!zh.contains("按台次确定先后手"), "{zh}");
    let en = sheet_of(TEAM_LEAGUE, Lang::En);
    assert!(
        en.contains("More match points ranks higher; equal match points are separated"),
        "{en}"
    );
    assert!(
        en.contains("the first-named team has Red on odd boards and Black on even boards"),
        "{en}"
    );
    assert!(!en.contains("The field is 4 teams."), "{en}");
    // A field other than the teams named so far is still said.
    let more = sheet_of(&TEAM_LEAGUE.replace("field 4", "field 6"), Lang::Zh);
    assert!(more.contains("参赛队为6队。"), "{more}");
}

const MASTERS_KNOCKOUT: &str = r#"regulation "大师邀请赛" {
  dates 2026-09-10 .. 2026-09-14
  venue "棋院"
  interpretation "象棋协会"
}
time standard "慢棋" { base 60min increment 30s flag loses }
time rapid "快棋" { base 10min increment 5s flag loses }
entry {
  field 8
  player p1 "甲" { rating 2700 sex men }
  player p2 "乙" { rating 2690 sex women }
}
stage cup "淘汰赛" {
  knockout {
    seeded 8
    seeding rating
    games 2
    third_place
  }
  entrants roster
  time standard
  places 1..8
  playoff {
    game rapid colours swap games 2
    lots
  }
}
prizes "奖金" CNY {
  1: 10000
  2: 5000
  eliminated cup round 2: 2000 each
  eliminated cup round 1: 1000 each
  total 23000
}
expenses {
  board_lodging "棋手食宿由承办单位负责"
}
"#;

/// The masters' knockout (items 8-10): a two-game match is won on points over both games, the
/// third-place match is the semi-finals' losers', the losers of a fixed bracket's rounds are
/// counted and added up, the regulation's own sentence on board and lodging prints alone, and
/// the entrants table's sex is one character.
#[test]
fn knockout_mini_match_losers_and_own_sentences() {
    let zh = sheet_of(MASTERS_KNOCKOUT, Lang::Zh);
    assert!(zh.contains("淘汰赛：两局积分高者胜出。"), "{zh}");
    assert!(
        zh.contains("（1）如积分相等，交换先后手进行两局快棋"),
        "{zh}"
    );
    assert!(!zh.contains("对局胜者名次列前"), "{zh}");
    assert!(zh.contains("；半决赛负者争夺第三名"), "{zh}");
    // 8 seeded, 8 entrants: 4 lose in round 1 (the quarter-finals), 2 in round 2 (the
    // semi-finals); the rounds are named from the end.
    assert!(
        zh.contains("| 半决赛负者 | 2,000元 | 2 | 4,000元 |"),
        "{zh}"
    );
    assert!(
        zh.contains("| 四分之一决赛负者 | 1,000元 | 4 | 4,000元 |"),
        "{zh}"
    );
    assert!(zh.contains("| **合计** |  |  | **23,000元** |"), "{zh}");
    assert!(zh.contains("食宿：棋手食宿由承办单位负责。"), "{zh}");
    assert!(!zh.contains("大会负担棋手"), "{zh}");
    assert!(zh.contains("| 1 | 甲 | 2700 | 男 |"), "{zh}");
    assert!(zh.contains("| 2 | 乙 | 2690 | 女 |"), "{zh}");
    let en = sheet_of(MASTERS_KNOCKOUT, Lang::En);
    assert!(
        en.contains("The player with more points over the two games wins the match."),
        "{en}"
    );
    assert!(en.contains("If level on points, "), "{en}");
    assert!(
        en.contains("the semi-final losers play for 3rd place"),
        "{en}"
    );
    assert!(en.contains("| **Total** |  |  | **CNY 23,000** |"), "{en}");
    assert!(!en.contains("The organisers pay 棋手"), "{en}");
    // Fewer entrants than the bracket (byes): the losers are not counted, and no total.
    let byes = sheet_of(&MASTERS_KNOCKOUT.replace("field 8", "field 6"), Lang::Zh);
    assert!(
        byes.contains("| 四分之一决赛负者 | 1,000元 |  |  |"),
        "{byes}"
    );
    assert!(!byes.contains("**合计**"), "{byes}");
    // A noun phrase still takes the catalogue's phrase.
    let phrase = sheet_of(
        &MASTERS_KNOCKOUT.replace("棋手食宿由承办单位负责", "参赛棋手比赛期间的食宿"),
        Lang::Zh,
    );
    assert!(
        phrase.contains("大会负担参赛棋手比赛期间的食宿"),
        "{phrase}"
    );
}

/// A team stage's playoff decides a drawn board, not a place: the sheet says every board is
/// decided and what the playoff's winner scores, in zh and en.
#[test]
fn a_team_stages_playoff_decides_each_board() {
    let text = std::fs::read_to_string(
        crate::common::root().join("tests/scenarios/team_every_board_decided.xqr"),
    )
    .expect("the scenario is readable");
    let zh = sheet_of(&text, Lang::Zh);
    assert!(
        zh.contains("每台须分出胜负，慢棋弈和的台次按下列办法加赛，加赛胜者该台按胜局计分。"),
        "{zh}"
    );
    assert!(zh.contains("胜者该台计胜"), "{zh}");
    assert!(!zh.contains("交换先后手，胜者名次列前"), "{zh}");
    let en = sheet_of(&text, Lang::En);
    assert!(en.contains("Every board must be decided"), "{en}");
    assert!(en.contains("the winner wins the board"), "{en}");
    assert!(
        !en.contains("colours swapped; the winner places higher"),
        "{en}"
    );
}
