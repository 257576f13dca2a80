//! What a sixth newcomer found writing regulations from the docs alone and running them live (the
//! files are under `tests/scenarios/newcomer6_*.xqr`, checked and run by regressions.rs; the
//! rosters they were run with under `tests/scenarios/newcomer6/`): each finding shown fixed.

use crate::common::{assert_phrases, sheet_md_says, withdraw, xqreg_ok};

const PLAYOFFS: &str = "tests/scenarios/newcomer6_qualifier_playoffs.xqr";

/// Four group playoffs, the last three `same_as` the first (which names the time control and
/// the playoff chain): the sheet headed the rapid control 快棋（A组出线权加赛） and the chain
/// A组出线权加赛：…, as if groups B to D played under other rules, since it listed only the
/// stages that write the clause themselves.
#[test]
fn a_stage_that_copies_a_clause_is_named_where_the_clause_is_printed() {
    sheet_md_says(
        PLAYOFFS,
        "zh",
        &[
            "快棋（A组出线权加赛、B组出线权加赛、C组出线权加赛、D组出线权加赛）",
            "A组出线权加赛、B组出线权加赛、C组出线权加赛、D组出线权加赛：对局胜者名次列前",
        ],
        &["快棋（A组出线权加赛）"],
    );
    sheet_md_says(
        PLAYOFFS,
        "en",
        &["Rapid (Group A playoff, Group B playoff, Group C playoff, Group D playoff)"],
        &["Rapid (Group A playoff)"],
    );
}

const TEAM_SWISS: &str = "tests/scenarios/newcomer6_team_swiss.xqr";
const TEAMS: &str = "tests/scenarios/newcomer6/teams.csv";

/// Fills the `result` column of a results CSV `event games --waiting --format csv` printed: a
/// win for Red, a draw and a win for Black in turn by board, but for the boards in `skip`.
fn filled(csv: &str, skip: &[u32]) -> String {
    let mut out = String::new();
    for (i, line) in csv.lines().enumerate() {
        let cells: Vec<&str> = line.split(',').collect();
        if i == 0 {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let board: u32 = cells[2].parse().expect("a board");
        if skip.contains(&board) {
            continue;
        }
        let result = ["1-0", "=", "0-1"][(board % 3) as usize];
        let mut row: Vec<&str> = cells.clone();
        row[5] = result;
        out.push_str(&row.join(","));
        out.push('\n');
    }
    out
}

/// Runs the team Swiss live as the newcomer did: line-ups handed in, a forfeit, a correction, a
/// whole team withdrawn after round 2, to the end; returns the event's directory.
fn team_swiss_live(work: &std::path::Path) -> std::path::PathBuf {
    let ev = work.join("ev");
    let e = ev.to_string_lossy().to_string();
    let root = crate::common::root();
    let reg = root.join(TEAM_SWISS).to_string_lossy().to_string();
    let roster = root.join(TEAMS).to_string_lossy().to_string();
    xqreg_ok(&[
        "event",
        "new",
        &e,
        "--regulation",
        &reg,
        "--roster",
        &roster,
        "--seed",
        "3",
    ]);
    let lineup = work.join("l1.csv");
    std::fs::write(
        &lineup,
        "stage,round,team,board,player\nmain,1,南京,1,t1p1\nmain,1,南京,2,t1p2\nmain,1,南京,3,t1p3\nmain,1,南京,4,t1p6\n",
    )
    .expect("writes");
    xqreg_ok(&["event", "lineup", &e, &lineup.to_string_lossy()]);
    for round in 1..=5 {
        xqreg_ok(&["event", "pair", &e]);
        let waiting = xqreg_ok(&["event", "games", &e, "--waiting", "--format", "csv"]);
        let skip: &[u32] = if round == 1 { &[12] } else { &[] };
        let file = work.join(format!("r{round}.csv"));
        std::fs::write(&file, filled(&waiting, skip)).expect("writes");
        xqreg_ok(&["event", "result", &e, &file.to_string_lossy()]);
        if round == 1 {
            xqreg_ok(&["event", "forfeit", &e, "main", "1", "12", "black"]);
            xqreg_ok(&[
                "event",
                "correct",
                &e,
                "main",
                "1",
                "3",
                "0-1",
                "--reason",
                "记分表",
            ]);
        }
        if round == 2 {
            withdraw(&e, "南通", "main", 2);
        }
    }
    xqreg_ok(&["event", "verify", &e]);
    ev
}

/// A team Swiss run live and published: the crosstable of its stage page was empty but for the
/// diagonal (its cells looked for players' games under the group, and a team stage's games are
/// listed under their match), and the front page listed the four best-board winners as four
/// `台次奖 1` rows without saying which board each won.
#[test]
fn a_team_swiss_site_shows_its_matches_and_each_board_prize_board() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = team_swiss_live(tmp.path());
    let site = tmp.path().join("site");
    crate::event_publish::publish(&ev, &site);
    let page = std::fs::read_to_string(site.join("zh/stage-1.html")).expect("the stage page");
    let cross = &page[page.find("class=\"cross\"").expect("a crosstable")..];
    let cross = &cross[..cross.find("</table>").expect("its end")];
    // Eight teams, five rounds, a team withdrawn after round 2 and a bye each round after it:
    // every team met at least three others.
    let filled =
        cross.matches("<td class=\"c\">").count() - cross.matches("<td class=\"c\"></td>").count();
    assert!(filled >= 8 + 8 * 3, "{cross}");
    let index = std::fs::read_to_string(site.join("zh/index.html")).expect("the front page");
    assert_phrases(&index, &["台次奖第1台", "台次奖第4台"], &[]);
    let en = std::fs::read_to_string(site.join("en/index.html")).expect("the front page");
    assert_phrases(
        &en,
        &["Best-board prizes, board 1", "Best-board prizes, board 4"],
        &["boards (台次奖)"],
    );
}

