//! The crosstable of a stage's group on the site: a matrix up to 16 players (or teams), else one
//! column per round, as crosstables are printed. A team stage's cells are its matches (the
//! board points the team scored against the other), not its players' games.

use std::collections::BTreeMap;

use serde::Serialize;
use xqreg_runtime::engine::outcome::StandingRow;
use xqreg_runtime::engine::GameOut;

use super::people::Person;
use super::text::{said, Tr};
use crate::diagnostics::Template;

// The message catalogue of this module: compiler/messages/event/publish/cross.toml.
include!(concat!(env!("OUT_DIR"), "/messages/event/publish/cross.rs"));

/// One row of a group's standings on its page (the crosstable numbers them in this order).
#[derive(Debug, Serialize)]
pub struct StandRow {
    pub place: String,
    pub number: String,
    pub who: Person,
    pub points: String,
    pub tiebreaks: Vec<String>,
}

/// What a crosstable is drawn from: the standings' rows (in their order, numbered from 1), the
/// stage's own rows (a declared team's name, which a match's label gives), and whether the rows
/// are teams.
pub struct Table<'a> {
    pub rows: &'a [StandRow],
    pub people: &'a super::people::People,
    pub names: &'a [StandingRow],
    pub team: bool,
}

/// A crosstable: a matrix for a small group, else one column per round (opponent's number,
/// colour, score) as Swiss crosstables are printed.
#[derive(Debug, Serialize)]
pub struct Cross {
    pub matrix: bool,
    pub columns: Vec<String>,
    pub rows: Vec<CrossRow>,
}

#[derive(Debug, Serialize)]
pub struct CrossRow {
    pub number: String,
    pub name: String,
    pub cells: Vec<String>,
    pub points: String,
}

/// One player's score of a game: 2 a win, 1 a draw, 0 a loss (halves of a point).
pub(super) fn score(result: &str, red: bool) -> Option<u8> {
    let r = match result {
        "1-0" | "+-" => 2,
        "0-1" | "-+" => 0,
        "=" => 1,
        "--" => return Some(0),
        _ => return None,
    };
    Some(if red { r } else { 2 - r })
}

fn score_text(s: Option<u8>) -> &'static str {
    match s {
        Some(2) => "1",
        Some(1) => "½",
        Some(_) => "0",
        None => "·",
    }
}

/// The crosstable of a group: a matrix up to 16 players (or teams), else a column per round;
/// of the games of `rounds`, those its standings count.
pub fn cross(
    table: &Table<'_>,
    games: &[(&GameOut, bool)],
    group: Option<&str>,
    rounds: &[u32],
    l: Tr,
) -> Cross {
    // Only the rounds the standings count: a matrix too, which has no column per round (a
    // forfeit of a round not yet published, a Swiss round waiting, stood in it before).
    let games: Vec<(&GameOut, bool)> = games
        .iter()
        .copied()
        .filter(|(g, _)| rounds.contains(&g.round))
        .collect();
    let games = games.as_slice();
    if table.team {
        return team_cross(table, games, rounds, l);
    }
    let rows = table.rows;
    let number: BTreeMap<&str, usize> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| (r.who.id.as_str(), i + 1))
        .collect();
    // Each player's games of the group, gathered once (a Swiss of 2,000 players has 11,000).
    let mut of: BTreeMap<&str, Vec<(&GameOut, bool)>> = BTreeMap::new();
    for &(g, pending) in games {
        if g.label() == group && number.contains_key(g.red.as_str()) {
            of.entry(g.red.as_str()).or_default().push((g, pending));
            of.entry(g.black.as_str()).or_default().push((g, pending));
        }
    }
    layout(rows, rounds, l, |i, matrix, cells| {
        let id = rows[i].who.id.as_str();
        for (g, pending) in of.get(id).into_iter().flatten() {
            let red = g.red == id;
            let opp = if red { &g.black } else { &g.red };
            let s = if *pending { None } else { score(g.result, red) };
            let Some(&n) = number.get(opp.as_str()) else {
                continue;
            };
            if matrix {
                cells[n - 1].push_str(score_text(s));
            } else if let Some(c) = rounds.iter().position(|x| *x == g.round) {
                let side = said(l, if red { RED_SIDE } else { BLACK_SIDE }.plain());
                cells[c] = format!("{n}{side}{}", score_text(s));
            }
        }
    })
}

