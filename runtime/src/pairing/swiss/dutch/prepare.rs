//! The players of a round prepared for pairing: scores, colour preferences, floats, bye
//! eligibility and the opponents they have met, computed once from the Swiss state.

use std::collections::BTreeMap;

use super::{Ctx, Float, NONE, P};
use crate::pairing::swiss::state::{Colour, PairingError, SwissPlayer, SwissState};

impl Ctx {
    pub(super) fn new(state: &SwissState) -> Result<Ctx, PairingError> {
        let mut by_id: BTreeMap<u32, usize> = BTreeMap::new();
        for (i, p) in state.players.iter().enumerate() {
            if p.id == 0 || by_id.insert(p.id, i).is_some() {
                return Err(PairingError::InvalidState(format!(
                    "pairing number {} is zero or repeated",
                    p.id
                )));
            }
        }
        let played_rounds = state.round.saturating_sub(1) as usize;
        let history = History {
            state,
            by_id: &by_id,
            played_rounds,
        };
        // Effective pairing numbers: players who never took part and are absent now do not
        // count (they are not in the tournament yet).
        let mut order: Vec<usize> = (0..state.players.len()).collect();
        order.sort_by_key(|&i| state.players[i].id);
        let mut rank_of = vec![NONE; state.players.len()];
        let mut next_rank = 0;
        for &i in &order {
            let p = &state.players[i];
            if !p.absent || p.rounds.iter().any(|e| e.paired) {
                rank_of[i] = next_rank;
                next_rank += 1;
            }
        }
        let mut ps: Vec<P> = order
            .iter()
            .filter(|&&i| !state.players[i].absent)
            .map(|&i| history.player(i, rank_of[i]))
            .collect();
        ps.sort_by(|a, b| b.score.cmp(&a.score).then(a.rank.cmp(&b.rank)));
        let met = history.met(&ps);
        let maxpts = state.scoring.win.max(state.scoring.draw);
        Ok(Ctx {
            ps,
            met,
            played_rounds,
            last_round: played_rounds + 1 >= state.rounds_total as usize,
            topscore_threshold: (played_rounds as u32).saturating_mul(maxpts) / 2,
            initial: state.initial_colour,
            bye_score: None,
        })
    }
}

/// The rounds played before the one to pair, read player by player.
struct History<'s> {
    state: &'s SwissState,
    /// Index in `state.players` of each pairing number.
    by_id: &'s BTreeMap<u32, usize>,
    played_rounds: usize,
}

/// A player's colours in the games actually played.
struct Colours {
    white: u32,
    black: u32,
    /// How many of the latest games in a row had the colour `last`.
    consecutive: u32,
    last: Option<Colour>,
    /// Played colours, most recent last.
    sequence: Vec<Colour>,
}

