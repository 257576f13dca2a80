//! `xqreg test FILE...`: run the scenario tests written in regulation files. Prints one line per
//! test (and what differed for a failing one), then `N passed, N failed`; `--format json` prints
//! a report object instead. Exit 0 when every test passed, 1 when any failed or a file has
//! errors, 2 for usage or I/O.

use std::fmt::Write as _;

use crate::diagnostics::Lang;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::ValueEnum;
use serde::Serialize;

use super::plan::print_errors;
use super::{lang, LangArg};
use crate::run::scenario::{self, ScenarioOutcome};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Regulation files (.xqr) holding `test` blocks.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = TestFormat::Human)]
    pub format: TestFormat,
    /// Language of messages (default: from the locale).
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TestFormat {
    Human,
    Json,
    /// JUnit XML, as CI test dashboards read it.
    Junit,
}

#[derive(Serialize)]
struct Report {
    tests: Vec<ScenarioOutcome>,
    /// Files that could not be tested (their diagnostics went to stderr).
    broken_files: Vec<String>,
    passed: usize,
    failed: usize,
}

/// Every scenario of one file, or None when the file has errors (diagnostics printed).
pub(crate) fn file_scenarios(
    path: &std::path::Path,
    msg_lang: crate::diagnostics::Lang,
) -> Result<Option<Vec<ScenarioOutcome>>, ()> {
    let Some(bytes) = super::read_or_say(path) else {
        return Err(());
    };
    match scenario::run_file(&super::global::input_name(path), &bytes) {
        Ok(outcomes) => Ok(Some(outcomes)),
        Err(report) => {
            print_errors(&report, msg_lang);
            Ok(None)
        }
    }
}

pub fn run(args: Args) -> ExitCode {
    let msg_lang = lang(args.lang);
    let mut report = Report {
        tests: Vec::new(),
        broken_files: Vec::new(),
        passed: 0,
        failed: 0,
    };
    for path in &args.files {
        match file_scenarios(path, msg_lang) {
            Err(()) => return ExitCode::from(2),
            Ok(None) => report.broken_files.push(super::global::input_name(path)),
            Ok(Some(outcomes)) => report.tests.extend(outcomes),
        }
    }
    report.passed = report.tests.iter().filter(|t| t.passed).count();
    report.failed = report.tests.len() - report.passed + report.broken_files.len();
    let text = match args.format {
        TestFormat::Json => match super::output::json_text("test", &report) {
            Ok(j) => j,
            Err(code) => return code,
        },
        TestFormat::Junit => super::junit::render(&report.tests, &report.broken_files),
        TestFormat::Human => human(&report, msg_lang),
    };
    if super::output::write_output(None, &text) != ExitCode::SUCCESS {
        return ExitCode::from(2);
    }
    if report.failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// One line per test (`-q`: failing tests only), what differed, then the counts.
fn human(report: &Report, lang: Lang) -> String {
    let (ok, fail, broken) = match lang {
        Lang::En => ("ok  ", "FAIL", "the file has errors; its tests did not run"),
        Lang::Zh => ("通过", "失败", "文件有错误，其中的测试未运行"),
    };
    let quiet = super::global::quiet();
    let mut s = String::new();
    for t in report.tests.iter().filter(|t| !(quiet && t.passed)) {
        let verdict = if t.passed { ok } else { fail };
        let _ = writeln!(s, "{verdict} {}:{} {}", t.file, t.line, t.name);
        for f in t.failures_in(lang) {
            let _ = writeln!(s, "       {f}");
        }
    }
    for f in &report.broken_files {
        let _ = writeln!(s, "{fail} {f}: {broken}");
    }
    let _ = match lang {
        Lang::En => writeln!(s, "{} passed, {} failed", report.passed, report.failed),
        Lang::Zh => writeln!(s, "{} 个通过，{} 个失败", report.passed, report.failed),
    };
    s
}
