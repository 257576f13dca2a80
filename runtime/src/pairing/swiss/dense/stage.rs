//! One stage of the primal-dual method: grow alternating trees from the exposed vertices until
//! an augmenting path is found or the duals prove the matching optimal.

use super::super::weight::Weight;
use super::Solver;

impl<W: Weight> Solver<W> {
    /// One stage: grow trees until an augmentation (true) or optimality (false).
    pub(super) fn stage(&mut self) -> bool {
        if !self.plant_trees() {
            return false;
        }
        loop {
            if self.scan_queue() {
                return true;
            }
            let Some((d, done)) = self.dual_step() else {
                return false;
            };
            self.shift_labels(d);
            if done {
                // An outer vertex's label reached zero. From scratch (every exposed vertex
                // at the same label, the least) that is every tree root, and they are
                // satisfied: the next stage plants no tree. Warm-started, it may be a matched
                // vertex first: it becomes the exposed one (zero label, satisfied) and its
                // root takes its place in the matching.
                return self.settle_zero_label();
            }
            self.q.clear();
            if self.grow_on_tight_edges() {
                return true;
            }
            for b in self.n + 1..=self.nx {
                if self.st[b] == b && self.s[b] == 1 && self.lab[b].is_zero() {
                    self.expand_blossom(b);
                }
            }
        }
    }

    /// Every exposed top vertex or blossom whose base still has a positive label becomes the
    /// root of a tree (an exposed base at zero is optimal as it is); false when none is.
    fn plant_trees(&mut self) -> bool {
        for x in 1..=self.nx {
            self.s[x] = -1;
            self.slack[x] = 0;
        }
        self.q.clear();
        for x in 1..=self.nx {
            if self.st[x] == x && self.mate[x] == 0 && !self.lab[self.base(x)].is_zero() {
                self.pa[x] = 0;
                self.s[x] = 0;
                self.q_push(x);
            }
        }
        !self.q.is_empty()
    }

    /// Scans the queued outer vertices' edges: true on an augmentation.
    fn scan_queue(&mut self) -> bool {
        while let Some(u) = self.q.pop_front() {
            if self.s[self.st[u]] == 1 {
                continue;
            }
            // Vertex-to-vertex slots keep their own endpoints, and u's label is fixed
            // while the queue is scanned, so the reduced cost is read off directly.
            let row = self.at(u, 0);
            let wrow = self.wat(u, 0);
            let lu = self.lab[u];
            let mut su = self.st[u];
            for v in 1..=self.n {
                if self.ep[row + v] == 0 {
                    continue;
                }
                let sv = self.st[v];
                if su == sv {
                    continue;
                }
                let d = lu.plus(self.lab[v]).minus(self.gw[wrow + v]);
                if d.is_zero() {
                    if self.on_found_edge(u, v) {
                        return true;
                    }
                    // A blossom formed on the way may have absorbed u.
                    su = self.st[u];
                } else if sv == v {
                    // The slot of v's top blossom holds u's best edge into it.
                    self.update_slack_with(u, sv, d);
                } else {
                    self.update_slack(u, sv);
                }
            }
        }
        false
    }

    /// The dual change to make and whether it ends the stage (an outer vertex's label reaches
    /// zero first); none when nothing can change.
    fn dual_step(&mut self) -> Option<(W, bool)> {
        let n = self.n;
        let mut d: Option<W> = None;
        let take = |x: W, d: &mut Option<W>| {
            if d.is_none_or(|cur| x < cur) {
                *d = Some(x);
            }
        };
        for b in n + 1..=self.nx {
            if self.st[b] == b && self.s[b] == 1 {
                take(self.lab[b].half(), &mut d);
            }
        }
        for x in 1..=self.nx {
            if self.st[x] == x && self.slack[x] != 0 {
                if self.s[x] == -1 {
                    let v = self.slack_value(x);
                    take(v, &mut d);
                } else if self.s[x] == 0 {
                    let v = self.slack_value(x);
                    take(v.half(), &mut d);
                }
            }
        }
        let mut dmin: Option<W> = None;
        for u in 1..=n {
            if self.s[self.st[u]] == 0 {
                take(self.lab[u], &mut dmin);
            }
        }
        match (d, dmin) {
            (Some(d), Some(m)) if m > d => Some((d, false)),
            (_, Some(m)) => Some((m, true)),
            (Some(d), None) => Some((d, false)),
            (None, None) => None,
        }
    }

    /// Changes the labels by `d`: outer vertices down, inner up, blossoms twice the other way.
    fn shift_labels(&mut self, d: W) {
        let n = self.n;
        for u in 1..=n {
            match self.s[self.st[u]] {
                0 => self.lab[u] = self.lab[u].minus(d),
                1 => self.lab[u] = self.lab[u].plus(d),
                _ => {}
            }
        }
        for b in n + 1..=self.nx {
            if self.st[b] == b {
                match self.s[b] {
                    0 => self.lab[b] = self.lab[b].plus(d).plus(d),
                    1 => self.lab[b] = self.lab[b].minus(d).minus(d),
                    _ => {}
                }
            }
        }
        self.epoch += 1;
    }

    /// Follows the best edges the dual change made tight: true on an augmentation.
    fn grow_on_tight_edges(&mut self) -> bool {
        for x in 1..=self.nx {
            let sx = self.slack[x];
            if self.st[x] == x
                && sx != 0
                && self.st[sx] != x
                && self.e_delta(sx, x).is_zero()
                && self.on_found_edge(sx, x)
            {
                return true;
            }
        }
        false
    }

    /// The stage's end when an outer vertex's label reached zero: true to go on (a tree root
    /// at zero is satisfied; otherwise a matched outer vertex at zero becomes exposed).
    fn settle_zero_label(&mut self) -> bool {
        for x in 1..=self.nx {
            if self.st[x] == x
                && self.s[x] == 0
                && self.mate[x] == 0
                && self.lab[self.base(x)].is_zero()
            {
                return true;
            }
        }
        let Some(u) = (1..=self.n).find(|&u| self.s[self.st[u]] == 0 && self.lab[u].is_zero())
        else {
            return false;
        };
        self.expose(u);
        true
    }

    /// Leave outer vertex `u` exposed: the path from its tree root to it alternates, so the
    /// root takes a partner and `u` gives up its own.
    fn expose(&mut self, u: usize) {
        let b = self.st[u];
        let xnv = self.st[self.mate[b]];
        self.expose_in(b, u);
        if xnv != 0 {
            let t = self.st[self.pa[xnv]];
            self.set_match(xnv, t);
            self.augment(t, xnv);
        }
    }

    /// Make vertex `u` the exposed base of `b` (`u` itself or a blossom containing it).
    fn expose_in(&mut self, b: usize, u: usize) {
        self.mate[b] = 0;
        if b > self.n {
            let xr = self.flo_from(b, u);
            let pr = self.get_pr(b, xr);
            self.match_path(b, pr);
            self.expose_in(xr, u);
            self.flo[b].rotate_left(pr);
        }
    }

    /// The base vertex of top vertex or blossom `x`.
    pub(super) fn base(&self, mut x: usize) -> usize {
        while x > self.n {
            x = self.flo[x][0];
        }
        x
    }
}
