//! The warm-started matching: a solver kept between solves, re-optimised from its last matching
//! and duals after some edges change or some pairs leave the graph.

use super::super::weight::Weight;
use super::{tight, DenseMatching, Solver};

/// A state of a warm matching to come back to: the duals and the matching with the blossoms
/// dissolved (all a solve starts from), and which vertices were out of the graph.
pub struct Checkpoint<W: Weight> {
    lab: Vec<W>,
    mate: Vec<usize>,
    inert: Vec<bool>,
}

/// A maximum-weight matching kept between solves: after some edges change, or some matched
/// pairs leave the graph, it is solved again from its current matching and duals (warm
/// start) instead of from scratch. Each solve gives a maximum-weight matching of the current
/// weights; among several, which one may differ from a solve from scratch.
pub struct WarmMatching<W: Weight> {
    s: Solver<W>,
    /// Vertices taken out of the graph (paired outside it): no edges, matched to each other.
    inert: Vec<bool>,
    /// Pairs taken out since the last solve.
    pending: Vec<(usize, usize)>,
    /// Vertices whose edges changed since the last solve.
    dirty: Vec<bool>,
    parent: Vec<usize>,
}

impl<W: Weight> WarmMatching<W> {
    /// Solve from scratch.
    pub fn new(n: usize, weight: impl Fn(usize, usize) -> W) -> Self {
        let mut s = Solver::build(n, weight);
        s.run();
        let parent = s.parents();
        WarmMatching {
            s,
            inert: vec![false; n],
            pending: Vec::new(),
            dirty: vec![false; n],
            parent,
        }
    }

    /// The partner of each vertex, if matched.
    pub fn mates(&self) -> Vec<Option<usize>> {
        self.s.mates()
    }

    /// The weight of edge (i, j) as last set (zero for an inert vertex's).
    pub fn weight(&self, i: usize, j: usize) -> W {
        if i == j || i >= self.s.n || j >= self.s.n {
            return W::zero();
        }
        self.s.gw[self.s.wat(i + 1, j + 1)].half().half()
    }

    /// Set the weight of edge (i, j) (zero: no edge); takes effect at the next `solve`.
    pub fn set_weight(&mut self, i: usize, j: usize, w: W) {
        if i == j || i >= self.s.n || j >= self.s.n || self.inert[i] || self.inert[j] {
            return;
        }
        let (u, v) = (i + 1, j + 1);
        let w2 = w.plus(w);
        let w4 = w2.plus(w2);
        let edge = !w.is_zero();
        for (a, c) in [(u, v), (v, u)] {
            let (k, kw) = (self.s.at(a, c), self.s.wat(a, c));
            self.s.gw[kw] = w4;
            self.s.ep[k] = if edge { a as u32 } else { 0 };
        }
        self.dirty[i] = true;
        self.dirty[j] = true;
    }

    /// Take the pair {i, j} out of the graph, matched to each other; at the next `solve`.
    pub fn remove_pair(&mut self, i: usize, j: usize) {
        if i == j || i >= self.s.n || j >= self.s.n || self.inert[i] || self.inert[j] {
            return;
        }
        self.inert[i] = true;
        self.inert[j] = true;
        self.pending.push((i, j));
    }

    /// Solve again from the current matching and duals.
    pub fn solve(&mut self) {
        let s = &mut self.s;
        let n = s.n;
        s.dissolve_blossoms();
        for (i, j) in std::mem::take(&mut self.pending) {
            let (u, v) = (i + 1, j + 1);
            for x in [u, v] {
                let old = s.mate[x];
                if old != 0 {
                    s.mate[old] = 0;
                }
                for y in 1..=n {
                    let (k1, k2) = (s.at(x, y), s.at(y, x));
                    s.ep[k1] = 0;
                    s.ep[k2] = 0;
                    let (k1, k2) = (s.wat(x, y), s.wat(y, x));
                    s.gw[k1] = W::zero();
                    s.gw[k2] = W::zero();
                }
                s.lab[x] = W::zero();
            }
            s.mate[u] = v;
            s.mate[v] = u;
        }
        // Feasibility: raise each changed vertex's label to cover its heaviest violated edge.
        for i in 0..n {
            if !self.dirty[i] || self.inert[i] {
                continue;
            }
            self.dirty[i] = false;
            let u = i + 1;
            let mut need = W::zero();
            for x in 1..=n {
                if !s.has(u, x) {
                    continue;
                }
                let have = s.lab[u].plus(s.lab[x]);
                let w = s.gw[s.wat(u, x)];
                if w > have {
                    let lack = w.minus(have);
                    if lack > need {
                        need = lack;
                    }
                }
            }
            s.lab[u] = s.lab[u].plus(need);
        }
        self.dirty.iter_mut().for_each(|d| *d = false);
        // Complementary slackness: a matched edge that is no longer tight is given up.
        for u in 1..=n {
            let v = s.mate[u];
            if v == 0 || self.inert[u - 1] {
                continue;
            }
            if !s.has(u, v) || s.lab[u].plus(s.lab[v]) != s.gw[s.wat(u, v)] {
                s.mate[u] = 0;
                s.mate[v] = 0;
            }
        }
        // Exposed labels even: every tree's labels then share one parity, so that half the
        // reduced cost of an edge between two trees stays whole.
        for u in 1..=n {
            if s.mate[u] == 0 {
                let even = s.lab[u].half().plus(s.lab[u].half());
                if even != s.lab[u] {
                    let one = s.lab[u].minus(even);
                    s.lab[u] = s.lab[u].plus(one);
                }
            }
        }
        s.epoch += 1;
        s.run();
        self.parent = s.parents();
    }

