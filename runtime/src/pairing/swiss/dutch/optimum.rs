//! The optimality matching of a bracket (a triangle of weights over the dense blossom) and the
//! transpositions solved on it, greedily along tight edges or in one widened matching.

use std::collections::BTreeMap;

use super::NONE;
use crate::pairing::swiss::dense::{max_weight_matching_dense, DenseMatching, WarmMatching};
use crate::pairing::swiss::weight::{Big, Weight};

/// The transpositions without widening the weights, as far as possible: with optimal duals of
/// the current weights, only tight edges occur in maximum-weight matchings, so giving each S1
/// player in turn its best free S2 opponent along a tight edge is the rules' choice for every
/// player of a prefix of S1 as long as the pairs of that prefix extend to a maximum-weight
/// matching (a higher opponent would need a tight edge too, and every extendable pair is
/// tight); that is checked on the kept matching (`Opt::extending_prefix`). Returns those pairs
/// (the rules' choice for the first S1 players, possibly none) and whether they cover all of
/// `s1`. First `lex` (`lex::lex_transpositions`, passed in: it reads `Opt`, so naming it here
/// would be an import cycle) is asked on the solve: the pairs it finds, verified or not, stand
/// in for the greedy ones.
pub(super) fn greedy_transpositions<const L: usize>(
    opt: &mut Opt<L>,
    remainder: &[usize],
    s1: &[usize],
    matched: &[bool],
    lex: impl FnOnce(&Opt<L>, &[usize]) -> Option<(Vec<(usize, usize)>, bool)>,
) -> (Vec<(usize, usize)>, bool) {
    let st = opt.compute();
    if opt.last.is_none() {
        return (Vec::new(), false);
    }
    if let Some((pairs, verified)) = lex(opt, &st) {
        if verified {
            let all = pairs.len() == s1.len();
            return (pairs, all);
        }
        let agree = pairs.iter().take_while(|&&(p, o)| st[p] == o).count();
        let good = opt.extending_prefix(&pairs, agree);
        return (pairs[..good].to_vec(), good == s1.len());
    }
    let mut taken = vec![false; opt.n];
    let mut pairs = Vec::new();
    for &p in s1 {
        if opt.fixed[p] != NONE {
            break;
        }
        let choice = remainder.iter().copied().find(|&o| {
            o > p
                && !taken[o]
                && !matched.get(o).copied().unwrap_or(false)
                && !opt.get(p, o).is_zero()
                && opt.is_tight(p, o)
        });
        let Some(choice) = choice else {
            break;
        };
        taken[choice] = true;
        pairs.push((p, choice));
    }
    // The leading pairs that the optimum just solved already makes extend without a check.
    let agree = pairs.iter().take_while(|&&(p, o)| st[p] == o).count();
    let good = opt.extending_prefix(&pairs, agree);
    pairs.truncate(good);
    let all = good == s1.len();
    (pairs, all)
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
pub(super) fn transpose<const L: usize, const L2: usize>(
    (opt, remainder, s1, matched, fb): (&Opt<L>, &Vec<usize>, &Vec<usize>, &Vec<bool>, usize),
) -> Option<Vec<usize>> {
    let n = opt.n;
    let active: Vec<usize> = (0..n).filter(|&i| opt.fixed[i] == NONE).collect();
    let mut pos = vec![NONE; n];
    for (ai, &a) in active.iter().enumerate() {
        pos[a] = ai;
    }
    let extra = s1.len() * fb;
    // Over the unfixed positions only: this matching is built beside the bracket's own.
    let mut w2 = vec![Big::<L2>::default(); active.len() * active.len().saturating_sub(1) / 2];
    for (ci, &c) in active.iter().enumerate() {
        for (ai, &a) in active.iter().enumerate().take(ci) {
            let w = opt.get(a, c);
            if !w.is_zero() {
                let mut x = widen::<L, L2>(&w);
                x.shl(extra);
                w2[tri(ai, ci)] = x;
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
            if pos[p] == NONE || pos[o] == NONE {
                addend += 1;
                continue;
            }
            let x = &mut w2[tri(pos[p], pos[o])];
            if !x.is_zero() {
                x.add_at(offset, addend);
            }
            addend += 1;
        }
    }
    let mates = max_weight_matching_dense(active.len(), |ai, ci| w2[tri(ai, ci)]).mates();
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
pub(super) fn tri(a: usize, b: usize) -> usize {
    let (hi, lo) = if a > b { (a, b) } else { (b, a) };
    hi * (hi - 1) / 2 + lo
}

/// The last solve of a bracket's optimality matching: kept whole for warm starts, or only
/// its duals (the solver's tables released before other matchings are built).
enum Last<const L: usize> {
    Warm(Box<WarmMatching<Big<L>>>),
    Cold(DenseMatching<Big<L>>),
}

impl<const L: usize> Last<L> {
    fn is_tight(&self, i: usize, j: usize, w: Big<L>) -> bool {
        match self {
            Last::Warm(m) => m.is_tight(i, j, w),
            Last::Cold(m) => m.is_tight(i, j, w),
        }
    }
}

/// The optimality matching of one bracket: a triangle of weights, pairs already fixed, and the
/// last solution (for its duals, and to start the next solve from).
pub(super) struct Opt<const L: usize> {
    n: usize,
    w: Vec<Big<L>>,
    fixed: Vec<usize>,
    /// The vertices of the last solve (positions unfixed then) and its matching.
    last: Option<(Vec<usize>, Last<L>)>,
    /// The weights changed since `last` was solved, as they were then (the duals are tested
    /// against those): a few per nudge, where a copy of the triangle would double its memory.
    /// Kept only for a cold `last` (a warm one holds its weights).
    before: BTreeMap<usize, Big<L>>,
    /// The pairs whose weight changed since a warm `last` was solved.
    changed: Vec<(u32, u32)>,
    /// The pairs fixed since `last` was solved.
    newly_fixed: Vec<(usize, usize)>,
}

impl<const L: usize> Opt<L> {
    pub(super) fn new(n: usize) -> Self {
        Opt {
            n,
            w: vec![Big::default(); n * n.saturating_sub(1) / 2],
            fixed: vec![NONE; n],
            last: None,
            before: BTreeMap::new(),
            changed: Vec::new(),
            newly_fixed: Vec::new(),
        }
    }

    pub(super) fn set(&mut self, a: usize, b: usize, w: Big<L>) {
        if a >= self.n || b >= self.n || a == b {
            return;
        }
        let k = tri(a, b);
        match &self.last {
            Some((_, Last::Cold(_))) => {
                self.before.entry(k).or_insert(self.w[k]);
            }
            Some((_, Last::Warm(_))) if self.w[k] != w => {
                self.changed.push((a as u32, b as u32));
            }
            Some((_, Last::Warm(_))) => {}
            None => {}
        }
        self.w[k] = w;
    }

    /// The weight of {a, b} when `last` was solved.
    pub(super) fn solved(&self, a: usize, b: usize) -> Big<L> {
        if a == b {
            return Big::default();
        }
        if let Some((active, Last::Warm(m))) = &self.last {
            let pos = |v: usize| active.binary_search(&v).ok();
            return match (pos(a), pos(b)) {
                (Some(x), Some(y)) => m.weight(x, y),
                _ => Big::default(),
            };
        }
        let k = tri(a, b);
        self.before.get(&k).copied().unwrap_or(self.w[k])
    }

    pub(super) fn get(&self, a: usize, b: usize) -> Big<L> {
        if a == b {
            Big::default()
        } else {
            self.w[tri(a, b)]
        }
    }

    /// Whether position `a` is paired for the rest of the bracket.
    pub(super) fn is_fixed(&self, a: usize) -> bool {
        self.fixed.get(a).is_some_and(|&f| f != NONE)
    }

    pub(super) fn finalize(&mut self, a: usize, b: usize) {
        if a < self.n && b < self.n {
            self.fixed[a] = b;
            self.fixed[b] = a;
            self.newly_fixed.push((a, b));
        }
    }

    /// Keep only the duals of the last solve, releasing the solver's tables (before another
    /// matching of the bracket's size is built).
    pub(super) fn release(&mut self) {
        if let Some((active, Last::Warm(m))) = self.last.take() {
            // The weights changed since, as they were solved, for the tightness tests.
            for (a, b) in std::mem::take(&mut self.changed) {
                let (a, b) = (a as usize, b as usize);
                let pos = |v: usize| active.binary_search(&v).ok();
                let was = match (pos(a), pos(b)) {
                    (Some(x), Some(y)) => m.weight(x, y),
                    _ => Big::default(),
                };
                self.before.entry(tri(a, b)).or_insert(was);
            }
            self.last = Some((active, Last::Cold((*m).into_matching())));
        }
    }

    /// The length of the longest prefix of `pairs` (disjoint pairs of positions unfixed at the
    /// last solve, which is kept whole; the first `agree` of them in its matching) that extends
    /// to a maximum-weight matching. Extending is monotone in the prefix: pairs are taken out
    /// of the kept matching in growing batches, each followed by a warm solve of the rest,
    /// while the total stays the optimum; the first batch that lowers it is halved, back at
    /// the last state that extended (a checkpoint), until one pair is left. A warm solve costs
    /// about one augmentation per pair that the matching did not have, and one solve with many
    /// of them far less than as many solves with one. The kept matching is spent: the next
    /// solve starts from scratch.
    pub(super) fn extending_prefix(&mut self, pairs: &[(usize, usize)], agree: usize) -> usize {
        let Some((active, Last::Warm(mut m))) = self.last.take() else {
            return 0;
        };
        self.before.clear();
        self.changed.clear();
        self.newly_fixed.clear();
        let w = &self.w;
        let weight = |ai: usize, bi: usize| w[tri(active[ai], active[bi])];
        // Over the kept matching, where the pairs taken out stay matched to each other.
        let total = |m: &WarmMatching<Big<L>>| -> Big<L> {
            let mut t = Big::<L>::default();
            for (ai, mate) in m.mates().iter().enumerate() {
                if let Some(bi) = *mate {
                    if bi > ai {
                        t = t.plus(weight(ai, bi));
                    }
                }
            }
            t
        };
        let best = total(&m);
        let pos = |v: usize| active.binary_search(&v).ok();
        if pairs
            .iter()
            .any(|&(p, o)| pos(p).is_none() || pos(o).is_none())
        {
            return 0;
        }
        // Take out pairs[from..to] and solve: whether the total is still the optimum.
        let extends = |m: &mut WarmMatching<Big<L>>, from: usize, to: usize| -> bool {
            for &(p, o) in &pairs[from..to] {
                if let (Some(x), Some(y)) = (pos(p), pos(o)) {
                    m.remove_pair(x, y);
                }
            }
            m.solve();
            total(m) == best
        };
        let (mut good, mut bad) = (0usize, pairs.len() + 1);
        let mut cp = m.checkpoint();
        let mut step = agree.max(1);
        // Gallop up from the pairs the matching already has ...
        while good < pairs.len() {
            let k = (good + step).min(pairs.len());
            if extends(&mut m, good, k) {
                good = k;
                cp = m.checkpoint();
                step *= 2;
            } else {
                bad = k;
                m.rollback(&cp, &weight);
                break;
            }
        }
        // ... then halve the batch that did not extend.
        while bad - good > 1 {
            let mid = good + (bad - good) / 2;
            if extends(&mut m, good, mid) {
                good = mid;
                cp = m.checkpoint();
            } else {
                bad = mid;
                m.rollback(&cp, &weight);
            }
        }
        good
    }

    /// Solve: from the last solve when it is kept whole, else from scratch; `result[i]` is i's
    /// partner, or i itself when unmatched.
    pub(super) fn compute(&mut self) -> Vec<usize> {
        let warm = matches!(self.last, Some((_, Last::Warm(_))));
        let (active, m) = if warm {
            let Some((active, Last::Warm(mut m))) = self.last.take() else {
                unreachable!()
            };
            let pos = |v: usize| active.binary_search(&v).ok();
            for &(a, b) in &self.newly_fixed {
                if let (Some(x), Some(y)) = (pos(a), pos(b)) {
                    m.remove_pair(x, y);
                }
            }
            for &(a, b) in &self.changed {
                let (a, b) = (a as usize, b as usize);
                if let (Some(x), Some(y)) = (pos(a), pos(b)) {
                    m.set_weight(x, y, self.w[tri(a, b)]);
                }
            }
            m.solve();
            (active, m)
        } else {
            let active: Vec<usize> = (0..self.n).filter(|&i| self.fixed[i] == NONE).collect();
            let m = WarmMatching::new(active.len(), |ai, bi| self.w[tri(active[ai], active[bi])]);
            (active, Box::new(m))
        };
        let mut st: Vec<usize> = (0..self.n).collect();
        for (i, f) in self.fixed.iter().enumerate() {
            if *f != NONE {
                st[i] = *f;
            }
        }
        for (ai, mate) in m.mates().iter().enumerate() {
            if let Some(bi) = mate {
                if self.fixed[active[ai]] == NONE {
                    st[active[ai]] = active[*bi];
                }
            }
        }
        self.last = Some((active, Last::Warm(m)));
        self.before.clear();
        self.changed.clear();
        self.newly_fixed.clear();
        st
    }

    /// Solve after the edges of `p` were nudged towards `prefer` (best first). The nudges are
    /// below every quality field, so the optimum only changes if p can get a better partner
    /// in some maximum-weight matching of the un-nudged weights, which needs a tight edge.
    pub(super) fn compute_nudged(
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

    /// The positions joined to `p` by a tight edge in the last solve, kept whole, and whether
    /// p's dual is positive (p is then matched in every maximum-weight matching); `None` when
    /// the last solve is not kept whole or p was fixed then.
    pub(super) fn tight_partners(&self, p: usize) -> Option<(Vec<usize>, bool)> {
        let Some((active, Last::Warm(m))) = &self.last else {
            return None;
        };
        let x = active.binary_search(&p).ok()?;
        let (row, positive) = m.tight_row(x);
        Some((row.into_iter().map(|a| active[a]).collect(), positive))
    }

    /// Whether {a, b} is tight in the last solve (false for a position fixed then).
    pub(super) fn is_tight(&self, a: usize, b: usize) -> bool {
        let Some((active, m)) = &self.last else {
            return false;
        };
        let pos = |v: usize| active.binary_search(&v).ok();
        match (pos(a), pos(b)) {
            (Some(x), Some(y)) => m.is_tight(x, y, self.solved(a, b)),
            _ => false,
        }
    }
}
