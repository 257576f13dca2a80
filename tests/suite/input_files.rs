//! docs/input-files.md documents the roster, results and line-ups CSV files: its column tables
//! are exactly the readers' columns, in their order; a column it marks required is refused when
//! missing (E802) and one it marks optional is not; every example in it reads cleanly; README,
//! docs/language.md and docs/event.md link to it. The doc cannot drift from the readers.

use xqreg::run::csv_header::{RESULTS_COLUMNS, ROSTER_COLUMNS};
use xqreg::run::csv_input::{read_lineups, read_results, read_roster, LINEUP_COLUMNS};

use crate::common::root;

fn doc() -> String {
    std::fs::read_to_string(root().join("docs/input-files.md")).expect("docs/input-files.md")
}

/// The rows of the table after `<!-- columns: FILE -->`: (column, required).
fn documented(text: &str, file: &str) -> Vec<(String, bool)> {
    let marker = format!("<!-- columns: {file} -->");
    let at = text.find(&marker).unwrap_or_else(|| panic!("no {marker}"));
    text[at + marker.len()..]
        .lines()
        .skip_while(|l| l.trim().is_empty())
        .take_while(|l| l.starts_with('|'))
        .filter_map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            let name = cells.get(1)?.strip_prefix('`')?.strip_suffix('`')?;
            let required = match *cells.get(2)? {
                "yes" => true,
                "no" => false,
                other => panic!("{file} `{name}`: required is `{other}`, not yes or no"),
            };
            Some((name.to_string(), required))
        })
        .collect()
}

/// The CSV blocks after `<!-- example: FILE -->`.
fn examples(text: &str, file: &str) -> Vec<String> {
    let marker = format!("<!-- example: {file} -->");
    text.match_indices(&marker)
        .map(|(at, _)| {
            let rest = &text[at + marker.len()..];
            let start = rest.find("```csv\n").expect("a csv block after the marker") + 7;
            let end = rest[start..].find("```").expect("closed") + start;
            rest[start..end].to_string()
        })
        .collect()
}

type Reader = fn(&[u8]) -> Result<(), String>;

fn roster(b: &[u8]) -> Result<(), String> {
    read_roster("r.csv", b)
        .map(drop)
        .map_err(|r| format!("{:?}", r.diagnostics))
}
fn results(b: &[u8]) -> Result<(), String> {
    read_results("r.csv", b)
        .map(drop)
        .map_err(|r| format!("{:?}", r.diagnostics))
}
fn lineups(b: &[u8]) -> Result<(), String> {
    read_lineups("r.csv", b)
        .map(drop)
        .map_err(|r| format!("{:?}", r.diagnostics))
}

const FILES: &[(&str, &[&str], Reader)] = &[
    ("roster", ROSTER_COLUMNS, roster),
    ("results", RESULTS_COLUMNS, results),
    ("lineups", LINEUP_COLUMNS, lineups),
];

#[test]
fn the_documented_columns_are_the_readers_columns() {
    let text = doc();
    for &(file, columns, _) in FILES {
        let names: Vec<String> = documented(&text, file).into_iter().map(|c| c.0).collect();
        assert_eq!(names, columns, "{file}: docs/input-files.md vs the reader");
    }
}

#[test]
fn required_columns_are_the_ones_the_readers_require() {
    let text = doc();
    for &(file, _, read) in FILES {
        let cols = documented(&text, file);
        let required: Vec<&str> = cols.iter().filter(|c| c.1).map(|c| c.0.as_str()).collect();
        // A header of the required columns alone, and an empty file of it, reads.
        let header = format!("{}\n", required.join(","));
        assert!(read(header.as_bytes()).is_ok(), "{file}: {header}");
        for (name, is_required) in &cols {
            // The required columns without this one (when it is required), or with it.
            let mut with: Vec<&str> = required.clone();
            if *is_required {
                with.retain(|c| c != name);
            } else {
                with.push(name);
            }
            let header = format!("{}\n", with.join(","));
            let got = read(header.as_bytes());
            if *is_required {
                let err = got.expect_err(&format!("{file}: `{name}` is required"));
                assert!(err.contains("E802"), "{file} `{name}`: {err}");
            } else {
                assert!(got.is_ok(), "{file}: `{name}` is optional: {got:?}");
            }
        }
    }
}

#[test]
fn every_documented_example_reads() {
    let text = doc();
    for &(file, _, read) in FILES {
        let blocks = examples(&text, file);
        assert!(!blocks.is_empty(), "{file}: no example");
        for b in blocks {
            if let Err(e) = read(b.as_bytes()) {
                panic!("{file} example does not read:\n{b}\n{e}");
            }
        }
    }
}

#[test]
fn the_input_files_doc_is_linked() {
    for page in ["README.md", "docs/language.md", "docs/event.md"] {
        let text = std::fs::read_to_string(root().join(page)).expect("readable");
        assert!(text.contains("input-files.md"), "{page} does not link it");
    }
}
