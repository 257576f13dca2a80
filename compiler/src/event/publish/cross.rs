//! The crosstable of a stage's group on the site: a matrix up to 16 players (or teams), else one
//! column per round, as crosstables are printed. A team stage's cells are its matches (the
//! game points the team scored against the other), not its players' games. Every cell is in the
//! units of the stage's scoring, as its standings count them (a won game 2 under CXA scoring, not
//! a chess point), and a key under the table says what a cell and the total are.

use std::collections::BTreeMap;

use serde::Serialize;
use xqreg_runtime::engine::outcome::StandingRow;
use xqreg_runtime::engine::GameOut;
use xqreg_runtime::plan::Scoring;

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
/// stage's own rows (a declared team's name, which a match's label gives), whether the rows
/// are teams, and the stage's scoring (what a game scores on the standings).
pub struct Table<'a> {
    pub rows: &'a [StandRow],
    pub people: &'a super::people::People,
    pub names: &'a [StandingRow],
    pub team: bool,
    pub scoring: &'a Scoring,
}

/// A crosstable: a matrix for a small group, else one column per round (opponent's number,
/// colour, score) as Swiss crosstables are printed.
#[derive(Debug, Serialize)]
pub struct Cross {
    pub matrix: bool,
    pub columns: Vec<String>,
    pub rows: Vec<CrossRow>,
    /// What a cell and the total count, in the scoring's units (`Each cell: the game points ...`).
    pub key: String,
}

#[derive(Debug, Serialize)]
pub struct CrossRow {
    pub number: String,
    pub name: String,
    pub cells: Vec<String>,
    pub points: String,
}

/// What one side of a game scores under `scoring` (its points on the standings: a forfeit as
/// the scoring scores one), or `None` for a game without a result.
pub(super) fn scored(result: &str, red: bool, scoring: &Scoring) -> Option<i64> {
    let (r, b) = match result {
        "1-0" => (scoring.win, scoring.loss),
        "0-1" => (scoring.loss, scoring.win),
        "=" => (scoring.draw, scoring.draw),
        "+-" => (scoring.forfeit_win, scoring.forfeit_loss),
        "-+" => (scoring.forfeit_loss, scoring.forfeit_win),
        "--" => (scoring.forfeit_loss, scoring.forfeit_loss),
        _ => return None,
    };
    Some(if red { r } else { b })
}

/// What one side of a team stage's board game scores for its team, as the engine counts it: a
/// board the playoff chain decided (每台须分出胜负) a win for its winner and a loss for the
/// other, whatever its game and the playoff's games scored; any other board its game's points.
fn board_points(g: &GameOut, red: bool, scoring: &Scoring) -> Option<i64> {
    match &g.board_winner {
        Some(w) if (*w == g.red) == red => Some(scoring.win),
        Some(_) => Some(scoring.loss),
        None => scored(g.result, red, scoring),
    }
}

fn score_text(s: Option<i64>) -> String {
    s.map_or_else(|| "·".to_string(), |v| v.to_string())
}

/// The key under a crosstable: what a cell counts and what the total is, in the scoring's
/// numbers (`a game won 2, drawn 1, lost 0`).
fn key(table: &Table<'_>, l: Tr) -> String {
    let s = table.scoring;
    let (win, draw, loss) = (s.win.to_string(), s.draw.to_string(), s.loss.to_string());
    let mut words = vec![
        ("win", win.as_str()),
        ("draw", draw.as_str()),
        ("loss", loss.as_str()),
    ];
    if !table.team {
        return said(l, PLAYER_KEY.fill(&words));
    }
    let (mw, md, ml) = match &s.matches {
        Some(m) => (m.win, m.draw, m.loss),
        None => (2, 1, 0),
    };
    let (mw, md, ml) = (mw.to_string(), md.to_string(), ml.to_string());
    words.extend([
        ("mwin", mw.as_str()),
        ("mdraw", md.as_str()),
        ("mloss", ml.as_str()),
    ]);
    said(l, TEAM_KEY.fill(&words))
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
    layout(table, rounds, l, |i, matrix, cells| {
        let id = rows[i].who.id.as_str();
        for (g, pending) in of.get(id).into_iter().flatten() {
            let red = g.red == id;
            let opp = if red { &g.black } else { &g.red };
            let s = if *pending {
                None
            } else {
                scored(g.result, red, table.scoring)
            };
            let Some(&n) = number.get(opp.as_str()) else {
                continue;
            };
            if matrix {
                // A double round robin's two games: `2 1`, apart (`21` would read as one).
                if !cells[n - 1].is_empty() {
                    cells[n - 1].push(' ');
                }
                cells[n - 1].push_str(&score_text(s));
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
    table: &Table<'_>,
    rounds: &[u32],
    l: Tr,
    mut fill: impl FnMut(usize, bool, &mut Vec<String>),
) -> Cross {
    let rows = table.rows;
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
        key: key(table, l),
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

/// A team stage's crosstable: each cell the game points the row's team scored in its match with
/// the column's team, in the scoring's units as the standings' game points count them (or, in a
/// column per round, the opponent's number and those points).
/// A match is found by its label (`北京 v 上海`, the teams by unit or declared name) and each
/// board's Red player's team; a match with a board still waiting shows `·`. A board decided by
/// its playoff (每台须分出胜负) counts as the standings count it: a win for the board's winner,
/// a loss for the other; its playoff games add nothing.
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
    // (team, opponent, round) -> (game points scored, a board waits)
    let mut matches: BTreeMap<(usize, usize, u32), (i64, bool)> = BTreeMap::new();
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
        for (team, opp, red_side) in [(red, black, true), (black, red, false)] {
            let e = matches.entry((team, opp, g.round)).or_default();
            if pending {
                e.1 = true;
            } else if g.step.is_none() {
                // A playoff game of a board scores nothing of its own: the board's game does.
                match board_points(g, red_side, table.scoring) {
                    Some(p) => e.0 += p,
                    None => e.1 = true,
                }
            }
        }
    }
    layout(table, rounds, l, |i, matrix, cells| {
        for (&(_, opp, round), &(points, waits)) in
            matches.range((i + 1, 0, 0)..=(i + 1, usize::MAX, u32::MAX))
        {
            let text = score_text((!waits).then_some(points));
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
