//! The transpositions read off one optimal solve, as a bipartite question between S1 and S2.
//!
//! With optimal duals, every maximum-weight matching uses only tight edges, and a vertex with a
//! positive dual is matched in every one (complementary slackness). When each S1 player still
//! to pair has a positive dual and tight edges only to free S2 players after it, every
//! maximum-weight matching pairs all of S1 into S2 along tight edges, and also every S2 player
//! with a positive dual and tight edges only to S1. A pair of the rules' choice (each S1 player
//! in order taking the highest S2 player possible) must then leave a matching of that tight
//! bipartite graph which pairs the rest of S1 and those S2 players: each S1 player takes the
//! highest S2 player that passes this test (alternating-path searches over the graph when its
//! present partner is not the highest), and a higher one that fails it is in no
//! maximum-weight matching with the pairs before it.
//!
//! The pairs so found (T) are then checked against the solve's own matching M*: T, with M*'s
//! pairs outside S1 and S2 and the S2 players M* left out of S1's pairs swapped for those T
//! leaves out, is a matching; if it weighs as much as M*, it is a maximum-weight matching, so
//! every pair of T extends and T is the rules' choice exactly (at the first S1 player where the
//! rules chose otherwise, their higher choice would have passed the test and been taken). When
//! the check fails, the pairs go to the solver's verification of a prefix, as the greedy pairs
//! along tight edges do.

use super::optimum::Opt;
use super::NONE;
use crate::pairing::swiss::weight::{Big, Weight};

/// The transpositions found, and whether they are verified to extend to an optimum.
pub(super) struct Lex {
    pub(super) pairs: Vec<(usize, usize)>,
    pub(super) verified: bool,
}

/// The transpositions of `s1` (in order) on the optimum `st` just solved by `opt`; `None`
/// when S1 and S2 do not make a bipartite question (see the module note).
pub(super) fn lex_transpositions<const L: usize>(
    opt: &Opt<L>,
    st: &[usize],
    remainder: &[usize],
    s1: &[usize],
    matched: &[bool],
) -> Option<Lex> {
    let n = st.len();
    if s1.is_empty() {
        return None;
    }
    let mut in_s1 = vec![false; n];
    for &p in s1 {
        in_s1[p] = true;
    }
    // The right side: the free S2 players, in bracket order (the highest first).
    let mut right_of = vec![NONE; n];
    let mut right = Vec::new();
    for &o in remainder {
        if !in_s1[o] && !matched.get(o).copied().unwrap_or(false) && !opt.is_fixed(o) {
            right_of[o] = right.len();
            right.push(o);
        }
    }
    let mut adj: Vec<Vec<usize>> = Vec::with_capacity(s1.len());
    let mut mate_l = Vec::with_capacity(s1.len());
    for &p in s1 {
        let (row, positive) = opt.tight_partners(p)?;
        if !positive {
            return None;
        }
        let mut a = Vec::with_capacity(row.len());
        for v in row {
            if v < p || right_of[v] == NONE {
                return None;
            }
            a.push(right_of[v]);
        }
        a.sort_unstable();
        let m = right_of[st[p]];
        if m == NONE || a.binary_search(&m).is_err() {
            return None;
        }
        mate_l.push(m);
        adj.push(a);
    }
    // An S2 player with a positive dual and tight edges only to S1 is in S1's pairs in every
    // maximum-weight matching.
    let mut must = Vec::with_capacity(right.len());
    for &o in &right {
        let (row, positive) = opt.tight_partners(o)?;
        must.push(positive && row.iter().all(|&v| in_s1[v]));
    }
    let pairs = choose(&adj, mate_l, &must)?
        .into_iter()
        .enumerate()
        .map(|(i, r)| (s1[i], right[r]))
        .collect::<Vec<_>>();
    let verified = extends(opt, st, &pairs, &right);
    Some(Lex { pairs, verified })
}

/// Each left vertex in order takes its first right neighbour (`adj` sorted) with which the
/// left vertices after it can still all be matched and the `must` right vertices all stay
/// matched, from such a matching `mate_l`. Both at once exactly when each alone
/// (Mendelsohn–Dulmage): the left vertex that loses its partner must reach a free right vertex
/// along an alternating path, and a `must` right vertex left without one must reach that left
/// vertex or a right vertex not bound to stay matched.
fn choose(adj: &[Vec<usize>], mut mate_l: Vec<usize>, must: &[bool]) -> Option<Vec<usize>> {
    let a = adj.len();
    let rights = must.len();
    let mut mate_r = vec![NONE; rights];
    for (i, &r) in mate_l.iter().enumerate() {
        if mate_r[r] != NONE {
            return None;
        }
        mate_r[r] = i;
    }
    let mut radj: Vec<Vec<usize>> = vec![Vec::new(); rights];
    for (i, rs) in adj.iter().enumerate() {
        for &r in rs {
            radj[r].push(i);
        }
    }
    let mut g = Graph {
        radj,
        must,
        dead_l: vec![false; a],
        dead_r: vec![false; rights],
        mate_r,
        via: vec![NONE; a],
        from: vec![NONE; a],
    };
    for i in 0..a {
        g.dead_l[i] = true;
        let old = mate_l[i];
        g.mate_r[old] = NONE;
        mate_l[i] = NONE;
        let (mut to_free, mut cover) = (false, None);
        let mut choice = NONE;
        for &r in &adj[i] {
            if g.dead_r[r] {
                continue;
            }
            if r == old {
                choice = r;
                break;
            }
            let q = g.mate_r[r];
            if q != NONE {
                if !to_free {
                    to_free = true;
                    g.paths_to_free(&mate_l);
                }
                if g.via[q] == NONE {
                    continue;
                }
            }
            if must[old] {
                let released = *cover.get_or_insert_with(|| g.paths_from(old, &mate_l));
                if !released && (q == NONE || g.from[q] == NONE) {
                    continue;
                }
            }
            choice = r;
            break;
        }
        if choice == NONE {
            return None;
        }
        // The left vertex that loses `choice` moves along its path to a free right vertex.
        let mut q = g.mate_r[choice];
        while q != NONE {
            let r = g.via[q];
            let next = g.mate_r[r];
            mate_l[q] = r;
            g.mate_r[r] = q;
            q = next;
        }
        mate_l[i] = choice;
        g.mate_r[choice] = i;
        g.dead_r[choice] = true;
        if must[old] && g.mate_r[old] == NONE && !g.cover(old, &mut mate_l) {
            return None;
        }
    }
    Some(mate_l)
}

