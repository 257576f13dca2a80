//! The FIDE Dutch system (C.04.3, the 2025 text in force from 2026; criteria C1–C21).
//!
//! The round is paired bracket by bracket from the top score group down. Each bracket (its
//! moved-down players, its residents and a look-ahead) becomes one maximum-weight matching
//! problem whose edge weights encode the quality criteria lexicographically, one bit field per
//! criterion, the most important highest: pairs in the bracket (C5), score differences (C6),
//! pairs and scores carried below (C7, C8), the bye assignee's unplayed games (C9), colour
//! criteria (C10–C13), repeated floats (C14–C17) and their score differences (C18–C21). The
//! absolute criteria (C1 no rematch of a played game, C2 no second bye nor a bye after a forfeit
//! win, C3 absolute colour conflicts outside topscorers) remove edges. After the optimal quality
//! is known, the choices the rules leave to the order of candidates (which moved-down players
//! are paired, their opponents, the exchanges between S1 and S2, the transpositions of S2) are
//! fixed by nudging the lowest reserved bits, the way bbpPairings (an endorsed engine) realises
//! the rules. A cardinality matching over the whole field checks after each bracket that the
//! round can still be completed (C4); if not, the bracket is the penultimate pairing bracket and
//! is paired together with all the rest.
//!
//! Where the texts leave room, the reference pairings decided (all 170 reference rounds agree):
//! - the pairing-allocated bye goes to an eligible player of the lowest score with which the
//!   round can be completed, settled before any bracket is paired; among those, C9;
//! - an unplayed round is a downfloat only if it scored more than a loss (bye, forfeit win);
//! - the look-ahead is the next score group: pairs and scores carried below (C7, C8) count only
//!   pairs whose lower player is in it. When at most `LOOK_AHEAD_MAX` players are below it, they
//!   join the bracket's matching for completing the round only (the highest field), which
//!   decides the end of a tournament; with more, the completion check (C4) stands for them;
//! - C9 decides only in a bracket that pairs among itself (one player taking the bye) while
//!   everyone below pairs among themselves;
//! - C2 (2025): no pairing-allocated bye after an unplayed round worth a win or after such a bye.
//!
//! Speed: brackets are solved on a dense-matrix blossom; the transpositions (lexicographic over
//! S1) are first tried greedily along tight edges of the optimal dual and verified, else solved
//! in chunks of S1 players whose rank fields fit in narrow weights. A nudge is only solved when
//! it can change something: an edge with non-zero reduced cost cannot enter any optimum.

use std::collections::BTreeMap;

use super::cardinality::CardinalityMatcher;
use super::dense::{max_weight_matching_dense, DenseMatching};
use super::state::{Colour, Pairing, PairingError, SwissState};
use super::weight::{Big, Weight};

const NONE: usize = usize::MAX;

/// Float direction in an earlier round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Float {
    Down,
    Up,
    None,
}

/// A player prepared for pairing: everything the criteria read, computed once.
#[derive(Clone, Debug)]
struct P {
    id: u32,
    rank: usize,
    score: u32,
    pref: Option<Colour>,
    imbalance: u32,
    repeated: Option<Colour>,
    strong: bool,
    eligible_bye: bool,
    unplayed: u32,
    float: [Float; 2],
    /// Played colours, most recent last.
    colours: Vec<Colour>,
}

impl P {
    fn abs_imbalance(&self) -> bool {
        self.imbalance > 1
    }
    fn abs_pref(&self) -> bool {
        self.abs_imbalance() || self.repeated.is_some()
    }
}

fn bits(v: usize) -> usize {
    (usize::BITS - v.leading_zeros()) as usize
}

fn compatible_prefs(a: Option<Colour>, b: Option<Colour>) -> bool {
    a != b || a.is_none()
}

/// Pair the round `state.round` by the Dutch system.
pub fn pair_dutch(state: &SwissState) -> Result<Pairing, PairingError> {
    Ctx::new(state)?.pair()
}

struct Ctx {
    /// Present players sorted by score (desc) then rank.
    ps: Vec<P>,
    /// Played opponents of each player (`ps` indices): a handful each, so the field's memory
    /// stays linear (a bitset would be n²/8 bytes).
    met: Vec<Vec<usize>>,
    played_rounds: usize,
    last_round: bool,
    topscore_threshold: u32,
    initial: Colour,
    /// The score of the pairing-allocated bye's assignee (an odd field only).
    bye_score: Option<u32>,
}

