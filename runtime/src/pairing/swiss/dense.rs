//! Maximum-weight matching for dense graphs: the same primal-dual blossom method as `blossom`,
//! laid out on adjacency matrices (every pair of vertices and blossoms has a slot holding its
//! best edge), which suits pairing brackets where nearly everyone may meet nearly everyone.
//! O(n³) time, O(n²) space. Weights are doubled internally so that duals stay integral; the
//! final duals are kept so that callers can test whether an edge is tight.
//!
//! `WarmMatching` keeps the solver between solves: after some edges change or some pairs leave
//! the graph, it starts again from the last matching and duals (blossoms dissolved into their
//! vertices' duals, changed vertices raised to feasibility, matched edges no longer tight given
//! up); an outer vertex whose dual reaches zero is then left exposed, which optimality allows.
//!
//! The space is what limits the size of a bracket, so it is kept tight: the weights once, in an
//! n × n matrix of the vertices; for each pair of vertices and blossoms (at most (n − 1) / 2 of
//! them: a nested family of odd sets of at least three has no more) only the 32-bit endpoint
//! of its best edge on the row's side (the other endpoint is the mirrored slot's, and the
//! weight is the two vertices' matrix entry); the blossom-entry table for blossoms only.
//! Callers keep their own copy of the input weights and hand them back to `is_tight`.

use std::collections::VecDeque;

use super::weight::Weight;

/// A solved instance: partners and the optimal duals.
pub struct DenseMatching<W: Weight> {
    mates: Vec<Option<usize>>,
    n: usize,
    lab: Vec<W>,
    parent: Vec<usize>,
    /// Vertices that were out of the graph (a warm matching's inert ones): never tight.
    gone: Vec<bool>,
}

impl<W: Weight> DenseMatching<W> {
    /// The partner of each vertex, if matched.
    pub fn mates(&self) -> Vec<Option<usize>> {
        self.mates.clone()
    }

    /// Whether edge (i, j) of weight `w` (the weight it was solved with) has zero reduced
    /// cost: a necessary condition for belonging to some maximum-weight matching. Non-edges
    /// (zero weight) are never tight.
    pub fn is_tight(&self, i: usize, j: usize, w: W) -> bool {
        if i >= self.n || j >= self.n {
            return false;
        }
        if self.gone.get(i).copied().unwrap_or(false) || self.gone.get(j).copied().unwrap_or(false)
        {
            return false;
        }
        tight(&self.lab, &self.parent, i, j, w)
    }
}

struct Solver<W: Weight> {
    n: usize,
    nx: usize,
    stride: usize,
    /// For the slot (a, c) of two vertices or blossoms (`stride` × `stride`): the endpoint in a
    /// of their best edge, 0 for none (32 bits: a bracket never nears 4 billion players). The
    /// endpoint in c is the one of slot (c, a).
    ep: Vec<u32>,
    /// Four times the weight of each pair of vertices, (n + 1) × (n + 1) (the internal
    /// doubling, doubled again for the reduced cost `lab[u] + lab[v] − 2 · 2w`); zero for none.
    gw: Vec<W>,
    lab: Vec<W>,
    mate: Vec<usize>,
    slack: Vec<usize>,
    /// `e_delta(slack[x], x)` as of dual epoch `slack_epoch[x]`.
    slack_val: Vec<W>,
    slack_epoch: Vec<u64>,
    epoch: u64,
    st: Vec<usize>,
    pa: Vec<usize>,
    /// For blossom b and vertex x (row b − n − 1): the top sub-blossom of b that holds x.
    flo_from: Vec<u32>,
    s: Vec<i8>,
    vis: Vec<usize>,
    vis_t: usize,
    flo: Vec<Vec<usize>>,
    q: VecDeque<usize>,
    /// Working space of `add_blossom`, kept to spare an allocation per blossom.
    scratch: Vec<W>,
}

impl<W: Weight> Solver<W> {
    fn at(&self, u: usize, v: usize) -> usize {
        u * self.stride + v
    }

    /// The slot of vertices u and v in the weight matrix.
    fn wat(&self, u: usize, v: usize) -> usize {
        u * (self.n + 1) + v
    }

    /// Whether a and c (vertices or blossoms) have an edge between them.
    fn has(&self, a: usize, c: usize) -> bool {
        self.ep[self.at(a, c)] != 0
    }

    /// The endpoint in a of the best edge between a and c.
    fn eu(&self, a: usize, c: usize) -> usize {
        self.ep[self.at(a, c)] as usize
    }

    /// The endpoint in c of the best edge between a and c.
    fn ev(&self, a: usize, c: usize) -> usize {
        self.ep[self.at(c, a)] as usize
    }

