//! `github`: GitHub Actions workflow commands, one per diagnostic:
//! `::error file=F,line=L,col=C,endLine=EL,endColumn=EC,title=E102 unknown-time-control::message`.
//!
//! Escaping follows the runner's rules: in the message `%`, `\r`, `\n` become `%25`, `%0D`,
//! `%0A`; in property values `:` and `,` are escaped too (`%3A`, `%2C`), or the runner would
//! read them as separators. `endColumn` is the last character's column (inclusive), as the
//! annotations API counts.

use crate::diagnostics::{Lang, Severity};
use crate::driver::FileReport;

use super::help_word;

fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

pub(super) fn render(reports: &[FileReport], lang: Lang) -> String {
    let mut out = String::new();
    for report in reports {
        for d in &report.diagnostics {
            let command = match d.severity() {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Note => "notice",
            };
            let (start, end) = report.source.range(d.span());
            let end_column = if end.line == start.line {
                end.column.saturating_sub(1).max(start.column)
            } else {
                end.column
            };
            let mut message = d.message.get(lang).to_string();
            for h in &d.help {
                message.push('\n');
                message.push_str(help_word(lang));
                message.push_str(": ");
                message.push_str(h.get(lang));
            }
            out.push_str(&format!(
                "::{command} file={},line={},col={},endLine={},endColumn={},title={}::{}\n",
                escape_property(&report.source.name),
                start.line,
                start.column,
                end.line,
                end_column,
                escape_property(&format!("{} {}", d.code.code, d.code.name)),
                escape_data(&message),
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping() {
        assert_eq!(escape_data("a%b\r\nc"), "a%25b%0D%0Ac");
        assert_eq!(escape_property("a,b:c%"), "a%2Cb%3Ac%25");
    }
}