impl Ctx {
    fn new(state: &SwissState) -> Result<Ctx, PairingError> {
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
        // Score of any registered player `back` rounds ago.
        let score_back = |idx: usize, back: usize| -> u32 {
            let p = &state.players[idx];
            let mut s = p.score;
            for r in played_rounds.saturating_sub(back)..played_rounds {
                s = s.saturating_sub(p.rounds.get(r).map_or(0, |e| e.points));
            }
            s
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
        let mut ps = Vec::new();
        for &i in &order {
            let p = &state.players[i];
            if p.absent {
                continue;
            }
            let mut white = 0u32;
            let mut black = 0u32;
            let mut consecutive = 0u32;
            let mut last: Option<Colour> = None;
            let mut colours = Vec::new();
            for e in p.rounds.iter().take(played_rounds) {
                if !e.played {
                    continue;
                }
                let Some(c) = e.colour else { continue };
                colours.push(c);
                match c {
                    Colour::White => white += 1,
                    Colour::Black => black += 1,
                }
                if consecutive == 0 || Some(c) != last {
                    consecutive = 1;
                } else {
                    consecutive += 1;
                }
                last = Some(c);
            }
            let lower = if white > black {
                Colour::Black
            } else {
                Colour::White
            };
            let imbalance = white.abs_diff(black);
            let pref = if imbalance > 1 {
                Some(lower)
            } else if consecutive > 1 {
                last.map(Colour::other)
            } else if imbalance > 0 {
                Some(lower)
            } else {
                last.map(Colour::other)
            };
            let repeated = if consecutive > 1 { last } else { None };
            let abs = imbalance > 1 || repeated.is_some();
            // C2 (2025): no pairing-allocated bye after an unplayed round that scored a win's
            // points (a forfeit win, a full-point bye, an earlier such bye) nor after any
            // pairing-allocated bye, whatever it scored.
            let eligible_bye = !p.rounds.iter().take(played_rounds).any(|e| {
                !e.played && (e.points >= state.scoring.win || (e.paired && e.opponent.is_none()))
            });
            let unplayed = (0..played_rounds)
                .filter(|&r| p.rounds.get(r).is_none_or(|e| !e.played))
                .count() as u32;
            let mut float = [Float::None, Float::None];
            for (k, slot) in float.iter_mut().enumerate() {
                let back = k + 1;
                if played_rounds < back {
                    continue;
                }
                let r = played_rounds - back;
                let e = p.rounds.get(r);
                *slot = match e {
                    Some(e) if e.played => {
                        let opp = e.opponent.and_then(|o| by_id.get(&o).copied());
                        match opp {
                            Some(oi) => {
                                let mine = score_back(i, back);
                                let theirs = score_back(oi, back);
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
                    // An unplayed round is a downfloat only when it scored more than a loss
                    // (a bye, a forfeit win); a forfeit loss or an absence is no float.
                    Some(e) if e.points > state.scoring.loss => Float::Down,
                    _ => Float::None,
                };
            }
            ps.push(P {
                id: p.id,
                rank: rank_of[i],
                score: p.score,
                pref,
                imbalance,
                repeated,
                strong: !abs && imbalance > 0,
                eligible_bye,
                unplayed,
                float,
                colours,
            });
        }
        ps.sort_by(|a, b| b.score.cmp(&a.score).then(a.rank.cmp(&b.rank)));
        let n = ps.len();
        let mut index_of: BTreeMap<u32, usize> = BTreeMap::new();
        for (i, p) in ps.iter().enumerate() {
            index_of.insert(p.id, i);
        }
        let mut met = vec![Vec::new(); n];
        for (i, p) in ps.iter().enumerate() {
            let Some(&si) = by_id.get(&p.id) else {
                continue;
            };
            for e in state.players[si].rounds.iter().take(played_rounds) {
                if !e.played {
                    continue;
                }
                if let Some(j) = e.opponent.and_then(|o| index_of.get(&o).copied()) {
                    met[i].push(j);
                    met[j].push(i);
                }
            }
        }
        for m in &mut met {
            m.sort_unstable();
            m.dedup();
        }
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

    /// Whether C9 decides in the bracket `members`: the bye's score group is reached and the
    /// bracket is self-contained — its players can be paired among themselves (one of them
    /// taking the bye) while everyone below (`below`, then `rest..`) pairs among themselves.
    /// Otherwise the bye assignee is not the bracket's single downfloater and C9 stays out of
    /// the bracket's choices, as in the endorsed engine.
    fn c9_active(&self, members: &[usize], below: &[usize], rest: usize) -> bool {
        let Some(bye_score) = self.bye_score else {
            return false;
        };
        let Some(group) = members.iter().map(|&i| self.ps[i].score).min() else {
            return false;
        };
        if group > bye_score {
            return false;
        }
        let mut lower: Vec<usize> = below.to_vec();
        lower.extend(rest..self.ps.len());
        lower.sort_unstable();
        lower.dedup();
        self.pairs_among(members, true) && self.pairs_among(&lower, false)
    }

    /// Whether `who` can all be paired among themselves (with the bye, if `bye`, for one
    /// eligible player when their count is odd).
    fn pairs_among(&self, who: &[usize], bye: bool) -> bool {
        let k = who.len();
        let odd = k % 2 == 1;
        if odd && !bye {
            return false;
        }
        let edge = |x: usize, y: usize| {
            if x == k {
                y < k && self.ps[who[y]].eligible_bye
            } else if y == k {
                self.ps[who[x]].eligible_bye
            } else {
                self.compatible(who[x], who[y])
            }
        };
        CardinalityMatcher::new(k + usize::from(odd)).is_perfect(&edge)
    }

    fn met(&self, a: usize, b: usize) -> bool {
        self.met[a].contains(&b)
    }

    /// Absolute criteria C1 and C3 (C2 is the bye edge).
    fn compatible(&self, a: usize, b: usize) -> bool {
        if a == b || self.met(a, b) {
            return false;
        }
        let (x, y) = (&self.ps[a], &self.ps[b]);
        !x.abs_pref()
            || !y.abs_pref()
            || x.pref != y.pref
            || (self.last_round
                && (x.score > self.topscore_threshold || y.score > self.topscore_threshold))
    }

    /// The compatibility graph's edge between `a` and `b`, the bye being vertex `n` (an odd
    /// field) joined to the `bye_ok` players.
    fn link(&self, a: usize, b: usize, bye_ok: &dyn Fn(&P) -> bool) -> bool {
        let n = self.ps.len();
        if a == n {
            b < n && bye_ok(&self.ps[b])
        } else if b == n {
            bye_ok(&self.ps[a])
        } else {
            self.compatible(a, b)
        }
    }

    /// The completion check's vertices: the players, and the bye in an odd field.
    fn graph(&self) -> CardinalityMatcher {
        let n = self.ps.len();
        CardinalityMatcher::new(n + n % 2)
    }

    /// The completion check's graph: the bye joined to the players still eligible for it.
    fn validity_edge(&self, a: usize, b: usize) -> bool {
        self.link(a, b, &|p: &P| p.eligible_bye)
    }

    fn pair(mut self) -> Result<Pairing, PairingError> {
        let n = self.ps.len();
        // The pairing-allocated bye goes to an eligible player of the lowest score with which
        // the round can be completed; that is settled before any bracket is paired.
        if n % 2 == 1 {
            let mut scores: Vec<u32> = self
                .ps
                .iter()
                .filter(|p| p.eligible_bye)
                .map(|p| p.score)
                .collect();
            scores.sort_unstable();
            scores.dedup();
            let mut chosen = None;
            for s in scores.iter().copied() {
                let edge =
                    |a: usize, b: usize| self.link(a, b, &|p: &P| p.eligible_bye && p.score == s);
                if self.graph().is_perfect(&edge) {
                    chosen = Some(s);
                    break;
                }
            }
            if let Some(s) = chosen {
                for p in &mut self.ps {
                    p.eligible_bye = p.eligible_bye && p.score == s;
                }
            }
            self.bye_score = chosen;
        }
        if self.played_rounds == 0 && self.ps.iter().all(|p| p.score == self.ps[0].score) {
            return self.finish(&first_round(n));
        }
        let mut validity = self.graph();
        if !validity.is_perfect(&|a, b| self.validity_edge(a, b)) {
            return Err(PairingError::NoLegalPairing(
                "the players cannot all be paired without a rematch (C1), a second bye (C2) \
                 or two players of the same absolute colour preference meeting (C3)"
                    .to_string(),
            ));
        }
        let mut partner = vec![NONE; n];
        let mut pbi: Vec<usize> = Vec::new();
        let mut next_it = 0usize;
        while next_it < n && self.ps[next_it].score >= self.ps[0].score {
            pbi.push(next_it);
            next_it += 1;
        }
        let mut special = next_it == n;
        let mut sgb = 0usize;
        while pbi.len() > 1 || next_it < n {
            let nsgb = pbi.len();
            let sg_it = next_it;
            while next_it < n
                && (special || sg_it >= n || self.ps[next_it].score >= self.ps[sg_it].score)
            {
                pbi.push(next_it);
                next_it += 1;
            }
            // The look-ahead: the next score group, and also everyone below it when they are
            // few enough to matter for completing the round (see the module note).
            let rest_begin = pbi.len();
            let rest = n - next_it;
            let full_look_ahead = !special && rest <= LOOK_AHEAD_MAX;
            if full_look_ahead {
                pbi.extend(next_it..n);
            }
            let final_brackets = next_it == n || full_look_ahead;
            if nsgb <= sgb {
                pbi.truncate(rest_begin);
                // Only moved-down players left and nothing to pair them with in-bracket: let
                // them join the next group as residents.
                sgb = 0;
                if next_it == n {
                    special = true;
                }
                continue;
            }
            let c9_active = self.c9_active(&pbi[..nsgb], &pbi[nsgb..], next_it);
            let br = Bracket {
                ctx: &self,
                pbi: &pbi,
                sgb,
                nsgb,
                special,
                final_brackets,
                look_end: rest_begin,
                c9_active,
            };
            let need = br.weight_bits();
            super::budget::check(
                &format!("a pairing bracket of {} players", pbi.len()),
                super::budget::bracket_bytes(
                    pbi.len() as u64,
                    need.div_ceil(64).next_power_of_two() as u64,
                ),
            )?;
            let res = match need {
                0..=127 => br.run::<2>(&mut validity),
                128..=255 => br.run::<4>(&mut validity),
                256..=511 => br.run::<8>(&mut validity),
                512..=1023 => br.run::<16>(&mut validity),
                1024..=2047 => br.run::<32>(&mut validity),
                2048..=4095 => br.run::<64>(&mut validity),
                _ => {
                    return Err(PairingError::TooLarge(format!(
                        "a bracket needs {need} bits of edge weight"
                    )))
                }
            };
            let Some((matched, st)) = res else {
                // The bracket cannot be completed compatibly with the rest: it is the
                // penultimate pairing bracket; pair it together with everyone below.
                pbi.truncate(nsgb);
                next_it = sg_it;
                special = true;
                continue;
            };
            special = next_it == n;
            let mut new_pbi = Vec::new();
            sgb = 0;
            for p in 0..rest_begin {
                if p < nsgb && matched[p] && st[p] != p && st[p] < pbi.len() {
                    partner[pbi[p]] = pbi[st[p]];
                    partner[pbi[st[p]]] = pbi[p];
                } else {
                    new_pbi.push(pbi[p]);
                    if p < nsgb {
                        sgb += 1;
                    }
                }
            }
            pbi = new_pbi;
        }
        self.finish(&partner)
    }

    fn finish(&self, partner: &[usize]) -> Result<Pairing, PairingError> {
        let mut boards = Vec::new();
        let mut bye = None;
        for (i, &m) in partner.iter().enumerate() {
            if m == NONE {
                if bye.is_some() {
                    return Err(PairingError::NoLegalPairing(
                        "more than one player left unpaired".to_string(),
                    ));
                }
                bye = Some(self.ps[i].id);
            } else if i < m {
                let c = self.colour_of(i, m);
                let (w, b) = if c == Colour::White { (i, m) } else { (m, i) };
                boards.push((w, b));
            }
        }
        // Publication order: higher-ranked player's score, then the other's, then rank.
        let key = |&(w, b): &(usize, usize)| {
            let (hi, lo) = if w < b { (w, b) } else { (b, w) };
            (
                std::cmp::Reverse(self.ps[hi].score),
                std::cmp::Reverse(self.ps[lo].score),
                self.ps[hi].rank,
            )
        };
        boards.sort_by_key(key);
        Ok(Pairing {
            boards: boards
                .into_iter()
                .map(|(w, b)| (self.ps[w].id, self.ps[b].id))
                .collect(),
            bye,
        })
    }

    /// Colour allocation (E.1–E.5) for player `a` against `b`.
    fn colour_of(&self, a: usize, b: usize) -> Colour {
        let (x, y) = (&self.ps[a], &self.ps[b]);
        let neutral: Option<Colour> = if compatible_prefs(x.pref, y.pref) {
            // E.1: both preferences can be granted.
            match (x.pref, y.pref) {
                (Some(c), _) => Some(c),
                (None, Some(c)) => Some(c.other()),
                (None, None) => None,
            }
        } else if x.abs_pref() && (x.imbalance > y.imbalance || !y.abs_pref()) {
            // E.2: the stronger preference (absolute; both absolute: the wider difference).
            x.pref
        } else if y.abs_pref() && (y.imbalance > x.imbalance || !x.abs_pref()) {
            y.pref.map(Colour::other)
        } else if x.strong && !y.strong {
            x.pref
        } else if y.strong && !x.strong {
            y.pref.map(Colour::other)
        } else {
            // E.3: alternate from the most recent round in which they had different colours.
            let mut i = x.colours.len();
            let mut j = y.colours.len();
            let mut out = None;
            while i > 0 && j > 0 {
                i -= 1;
                j -= 1;
                if x.colours[i] != y.colours[j] {
                    out = Some(y.colours[j]);
                    break;
                }
            }
            out
        };
        if let Some(c) = neutral {
            return c;
        }
        // E.4 / E.5: the higher-ranked player decides; without a preference, by the parity of
        // his pairing number from the initial colour.
        let a_higher = a < b;
        let (hi, hi_is_a) = if a_higher { (x, true) } else { (y, false) };
        let hi_colour = match hi.pref {
            Some(c) => c,
            None => {
                if hi.rank % 2 == 0 {
                    self.initial
                } else {
                    self.initial.other()
                }
            }
        };
        if hi_is_a {
            hi_colour
        } else {
            hi_colour.other()
        }
    }
}

/// Round 1: one homogeneous bracket without history, so every criterion ties and the rules'
/// first candidate stands: the last player gets the bye if the count is odd, then S1 (the top
/// half) meets S2 (the bottom half) in order. Solving it as a matching would give the same
/// answer at O(n³) cost, which a field of thousands cannot afford.
fn first_round(n: usize) -> Vec<usize> {
    let paired = n - n % 2;
    let half = paired / 2;
    let mut partner = vec![NONE; n];
    for i in 0..half {
        partner[i] = i + half;
        partner[i + half] = i;
    }
    partner
}

/// One pairing bracket: `pbi[..sgb]` moved-down players, `pbi[sgb..nsgb]` residents,
/// `pbi[nsgb..]` the next score group (look-ahead) or, in special brackets, everyone below.
struct Bracket<'a> {
    ctx: &'a Ctx,
    pbi: &'a [usize],
    sgb: usize,
    nsgb: usize,
    special: bool,
    final_brackets: bool,
    /// Positions from here on are below the next score group (only in final brackets): they
    /// count for completing the round, not for the next bracket's pairs (C7, C8).
    look_end: usize,
    /// C9 (the bye assignee's unplayed rounds) counts in this bracket: see `Ctx::c9_active`.
    c9_active: bool,
}

/// The layout of the weight fields of a bracket.
struct Layout {
    pcb: usize,
    npcb: usize,
    sds: usize,
    shift_of: BTreeMap<u32, usize>,
    min: u32,
    c9_bits: usize,
}

const TEN: u32 = 10;

/// Up to this many players below the next score group, the look-ahead includes them.
const LOOK_AHEAD_MAX: usize = 64;

impl Bracket<'_> {
    fn p(&self, i: usize) -> &P {
        &self.ctx.ps[self.pbi[i]]
    }

    fn layout(&self) -> Layout {
        let n = self.pbi.len();
        let min = self.p(n - 1).score;
        let mut diffs = Vec::new();
        for p in 0..self.nsgb {
            let sp = self.p(p).score;
            diffs.push(sp.saturating_sub(min) + TEN);
            let first = self.sgb.max(p + 1);
            for o in first..self.nsgb {
                if o <= first || self.p(o).score < self.p(o - 1).score {
                    diffs.push(sp.saturating_sub(self.p(o).score));
                }
            }
        }
        diffs.sort_unstable();
        let mut shift_of = BTreeMap::new();
        let mut sds = 0usize;
        let mut i = 0;
        while i < diffs.len() {
            let mut j = i;
            while j < diffs.len() && diffs[j] == diffs[i] {
                j += 1;
            }
            shift_of.insert(diffs[i], sds);
            sds += bits(j - i);
            i = j;
        }
        let max_unplayed = (0..n).map(|i| self.p(i).unplayed).max().unwrap_or(0) as usize;
        Layout {
            pcb: bits(self.nsgb - self.sgb),
            npcb: bits(n - self.nsgb),
            sds,
            shift_of,
            min,
            c9_bits: bits(2 * max_unplayed * n + 1),
        }
    }

    fn weight_bits(&self) -> usize {
        let l = self.layout();
        let pr = self.ctx.played_rounds;
        let mut b = bits(self.pbi.len()) + 4; // headroom for sums over a matching
        if self.special || self.final_brackets {
            b += 2;
        }
        if self.special || self.final_brackets || self.c9_active {
            b += l.c9_bits;
        }
        b += l.pcb + l.sds;
        if !self.special {
            b += l.npcb;
            b += l.sds;
        }
        b += 4 * l.pcb;
        if pr >= 1 {
            b += 2 * l.pcb + 2 * l.sds;
        }
        if pr > 1 {
            b += 2 * l.pcb + 2 * l.sds;
        }
        b + 3 * l.pcb + 1 + 3
    }

    fn sd(&self, l: &Layout, key: u32) -> usize {
        l.shift_of.get(&key).copied().unwrap_or(0)
    }

    /// The base edge weight between bracket positions `h < lo`.
    fn edge<const L: usize>(&self, l: &Layout, h: usize, lo: usize) -> Big<L> {
        let mut r = Big::<L>::default();
        if !self.ctx.compatible(self.pbi[h], self.pbi[lo]) {
            return r;
        }
        let hp = self.p(h);
        let lp = self.p(lo);
        let h_cur = h < self.nsgb;
        let l_cur = lo < self.nsgb;
        let pr = self.ctx.played_rounds;
        let not_elig = |p: &P| u64::from(!p.eligible_bye);
        // Completing the round (with the bye on an eligible player) comes first; in the other
        // brackets the completion check (C4) stands for it.
        if self.special || self.final_brackets {
            r.add_small(1 + not_elig(hp) + not_elig(lp));
        }
        // C5: pairs in the bracket.
        r.shl(l.pcb);
        r.add_small(u64::from(l_cur));
        // C6: score differences in the bracket.
        r.shl(l.sds);
        if l_cur {
            r.add_at(self.sd(l, hp.score.saturating_sub(l.min) + TEN), 1);
            r.add_at(self.sd(l, lp.score.saturating_sub(l.min) + TEN), 1);
            r.sub_at(self.sd(l, hp.score.saturating_sub(lp.score)), 1);
        }
        if !self.special {
            // C7: pairs in the next bracket (the lower player in the next score group, not
            // below it).
            let in_reach = lo < self.look_end;
            r.shl(l.npcb);
            r.add_small(u64::from(!l_cur && in_reach));
            // C8: scores carried into the next bracket.
            r.shl(l.sds);
            if h_cur && in_reach {
                r.add_at(self.sd(l, hp.score.saturating_sub(l.min) + TEN), 1);
            }
            if l_cur {
                r.add_at(self.sd(l, lp.score.saturating_sub(l.min) + TEN), 1);
            }
        }
        if self.special || self.final_brackets || self.c9_active {
            // C9: the bye goes to a player with as few unplayed rounds as possible, i.e. the
            // paired players carry as many as possible.
            r.shl(l.c9_bits);
            if self.c9_active {
                r.add_small(u64::from(hp.unplayed) + u64::from(lp.unplayed));
            }
        }
        // C10–C13: colours.
        self.colour_bits(&mut r, lp, hp, l_cur, l.pcb);
        if pr >= 1 {
            self.float_count(&mut r, l, hp, lp, l_cur, 0);
        }
        if pr > 1 {
            self.float_count(&mut r, l, hp, lp, l_cur, 1);
        }
        if pr >= 1 {
            self.float_score(&mut r, l, hp, lp, l_cur, 0);
        }
        if pr > 1 {
            self.float_score(&mut r, l, hp, lp, l_cur, 1);
        }
        // Reserved for the candidate order (exchanges, transpositions).
        r.shl(3 * l.pcb + 1);
        r
    }

    fn colour_bits<const L: usize>(&self, r: &mut Big<L>, p: &P, o: &P, cur: bool, pcb: usize) {
        r.shl(pcb);
        r.add_small(u64::from(
            cur && (!p.abs_imbalance() || !o.abs_imbalance() || p.pref != o.pref),
        ));
        r.shl(pcb);
        let c11 = !p.abs_pref()
            || !o.abs_pref()
            || p.pref != o.pref
            || if p.imbalance == o.imbalance {
                p.repeated.is_none() || p.repeated != o.repeated
            } else {
                let q = if p.imbalance > o.imbalance { o } else { p };
                q.repeated != p.pref.map(Colour::other)
            };
        r.add_small(u64::from(cur && c11));
        r.shl(pcb);
        r.add_small(u64::from(cur && compatible_prefs(p.pref, o.pref)));
        r.shl(pcb);
        let c13 = (!p.strong && !p.abs_pref())
            || (!o.strong && !o.abs_pref())
            || (p.abs_pref() && o.abs_pref())
            || p.pref != o.pref;
        r.add_small(u64::from(cur && c13));
    }

    fn float_count<const L: usize>(
        &self,
        r: &mut Big<L>,
        l: &Layout,
        hp: &P,
        lp: &P,
        l_cur: bool,
        k: usize,
    ) {
        r.shl(l.pcb);
        if l_cur {
            r.add_small(u64::from(lp.float[k] == Float::Down));
            r.add_small(u64::from(
                hp.score <= lp.score && hp.float[k] == Float::Down,
            ));
        }
        r.shl(l.pcb);
        if l_cur && hp.score > lp.score && lp.float[k] == Float::Up {
            r.sub_at(0, 1);
        }
    }

    fn float_score<const L: usize>(
        &self,
        r: &mut Big<L>,
        l: &Layout,
        hp: &P,
        lp: &P,
        l_cur: bool,
        k: usize,
    ) {
        r.shl(l.sds);
        if l_cur {
            if lp.float[k] == Float::Down {
                r.add_at(self.sd(l, lp.score.saturating_sub(l.min) + TEN), 1);
            }
            if hp.float[k] == Float::Down {
                r.add_at(self.sd(l, hp.score.saturating_sub(l.min) + TEN), 1);
                if hp.score > lp.score {
                    r.sub_at(self.sd(l, hp.score - lp.score), 1);
                }
            }
        }
        r.shl(l.sds);
        if l_cur && lp.float[k] == Float::Up && hp.score > lp.score {
            r.sub_at(self.sd(l, hp.score - lp.score), 1);
        }
    }

    // Bracket positions index several parallel arrays (weights, the matching, flags).
    #[allow(clippy::needless_range_loop)]
    /// Pair the bracket. `None` when the choice of downfloaters leaves the rest of the round
    /// impossible to complete (the caller then merges this bracket with everything below).
    fn run<const L: usize>(
        &self,
        validity: &mut CardinalityMatcher,
    ) -> Option<(Vec<bool>, Vec<usize>)> {
        let n = self.pbi.len();
        let (sgb, nsgb) = (self.sgb, self.nsgb);
        let layout = self.layout();
        let pcb = layout.pcb;
        // Each pair once (a triangle): the bracket's weights are its largest table.
        let mut base = vec![Big::<L>::default(); n * n.saturating_sub(1) / 2];
        for o in sgb..n {
            for p in 0..o {
                let w = self.edge::<L>(&layout, p, o);
                base[tri(o, p)] = w;
            }
        }
        let b = |base: &Vec<Big<L>>, x: usize, y: usize| -> Big<L> {
            let (hi, lo) = if x > y { (x, y) } else { (y, x) };
            base[tri(hi, lo)]
        };
        let mut opt = Opt::<L>::new(n);
        for o in sgb..n {
            for p in 0..o {
                opt.set(p, o, base[tri(o, p)]);
            }
        }
        let mut st = opt.compute();
        let mut matched = vec![false; nsgb];
        let in_cur = |st: &Vec<usize>, x: usize| st[x] >= sgb && st[x] < nsgb;

        // Which moved-down players are paired in the bracket: the highest ones.
        let mut md_score = 0u32;
        let mut rem = 0usize;
        let mut rem_matched = 0usize;
        for p in 0..sgb {
            let sp = self.p(p).score;
            if p == 0 || sp < md_score {
                md_score = sp;
                rem = 0;
                rem_matched = 0;
                let mut q = p;
                while q < sgb && self.p(q).score >= md_score {
                    rem += 1;
                    if in_cur(&st, q) {
                        rem_matched += 1;
                    }
                    q += 1;
                }
            }
            if rem_matched == 0 {
                continue;
            }
            if rem <= rem_matched {
                matched[p] = true;
                continue;
            }
            rem -= 1;
            if !in_cur(&st, p) {
                for o in sgb..nsgb {
                    let mut e = b(&base, o, p);
                    if !e.is_zero() {
                        e.add_small(1);
                        opt.set(p, o, e);
                    }
                }
                st = opt.compute();
            }
            if in_cur(&st, p) {
                matched[p] = true;
                rem_matched -= 1;
                for o in sgb..nsgb {
                    let mut e = b(&base, o, p);
                    if !e.is_zero() {
                        e.add_small((nsgb - sgb) as u64 + 1);
                        opt.set(p, o, e);
                    }
                }
            }
        }

        // Their opponents: the highest residents possible.
        for p in 0..sgb {
            if !matched[p] {
                continue;
            }
            let mut addend = n as u64;
            let mut prefer = Vec::new();
            for o in (sgb..nsgb).rev() {
                if matched[o] {
                    continue;
                }
                let mut e = b(&base, o, p);
                if !e.is_zero() {
                    e.add_small(addend);
                    opt.set(p, o, e);
                    prefer.push(o);
                    addend += 1;
                }
            }
            prefer.reverse();
            // The nudges must stay inside the reserved low bits for the shortcut to hold.
            let fits = 3 * pcb + 1 >= 64 || addend < (1u64 << (3 * pcb + 1));
            st = opt.compute_nudged(&st, p, &prefer, fits);
            let m = st[p];
            if m >= nsgb || m == p {
                continue;
            }
            matched[m] = true;
            opt.finalize(p, m);
            validity.finalize(self.pbi[p], self.pbi[m]);
        }

        // The remainder: residents not paired with moved-down players.
        let mut remainder = Vec::new();
        let mut rpairs = 0usize;
        for p in sgb..nsgb {
            if st[p] < sgb {
                continue;
            }
            remainder.push(p);
            if st[p] < p {
                rpairs += 1;
            }
        }
        let ewc = |base: &Vec<Big<L>>, sm: usize, lg: usize, sri: usize| -> Big<L> {
            let mut r = b(base, lg, sm);
            if !r.is_zero() {
                if sri < rpairs {
                    r.add_at(2 * pcb + 1, 1);
                }
                r.sub_at(1, sri as u64);
            }
            r
        };
        for (oi, &o) in remainder.iter().enumerate() {
            for (pi, &p) in remainder.iter().enumerate().take(oi) {
                opt.set(p, o, ewc(&base, p, o, pi));
            }
        }
        st = opt.compute();
        let is_s1 = |st: &Vec<usize>, p: usize| st[p] > p && st[p] < nsgb;
        let exchange_count = remainder
            .iter()
            .take(rpairs)
            .filter(|&&p| !is_s1(&st, p))
            .count();

        // Exchanges: the lowest S1 players leave S1 first ...
        let mut remaining = exchange_count;
        let mut it = rpairs;
        while it > 0 && remaining > 0 {
            it -= 1;
            let pri = it;
            let p = remainder[it];
            if is_s1(&st, p) {
                for &o in &remainder[it + 1..] {
                    let mut e = ewc(&base, p, o, pri);
                    if !e.is_zero() {
                        e.sub_at(0, 1);
                        opt.set(p, o, e);
                    }
                }
                st = opt.compute();
            }
            let exchange = !is_s1(&st, p);
            if exchange {
                remaining -= 1;
            }
            for &o in &remainder[it + 1..] {
                if exchange {
                    base[tri(o, p)] = Big::default();
                }
                opt.set(p, o, ewc(&base, p, o, pri));
            }
        }
        // ... and the highest S2 players enter it.
        remaining = exchange_count;
        for pos in rpairs..remainder.len() {
            if remaining <= 1 {
                break;
            }
            let p = remainder[pos];
            let already = is_s1(&st, p);
            if !already {
                for &o in &remainder[pos + 1..] {
                    let mut e = ewc(&base, p, o, pos);
                    if !e.is_zero() {
                        e.add_small(1);
                        opt.set(p, o, e);
                    }
                }
                st = opt.compute();
            }
            if is_s1(&st, p) {
                remaining -= 1;
                for &o in &remainder[..pos] {
                    base[tri(p, o)] = Big::default();
                    opt.set(p, o, Big::default());
                }
                for o in nsgb..n {
                    base[tri(o, p)] = Big::default();
                    opt.set(p, o, Big::default());
                }
            }
            if !already {
                for &o in &remainder[pos + 1..] {
                    opt.set(p, o, ewc(&base, p, o, pos));
                }
            }
        }
        // Fix S1 and S2.
        for (pi, &p) in remainder.iter().enumerate() {
            for &o in &remainder[pi + 1..] {
                if !is_s1(&st, p) || is_s1(&st, o) {
                    base[tri(o, p)] = Big::default();
                }
                opt.set(p, o, base[tri(o, p)]);
            }
        }
        // Transpositions: each S1 player in order takes the highest S2 player possible. The
        // order is lexicographic over S1, so it fits one matching whose weights append a field
        // per S1 player (the first player's field highest) below the quality fields.
        let s1: Vec<usize> = remainder
            .iter()
            .copied()
            .filter(|&p| is_s1(&st, p))
            .collect();
        let greedy = if s1.len() > 1 {
            greedy_transpositions(&mut opt, &remainder, &s1, &matched)
        } else {
            None
        };
        if let Some(pairs) = &greedy {
            for &(p, m) in pairs {
                matched[p] = true;
                if m < nsgb {
                    matched[m] = true;
                }
                st[p] = m;
                st[m] = p;
                opt.finalize(p, m);
                validity.finalize(self.pbi[p], self.pbi[m]);
            }
        }
        if s1.len() > 1 && greedy.is_none() {
            // In chunks of S1 players whose fields fit in (at most twice) the base width:
            // fixing the first chunk's lexicographic choice and then solving the next is the
            // same lexicographic order, and narrow weights are what makes each solve cheap.
            let fb = bits(remainder.len());
            let need = self.weight_bits();
            let width = if 64 * L >= need + 1 + 4 * fb {
                64 * L
            } else {
                128 * L
            };
            let k = ((width - 1).saturating_sub(need) / fb.max(1)).max(1);
            for chunk in s1.chunks(k) {
                let chunk: Vec<usize> = chunk.to_vec();
                let total = need + chunk.len() * fb;
                let args = (&opt, &remainder, &chunk, &matched, fb);
                let partners = match total {
                    0..=127 => transpose::<L, 2>(args),
                    128..=255 => transpose::<L, 4>(args),
                    256..=511 => transpose::<L, 8>(args),
                    512..=1023 => transpose::<L, 16>(args),
                    1024..=2047 => transpose::<L, 32>(args),
                    2048..=4095 => transpose::<L, 64>(args),
                    _ => None,
                };
                let Some(partners) = partners else {
                    break;
                };
                for (&p, &m) in chunk.iter().zip(partners.iter()) {
                    if m == p || m == NONE {
                        continue;
                    }
                    matched[p] = true;
                    if m < nsgb {
                        matched[m] = true;
                    }
                    st[p] = m;
                    st[m] = p;
                    opt.finalize(p, m);
                    validity.finalize(self.pbi[p], self.pbi[m]);
                }
            }
        }
        // Otherwise one player at a time. Solve once for the duals only; the S1 set stays the
        // one found above.
        if remainder.iter().any(|&p| is_s1(&st, p) && !matched[p]) {
            let _ = opt.compute();
        }
        for idx in 0..remainder.len() {
            let p = remainder[idx];
            if !is_s1(&st, p) || matched[p] {
                continue;
            }
            let mut addend = 0u64;
            let mut prefer = Vec::new();
            for &o in remainder.iter().rev() {
                if o <= p || matched.get(o).copied().unwrap_or(false) {
                    continue;
                }
                let mut e = b(&base, o, p);
                if !e.is_zero() {
                    e.add_small(addend);
                    opt.set(p, o, e);
                    prefer.push(o);
                }
                addend += 1;
            }
            prefer.reverse();
            st = opt.compute_nudged(&st, p, &prefer, true);
            let m = st[p];
            if m == p {
                continue;
            }
            matched[p] = true;
            if m < nsgb {
                matched[m] = true;
            }
            opt.finalize(p, m);
            validity.finalize(self.pbi[p], self.pbi[m]);
        }
        if !self.special && !validity.is_perfect(&|a, b| self.ctx.validity_edge(a, b)) {
            return None;
        }
        Some((matched, st))
    }
}

/// The transpositions without widening the weights, when possible: with optimal duals of the
/// current weights, only tight edges occur in maximum-weight matchings, so giving each S1
/// player in turn its best free S2 opponent along a tight edge is the rules' choice as soon as
/// the pairs so formed extend to a maximum-weight matching; that is checked by solving the
/// rest of the bracket. `None` when the check fails (the caller then solves it in full).
fn greedy_transpositions<const L: usize>(
    opt: &mut Opt<L>,
    remainder: &[usize],
    s1: &[usize],
    matched: &[bool],
) -> Option<Vec<(usize, usize)>> {
    let st = opt.compute();
    let total = |o: &Opt<L>, st: &[usize]| -> Big<L> {
        let mut t = Big::<L>::default();
        for (i, &m) in st.iter().enumerate() {
            if m > i && m < o.n {
                t = t.plus(o.get(i, m));
            }
        }
        t
    };
    let best = total(opt, &st);
    let (active, m) = opt.last.as_ref()?;
    let pos = |v: usize| active.binary_search(&v).ok();
    let mut taken = vec![false; opt.n];
    let mut pairs = Vec::new();
    for &p in s1 {
        let pa = pos(p)?;
        let choice = remainder.iter().copied().find(|&o| {
            o > p
                && !taken[o]
                && !matched.get(o).copied().unwrap_or(false)
                && !opt.get(p, o).is_zero()
                && pos(o).is_some_and(|oa| m.is_tight(pa, oa, opt.solved(p, o)))
        })?;
        taken[choice] = true;
        pairs.push((p, choice));
    }
    let mut trial = Opt::<L> {
        n: opt.n,
        w: opt.w.clone(),
        fixed: opt.fixed.clone(),
        last: None,
        before: BTreeMap::new(),
    };
    for &(p, o) in &pairs {
        trial.finalize(p, o);
    }
    let st2 = trial.compute();
    if total(&trial, &st2) == best {
        Some(pairs)
    } else {
        None
    }
}

fn widen<const A: usize, const B: usize>(x: &Big<A>) -> Big<B> {
    let mut r = Big::<B>::default();
    for (slot, v) in r.0.iter_mut().zip(x.0.iter()) {
        *slot = *v;
    }
    r
}

/// The transpositions of a bracket in one matching: the current weights shifted up, and for
/// the i-th S1 player a field ranking its possible S2 opponents (the highest-ranked largest),
/// the fields ordered like S1. Returns each S1 player's partner (`NONE` if unmatched).
fn transpose<const L: usize, const L2: usize>(
    (opt, remainder, s1, matched, fb): (&Opt<L>, &Vec<usize>, &Vec<usize>, &Vec<bool>, usize),
) -> Option<Vec<usize>> {
    let n = opt.n;
    let active: Vec<usize> = (0..n).filter(|&i| opt.fixed[i] == NONE).collect();
    let mut pos = vec![NONE; n];
    for (ai, &a) in active.iter().enumerate() {
        pos[a] = ai;
    }
    let extra = s1.len() * fb;
    let mut w2 = vec![Big::<L2>::default(); n * n.saturating_sub(1) / 2];
    for &a in &active {
        for &c in &active {
            if a < c {
                let w = opt.get(a, c);
                if !w.is_zero() {
                    let mut x = widen::<L, L2>(&w);
                    x.shl(extra);
                    w2[tri(a, c)] = x;
                }
            }
        }
    }
    for (i, &p) in s1.iter().enumerate() {
        let offset = (s1.len() - 1 - i) * fb;
        let mut addend = 0u64;
        for &o in remainder.iter().rev() {
            if o <= p || matched.get(o).copied().unwrap_or(false) {
                continue;
            }
            let x = &mut w2[tri(p, o)];
            if !x.is_zero() {
                x.add_at(offset, addend);
            }
            addend += 1;
        }
    }
    let mates =
        max_weight_matching_dense(active.len(), &|ai, ci| w2[tri(active[ai], active[ci])]).mates();
    Some(
        s1.iter()
            .map(|&p| {
                mates
                    .get(pos[p])
                    .copied()
                    .flatten()
                    .and_then(|x| active.get(x).copied())
                    .unwrap_or(NONE)
            })
            .collect(),
    )
}

/// The slot of the pair {a, b} (a ≠ b) in a triangle of pairs.
fn tri(a: usize, b: usize) -> usize {
    let (hi, lo) = if a > b { (a, b) } else { (b, a) };
    hi * (hi - 1) / 2 + lo
}

/// The optimality matching of one bracket: a triangle of weights, pairs already fixed, and the
/// last solution (for its duals).
struct Opt<const L: usize> {
    n: usize,
    w: Vec<Big<L>>,
    fixed: Vec<usize>,
    last: Option<(Vec<usize>, DenseMatching<Big<L>>)>,
    /// The weights changed since `last` was solved, as they were then (the duals are tested
    /// against those): a few per nudge, where a copy of the triangle would double its memory.
    before: BTreeMap<usize, Big<L>>,
}

impl<const L: usize> Opt<L> {
    fn new(n: usize) -> Self {
        Opt {
            n,
            w: vec![Big::default(); n * n.saturating_sub(1) / 2],
            fixed: vec![NONE; n],
            last: None,
            before: BTreeMap::new(),
        }
    }

    fn set(&mut self, a: usize, b: usize, w: Big<L>) {
        if a >= self.n || b >= self.n || a == b {
            return;
        }
        let k = tri(a, b);
        if self.last.is_some() {
            self.before.entry(k).or_insert(self.w[k]);
        }
        self.w[k] = w;
    }

    /// The weight of {a, b} when `last` was solved.
    fn solved(&self, a: usize, b: usize) -> Big<L> {
        if a == b {
            return Big::default();
        }
        let k = tri(a, b);
        self.before.get(&k).copied().unwrap_or(self.w[k])
    }

    fn get(&self, a: usize, b: usize) -> Big<L> {
        if a == b {
            Big::default()
        } else {
            self.w[tri(a, b)]
        }
    }

    fn finalize(&mut self, a: usize, b: usize) {
        if a < self.n && b < self.n {
            self.fixed[a] = b;
            self.fixed[b] = a;
        }
    }

    /// Solve from scratch; `result[i]` is i's partner, or i itself when unmatched.
    fn compute(&mut self) -> Vec<usize> {
        let active: Vec<usize> = (0..self.n).filter(|&i| self.fixed[i] == NONE).collect();
        let m =
            max_weight_matching_dense(active.len(), &|ai, bi| self.w[tri(active[ai], active[bi])]);
        let mut st: Vec<usize> = (0..self.n).collect();
        for (i, f) in self.fixed.iter().enumerate() {
            if *f != NONE {
                st[i] = *f;
            }
        }
        for (ai, mate) in m.mates().iter().enumerate() {
            if let Some(bi) = mate {
                st[active[ai]] = active[*bi];
            }
        }
        self.last = Some((active, m));
        self.before.clear();
        st
    }

    /// Solve after the edges of `p` were nudged towards `prefer` (best first). The nudges are
    /// below every quality field, so the optimum only changes if p can get a better partner
    /// in some maximum-weight matching of the un-nudged weights, which needs a tight edge.
    fn compute_nudged(
        &mut self,
        st: &[usize],
        p: usize,
        prefer: &[usize],
        may_prune: bool,
    ) -> Vec<usize> {
        if let (true, Some((active, m))) = (may_prune, &self.last) {
            let current = st.get(p).copied().unwrap_or(NONE);
            let pos = |v: usize| active.binary_search(&v).ok();
            let mut needs_solve = false;
            if let Some(pa) = pos(p) {
                for &o in prefer {
                    if o == current {
                        break;
                    }
                    match pos(o) {
                        Some(oa) if m.is_tight(pa, oa, self.solved(p, o)) => {
                            needs_solve = true;
                            break;
                        }
                        _ => {}
                    }
                }
                if !needs_solve && (current == p || !prefer.contains(&current)) {
                    needs_solve = true;
                }
            } else {
                needs_solve = true;
            }
            if !needs_solve {
                return st.to_vec();
            }
        }
        self.compute()
    }
}
