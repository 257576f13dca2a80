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
    /// The games no one plays because a player (or a whole team) had withdrawn: by round, the
    /// winner's and the withdrawn side's player ids, and whether they are boards of a team
    /// match ([`withdrawal_forfeits`]).
    forfeits: Vec<(u32, String, String, bool)>,
}

/// The games of a stage decided by a withdrawal alone, which no pairing list shows as a game:
/// an individual game with a withdrawn player, or every board of a team match whose every
/// board is forfeited so (a whole team withdrawn). A board forfeited inside a match that is
/// played stays a board of that match.
pub fn withdrawal_forfeits(st: &StageOutcome) -> Vec<&GameOut> {
    let by_withdrawal = |g: &GameOut| g.source == GameSource::Withdrawal;
    st.games
        .iter()
        .filter(|g| by_withdrawal(g))
        .filter(|g| match g.team_match.as_deref() {
            None => true,
            Some(m) => st
                .games
                .iter()
                .filter(|o| o.round == g.round && o.team_match.as_deref() == Some(m))
                .all(by_withdrawal),
        })
        .collect()
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
                    let team = g.team_match.is_some();
                    Some((g.round, winner.clone(), loser.clone(), team))
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
        let is = |player: &str, of_team: bool| match of_team {
            true => [id, name].contains(&team(player).as_str()),
            false => player == id,
        };
        let (_, _, loser, of_team) = self
            .forfeits
            .iter()
            .find(|(r, winner, _, t)| *r == round && is(winner, *t))?;
        Some(people.get(&if *of_team { team(loser) } else { loser.clone() }))
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
    /// a late entrant before the round of entry, else the bye (轮空).
    pub fn sitting_out(
        &self,
        round: u32,
        playing: &BTreeSet<&str>,
        people: &People,
        l: Tr,
    ) -> Vec<Bye> {
        if self.knockout {
            return Vec::new();
        }
        self.ids
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
            .collect()
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