/// The bipartite graph of `choose` with its matching (right side; `mate_l` is passed along).
struct Graph<'m> {
    radj: Vec<Vec<usize>>,
    must: &'m [bool],
    dead_l: Vec<bool>,
    dead_r: Vec<bool>,
    mate_r: Vec<usize>,
    /// The right vertex each left vertex moves to on its path to a free right vertex.
    via: Vec<usize>,
    /// The right vertex each left vertex is reached from on a path from a `must` one.
    from: Vec<usize>,
}

impl Graph<'_> {
    /// `via`: which left vertices can move along an alternating path to a free right vertex.
    fn paths_to_free(&mut self, mate_l: &[usize]) {
        self.via.fill(NONE);
        let mut stack: Vec<usize> = (0..self.mate_r.len())
            .filter(|&r| !self.dead_r[r] && self.mate_r[r] == NONE)
            .collect();
        while let Some(r) = stack.pop() {
            for &q in &self.radj[r] {
                if self.dead_l[q] || self.via[q] != NONE || mate_l[q] == r {
                    continue;
                }
                self.via[q] = r;
                stack.push(mate_l[q]);
            }
        }
    }

    /// `from`: the left vertices an alternating path from the right vertex `r` reaches; true
    /// when one reaches a matched right vertex not bound to stay matched.
    fn paths_from(&mut self, r: usize, mate_l: &[usize]) -> bool {
        self.from.fill(NONE);
        let mut released = false;
        let mut stack = vec![r];
        while let Some(r) = stack.pop() {
            for &q in &self.radj[r] {
                if self.dead_l[q] || self.from[q] != NONE || mate_l[q] == r {
                    continue;
                }
                self.from[q] = r;
                let m = mate_l[q];
                if m == NONE {
                    continue;
                }
                if !self.must[m] {
                    released = true;
                }
                stack.push(m);
            }
        }
        released
    }

    /// Match the `must` right vertex `r` again along an alternating path that ends at a matched
    /// right vertex not bound to stay matched (which gives up its partner); false if none.
    fn cover(&mut self, r: usize, mate_l: &mut [usize]) -> bool {
        self.paths_from(r, mate_l);
        let end = (0..mate_l.len())
            .find(|&q| self.from[q] != NONE && mate_l[q] != NONE && !self.must[mate_l[q]]);
        let Some(mut q) = end else {
            return false;
        };
        self.mate_r[mate_l[q]] = NONE;
        loop {
            let t = self.from[q];
            let prev = self.mate_r[t];
            mate_l[q] = t;
            self.mate_r[t] = q;
            if t == r {
                return true;
            }
            q = prev;
        }
    }
}

/// Whether the pairs extend to a maximum-weight matching: swapped into the optimum `st` (see
/// the module note), the total is still the optimum's.
fn extends<const L: usize>(
    opt: &Opt<L>,
    st: &[usize],
    pairs: &[(usize, usize)],
    right: &[usize],
) -> bool {
    let mut by_t = vec![false; st.len()];
    let mut by_star = vec![false; st.len()];
    let (mut w_t, mut w_star) = (Big::<L>::default(), Big::<L>::default());
    for &(p, o) in pairs {
        by_t[o] = true;
        by_star[st[p]] = true;
        w_t = w_t.plus(opt.get(p, o));
        w_star = w_star.plus(opt.get(p, st[p]));
    }
    // Paired by T but left out by M* (then paired outside, or not at all), and the reverse.
    let d0: Vec<usize> = right
        .iter()
        .copied()
        .filter(|&o| by_t[o] && !by_star[o])
        .collect();
    let dt: Vec<usize> = right
        .iter()
        .copied()
        .filter(|&o| by_star[o] && !by_t[o])
        .collect();
    if d0.len() != dt.len() || d0.len() > 3 {
        return false;
    }
    let mut lost = Big::<L>::default();
    let mut outside = Vec::new();
    for &o in &d0 {
        if st[o] != o {
            lost = lost.plus(opt.get(o, st[o]));
            outside.push(st[o]);
        }
    }
    let gain = best_swap(opt, &dt, &outside, &mut vec![false; outside.len()]);
    w_t.plus(gain) >= w_star.plus(lost)
}

/// The heaviest pairs between `left` and the unused ones of `outside` (each at most once).
fn best_swap<const L: usize>(
    opt: &Opt<L>,
    left: &[usize],
    outside: &[usize],
    used: &mut [bool],
) -> Big<L> {
    let Some((&x, rest)) = left.split_first() else {
        return Big::default();
    };
    let mut best = best_swap(opt, rest, outside, used);
    for j in 0..outside.len() {
        if used[j] {
            continue;
        }
        let w = opt.get(x, outside[j]);
        if w.is_zero() {
            continue;
        }
        used[j] = true;
        let t = w.plus(best_swap(opt, rest, outside, used));
        used[j] = false;
        if t > best {
            best = t;
        }
    }
    best
}
