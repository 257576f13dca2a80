//! Broken input never panics: every example with one line deleted, and truncated at many byte
//! positions, goes through parse, check and every renderer; every JSON diagnostic has a code, a
//! line and a column. The library is called directly (fast); one binary run per example checks
//! that a truncated file exits with 0 or 1.
//!
//! Exhaustive (every line, every cut point) in an optimised build (`cargo test --release`, which
//! `.ci/run` does) or with `XQREG_EXHAUSTIVE=1`; an unoptimised build, where one parse of a large
//! example takes tens of milliseconds, takes every 8th line and every 10th cut point, a
//! different residue for each file, so the default `cargo test` stays quick.

use std::process::Command;

use serde_json::Value;
use xqreg::diagnostics::render::Format;
use xqreg::diagnostics::Lang;
use xqreg::driver;

use crate::common::{examples, rel, render_one};

/// Every mutation, or a sample of them (see the module comment).
fn exhaustive() -> bool {
    !cfg!(debug_assertions) || std::env::var_os("XQREG_EXHAUSTIVE").is_some()
}

/// Keep the `i`-th mutation of file number `file`?
fn sampled(i: usize, file: usize, every: usize) -> bool {
    exhaustive() || i % every == file % every
}

/// Check one variant of a file and render it every way; return what is wrong with its JSON.
fn check_variant(name: &str, bytes: &[u8]) -> Result<(), String> {
    let report = driver::check_bytes(name, bytes);
    for format in [Format::Plain, Format::Github, Format::Human] {
        let _ = render_one(format, &report, Lang::En);
    }
    let _ = render_one(Format::Plain, &report, Lang::Zh);
    let json = render_one(Format::Json, &report, Lang::En);
    let v: Value = serde_json::from_str(&json).map_err(|e| format!("{name}: bad JSON: {e}"))?;
    let list = v["diagnostics"]
        .as_array()
        .ok_or_else(|| format!("{name}: no diagnostics array"))?;
    for d in list {
        let code_ok = d["code"].as_str().is_some_and(|c| c.len() == 4);
        let line_ok = d["line"].as_u64().is_some_and(|l| l >= 1);
        let col_ok = d["column"].as_u64().is_some_and(|c| c >= 1);
        if !(code_ok && line_ok && col_ok) {
            return Err(format!("{name}: diagnostic without code/line/column: {d}"));
        }
    }
    Ok(())
}

/// Byte positions to truncate at: every byte of a small file; else a stride, plus every byte
/// of one multi-byte character in every few (cuts inside a character are the non-UTF-8 path).
fn cut_points(text: &str) -> Vec<usize> {
    const SMALL: usize = 2000;
    let len = text.len();
    if len <= SMALL {
        return (0..=len).collect();
    }
    let stride = len / 400 + 1;
    let mut points: Vec<usize> = (0..=len).step_by(stride).collect();
    for (n, (i, c)) in text
        .char_indices()
        .filter(|(_, c)| c.len_utf8() > 1)
        .enumerate()
    {
        if n % 25 == 0 {
            points.extend(i..=i + c.len_utf8());
        }
    }
    points.push(len);
    points.sort_unstable();
    points.dedup();
    points
}

/// Every variant `variants` makes of each example (given its index and text, it names each
/// variant) goes through every phase without a panic.
fn variants_never_panic(
    what: &str,
    variants: impl Fn(usize, &str, &str) -> Vec<(String, Vec<u8>)>,
) {
    let files = examples();
    assert!(!files.is_empty(), "no examples to {what}");
    let mut failures = Vec::new();
    for (n, path) in files.iter().enumerate() {
        let text = std::fs::read_to_string(path).expect("examples are UTF-8");
        for (name, bytes) in variants(n, &rel(path), &text) {
            if let Err(e) = check_variant(&name, &bytes) {
                failures.push(e);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn deleting_any_line_never_panics() {
    variants_never_panic("mutate", |n, name, text| {
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        (0..lines.len())
            .filter(|i| sampled(*i, n, 8))
            .map(|skip| {
                let variant: String = lines
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| *i != skip)
                    .map(|(_, l)| *l)
                    .collect();
                (
                    format!("{name} without line {}", skip + 1),
                    variant.into_bytes(),
                )
            })
            .collect()
    });
}

#[test]
fn truncating_anywhere_never_panics() {
    variants_never_panic("truncate", |n, name, text| {
        cut_points(text)
            .iter()
            .enumerate()
            .filter(|(i, _)| sampled(*i, n, 10))
            .map(|(_, &cut)| {
                let bytes = text.as_bytes().get(..cut).unwrap_or_default();
                (format!("{name} cut at byte {cut}"), bytes.to_vec())
            })
            .collect()
    });
}

/// The binary on a truncated example: exit 0 or 1, JSON on stdout.
#[test]
fn binary_on_truncated_examples_exits_0_or_1() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("truncated");
    std::fs::create_dir_all(&dir).expect("temp dir");
    for (i, path) in examples().iter().enumerate() {
        let bytes = std::fs::read(path).expect("example readable");
        let cut = bytes.len() * 2 / 3;
        let tmp = dir.join(format!("cut{i}.xqr"));
        std::fs::write(&tmp, bytes.get(..cut).unwrap_or_default()).expect("write temp file");
        let out = Command::new(env!("CARGO_BIN_EXE_xqreg"))
            .args(["check", "--format", "json", "--lang", "en"])
            .arg(&tmp)
            .output()
            .expect("run xqreg");
        let code = out.status.code();
        assert!(matches!(code, Some(0 | 1)), "{}: exit {code:?}", rel(path));
        let v: Value = serde_json::from_slice(&out.stdout).expect("stdout is JSON");
        assert!(v["diagnostics"].is_array());
    }
}

#[test]
fn cut_points_cover_small_files_fully() {
    assert_eq!(cut_points("ab"), vec![0, 1, 2]);
    let big = "周".repeat(1000);
    let points = cut_points(&big);
    assert!(
        points.contains(&1) && points.contains(&2),
        "cuts inside a character"
    );
    assert_eq!(points.last(), Some(&big.len()));
}

/// Line ends as an old Mac editor writes them (a lone CR), or as Windows does (CR LF), read as
/// lines: every example checks with the same diagnostics at the same lines and columns. A lone
/// CR used to end no comment, so a file opening with one was one comment (E110).
#[test]
fn every_line_end_reads_the_same() {
    let places = |bytes: &[u8]| {
        let report = driver::check_bytes("r.xqr", bytes);
        report
            .diagnostics
            .iter()
            .map(|d| {
                let at = report.source.position(d.span().start as usize);
                (d.code.code, at.line, at.column)
            })
            .collect::<Vec<_>>()
    };
    for file in examples() {
        let text = std::fs::read_to_string(&file).expect("example");
        let lf = places(text.as_bytes());
        for end in ["\r", "\r\n"] {
            let other = places(text.replace('\n', end).as_bytes());
            assert_eq!(other, lf, "{} with {end:?}", rel(&file));
        }
    }
}
