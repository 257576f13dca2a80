//! The state a Swiss stage carries from round to round, and the steps of one round that change
//! it: the split, who is available, the boards played, the byes, and the records kept.

use super::super::outcome::GameOut;
use super::super::play::GameAt;
use super::super::standings::{rank_group, with_fouls};
use super::super::tiebreak::{Competitor, Primary, Record, RecordKind};
use super::super::transcript::EntryKind;
use super::super::Ctx;
use crate::pairing::{SwissPlayer, SwissResult, SwissRoundEntry};
use crate::plan::{MissedRound, Split, Stage, Swiss};
use std::collections::BTreeMap;

/// A Swiss stage's table, indexed by table position (pairing number − 1).
pub(super) struct Field {
    /// Roster index of each table position.
    pub members: Vec<usize>,
    /// The entry round of each late entrant (by roster index).
    pub late: BTreeMap<usize, u32>,
    /// Each position's records, for the standings.
    pub comps: Vec<Competitor>,
    /// Each position as the pairer sees it.
    pub state: Vec<SwissPlayer>,
    /// Table positions of the players who left at the split, in their standing order then.
    pub split_off: Vec<usize>,
    pub games: Vec<GameOut>,
}

impl Field {
    pub fn new(ctx: &Ctx<'_>, sw: &Swiss, members: Vec<usize>, late: BTreeMap<usize, u32>) -> Self {
        let state = members
            .iter()
            .enumerate()
            .map(|(k, &p)| {
                let pl = ctx.roster.players.get(p);
                SwissPlayer {
                    number: k as u32 + 1,
                    id: ctx.id(p).to_string(),
                    rating: pl.and_then(|x| x.rating).unwrap_or(0),
                    // What the stage's avoidance keeps apart: the unit, or the federation.
                    unit: pl
                        .and_then(|x| x.avoid_key(sw.avoid_by))
                        .map(str::to_string),
                    points: 0,
                    history: Vec::new(),
                    available: true,
                }
            })
            .collect();
        Field {
            comps: vec![Competitor::default(); members.len()],
            members,
            late,
            state,
            split_off: Vec::new(),
            games: Vec::new(),
        }
    }

    /// The split before `round`: the top of the standing now leave for the next stage.
    pub fn split(
        &mut self,
        ctx: &mut Ctx<'_>,
        stage: &Stage,
        split: &Split,
        round: u32,
        total: u32,
    ) {
        let now = with_fouls(ctx, &self.members, self.comps.clone());
        let (run, _) = rank_group(ctx, stage, "", &self.members, now, Primary::Points);
        for &(_, _, p) in run.ranking.iter().take(split.top as usize) {
            if let Some(pos) = self.members.iter().position(|&m| m == p) {
                self.split_off.push(pos);
            }
        }
        let ids: Vec<&str> = self
            .split_off
            .iter()
            .filter_map(|&k| self.state.get(k).map(|s| s.id.as_str()))
            .collect();
        let text = format!(
            "after round {}: the top {} ({}) leave for `{}`; rounds {round}-{total} pair the others",
            split.after_round,
            split.top,
            ids.join(" "),
            split.to
        );
        ctx.transcript.push(EntryKind::Pairing, text, &split.origin);
    }

    /// Marks who can be paired in `round`, and returns the late entrants who have not entered
    /// yet (they sit the round out on the missed-round bye).
    pub fn mark_available(
        &mut self,
        ctx: &mut Ctx<'_>,
        ix: usize,
        stage: &Stage,
        round: u32,
    ) -> Vec<bool> {
        let mut not_yet: Vec<bool> = vec![false; self.members.len()];
        for (k, &p) in self.members.iter().enumerate() {
            let out = ctx.is_withdrawn(p, ix, &stage.name, round);
            let gone = self.split_off.contains(&k);
            let waiting = self.late.get(&p).is_some_and(|&r| round < r);
            if let Some(w) = not_yet.get_mut(k) {
                *w = waiting;
            }
            if let Some(s) = self.state.get_mut(k) {
                s.available = !out && !gone && !waiting;
            }
        }
        not_yet
    }

