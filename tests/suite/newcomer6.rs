//! What a sixth newcomer found writing regulations from the docs alone and running them live (the
//! files are under `tests/scenarios/newcomer6_*.xqr`, checked and run by regressions.rs; the
//! rosters they were run with under `tests/scenarios/newcomer6/`): each finding shown fixed.

use crate::common::{assert_phrases, xqreg_ok};

const PLAYOFFS: &str = "tests/scenarios/newcomer6_qualifier_playoffs.xqr";

/// Four group playoffs, the last three `same_as` the first (which names the time control and
/// the playoff chain): the sheet headed the rapid control 快棋（A组出线权加赛） and the chain
/// A组出线权加赛：…, as if groups B to D played under other rules, since it listed only the
/// stages that write the clause themselves.
#[test]
fn a_stage_that_copies_a_clause_is_named_where_the_clause_is_printed() {
    let zh = xqreg_ok(&["sheet", PLAYOFFS, "--lang", "zh", "--format", "md"]);
    assert_phrases(
        &zh,
        &[
            "快棋（A组出线权加赛、B组出线权加赛、C组出线权加赛、D组出线权加赛）",
            "A组出线权加赛、B组出线权加赛、C组出线权加赛、D组出线权加赛：对局胜者名次列前",
        ],
        &["快棋（A组出线权加赛）"],
    );
    let en = xqreg_ok(&["sheet", PLAYOFFS, "--lang", "en", "--format", "md"]);
    assert_phrases(
        &en,
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
            xqreg_ok(&[
                "event", "withdraw", &e, "南通", "--stage", "main", "--after", "2",
            ]);
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
        &["boards (台次奖), board 1", "boards (台次奖), board 4"],
        &[],
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
