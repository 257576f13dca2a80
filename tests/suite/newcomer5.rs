//! What a fifth newcomer found writing regulations from docs/language.md alone (the files are
//! under `tests/scenarios/newcomer5_*.xqr`, checked and run by regressions.rs): each finding
//! shown fixed.

use crate::common::{assert_phrases, check_exits, sheet_md_says, xqreg_ok, xqreg_on_ok};

const RAPID: &str = "tests/scenarios/newcomer5_rapid_open.xqr";
const VETERANS: &str = "tests/scenarios/newcomer5_veterans.xqr";
const CROSS: &str = "tests/scenarios/newcomer5_cross_knockout.xqr";

/// A juniors' category open at its young end (`born 2015-01-01 ..`) under an entry of `age >= 8`:
/// the generated roster closed the window at the end of the year 8 years back, so some juniors
/// were 7 on the first day and `simulate --players` refused its own roster (R020, R007).
#[test]
fn a_generated_junior_meets_the_entry_age() {
    let reg = r#"regulation "少儿赛" {
  dates 2026-07-10
}
time rapid "快棋" { base 15min increment 5s flag loses }
entry {
  cap 40
  age >= 8
}
category junior "少年组" { born 2015-01-01 .. }
category open "公开组" { born .. 2014-12-31 }
stage junior "少年组" {
  swiss cxa rounds 5
  entrants category junior
  time rapid
  avoid same_unit never
  tiebreak opponents_score bye lowest_in_field, wins, lots
}
stage open "公开组" {
  same_as junior
  entrants category open
}
prizes junior "少年组奖" CNY { 1: 300  2: 200  3: 100 }
"#;
    for seed in ["1", "2", "3"] {
        let json = xqreg_on_ok(
            "simulate",
            reg,
            &["--players", "30", "--seed", seed, "--format", "json"],
        );
        assert!(json.contains("\"junior\""), "{json}");
    }
}

/// A chain that counts the opponents' score twice, whole and without the lowest
/// (`opponents_score ..., opponents_score cut 1`, 对手分 then 去掉一个最低分的对手分): the
/// standings of `simulate`, `event standings` and the site showed one 对手分 column, the first,
/// and the second value, which ranks players as much as the first, nowhere.
#[test]
fn a_criterion_counted_twice_has_a_column_each_time() {
    let text = xqreg_ok(&["simulate", RAPID, "--players", "20", "--seed", "2"]);
    let head = text
        .lines()
        .find(|l| l.contains("Points"))
        .expect("a heading");
    assert_phrases(head, &["Buchholz", "Buchholz (cut 1)", "Wins"], &[]);
    let zh = xqreg_ok(&[
        "simulate",
        RAPID,
        "--players",
        "20",
        "--seed",
        "2",
        "--lang",
        "zh",
    ]);
    assert_phrases(&zh, &["对手分（去1）"], &[]);
    // Every row has a value under each column: points and four criteria.
    let row = text
        .lines()
        .skip_while(|l| !l.contains("Points"))
        .nth(1)
        .expect("a row");
    assert_eq!(row.split_whitespace().count(), 3 + 5, "{head}\n{row}");

    let tmp = tempfile::tempdir().expect("tmp");
    let (event, _) = crate::event_live::play_regulation(RAPID, Some(20), 2, tmp.path(), 2);
    let ev = event.to_string_lossy();
    let standings = xqreg_ok(&["event", "standings", &ev]);
    // In the page's language, as the site and `simulate` name the columns (it printed the
    // identifier, `opponents_score (cut 1)`).
    assert_phrases(
        &standings,
        &["Buchholz (cut 1)"],
        &["opponents_score", "sonneborn_berger"],
    );
    let site = tmp.path().join("site");
    crate::event_publish::publish(&event, &site);
    let page = std::fs::read_to_string(site.join("zh/stage-1.html")).expect("the stage page");
    assert_phrases(&page, &["<th>对手分</th>", "对手分（去1）"], &[]);
}

/// `age >= 75 requires "须提供…健康证明并由家属陪同"` (75周岁以上须…): the Chinese sheet printed
/// the text alone, as if every entrant had to, because a text with 须 was taken for a sentence
/// naming its own age; the English sheet wrote "need must come with" for `must come with ...`.
#[test]
fn what_players_of_an_age_must_do_keeps_the_age() {
    sheet_md_says(
        VETERANS,
        "zh",
        &["75周岁以上者须提供县级以上医院健康证明并由家属陪同。"],
        &["（三）须提供"],
    );
    let reg = r#"regulation "公开赛" {
  dates 2026-10-03
}
entry {
  cap 100
  age >= 70 requires "须家属陪同" en "must come with a family member"
}
"#;
    let zh = xqreg_on_ok("sheet", reg, &["--lang", "zh", "--format", "md"]);
    assert_phrases(&zh, &["70周岁以上者须家属陪同。"], &["（一）须家属陪同"]);
    let en = xqreg_on_ok("sheet", reg, &["--lang", "en", "--format", "md"]);
    assert_phrases(
        &en,
        &["Entrants aged 70 or over must come with a family member."],
        &["need must"],
    );
}

