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

/// A random test graph: its vertex count, largest weight, weight matrix (0: no edge), edges.
struct Graph {
    n: usize,
    wmax: u64,
    w: Vec<Vec<u64>>,
    edges: Vec<(usize, usize, u64)>,
}

/// A random graph for test round `round`: 1 to 11 vertices, a random density, weights up to
/// 3, 10 or 1000 by turns.
fn random_graph(seed: &mut u64, round: usize) -> Graph {
    let n = (next(seed) % 11) as usize + 1;
    let density = next(seed) % 100;
    let wmax = [3, 10, 1000][round % 3];
    let mut w = vec![vec![0u64; n]; n];
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if next(seed) % 100 < density {
                let x = next(seed) % wmax + 1;
                w[i][j] = x;
                w[j][i] = x;
                edges.push((i, j, x));
            }
        }
    }
    Graph { n, wmax, w, edges }
}

/// Takes the pair `i`, `j` out of the graph `w`: no edge to or from either.
fn take_out(w: &mut [Vec<u64>], i: usize, j: usize) {
    for x in 0..w.len() {
        for (p, q) in [(i, x), (x, i), (j, x), (x, j)] {
            w[p][q] = 0;
        }
    }
}

/// The weight of a matching, checked to be one: mates are mutual and matched on edges. Pairs
/// taken out (`gone`) may stay matched to each other and weigh nothing.
fn matched_weight(mates: &[Option<usize>], w: &[Vec<u64>], gone: &[bool]) -> u64 {
    let mut total = 0;
    for (i, mate) in mates.iter().enumerate() {
        if let Some(j) = *mate {
            assert_eq!(mates[j], Some(i));
            if gone[i] {
                assert!(gone[j]);
                continue;
            }
            assert!(w[i][j] > 0);
            if i < j {
                total += w[i][j];
            }
        }
    }
    total
}

#[test]
fn matches_brute_force_and_keeps_tight_optimal_edges() {
    let mut seed = 0xDEAD_BEEF_1234_5678u64;
    for round in 0..3000 {
        let Graph { n, w, edges, .. } = random_graph(&mut seed, round);
        let m = max_weight_matching_dense(n, |i: usize, j: usize| w[i][j]);
        let total = matched_weight(&m.mates(), &w, &vec![false; n]);
        let best = brute(n, &w, &mut vec![false; n]);
        assert_eq!(total, best, "round {round}: n={n} edges={edges:?}");
        if n <= 8 {
            for &(i, j, x) in &edges {
                let mut used = vec![false; n];
                used[i] = true;
                used[j] = true;
                if x + brute(n, &w, &mut used) == best {
                    assert!(m.is_tight(i, j, x), "edge {i}-{j}: {edges:?}");
                }
            }
        }
    }
}

#[test]
fn warm_solves_match_brute_force_after_changes_and_removals() {
    let mut seed = 0x1234_5678_9ABC_DEF0u64;
    for round in 0..10000 {
        let Graph { n, wmax, mut w, .. } = random_graph(&mut seed, round);
        let mut m = WarmMatching::new(n, |i: usize, j: usize| w[i][j]);
        let mut gone = vec![false; n];
        for _step in 0..6 {
            // Change a few weights, sometimes take a pair out.
            for _ in 0..(next(&mut seed) % 4) {
                let i = (next(&mut seed) % n as u64) as usize;
                let j = (next(&mut seed) % n as u64) as usize;
                if i == j || gone[i] || gone[j] {
                    continue;
                }
                let x = if next(&mut seed).is_multiple_of(4) {
                    0
                } else {
                    next(&mut seed) % wmax + 1
                };
                w[i][j] = x;
                w[j][i] = x;
                m.set_weight(i, j, x);
            }
            if next(&mut seed).is_multiple_of(3) {
                let i = (next(&mut seed) % n as u64) as usize;
                let j = (next(&mut seed) % n as u64) as usize;
                if i != j && !gone[i] && !gone[j] {
                    gone[i] = true;
                    gone[j] = true;
                    take_out(&mut w, i, j);
                    m.remove_pair(i, j);
                }
            }
            m.solve();
            let total = matched_weight(&m.mates(), &w, &gone);
            let mut used = gone.clone();
            let best = brute(n, &w, &mut used);
            assert_eq!(total, best, "round {round}: n={n} w={w:?}");
            if n <= 8 {
                for i in 0..n {
                    for j in i + 1..n {
                        if w[i][j] == 0 {
                            continue;
                        }
                        let mut used = gone.clone();
                        used[i] = true;
                        used[j] = true;
                        if w[i][j] + brute(n, &w, &mut used) == best {
                            assert!(m.is_tight(i, j, w[i][j]), "round {round}: {i}-{j} {w:?}");
                        }
                    }
                }
            }
            // A whole row of tight edges agrees with `is_tight`, and a vertex with a positive
            // dual is matched in every maximum-weight matching.
            for i in 0..n {
                let (row, positive) = m.tight_row(i);
                let want: Vec<usize> = (0..n)
                    .filter(|&j| j != i && w[i][j] > 0 && m.is_tight(i, j, w[i][j]))
                    .collect();
                assert_eq!(row, want, "round {round}: row {i} {w:?}");
                if positive && n <= 8 {
                    let mut used = gone.clone();
                    used[i] = true;
                    assert!(brute(n, &w, &mut used) < best, "round {round}: {i} {w:?}");
                }
            }
        }
    }
}

