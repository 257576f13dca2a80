//! The sheets of three regulations a federation newcomer wrote from the docs alone (a youth
//! championship of age groups, a team league, a masters' knockout), in brief: what they found
//! wrong, each item shown fixed in zh and en.

use xqreg::sheet::Lang;

use super::sheet_says;

/// Age groups as a newcomer writes them: one stage in full, the others `same_as` it.
const AGE_GROUPS: &str = include_str!("regulations/sheet_newcomer_age_groups.xqr");

/// Issue of the youth championship (items 1-6): every stage a tie-break chain applies to is
/// named, a stage that only copies another says so without 其余, a group's method does not
/// restate its heading, a group's cap is 本组, medals take 枚, a prize heading has no doubled
/// brackets.
#[test]
fn age_groups_name_every_group_of_a_shared_rule() {
    // 1. The chain of U8 applies to the groups that copy it, at any depth; not to U14 girls.
    sheet_says(
        AGE_GROUPS,
        Lang::Zh,
        &[
            "1.U8组、U10男子组、U12男子组：积分多者名次列前",
            "2.U14女子组：积分多者名次列前",
            // 2. The method sentence does not repeat the group's name (U8组（男女混合） in U8组).
            "（一）U8组：采用积分编排制，共赛7轮。",
            // 3. Nothing of its own before it: 竞赛办法同, never 其余.
            "U10男子组：竞赛办法同U8组。",
            "U12男子组：竞赛办法同U10男子组。",
            // 4. A group of the event caps 本组.
            "本组限80人，报满为止。",
            "本组限8人，报满为止。",
            // 5. One classifier for medals.
            "金牌一枚",
            "银牌一枚",
            "铜牌一枚",
            // 6. The prize table's title names the group already: one heading, no nested brackets.
            "U8组奖励：第一名奖励金牌一枚",
        ],
        &[
            "U8组：U8组",
            "其余办法",
            "本阶段限",
            "牌一块、证书",
            "）（U8组奖励）",
        ],
    );

    sheet_says(
        AGE_GROUPS,
        Lang::En,
        &[
            "(a) U8组, U10男子组, U12男子组: more points ranks higher",
            "U8组: Swiss system (CXA rules), 7 rounds.",
            "U10男子组: The same as U8组.",
            "This group takes at most 80 players",
        ],
        &["Otherwise as in", "(U8组奖励)"],
    );
}

/// A stage with rules of its own before `same_as` keeps 其余办法同.
#[test]
fn same_as_after_own_rules_keeps_otherwise() {
    let text = AGE_GROUPS.replace(
        "stage u10b \"U10男子组\" { same_as u8  entrants category u10b }",
        "stage u10b \"U10男子组\" { same_as u8  entrants category u10b  cap 40 first_come }",
    );
    sheet_says(
        &text,
        Lang::Zh,
        &["U10男子组：本组限40人，报满为止。其余办法同U8组。"],
        &[],
    );
}

const TEAM_LEAGUE: &str = include_str!("regulations/sheet_newcomer_team_league.xqr");

/// The team league (items 7 and 11): teams rank by match points, the field of named teams is
/// said once, and the colours are the runtime's: the first-named team Red on odd boards.
#[test]
fn team_league_ranks_by_match_points_and_says_its_colours() {
    sheet_says(
        TEAM_LEAGUE,
        Lang::Zh,
        &[
            "场分多者名次列前；场分相等时，依次按下列办法区分：",
            "参赛队（4队）：甲队、乙队、丙队、丁队。",
            "每场对阵中列前的队单数台执红、双数台执黑。",
        ],
        &["积分多者名次列前", "参赛队为4队", "按台次确定先后手"],
    );
    sheet_says(
        TEAM_LEAGUE,
        Lang::En,
        &[
            "More match points ranks higher; equal match points are separated",
            "the first-named team has Red on odd boards and Black on even boards",
        ],
        &["The field is 4 teams."],
    );
    // A field other than the teams named so far is still said.
    sheet_says(
        &TEAM_LEAGUE.replace("field 4", "field 6"),
        Lang::Zh,
        &["参赛队为6队。"],
        &[],
    );
}

