//! Pairing one bracket: the optimal quality first, then the choices the rules leave to the
//! order of candidates (moved-down players, their opponents, exchanges, transpositions), each
//! fixed by nudging the reserved low bits of the weights.

use super::bracket::{Bracket, Layout};
use super::lex::lex_transpositions;
use super::optimum::{greedy_transpositions, transpose, tri, Opt};
use super::{bits, NONE};
use crate::pairing::swiss::cardinality::CardinalityMatcher;
use crate::pairing::swiss::weight::{Big, Weight};

impl Bracket<'_> {
    /// Pair the bracket. `None` when the choice of downfloaters leaves the rest of the round
    /// impossible to complete (the caller then merges this bracket with everything below).
    pub(super) fn run<const L: usize>(
        &self,
        validity: &mut CardinalityMatcher,
    ) -> Option<(Vec<bool>, Vec<usize>)> {
        let mut s = Solve::<L>::new(self, validity);
        s.choose_moved_down();
        s.pair_moved_down();
        let remainder = s.remainder();
        s.exchange_out_of_s1(&remainder);
        s.exchange_into_s1(&remainder);
        s.fix_halves(&remainder);
        s.transpositions(&remainder);
        if !self.special && !s.validity.is_perfect(&|a, b| self.ctx.validity_edge(a, b)) {
            return None;
        }
        Some((s.matched, s.st))
    }
}

/// The remainder of a bracket: residents not paired with moved-down players, how many pairs
/// they form (the size of S1), and how many exchanges between S1 and S2 its optimum makes.
struct Remainder {
    players: Vec<usize>,
    pairs: usize,
    exchanges: usize,
}

/// The working state of one bracket's pairing, shared by its phases.
struct Solve<'b, 'c, const L: usize> {
    br: &'b Bracket<'c>,
    validity: &'b mut CardinalityMatcher,
    /// The layout of the quality weights, which are computed again when needed rather than
    /// kept in a second triangle beside `opt`'s.
    layout: Layout,
    /// The pairs a phase ruled out (one bit per pair of the triangle): their quality is zero.
    ruled_out: Vec<u64>,
    /// The weights as solved, the quality plus the current nudges.
    opt: Opt<L>,
    /// The current optimum: each position's partner, or itself when unmatched.
    st: Vec<usize>,
    /// The positions whose partner is settled (moved-down players and residents only).
    matched: Vec<bool>,
    /// The width of the pair-count field, which sizes the reserved nudge bits.
    pcb: usize,
}

impl<'b, 'c, const L: usize> Solve<'b, 'c, L> {
    fn new(br: &'b Bracket<'c>, validity: &'b mut CardinalityMatcher) -> Self {
        let n = br.pbi.len();
        let layout = br.layout();
        let pcb = layout.pcb;
        let mut opt = Opt::<L>::new(n);
        for o in br.sgb..n {
            for p in 0..o {
                let w = br.edge::<L>(&layout, p, o);
                opt.set(p, o, w);
            }
        }
        let st = opt.compute();
        Solve {
            br,
            validity,
            layout,
            ruled_out: vec![0; (n * n.saturating_sub(1) / 2).div_ceil(64)],
            opt,
            st,
            matched: vec![false; br.nsgb],
            pcb,
        }
    }

    /// The quality weight of the pair {x, y} (x ≠ y).
    fn w(&self, x: usize, y: usize) -> Big<L> {
        let k = tri(x, y);
        if self.ruled_out[k / 64] >> (k % 64) & 1 == 1 || x.max(y) < self.br.sgb {
            return Big::default();
        }
        self.br.edge::<L>(&self.layout, x.min(y), x.max(y))
    }

    /// Rule the pair {x, y} out for the rest of the bracket.
    fn rule_out(&mut self, x: usize, y: usize) {
        let k = tri(x, y);
        self.ruled_out[k / 64] |= 1 << (k % 64);
    }

    /// Whether position `x` is currently paired with a resident.
    fn with_resident(&self, x: usize) -> bool {
        self.st[x] >= self.br.sgb && self.st[x] < self.br.nsgb
    }

