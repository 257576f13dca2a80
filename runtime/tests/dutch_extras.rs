//! Accelerated pairings and forbidden pairs against the reference engine: rounds of the
//! reference tournaments (`tests/data/swiss-dutch`) with acceleration records (JaVaFo `XXA`,
//! TRF-2026 `250`), the Baku method (`192 FIDE_DUTCH_2025_BAKU`, C.04.5.1) or forbidden pairs
//! (`XXP`, `260`) added, each paired by bbpPairings again; see
//! `tests/data/swiss-dutch-extras/PROVENANCE.md`. Boards and colours must be identical.

use std::path::{Path, PathBuf};

mod common;

use common::lines_of;
use xqreg_runtime::pairing::swiss::{pair_trf, SwissSystem};

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/swiss-dutch-extras")
}

/// The variants (`round-KK.VARIANT.trf`; the `.engine.trf` files are what the engine was given
/// where its Baku groups differ from the handbook's, see the provenance note).
fn variant_files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(data_dir())
        .expect("extras data")
        .filter_map(|d| d.ok().map(|d| d.path()))
        .filter(|d| d.is_dir())
        .collect();
    dirs.sort();
    for d in dirs {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&d)
            .expect("tournament folder")
            .filter_map(|f| f.ok().map(|f| f.path()))
            .filter(|p| {
                let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
                name.ends_with(".trf") && !name.ends_with(".engine.trf")
            })
            .collect();
        files.sort();
        out.extend(files);
    }
    out
}

fn variant_of(p: &Path) -> String {
    p.file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.split('.').nth(1))
        .unwrap_or("")
        .to_string()
}

#[test]
fn every_variant_is_paired_as_the_engine_pairs_it() {
    let files = variant_files();
    assert_eq!(files.len(), 200, "all variants are present");
    let mut failures = Vec::new();
    let mut changed = std::collections::BTreeMap::<String, usize>::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("variant");
        let want = lines_of(
            &std::fs::read_to_string(f.with_extension("pairs")).expect("engine pairing"),
            false,
        );
        match pair_trf(&text, SwissSystem::Dutch) {
            Ok(got) => {
                let got = lines_of(&got, true);
                if got != want {
                    let extra: Vec<_> = got.difference(&want).cloned().collect();
                    let missing: Vec<_> = want.difference(&got).cloned().collect();
                    failures.push(format!(
                        "{}: got {extra:?}, expected {missing:?}",
                        f.display()
                    ));
                }
            }
            Err(e) => failures.push(format!("{}: {e}", f.display())),
        }
        // The round without the records, as the reference set pairs it: the records must have
        // changed most pairings for this test to say anything.
        let name = f.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let plain = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/swiss-dutch")
            .join(f.parent().and_then(|p| p.file_name()).expect("folder"))
            .join(format!("{}.pairs", &name[..8]));
        let plain = lines_of(&std::fs::read_to_string(plain).expect("plain round"), false);
        if plain != want {
            *changed.entry(variant_of(f)).or_default() += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let changed: Vec<(String, usize)> = changed.into_iter().collect();
    let expect: Vec<(String, usize)> = [
        ("baku", 24),
        ("r250", 35),
        ("r260", 40),
        ("xxa", 37),
        ("xxp", 40),
    ]
    .iter()
    .map(|(v, n)| (v.to_string(), *n))
    .collect();
    assert_eq!(changed, expect, "variants whose pairing the records change");
}
