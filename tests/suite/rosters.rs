//! Bad rosters and bad results files (tests/fixtures/roster/, listed in its EXPECT file): each
//! gives exactly the diagnostics it lists, with line and CSV column, through the path `xqreg
//! simulate` takes (csv_input, validate_roster, the run, problem_reports); nothing is drawn or
//! run for a bad roster. Runtime diagnostics read in Chinese too.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use xqreg::diagnostics::source::SourceFile;
use xqreg::driver::FileReport;
use xqreg::run;
use xqreg::run::csv_header::fields_of as fields;
use xqreg_runtime::engine::{validate_roster, RecordedResults, Roster};
use xqreg_runtime::plan::Plan;

use crate::common::{rel, root};

fn dir() -> PathBuf {
    root().join("tests/fixtures/roster")
}

/// (file, code, where, line, column) as EXPECT writes them.
type Expected = (String, String, String, usize, String);

fn manifest() -> Vec<Expected> {
    let text = std::fs::read_to_string(dir().join("EXPECT")).expect("EXPECT is readable");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(f.len(), 5, "EXPECT line `{l}` needs five fields");
            (
                f[0].to_string(),
                f[1].to_string(),
                f[2].to_string(),
                f[3].parse().expect("EXPECT: the line is a number"),
                f[4].to_string(),
            )
        })
        .collect()
}

fn source(path: &Path) -> (String, Vec<u8>, SourceFile) {
    let name = rel(path);
    let bytes = std::fs::read(path).expect("a fixture is readable");
    let src = SourceFile::new(&name, String::from_utf8_lossy(&bytes));
    (name, bytes, src)
}

fn regulation() -> (Plan, SourceFile) {
    let (name, bytes, _) = source(&dir().join("groups.xqr"));
    let compiled = xqreg::compile::compile_bytes(&name, &bytes);
    let plan = compiled.plan.expect("groups.xqr compiles");
    (plan, compiled.report.source)
}

fn valid_roster() -> (Roster, SourceFile) {
    let (name, bytes, src) = source(&dir().join("valid.csv"));
    let roster = run::csv_input::read_roster(&name, &bytes).expect("valid.csv reads");
    (roster, src)
}

/// The header name of the CSV field holding byte `at` of `src`.
fn column_at(src: &SourceFile, at: usize) -> String {
    let text = src.text.as_str();
    let line_start = text
        .get(..at)
        .and_then(|t| t.rfind('\n'))
        .map_or(0, |i| i + 1);
    let line_end = text
        .get(at..)
        .and_then(|t| t.find('\n'))
        .map_or(text.len(), |i| at + i);
    let line = text.get(line_start..line_end).unwrap_or("");
    let header = text.lines().next().unwrap_or("");
    let index = fields(line)
        .iter()
        .position(|&(a, b)| (a..=b).contains(&(at - line_start)))
        .unwrap_or(usize::MAX);
    fields(header)
        .get(index)
        .and_then(|&(a, b)| header.get(a..b))
        .unwrap_or("?")
        .to_string()
}

/// Every diagnostic of the reports as (code, where, line, column); `where` is the kind of file.
fn flatten(
    reports: &[FileReport],
    regulation: &str,
    roster: &str,
) -> Vec<(String, String, usize, String)> {
    let mut out = Vec::new();
    for r in reports {
        let kind = if r.source.name == regulation {
            "regulation"
        } else if r.source.name == roster {
            "roster"
        } else {
            "results"
        };
        for d in &r.diagnostics {
            let at = d.span().start as usize;
            let column = if kind == "regulation" {
                "*".to_string()
            } else {
                column_at(&r.source, at)
            };
            // Runtime problems read in Chinese too (the code's meaning, then the detail).
            if d.code.code.starts_with('R') {
                assert!(
                    d.message.zh != d.message.en && d.message.zh.chars().any(|c| c > '\u{3000}'),
                    "{}: the Chinese message is `{}`",
                    d.code.code,
                    d.message.zh
                );
            }
            out.push((
                d.code.code.to_string(),
                kind.to_string(),
                r.source.position(at).line,
                column,
            ));
        }
    }
    out.sort();
    out
}

