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
        let m = max_weight_matching_dense(n, &|i, j| w[i][j]);
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