    fn flo_from(&self, b: usize, x: usize) -> usize {
        if b <= self.n {
            return if b == x { b } else { 0 };
        }
        self.flo_from[(b - self.n - 1) * (self.n + 1) + x] as usize
    }

    /// The reduced cost (times two) of the best edge between a and c, which must exist.
    fn e_delta(&self, a: usize, c: usize) -> W {
        // Two vertices are their own endpoints: no read of the mirrored slot, a column away.
        let (u, v) = if a <= self.n && c <= self.n {
            (a, c)
        } else {
            (self.eu(a, c), self.ev(a, c))
        };
        self.lab[u].plus(self.lab[v]).minus(self.gw[self.wat(u, v)])
    }

    fn slack_value(&mut self, x: usize) -> W {
        if self.slack_epoch[x] != self.epoch {
            self.slack_val[x] = self.e_delta(self.slack[x], x);
            self.slack_epoch[x] = self.epoch;
        }
        self.slack_val[x]
    }

    fn update_slack(&mut self, u: usize, x: usize) {
        let d = self.e_delta(u, x);
        self.update_slack_with(u, x, d);
    }

    fn update_slack_with(&mut self, u: usize, x: usize, d: W) {
        let cur = self.slack[x];
        if cur == 0 || d < self.slack_value(x) {
            self.slack[x] = u;
            self.slack_val[x] = d;
            self.slack_epoch[x] = self.epoch;
        }
    }

    fn set_slack(&mut self, x: usize) {
        self.slack[x] = 0;
        for u in 1..=self.n {
            if self.has(u, x) && self.st[u] != x && self.s[self.st[u]] == 0 {
                self.update_slack(u, x);
            }
        }
    }

    fn q_push(&mut self, x: usize) {
        if x <= self.n {
            self.q.push_back(x);
        } else {
            for i in 0..self.flo[x].len() {
                let c = self.flo[x][i];
                self.q_push(c);
            }
        }
    }

    fn set_st(&mut self, x: usize, b: usize) {
        self.st[x] = b;
        if x > self.n {
            for i in 0..self.flo[x].len() {
                let c = self.flo[x][i];
                self.set_st(c, b);
            }
        }
    }

    fn get_pr(&mut self, b: usize, xr: usize) -> usize {
        let pr = self.flo[b].iter().position(|&c| c == xr).unwrap_or(0);
        if pr % 2 == 1 {
            let len = self.flo[b].len();
            self.flo[b][1..].reverse();
            len - pr
        } else {
            pr
        }
    }

    fn set_match(&mut self, u: usize, v: usize) {
        self.mate[u] = self.ev(u, v);
        if u > self.n {
            let eu = self.eu(u, v);
            let xr = self.flo_from(u, eu);
            let pr = self.get_pr(u, xr);
            self.match_path(u, pr);
            self.set_match(xr, v);
            self.flo[u].rotate_left(pr);
        }
    }

    /// Match each of the first `pr` sub-blossoms of blossom `b` with its neighbour (0 and 1, 2
    /// and 3, ...): the even path from the base to the sub-blossom that becomes the base.
    fn match_path(&mut self, b: usize, pr: usize) {
        for i in 0..pr {
            let x = self.flo[b][i];
            let y = self.flo[b][i ^ 1];
            self.set_match(x, y);
        }
    }

    fn augment(&mut self, mut u: usize, mut v: usize) {
        loop {
            let xnv = self.st[self.mate[u]];
            self.set_match(u, v);
            if xnv == 0 {
                return;
            }
            let t = self.st[self.pa[xnv]];
            self.set_match(xnv, t);
            u = t;
            v = xnv;
        }
    }

    fn get_lca(&mut self, mut u: usize, mut v: usize) -> usize {
        self.vis_t += 1;
        let t = self.vis_t;
        while u != 0 || v != 0 {
            if u != 0 {
                if self.vis[u] == t {
                    return u;
                }
                self.vis[u] = t;
                u = self.st[self.mate[u]];
                if u != 0 {
                    u = self.st[self.pa[u]];
                }
            }
            std::mem::swap(&mut u, &mut v);
        }
        0
    }

