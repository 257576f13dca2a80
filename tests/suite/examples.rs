//! Every example (`examples/*/*.xqr`) checks without errors, and every warning an example gets
//! is explained in that example's README (its code appears there).

use xqreg::diagnostics::render::Format;
use xqreg::diagnostics::{Lang, Severity};
use xqreg::driver;

use crate::common::{examples, rel, render_one};

#[test]
fn examples_check_without_errors() {
    let files = examples();
    assert!(!files.is_empty(), "no examples under examples/*/");
    let mut failures = Vec::new();
    for path in &files {
        let report = driver::check_path(path).expect("a listed example is readable");
        if report.count(Severity::Error) > 0 {
            failures.push(render_one(Format::Plain, &report, Lang::En));
        }
        let readme = path
            .parent()
            .map(|d| d.join("README.md"))
            .and_then(|p| std::fs::read_to_string(p).ok())
            .unwrap_or_default();
        for d in &report.diagnostics {
            if d.severity() == Severity::Warning && !readme.contains(d.code.code) {
                failures.push(format!(
                    "{}: warning {} {} is not explained in the example's README.md",
                    rel(path),
                    d.code.code,
                    d.code.name
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The README's first command checks an example that exists and has no errors.
#[test]
fn readme_command_checks_a_clean_example() {
    let readme =
        std::fs::read_to_string(crate::common::root().join("README.md")).expect("README.md");
    let line = readme
        .lines()
        .find(|l| l.starts_with("cargo run") && l.contains(" check "))
        .expect("README runs `xqreg check` on an example");
    let path = line
        .split_whitespace()
        .last()
        .expect("the command names a file");
    let report = driver::check_path(&crate::common::root().join(path)).expect("the file exists");
    assert_eq!(
        report.count(Severity::Error),
        0,
        "{}",
        render_one(Format::Plain, &report, Lang::En)
    );
    assert!(
        readme.contains("cargo test --workspace"),
        "README names the test command"
    );
}
