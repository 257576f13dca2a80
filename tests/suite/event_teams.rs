//! Team events live: `xqreg event lineup` (the line-ups teams hand in before a round of a
//! `lineup each_round` stage, 临时定台制, seat that round's boards; one for a published round, or
//! one the engine refuses (R060-R065), stores nothing) and `xqreg event withdraw TEAM` (every
//! player of the team withdraws: the team is paired no more).

use std::path::Path;

use crate::common::{event_new, withdraw, written, xqreg, xqreg_ok};

const REGULATION: &str = "examples/008_team_qualifier/regulation.xqr";
const ROSTER: &str = "examples/008_team_qualifier/roster.csv";

fn write(dir: &Path, name: &str, rows: &[&str]) -> String {
    let mut text = String::from("stage,round,team,board,player\n");
    for r in rows {
        text.push_str(r);
        text.push('\n');
    }
    written(dir, name, &text)
}

/// The players of team 北京 on the published boards of `round`, in board order.
fn beijing_boards(ev: &str, round: u32) -> Vec<String> {
    let csv = xqreg_ok(&["event", "games", ev, "--format", "csv"]);
    let mut rows = csv.lines();
    let header: Vec<&str> = rows.next().expect("a header").split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).expect(name);
    let (r, b, red, black) = (col("round"), col("board"), col("red"), col("black"));
    let mut seats: Vec<(u32, String)> = rows
        .map(|l| l.split(',').collect::<Vec<_>>())
        .filter(|f| f[r] == round.to_string())
        .flat_map(|f| {
            let board: u32 = f[b].parse().expect("a board");
            [f[red], f[black]]
                .into_iter()
                .filter(|p| p.starts_with("t1b"))
                .map(move |p| (board, p.to_string()))
        })
        .collect();
    seats.sort();
    seats.into_iter().map(|(_, p)| p).collect()
}

/// Record a draw in every published game waiting for its result (the `result` column of
/// `games --waiting`, handed back to `event result`).
pub(crate) fn draw_every_waiting_game(ev: &str, dir: &Path) {
    record_every_waiting_game(ev, dir, |_, _| "=");
}

/// Record in every published game waiting for its result what `result(red, black)` says.
pub(crate) fn record_every_waiting_game(
    ev: &str,
    dir: &Path,
    result: fn(&str, &str) -> &'static str,
) {
    let games = xqreg_ok(&["event", "games", ev, "--waiting", "--format", "csv"]);
    let results: String = games
        .lines()
        .enumerate()
        .map(|(k, l)| {
            let mut f: Vec<&str> = l.split(',').collect();
            if k > 0 {
                f[5] = result(f[3], f[4]);
            }
            f.join(",") + "\n"
        })
        .collect();
    let path = dir.join("results.csv");
    std::fs::write(&path, results).expect("writes");
    xqreg_ok(&["event", "result", ev, &path.display().to_string()]);
}

/// `event new` in `dir/ev` on example 008 (a team Swiss, `lineup each_round`), seed 1; its path.
fn new_event(dir: &Path) -> String {
    let ev = dir.join("ev").display().to_string();
    event_new(&ev, Path::new(REGULATION), Path::new(ROSTER), 1);
    ev
}

/// [`new_event`], then round 1 paired: the event's path.
fn paired_event(dir: &Path) -> String {
    let ev = new_event(dir);
    xqreg_ok(&["event", "pair", &ev]);
    ev
}

/// 北京's line-up for round 1 handed in, each row naming the stage as `stages` says (board 1 to
/// t1b3, 2 to t1b1, 3 to t1b2: not the roster order the default would seat), and the round
/// paired: the file's path.
fn seats_round_one(dir: &Path, ev: &str, stages: [&str; 4]) -> String {
    let seats = ["1,t1b3", "2,t1b1", "3,t1b2", "4,t1b4"];
    let rows: Vec<String> = (stages.iter().zip(seats))
        .map(|(stage, seat)| format!("{stage},1,北京,{seat}"))
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let first = write(dir, "r1.csv", &rows);
    let said = xqreg_ok(&["event", "lineup", ev, &first]);
    assert_eq!(
        said,
        "Team Swiss round 1 北京 line-up: t1b3 t1b1 t1b2 t1b4\n"
    );
    assert!(xqreg_ok(&["event", "status", ev])
        .contains("line-ups handed in for Team Swiss round 1: 北京\n"));
    xqreg_ok(&["event", "pair", ev]);
    assert_eq!(beijing_boards(ev, 1), ["t1b3", "t1b1", "t1b2", "t1b4"]);
    first
}

