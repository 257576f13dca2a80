//! The knockout bracket as SVG: a column per round, a box per match (both players, the score,
//! the winner in bold), lines from each pair of matches to the match their winners meet in. The
//! coordinates are computed here; the template `bracket.svg` prints (and escapes) them.

use std::collections::BTreeMap;

use serde::Serialize;
use xqreg_runtime::engine::{GameOut, StageOutcome, StandIn};

use super::people::People;
use super::text::Tr;

const BOX_W: i64 = 200;
const BOX_H: i64 = 44;
const GAP_X: i64 = 40;
// A row leaves room above each box for its label (`semi-final 2`), which a stand-in names.
const ROW_H: i64 = 76;

#[derive(Debug, Serialize)]
pub struct Slot {
    pub name: String,
    pub score: String,
    pub winner: bool,
}

#[derive(Debug, Serialize)]
pub struct MatchBox {
    pub x: i64,
    pub y: i64,
    pub label: String,
    /// The match's number among its round's of the same label (the runtime's), which the
    /// label says in the page's language (`semi-final 2`).
    pub number: Option<u32>,
    pub a: Slot,
    pub b: Slot,
}

#[derive(Debug, Serialize)]
pub struct Line {
    pub d: String,
}

#[derive(Debug, Serialize)]
pub struct Bracket {
    pub width: i64,
    pub height: i64,
    pub w: i64,
    pub h: i64,
    pub boxes: Vec<MatchBox>,
    pub lines: Vec<Line>,
    /// A team knockout's matches, each with how it was decided (局分相同，第一台加赛超快棋，…),
    /// in the page's language ([`super::matches::in_words`]).
    pub decided: Vec<String>,
}

/// The name a stage's standings give competitor `id` (a team knockout's team: 甲队, where the
/// roster knows only its players), else the roster's.
pub fn name_in(st: &StageOutcome, people: &People, id: &str) -> String {
    if let Some(team) = people.teams().name(id) {
        return team.to_string();
    }
    st.groups
        .iter()
        .flat_map(|g| &g.standings)
        .find(|r| r.id == id)
        .map_or_else(|| people.get(id).name, |r| r.player.clone())
}

/// The bracket's layout. A match with a game still waiting shows no winner, and no score until
/// its regular games are in.
pub fn layout(st: &StageOutcome, games: &[(&GameOut, bool)], people: &People, l: Tr) -> Bracket {
    let mut by_round: BTreeMap<u32, Vec<_>> = BTreeMap::new();
    for m in &st.matches {
        by_round.entry(m.round).or_default().push(m);
    }
    let most = by_round.values().map(Vec::len).max().unwrap_or(1) as i64;
    let height = most * ROW_H + 20;
    let mut boxes = Vec::new();
    let mut lines = Vec::new();
    // The centre of each match's box, by round, to join a pair of matches to the next one.
    let mut centres: Vec<Vec<(i64, i64)>> = Vec::new();
    for (col, (round, ms)) in by_round.iter().enumerate() {
        let x = 10 + col as i64 * (BOX_W + GAP_X);
        let step = height / ms.len() as i64;
        let mut here = Vec::new();
        for (i, m) in ms.iter().enumerate() {
            let y = i as i64 * step + (step - BOX_H) / 2;
            let pending = m.decided_by == "pending"
                || games.iter().any(|(g, p)| {
                    *p && g.round == *round
                        && ((g.red == m.a && g.black == m.b) || (g.red == m.b && g.black == m.a))
                });
            let bye = m.b.is_empty() || m.decided_by == "bye";
            // A match level after its regular games and waiting for a playoff game, or with
            // some of its regular games in, shows that score, and no winner yet.
            let no_score = (pending && m.awaits.is_none() && m.games_in.is_none()) || bye;
            // A side that only stands in for a match still to be played: named by that match.
            let slot = |id: &str, pts: i64, stands: &Option<StandIn>| Slot {
                name: match stands {
                    _ if id.is_empty() => "—".to_string(),
                    Some(s) => super::labels::stand_in(s, l),
                    None => name_in(st, people, id),
                },
                score: if no_score {
                    String::new()
                } else {
                    pts.to_string()
                },
                winner: !pending && !id.is_empty() && m.winner == id,
            };
            boxes.push(MatchBox {
                x,
                y,
                label: m.label.clone(),
                number: m.number,
                a: slot(&m.a, m.score.0, &m.a_stands_for),
                b: slot(&m.b, m.score.1, &m.b_stands_for),
            });
            here.push((x, y + BOX_H / 2));
        }
        if let Some(prev) = centres.last() {
            for (j, &(nx, ny)) in here.iter().enumerate() {
                for &(px, py) in prev.iter().skip(2 * j).take(2) {
                    if prev.len() != 2 * here.len() && here.len() != 1 {
                        continue;
                    }
                    let mid = px + BOX_W + GAP_X / 2;
                    lines.push(Line {
                        d: format!("M{} {py} H{mid} V{ny} H{nx}", px + BOX_W),
                    });
                }
            }
        }
        centres.push(here);
    }
    Bracket {
        width: 20 + by_round.len() as i64 * (BOX_W + GAP_X),
        height,
        w: BOX_W,
        h: BOX_H,
        boxes,
        lines,
        decided: Vec::new(),
    }
}