    fn add_blossom(&mut self, u: usize, lca: usize, v: usize) {
        let n = self.n;
        let mut b = n + 1;
        while b <= self.nx && self.st[b] != 0 {
            b += 1;
        }
        if b > self.nx {
            self.nx += 1;
        }
        self.lab[b] = W::zero();
        self.s[b] = 0;
        self.mate[b] = self.mate[lca];
        // The blossom's cycle from the base: u's path back to it reversed, then v's path.
        let mut f = vec![lca];
        for (start, reverse) in [(u, true), (v, false)] {
            let mut x = start;
            while x != lca {
                f.push(x);
                let y = self.st[self.mate[x]];
                f.push(y);
                self.q_push(y);
                x = self.st[self.pa[y]];
            }
            if reverse {
                f[1..].reverse();
            }
        }
        self.flo[b] = f;
        self.set_st(b, b);
        for x in 1..=self.nx {
            let (k1, k2) = (self.at(b, x), self.at(x, b));
            self.ep[k1] = 0;
            self.ep[k2] = 0;
        }
        let row = (b - n - 1) * (n + 1);
        self.flo_from[row..row + n + 1].fill(0);
        // The reduced cost of each slot's best edge so far (the labels stay put meanwhile).
        let mut best = std::mem::take(&mut self.scratch);
        best.clear();
        best.resize(self.nx + 1, W::zero());
        for i in 0..self.flo[b].len() {
            let xs = self.flo[b][i];
            for (x, bx) in best.iter_mut().enumerate().skip(1) {
                let kx = self.at(xs, x);
                if self.ep[kx] == 0 {
                    continue;
                }
                let kb = self.at(b, x);
                let d = self.e_delta(xs, x);
                if self.ep[kb] == 0 || d < *bx {
                    self.ep[kb] = self.ep[kx];
                    let (kbr, kxr) = (self.at(x, b), self.at(x, xs));
                    self.ep[kbr] = self.ep[kxr];
                    *bx = d;
                }
            }
            if xs <= n {
                self.flo_from[row + xs] = xs as u32;
            } else {
                for x in 1..=n {
                    if self.flo_from(xs, x) != 0 {
                        self.flo_from[row + x] = xs as u32;
                    }
                }
            }
        }
        self.scratch = best;
        self.set_slack(b);
    }

    fn expand_blossom(&mut self, b: usize) {
        for i in 0..self.flo[b].len() {
            let c = self.flo[b][i];
            self.set_st(c, c);
        }
        let xr = self.flo_from(b, self.eu(b, self.pa[b]));
        let pr = self.get_pr(b, xr);
        let mut i = 0;
        while i + 1 < self.flo[b].len() && i < pr {
            let xs = self.flo[b][i];
            let xns = self.flo[b][i + 1];
            self.pa[xs] = self.eu(xns, xs);
            self.s[xs] = 1;
            self.s[xns] = 0;
            self.slack[xs] = 0;
            self.set_slack(xns);
            self.q_push(xns);
            i += 2;
        }
        self.s[xr] = 1;
        self.pa[xr] = self.pa[b];
        for i in pr + 1..self.flo[b].len() {
            let xs = self.flo[b][i];
            self.s[xs] = -1;
            self.set_slack(xs);
        }
        self.st[b] = 0;
    }

    fn on_found_edge(&mut self, a: usize, c: usize) -> bool {
        let (eu, ev) = (self.eu(a, c), self.ev(a, c));
        let u = self.st[eu];
        let v = self.st[ev];
        if self.s[v] == -1 && self.mate[v] == 0 {
            // An exposed vertex that is no root (its label is zero, warm starts only): the
            // path to it augments.
            self.augment(u, v);
            self.augment(v, u);
            return true;
        }
        if self.s[v] == -1 {
            self.pa[v] = eu;
            self.s[v] = 1;
            let nu = self.st[self.mate[v]];
            self.slack[v] = 0;
            self.slack[nu] = 0;
            self.s[nu] = 0;
            self.q_push(nu);
        } else if self.s[v] == 0 {
            let lca = self.get_lca(u, v);
            if lca == 0 {
                self.augment(u, v);
                self.augment(v, u);
                return true;
            }
            self.add_blossom(u, lca, v);
        }
        false
    }
}

/// Maximum-weight matching on `n` vertices, the edge (i, j) for i < j weighing `weight(i, j)`
/// (zero: no edge).
pub fn max_weight_matching_dense<W: Weight>(
    n: usize,
    weight: impl Fn(usize, usize) -> W,
) -> DenseMatching<W> {
    let mut s = Solver::build(n, weight);
    s.run();
    s.finish()
}