const MASTERS_KNOCKOUT: &str = include_str!("regulations/sheet_newcomer_masters_knockout.xqr");

/// The masters' knockout (items 8-10): a two-game match is won on points over both games, the
/// third-place match is the semi-finals' losers', the losers of a fixed bracket's rounds are
/// counted and added up, the regulation's own sentence on board and lodging prints alone, and
/// the entrants table's sex is one character.
#[test]
fn knockout_mini_match_losers_and_own_sentences() {
    sheet_says(
        MASTERS_KNOCKOUT,
        Lang::Zh,
        &[
            "淘汰赛：两局积分高者胜出。",
            "（1）如积分相等，交换先后手进行两局快棋",
            "；半决赛负者争夺第三名",
            // 8 seeded, 8 entrants: 4 lose in round 1 (the quarter-finals), 2 in round 2 (the
            // semi-finals); the rounds are named from the end.
            "| 半决赛负者 | 2,000元 | 2 | 4,000元 |",
            "| 四分之一决赛负者 | 1,000元 | 4 | 4,000元 |",
            "| **合计** |  |  | **23,000元** |",
            "食宿：棋手食宿由承办单位负责。",
            "| 1 | 甲 | 2700 | 男 |",
            "| 2 | 乙 | 2690 | 女 |",
        ],
        &["对局胜者名次列前", "大会负担棋手"],
    );
    sheet_says(
        MASTERS_KNOCKOUT,
        Lang::En,
        &[
            "The player with more points over the two games wins the match.",
            "If level on points, ",
            "the semi-final losers play for 3rd place",
            "| **Total** |  |  | **CNY 23,000** |",
        ],
        &["The organisers pay 棋手"],
    );
    // Fewer entrants than the bracket (two byes): round 1 has two matches, so two losers, and
    // the total is the checker's sum (E503 says the lines add up to 21000).
    sheet_says(
        &MASTERS_KNOCKOUT.replace("field 8", "field 6"),
        Lang::Zh,
        &[
            "| 四分之一决赛负者 | 1,000元 | 2 | 2,000元 |",
            "| **合计** |  |  | **21,000元** |",
        ],
        &[],
    );
    // A noun phrase still takes the catalogue's phrase.
    sheet_says(
        &MASTERS_KNOCKOUT.replace("棋手食宿由承办单位负责", "参赛棋手比赛期间的食宿"),
        Lang::Zh,
        &["大会负担参赛棋手比赛期间的食宿"],
        &[],
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
    sheet_says(
        &text,
        Lang::Zh,
        &[
            "每台须分出胜负，慢棋弈和的台次按下列办法加赛，加赛胜者该台按胜局计分。",
            "胜者该台计胜",
        ],
        &["交换先后手，胜者名次列前"],
    );
    sheet_says(
        &text,
        Lang::En,
        &["Every board must be decided", "the winner wins the board"],
        &["colours swapped; the winner places higher"],
    );
}

/// A category of one sex condition says whom it is for (男子组：限男子棋手。, not 男子组：男子。), and
/// a stage's places read right whatever its title (`Preliminaries decides` looked plural, `Final,
/// places 1-4 decides` like a list): "The stage X decides".
#[test]
fn a_sex_category_and_the_places_a_stage_decides_read_right() {
    let reg = include_str!("../scenarios/sections_with_places.xqr");
    sheet_says(
        reg,
        Lang::Zh,
        &["男子组：限男子棋手。", "女子组：限女子棋手。"],
        &["男子组：男子。"],
    );
    sheet_says(
        reg,
        Lang::En,
        &[
            "男子组: Open to men only.",
            "女子组: Open to women only.",
            "The stage 男子组 decides places 1–4.",
        ],
        &["男子组: Men.", "(b) 男子组 decides"],
    );
}
