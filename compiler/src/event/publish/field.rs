//! A stage's field as a round of the site or a pairing list sees it: who is on no board of the
//! round and why (withdrawn, a late entrant not yet in, a forfeit win against a withdrawn player
//! or team, else the bye). `event pair` ends its list with the same rows as the site's round.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;
use xqreg_runtime::engine::{GameOut, GameSource, StageOutcome};

use super::people::{People, Person};
use super::text::{said, Tr};
use crate::diagnostics::Template;
use crate::event::live::Live;

// The message catalogue of this module: compiler/messages/event/publish/field.toml.
include!(concat!(env!("OUT_DIR"), "/messages/event/publish/field.rs"));

#[derive(Debug, Serialize)]
pub struct Bye {
    pub who: Person,
    pub why: String,
    /// Why, for a program: `bye`, `withdrawn`, `late` (not yet entered) or `forfeit` (a win by
    /// forfeit against a withdrawn player or team).
    pub reason: &'static str,
    /// The withdrawn player's (or team's) id of a `forfeit`.
    pub opponent: Option<String>,
}

/// Why a player of the field may sit a round out: withdrawn after a round, or a late entrant
/// before the round of entry.
#[derive(Default)]
struct Away {
    withdrawn_after: Option<u32>,
    enters: Option<u32>,
}

/// A stage's field as its rounds see it: who is in it, who withdrew or entered late, and
/// whether it shrinks (a knockout: a player absent from its round is out, not on a bye).
pub struct Field {
    /// Each competitor's id and name: a team match's label names a declared team by its name.
    ids: Vec<(String, String)>,
    away: BTreeMap<String, Away>,
    knockout: bool,
    /// The games no one plays because a player (or a whole team) had withdrawn
    /// ([`withdrawal_forfeits`]), each won by one side.
    forfeits: Vec<Forfeit>,
}

/// A game won by forfeit against a withdrawn player: its round, the winner's and the withdrawn
/// player's ids, and what it is.
struct Forfeit {
    round: u32,
    winner: String,
    loser: String,
    kind: ForfeitKind,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum ForfeitKind {
    /// A game of two players: the winner is a competitor of the stage.
    Game,
    /// A board of a team match that is forfeited whole (a team withdrawn): the winner's team
    /// is the competitor.
    Match,
    /// A board of a team match that is played: its winner, a player, is said apart.
    Board,
}

/// The games of a stage decided by a withdrawal alone, which nobody plays and no pairing list
/// shows as a game (`pair` publishes no board for them): each is said after its round instead,
/// in a knockout too (its match, won by forfeit, was listed with the engine's board number, the
/// number `pair` gave the round's first game played).
pub fn withdrawal_forfeits(st: &StageOutcome) -> Vec<&GameOut> {
    st.games
        .iter()
        .filter(|g| g.source == GameSource::Withdrawal)
        .collect()
}

/// What a game of [`withdrawal_forfeits`] is: of two players, or a board of a team match
/// forfeited whole or of one that is played.
fn forfeit_kind(st: &StageOutcome, g: &GameOut) -> ForfeitKind {
    let Some(m) = g.team_match.as_deref() else {
        return ForfeitKind::Game;
    };
    let whole = st
        .games
        .iter()
        .filter(|o| o.round == g.round && o.team_match.as_deref() == Some(m))
        .all(|o| o.source == GameSource::Withdrawal);
    if whole {
        ForfeitKind::Match
    } else {
        ForfeitKind::Board
    }
}

impl Field {
    pub fn of(live: &Live, ix: usize) -> Field {
        let st = &live.outcome.stages[ix];
        let mut away: BTreeMap<String, Away> = BTreeMap::new();
        for w in live.outcome.withdrawn.iter().filter(|w| w.stage == st.name) {
            away.entry(w.id.clone()).or_default().withdrawn_after = Some(w.after_round);
        }
        for (id, (stage, round)) in &live.entered {
            if *stage == st.name {
                away.entry(id.clone()).or_default().enters = Some(*round);
            }
        }
        Field {
            ids: st
                .groups
                .iter()
                .flat_map(|g| g.standings.iter().map(|r| (r.id.clone(), r.player.clone())))
                .collect(),
            away,
            knockout: st.kind == "knockout",
            forfeits: withdrawal_forfeits(st)
                .into_iter()
                .filter_map(|g| {
                    let (winner, loser) = match g.result {
                        "+-" => (&g.red, &g.black),
                        "-+" => (&g.black, &g.red),
                        _ => return None,
                    };
                    Some(Forfeit {
                        round: g.round,
                        winner: winner.clone(),
                        loser: loser.clone(),
                        kind: forfeit_kind(st, g),
                    })
                })
                .collect(),
        }
    }

    /// The withdrawn player (or team) whose game (or match) of `round` competitor `id` (named
    /// `name`) wins by forfeit, if any: in a team stage the competitor is the team of the board's
    /// winner.
    fn forfeit_against(
        &self,
        round: u32,
        (id, name): (&str, &str),
        people: &People,
    ) -> Option<Person> {
        let team = |player: &str| people.team_of(player).unwrap_or(player).to_string();
        let f = self.forfeits.iter().find(|f| {
            f.round == round
                && match f.kind {
                    ForfeitKind::Game => f.winner == id,
                    ForfeitKind::Match => [id, name].contains(&team(&f.winner).as_str()),
                    ForfeitKind::Board => false,
                }
        })?;
        Some(people.get(&match f.kind {
            ForfeitKind::Match => team(&f.loser),
            _ => f.loser.clone(),
        }))
    }