/// `places 9..16 ranked_by { ... } groups.*#3..4 "..."`: the English sheet's sentence began in
/// lower case ("(d) places 9–16: ..."), where the shared places beside it began "Places 17–24".
#[test]
fn places_ranked_across_groups_begin_with_a_capital() {
    sheet_md_says(
        CROSS,
        "en",
        &["(d) Places 9–16: ", "(e) Places 17–24: "],
        &["(d) places 9–16"],
    );
}

/// The front page of a finished event's site listed each prize under its category's id (`a55`,
/// `women`): the public read the regulation's identifiers where the navigation beside it names
/// each stage by its title. A category, derived ranking or best-board table is named as a
/// stage is: its title on the Chinese site, on the English one its English title when it has
/// one (`category a55 "55至64岁组" en "Aged 55-64"`), else `id (title)`.
#[test]
fn the_site_names_each_prize_group_by_its_title() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (event, failures) =
        crate::event_live::play_regulation(VETERANS, Some(40), 3, tmp.path(), 1000);
    assert!(failures.is_empty(), "{failures:?}");
    let site = tmp.path().join("site");
    crate::event_publish::publish(&event, &site);
    let zh = std::fs::read_to_string(site.join("zh/index.html")).expect("the front page");
    assert_phrases(&zh, &[">55至64岁组<", ">女子<"], &[">a55<", ">women<"]);
    let en = std::fs::read_to_string(site.join("en/index.html")).expect("the front page");
    assert_phrases(&en, &[">Aged 55-64<"], &[">a55<", ">a55 (55至64岁组)<"]);
}

/// A regulation whose only printed conduct rule is `draw_offers from_move 30`: N101 said
/// "conduct rules `draw_offers` are printed ...; the arbiters apply them", plural for one rule.
#[test]
fn one_printed_conduct_rule_is_one_rule() {
    let reg = "regulation \"联赛\" {\n}\nconduct {\n  withdraw after 2 forfeits\n  draw_offers from_move 30\n}\n";
    let (_, text) = crate::common::check_of(reg);
    let text = crate::common::one_line(&text);
    assert_phrases(
        &text,
        &[
            "conduct rule `draw_offers` is printed on the sheet only",
            "apply it in the hall",
        ],
        &["rules `draw_offers` are"],
    );
    let reg = reg.replace(
        "draw_offers from_move 30",
        "draw_offers from_move 30\n  phone loss",
    );
    let (_, text) = crate::common::check_of(&reg);
    assert_phrases(
        &crate::common::one_line(&text),
        &["conduct rules `draw_offers`, `phone` are printed"],
        &[],
    );
}

/// `entry { deadline 2026-09-25 17:00 }` and `registration { deadline 2026-09-25 }`: both were
/// accepted and the sheet printed two deadlines, 请于2026年9月25日17:00前报名 and
/// 请于2026年9月25日前报名, one of them wrong. Stating it again differently is W606, at the
/// second.
#[test]
fn an_entry_deadline_stated_twice_is_a_warning() {
    let reg = "regulation \"快棋赛\" {\n  dates 2026-10-03\n}\nentry {\n  cap 180\n  deadline 2026-09-25 17:00\n}\nregistration {\n  deadline 2026-09-25\n  method \"微信报名\"\n}\n";
    let text = check_exits(reg, 0);
    assert_phrases(
        &crate::common::one_line(&text),
        &[
            "W606",
            "the entry deadline is stated twice, differently: 2026-09-25 17:00 and 2026-09-25",
        ],
        &[],
    );
    // Stated once, or the same in both (as the examples do): printed once, no warning.
    for same in [
        reg.replace("  deadline 2026-09-25\n", ""),
        reg.replace("  deadline 2026-09-25\n", "  deadline 2026-09-25 17:00\n"),
    ] {
        let (_, text) = crate::common::check_of(&same);
        assert_phrases(&text, &[], &["W606"]);
    }
}

/// `deadline 2026-09-25 17:00`: the English sheet said "Entries close on 25 September 2026
/// 17:00.", a clock time hanging after the date; it says "on 25 September 2026 at 17:00".
#[test]
fn a_deadline_with_a_time_reads_at_the_time() {
    let reg = "regulation \"快棋赛\" {\n  dates 2026-10-03\n}\nentry {\n  cap 180\n  deadline 2026-09-25 17:00\n}\n";
    let en = xqreg_on_ok("sheet", reg, &["--lang", "en", "--format", "md"]);
    assert_phrases(
        &en,
        &["Entries close on 25 September 2026 at 17:00."],
        &["2026 17:00"],
    );
    let zh = xqreg_on_ok("sheet", reg, &["--lang", "zh", "--format", "md"]);
    assert_phrases(&zh, &["请于2026年9月25日17:00前报名。"], &[]);
}