    /// Whether position `p` is in S1: paired with a higher position inside the bracket.
    fn in_s1(&self, p: usize) -> bool {
        self.st[p] > p && self.st[p] < self.br.nsgb
    }

    /// Fix the pair {p, m} for the rest of the bracket and of the round's completion check.
    fn settle(&mut self, p: usize, m: usize) {
        self.matched[p] = true;
        if m < self.br.nsgb {
            self.matched[m] = true;
        }
        self.opt.finalize(p, m);
        self.validity.finalize(self.br.pbi[p], self.br.pbi[m]);
    }

    /// Give each edge of `p` to a resident its quality weight plus `add`.
    fn nudge_to_residents(&mut self, p: usize, add: u64) {
        for o in self.br.sgb..self.br.nsgb {
            let mut e = self.w(o, p);
            if !e.is_zero() {
                e.add_small(add);
                self.opt.set(p, o, e);
            }
        }
    }

    /// Nudge the edges of `p` to `candidates` (in bracket order, best first) by amounts that
    /// grow from `addend` towards the best, so that among equal-quality optima `p` takes the
    /// best one it can. Returns the candidates with an edge, best first, and the next addend.
    /// With `by_position`, a candidate without an edge still takes up its amount, so each
    /// amount stays the candidate's rank from the bottom.
    fn nudge_in_order(
        &mut self,
        p: usize,
        candidates: &[usize],
        mut addend: u64,
        by_position: bool,
    ) -> (Vec<usize>, u64) {
        let mut prefer = Vec::new();
        for &o in candidates.iter().rev() {
            let mut e = self.w(o, p);
            let edge = !e.is_zero();
            if edge {
                e.add_small(addend);
                self.opt.set(p, o, e);
                prefer.push(o);
            }
            if edge || by_position {
                addend += 1;
            }
        }
        prefer.reverse();
        (prefer, addend)
    }

    /// Which moved-down players are paired in the bracket: the highest ones, score by score.
    fn choose_moved_down(&mut self) {
        let sgb = self.br.sgb;
        let resident_count = (self.br.nsgb - sgb) as u64;
        let mut md_score = 0u32;
        let mut rem = 0usize;
        let mut rem_matched = 0usize;
        for p in 0..sgb {
            let sp = self.br.p(p).score;
            if p == 0 || sp < md_score {
                md_score = sp;
                rem = 0;
                rem_matched = 0;
                let mut q = p;
                while q < sgb && self.br.p(q).score >= md_score {
                    rem += 1;
                    if self.with_resident(q) {
                        rem_matched += 1;
                    }
                    q += 1;
                }
            }
            if rem_matched == 0 {
                continue;
            }
            if rem <= rem_matched {
                self.matched[p] = true;
                continue;
            }
            rem -= 1;
            if !self.with_resident(p) {
                self.nudge_to_residents(p, 1);
                self.st = self.opt.compute();
            }
            if self.with_resident(p) {
                self.matched[p] = true;
                rem_matched -= 1;
                self.nudge_to_residents(p, resident_count + 1);
            }
        }
    }

    /// The opponents of the chosen moved-down players: the highest residents possible.
    fn pair_moved_down(&mut self) {
        let (sgb, nsgb) = (self.br.sgb, self.br.nsgb);
        let n = self.br.pbi.len();
        for p in 0..sgb {
            if !self.matched[p] {
                continue;
            }
            let free: Vec<usize> = (sgb..nsgb).filter(|&o| !self.matched[o]).collect();
            let (prefer, addend) = self.nudge_in_order(p, &free, n as u64, false);
            // The nudges must stay inside the reserved low bits for the shortcut to hold.
            let fits = 3 * self.pcb + 1 >= 64 || addend < (1u64 << (3 * self.pcb + 1));
            self.st = self.opt.compute_nudged(&self.st, p, &prefer, fits);
            let m = self.st[p];
            if m >= nsgb || m == p {
                continue;
            }
            self.matched[m] = true;
            self.opt.finalize(p, m);
            self.validity.finalize(self.br.pbi[p], self.br.pbi[m]);
        }
    }

