//! Maximum-cardinality matching (Edmonds, unweighted), kept warm between calls.
//!
//! The Dutch engine asks after each bracket "can the rest of the round still be completed
//! legally?" (criterion C4). That is a perfect-matching question on the compatibility graph of
//! all players still unpaired, plus a dummy vertex standing for the bye when the count is odd.
//! Pairs fixed by earlier brackets are removed; the previous matching is kept, so each check
//! only re-augments from the few vertices that lost their partner.
//!
//! The graph is not stored: the edges are asked of the caller's predicate when the search
//! reaches them. A field of thousands has millions of compatible pairs (20,000 players: about
//! 3 GB of adjacency lists), and the predicate (a bitset lookup and a colour test) is as cheap
//! as reading a list.

use std::collections::VecDeque;

const NONE: usize = usize::MAX;

/// Whether two vertices are joined: a symmetric predicate, false on the diagonal.
pub type Edge<'a> = &'a dyn Fn(usize, usize) -> bool;

/// A graph (given by its predicate at each call) with a maintained maximum matching.
pub struct CardinalityMatcher {
    n: usize,
    removed: Vec<bool>,
    /// The vertices not removed, ascending: the candidates of every neighbour scan.
    alive: Vec<usize>,
    mate: Vec<usize>,
    started: bool,
}

impl CardinalityMatcher {
    /// A graph on `n` vertices, nothing matched yet.
    pub fn new(n: usize) -> Self {
        CardinalityMatcher {
            n,
            removed: vec![false; n],
            alive: (0..n).collect(),
            mate: vec![NONE; n],
            started: false,
        }
    }

    /// A greedy start: each free vertex takes the first free neighbour above it (a free one
    /// below it found no free neighbour at its turn, this vertex included).
    fn greedy(&mut self, edge: Edge<'_>) {
        for v in 0..self.n {
            if self.mate[v] == NONE && !self.removed[v] {
                if let Some(w) = (v + 1..self.n)
                    .find(|&w| self.mate[w] == NONE && !self.removed[w] && edge(v, w))
                {
                    self.mate[v] = w;
                    self.mate[w] = v;
                }
            }
        }
    }

    /// Fix the pair (a, b): both leave the graph.
    pub fn finalize(&mut self, a: usize, b: usize) {
        for x in [a, b] {
            if x >= self.n {
                continue;
            }
            let m = self.mate[x];
            if m != NONE && m != a && m != b {
                self.mate[m] = NONE;
            }
            self.mate[x] = NONE;
            self.removed[x] = true;
        }
    }

    /// Whether every remaining vertex can be matched in the graph `edge`. The same predicate
    /// on every call: the matching kept from the last call must stay a matching of it.
    pub fn is_perfect(&mut self, edge: Edge<'_>) -> bool {
        if !self.started {
            self.started = true;
            self.greedy(edge);
        }
        let removed = &self.removed;
        self.alive.retain(|&v| !removed[v]);
        for v in 0..self.n {
            if !self.removed[v] && self.mate[v] == NONE && !self.augment(v, edge) {
                return false;
            }
        }
        true
    }

    /// Fix the pair (a, b) if every other remaining vertex can still be matched; otherwise
    /// leave the graph and its matching as they were. Only for a graph whose kept matching is
    /// perfect (after `is_perfect` said so): then at most the two vertices that lose their
    /// partners need one augmenting path between them.
    pub fn try_fix(&mut self, a: usize, b: usize, edge: Edge<'_>) -> bool {
        if self.mate[a] == b {
            self.finalize(a, b);
            return true;
        }
        let (mate, alive) = (self.mate.clone(), self.alive.clone());
        self.finalize(a, b);
        if self.is_perfect(edge) {
            return true;
        }
        self.mate = mate;
        self.alive = alive;
        self.removed[a] = false;
        self.removed[b] = false;
        false
    }