/// The rows of a crosstable, each with its cells (the diagonal of a matrix marked) as `fill`
/// writes them for the row's index.
fn layout(
    rows: &[StandRow],
    rounds: &[u32],
    l: Tr,
    mut fill: impl FnMut(usize, bool, &mut Vec<String>),
) -> Cross {
    let (matrix, columns) = columns(rows.len(), rounds, l);
    let out = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mut cells = vec![String::new(); columns.len()];
            if matrix {
                cells[i] = "×".to_string();
            }
            fill(i, matrix, &mut cells);
            CrossRow {
                number: (i + 1).to_string(),
                name: r.who.name.clone(),
                cells,
                points: r.points.clone(),
            }
        })
        .collect();
    Cross {
        matrix,
        columns,
        rows: out,
    }
}

/// A matrix of numbered columns for a small table, else a column per round.
fn columns(rows: usize, rounds: &[u32], l: Tr) -> (bool, Vec<String>) {
    let matrix = rows <= 16;
    let columns = if matrix {
        (1..=rows).map(|n| n.to_string()).collect()
    } else {
        rounds
            .iter()
            .map(|r| said(l, ROUND_COLUMN.fill(&[("n", &r.to_string())])))
            .collect()
    };
    (matrix, columns)
}

/// Board points in whole and half points (`3½`), from halves.
fn board_points(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (0, 1) => "½".to_string(),
        (w, 1) => format!("{w}½"),
        (w, _) => w.to_string(),
    }
}

/// A team stage's crosstable: each cell the board points the row's team scored in its match
/// with the column's team (or, in a column per round, the opponent's number and those points).
/// A match is found by its label (`北京 v 上海`, the teams by unit or declared name) and each
/// board's Red player's team; a match with a board still waiting shows `·`.
fn team_cross(table: &Table<'_>, games: &[(&GameOut, bool)], rounds: &[u32], l: Tr) -> Cross {
    let rows = table.rows;
    // A team is named by its id (its unit) or its declared name: both find its number.
    let mut number: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, r) in rows.iter().enumerate() {
        number.insert(r.who.id.as_str(), i + 1);
    }
    for r in table.names {
        if let Some(&n) = number.get(r.id.as_str()) {
            number.insert(r.player.as_str(), n);
        }
    }
    // (team, opponent, round) -> (halves scored, a board waits)
    let mut matches: BTreeMap<(usize, usize, u32), (u32, bool)> = BTreeMap::new();
    for &(g, pending) in games {
        let Some((x, y)) = g.team_match.as_deref().and_then(|m| m.split_once(" v ")) else {
            continue;
        };
        let (Some(&nx), Some(&ny)) = (number.get(x), number.get(y)) else {
            continue;
        };
        // The first-listed team has Red on the board unless the Red player is the other's.
        let red_team = table.people.team_of(&g.red);
        let (red, black) = if red_team.and_then(|t| number.get(t)) == Some(&ny) {
            (ny, nx)
        } else {
            (nx, ny)
        };
        let s = if pending { None } else { score(g.result, true) };
        for (team, opp, got) in [(red, black, s), (black, red, s.map(|v| 2 - v))] {
            let e = matches.entry((team, opp, g.round)).or_default();
            e.0 += u32::from(got.unwrap_or(0));
            e.1 |= got.is_none();
        }
    }
    layout(rows, rounds, l, |i, matrix, cells| {
        for (&(_, opp, round), &(halves, waits)) in
            matches.range((i + 1, 0, 0)..=(i + 1, usize::MAX, u32::MAX))
        {
            let text = if waits {
                "·".to_string()
            } else {
                board_points(halves)
            };
            if matrix {
                if !cells[opp - 1].is_empty() {
                    cells[opp - 1].push(' ');
                }
                cells[opp - 1].push_str(&text);
            } else if let Some(c) = rounds.iter().position(|x| *x == round) {
                cells[c] = format!("{opp}:{text}");
            }
        }
    })
}