    /// The residents not paired with moved-down players, weighted so that the first `pairs`
    /// of them prefer S1, and the optimum solved again on those weights.
    fn remainder(&mut self) -> Remainder {
        let (sgb, nsgb) = (self.br.sgb, self.br.nsgb);
        let mut players = Vec::new();
        let mut pairs = 0usize;
        for p in sgb..nsgb {
            if self.st[p] < sgb {
                continue;
            }
            players.push(p);
            if self.st[p] < p {
                pairs += 1;
            }
        }
        let mut r = Remainder {
            players,
            pairs,
            exchanges: 0,
        };
        for (oi, &o) in r.players.iter().enumerate() {
            for (pi, &p) in r.players.iter().enumerate().take(oi) {
                let e = self.s1_weight(&r, p, o, pi);
                self.opt.set(p, o, e);
            }
        }
        self.st = self.opt.compute();
        r.exchanges = r
            .players
            .iter()
            .take(r.pairs)
            .filter(|&&p| !self.in_s1(p))
            .count();
        r
    }

    /// The weight of {sm, lg} in the remainder, `sm` at remainder position `sri`: the quality,
    /// a bonus for the top `pairs` positions being in S1, and a small preference for higher
    /// positions.
    fn s1_weight(&self, r: &Remainder, sm: usize, lg: usize, sri: usize) -> Big<L> {
        let mut e = self.w(lg, sm);
        if !e.is_zero() {
            if sri < r.pairs {
                e.add_at(2 * self.pcb + 1, 1);
            }
            e.sub_at(1, sri as u64);
        }
        e
    }

    /// Exchanges: the lowest S1 players leave S1 first ...
    fn exchange_out_of_s1(&mut self, r: &Remainder) {
        let mut remaining = r.exchanges;
        let mut it = r.pairs;
        while it > 0 && remaining > 0 {
            it -= 1;
            let p = r.players[it];
            if self.in_s1(p) {
                for &o in &r.players[it + 1..] {
                    let mut e = self.s1_weight(r, p, o, it);
                    if !e.is_zero() {
                        e.sub_at(0, 1);
                        self.opt.set(p, o, e);
                    }
                }
                self.st = self.opt.compute();
            }
            let exchange = !self.in_s1(p);
            if exchange {
                remaining -= 1;
            }
            for &o in &r.players[it + 1..] {
                if exchange {
                    self.rule_out(o, p);
                }
                let e = self.s1_weight(r, p, o, it);
                self.opt.set(p, o, e);
            }
        }
    }

    /// ... and the highest S2 players enter it.
    fn exchange_into_s1(&mut self, r: &Remainder) {
        let n = self.br.pbi.len();
        let nsgb = self.br.nsgb;
        let mut remaining = r.exchanges;
        for pos in r.pairs..r.players.len() {
            if remaining <= 1 {
                break;
            }
            let p = r.players[pos];
            let already = self.in_s1(p);
            if !already {
                for &o in &r.players[pos + 1..] {
                    let mut e = self.s1_weight(r, p, o, pos);
                    if !e.is_zero() {
                        e.add_small(1);
                        self.opt.set(p, o, e);
                    }
                }
                self.st = self.opt.compute();
            }
            if self.in_s1(p) {
                remaining -= 1;
                for &o in &r.players[..pos] {
                    self.rule_out(p, o);
                    self.opt.set(p, o, Big::default());
                }
                for o in nsgb..n {
                    self.rule_out(o, p);
                    self.opt.set(p, o, Big::default());
                }
            }
            if !already {
                for &o in &r.players[pos + 1..] {
                    let e = self.s1_weight(r, p, o, pos);
                    self.opt.set(p, o, e);
                }
            }
        }
    }

