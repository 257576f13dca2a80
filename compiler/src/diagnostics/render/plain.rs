//! `plain`: codespan-reporting without colour. Fixed width and stable, so snapshots record it.

use codespan_reporting::diagnostic::{
    Diagnostic as CsDiagnostic, Label, LabelStyle, Severity as CsSeverity,
};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, termcolor::NoColor, Config};

use super::help_word;
use crate::diagnostics::{Lang, Severity};
use crate::driver::FileReport;

pub(super) fn render(reports: &[FileReport], lang: Lang) -> String {
    let mut files = SimpleFiles::new();
    let mut out = NoColor::new(Vec::new());
    let config = Config::default();
    for report in reports {
        let id = files.add(report.source.name.clone(), report.source.text.clone());
        for d in &report.diagnostics {
            let severity = match d.severity() {
                Severity::Error => CsSeverity::Error,
                Severity::Warning => CsSeverity::Warning,
                Severity::Note => CsSeverity::Note,
            };
            let labels = d
                .labels
                .iter()
                .map(|l| {
                    let style = if l.primary {
                        LabelStyle::Primary
                    } else {
                        LabelStyle::Secondary
                    };
                    Label::new(style, id, report.source.clamp(l.span))
                        .with_message(l.message.get(lang))
                })
                .collect();
            let notes = d
                .help
                .iter()
                .map(|h| format!("{}: {}", help_word(lang), h.get(lang)))
                .collect();
            let cs = CsDiagnostic::new(severity)
                .with_code(format!("{} {}", d.code.code, d.code.name))
                .with_message(d.message.get(lang))
                .with_labels(labels)
                .with_notes(notes);
            // Spans are clamped to the text, so emitting cannot fail on them; if it ever did,
            // say so in the output rather than lose the diagnostic.
            if let Err(e) = term::emit(&mut out, &config, &files, &cs) {
                let line = format!(
                    "{}[{}]: {} (could not show the source: {e})\n",
                    severity_word(d.severity()),
                    d.code.code,
                    d.message.get(lang)
                );
                out.get_mut().extend_from_slice(line.as_bytes());
            }
        }
    }
    String::from_utf8_lossy(&out.into_inner()).into_owned()
}

fn severity_word(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}
