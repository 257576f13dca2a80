//! What an eleventh newcomer found writing five regulations from the docs alone (the files are
//! under `tests/suite/regulations/newcomer11_*.xqr`: a provincial team Swiss of teams of four and
//! a reserve with best-board prizes, a grandmasters' double round robin with a title playoff only
//! if tied and one cash prize each, a rapid Swiss whose top 16 play a blitz knockout with prizes
//! by elimination round, a qualifier of two rating-band sections sending players to a national
//! final, a youth championship of eight age and sex sections each ending in a double round robin
//! final) and running them live: each finding shown fixed.

use crate::common::{assert_phrases, check_exits, edited};

const TEAM: &str = "tests/suite/regulations/newcomer11_team.xqr";
const MASTERS: &str = "tests/suite/regulations/newcomer11_masters.xqr";
const FESTIVAL: &str = "tests/suite/regulations/newcomer11_festival.xqr";
const QUALIFIER: &str = "tests/suite/regulations/newcomer11_qualifier.xqr";
const YOUTH: &str = "tests/suite/regulations/newcomer11_youth.xqr";

/// The text of the regulation `file`.
fn text(file: &str) -> String {
    std::fs::read_to_string(crate::common::root().join(file)).expect("reads")
}

/// Every regulation checks without an error or a warning, in Chinese and in English, runs, and
/// its scenario tests pass.
#[test]
fn each_regulation_checks_clean_runs_and_its_scenarios_pass() {
    crate::common::each_checks_clean_passes_and_runs(&[
        (TEAM, "12"),
        (MASTERS, "10"),
        (FESTIVAL, "60"),
        (QUALIFIER, "80"),
        (YOUTH, "120"),
    ]);
}

/// Two sections by rating band (甲组 `rating >= 2000`, 乙组 `rating < 2000`) share no player,
/// yet the checker knew sections apart only by sex, birth window and age: each Swiss's `places
/// 1..64` was E509, "decided twice", and a qualifier by rating band could not be written with
/// each section's own place 1. Bands that do meet are still E509.
#[test]
fn rating_bands_are_sections_of_their_own() {
    check_exits(&text(QUALIFIER), 0);
    let meeting = edited(QUALIFIER, "  rating < 2000\n", "  rating < 2100\n");
    let text = check_exits(&meeting, 1);
    assert_phrases(&text, &["E509", "places 1..64 are decided twice"], &[]);
}

/// A section's final takes the section's leaders (`entrants u8b#1..4`): it holds the players of
/// the section's category alone. The checker saw only stages that name categories, so the eight
/// finals' `places 1..4` were E509 28 times over, one for each pair of sections.
#[test]
fn the_finals_of_sections_are_sections_of_their_own() {
    check_exits(&text(YOUTH), 0);
    // A final fed by two sections' leaders holds players of both: beside another section's
    // final it is no section of its own.
    let mixed = edited(
        YOUTH,
        "  same_as u8bf\n  entrants u8g#1..4\n",
        "  same_as u8bf\n  entrants u8g#1..2, u8b#5..6\n",
    );
    let text = check_exits(&mixed, 1);
    assert_phrases(&text, &["E509", "by stage `u8bf` and by stage `u8gf`"], &[]);
}

/// The losers of a knockout round share places (the round of 16's losers 9th to 16th): a table
/// that pays places 1 to 4 and 17 to 24 by place and the rounds' losers by `eliminated` pays
/// every place from 1 to 24, but E502 read the lines for places alone and said "places 5..16
/// between paid places get no line", with a help that would have paid them twice.
#[test]
fn the_places_a_knockout_rounds_losers_are_paid_at_leave_no_gap() {
    check_exits(&text(FESTIVAL), 0);
    // Without the quarter-finals' losers' line, 5th to 8th are unpaid: that gap alone is said.
    let gap = edited(FESTIVAL, "  eliminated blitz round 2: 600  each\n", "")
        .replace("total 17600", "total 15200")
        .replace("prize_fund 21000 CNY", "prize_fund 18600 CNY");
    let text = check_exits(&gap, 1);
    assert_phrases(
        &text,
        &["E502", "places 5..8 between paid places get no line"],
        &["5..16"],
    );
}

