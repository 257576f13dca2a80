//! What an eighth newcomer found writing five regulations from the docs alone (the files are
//! under `tests/suite/regulations/newcomer8_*.xqr`) and running them live: each finding shown
//! fixed.

use crate::common::{assert_phrases, check_exits, sheet_md_says, withdraw, xqreg_ok, xqreg_on};

const COUNTY: &str = "tests/suite/regulations/newcomer8_county.xqr";
const MASTERS_CUP: &str = "tests/suite/regulations/newcomer8_masters_cup.xqr";
const CITY_LEAGUE: &str = "tests/suite/regulations/newcomer8_city_league.xqr";
const INVITATIONAL: &str = "tests/suite/regulations/newcomer8_invitational.xqr";
const SCHOOLS: &str = "tests/suite/regulations/newcomer8_schools.xqr";

/// Every regulation checks without an error or a warning, in Chinese and in English, and its
/// scenario tests pass.
#[test]
fn each_regulation_checks_clean_and_its_scenarios_pass() {
    for file in [COUNTY, MASTERS_CUP, CITY_LEAGUE, INVITATIONAL, SCHOOLS] {
        let ran = crate::common::checks_clean_and_passes(file, &[]);
        assert_phrases(&ran, &["2 passed, 0 failed"], &[]);
    }
}

