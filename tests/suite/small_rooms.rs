//! Small rooms (docs/architecture.md): no Rust source file of the workspace over 600 lines unless
//! its first line says it is one cohesive table, long on purpose.

use std::path::PathBuf;

use super::common::{files_under, root};

/// The most lines a source file has before it must be split or say why it is not.
const MOST_LINES: usize = 600;

/// Said in the first line of a file that is long on purpose.
const LONG_ON_PURPOSE: &str = "long on purpose";

fn oversized(files: &[PathBuf]) -> Vec<String> {
    files
        .iter()
        .filter_map(|f| {
            let text = std::fs::read_to_string(f).ok()?;
            let lines = text.lines().count();
            let first = text.lines().next().unwrap_or("");
            (lines > MOST_LINES && !first.contains(LONG_ON_PURPOSE))
                .then(|| format!("{} ({lines} lines)", f.display()))
        })
        .collect()
}

#[test]
fn no_source_file_is_over_600_lines_unless_it_says_why() {
    // The crates' trees: build output (target/) is not ours to split.
    let files: Vec<PathBuf> = [
        "grammar", "compiler", "runtime", "calendar", "benches", "tests", "fuzz",
    ]
    .iter()
    .flat_map(|d| files_under(&root().join(d), "rs"))
    .collect();
    assert!(files.len() > 100, "found only {} source files", files.len());
    let over = oversized(&files);
    assert!(
        over.is_empty(),
        "split these along their domain, or say in their first line that they are one cohesive table (long on purpose):\n{}",
        over.join("\n")
    );
}

#[test]
fn the_check_finds_a_long_file_without_its_note() {
    let dir = std::env::temp_dir().join(format!("xqreg-small-rooms-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let long = dir.join("long.rs");
    let table = dir.join("table.rs");
    std::fs::write(&long, "fn f() {}\n".repeat(MOST_LINES + 1)).expect("write");
    let mut t = String::from("//! One cohesive table (long on purpose).\n");
    t.push_str(&"const A: u8 = 0;\n".repeat(MOST_LINES + 1));
    std::fs::write(&table, t).expect("write");
    let over = oversized(&[long.clone(), table]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(over.len(), 1, "{over:?}");
    assert!(over[0].contains("long.rs"), "{over:?}");
}
