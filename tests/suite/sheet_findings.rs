//! A newcomer's sheet findings (G): a team event's qualification counted in teams, a knockout's
//! shared places and rounds named from the end, the pairing numbers of `registration_order`
//! drawn by no lot.

use xqreg::sheet::Lang;

use super::sheet_says;

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
    sheet_says(
        TEAM_LEAGUE,
        Lang::Zh,
        &["晋级全国赛的名额为：全场1队"],
        &["全场1人"],
    );
    sheet_says(TEAM_LEAGUE, Lang::En, &["Overall: 1 team"], &[]);
    sheet_says(
        &TEAM_LEAGUE.replace("overall 1", "overall 2"),
        Lang::En,
        &["Overall: 2 teams"],
        &[],
    );
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
    sheet_says(
        CUP,
        Lang::Zh,
        &[
            "淘汰赛产生第一至三十二名：半决赛负者并列第三名、四分之一决赛负者并列第五名、八分之一决赛负者并列第九名、十六分之一决赛负者并列第十七名。",
            "| 四分之一决赛负者 | 2,000元 | 4 | 8,000元 |",
            "| 八分之一决赛负者 | 1,000元 | 8 | 8,000元 |",
        ],
        &["淘汰赛第三轮负者"],
    );
    sheet_says(
        CUP,
        Lang::En,
        &[
            "Knockout decides places 1–32: semi-final losers share 3rd place, quarter-final losers share 5th place, round of 16 losers share 9th place, round of 32 losers share 17th place.",
            "| quarter-final losers | CNY 2,000 | 4 | CNY 8,000 |",
            "Knockout: A seeded bracket of 32; seeding by rating.",
        ],
        &["losers of Knockout, round 3", "Knockout: A knockout", "Played as a knockout"],
    );
    // A third-place match: the semi-finals' losers play, and are not said to share 3rd.
    sheet_says(
        &CUP.replace("seeding rating\n", "seeding rating\n    third_place\n"),
        Lang::Zh,
        &["淘汰赛产生第一至三十二名：四分之一决赛负者并列第五名"],
        &[],
    );
    // Every place played out: nobody shares.
    sheet_says(
        &CUP.replace("seeding rating\n", "seeding rating\n    placement\n"),
        Lang::Zh,
        &["淘汰赛产生第一至三十二名。"],
        &[],
    );
}

/// A Swiss open of 20 numbered in registration order.
const REGISTRATION_ORDER_OPEN: &str = r#"regulation "公开赛" {
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

/// (3) Pairing numbers in registration order are drawn by no lot (it read 按报名先后顺序抽签确定代号).
#[test]
fn registration_order_numbers_are_not_drawn() {
    sheet_says(
        REGISTRATION_ORDER_OPEN,
        Lang::Zh,
        &["按报名先后顺序确定代号"],
        &["抽签确定代号"],
    );
}

/// (4) An eligibility article of one `residence` line says it once: 三、参赛资格：限… (it read
/// 参赛资格：参赛范围：限…); beside other lines it keeps its label.
#[test]
fn a_lone_residence_line_is_not_labelled_twice() {
    let residence = r#"residence "限临安区户籍的棋手""#;
    sheet_says(
        &REGISTRATION_ORDER_OPEN.replace("{ field 20 }", &format!("{{ {residence} }}")),
        Lang::Zh,
        &["参赛资格**：限临安区户籍的棋手。"],
        &["参赛范围"],
    );
    sheet_says(
        &REGISTRATION_ORDER_OPEN.replace("{ field 20 }", &format!("{{ field 20  {residence} }}")),
        Lang::Zh,
        &["参赛范围：限临安区户籍的棋手。"],
        &[],
    );
}