/// After a rollback to a checkpoint, the pairs taken out since are back with their weights,
/// and the next solve is a maximum-weight matching of the graph as it was at the checkpoint,
/// again ready to take pairs out.
#[test]
fn rollback_restores_the_graph_of_the_checkpoint() {
    let mut seed = 0x0123_4567_89AB_CDEFu64;
    let total = |m: &WarmMatching<u64>, w: &[Vec<u64>], gone: &[bool]| -> u64 {
        let mates = m.mates();
        let mut t = 0;
        for (i, mate) in mates.iter().enumerate() {
            if let Some(j) = *mate {
                if i < j && !gone[i] {
                    t += w[i][j];
                }
            }
        }
        t
    };
    for round in 0..1500 {
        let n = (next(&mut seed) % 10) as usize + 2;
        let wmax = [3, 10, 1000][round % 3];
        let mut w = vec![vec![0u64; n]; n];
        for i in 0..n {
            for j in i + 1..n {
                if next(&mut seed) % 100 < 70 {
                    let x = next(&mut seed) % wmax + 1;
                    w[i][j] = x;
                    w[j][i] = x;
                }
            }
        }
        let mut m = WarmMatching::new(n, |i: usize, j: usize| w[i][j]);
        let mut gone = vec![false; n];
        let mut pairs = Vec::new();
        for _ in 0..3 {
            let i = (next(&mut seed) % n as u64) as usize;
            let j = (next(&mut seed) % n as u64) as usize;
            if i != j && !gone[i] && !gone[j] {
                gone[i] = true;
                gone[j] = true;
                pairs.push((i, j));
            }
        }
        // The first pair out for good, then a checkpoint, then the others out and back.
        let Some(&(a, b)) = pairs.first() else {
            continue;
        };
        m.remove_pair(a, b);
        m.solve();
        let mut at_checkpoint = vec![false; n];
        at_checkpoint[a] = true;
        at_checkpoint[b] = true;
        let cp = m.checkpoint();
        for &(i, j) in &pairs[1..] {
            m.remove_pair(i, j);
        }
        m.solve();
        m.rollback(&cp, &|i, j| w[i][j]);
        m.solve();
        let mut w_cp = w.clone();
        take_out(&mut w_cp, a, b);
        let mut used = at_checkpoint.clone();
        let best = brute(n, &w_cp, &mut used);
        assert_eq!(total(&m, &w, &at_checkpoint), best, "round {round}: {w:?}");
        // Taking the same pairs out again gives the optimum of the graph without them.
        for &(i, j) in &pairs[1..] {
            m.remove_pair(i, j);
        }
        m.solve();
        let mut w_all = w_cp.clone();
        for &(i, j) in &pairs[1..] {
            take_out(&mut w_all, i, j);
        }
        let mut used = gone.clone();
        let best = brute(n, &w_all, &mut used);
        assert_eq!(total(&m, &w, &gone), best, "round {round}: {w:?}");
    }
}