    /// Plays the round's boards (red, black table positions); each position's record, or
    /// none for one who did not play.
    pub fn play(
        &mut self,
        ctx: &mut Ctx<'_>,
        ix: usize,
        stage: &Stage,
        round: u32,
        boards: &[(usize, usize)],
    ) -> Vec<Option<Record>> {
        let mut records: Vec<Option<Record>> = vec![None; self.members.len()];
        for (board, &(rp, bp)) in boards.iter().enumerate() {
            let (Some(&red), Some(&black)) = (self.members.get(rp), self.members.get(bp)) else {
                continue;
            };
            let at = GameAt::board(ix, &stage.name, round, board as u32 + 1);
            let played = ctx.play_game(&at, red, black, &mut self.games);
            let (rr, br) = played.records(round, rp, bp, &stage.scoring);
            if let Some(x) = records.get_mut(rp) {
                *x = Some(rr);
            }
            if let Some(x) = records.get_mut(bp) {
                *x = Some(br);
            }
        }
        records
    }

    /// The pairing-allocated byes: the stage's bye points, said in the transcript.
    pub fn give_byes(
        &self,
        ctx: &mut Ctx<'_>,
        sw: &Swiss,
        round: u32,
        byes: &[usize],
        records: &mut [Option<Record>],
    ) {
        for &k in byes {
            if let Some(x) = records.get_mut(k) {
                *x = Some(Record {
                    round,
                    opponent: None,
                    side: None,
                    kind: RecordKind::Bye,
                    points: sw.bye.points,
                });
            }
            let text = format!(
                "round {round}: {} has the bye ({} points)",
                self.state.get(k).map(|s| s.id.as_str()).unwrap_or("?"),
                sw.bye.points
            );
            ctx.transcript
                .push(EntryKind::Pairing, text, &sw.bye.origin);
        }
    }

    /// Says in the transcript which late entrants sit this round out, and for how many points.
    pub fn note_late(
        &self,
        ctx: &mut Ctx<'_>,
        sw: &Swiss,
        round: u32,
        not_yet: &[bool],
        missed: i64,
    ) {
        let Some(clause) = &sw.late_entry else {
            return;
        };
        for (k, _) in not_yet.iter().enumerate().filter(|(_, w)| **w) {
            let p = self.members.get(k).copied().unwrap_or(0);
            let text = format!(
                "round {round}: {} enters late, before round {}: this round is a {} bye ({missed} points)",
                ctx.id(p),
                self.late.get(&p).copied().unwrap_or(0),
                if clause.missed == MissedRound::Half {
                    "half-point"
                } else {
                    "zero-point"
                }
            );
            ctx.transcript
                .push(EntryKind::Pairing, text, &clause.origin);
        }
    }

    /// Keeps the round's records: one who did not play is unpaired, with the missed-round
    /// points if they had not entered yet.
    pub fn commit(
        &mut self,
        round: u32,
        records: Vec<Option<Record>>,
        not_yet: &[bool],
        missed: i64,
    ) {
        for (k, rec) in records.into_iter().enumerate() {
            let waiting = not_yet.get(k).copied().unwrap_or(false);
            let rec = rec.unwrap_or(Record::unpaired(round, if waiting { missed } else { 0 }));
            if let Some(c) = self.comps.get_mut(k) {
                c.records.push(rec);
            }
            if let Some(s) = self.state.get_mut(k) {
                s.points += rec.points;
                s.history.push(SwissRoundEntry {
                    opponent: rec.opponent.map(|o| o as u32 + 1),
                    colour: rec.side,
                    result: swiss_result(rec.kind),
                    points: rec.points,
                });
            }
        }
    }
}

fn swiss_result(kind: RecordKind) -> SwissResult {
    match kind {
        RecordKind::Win => SwissResult::Win,
        RecordKind::Draw => SwissResult::Draw,
        RecordKind::Loss => SwissResult::Loss,
        RecordKind::ForfeitWin => SwissResult::ForfeitWin,
        RecordKind::ForfeitLoss => SwissResult::ForfeitLoss,
        RecordKind::DoubleForfeit => SwissResult::DoubleForfeit,
        RecordKind::Bye => SwissResult::Bye,
        RecordKind::Unpaired => SwissResult::Absent,
    }
}