/// The grandmasters' invitational played live to its end (every game drawn: all ten level, so
/// the title playoff is played). The site's prize list gave money as `120000 CNY` on both
/// sites, where the rule sheet published beside it says 120,000元 and CNY 120,000: the
/// Chinese page printed a currency code no Chinese reader writes. It says money as the sheet
/// does now.
#[test]
fn the_site_says_prize_money_as_the_rule_sheet_does() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = crate::common::generated_event(tmp.path(), MASTERS, None, 4);
    for k in 0..25 {
        crate::common::xqreg_ok(&["event", "pair", &ev]);
        let waiting =
            crate::common::xqreg_ok(&["event", "games", &ev, "--waiting", "--format", "csv"]);
        if waiting.lines().count() <= 1 {
            break;
        }
        crate::common::draw_waiting(&ev, tmp.path(), &format!("r{k}.csv"));
    }
    let standings = crate::common::xqreg_ok(&["event", "standings", &ev]);
    assert_phrases(&standings, &["Title playoff", "wins by"], &["to be played"]);
    let site = tmp.path().join("site");
    crate::common::xqreg_ok(&["event", "publish", &ev, "-o", &site.to_string_lossy()]);
    let page = |lang: &str| {
        std::fs::read_to_string(site.join(format!("{lang}/index.html"))).expect("reads")
    };
    assert_phrases(&page("zh"), &["120,000元 · 奖杯", "15,000元"], &["CNY"]);
    assert_phrases(
        &page("en"),
        &["CNY 120,000 · trophy", "CNY 15,000"],
        &["120000 CNY"],
    );
}

/// A test whose roster a player fails (a master where the entry asks `title >= grandmaster`, an
/// eleventh player for a field of 10) failed with `R007: title master: the regulation requires
/// title >= grandmaster` and `R004: ... this row is the first over`: a test's roster has no CSV
/// line to give, so nothing said which of its players it was. The line names the player now,
/// and the Chinese line names the titles in Chinese.
#[test]
fn a_tests_roster_problem_names_its_player() {
    let text = edited(
        MASTERS,
        "  seed 1\n  results {",
        "  roster {\n    player a \"甲\" { title grandmaster }\n    player b \"乙\" { title master }\n  }\n  seed 1\n  results {",
    );
    let out = |lang: &str| {
        let out = crate::common::xqreg_on("test", &text, &["--lang", lang]);
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
    };
    assert_phrases(
        &out("en"),
        &[
            "R007: title master: the regulation requires title >= grandmaster (player `b`)",
            "this row is the first over (player `a`)",
        ],
        &[],
    );
    // In Chinese the titles are said in Chinese (they were `称号 master：规程要求称号 >=
    // grandmaster`, the roster's English words).
    assert_phrases(
        &out("zh"),
        &["R007: 称号 大师：规程要求称号 >= 特级大师（棋手 `b`）"],
        &["grandmaster"],
    );
}

/// Eight sections of a Swiss of 5 rounds each need 10 players, 80 in all; `simulate --players
/// 48` was refused with "need 50 players in all (stage `u12b` needs 10)": the count stopped at
/// the first section with no room, so asking for 50 was refused again. The total counts every
/// section now.
#[test]
fn a_roster_too_small_for_the_sections_is_told_their_whole_need() {
    let out = crate::common::xqreg(&["simulate", YOUTH, "--players", "48"]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stderr);
    assert_phrases(
        &crate::common::one_line(&text),
        &["R020", "need 80 players in all (stage `u12b` needs 10)"],
        &["need 50 players"],
    );
}

/// A table that pays places 1-4 and 17-24 and the losers of the blitz knockout's first two
/// rounds (5th-8th, 9th-16th) listed its awards line by line: 1, 2, 3, 4, 17, ..., 24, then
/// 5=, 9=, in `simulate` and on the site's prize list. The awards of a table come in the order
/// of its places now.
#[test]
fn a_tables_awards_come_in_the_order_of_its_places() {
    let report = crate::common::xqreg_ok(&["simulate", FESTIVAL, "--players", "40", "--seed", "1"]);
    let at = |what: &str| {
        report
            .find(what)
            .unwrap_or_else(|| panic!("no {what:?} in:\n{report}"))
    };
    let (fourth, fifth, ninth, seventeenth) = (
        at("overall   4 "),
        at("overall   5="),
        at("overall   9="),
        at("overall  17 "),
    );
    assert!(
        fourth < fifth && fifth < ninth && ninth < seventeenth,
        "{report}"
    );
}

