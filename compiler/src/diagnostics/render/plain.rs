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
        let text = super::printable(&report.source.text).into_owned();
        let id = files.add(report.source.name.clone(), text);
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
                .with_message(super::printable(d.message.get(lang)))
                .with_labels(labels)
                .with_notes(notes);
            // Spans are clamped to the text, so emitting cannot fail on them; if it ever did,
            // say so in the output rather than lose the diagnostic.
            let mut one = NoColor::new(Vec::new());
            let text = match term::emit(&mut one, &config, &files, &cs) {
                Ok(()) => String::from_utf8_lossy(&one.into_inner()).into_owned(),
                Err(e) => format!(
                    "{}[{}]: {} (could not show the source: {e})\n",
                    d.severity().word(Lang::En),
                    d.code.code,
                    d.message.get(lang)
                ),
            };
            out.get_mut()
                .extend_from_slice(in_language(text, d.severity(), lang).as_bytes());
        }
    }
    String::from_utf8_lossy(&out.into_inner()).into_owned()
}

/// codespan-reporting writes the severity in English (`error[E102 ...]:`); a Chinese report says
/// 错误, 警告 or 提示 there, as the rest of its lines do.
fn in_language(text: String, severity: Severity, lang: Lang) -> String {
    let en = severity.word(Lang::En);
    match text.strip_prefix(en) {
        Some(rest) if lang == Lang::Zh && rest.starts_with('[') => {
            format!("{}{rest}", severity.word(lang))
        }
        _ => text,
    }
}
