//! The roster against the entry's sizes: the exact `field N` is refused short (R073, for a
//! roster or `--players`), a team outside `team_size A..B` (R074) and two players of one team
//! with the same `order` (R075) are refused at their rows; nothing is simulated.

use crate::common::{assert_phrases, assert_success, one_line, refused, root, without_rows, xqreg};
use crate::event_inputs::{roster12, SWISS};

fn team_league() -> (String, String) {
    let dir = root().join("examples/005_team_league");
    let read = |f: &str| std::fs::read_to_string(dir.join(f)).expect("example 005");
    (read("regulation.xqr"), read("roster.csv"))
}

#[test]
fn a_team_outside_its_size_or_with_one_order_twice_is_refused_at_its_row() {
    let (reg, roster) = team_league();
    // 北京 (lines 2-5) with three more players: seven for `team_size 4..6`.
    let mut lines: Vec<String> = roster.lines().map(str::to_string).collect();
    for k in 5..=7 {
        lines.insert(
            5,
            format!("t1b{k},北京{k},北京,CHN,men,1990-01-01,,2200,,{k}"),
        );
    }
    let err = refused(&reg, &(lines.join("\n") + "\n"), "en", "R074", 1);
    assert!(
        err.contains("`北京` registers 7 players")
            && err.contains("at most 6")
            && err.contains("roster.csv:8:"),
        "{err}"
    );
    // 北京 with three.
    let err = refused(&reg, &without_rows(&roster, &["t1b4"]), "en", "R074", 1);
    assert!(err.contains("at least 4"), "{err}");
    // Two players of 北京 with order 1: who plays board 1 would be undefined.
    let twice = roster.replace(
        "t1b2,郑冠军2,北京,CHN,men,1983-02-09,,2350,,2",
        "t1b2,郑冠军2,北京,CHN,men,1983-02-09,,2350,,1",
    );
    assert_ne!(twice, roster);
    let err = refused(&reg, &twice, "en", "R075", 1);
    assert!(
        err.contains("roster.csv:3:") && err.contains("t1b1 (line 2)"),
        "{err}"
    );
    // Seven teams for `field 8`.
    let seven: Vec<&str> = roster.lines().filter(|l| !l.contains(",重庆,")).collect();
    let err = refused(&reg, &(seven.join("\n") + "\n"), "en", "R073", 1);
    assert!(err.contains("7 teams") && err.contains("cap N"), "{err}");
}

#[test]
fn a_field_short_of_the_exact_size_is_refused() {
    let eleven: String = roster12()
        .lines()
        .take(12)
        .map(|l| format!("{l}\n"))
        .collect();
    let err = refused(SWISS, &eleven, "en", "R073", 1);
    assert!(
        err.contains("`field 12` is the exact field, and the roster has 11 players"),
        "{err}"
    );
    // A generated field of 11 for `field 12` too.
    let tmp = tempfile::tempdir().expect("tmp");
    let reg = tmp.path().join("swiss.xqr");
    std::fs::write(&reg, SWISS).expect("writes");
    refused_on_players(&reg, "11", &["R073 field-short", "write `cap N`"]);
    let out = xqreg(&["simulate", &reg.to_string_lossy(), "--players", "12"]);
    assert_success(&out, "");
}