/// Sections that copy a stage with `same_as` decide its places too, each from its own place 1,
/// but the sheet said only the first: "U8男子组预赛产生第五至六十名" and nothing of the seven
/// other sections, "甲组产生第一至六十四名" and nothing of 乙组. Every section is named now, and
/// that each decides its own places.
#[test]
fn the_sheet_names_every_section_that_decides_the_places() {
    crate::common::sheet_md_says(
        QUALIFIER,
        "zh",
        &["甲组、乙组各产生第一至六十四名"],
        &["2.甲组产生"],
    );
    crate::common::sheet_md_says(
        QUALIFIER,
        "en",
        &["The stages Group A and Group B each decide places 1–64."],
        &["Group A, Group B"],
    );
    // English titles with commas of their own are kept apart by `; `, in the sentence and in
    // the schedule's cells (which read "U8 Boys, Swiss, round 1, U8 Girls, Swiss, round 1").
    crate::common::sheet_md_says(
        YOUTH,
        "en",
        &[
            "U14 Boys, final; and U14 Girls, final each decide places 1–4.",
            "| U8 Boys, Swiss, round 1; U8 Girls, Swiss, round 1; U10 Boys,",
        ],
        &["Swiss, round 1, U8 Girls"],
    );
    crate::common::sheet_md_says(
        YOUTH,
        "zh",
        &["U14男子组决赛、U14女子组决赛各产生第一至四名"],
        &["U8男子组决赛产生"],
    );
}

/// A category only prize tables read (`category women { sex women }` for `prizes women`, the
/// seniors for `prizes senior`) was printed under 组别设置 as a section is: 女子棋手：限女子棋手。 /
/// "Women: Open to women only.", telling a reader the invitational had a women's section. It
/// says now that it only picks prize winners and is no section of its own; a category some
/// stage takes its entrants from keeps a section's wording.
#[test]
fn a_category_only_prizes_read_is_no_section() {
    crate::common::sheet_md_says(
        MASTERS,
        "zh",
        &[
            "女子棋手：仅用于女子奖，不单独设组。",
            "老将：60周岁以上；仅用于老将奖，不单独设组。",
        ],
        &["限女子棋手"],
    );
    crate::common::sheet_md_says(
        MASTERS,
        "en",
        &[
            "Women: Women players; used only for “Best woman”, not a separate section.",
            "Seniors: Aged 60 or over; used only for “Best senior”, not a separate section.",
        ],
        &["Open to women only"],
    );
    // The youth championship's sections (each some stage's entrants) are sections still.
    crate::common::sheet_md_says(YOUTH, "zh", &["U8男子组："], &["不单独设组"]);
}

/// `simulate` named the categories of its prize and qualifier lists by id in both languages
/// (`high   1  p087 ...`, `... final 1 杨卫平87 (high)`), where the regulation titles them
/// (`category high "甲组" en "Group A"`). They are named as the site names them now: by the
/// English title in English, by the title in Chinese.
#[test]
fn simulate_names_categories_by_their_titles() {
    let run = |lang: &str| {
        crate::common::xqreg_ok(&[
            "simulate",
            QUALIFIER,
            "--players",
            "120",
            "--seed",
            "1",
            "--lang",
            lang,
        ])
    };
    assert_phrases(
        &run("en"),
        &[
            "  Group A   1  ",
            "  Group B   1  ",
            "final 1 ",
            "(Group A)",
            "(Group B)",
        ],
        &["  high ", "(high)", "(low)"],
    );
    assert_phrases(
        &run("zh"),
        &["  甲组   1  ", "  乙组   1  ", "(甲组)", "(乙组)"],
        &["  high ", "(high)"],
    );
}