    /// The state after the last solve, to come back to with `rollback`. Its blossoms are
    /// dissolved (as the next solve would), so `is_tight` says nothing until the next solve.
    pub fn checkpoint(&mut self) -> Checkpoint<W> {
        let s = &mut self.s;
        s.dissolve_blossoms();
        Checkpoint {
            lab: s.lab[..=s.n].to_vec(),
            mate: s.mate[..=s.n].to_vec(),
            inert: self.inert.clone(),
        }
    }

    /// Back to the state of checkpoint `c` (taken after a solve, no weight set since): the
    /// pairs taken out since come back with their weights, `weight(i, j)` as first solved.
    pub fn rollback(&mut self, c: &Checkpoint<W>, weight: &dyn Fn(usize, usize) -> W) {
        let s = &mut self.s;
        let n = s.n;
        for b in n + 1..=s.nx {
            s.st[b] = 0;
            s.lab[b] = W::zero();
            s.flo[b].clear();
            s.mate[b] = 0;
        }
        s.nx = n;
        for u in 1..=n {
            s.st[u] = u;
        }
        for i in 0..n {
            if !self.inert[i] || c.inert[i] {
                continue;
            }
            for j in (0..n).filter(|&j| j != i && !c.inert[j]) {
                let w = weight(i.min(j), i.max(j));
                let w2 = w.plus(w);
                let w4 = w2.plus(w2);
                let edge = !w.is_zero();
                for (a, b) in [(i + 1, j + 1), (j + 1, i + 1)] {
                    let (k, kw) = (s.at(a, b), s.wat(a, b));
                    s.gw[kw] = w4;
                    s.ep[k] = if edge { a as u32 } else { 0 };
                }
            }
        }
        s.lab[..=n].copy_from_slice(&c.lab);
        s.mate[..=n].copy_from_slice(&c.mate);
        self.inert.copy_from_slice(&c.inert);
        self.pending.clear();
        self.dirty.iter_mut().for_each(|d| *d = false);
        s.epoch += 1;
    }

    /// Whether edge (i, j) of weight `w` (the weight of the last solve) has zero reduced cost;
    /// never for an inert vertex.
    pub fn is_tight(&self, i: usize, j: usize, w: W) -> bool {
        if i >= self.s.n || j >= self.s.n || self.inert[i] || self.inert[j] {
            return false;
        }
        tight(&self.s.lab, &self.parent, i, j, w)
    }

    /// The vertices joined to `i` by a tight edge in the last solve (the weights as solved),
    /// and whether i's dual is positive, which makes i matched in every maximum-weight
    /// matching (complementary slackness). Nothing for an inert vertex. One pass over i's row:
    /// the blossoms holding i are walked from the innermost out, each vertex taking the duals
    /// of the smallest one that also holds it and of all above (`tight`, for a whole row).
    pub fn tight_row(&self, i: usize) -> (Vec<usize>, bool) {
        let s = &self.s;
        let n = s.n;
        if i >= n || self.inert[i] {
            return (Vec::new(), false);
        }
        let u = i + 1;
        let mut chain = Vec::new();
        let mut b = self.parent[u];
        while b != 0 {
            chain.push(b);
            b = self.parent[b];
        }
        // The duals of each blossom of the chain and of all above it.
        let mut above = vec![W::zero(); chain.len() + 1];
        for k in (0..chain.len()).rev() {
            above[k] = above[k + 1].plus(s.lab[chain[k]]);
        }
        let mut common = vec![W::zero(); n + 1];
        let mut stack = Vec::new();
        for (k, &b) in chain.iter().enumerate() {
            let inner = if k == 0 { u } else { chain[k - 1] };
            stack.extend(s.flo[b].iter().copied().filter(|&c| c != inner));
            while let Some(x) = stack.pop() {
                if x <= n {
                    common[x] = above[k];
                } else {
                    stack.extend(s.flo[x].iter().copied());
                }
            }
        }
        let lu = s.lab[u];
        let row = s.wat(u, 0);
        let tight = (1..=n)
            .filter(|&v| {
                let w = s.gw[row + v];
                v != u && !w.is_zero() && lu.plus(s.lab[v]).plus(common[v]) == w
            })
            .map(|v| v - 1)
            .collect();
        (tight, !lu.is_zero())
    }

    /// The duals of the last solve, the solver's tables released.
    pub fn into_matching(self) -> DenseMatching<W> {
        let mut m = self.s.finish();
        m.gone = self.inert;
        m
    }
}