    fn lca(&self, base: &[usize], parent: &[usize], mut a: usize, mut b: usize) -> usize {
        let mut used = vec![false; self.n];
        loop {
            a = base[a];
            used[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            let p = parent[self.mate[a]];
            if p == NONE {
                break;
            }
            a = p;
        }
        loop {
            b = base[b];
            if used[b] {
                return b;
            }
            let m = self.mate[b];
            if m == NONE || parent[m] == NONE {
                return b;
            }
            b = parent[m];
        }
    }

    fn mark_path(
        &self,
        base: &[usize],
        parent: &mut [usize],
        blossom: &mut [bool],
        mut v: usize,
        b: usize,
        mut child: usize,
    ) {
        while base[v] != b {
            let m = self.mate[v];
            blossom[base[v]] = true;
            blossom[base[m]] = true;
            parent[v] = child;
            child = m;
            v = parent[m];
        }
    }

    /// Search an augmenting path from the free vertex `root`; apply it if found.
    fn augment(&mut self, root: usize, edge: Edge<'_>) -> bool {
        let n = self.n;
        let mut used = vec![false; n];
        let mut parent = vec![NONE; n];
        let mut base: Vec<usize> = (0..n).collect();
        let mut q = VecDeque::new();
        used[root] = true;
        q.push_back(root);
        while let Some(v) = q.pop_front() {
            for idx in 0..self.alive.len() {
                let to = self.alive[idx];
                if base[v] == base[to] || self.mate[v] == to || !edge(v, to) {
                    continue;
                }
                if to == root || (self.mate[to] != NONE && parent[self.mate[to]] != NONE) {
                    let cur = self.lca(&base, &parent, v, to);
                    let mut blossom = vec![false; n];
                    self.mark_path(&base, &mut parent, &mut blossom, v, cur, to);
                    self.mark_path(&base, &mut parent, &mut blossom, to, cur, v);
                    for i in 0..n {
                        if blossom[base[i]] {
                            base[i] = cur;
                            if !used[i] {
                                used[i] = true;
                                q.push_back(i);
                            }
                        }
                    }
                } else if parent[to] == NONE {
                    parent[to] = v;
                    if self.mate[to] == NONE {
                        // Flip the alternating path back to the root.
                        let mut u = to;
                        while u != NONE {
                            let pv = parent[u];
                            let ppv = self.mate[pv];
                            self.mate[u] = pv;
                            self.mate[pv] = u;
                            u = ppv;
                        }
                        return true;
                    }
                    let m = self.mate[to];
                    used[m] = true;
                    q.push_back(m);
                }
            }
        }
        false
    }
}

#[cfg(test)]
// Symmetric weight matrices read best with explicit indices.
#[allow(clippy::needless_range_loop)]
mod tests {
    use super::*;

    fn perfect_brute(n: usize, adj: &[Vec<bool>], used: &mut Vec<bool>) -> bool {
        let Some(i) = (0..n).find(|&i| !used[i]) else {
            return true;
        };
        used[i] = true;
        for j in i + 1..n {
            if !used[j] && adj[i][j] {
                used[j] = true;
                if perfect_brute(n, adj, used) {
                    used[j] = false;
                    used[i] = false;
                    return true;
                }
                used[j] = false;
            }
        }
        used[i] = false;
        false
    }

    #[test]
    fn agrees_with_brute_force_before_and_after_fixing_pairs() {
        let mut seed = 12345u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..2000 {
            let n = (next() % 6) as usize * 2 + 2;
            let dens = next() % 100;
            let mut m = vec![vec![false; n]; n];
            for i in 0..n {
                for j in i + 1..n {
                    if next() % 100 < dens {
                        m[i][j] = true;
                        m[j][i] = true;
                    }
                }
            }
            let edge = |a: usize, b: usize| m[a][b];
            let mut cm = CardinalityMatcher::new(n);
            let want = perfect_brute(n, &m, &mut vec![false; n]);
            assert_eq!(cm.is_perfect(&edge), want);
            // Fix an existing edge and ask again.
            if let Some((a, b)) = (0..n)
                .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                .find(|&(i, j)| m[i][j])
            {
                cm.finalize(a, b);
                let mut used = vec![false; n];
                used[a] = true;
                used[b] = true;
                assert_eq!(cm.is_perfect(&edge), perfect_brute(n, &m, &mut used));
            }
            // Fixing pairs one at a time by trial keeps the matcher exact: a refused pair
            // leaves it as it was, an accepted one is the brute force's answer too.
            let mut cm = CardinalityMatcher::new(n);
            if cm.is_perfect(&edge) {
                let mut used = vec![false; n];
                for i in 0..n {
                    for j in i + 1..n {
                        if used[i] || used[j] || !m[i][j] {
                            continue;
                        }
                        used[i] = true;
                        used[j] = true;
                        let want = perfect_brute(n, &m, &mut used);
                        if !want {
                            used[i] = false;
                            used[j] = false;
                        }
                        assert_eq!(cm.try_fix(i, j, &edge), want);
                    }
                }
                assert!(used.iter().all(|&u| u), "the trials pair everyone");
            }
        }
    }
}
