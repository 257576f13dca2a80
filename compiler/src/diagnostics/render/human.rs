//! `human`: miette's graphical report, for a person at a terminal. Each diagnostic is converted
//! to a miette report here and nowhere else; colour only when the caller says the output is a
//! terminal.

use std::fmt;

use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceSpan};

use super::Options;
use crate::diagnostics::{Diagnostic, Lang, Severity};
use crate::driver::FileReport;

/// A project diagnostic as miette sees it: owned strings and spans, the source attached.
#[derive(Debug)]
struct Report {
    message: String,
    code: String,
    severity: miette::Severity,
    help: Option<String>,
    labels: Vec<LabeledSpan>,
    source: NamedSource<String>,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Report {}

impl miette::Diagnostic for Report {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(&self.code))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(self.severity)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display + 'a>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(self.labels.iter().cloned()))
    }
}

fn convert(report: &FileReport, d: &Diagnostic, lang: Lang) -> Report {
    let labels = d
        .labels
        .iter()
        .map(|l| {
            let r = report.source.clamp(l.span);
            let span = SourceSpan::new(r.start.into(), r.end - r.start);
            let text = Some(l.message.get(lang).to_string());
            if l.primary {
                LabeledSpan::new_primary_with_span(text, span)
            } else {
                LabeledSpan::new_with_span(text, span)
            }
        })
        .collect();
    let help: Vec<&str> = d.help.iter().map(|h| h.get(lang)).collect();
    // miette would count the header's column in bytes; the place is named here instead, with
    // the column in characters like every other format.
    let at = report.source.position(report.source.clamp(d.span()).start);
    let name = format!("{}:{}:{}", report.source.name, at.line, at.column);
    Report {
        message: d.message.get(lang).to_string(),
        code: format!("{} {}", d.code.code, d.code.name),
        severity: match d.severity() {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Note => miette::Severity::Advice,
        },
        help: (!help.is_empty()).then(|| help.join("\n")),
        labels,
        source: NamedSource::new(name, report.source.text.clone()),
    }
}

pub(super) fn render(reports: &[FileReport], opts: Options) -> String {
    let theme = if opts.color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(100)
        .without_primary_span_start();
    let mut out = String::new();
    for report in reports {
        for d in &report.diagnostics {
            let r = convert(report, d, opts.lang);
            if handler.render_report(&mut out, &r).is_err() {
                out.push_str(&format!("{}: {}\n", r.code, r.message));
            }
            out.push('\n');
        }
    }
    out
}
