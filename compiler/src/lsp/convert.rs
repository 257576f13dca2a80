//! The checker's diagnostics as LSP diagnostics: the same code, message and help lines as `xqreg
//! check` prints, in the client's language; every label (the place and the other side of a
//! conflict) as related information.

use lsp_types::{DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Url};

use super::document::Document;
use crate::diagnostics::render::help_word;
use crate::diagnostics::{Diagnostic, Lang, Severity};

pub fn diagnostic(doc: &Document, uri: &Url, d: &Diagnostic, lang: Lang) -> lsp_types::Diagnostic {
    let mut message = d.message.get(lang).to_string();
    for h in &d.help {
        message.push_str(&format!("\n{}: {}", help_word(lang), h.get(lang)));
    }
    let related = d
        .labels
        .iter()
        .filter(|l| !l.message.get(lang).is_empty())
        .map(|l| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), doc.lines.range(&doc.text, l.span)),
            message: l.message.get(lang).to_string(),
        })
        .collect::<Vec<_>>();
    lsp_types::Diagnostic {
        range: doc.lines.range(&doc.text, d.span()),
        severity: Some(match d.severity() {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
            Severity::Note => DiagnosticSeverity::INFORMATION,
        }),
        code: Some(NumberOrString::String(d.code.code.to_string())),
        source: Some("xqreg".to_string()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..Default::default()
    }
}

/// Every diagnostic of the document, in the checker's order.
pub fn diagnostics(doc: &Document, uri: &Url, lang: Lang) -> Vec<lsp_types::Diagnostic> {
    doc.report
        .diagnostics
        .iter()
        .map(|d| diagnostic(doc, uri, d, lang))
        .collect()
}