    /// Fix S1 and S2: only pairs of an S1 player with a later S2 player stay possible.
    fn fix_halves(&mut self, r: &Remainder) {
        // Dropping the S1 bonus lowers the optimum's own edges by more than all the nudges
        // below it: the duals would have that much to work down, so the next solve starts
        // from scratch.
        self.opt.release();
        for (pi, &p) in r.players.iter().enumerate() {
            for &o in &r.players[pi + 1..] {
                if !self.in_s1(p) || self.in_s1(o) {
                    self.rule_out(o, p);
                }
                let e = self.w(o, p);
                self.opt.set(p, o, e);
            }
        }
    }

    /// Transpositions: each S1 player in order takes the highest S2 player possible. The
    /// order is lexicographic over S1, so it fits one matching whose weights append a field
    /// per S1 player (the first player's field highest) below the quality fields; greedily
    /// along tight edges when that holds, else in chunks, else one player at a time.
    fn transpositions(&mut self, r: &Remainder) {
        let mut s1: Vec<usize> = r
            .players
            .iter()
            .copied()
            .filter(|&p| self.in_s1(p))
            .collect();
        // Greedily as far as it verifies, then one chunk, then greedily again on what is left.
        let mut more = s1.len() > 1;
        while more && !s1.is_empty() {
            let lex = |opt: &Opt<L>, st: &[usize]| {
                lex_transpositions(opt, st, &r.players, &s1, &self.matched)
                    .map(|l| (l.pairs, l.verified))
            };
            let (pairs, all) =
                greedy_transpositions(&mut self.opt, &r.players, &s1, &self.matched, lex);
            for &(p, m) in &pairs {
                self.st[p] = m;
                self.st[m] = p;
                self.settle(p, m);
            }
            if all {
                break;
            }
            s1.drain(..pairs.len());
            let settled = self.transpose_in_chunks(r, &s1, 1);
            s1.drain(..settled.min(s1.len()));
            more = settled > 0;
        }
        self.transpose_one_by_one(r);
    }

    /// In chunks of S1 players whose fields fit in (at most twice) the base width: fixing the
    /// first chunk's lexicographic choice and then solving the next is the same lexicographic
    /// order, and narrow weights are what makes each solve cheap.
    /// At most `limit` chunks (`usize::MAX`: all); returns how many S1 players were settled
    /// (solved), from the first.
    fn transpose_in_chunks(&mut self, r: &Remainder, s1: &[usize], limit: usize) -> usize {
        let fb = bits(r.players.len());
        let need = self.br.weight_bits();
        // A power of two of words with room for a few S1 fields: the widths the chunks had
        // when brackets' weights were powers of two, and no wider than needed.
        let width = 64 * (need + 1 + 4 * fb).div_ceil(64).next_power_of_two();
        let k = ((width - 1).saturating_sub(need) / fb.max(1)).max(1);
        let mut solved = 0usize;
        for chunk in s1.chunks(k).take(limit) {
            let chunk: Vec<usize> = chunk.to_vec();
            let total = need + chunk.len() * fb;
            let args = (&self.opt, &r.players, &chunk, &self.matched, fb);
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
            solved += chunk.len();
            for (&p, &m) in chunk.iter().zip(partners.iter()) {
                if m == p || m == NONE {
                    continue;
                }
                self.st[p] = m;
                self.st[m] = p;
                self.settle(p, m);
            }
        }
        solved
    }

    /// The S1 players still unsettled, one at a time, each nudged towards its highest S2
    /// opponent. Solved once first for the duals only; the S1 set stays the one found above.
    fn transpose_one_by_one(&mut self, r: &Remainder) {
        if r.players.iter().any(|&p| self.in_s1(p) && !self.matched[p]) {
            let _ = self.opt.compute();
        }
        for &p in &r.players {
            if !self.in_s1(p) || self.matched[p] {
                continue;
            }
            let below: Vec<usize> = r
                .players
                .iter()
                .copied()
                .filter(|&o| o > p && !self.matched.get(o).copied().unwrap_or(false))
                .collect();
            let (prefer, _) = self.nudge_in_order(p, &below, 0, true);
            self.st = self.opt.compute_nudged(&self.st, p, &prefer, true);
            let m = self.st[p];
            if m == p {
                continue;
            }
            self.settle(p, m);
        }
    }
}
