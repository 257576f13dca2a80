//! `json`: one object, `{"diagnostics": [...], "errors": N, "warnings": N}`, exactly as DESIGN.md
//! says. Lines and columns are 1-based; columns count characters; `end_column` is exclusive.

use serde::Serialize;

use crate::diagnostics::source::SourceFile;
use crate::diagnostics::{Lang, Severity};
use crate::driver::FileReport;
use xqreg_grammar::Span;

#[derive(Serialize)]
struct Output<'a> {
    diagnostics: Vec<JsonDiagnostic<'a>>,
    errors: usize,
    warnings: usize,
}

#[derive(Serialize)]
struct JsonDiagnostic<'a> {
    code: &'static str,
    name: &'static str,
    severity: Severity,
    message: &'a str,
    file: &'a str,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    labels: Vec<JsonLabel<'a>>,
    help: Vec<&'a str>,
}

#[derive(Serialize)]
struct JsonLabel<'a> {
    file: &'a str,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    message: &'a str,
}

fn place(source: &SourceFile, span: Span) -> (usize, usize, usize, usize) {
    let (a, b) = source.range(span);
    (a.line, a.column, b.line, b.column)
}

pub(super) fn render(reports: &[FileReport], lang: Lang) -> String {
    let mut diagnostics = Vec::new();
    let (mut errors, mut warnings) = (0, 0);
    for report in reports {
        let file = report.source.name.as_str();
        for d in &report.diagnostics {
            match d.severity() {
                Severity::Error => errors += 1,
                Severity::Warning => warnings += 1,
                Severity::Note => {}
            }
            let (line, column, end_line, end_column) = place(&report.source, d.span());
            let labels = d
                .labels
                .iter()
                .map(|l| {
                    let (line, column, end_line, end_column) = place(&report.source, l.span);
                    JsonLabel {
                        file,
                        line,
                        column,
                        end_line,
                        end_column,
                        message: l.message.get(lang),
                    }
                })
                .collect();
            diagnostics.push(JsonDiagnostic {
                code: d.code.code,
                name: d.code.name,
                severity: d.severity(),
                message: d.message.get(lang),
                file,
                line,
                column,
                end_line,
                end_column,
                labels,
                help: d.help.iter().map(|h| h.get(lang)).collect(),
            });
        }
    }
    let out = Output {
        diagnostics,
        errors,
        warnings,
    };
    // Serialising plain structs of strings and integers cannot fail; fall back to an empty
    // report with the counts rather than panic if it ever did.
    let mut s = serde_json::to_string_pretty(&out).unwrap_or_else(|_| {
        format!("{{\"diagnostics\":[],\"errors\":{errors},\"warnings\":{warnings}}}")
    });
    s.push('\n');
    s
}