/// (5) A knockout's semi-final losers share 3rd; a prize table paying 3rd and 4th differently
/// read as if one of them got the 3rd's 1000 and bronze medal, the other the 4th's 800. The
/// runtime splits the money and gives each the 3rd's awards (tests/scenarios/
/// knockout_shared_awards.xqr); the sheet now says so after the table's lines. Places whose
/// lines are alike (5th-8th, 300 and a certificate each) need no sentence.
#[test]
fn places_a_knockout_shares_say_how_their_prizes_are_paid() {
    let text = scenario("knockout_shared_awards");
    sheet_says(
        &text,
        Lang::Zh,
        &["第三至四名并列时，所占名次的奖金合并后平分，并列者每人各得第三名的奖品，其后名次的奖品不再颁发。"],
        &["第五至八名并列时"],
    );
    sheet_says(
        &text,
        Lang::En,
        &["Players sharing places 3–4 split the prize money of those places equally; each of them receives the awards of the 3rd place, and the awards of the places below it are not given."],
        &[],
    );
    // A third-place match: nobody shares 3rd.
    let played = text.replace("seeding rating", "seeding rating\n    third_place");
    sheet_says(&played, Lang::Zh, &["第四名800元"], &["并列时"]);
    // Money alike, awards only on 3rd: each of the two still receives a medal.
    let medal = text.replace("4: 800", "4: 1000");
    sheet_says(
        &medal,
        Lang::Zh,
        &["第三至四名并列时，所占名次的奖金合并后平分，并列者每人各得第三名的奖品"],
        &[],
    );
}

/// A group's title says its category once: 女子组：女子采用积分编排制 said it twice (the stage
/// `女子组` of the category `女子`), as 等级分前2位：等级分前2位 did for a pool worded as its source.
#[test]
fn a_group_and_a_pool_say_their_title_once() {
    let text = r#"regulation "测试赛" en "Test event" {
  dates 2024-05-01 .. 2024-05-03
}
scoring { win 2 draw 1 loss 0 }
time standard { base 20min increment 20s flag loses }
entry {
  field 32
  pool top 2 "等级分前2位" { rating top 2 }
  pool open 30 "公开报名"
}
category women "女子" en "Women" { sex women }
category u12 "U12" en "Under 12" { born 2012-01-01 .. }
stage b "女子组" en "Women's section" {
  swiss cxa rounds 5
  entrants category women
  time standard
  avoid same_unit
  tiebreak { opponents_score bye zero, wins, lots }
}
stage c "少年组" en "Juniors" {
  swiss cxa rounds 5
  entrants category u12
  time standard
  avoid same_unit
  tiebreak { opponents_score bye zero, wins, lots }
}
"#;
    sheet_says(
        text,
        Lang::Zh,
        &[
            "女子组：采用积分编排制",
            "等级分前2位。",
            "少年组：U12采用积分编排制",
        ],
        &["女子组：女子", "等级分前2位：等级分前2位"],
    );
    sheet_says(
        text,
        Lang::En,
        &["Women's section: Swiss system", "Juniors: Under 12"],
        &["Women's section: Women"],
    );
}

/// A category's table pays the places its section's knockout makes shared as the overall table
/// does (tests/scenarios/knockout_shared_awards_sections.xqr): the sentence follows every table
/// where it applies, not the overall table's only.
#[test]
fn a_sections_table_says_how_its_shared_places_are_paid() {
    let text = scenario("knockout_shared_awards_sections");
    sheet_says(
        &text,
        Lang::Zh,
        &[
            "第四名800元。第三至四名并列时，所占名次的奖金合并后平分。",
            "第四名800元。第三至四名并列时，所占名次的奖金合并后平分，并列者每人各得第三名的奖品，其后名次的奖品不再颁发。",
        ],
        &[],
    );
    // A women's table of an open knockout ranks the women among all: which of its places are
    // shared depends on who plays, and no sentence can say it.
    let open = scenario("knockout_shared_awards")
    .replace(
        "entry { field 8 }",
        "entry { field 8 }\ncategory women \"女子\" { sex women }",
    )
    .replace(
        "prizes \"奖金\" CNY {",
        "prizes women \"女子奖\" CNY {\n  1: 500\n  2: 400\n  3: 300\n  4: 200\n}\n\nprizes \"奖金\" CNY {",
    );
    sheet_says(
        &open,
        Lang::Zh,
        &["第四名200元。", "第三至四名并列时"],
        &["第四名200元。第三至四名并列时"],
    );
}

/// The text of `tests/scenarios/NAME.xqr`.
fn scenario(name: &str) -> String {
    let path = crate::common::root().join(format!("tests/scenarios/{name}.xqr"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}