/// A word outside its set is named with its set's article: `avoid same_unit last_two` said
/// "`last_two` is not a avoidance scope".
#[test]
fn an_unknown_word_takes_its_article() {
    let reg = r#"regulation "公开赛" {
  dates 2026-10-10
}
time standard "慢棋" { base 45min increment 15s flag loses }
entry { cap 60 }
stage main "积分编排" {
  swiss cxa rounds 7
  entrants roster
  time standard
  avoid same_unit last_two
  tiebreak opponents_score bye lowest_in_field, wins, lots
}
"#;
    let out = crate::common::xqreg_on("check", reg, &["--format", "plain"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_phrases(
        &text,
        &["`last_two` is not an avoidance scope"],
        &["not a avoidance"],
    );
}

/// A men's Swiss (`places 1..40`) and a women's round robin (`places 1..8`) of one file, each of
/// its own category: two sections, each ranked from its own place 1 (docs/language.md §12), yet
/// the checker refused the second range as deciding places 1..8 twice (E509) and proposed
/// `places 41..48` for the women. Categories that may share a player still clash.
#[test]
fn sections_of_their_own_each_rank_from_place_one() {
    let out = crate::common::xqreg(&[
        "check",
        "--format",
        "plain",
        "tests/scenarios/newcomer6_men_women.xqr",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert_phrases(&text, &[], &["E509"]);
    let overlapping = r#"regulation "示例赛" {
  dates 2026-05-01
}
time standard "慢棋" { base 20min increment 20s flag loses }
entry { cap 40 }
category men "男子组" { sex men }
category seniors "老年组" { age >= 60 }
stage men "男子组" {
  round_robin single size 8
  entrants category men
  time standard
  tiebreak sonneborn_berger, wins, lots
  places 1..8
}
stage seniors "老年组" {
  round_robin single size 6
  entrants category seniors
  time standard
  tiebreak sonneborn_berger, wins, lots
  places 1..6
}
"#;
    let out = crate::common::xqreg_on("check", overlapping, &["--format", "plain"]);
    assert_phrases(&String::from_utf8_lossy(&out.stdout), &["E509"], &[]);
}

/// `round_robin single size 4` took a field of five and played it (five rounds, one player out
/// each): the stated size was accepted and not acted on. A table of one group plays exactly
/// its size, as the groups of a draw are filled; and a generated roster gives a women's round
/// robin of eight (a sex's prize table beside it) eight women, not eleven.
#[test]
fn a_round_robin_of_a_stated_size_plays_that_many() {
    let reg = r#"regulation "示例赛" {
  dates 2026-05-01
}
time standard "慢棋" { base 20min increment 20s flag loses }
entry { cap 8 }
stage main "单循环" {
  round_robin single size 4
  entrants roster
  time standard
  tiebreak sonneborn_berger, wins, lots
}
"#;
    let tmp = tempfile::tempdir().expect("tmp");
    let roster = tmp.path().join("roster.csv");
    std::fs::write(&roster, "id,name\na,甲\nb,乙\nc,丙\nd,丁\ne,戊\n").expect("writes");
    let out = crate::common::xqreg_on(
        "simulate",
        reg,
        &["--roster", &roster.to_string_lossy(), "--format", "json"],
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_phrases(
        &err,
        &["R014", "round robin of 4 (`size 4`), and 5 players"],
        &[],
    );
    let rows = crate::common::generated_standings(
        "tests/scenarios/newcomer6_men_women.xqr",
        "48",
        "2",
        "women",
    );
    assert_eq!(rows.len(), 8, "{rows:?}");
}

const CITY_OPEN: &str = "tests/scenarios/newcomer6_city_open.xqr";

/// `opponents_score cut 1` (去掉一个最低分的对手分) read 对手分高者名次列前（去掉最低1个）: a
/// number after 最低 and a measure word with no noun.
#[test]
fn a_cut_reads_as_chinese() {
    sheet_md_says(
        CITY_OPEN,
        "zh",
        &["（2）对手分高者名次列前（去掉1个最低分）。"],
        &["去掉最低1个"],
    );
}

/// The team Swiss's sheet: `numbers rating` read 按等级分高低确定代号 / "Pairing numbers by
/// rating" beside 队号小的队单数台执红 (teams are numbered, by the sum of their boards'
/// ratings), and `staff per "每队" en "each team"` printed "Each each team may bring ...".
#[test]
fn a_team_swiss_sheet_numbers_teams_and_says_each_once() {
    sheet_md_says(
        TEAM_SWISS,
        "zh",
        &["按各队报名顺序前4名队员的等级分之和高低确定队号"],
        &["按等级分高低确定代号"],
    );
    sheet_md_says(
        TEAM_SWISS,
        "en",
        &[
            "Team numbers by the sum of the ratings of each team's first 4 registered players.",
            "Each team may bring 1 leader and 1 coach.",
        ],
        &["Each each", "Pairing numbers by rating"],
    );
}

/// Sections by age written with `age` (少年组 `age < 16`, 公开组 `age >= 16`), each ranked from its
/// own place 1: the checker knew sections by sex and birth window only, and refused the second
/// range (E509).
#[test]
fn sections_by_age_each_rank_from_place_one() {
    let reg = r#"regulation "示例赛" {
  dates 2026-05-01
}
time standard "慢棋" { base 20min increment 20s flag loses }
entry { cap 40 }
category junior "少年组" { age < 16 }
category open "公开组" { age >= 16 }
stage junior "少年组" {
  round_robin single size 6
  entrants category junior
  time standard
  tiebreak sonneborn_berger, wins, lots
  places 1..6
}
stage open "公开组" {
  round_robin single size 8
  entrants category open
  time standard
  tiebreak sonneborn_berger, wins, lots
  places 1..8
}
"#;
    let out = crate::common::xqreg_on("check", reg, &["--format", "plain"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert_phrases(&text, &[], &["E509"]);
}