impl History<'_> {
    /// The player at `state.players[i]`, with pairing rank `rank`, ready for the criteria.
    fn player(&self, i: usize, rank: usize) -> P {
        let p = &self.state.players[i];
        let c = self.colours(p);
        let lower = if c.white > c.black {
            Colour::Black
        } else {
            Colour::White
        };
        let imbalance = c.white.abs_diff(c.black);
        let pref = if imbalance > 1 {
            Some(lower)
        } else if c.consecutive > 1 {
            c.last.map(Colour::other)
        } else if imbalance > 0 {
            Some(lower)
        } else {
            c.last.map(Colour::other)
        };
        let repeated = if c.consecutive > 1 { c.last } else { None };
        let abs = imbalance > 1 || repeated.is_some();
        let scoring = self.state.scoring;
        // C2 (2025): no pairing-allocated bye after an unplayed round that scored a win's
        // points (a forfeit win, a full-point bye, an earlier such bye) nor after any
        // pairing-allocated bye, whatever it scored.
        let eligible_bye =
            !p.rounds.iter().take(self.played_rounds).any(|e| {
                !e.played && (e.points >= scoring.win || (e.paired && e.opponent.is_none()))
            });
        let unplayed = (0..self.played_rounds)
            .filter(|&r| p.rounds.get(r).is_none_or(|e| !e.played))
            .count() as u32;
        P {
            id: p.id,
            rank,
            score: p
                .score
                .saturating_add(self.state.virtual_points_of(p.id, self.played_rounds)),
            real_score: p.score,
            pref,
            imbalance,
            repeated,
            strong: !abs && imbalance > 0,
            eligible_bye,
            unplayed,
            float: [self.float(i, 1), self.float(i, 2)],
            colours: c.sequence,
        }
    }

    fn colours(&self, p: &SwissPlayer) -> Colours {
        let mut c = Colours {
            white: 0,
            black: 0,
            consecutive: 0,
            last: None,
            sequence: Vec::new(),
        };
        for e in p.rounds.iter().take(self.played_rounds) {
            if !e.played {
                continue;
            }
            let Some(colour) = e.colour else { continue };
            c.sequence.push(colour);
            match colour {
                Colour::White => c.white += 1,
                Colour::Black => c.black += 1,
            }
            if c.consecutive == 0 || Some(colour) != c.last {
                c.consecutive = 1;
            } else {
                c.consecutive += 1;
            }
            c.last = Some(colour);
        }
        c
    }

    /// The pairing score of `state.players[idx]` `back` rounds ago: the points then, plus that
    /// round's virtual points.
    fn score_back(&self, idx: usize, back: usize) -> u32 {
        let p = &self.state.players[idx];
        let mut s = p.score;
        let from = self.played_rounds.saturating_sub(back);
        for r in from..self.played_rounds {
            s = s.saturating_sub(p.rounds.get(r).map_or(0, |e| e.points));
        }
        s.saturating_add(self.state.virtual_points_of(p.id, from))
    }

    /// The float of `state.players[i]` `back` rounds ago (1 = the last round played).
    fn float(&self, i: usize, back: usize) -> Float {
        if self.played_rounds < back {
            return Float::None;
        }
        let r = self.played_rounds - back;
        match self.state.players[i].rounds.get(r) {
            Some(e) if e.played => {
                let opp = e.opponent.and_then(|o| self.by_id.get(&o).copied());
                match opp {
                    Some(oi) => {
                        let mine = self.score_back(i, back);
                        let theirs = self.score_back(oi, back);
                        if mine > theirs {
                            Float::Down
                        } else if mine < theirs {
                            Float::Up
                        } else {
                            Float::None
                        }
                    }
                    None => Float::Down,
                }
            }
            // An unplayed round is a downfloat only when it scored more than a loss (a bye,
            // a forfeit win); a forfeit loss or an absence is no float.
            Some(e) if e.points > self.state.scoring.loss => Float::Down,
            _ => Float::None,
        }
    }

    /// The played opponents of each prepared player, and the players a forbidden pairing keeps
    /// apart from them (C1 treats both alike), as indices into `ps`, sorted.
    fn met(&self, ps: &[P]) -> Vec<Vec<usize>> {
        let index_of: BTreeMap<u32, usize> =
            ps.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
        let mut met = vec![Vec::new(); ps.len()];
        for (i, p) in ps.iter().enumerate() {
            let Some(&si) = self.by_id.get(&p.id) else {
                continue;
            };
            for e in self.state.players[si]
                .rounds
                .iter()
                .take(self.played_rounds)
            {
                if !e.played {
                    continue;
                }
                if let Some(j) = e.opponent.and_then(|o| index_of.get(&o).copied()) {
                    met[i].push(j);
                    met[j].push(i);
                }
            }
        }
        for (a, b) in &self.state.forbidden {
            if let (Some(&i), Some(&j)) = (index_of.get(a), index_of.get(b)) {
                if i != j {
                    met[i].push(j);
                    met[j].push(i);
                }
            }
        }
        for m in &mut met {
            m.sort_unstable();
            m.dedup();
        }
        met
    }
}