/// In a team event a pool's size counts teams, as the field does: `pool a 4` took four players,
/// so the first team of a pool refused its other members (R006). Four teams fill it;
/// a fifth team is one too many, said once, at its first row (row 21 of example 005's roster,
/// whose teams of 4, 5, 6 and 4 players come before it).
#[test]
fn a_pool_of_a_team_event_counts_teams() {
    let (reg, roster) = team_league();
    let reg = reg.replacen(
        "  team_size 4..6\n",
        "  team_size 4..6\n  pool a 4 \"A区\"\n  pool b 4 \"B区\"\n",
        1,
    );
    assert!(reg.contains("pool a 4"), "example 005's entry");
    let in_pools = |teams_in_a: usize| {
        let mut units: Vec<String> = Vec::new();
        let mut out = String::new();
        for (i, line) in roster.lines().enumerate() {
            let mut cells: Vec<String> = line.split(',').map(str::to_string).collect();
            if i > 0 {
                if !units.contains(&cells[2]) {
                    units.push(cells[2].clone());
                }
                let k = units.iter().position(|u| *u == cells[2]).unwrap_or(0);
                cells[8] = if k < teams_in_a { "a" } else { "b" }.to_string();
            }
            out.push_str(&cells.join(","));
            out.push('\n');
        }
        out
    };
    let (status, out, err) = crate::common::simulate_roster(&reg, &in_pools(4), "en");
    assert_eq!(status, Some(0), "{out}{err}");
    let err = refused(&reg, &in_pools(5), "en", "R006", 1);
    assert!(
        err.contains("pool `a` has 4 places; this row's team is one too many")
            && err.contains("roster.csv:21:"),
        "{err}"
    );
}

/// The club league of `declared_teams` in two zones of four teams, one of a fixed size
/// (`pool a 4`), one open (`pool b`): its entry and stages.
const ZONES: &str = r#"entry {
  field 8
  team_size 2..3
  pool a 4 "A区" en "Zone A"
  pool b "B区" en "Zone B"
}

stage la "A区" en "Zone A" {
  team_round_robin single boards 2
  entrants pool a
  time standard
  tiebreak game_points, lots
  places 1..4
}

stage lb "B区" en "Zone B" {
  team_round_robin single boards 2
  entrants pool b
  time standard
  tiebreak game_points, lots
  places 5..8
}
"#;

/// A generated team roster fills the regulation's pools: four teams in zone A (its size counts
/// teams), the other four in the open zone B, every member in the team's pool. It put nobody in
/// a pool, and `simulate` without a roster was refused (R020: no player the entrants admit).
#[test]
fn a_generated_team_roster_fills_the_pools() {
    let tmp = tempfile::tempdir().expect("tmp");
    let reg = tmp.path().join("zones.xqr");
    let league = crate::declared_teams::REGULATION;
    let head = league.split("entry {").next().expect("the league's head");
    std::fs::write(&reg, format!("{head}{ZONES}")).expect("writes");
    let saved = tmp.path().join("roster.csv");
    let out = xqreg(&[
        "simulate",
        &reg.to_string_lossy(),
        "--seed",
        "1",
        "--save-roster",
        &saved.to_string_lossy(),
    ]);
    assert_success(&out, "");
    let roster = std::fs::read_to_string(&saved).expect("the roster saved");
    let mut header = roster.lines().next().expect("a header").split(',');
    let (unit, pool) = (
        header.clone().position(|c| c == "unit").expect("unit"),
        header.position(|c| c == "pool").expect("pool"),
    );
    let mut teams: std::collections::BTreeMap<String, std::collections::BTreeSet<String>> =
        std::collections::BTreeMap::new();
    for row in roster.lines().skip(1) {
        let cells: Vec<&str> = row.split(',').collect();
        teams
            .entry(cells[pool].to_string())
            .or_default()
            .insert(cells[unit].to_string());
    }
    let sizes: Vec<(&str, usize)> = teams.iter().map(|(p, t)| (p.as_str(), t.len())).collect();
    assert_eq!(sizes, [("a", 4), ("b", 4)], "{roster}");
    // And the pools' places outnumbering the teams are refused, not run short.
    refused_on_players(&reg, "3", &["R020", "3 teams cannot fill 4 pool places"]);
}

/// `simulate REG --players N` refused (exit 1), its report saying each of `says`.
fn refused_on_players(reg: &std::path::Path, players: &str, says: &[&str]) {
    let out = xqreg(&["simulate", &reg.to_string_lossy(), "--players", players]);
    let err = one_line(&String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_phrases(&err, says, &[]);
}
