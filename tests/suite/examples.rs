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

/// The README installs the binary, names the test command, and every `console` block in it
/// shows what its command prints today (run on the built binary, from the workspace root).
#[test]
fn readme_commands_print_what_the_readme_shows() {
    let readme =
        std::fs::read_to_string(crate::common::root().join("README.md")).expect("README.md");
    assert!(
        readme.contains("cargo install --path compiler"),
        "README installs the binary"
    );
    assert!(
        readme.contains("cargo test --workspace"),
        "README names the test command"
    );
    let mut shown = 0;
    for block in readme.split("```console\n").skip(1) {
        let block = block.split("```").next().unwrap_or("");
        let mut lines = block.lines();
        let command = lines.next().and_then(|l| l.strip_prefix("$ xqreg "));
        let command = command.expect("a console block starts with `$ xqreg ...`");
        let expected: String = lines.map(|l| format!("{l}\n")).collect();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_xqreg"))
            .args(command.split_whitespace())
            .current_dir(crate::common::root())
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("LANG", "C")
            .output()
            .expect("run xqreg");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            expected,
            "`xqreg {command}`"
        );
        shown += 1;
    }
    assert!(shown >= 2, "README shows a check and a test run");
}
