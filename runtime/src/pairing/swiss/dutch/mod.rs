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
//! Speed: brackets are solved on a dense-matrix blossom kept between the solves of a bracket's
//! phases (a warm start from the last matching and duals: the nudges and the S1 weights change
//! a few vertices' edges, which costs a few augmentations instead of a solve from scratch);
//! after S1 and S2 are fixed, which lowers the optimum's own edges, it is solved from scratch.
//! The transpositions (lexicographic over S1) are read off that solve when every maximum-weight
//! matching pairs S1 into S2 along tight edges: the rules' order on that bipartite graph,
//! verified against the solve's matching (`lex`). Otherwise, or when that does not verify,
//! they are taken greedily along tight edges of the optimal dual as far as a verified prefix
//! reaches (checked on the kept matching: the prefix's
//! pairs taken out in growing batches and solved warm, back to a checkpoint when a batch does
//! not extend, then halving), the next S1 players in one chunk whose rank fields fit in narrow
//! weights, then greedily again. Weights take as many 64-bit words as their fields need (up to
//! eight, then powers of two). A field whose neighbouring score groups alone make a bracket
//! beyond the memory budget, or beyond `budget::MAX_BRACKET_PLAYERS`, is refused before any
//! bracket is paired. A nudge is only solved when it can change something: an edge with
//! non-zero reduced cost cannot enter any optimum.

mod bracket;
mod colour;
mod lex;
mod optimum;
mod prepare;
mod solve;

use super::cardinality::CardinalityMatcher;
use super::state::{Colour, Pairing, PairingError, SwissState};
use bracket::{Bracket, LOOK_AHEAD_MAX};

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
    /// The pairing score: points plus this round's virtual points (C.04.5).
    score: u32,
    /// The points scored, for the published order of the boards.
    real_score: u32,
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
    /// Played opponents of each player (`ps` indices), and those a forbidden pairing keeps
    /// apart: a handful each, so the field's memory stays linear (a bitset would be n²/8
    /// bytes).
    met: Vec<Vec<usize>>,
    played_rounds: usize,
    last_round: bool,
    topscore_threshold: u32,
    initial: Colour,
    /// The score of the pairing-allocated bye's assignee (an odd field only).
    bye_score: Option<u32>,
}

impl Ctx {
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

    /// The pairing-allocated bye goes to an eligible player of the lowest score with which
    /// the round can be completed; that is settled before any bracket is paired.
    fn settle_bye(&mut self) {
        if self.ps.len().is_multiple_of(2) {
            return;
        }
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

    fn pair(mut self) -> Result<Pairing, PairingError> {
        let n = self.ps.len();
        self.settle_bye();
        // Round 1's shortcut needs a field where every pair is allowed: a forbidden pair makes
        // it a bracket like any other.
        if self.played_rounds == 0
            && self.ps.iter().all(|p| p.score == self.ps[0].score)
            && self.met.iter().all(Vec::is_empty)
        {
            return self.finish(&first_round(n));
        }
        self.check_largest_bracket()?;
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
            let what = format!("a pairing bracket of {} players", pbi.len());
            super::budget::check(
                &what,
                super::budget::bracket_bytes(pbi.len() as u64, super::budget::words(need)),
            )?;
            super::budget::check_size(&what, pbi.len())?;
            let res = match need {
                // One 64-bit word at a time up to 512 bits: the weights are most of a
                // bracket's memory and every word is work in the matching's inner loop.
                0..=127 => br.run::<2>(&mut validity),
                128..=191 => br.run::<3>(&mut validity),
                192..=255 => br.run::<4>(&mut validity),
                256..=319 => br.run::<5>(&mut validity),
                320..=383 => br.run::<6>(&mut validity),
                384..=447 => br.run::<7>(&mut validity),
                448..=511 => br.run::<8>(&mut validity),
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

    /// Refuse at once a field whose largest bracket could not fit the memory budget, instead of
    /// after pairing the brackets above it (hours, at such sizes). Every score group but the
    /// last is paired in a bracket of at least all of it (its residents) and all of the next
    /// score group (the look-ahead), so each pair of neighbouring groups bounds from below what
    /// that bracket asks: its players, and its weight's width counting only the fields sized by
    /// the residents (`Bracket::weight_bits` has those and more). The check made before each
    /// bracket stands for the rest.
    fn check_largest_bracket(&self) -> Result<(), PairingError> {
        let mut groups: Vec<usize> = Vec::new();
        for (i, p) in self.ps.iter().enumerate() {
            if i == 0 || p.score != self.ps[i - 1].score {
                groups.push(0);
            }
            if let Some(last) = groups.last_mut() {
                *last += 1;
            }
        }
        if groups.len() == 1 {
            groups.push(0);
        }
        let pr = self.played_rounds;
        let mut worst = (0u64, 0usize);
        for w in groups.windows(2) {
            let players = w[0] + w[1];
            let pcb = bits(w[0]);
            let mut need = bits(players) + 4 + 5 * pcb + 3 * pcb + 4;
            if pr >= 1 {
                need += 2 * pcb;
            }
            if pr > 1 {
                need += 2 * pcb;
            }
            let words = super::budget::words(need);
            let bytes = super::budget::bracket_bytes(players as u64, words);
            if bytes > worst.0 {
                worst = (bytes, players);
            }
        }
        super::budget::check(
            &format!(
                "a pairing bracket of at least {} players (a score group and the next)",
                worst.1
            ),
            worst.0,
        )?;
        let largest = groups.windows(2).map(|w| w[0] + w[1]).max().unwrap_or(0);
        super::budget::check_size(
            &format!(
                "a pairing bracket of at least {largest} players (a score group and the next)"
            ),
            largest,
        )
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
        // Publication order: higher-ranked player's score, then the other's, then rank (scores
        // without virtual points, as bbpPairings publishes them).
        let key = |&(w, b): &(usize, usize)| {
            let (hi, lo) = if w < b { (w, b) } else { (b, w) };
            (
                std::cmp::Reverse(self.ps[hi].real_score),
                std::cmp::Reverse(self.ps[lo].real_score),
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
