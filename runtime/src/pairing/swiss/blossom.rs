//! Maximum-weight matching in a general graph: Edmonds' blossom algorithm with Galil's
//! primal-dual bookkeeping, O(n³).
//!
//! Swiss pairing is a matching problem on a non-bipartite graph (anyone may meet anyone), and the
//! Dutch criteria are lexicographic, which the engine encodes as very wide integer weights; no
//! maintained crate offers weighted general matching with such weights, so this is our own,
//! checked against brute force in the tests. The structure follows the well-known primal-dual
//! formulation (labels S/T, blossom contraction and expansion, four kinds of dual step). Weights
//! are doubled internally so that every dual value stays integral. The dual solution is kept so
//! that callers can ask whether an edge could belong to some maximum-weight matching (its
//! reduced cost is zero): complementary slackness makes that a necessary condition.

use super::weight::Weight;

const NONE: usize = usize::MAX;

/// One solved instance: the matching and the optimal duals behind it.
pub struct Matching<W: Weight> {
    n: usize,
    endpoint: Vec<usize>,
    weight: Vec<W>,
    /// `mate[v]`: the remote endpoint index of v's matched edge, or NONE.
    mate: Vec<usize>,
    dualvar: Vec<W>,
    blossomparent: Vec<usize>,
    /// For each vertex, the edge index to each neighbour is found through this map.
    edge_of: std::collections::BTreeMap<(usize, usize), usize>,
}

impl<W: Weight> Matching<W> {
    /// The partner of each vertex, if matched.
    pub fn mates(&self) -> Vec<Option<usize>> {
        self.mate
            .iter()
            .map(|&p| {
                if p == NONE {
                    None
                } else {
                    Some(self.endpoint[p])
                }
            })
            .collect()
    }

    /// Whether the edge (i, j) has zero reduced cost in the optimal dual: only such edges occur
    /// in maximum-weight matchings. Unknown edges (weight zero) are never tight.
    pub fn is_tight(&self, i: usize, j: usize) -> bool {
        let key = if i < j { (i, j) } else { (j, i) };
        let Some(&k) = self.edge_of.get(&key) else {
            return false;
        };
        let mut s = self.dualvar[i].plus(self.dualvar[j]);
        // Blossom duals count twice for edges inside the blossom.
        let mut anc_i = Vec::new();
        let mut b = self.blossomparent[i];
        while b != NONE {
            anc_i.push(b);
            b = self.blossomparent[b];
        }
        let mut b = self.blossomparent[j];
        while b != NONE {
            if anc_i.contains(&b) {
                s = s.plus(self.dualvar[b]).plus(self.dualvar[b]);
            }
            b = self.blossomparent[b];
        }
        let w2 = self.weight[k].plus(self.weight[k]);
        s == w2.plus(w2)
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether the graph had no vertices.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }
}

struct Solver<W: Weight> {
    n: usize,
    endpoint: Vec<usize>,
    weight: Vec<W>,
    neighbend: Vec<Vec<usize>>,
    mate: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<W>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
}

fn wrap(j: isize, len: usize) -> usize {
    let l = len as isize;
    (((j % l) + l) % l) as usize
}