impl<W: Weight> Solver<W> {
    /// The solver's tables for `n` vertices, every vertex exposed at the largest doubled weight.
    fn build(n: usize, weight: impl Fn(usize, usize) -> W) -> Self {
        // Vertices 1..=n, blossoms from n + 1: at most (n - 1) / 2 of them at any time.
        let stride = n + n / 2 + 2;
        let mut ep = vec![0u32; stride * stride];
        let mut gw = vec![W::zero(); (n + 1) * (n + 1)];
        let mut wmax = W::zero();
        // Row by row below the diagonal (callers keep their weights that way), then mirrored
        // in blocks: both passes walk memory in order, where filling both halves at once would
        // stride through one of them (most of a solve from scratch at thousands of vertices).
        for j in 0..n {
            let (row, erow) = ((j + 1) * (n + 1), (j + 1) * stride);
            for i in 0..j {
                let w = weight(i, j);
                if w.is_zero() {
                    continue;
                }
                let w2 = w.plus(w);
                // Stored doubled once more: the reduced cost compares labels with 2 · w2.
                gw[row + i + 1] = w2.plus(w2);
                ep[erow + i + 1] = (j + 1) as u32;
                if w2 > wmax {
                    wmax = w2;
                }
            }
        }
        const BLOCK: usize = 32;
        for jb in (1..=n).step_by(BLOCK) {
            for ib in (1..=jb).step_by(BLOCK) {
                for j in jb..(jb + BLOCK).min(n + 1) {
                    for i in ib..(ib + BLOCK).min(j) {
                        gw[i * (n + 1) + j] = gw[j * (n + 1) + i];
                        if ep[j * stride + i] != 0 {
                            ep[i * stride + j] = i as u32;
                        }
                    }
                }
            }
        }
        let flo_from = vec![0u32; (stride - n - 1) * (n + 1)];
        let mut lab = vec![W::zero(); stride];
        for l in lab.iter_mut().take(n + 1).skip(1) {
            *l = wmax;
        }
        Solver {
            n,
            nx: n,
            stride,
            ep,
            gw,
            lab,
            mate: vec![0; stride],
            slack: vec![0; stride],
            slack_val: vec![W::zero(); stride],
            slack_epoch: vec![u64::MAX; stride],
            epoch: 0,
            st: (0..stride).map(|i| if i <= n { i } else { 0 }).collect(),
            pa: vec![0; stride],
            flo_from,
            s: vec![-1; stride],
            vis: vec![0; stride],
            vis_t: 0,
            flo: vec![Vec::new(); stride],
            q: VecDeque::new(),
            scratch: Vec::new(),
        }
    }

    /// Stages until no tree root is left.
    fn run(&mut self) {
        if self.n > 0 && (1..=self.n).any(|u| !self.lab[u].is_zero()) {
            while self.stage() {}
        }
    }

    /// The blossom nesting, for the reduced costs.
    fn parents(&self) -> Vec<usize> {
        let n = self.n;
        let mut parent = vec![0usize; self.stride];
        for b in n + 1..=self.nx {
            if self.st[b] == b {
                let mut stack = vec![b];
                while let Some(x) = stack.pop() {
                    if x > n {
                        for &c in &self.flo[x] {
                            parent[c] = x;
                            stack.push(c);
                        }
                    }
                }
            }
        }
        parent
    }

    fn mates(&self) -> Vec<Option<usize>> {
        (1..=self.n)
            .map(|u| {
                let m = self.mate[u];
                if m == 0 {
                    None
                } else {
                    Some(m - 1)
                }
            })
            .collect()
    }

    fn finish(self) -> DenseMatching<W> {
        DenseMatching {
            mates: self.mates(),
            n: self.n,
            parent: self.parents(),
            lab: self.lab,
            gone: Vec::new(),
        }
    }

    /// Every blossom's dual moved onto its vertices (half to each: an edge inside keeps its
    /// reduced cost, an edge leaving gains), and the blossoms dissolved; the matching stays.
    fn dissolve_blossoms(&mut self) {
        let n = self.n;
        let parent = self.parents();
        for u in 1..=n {
            let mut b = parent[u];
            while b != 0 {
                self.lab[u] = self.lab[u].plus(self.lab[b].half());
                b = parent[b];
            }
        }
        for b in n + 1..=self.nx {
            self.st[b] = 0;
            self.lab[b] = W::zero();
            self.flo[b].clear();
            self.mate[b] = 0;
        }
        for u in 1..=n {
            self.st[u] = u;
        }
        self.nx = n;
    }
}

/// Whether edge (i, j) of weight `w` is tight under labels `lab` and blossom nesting `parent`.
fn tight<W: Weight>(lab: &[W], parent: &[usize], i: usize, j: usize, w: W) -> bool {
    let (u, v) = (i + 1, j + 1);
    if w.is_zero() {
        return false;
    }
    let mut s = lab[u].plus(lab[v]);
    let mut anc = Vec::new();
    let mut b = parent[u];
    while b != 0 {
        anc.push(b);
        b = parent[b];
    }
    let mut b = parent[v];
    while b != 0 {
        if anc.contains(&b) {
            s = s.plus(lab[b]);
        }
        b = parent[b];
    }
    // Weights were doubled inside: tight means lab(u) + lab(v) + blossoms = 2 · 2w.
    let w2 = w.plus(w);
    s == w2.plus(w2)
}

mod stage;
mod warm;

pub use warm::{Checkpoint, WarmMatching};

#[cfg(test)]
// Symmetric weight matrices read best with explicit indices.
#[allow(clippy::needless_range_loop)]
mod tests;
