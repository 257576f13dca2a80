//! Line-ups handed in for team stages (issue 9, 临时定台制): the line-ups CSV of `xqreg simulate
//! --lineups` read and checked (tests/fixtures/lineups/, listed in its EXPECT file: each bad file
//! gives exactly the diagnostics it lists, with line and CSV column), a good file played instead
//! of the default, the scenario's `lineup` lines checked at their words, a fixed line-up kept,
//! and `colour_balance` reported (W260) only when the line-ups break it.

use std::path::PathBuf;

use xqreg::diagnostics::source::SourceFile;
use xqreg::run;
use xqreg_runtime::engine::{Outcome, RecordedResults, RestRule, Roster, RuntimeProblem};
use xqreg_runtime::plan::Plan;

use crate::common::{rel, root};

fn dir() -> PathBuf {
    root().join("tests/fixtures/lineups")
}

fn source(file: &str) -> (String, Vec<u8>, SourceFile) {
    let path = dir().join(file);
    let name = rel(&path);
    let bytes = std::fs::read(&path).expect("a fixture is readable");
    let src = SourceFile::new(&name, String::from_utf8_lossy(&bytes));
    (name, bytes, src)
}

fn regulation() -> (Plan, SourceFile) {
    let (name, bytes, _) = source("team.xqr");
    let compiled = xqreg::compile::compile_bytes(&name, &bytes);
    (
        compiled.plan.expect("team.xqr compiles"),
        compiled.report.source,
    )
}

/// The run `xqreg simulate team.xqr --roster roster.csv --lineups FILE --seed 1` makes: the
/// outcome, or every diagnostic as (code, file kind, line, column header).
fn simulate(file: &str) -> Result<Outcome, Vec<(String, String, usize, String)>> {
    let (plan, reg) = regulation();
    let (roster_name, roster_bytes, roster_src) = source("roster.csv");
    let roster = run::csv_input::read_roster(&roster_name, &roster_bytes).expect("roster reads");
    let (name, bytes, src) = source(file);
    let lineups = match run::csv_input::read_lineups(&name, &bytes) {
        Ok(l) => l,
        Err(report) => return Err(flatten(&[report], &reg)),
    };
    let results = RecordedResults {
        lineups,
        ..RecordedResults::default()
    };
    run::run_plan(&plan, &roster, &results, 1).map_err(|problems: Vec<RuntimeProblem>| {
        let inputs = [run::Input {
            source: &src,
            label: ("this line-up", "此出场名单"),
        }];
        flatten(
            &run::problem_reports_with(&problems, &reg, Some(&roster_src), &inputs),
            &reg,
        )
    })
}

fn flatten(
    reports: &[xqreg::driver::FileReport],
    reg: &SourceFile,
) -> Vec<(String, String, usize, String)> {
    let mut out = Vec::new();
    for r in reports {
        let kind = if r.source.name == reg.name {
            "regulation"
        } else {
            "lineups"
        };
        for d in &r.diagnostics {
            let at = d.span().start as usize;
            let pos = r.source.position(at);
            let header = r.source.text.lines().next().unwrap_or("");
            let column = if pos.line == 1 {
                "*".to_string()
            } else {
                let text = r.source.text.as_str();
                let start = text
                    .get(..at)
                    .and_then(|t| t.rfind('\n'))
                    .map_or(0, |i| i + 1);
                let index = text.get(start..at).map_or(0, |b| b.matches(',').count());
                header.split(',').nth(index).unwrap_or("?").to_string()
            };
            if d.code.code.starts_with('R') {
                assert!(
                    d.message.zh.chars().any(|c| c > '\u{3000}'),
                    "{}: the Chinese message is `{}`",
                    d.code.code,
                    d.message.zh
                );
            }
            out.push((d.code.code.to_string(), kind.to_string(), pos.line, column));
        }
    }
    out.sort();
    out
}

