//! `xqreg test --format junit`: the JUnit XML that CI test dashboards (GitLab, Jenkins, Azure,
//! GitHub test reporters) read: one `<testsuite>` per regulation file, one `<testcase>` per
//! scenario, a `<failure>` with what differed; a file whose tests could not run is a test case
//! with an `<error>`.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::diagnostics::Lang;
use crate::run::scenario::ScenarioOutcome;

/// XML text with the five special characters escaped (valid in content and attributes).
fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters other than tab and newline are not allowed in XML 1.0.
            c if c.is_control() && c != '\n' && c != '\t' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

pub(super) fn render(tests: &[ScenarioOutcome], broken: &[String]) -> String {
    let mut by_file: BTreeMap<&str, Vec<&ScenarioOutcome>> = BTreeMap::new();
    for t in tests {
        by_file.entry(t.file.as_str()).or_default().push(t);
    }
    let failures = tests.iter().filter(|t| !t.passed).count();
    let mut s = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        s,
        "<testsuites name=\"xqreg test\" tests=\"{}\" failures=\"{failures}\" errors=\"{}\">",
        tests.len() + broken.len(),
        broken.len()
    );
    for (file, cases) in &by_file {
        let failed = cases.iter().filter(|t| !t.passed).count();
        let _ = writeln!(
            s,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{failed}\" errors=\"0\">",
            esc(file),
            cases.len()
        );
        for t in cases {
            let _ = write!(
                s,
                "    <testcase name=\"{}\" classname=\"{}\" file=\"{}\" line=\"{}\"",
                esc(&t.name),
                esc(file),
                esc(file),
                t.line
            );
            if t.passed {
                s.push_str("/>\n");
                continue;
            }
            let failures = t.failures_in(Lang::En);
            let first = failures.first().copied().unwrap_or("failed");
            let _ = writeln!(
                s,
                ">\n      <failure message=\"{}\">{}</failure>\n    </testcase>",
                esc(first),
                esc(&failures.join("\n"))
            );
        }
        s.push_str("  </testsuite>\n");
    }
    for file in broken {
        let f = esc(file);
        let _ = writeln!(
            s,
            "  <testsuite name=\"{f}\" tests=\"1\" failures=\"0\" errors=\"1\">\n    \
             <testcase name=\"{f}\" classname=\"{f}\">\n      \
             <error message=\"the file has errors; its tests did not run\"/>\n    \
             </testcase>\n  </testsuite>"
        );
    }
    s.push_str("</testsuites>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::esc;

    #[test]
    fn escapes_markup() {
        assert_eq!(esc("a<b & \"c\"'"), "a&lt;b &amp; &quot;c&quot;&apos;");
        assert_eq!(esc("x\u{1}y"), "x\u{FFFD}y");
    }
}
