//! The players of a later round, what each may meet under the rules tried, and the preferred
//! pairing: each player in ranking order takes the first candidate in preference order with
//! whom the rest of the round can still be paired.
//!
//! "Can still be paired" is a perfect-matching question on the compatibility graph of the
//! players not yet paired, answered exactly by a kept maximum-cardinality matching (Edmonds),
//! so a player never takes a partner that leaves the rest unpairable. The pairing is therefore
//! the first complete one a depth-first search over the same candidate order would reach, found
//! without backtracking: a field of thousands whose bottom cannot pair the way the top's first
//! choices leave it no longer sends the search through exponentially many arrangements.

use crate::pairing::first_round::same_unit;
use crate::pairing::swiss::cardinality::{CardinalityMatcher, Edge};
use crate::plan::Side;

use super::SwissPlayer;

/// A player's colour history over played games (byes and forfeits have no colour).
pub(super) fn colours(p: &SwissPlayer) -> Vec<Side> {
    p.history.iter().filter_map(|h| h.colour).collect()
}

/// Reds minus blacks.
pub(super) fn difference(cs: &[Side]) -> i64 {
    cs.iter()
        .map(|c| if *c == Side::Red { 1 } else { -1 })
        .sum()
}

/// What the search may relax, tried in order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Rules {
    pub(super) colour_limits: bool,
    pub(super) units: bool,
}

pub(super) struct Search<'a> {
    /// In ranking order (score, then pairing number).
    pub(super) players: Vec<&'a SwissPlayer>,
    pub(super) met: Vec<Vec<bool>>,
    pub(super) hist: Vec<Vec<Side>>,
    pub(super) rules: Rules,
    pub(super) max_consecutive: usize,
    pub(super) max_difference: i64,
    /// `allowed(i, Red)`, `allowed(i, Black)` and `due(i)` under the current rules, computed
    /// once by `prepare`: the matching asks them millions of times.
    may: Vec<[bool; 2]>,
    dues: Vec<Option<Side>>,
}

impl<'a> Search<'a> {
    pub(super) fn new(
        players: Vec<&'a SwissPlayer>,
        met: Vec<Vec<bool>>,
        rules: Rules,
        max_consecutive: usize,
        max_difference: i64,
    ) -> Self {
        Search {
            hist: players.iter().map(|p| colours(p)).collect(),
            players,
            met,
            rules,
            max_consecutive,
            max_difference,
            may: Vec::new(),
            dues: Vec::new(),
        }
    }

    /// The colours `i` may take under the limits.
    pub(super) fn allowed(&self, i: usize, c: Side) -> bool {
        if !self.rules.colour_limits {
            return true;
        }
        let h = &self.hist[i];
        let run = h.iter().rev().take_while(|x| **x == c).count();
        if run >= self.max_consecutive {
            return false;
        }
        let d = difference(h) + if c == Side::Red { 1 } else { -1 };
        d.abs() <= self.max_difference
    }

    /// Fill the per-player caches for the current rules.
    pub(super) fn prepare(&mut self) {
        self.may = (0..self.players.len())
            .map(|i| [self.allowed(i, Side::Red), self.allowed(i, Side::Black)])
            .collect();
        self.dues = (0..self.players.len()).map(|i| self.due(i)).collect();
    }

    pub(super) fn can_meet(&self, i: usize, j: usize) -> bool {
        if i == j || self.met[i][j] {
            return false;
        }
        if self.rules.units && same_unit(self.players[i], self.players[j]) {
            return false;
        }
        let ([ri, bi], [rj, bj]) = (self.may[i], self.may[j]);
        (ri && bj) || (bi && rj)
    }

    /// The colour a player is due (要先 / 要后): fewer reds → Red; equal → opposite the last.
    fn due(&self, i: usize) -> Option<Side> {
        let h = &self.hist[i];
        let d = difference(h);
        if d < 0 {
            Some(Side::Red)
        } else if d > 0 {
            Some(Side::Black)
        } else {
            h.last().map(|c| c.other())
        }
    }

    /// `p`'s candidates among `rest[1..]` in preference order, as positions in `rest`: score
    /// group by score group downwards from p's own (`rest` is in ranking order, so its groups
    /// come in that order); inside a group, those due the opposite colour first (异行), each in
    /// ranking order (the nearest first). Asked a group at a time (`from` is where the next
    /// group starts): the first group usually holds the partner, and a field of thousands must
    /// not rank every player at every step.
    fn group_candidates(&self, p: usize, rest: &[usize], from: usize) -> (Vec<usize>, usize) {
        let points = self.players[rest[from]].points;
        let mut end = from;
        while end < rest.len() && self.players[rest[end]].points == points {
            end += 1;
        }
        let due_p = self.dues[p];
        let mut group: Vec<(bool, usize)> = (from..end)
            .filter(|&k| self.can_meet(p, rest[k]))
            .map(|k| {
                let same_row = match (due_p, self.dues[rest[k]]) {
                    (Some(a), Some(b)) => a == b,
                    _ => false,
                };
                (same_row, k)
            })
            .collect();
        group.sort_unstable();
        (group.into_iter().map(|(_, k)| k).collect(), end)
    }

    /// Pair `rest` (ranking order) on `graph`, whose kept matching is perfect on `rest`: each
    /// player from the top takes his first candidate with whom the rest can still be paired.
    /// `None` only if `graph` was not perfect.
    pub(super) fn pair_in_order(
        &self,
        mut rest: Vec<usize>,
        graph: &mut CardinalityMatcher,
        edge: Edge<'_>,
    ) -> Option<Vec<(usize, usize)>> {
        let mut out = Vec::with_capacity(rest.len() / 2);
        while let Some(&p) = rest.first() {
            let mut from = 1;
            let mut chosen = None;
            while chosen.is_none() && from < rest.len() {
                let (candidates, end) = self.group_candidates(p, &rest, from);
                chosen = candidates
                    .into_iter()
                    .find(|&k| graph.try_fix(p, rest[k], edge));
                from = end;
            }
            let k = chosen?;
            let q = rest.remove(k);
            rest.remove(0);
            out.push((p, q));
        }
        Some(out)
    }
}