#[test]
fn each_bad_lineups_file_gives_exactly_its_diagnostics() {
    let text = std::fs::read_to_string(dir().join("EXPECT")).expect("EXPECT");
    let mut expected: std::collections::BTreeMap<String, Vec<(String, String, usize, String)>> =
        Default::default();
    for l in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let f: Vec<&str> = l.split_whitespace().collect();
        assert_eq!(f.len(), 5, "EXPECT line `{l}`");
        expected.entry(f[0].to_string()).or_default().push((
            f[1].to_string(),
            f[2].to_string(),
            f[3].parse().expect("a line number"),
            f[4].to_string(),
        ));
    }
    let files: Vec<String> = std::fs::read_dir(dir())
        .expect("the folder")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|f| f.ends_with(".lineups.csv") && f != "valid.lineups.csv")
        .collect();
    assert_eq!(files.len(), expected.len(), "every bad file is in EXPECT");
    let mut failures = Vec::new();
    for (file, mut want) in expected {
        want.sort();
        match simulate(&file) {
            Ok(_) => failures.push(format!("{file}: ran without a diagnostic")),
            Err(got) if got != want => {
                failures.push(format!("{file}: expected {want:?}\n  got {got:?}"))
            }
            Err(_) => {}
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The good file: 甲队 plays a3 on board 1 and a1 on board 2 in round 2 (its handed-in order, not
/// the roster's a1, a2); 乙队 plays b2, b1 in round 1; every other team and round plays the
/// default, and the transcript says so.
#[test]
fn a_good_lineups_file_is_played_instead_of_the_default() {
    let outcome = simulate("valid.lineups.csv").expect("the good file runs");
    let games = &outcome.stages[0].games;
    let board_of = |round: u32, id: &str| {
        games
            .iter()
            .find(|g| g.round == round && (g.red == id || g.black == id))
            .map(|g| g.board)
    };
    let (a3, a1) = (board_of(2, "a3"), board_of(2, "a1"));
    assert!(a3.is_some() && a1 == a3.map(|b| b + 1), "{a3:?} {a1:?}");
    assert_eq!(board_of(2, "a2"), None, "a2 sits out round 2");
    assert_eq!(board_of(1, "b1"), board_of(1, "b2").map(|b| b + 1));
    let said = |text: &str| outcome.transcript.iter().any(|e| e.text.contains(text));
    assert!(said(
        "main round 2: 甲队 plays the line-up it handed in: a3, a1"
    ));
    assert!(said(
        "main round 3: 甲队 handed in no line-up; the default applies"
    ));
    assert!(said(
        "main round 1: 乙队 plays the line-up it handed in: b2, b1"
    ));
}

/// A test's text with one more line in its first `results` block.
fn with_result_line(file: &str, line: &str) -> Vec<String> {
    let text = std::fs::read_to_string(root().join(file)).expect("readable");
    let text = text.replacen("  results {\n", &format!("  results {{\n    {line}\n"), 1);
    let outcomes = run::scenario::run_file("lineup.xqr", text.as_bytes())
        .unwrap_or_else(|r| panic!("the file checks: {:?}", r.diagnostics));
    outcomes
        .into_iter()
        .flat_map(|t| t.failures)
        .map(|f| f.en)
        .collect()
}

/// `lineup fixed`: a line-up that repeats the roster order is taken, one that changes it is
/// refused (R065), naming the order the rule keeps.
#[test]
fn a_fixed_lineup_refuses_a_changed_order() {
    let fixed = "tests/scenarios/team_lineup_fixed.xqr";
    assert!(with_result_line(fixed, "lineup 甲队 main 3: a1 a2").is_empty());
    let failures = with_result_line(fixed, "lineup 甲队 main 3: a1 a3");
    assert!(
        failures.len() == 1 && failures[0].contains("R065") && failures[0].contains("a1, a2"),
        "{failures:?}"
    );
}

/// A scenario's `lineup` line is checked as a CSV's rows are: another team's player (R061), a
/// team short of a board (R063), a player twice (R062), a team that does not play (R060).
#[test]
fn scenario_lineups_are_checked() {
    let each = "tests/scenarios/team_lineup.xqr";
    for (line, code) in [
        ("lineup 甲队 main 2: a3 b1", "R061"),
        ("lineup 甲队 main 2: a3", "R063"),
        ("lineup 甲队 main 2: a3 a3", "R062"),
        ("lineup 甲队 main 2: a3 a2 a1", "R063"),
    ] {
        let failures = with_result_line(each, line);
        assert!(
            !failures.is_empty() && failures.iter().all(|f| f.contains(code)),
            "{line}: {failures:?}"
        );
    }
}

/// The ids of a team's players (the roster's rows of its unit), in roster order.
fn members_of<'r>(roster: &'r Roster, team: &str) -> Vec<&'r str> {
    roster
        .players
        .iter()
        .filter(|p| p.unit.as_deref() == Some(team))
        .map(|p| p.id.as_str())
        .collect()
}

/// The messages of the run's W260 warnings (a team's colours out of balance).
fn w260(outcome: &Outcome) -> Vec<String> {
    outcome
        .warnings
        .iter()
        .filter(|w| w.code == "W260")
        .map(|w| w.message.to_string())
        .collect()
}

/// `colour_balance 1`: with the default line-ups the first board of team 1 plays Red in rounds 1
/// and 2 (its team is written first both times), two more Red than Black: a warning W260 after
/// round 2, one a team naming both its boards' players. A handed-in line-up that moves the player to board 2 in round 2 keeps
/// the balance, and the warning is gone.
#[test]
fn colour_balance_is_reported_unless_the_lineups_keep_it() {
    let (plan, _) = regulation();
    let (roster_name, roster_bytes, _) = source("roster.csv");
    let roster = run::csv_input::read_roster(&roster_name, &roster_bytes).expect("roster reads");
    let mut results = RecordedResults {
        rest: RestRule::Draws,
        ..RecordedResults::default()
    };
    let outcome = run::run_plan(&plan, &roster, &results, 1).expect("runs");
    let numbers = outcome
        .transcript
        .iter()
        .find(|e| e.text.starts_with("team numbers: "))
        .map(|e| e.text.clone())
        .expect("team numbers");
    // Team 1 of the Berger table (written first in rounds 1 and 2) and its roster order.
    let first = numbers
        .trim_start_matches("team numbers: 1 ")
        .split(',')
        .next()
        .expect("team 1")
        .to_string();
    let members = members_of(&roster, &first);
    let warned = w260(&outcome);
    assert!(
        warned.iter().any(|w| w.starts_with(&format!(
            "main round 2: team {first}: {} has played Red 2 times more",
            members[0]
        ))),
        "{numbers}: {warned:?}"
    );
    // One warning a team and round, naming every player of the team the round took beyond the
    // balance (both boards here); the transcript keeps a line a player.
    let said: Vec<&str> = outcome
        .transcript
        .iter()
        .filter(|e| e.text.contains("beyond the colour balance"))
        .map(|e| e.text.as_str())
        .collect();
    let mut teams: Vec<&str> = warned.iter().filter_map(|w| w.split(": ").nth(1)).collect();
    let named = teams.len();
    teams.sort_unstable();
    teams.dedup();
    assert_eq!(
        named,
        teams.len(),
        "a team warned twice in round 2: {warned:?}"
    );
    assert_eq!(said.len(), 2 * named, "{said:?} {warned:?}");
    for line in &said {
        let id = line
            .trim_start_matches("main round 2: ")
            .split(' ')
            .next()
            .unwrap_or_default();
        assert!(
            warned
                .iter()
                .any(|w| w.contains(&format!(": {id} has")) || w.contains(&format!("; {id} has"))),
            "{id} not in {warned:?}"
        );
    }
    // Round 2: board 1 the second player, board 2 the first.
    let csv = format!(
        "stage,round,team,board,player\nmain,2,{first},1,{}\nmain,2,{first},2,{}\n",
        members[1], members[0]
    );
    results.lineups = run::csv_input::read_lineups("l.csv", csv.as_bytes()).expect("reads");
    let outcome = run::run_plan(&plan, &roster, &results, 1).expect("runs");
    let warned = w260(&outcome);
    assert!(
        !warned
            .iter()
            .any(|w| w.contains(&format!(" {} has", members[0]))),
        "{warned:?}"
    );
}

/// The players of the games a run played, by id.
fn players_who_played(outcome: &Outcome) -> Vec<String> {
    let mut ids: Vec<String> = outcome
        .stages
        .iter()
        .flat_map(|s| &s.games)
        .flat_map(|g| [g.red.clone(), g.black.clone()])
        .collect();
    ids.sort();
    ids.dedup();
    ids
}

/// A generated team roster (`simulate --players N`) holds reserves up to `team_size`'s upper
/// bound: team.xqr (2 boards, `team_size 2..3`) of 4 teams has teams of 2, 3, 2 and 3, each
/// team's rows together in board order, and the roster is valid (R074 would refuse a team of
/// 1 or 4). The line-ups follow the stage's clause: on the default (the roster order) a reserve
/// never plays; a handed-in line-up that seats one plays it. Before, every generated team had
/// exactly 2 players and no reserve was ever simulated.
#[test]
fn generated_teams_have_reserves_who_play_only_when_lined_up() {
    let (plan, _) = regulation();
    let roster = run::generated_roster(&plan, Some(4), 0).expect("generates");
    let rows: Vec<(String, u32)> = roster
        .players
        .iter()
        .map(|p| (p.unit.clone().unwrap_or_default(), p.order.unwrap_or(0)))
        .collect();
    let mut teams: Vec<(String, u32)> = Vec::new();
    for (unit, order) in &rows {
        match teams.last_mut() {
            Some((u, n)) if u == unit => {
                *n += 1;
                assert_eq!(*order, *n, "{rows:?}");
            }
            _ => {
                assert!(!teams.iter().any(|(u, _)| u == unit), "{rows:?}");
                assert_eq!(*order, 1, "{rows:?}");
                teams.push((unit.clone(), 1));
            }
        }
    }
    let sizes: Vec<u32> = teams.iter().map(|(_, n)| *n).collect();
    assert_eq!(sizes, [2, 3, 2, 3], "{rows:?}");
    let reserves: Vec<&str> = roster
        .players
        .iter()
        .filter(|p| p.order == Some(3))
        .map(|p| p.id.as_str())
        .collect();
    let outcome = run::run_plan(&plan, &roster, &RecordedResults::default(), 0).expect("runs");
    let played = players_who_played(&outcome);
    assert!(
        reserves.iter().all(|r| !played.iter().any(|p| p == r)),
        "{reserves:?} played: {played:?}"
    );
    // The second team seats its reserve on board 1 in round 1, its first player on board 2.
    let (second, _) = &teams[1];
    let members = members_of(&roster, second);
    let csv = format!(
        "stage,round,team,board,player\nmain,1,{second},1,{}\nmain,1,{second},2,{}\n",
        members[2], members[0]
    );
    let results = RecordedResults {
        lineups: run::csv_input::read_lineups("l.csv", csv.as_bytes()).expect("reads"),
        ..RecordedResults::default()
    };
    let outcome = run::run_plan(&plan, &roster, &results, 0).expect("runs");
    let round_one: Vec<(u32, &str, &str)> = outcome
        .stages
        .iter()
        .flat_map(|s| &s.games)
        .filter(|g| g.round == 1)
        .map(|g| (g.board, g.red.as_str(), g.black.as_str()))
        .collect();
    assert!(
        round_one
            .iter()
            .any(|(_, r, b)| *r == members[2] || *b == members[2]),
        "{round_one:?}"
    );
}
