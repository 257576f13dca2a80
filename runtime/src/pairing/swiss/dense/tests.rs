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
fn matches_brute_force_and_keeps_tight_optimal_edges() {
    let mut seed = 0xDEAD_BEEF_1234_5678u64;
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
        let m = max_weight_matching_dense(n, |i: usize, j: usize| w[i][j]);
        let mates = m.mates();
        let mut total = 0;
        for (i, mate) in mates.iter().enumerate() {
            if let Some(j) = *mate {
                assert_eq!(mates[j], Some(i));
                assert!(w[i][j] > 0);
                if i < j {
                    total += w[i][j];
                }
            }
        }
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
        let n = (next(&mut seed) % 11) as usize + 1;
        let density = next(&mut seed) % 100;
        let wmax = [3, 10, 1000][round % 3];
        let mut w = vec![vec![0u64; n]; n];
        for i in 0..n {
            for j in i + 1..n {
                if next(&mut seed) % 100 < density {
                    let x = next(&mut seed) % wmax + 1;
                    w[i][j] = x;
                    w[j][i] = x;
                }
            }
        }
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
                    for x in 0..n {
                        for (a, b) in [(i, x), (x, i), (j, x), (x, j)] {
                            w[a][b] = 0;
                        }
                    }
                    m.remove_pair(i, j);
                }
            }
            m.solve();
            let mates = m.mates();
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
        }
    }
}
