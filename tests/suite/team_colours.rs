//! Team board colours by team number (issue 9): `colours by_board lower_number` gives Red on odd
//! boards (Black on even ones) to the team of a match with the smaller team number, in a team
//! round robin (whose Berger tables list the higher number first in about half the matches) and
//! a team Swiss (whose round 1 pairs 1-2, 4-3: team 4 written first). Under the default
//! (`colours by_board`, the first-listed team) the same runs break that rule, so the check below
//! fails if the clause were ignored.

use std::collections::BTreeMap;

use xqreg::run;
use xqreg_runtime::engine::{Outcome, RecordedResults};

const ROSTER: &str = "id,name,unit,order\n\
a1,甲1,甲队,1\na2,甲2,甲队,2\n\
b1,乙1,乙队,1\nb2,乙2,乙队,2\n\
c1,丙1,丙队,1\nc2,丙2,丙队,2\n\
d1,丁1,丁队,1\nd2,丁2,丁队,2\n";

fn regulation(format: &str, colours: &str) -> String {
    format!(
        "regulation \"团体赛\" {{\n  event team\n}}\n\
         scoring {{\n  win 2 draw 1 loss 0\n  match {{ win 2 draw 1 loss 0 }}\n}}\n\
         time standard {{ base 15min increment 10s flag loses }}\n\
         entry {{\n  field 4\n  team_size 2\n}}\n\
         stage main {{\n  {format}\n  entrants roster\n  time standard\n  {colours}\n  tiebreak game_points, lots\n}}\n"
    )
}

fn simulate(text: &str, seed: u64) -> Outcome {
    let compiled = xqreg::compile::compile_bytes("team.xqr", text.as_bytes());
    let plan = compiled.plan.unwrap_or_else(|| {
        panic!("compiles: {:?}", compiled.report.diagnostics);
    });
    let roster = run::csv_input::read_roster("roster.csv", ROSTER.as_bytes()).expect("roster");
    run::run_plan(&plan, &roster, &RecordedResults::default(), seed).expect("runs")
}

/// The games (red, black, board in the match) whose odd boards do not go Red to the smaller team
/// number (or whose even boards do).
fn against_lower_number(o: &Outcome) -> Vec<String> {
    let numbers: BTreeMap<String, usize> = o
        .transcript
        .iter()
        .find_map(|e| e.text.strip_prefix("team numbers: "))
        .expect("team numbers in the transcript")
        .split(", ")
        .filter_map(|x| {
            let (n, team) = x.split_once(' ')?;
            Some((team.to_string(), n.parse().ok()?))
        })
        .collect();
    let team = |id: &str| {
        let unit = match id.chars().next() {
            Some('a') => "甲队",
            Some('b') => "乙队",
            Some('c') => "丙队",
            _ => "丁队",
        };
        numbers.get(unit).copied().unwrap_or(0)
    };
    let stage = o.stages.first().expect("one stage");
    stage
        .games
        .iter()
        .filter(|g| g.step.is_none())
        .filter(|g| {
            let odd = (g.board - 1) % 2 == 0;
            (team(&g.red) < team(&g.black)) != odd
        })
        .map(|g| {
            format!(
                "round {} board {}: {} - {}",
                g.round, g.board, g.red, g.black
            )
        })
        .collect()
}

#[test]
fn the_smaller_team_number_has_red_on_odd_boards() {
    for format in [
        "team_round_robin single boards 2",
        "swiss cxa rounds 3 boards 2\n  numbers registration_order",
    ] {
        for seed in 1..=3 {
            let ruled = simulate(&regulation(format, "colours by_board lower_number"), seed);
            assert_eq!(
                against_lower_number(&ruled),
                Vec::<String>::new(),
                "{format}"
            );
            assert!(
                ruled
                    .transcript
                    .iter()
                    .any(|e| e.text.contains("`colours by_board lower_number`")),
                "the transcript cites the clause"
            );
            // The first-listed team's rule gives some odd boards to the higher number.
            let home = simulate(&regulation(format, "colours by_board"), seed);
            assert!(!against_lower_number(&home).is_empty(), "{format}");
            let explicit = simulate(&regulation(format, "colours by_board home"), seed);
            assert_eq!(
                against_lower_number(&explicit),
                against_lower_number(&home),
                "{format}"
            );
        }
    }
}

/// A team Swiss's pairing lines speak of teams and of the team listed first (whose boards'
/// colours the `colours by_board` rule sets), never of "the player" who "has Red": under
/// `lower_number` the team the pairer lists first may have Black on board 1.
#[test]
fn a_team_swiss_says_which_team_is_listed_first() {
    let format = "swiss cxa rounds 3 boards 2\n  numbers registration_order";
    for seed in 1..=3 {
        let o = simulate(&regulation(format, "colours by_board lower_number"), seed);
        let lines: Vec<&str> = o
            .transcript
            .iter()
            .map(|e| e.text.as_str())
            .filter(|t| t.starts_with("teams: round") && t.contains(" board "))
            .collect();
        assert!(!lines.is_empty(), "seed {seed}: no pairing lines");
        for line in &lines {
            assert!(!line.contains("player"), "seed {seed}: {line}");
            assert!(!line.contains("has Red"), "seed {seed}: {line}");
        }
        assert!(
            lines.iter().any(|l| l.contains("is listed first")),
            "seed {seed}: {lines:?}"
        );
    }
}