#[test]
fn a_line_up_handed_in_seats_its_round() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = new_event(tmp.path());
    let first = seats_round_one(tmp.path(), &ev, ["main"; 4]);

    // Round 1 is published: its line-up stands, a new one is refused and nothing is stored.
    let out = xqreg(&["event", "lineup", &ev, &first]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    let code = "E845";
    assert!(
        err.starts_with(&format!("error[{code}]: "))
            && err.contains("r1.csv:2:6: `main` round 1 is published already"),
        "{err}"
    );

    // Another team's player: the engine's R061 at its cell, nothing stored.
    let wrong = write(
        tmp.path(),
        "r2.csv",
        &[
            "main,2,北京,1,t1b3",
            "main,2,北京,2,t2b1",
            "main,2,北京,3,t1b2",
            "main,2,北京,4,t1b4",
        ],
    );
    let out = xqreg(&["event", "lineup", &ev, &wrong]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("R061") && err.contains("r2.csv:3:13"), "{err}");
    assert!(!xqreg_ok(&["event", "status", &ev]).contains("round 2"));

    // Handed in twice before its round is published: the second replaces the first, and the log
    // replays to the same store.
    let once = write(
        tmp.path(),
        "r2a.csv",
        &[
            "main,2,北京,1,t1b4",
            "main,2,北京,2,t1b3",
            "main,2,北京,3,t1b2",
            "main,2,北京,4,t1b1",
        ],
    );
    let again = write(
        tmp.path(),
        "r2b.csv",
        &[
            "main,2,北京,1,t1b2",
            "main,2,北京,2,t1b4",
            "main,2,北京,3,t1b1",
            "main,2,北京,4,t1b3",
        ],
    );
    xqreg_ok(&["event", "lineup", &ev, &once]);
    let said = xqreg_ok(&["event", "lineup", &ev, &again]);
    assert!(
        said.contains("(replaces the one handed in before)"),
        "{said}"
    );
    draw_every_waiting_game(&ev, tmp.path());
    xqreg_ok(&["event", "pair", &ev]);
    assert_eq!(beijing_boards(&ev, 2), ["t1b2", "t1b4", "t1b1", "t1b3"]);
    assert!(xqreg_ok(&["event", "verify", &ev]).starts_with("verified: "));
}

/// A line-up's rows may name the stage by its title (`团体积分编排`, or `Team Swiss`): stored
/// and logged under its id `main`, the round seated as handed in. The title was R060 (a team
/// that does not play the stage).
#[test]
fn a_line_up_may_name_its_stage_by_its_title() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = new_event(tmp.path());
    let title = "团体积分编排";
    seats_round_one(tmp.path(), &ev, [title, title, "Team Swiss", title]);
    xqreg_ok(&["event", "export", &ev]);
    let log = std::fs::read_to_string(Path::new(&ev).join("export/log.jsonl")).expect("log");
    assert!(
        log.contains("\"stage\":\"main\"") && !log.contains("团体积分编排"),
        "{log}"
    );
    xqreg_ok(&["event", "verify", &ev]);
}

#[test]
fn a_team_withdraws_whole() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = paired_event(tmp.path());
    assert_eq!(beijing_boards(&ev, 1).len(), 4, "北京 plays round 1");
    let said = withdraw(&ev, "北京", "main", 1);
    assert_eq!(
        said,
        "t1b1 withdraws after Team Swiss round 1\nt1b2 withdraws after Team Swiss round 1\n\
         t1b3 withdraws after Team Swiss round 1\nt1b4 withdraws after Team Swiss round 1\n"
    );
    let out = xqreg(&[
        "event", "withdraw", &ev, "北京", "--stage", "main", "--after", "1",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error[E835]: every player of `北京`"));
    // Draws in round 1, then round 2 is paired without 北京.
    draw_every_waiting_game(&ev, tmp.path());
    xqreg_ok(&["event", "pair", &ev]);
    assert!(beijing_boards(&ev, 2).is_empty(), "北京 is paired no more");
    assert!(xqreg_ok(&["event", "verify", &ev]).starts_with("verified: "));
}

#[test]
fn a_team_of_the_roster_is_named_once_in_the_standings() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = paired_event(tmp.path());
    draw_every_waiting_game(&ev, tmp.path());
    let standings = xqreg_ok(&["event", "standings", &ev]);
    assert!(standings.contains(" 北京 "), "{standings}");
    assert!(!standings.contains("北京 北京"), "{standings}");
}