/// The Markdown sheet of the regulation text `reg` in `lang`.
fn sheet_of(reg: &str, lang: &str) -> String {
    let out = xqreg_on("sheet", reg, &["--lang", lang, "--format", "md"]);
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A conduct rule written as a text (`score_sheets "慢棋须记录着法，快棋及超快棋不记录"`,
/// `knocked_pieces "碰倒两子及以上判负" in rapid, ...`): the sheet printed the heading
/// （五）记录 and dropped the text, and poured the knocked-pieces text into the number's place of
/// its phrase (碰乱碰倒两子及以上判负个及以上棋子). A text is printed as written.
#[test]
fn a_conduct_rule_written_as_a_text_is_printed_as_written() {
    sheet_md_says(
        MASTERS_CUP,
        "zh",
        &[
            "（五）记录：慢棋须记录着法，快棋及超快棋不记录。",
            "（三）碰乱棋子：快棋、超快棋和加赛超快棋比赛中，碰倒两子及以上判负。",
        ],
        &["个及以上棋子"],
    );
    sheet_md_says(
        MASTERS_CUP,
        "en",
        &[
            "Score sheets: Standard games are recorded; rapid and blitz games are not.",
            "knocking over two or more pieces loses.",
        ],
        &[],
    );
    // A number still fills the phrase.
    let reg = "regulation \"示例赛\" {\n}\n\nconduct {\n  knocked_pieces 2 loss\n}\n";
    let out = xqreg_on("sheet", reg, &["--lang", "zh", "--format", "md"]);
    assert_phrases(
        &String::from_utf8_lossy(&out.stdout),
        &["碰乱2个及以上棋子"],
        &[],
    );
}

/// The schools' primary and secondary groups, each a Swiss by school year, the secondary `same_as`
/// the primary: `late_entry` in the secondary group was E415 ("not the event's first stage",
/// though it takes its players from the roster like the first), and copied by `same_as` it passed
/// the check unseen, yet `event enter` sent a secondary pupil into the primary group, refused
/// (R031). A section played beside the first takes its own late entrants.
#[test]
fn each_section_takes_its_own_late_entrants() {
    // Written in the secondary group itself, the clause checks clean.
    let reg = std::fs::read_to_string(crate::common::root().join(SCHOOLS)).expect("reads");
    let own = reg.replace(
        "  same_as primary\n",
        "  same_as primary\n  late_entry until round 3 missed zero\n",
    );
    assert_ne!(own, reg);
    check_exits(&own, 0);
    // A stage fed by another stage's places still refuses it, written or copied.
    let fed = "regulation \"示例赛\" {\n}\ntime standard \"慢棋\" { base 20min increment 20s flag loses }\nentry { field 24 }\nstage groups \"小组赛\" {\n  round_robin single groups A B size 12\n  entrants roster\n  time standard\n  avoid same_unit\n  tiebreak sonneborn_berger, lots\n}\nstage open \"公开组\" {\n  swiss cxa rounds 5\n  entrants roster\n  late_entry until round 3 missed zero\n  time standard\n  avoid same_unit\n  tiebreak opponents_score bye zero, lots\n}\nstage main \"决赛\" {\n  same_as open\n  entrants groups.*#1..4\n}\n";
    let text = check_exits(fed, 1);
    assert_phrases(
        &text,
        &[
            "E415",
            "late entries into stage `main`, whose players come from earlier stages",
        ],
        &["`open`, whose players"],
    );

    // Live: a secondary pupil enters the secondary group, a primary pupil the primary group.
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = crate::common::generated_event(tmp.path(), SCHOOLS, Some("60"), 1);
    xqreg_ok(&["event", "pair", &ev]);
    crate::common::draw_waiting(&ev, tmp.path(), "r1.csv");
    let secondary = crate::common::written(
        tmp.path(),
        "late1.csv",
        "id,name,unit,sex,school_year\nlate1,迟到中学生,宁波一中,men,8\n",
    );
    let said = xqreg_ok(&["event", "enter", &ev, &secondary]);
    assert_phrases(
        &said,
        &["1 player(s) enter `Secondary` before round 2"],
        &[],
    );
    let primary = crate::common::written(
        tmp.path(),
        "late2.csv",
        "id,name,unit,sex,school_year\nlate2,迟到小学生,宁波一小,women,3\n",
    );
    let said = xqreg_ok(&["event", "enter", &ev, &primary]);
    assert_phrases(&said, &["1 player(s) enter `Primary` before round 2"], &[]);
    let status = xqreg_ok(&["event", "status", &ev]);
    assert_phrases(
        &status,
        &[
            "late entry: late1 into Secondary before round 2",
            "late entry: late2 into Primary before round 2",
        ],
        &[],
    );
    // Round 2 pairs each in its section (on a board, or with the bye of an odd field).
    let paired = xqreg_ok(&["event", "pair", &ev]);
    let section_of = |id: &str| {
        let mut section = "";
        for l in paired.lines() {
            if !l.starts_with(' ') {
                section = l.split(' ').next().unwrap_or("");
            }
            if l.contains(&format!(" {id} ")) {
                return Some(section.to_string());
            }
        }
        None
    };
    assert_eq!(
        section_of("late1").as_deref(),
        Some("Secondary"),
        "{paired}"
    );
    assert_eq!(section_of("late2").as_deref(), Some("Primary"), "{paired}");
    xqreg_ok(&["event", "verify", &ev]);
}

/// Eight masters named by `player` lines that leave out `pool invited`, beside `pool invited 8
/// ... { named }`: the check was clean (`named` was read by nothing), and `simulate` refused its
/// own roster, "16 players for a field of at most 8" (the eight named, and eight strangers for
/// the pool). The pool that names nobody is W608, whose help names the lines without a pool.
#[test]
fn a_named_pool_without_its_names_is_a_warning() {
    let reg = std::fs::read_to_string(crate::common::root().join(INVITATIONAL))
        .expect("reads")
        .replace(" pool invited unit ", " unit ");
    let out = xqreg_on("check", &reg, &["--format", "plain"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert_phrases(
        &text,
        &[
            "W608",
            "pool `invited` names its players (`named`), but `player` lines name 0 of its 8",
            "the `player` lines of `wang`, `zheng`, `xu`, `jiang`, `hong`, `zhao`, `xie`, `tang` give no pool",
        ],
        &[],
    );
    // Named in full, the pool is clean (the regulation as written).
    let text = check_exits(
        &std::fs::read_to_string(crate::common::root().join(INVITATIONAL)).expect("reads"),
        0,
    );
    assert_phrases(&text, &[], &["W608"]);
}

/// The masters cup's knockout of two-game matches: `simulate` listed only the matches a playoff
/// decided, after the prizes and under no heading (`ko quarter-final: p002 beat p018
/// (armageddon)`), the players by id, and in Chinese the runtime's English (`ko semi-final：p019
/// 胜 p009（rapid）`); `event standings` listed none of a knockout of players. Each match is
/// listed under its stage, with its points and how it was decided, in the report's language.
#[test]
fn a_knockouts_matches_are_listed_with_how_each_was_decided() {
    let en = xqreg_ok(&["simulate", MASTERS_CUP, "--seed", "2"]);
    let matches = en
        .split("Matches: Knockout\n")
        .nth(1)
        .and_then(|rest| rest.split("\n\n").next())
        .unwrap_or_default()
        .to_string();
    // Four quarter-finals, two semi-finals, the final and the match for third place.
    assert_eq!(matches.lines().count(), 8, "{en}");
    assert_phrases(
        &matches,
        &[
            "quarter-final 1: p015 林志强15 2–2 p005 张思远5, level: p005 张思远5 wins by rapid",
            "final: p005 张思远5 2–2 p019 马庆19, level: p019 马庆19 wins by blitz",
            "match for places 3-4: ",
            ": p009 刘立新9 wins",
        ],
        &[" beat "],
    );
    assert!(
        en.find("Matches: Knockout").unwrap_or(usize::MAX) < en.find("Final ranking").unwrap_or(0),
        "{en}"
    );
    let zh = xqreg_ok(&["simulate", MASTERS_CUP, "--seed", "2", "--lang", "zh"]);
    assert_phrases(
        &zh,
        &[
            "对阵：淘汰赛",
            "四分之一决赛1：p015 林志强15 2:2 p005 张思远5，积分相同，加赛快棋，p005 张思远5胜出",
            "决赛：p005 张思远5 2:2 p019 马庆19，积分相同，加赛超快棋，p019 马庆19胜出",
        ],
        &["（rapid）", "semi-final"],
    );
}

/// `7..8: certificate each` (as `4..6: 200 each` reads): E002 listed what a prize line may hold
/// and said "write a prize line here", the help no nearer to why. The help says where `each` goes
/// and that a range's awards need none.
#[test]
fn each_after_the_awards_is_told_where_it_goes() {
    let reg = "regulation \"示例赛\" {\n}\n\nprizes \"奖励\" CNY {\n  1: 1200 trophy\n  2..8: certificate each\n}\n";
    let out = xqreg_on("check", reg, &["--format", "plain"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_phrases(
        &text,
        &[
            "E002",
            "help: `each` goes after an amount (`4..8: 200 each certificate`); a range's awards go to every one of its places without it: `4..8: certificate`",
        ],
        &[],
    );
    let zh = xqreg_on("check", reg, &["--format", "plain", "--lang", "zh"]);
    assert_phrases(
        &String::from_utf8_lossy(&zh.stdout),
        &["名次范围的奖品不写 `each` 也是每个名次各得一份"],
        &[],
    );
    // Without `each` the line is whole: every place of the range gets a certificate.
    let fixed = reg.replace("certificate each", "certificate");
    let sheet = sheet_of(&fixed, "zh");
    assert_phrases(&sheet, &["第二至八名各奖励证书一本"], &[]);
}

/// The county championship's Swiss groups state no `numbers`: the runtime draws the pairing
/// numbers by lot (the plan's default), and a Swiss without `first_round` pairs round 1 as its
/// system does, but the sheet said neither, so nobody reading it knew how round 1 is made. The
/// sheet says them where the clauses would stand; a stage `same_as` another, and a stage a
/// supplement overrides, leave them to that one.
#[test]
fn a_swiss_says_the_numbers_and_first_round_it_runs_by_default() {
    sheet_md_says(
        COUNTY,
        "zh",
        &["（二）男子组：采用积分编排制，共赛7轮。抽签确定比赛代号。本组限64人"],
        &["（三）女子组：本组限24人，报满为止。抽签确定比赛代号"],
    );
    let reg = "regulation \"示例赛\" {\n}\n\ntime standard \"慢棋\" { base 20min increment 20s flag loses }\n\nentry { cap 40 }\n\nstage main \"积分编排\" {\n  swiss cxa rounds 7\n  entrants roster\n  time standard\n  avoid same_unit never\n  tiebreak opponents_score bye zero, wins, lots\n}\n";
    let zh = sheet_of(reg, "zh");
    assert_phrases(
        &zh,
        &["共赛7轮。抽签确定比赛代号。首轮按代号1-2、4-3、5-6……对阵，代号在前者执红先走。"],
        &[],
    );
    let dutch = reg.replace("swiss cxa", "swiss dutch");
    let en = sheet_of(&dutch, "en");
    assert_phrases(
        &en,
        &["7 rounds. Pairing numbers by lot. Round 1 pairs the upper half against the lower half"],
        &[],
    );
    // Stated, the clause is printed as written, once.
    let stated = reg.replace(
        "  entrants roster\n",
        "  entrants roster\n  numbers rating\n  first_round split_half\n",
    );
    let zh = sheet_of(&stated, "zh");
    assert_phrases(
        &zh,
        &["首轮采用上半区对下半区"],
        &["抽签确定比赛代号", "1-2、4-3"],
    );
    // A stage a supplement overrides: the regulation as issued leaves round 1 to the supplement.
    let amended = format!(
        "{reg}\nsupplement \"补充规定\" 2026-01-01 {{\n  override stage main \"积分编排\" {{\n    swiss cxa rounds 7\n    entrants roster\n    time standard\n    numbers rating\n    first_round split_half\n    avoid same_unit never\n    tiebreak opponents_score bye zero, wins, lots\n  }}\n}}\n"
    );
    let zh = sheet_of(&amended, "zh");
    assert_phrases(
        &zh,
        &["首轮采用上半区对下半区"],
        &["抽签确定比赛代号", "1-2、4-3"],
    );
}

/// The county sheet's men's prize table began at the foot of page 1 with its header and one row,
/// the other five rows overleaf under the header again (the PDF kept a table's last row from
/// going alone to a new page, not its first from staying alone). A table that starts at the
/// foot of a page takes at least two rows there, or starts on the next page.
#[test]
fn a_table_never_starts_with_one_row_alone_at_the_foot_of_a_page() {
    use xqreg::sheet::{pdf, Lang};
    let fonts =
        pdf::load_fonts(None, false).unwrap_or_else(|e| panic!("{}: {}", e.code.code, e.message));
    let text = std::fs::read_to_string(crate::common::root().join(COUNTY)).expect("reads");
    let parsed = xqreg_grammar::parse_bytes(text.as_bytes());
    for lang in [Lang::Zh, Lang::En] {
        let sheet = xqreg::sheet::model(&parsed.file, lang).0;
        let pages = pdf::typeset(&sheet, lang, &fonts).expect("typeset").pages;
        for (i, pair) in pages.windows(2).enumerate() {
            let rows = |p: &pdf::Page, t| {
                p.items
                    .iter()
                    .filter(|x| !x.atom.is_head && x.atom.table == Some(t))
                    .count()
            };
            let Some(last) = pair[0].items.iter().rev().find_map(|x| x.atom.table) else {
                continue;
            };
            assert!(
                !(rows(&pair[0], last) == 1 && rows(&pair[1], last) > 0),
                "{lang:?} page {}: a table's first row alone at the foot",
                i + 1
            );
        }
    }
}

/// `simulate --runs` of the county championship (three sections, each with its own place 1)
/// counted one winner a run, the men's, and ranked them by rating among the whole roster (the
/// women and juniors too), under "Finished first, by rating rank in the field". Each section's
/// winner is counted in that section, ranked among its players.
#[test]
fn runs_count_each_sections_winner_in_its_section() {
    let text = xqreg_ok(&["simulate", COUNTY, "--runs", "3"]);
    assert_phrases(
        &text,
        &[
            "Finished first in Men, by rating rank in the section (1 = highest rated)",
            "Finished first in Women, by rating rank in the section",
            "Finished first in Youth, by rating rank in the section",
        ],
        &["by rating rank in the field"],
    );
    let json = xqreg_ok(&["simulate", COUNTY, "--runs", "3", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("json");
    let sections = v["first_by_rating_rank_in_section"]
        .as_object()
        .expect("by section");
    assert_eq!(sections.len(), 3, "{json}");
    for (name, by_rank) in sections {
        let runs: u64 = by_rank
            .as_object()
            .expect("ranks")
            .values()
            .filter_map(serde_json::Value::as_u64)
            .sum();
        assert_eq!(runs, 3, "{name}: {json}");
    }
    // One section: as before, ranked in the field.
    let one = xqreg_ok(&["simulate", INVITATIONAL, "--runs", "2"]);
    assert_phrases(
        &one,
        &["Finished first, by rating rank in the field"],
        &["in the section"],
    );
}

/// The masters cup live, its final published and not yet played: `event standings --stage ko`
/// placed the two finalists 1 and 2 (`1  p019 ...`, `2  p023 ...`), a champion named before the
/// final (the runtime's provisional pick). A knockout with a match still to play lists its
/// matches and ranks the players it links level (`1=`): no match to play has a winner yet.
#[test]
fn a_knockout_still_playing_names_no_champion() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = crate::common::generated_event(tmp.path(), MASTERS_CUP, None, 3);
    for k in 0..40 {
        let paired = xqreg_ok(&["event", "pair", &ev]);
        if paired.contains("Knockout round 3") {
            break;
        }
        crate::common::draw_waiting(&ev, tmp.path(), &format!("r{k}.csv"));
    }
    let standings = xqreg_ok(&["event", "standings", &ev, "--stage", "ko"]);
    assert_phrases(
        &standings,
        &[
            "Knockout (so far)",
            "semi-final 1: ",
            "final: ",
            ": to be played",
        ],
        &["\n    1  ", "\n    2  "],
    );
}

/// The city league live, a club withdrawn after round 1: `event pair` said `league round 2:
/// withdrawn  上海 上海`, the team's id and its name being one. Said once; a player keeps `id name`.
#[test]
fn a_team_sitting_out_is_named_once() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = crate::common::generated_event(tmp.path(), CITY_LEAGUE, Some("11"), 2);
    xqreg_ok(&["event", "pair", &ev]);
    crate::common::draw_waiting(&ev, tmp.path(), "r1.csv");
    withdraw(&ev, "上海", "league", 1);
    let paired = xqreg_ok(&["event", "pair", &ev]);
    assert_phrases(
        &paired,
        &["Team Swiss round 2: withdrawn  上海\n"],
        &["上海 上海"],
    );
}
