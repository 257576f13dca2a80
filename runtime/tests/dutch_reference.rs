//! Every round of the reference Swiss tournaments (paired by a FIDE-endorsed Dutch engine) is
//! paired again from its TRF and compared with the reference pairing, line by line, order
//! ignored. The data are copied from the shared reference set; see
//! `tests/data/swiss-dutch/PROVENANCE.md`. A second set, `tests/data/swiss-dutch-gen`, is a sample
//! of a corpus generated with the same engine (`scripts/swiss-corpus/`): forfeits, half- and
//! zero-point byes, withdrawals, 2/1/0 and 3/1/0 scoring, long tournaments of small fields.

use std::path::{Path, PathBuf};

mod common;

use common::lines_of;
use xqreg_runtime::pairing::swiss::{pair_trf, SwissSystem};

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/swiss-dutch")
}

fn generated_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/swiss-dutch-gen")
}

const DEBUG_MAX_PLAYERS: u32 = 101;

/// The field size from a folder name like `t31-128p-07r`.
fn players_in(dir: &Path) -> u32 {
    dir.file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.split('-').nth(1))
        .and_then(|p| p.strip_suffix('p'))
        .and_then(|p| p.parse().ok())
        .unwrap_or(0)
}

fn round_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(dirs) = std::fs::read_dir(dir) else {
        return out;
    };
    let mut dirs: Vec<PathBuf> = dirs.filter_map(|d| d.ok().map(|d| d.path())).collect();
    dirs.sort();
    for d in dirs {
        if d.file_name().is_some_and(|n| n == "large") || !d.is_dir() {
            continue;
        }
        // Unoptimised builds pair the largest fields (more than 101 players) very slowly; they
        // run in release builds (`cargo test --release`), which the count line says.
        if cfg!(debug_assertions) && players_in(&d) > DEBUG_MAX_PLAYERS {
            continue;
        }
        let Ok(files) = std::fs::read_dir(&d) else {
            continue;
        };
        let mut files: Vec<PathBuf> = files
            .filter_map(|f| f.ok().map(|f| f.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "trf"))
            .collect();
        files.sort();
        out.extend(files);
    }
    out
}

fn check(trf: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(trf).map_err(|e| e.to_string())?;
    let want = std::fs::read_to_string(trf.with_extension("pairs")).map_err(|e| e.to_string())?;
    let got = pair_trf(&text, SwissSystem::Dutch).map_err(|e| e.to_string())?;
    let (g, w) = (lines_of(&got, true), lines_of(&want, false));
    if g == w {
        Ok(())
    } else {
        let extra: Vec<_> = g.difference(&w).cloned().collect();
        let missing: Vec<_> = w.difference(&g).cloned().collect();
        Err(format!("got {extra:?}, expected {missing:?}"))
    }
}

/// Rounds where this engine and the reference differ, with the reason as far as known. A round
/// listed here that starts matching fails the test, so the list cannot go stale.
const KNOWN_DIFFERENT: &[&str] = &[];

#[test]
fn every_reference_round_is_reproduced() {
    let expected = if cfg!(debug_assertions) { 133 } else { 170 };
    reproduce(&data_dir(), expected);
}

#[test]
fn every_generated_sample_round_is_reproduced() {
    let expected = if cfg!(debug_assertions) { 168 } else { 187 };
    reproduce(&generated_dir(), expected);
}

fn reproduce(dir: &Path, expected: usize) {
    let files = round_files(dir);
    assert_eq!(
        files.len(),
        expected,
        "all rounds of {} are present",
        dir.display()
    );
    let mut failures = Vec::new();
    let mut passed = 0;
    for f in &files {
        let known = KNOWN_DIFFERENT.iter().any(|k| f.ends_with(k));
        match (check(f), known) {
            (Ok(()), false) => passed += 1,
            (Err(_), true) => {}
            (Ok(()), true) => failures.push(format!("{}: now matches; unlist it", f.display())),
            (Err(e), false) => failures.push(format!("{}: {e}", f.display())),
        }
    }
    println!(
        "{}: {passed}/{} rounds reproduced",
        dir.display(),
        files.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "1,000 players: runs in release builds (`cargo test --release`)"
)]
fn the_large_round_is_reproduced() {
    let f = data_dir().join("large/round-05.trf");
    if let Err(e) = check(&f) {
        panic!("{e}");
    }
}