impl<W: Weight> Solver<W> {
    fn slack(&self, k: usize) -> W {
        let i = self.endpoint[2 * k];
        let j = self.endpoint[2 * k + 1];
        let w = self.weight[k];
        self.dualvar[i].plus(self.dualvar[j]).minus(w.plus(w))
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &t in &self.blossomchilds[b] {
                self.leaves(t, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut v = Vec::new();
        self.leaves(b, &mut v);
        v
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 1 {
            let l = self.leaves_of(b);
            self.queue.extend(l);
        } else if t == 2 {
            let base = self.blossombase[b];
            let mb = self.mate[base];
            self.assign_label(self.endpoint[mb], 1, mb ^ 1);
        }
    }

    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.labelend[b]];
                b = self.inblossom[v];
                v = self.endpoint[self.labelend[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let v0 = self.endpoint[2 * k];
        let w0 = self.endpoint[2 * k + 1];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v0];
        let mut bw = self.inblossom[w0];
        let Some(b) = self.unusedblossoms.pop() else {
            return;
        };
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            let v = self.endpoint[self.labelend[bv]];
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            let w = self.endpoint[self.labelend[bw]];
            bw = self.inblossom[w];
        }
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = W::zero();
        for v in self.leaves_of(b) {
            if self.label[self.inblossom[v]] == 2 {
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        let mut bestedgeto = vec![NONE; 2 * self.n];
        for &bv in &path {
            let nblists: Vec<Vec<usize>> = match self.blossombestedges[bv].take() {
                None => self
                    .leaves_of(bv)
                    .into_iter()
                    .map(|v| self.neighbend[v].iter().map(|p| p / 2).collect())
                    .collect(),
                Some(l) => vec![l],
            };
            for nblist in nblists {
                for k in nblist {
                    let mut i = self.endpoint[2 * k];
                    let mut j = self.endpoint[2 * k + 1];
                    if self.inblossom[j] == b {
                        std::mem::swap(&mut i, &mut j);
                    }
                    let _ = i;
                    let bj = self.inblossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (bestedgeto[bj] == NONE || self.slack(k) < self.slack(bestedgeto[bj]))
                    {
                        bestedgeto[bj] = k;
                    }
                }
            }
            self.bestedge[bv] = NONE;
        }
        let list: Vec<usize> = bestedgeto.into_iter().filter(|&k| k != NONE).collect();
        let mut best = NONE;
        for &k in &list {
            if best == NONE || self.slack(k) < self.slack(best) {
                best = k;
            }
        }
        self.blossombestedges[b] = Some(list);
        self.bestedge[b] = best;
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s].is_zero() {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves_of(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let len = childs.len();
            let entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
            let Some(pos) = childs.iter().position(|&c| c == entrychild) else {
                return;
            };
            let mut j = pos as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 != 0 {
                j -= len as isize;
                (1, 0)
            } else {
                (-1, 1)
            };
            let endps = self.blossomendps[b].clone();
            let mut p = self.labelend[b];
            while j != 0 {
                let q = self.endpoint[p ^ 1];
                self.label[q] = 0;
                let e = endps[wrap(j - endptrick as isize, len)];
                let r = self.endpoint[e ^ endptrick ^ 1];
                self.label[r] = 0;
                self.assign_label(q, 2, p);
                self.allowedge[e / 2] = true;
                j += jstep;
                p = endps[wrap(j - endptrick as isize, len)] ^ endptrick;
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            let bv = childs[wrap(j, len)];
            let q = self.endpoint[p ^ 1];
            self.label[q] = 2;
            self.label[bv] = 2;
            self.labelend[q] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[wrap(j, len)] != entrychild {
                let bv = childs[wrap(j, len)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let mut found = NONE;
                for v in self.leaves_of(bv) {
                    if self.label[v] != 0 {
                        found = v;
                        break;
                    }
                }
                if found != NONE {
                    let v = found;
                    self.label[v] = 0;
                    let m = self.mate[self.blossombase[bv]];
                    let e = self.endpoint[m];
                    self.label[e] = 0;
                    let le = self.labelend[v];
                    self.assign_label(v, 2, le);
                }
                j += jstep;
            }
        }
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.blossomchilds[b].len();
        let Some(i) = self.blossomchilds[b].iter().position(|&c| c == t) else {
            return;
        };
        let mut j = i as isize;
        let (jstep, endptrick): (isize, usize) = if i & 1 != 0 {
            j -= len as isize;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += jstep;
            let t = self.blossomchilds[b][wrap(j, len)];
            let p = self.blossomendps[b][wrap(j - endptrick as isize, len)] ^ endptrick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = self.blossomchilds[b][wrap(j, len)];
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    fn augment_matching(&mut self, k: usize) {
        let v = self.endpoint[2 * k];
        let w = self.endpoint[2 * k + 1];
        for (s0, p0) in [(v, 2 * k + 1), (w, 2 * k)] {
            let mut s = s0;
            let mut p = p0;
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.labelend[bs]];
                let bt = self.inblossom[t];
                s = self.endpoint[self.labelend[bt]];
                let j = self.endpoint[self.labelend[bt] ^ 1];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    fn run(&mut self) {
        let n = self.n;
        for _ in 0..n {
            self.label.iter_mut().for_each(|x| *x = 0);
            self.bestedge.iter_mut().for_each(|x| *x = NONE);
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.allowedge.iter_mut().for_each(|x| *x = false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.inblossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            let mut augmented = false;
            loop {
                while !augmented {
                    let Some(v) = self.queue.pop() else { break };
                    for idx in 0..self.neighbend[v].len() {
                        let p = self.neighbend[v][idx];
                        let k = p / 2;
                        let w = self.endpoint[p];
                        if self.inblossom[v] == self.inblossom[w] {
                            continue;
                        }
                        let mut kslack = W::zero();
                        if !self.allowedge[k] {
                            kslack = self.slack(k);
                            if kslack.is_zero() {
                                self.allowedge[k] = true;
                            }
                        }
                        if self.allowedge[k] {
                            if self.label[self.inblossom[w]] == 0 {
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[self.inblossom[w]] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base != NONE {
                                    self.add_blossom(base, k);
                                } else {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.labelend[w] = p ^ 1;
                            }
                        } else if self.label[self.inblossom[w]] == 1 {
                            let b = self.inblossom[v];
                            if self.bestedge[b] == NONE || kslack < self.slack(self.bestedge[b]) {
                                self.bestedge[b] = k;
                            }
                        } else if self.label[w] == 0
                            && (self.bestedge[w] == NONE || kslack < self.slack(self.bestedge[w]))
                        {
                            self.bestedge[w] = k;
                        }
                    }
                }
                if augmented {
                    break;
                }
                // Dual step: type 1 (a vertex dual reaches zero: optimum), 2 (an S-vertex
                // meets a free vertex), 3 (two S-blossoms meet), 4 (a T-blossom dual reaches
                // zero: expand it).
                let mut deltatype = 1u8;
                let mut delta = self.dualvar[..n].iter().copied().min().unwrap_or(W::zero());
                let mut deltaedge = NONE;
                let mut deltablossom = NONE;
                for v in 0..n {
                    if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                        let d = self.slack(self.bestedge[v]);
                        if d < delta {
                            delta = d;
                            deltatype = 2;
                            deltaedge = self.bestedge[v];
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.blossomparent[b] == NONE
                        && self.label[b] == 1
                        && self.bestedge[b] != NONE
                    {
                        let d = self.slack(self.bestedge[b]).half();
                        if d < delta {
                            delta = d;
                            deltatype = 3;
                            deltaedge = self.bestedge[b];
                        }
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE
                        && self.blossomparent[b] == NONE
                        && self.label[b] == 2
                        && self.dualvar[b] < delta
                    {
                        delta = self.dualvar[b];
                        deltatype = 4;
                        deltablossom = b;
                    }
                }
                for v in 0..n {
                    match self.label[self.inblossom[v]] {
                        1 => self.dualvar[v] = self.dualvar[v].minus(delta),
                        2 => self.dualvar[v] = self.dualvar[v].plus(delta),
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                        match self.label[b] {
                            1 => self.dualvar[b] = self.dualvar[b].plus(delta),
                            2 => self.dualvar[b] = self.dualvar[b].minus(delta),
                            _ => {}
                        }
                    }
                }
                match deltatype {
                    1 => break,
                    2 => {
                        self.allowedge[deltaedge] = true;
                        let mut i = self.endpoint[2 * deltaedge];
                        if self.label[self.inblossom[i]] == 0 {
                            i = self.endpoint[2 * deltaedge + 1];
                        }
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowedge[deltaedge] = true;
                        self.queue.push(self.endpoint[2 * deltaedge]);
                    }
                    _ => self.expand_blossom(deltablossom, false),
                }
            }
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dualvar[b].is_zero()
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }
}

/// Solve maximum-weight matching on `n` vertices and the given edges `(i, j, w)` with `i != j`
/// and `w > 0`. The weights must leave three bits of headroom below the type's bound.
pub fn max_weight_matching<W: Weight>(n: usize, edges: &[(usize, usize, W)]) -> Matching<W> {
    let mut endpoint = Vec::with_capacity(2 * edges.len());
    let mut weight = Vec::with_capacity(edges.len());
    let mut neighbend = vec![Vec::new(); n];
    let mut edge_of = std::collections::BTreeMap::new();
    let mut maxw = W::zero();
    for &(i, j, w) in edges {
        if i == j || i >= n || j >= n || w.is_zero() {
            continue;
        }
        let k = weight.len();
        endpoint.push(i);
        endpoint.push(j);
        // Doubling keeps every dual step integral.
        let w2 = w.plus(w);
        weight.push(w2);
        neighbend[i].push(2 * k + 1);
        neighbend[j].push(2 * k);
        edge_of.insert(if i < j { (i, j) } else { (j, i) }, k);
        if w2 > maxw {
            maxw = w2;
        }
    }
    let m = weight.len();
    let mut s = Solver {
        n,
        endpoint,
        weight,
        neighbend,
        mate: vec![NONE; n],
        label: vec![0; 2 * n],
        labelend: vec![NONE; 2 * n],
        inblossom: (0..n).collect(),
        blossomparent: vec![NONE; 2 * n],
        blossomchilds: vec![Vec::new(); 2 * n],
        blossombase: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
        blossomendps: vec![Vec::new(); 2 * n],
        bestedge: vec![NONE; 2 * n],
        blossombestedges: vec![None; 2 * n],
        unusedblossoms: (n..2 * n).rev().collect(),
        dualvar: std::iter::repeat_n(maxw, n)
            .chain(std::iter::repeat_n(W::zero(), n))
            .collect(),
        allowedge: vec![false; m],
        queue: Vec::new(),
    };
    if m > 0 {
        s.run();
    }
    // Undo the doubling for callers reading weights back through `is_tight`.
    let weight = s.weight.iter().map(|w| w.half()).collect();
    Matching {
        n,
        endpoint: s.endpoint,
        weight,
        mate: s.mate,
        dualvar: s.dualvar,
        blossomparent: s.blossomparent,
        edge_of,
    }
}

#[cfg(test)]
// Symmetric weight matrices read best with explicit indices.
#[allow(clippy::needless_range_loop)]
mod tests {
    use super::*;

    fn brute(n: usize, w: &[Vec<u64>], used: &mut Vec<bool>) -> u64 {
        let Some(i) = (0..n).find(|&i| !used[i]) else {
            return 0;
        };
        used[i] = true;
        let mut best = brute(n, w, used);
        for j in i + 1..n {
            if !used[j] && w[i][j] > 0 {
                used[j] = true;
                best = best.max(w[i][j] + brute(n, w, used));
                used[j] = false;
            }
        }
        used[i] = false;
        best
    }

    fn next(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    #[test]
    fn matches_brute_force_on_random_graphs() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for round in 0..3000 {
            let n = (next(&mut seed) % 11) as usize + 1;
            let density = next(&mut seed) % 100;
            let wmax = [3, 10, 1000][round % 3];
            let mut w = vec![vec![0u64; n]; n];
            let mut edges = Vec::new();
            for i in 0..n {
                for j in i + 1..n {
                    if next(&mut seed) % 100 < density {
                        let x = next(&mut seed) % wmax + 1;
                        w[i][j] = x;
                        w[j][i] = x;
                        edges.push((i, j, x));
                    }
                }
            }
            let m = max_weight_matching(n, &edges);
            let mates = m.mates();
            let mut total = 0;
            for (i, mate) in mates.iter().enumerate() {
                if let Some(j) = *mate {
                    assert_eq!(mates[j], Some(i), "mates are symmetric");
                    assert!(w[i][j] > 0, "matched along an edge");
                    if i < j {
                        total += w[i][j];
                        assert!(m.is_tight(i, j), "matched edges are tight");
                    }
                }
            }
            let best = brute(n, &w, &mut vec![false; n]);
            assert_eq!(total, best, "round {round}: n={n} edges={edges:?}");
        }
    }

    #[test]
    fn every_edge_of_some_optimum_is_tight() {
        let mut seed = 0x1234_5678_9ABC_DEF1u64;
        for _ in 0..1500 {
            let n = (next(&mut seed) % 9) as usize + 2;
            let density = next(&mut seed) % 100;
            let mut w = vec![vec![0u64; n]; n];
            let mut edges = Vec::new();
            for i in 0..n {
                for j in i + 1..n {
                    if next(&mut seed) % 100 < density {
                        let x = next(&mut seed) % 6 + 1;
                        w[i][j] = x;
                        w[j][i] = x;
                        edges.push((i, j, x));
                    }
                }
            }
            let m = max_weight_matching(n, &edges);
            let best = brute(n, &w, &mut vec![false; n]);
            for &(i, j, x) in &edges {
                let mut used = vec![false; n];
                used[i] = true;
                used[j] = true;
                if x + brute(n, &w, &mut used) == best {
                    assert!(m.is_tight(i, j), "edge {i}-{j} of an optimum: {edges:?}");
                }
            }
        }
    }

    #[test]
    fn wide_weights_match_narrow_ones() {
        use super::super::weight::Big;
        let mut seed = 7u64;
        for _ in 0..300 {
            let n = (next(&mut seed) % 9) as usize + 2;
            let mut narrow = Vec::new();
            let mut wide = Vec::new();
            for i in 0..n {
                for j in i + 1..n {
                    if !next(&mut seed).is_multiple_of(3) {
                        let x = next(&mut seed) % 50 + 1;
                        narrow.push((i, j, x));
                        let mut b = Big::<3>::from_u64(x);
                        b.shl(130);
                        b.add_small(next(&mut seed) % 2);
                        wide.push((i, j, b));
                    }
                }
            }
            let a = max_weight_matching(n, &narrow);
            let b = max_weight_matching(n, &wide);
            let sum = |m: &Vec<Option<usize>>, e: &[(usize, usize, u64)]| -> u64 {
                e.iter()
                    .filter(|(i, j, _)| m[*i] == Some(*j))
                    .map(|(_, _, w)| *w)
                    .sum()
            };
            assert_eq!(sum(&a.mates(), &narrow), sum(&b.mates(), &narrow));
        }
    }
}