    /// The players of a team match that is played who win their board of `round` by forfeit, a
    /// withdrawn player's: said apart, as no board of it is published.
    fn board_forfeits(&self, round: u32, people: &People, l: Tr) -> Vec<Bye> {
        self.forfeits
            .iter()
            .filter(|f| f.round == round && f.kind == ForfeitKind::Board)
            .map(|f| {
                let other = people.get(&f.loser);
                Bye {
                    who: people.get(&f.winner),
                    why: said(l, FORFEIT_WIN.fill(&[("opponent", &other.name)])),
                    reason: "forfeit",
                    opponent: Some(other.id),
                }
            })
            .collect()
    }

    /// In a knockout nobody sits a round out but the winners of a match (or board) decided by a
    /// withdrawal, each said once (a mini-match forfeits each of its games).
    fn knockout_forfeits(&self, round: u32, people: &People, l: Tr) -> Vec<Bye> {
        let team = |player: &str| people.team_of(player).unwrap_or(player).to_string();
        let mut seen: BTreeSet<(String, String)> = BTreeSet::new();
        let mut out = Vec::new();
        for f in &self.forfeits {
            let (winner, loser) = match f.kind {
                _ if f.round != round => continue,
                ForfeitKind::Board => continue,
                ForfeitKind::Match => (team(&f.winner), team(&f.loser)),
                ForfeitKind::Game => (f.winner.clone(), f.loser.clone()),
            };
            if !seen.insert((winner.clone(), loser.clone())) {
                continue;
            }
            let other = people.get(&loser);
            out.push(Bye {
                who: people.get(&winner),
                why: said(l, FORFEIT_WIN.fill(&[("opponent", &other.name)])),
                reason: "forfeit",
                opponent: Some(other.id),
            });
        }
        out.extend(self.board_forfeits(round, people, l));
        out
    }

    /// A team of a team stage (its id the unit of its players) all of whose players withdrew:
    /// withdrawn after the last of them, so its rounds list it withdrawn, not on a bye.
    fn team_away(&self, team: &str, people: &People) -> Option<Away> {
        let rounds: Vec<Option<u32>> = people
            .of_unit(team)
            .map(|p| self.away.get(&p.id).and_then(|a| a.withdrawn_after))
            .collect();
        let last = rounds.iter().copied().collect::<Option<Vec<u32>>>()?;
        Some(Away {
            withdrawn_after: Some(*last.iter().max()?),
            enters: None,
        })
    }

    /// The players (or teams) of the field on no board of `round`, each with why: withdrawn,
    /// a late entrant before the round of entry, a forfeit win against a withdrawn player (or
    /// team), else the bye (轮空; in a knockout, round 1 only); then the players of a played
    /// team match who win their board so.
    pub fn sitting_out(
        &self,
        round: u32,
        playing: &BTreeSet<&str>,
        people: &People,
        l: Tr,
    ) -> Vec<Bye> {
        // A knockout's player on no board of a later round is out, or waits on a bye of a
        // bracket short of its size, or wins a match a withdrawal decided (said once); in
        // round 1 nobody is out yet: every entrant on no board has a bye (the top seeds of
        // `byes top_seeds`), or a forfeit win, or has withdrawn.
        if self.knockout && round > 1 {
            return self.knockout_forfeits(round, people, l);
        }
        let mut out: Vec<Bye> = self
            .ids
            .iter()
            .filter(|(id, name)| !playing.contains(id.as_str()) && !playing.contains(name.as_str()))
            .map(|(id, name)| {
                let forfeit = self.forfeit_against(round, (id, name), people);
                let (reason, why) = match self.away.get(id).or(self.team_away(id, people).as_ref())
                {
                    Some(Away {
                        withdrawn_after: Some(after),
                        ..
                    }) if *after < round => ("withdrawn", said(l, WITHDRAWN.plain())),
                    Some(Away {
                        enters: Some(from), ..
                    }) if round < *from => (
                        "late",
                        said(l, LATE_FROM.fill(&[("from", &from.to_string())])),
                    ),
                    // Not a bye: a game (or match) scheduled against a withdrawn player (team),
                    // won by forfeit and scored as the regulation scores a forfeit.
                    _ => match &forfeit {
                        Some(other) => (
                            "forfeit",
                            said(l, FORFEIT_WIN.fill(&[("opponent", &other.name)])),
                        ),
                        None => ("bye", said(l, BYE.plain())),
                    },
                };
                Bye {
                    who: people.get(id),
                    why,
                    reason,
                    opponent: forfeit.map(|p| p.id),
                }
            })
            .collect();
        out.extend(self.board_forfeits(round, people, l));
        out
    }
}

/// Who plays in a round, from its boards (red, black, and the group or team match each is
/// listed under): the players, and in a team stage the two teams of each match (`x v y`, the
/// engine's label of the teams' units: a declared team's name), since a team stage's field is
/// its teams.
pub fn playing<'a>(
    boards: impl Iterator<Item = (&'a str, &'a str, Option<&'a str>)>,
) -> BTreeSet<&'a str> {
    let mut out = BTreeSet::new();
    for (red, black, label) in boards {
        out.extend([red, black]);
        if let Some((x, y)) = label.and_then(|m| m.split_once(" v ")) {
            out.extend([x, y]);
        }
    }
    out
}
