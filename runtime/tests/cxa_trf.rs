//! `pair_trf` with the CXA system on every reference TRF (tests/data/swiss-dutch): the answer
//! lists each player who is not marked absent exactly once, at most one bye, and no two players
//! who already met over the board.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use xqreg_runtime::pairing::swiss::{pair_trf, SwissSystem};
use xqreg_runtime::trf;

fn trf_files() -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/swiss-dutch");
    let mut out = Vec::new();
    for d in std::fs::read_dir(dir).expect("data").flatten() {
        for f in std::fs::read_dir(d.path()).into_iter().flatten().flatten() {
            if f.path().extension().is_some_and(|e| e == "trf") {
                out.push(f.path());
            }
        }
    }
    out.sort();
    out
}

#[test]
fn cxa_pairs_every_reference_round_legally() {
    let files = trf_files();
    assert!(files.len() > 100, "the reference rounds are there");
    let mut boards = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).expect("text");
        let t = trf::parse(&text).expect("a valid TRF");
        let played = t.rounds_played() as usize;
        let mut met: BTreeSet<(u32, u32)> = BTreeSet::new();
        let mut due: BTreeSet<u32> = BTreeSet::new();
        for p in &t.players {
            for r in p.rounds.iter().take(played).flatten() {
                if let (Some(o), true) = (r.opponent, r.result.is_played()) {
                    met.insert((p.id.min(o), p.id.max(o)));
                }
            }
            if p.rounds.get(played).copied().flatten().is_none() {
                due.insert(p.id);
            }
        }
        let out =
            pair_trf(&text, SwissSystem::Cxa).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut lines = out.lines();
        let count: usize = lines.next().and_then(|l| l.parse().ok()).expect("a count");
        let mut seen: BTreeMap<u32, u32> = BTreeMap::new();
        let mut byes = 0;
        let mut n = 0;
        for l in lines {
            n += 1;
            let v: Vec<u32> = l.split(' ').filter_map(|x| x.parse().ok()).collect();
            let [a, b] = v[..] else {
                panic!("{}: line {l}", path.display())
            };
            *seen.entry(a).or_default() += 1;
            if b == 0 {
                byes += 1;
                continue;
            }
            boards += 1;
            *seen.entry(b).or_default() += 1;
            assert!(
                !met.contains(&(a.min(b), a.max(b))),
                "{}: {a} v {b} again",
                path.display()
            );
        }
        assert_eq!(n, count, "{}", path.display());
        assert!(byes <= 1, "{}", path.display());
        assert_eq!(
            seen.keys().copied().collect::<BTreeSet<_>>(),
            due,
            "{}",
            path.display()
        );
        assert!(seen.values().all(|&k| k == 1), "{}", path.display());
    }
    assert!(boards > 0);
}