/// What `xqreg simulate groups.xqr --roster FILE` (or `--roster valid.csv --results FILE`)
/// reports before or instead of an outcome.
fn diagnose(file: &str, plan: &Plan, reg: &SourceFile) -> Vec<(String, String, usize, String)> {
    let path = dir().join(file);
    let (name, bytes, src) = source(&path);
    if file.ends_with(".results.csv") {
        let (roster, roster_src) = valid_roster();
        let results: RecordedResults = match run::csv_input::read_results(&name, &bytes) {
            Ok(r) => r,
            Err(report) => return flatten(&[report], &reg.name, &roster_src.name),
        };
        return match run::run_plan(plan, &roster, &results, 1) {
            Ok(_) => Vec::new(),
            Err(problems) => flatten(
                &run::problem_reports_in(&problems, reg, Some(&roster_src), Some(&src)),
                &reg.name,
                &roster_src.name,
            ),
        };
    }
    let roster = match run::csv_input::read_roster(&name, &bytes) {
        Ok(r) => r,
        Err(report) => return flatten(&[report], &reg.name, &name),
    };
    let problems = validate_roster(plan, &roster);
    // A roster with problems is not run; one without must run (checked by the caller).
    flatten(
        &run::problem_reports(&problems, reg, Some(&src)),
        &reg.name,
        &name,
    )
}

#[test]
fn the_valid_roster_runs() {
    let (plan, _) = regulation();
    let (roster, _) = valid_roster();
    assert!(validate_roster(&plan, &roster).is_empty());
    assert!(run::run_plan(&plan, &roster, &RecordedResults::default(), 1).is_ok());
}

#[test]
fn each_bad_roster_gives_its_diagnostics() {
    let (plan, reg) = regulation();
    let expected = manifest();
    let files: BTreeSet<&str> = expected.iter().map(|e| e.0.as_str()).collect();
    let on_disk: BTreeSet<String> = std::fs::read_dir(dir())
        .expect("the roster fixtures folder exists")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".csv") && n != "valid.csv")
        .collect();
    assert_eq!(
        on_disk.iter().map(String::as_str).collect::<BTreeSet<_>>(),
        files,
        "EXPECT lists exactly the bad CSV files of the folder"
    );
    let rosters = files
        .iter()
        .filter(|f| !f.ends_with(".results.csv"))
        .count();
    assert!(rosters >= 15, "only {rosters} bad rosters");
    let mut failures = Vec::new();
    for file in &files {
        let mut want: Vec<(String, String, usize, String)> = expected
            .iter()
            .filter(|e| e.0 == *file)
            .map(|e| (e.1.clone(), e.2.clone(), e.3, e.4.clone()))
            .collect();
        want.sort();
        if !want.iter().any(|w| file.starts_with(&w.0)) {
            failures.push(format!("{file}: its name does not start with its code"));
        }
        let mut got: Vec<_> = diagnose(file, &plan, &reg)
            .into_iter()
            .map(|mut g| {
                let star = (g.0.clone(), g.1.clone(), g.2, "*".to_string());
                if want.contains(&star) {
                    g.3 = "*".to_string();
                }
                g
            })
            .collect();
        got.sort();
        if got != want {
            failures.push(format!("{file}: got {got:?}, want {want:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A first line of thousands of cells (a file of commas, a data export with no header) is one
/// refusal (E805 at the first cell past any file's columns), not one a cell: two million cells
/// took minutes, each refusal printing the whole line (found by the damage pass).
#[test]
fn a_header_of_thousands_of_cells_is_one_refusal() {
    let wide = format!("{}\nx,y\n", "a,".repeat(5000));
    let reports = [
        run::csv_input::read_roster("r.csv", wide.as_bytes()).err(),
        run::csv_input::read_results("r.csv", wide.as_bytes()).err(),
        run::csv_input::read_lineups("r.csv", wide.as_bytes()).err(),
    ];
    for report in reports {
        let report = report.expect("refused");
        let codes: Vec<&str> = report.diagnostics.iter().map(|d| d.code.code).collect();
        assert_eq!(codes, ["E805"], "{codes:?}");
        let at = report.diagnostics[0].labels[0].span.start;
        assert_eq!(at, 2 * 64, "the 65th cell");
    }
}
