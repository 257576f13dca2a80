//! The reference `docs/language.md` is tested: every ```xqr block in it parses and checks
//! without errors. Until the file exists the test says so and passes; once it exists, it must
//! hold at least one block.

use xqreg::diagnostics::render::Format;
use xqreg::diagnostics::{Lang, Severity};
use xqreg::driver;

use crate::common::{render_one, root};

/// The ```xqr blocks of a Markdown text, with the line each starts on.
pub(crate) fn xqr_blocks(md: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, line) in md.lines().enumerate() {
        let t = line.trim_start();
        match current.take() {
            None => {
                if t.starts_with("```xqr") {
                    current = Some((i + 2, String::new()));
                }
            }
            Some((start, mut body)) => {
                if t.starts_with("```") {
                    out.push((start, body));
                } else {
                    body.push_str(line);
                    body.push('\n');
                    current = Some((start, body));
                }
            }
        }
    }
    out
}

#[test]
fn language_reference_blocks_check() {
    let path = root().join("docs/language.md");
    let Ok(md) = std::fs::read_to_string(&path) else {
        eprintln!("docs/language.md does not exist yet: nothing to check");
        return;
    };
    let blocks = xqr_blocks(&md);
    assert!(!blocks.is_empty(), "docs/language.md has no ```xqr blocks");
    let mut failures = Vec::new();
    for (line, body) in &blocks {
        let name = format!("docs/language.md:{line}");
        let report = driver::check_bytes(&name, body.as_bytes());
        if report.count(Severity::Error) > 0 {
            failures.push(render_one(Format::Plain, &report, Lang::En));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} blocks in docs/language.md have errors:\n{}",
        failures.len(),
        blocks.len(),
        failures.join("\n")
    );
}

#[test]
fn blocks_are_found() {
    let md = "text\n```xqr\nscoring { win 2 }\n```\n```\nnot xqr\n```\n```xqr\nA\nB\n```\n";
    let blocks = xqr_blocks(md);
    assert_eq!(
        blocks,
        vec![
            (3, "scoring { win 2 }\n".to_string()),
            (9, "A\nB\n".to_string())
        ]
    );
}
