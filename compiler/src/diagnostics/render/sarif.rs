//! `sarif`: SARIF 2.1.0 (OASIS), the format code-scanning services read (GitHub code scanning,
//! Azure DevOps, SonarQube). One run of the tool `xqreg`; each code raised is a rule (id, name,
//! meaning, fix); each diagnostic a result with its place and its other labels as related
//! locations. Columns count characters (`columnKind: unicodeCodePoints`), as in every format.

use std::collections::BTreeMap;

use serde_json::{json, Value};

use crate::diagnostics::source::SourceFile;
use crate::diagnostics::{Code, Lang, Severity};
use crate::driver::FileReport;
use xqreg_grammar::Span;

fn level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

/// A file name as a relative URI reference: every byte outside the unreserved set and `/` is
/// percent-encoded (spaces, `<stdin>`, Chinese names).
fn uri(name: &str) -> String {
    let mut out = String::new();
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn location(source: &SourceFile, span: Span) -> Value {
    let (a, b) = source.range(span);
    json!({
        "physicalLocation": {
            "artifactLocation": { "uri": uri(&source.name) },
            "region": {
                "startLine": a.line,
                "startColumn": a.column,
                "endLine": b.line,
                "endColumn": b.column,
            }
        }
    })
}

fn rule(code: &Code, lang: Lang) -> Value {
    let pick = |t: &crate::diagnostics::Template| match lang {
        Lang::En => t.en,
        Lang::Zh => t.zh,
    };
    json!({
        "id": code.code,
        "name": code.name,
        "shortDescription": { "text": code.name },
        "fullDescription": { "text": pick(&code.explain.meaning) },
        "help": { "text": pick(&code.explain.fix) },
        "defaultConfiguration": { "level": level(code.severity) },
    })
}

pub(super) fn render(reports: &[FileReport], lang: Lang) -> String {
    let used: BTreeMap<&str, &Code> = reports
        .iter()
        .flat_map(|r| r.diagnostics.iter().map(|d| (d.code.code, d.code)))
        .collect();
    let index: BTreeMap<&str, usize> = used.keys().enumerate().map(|(i, k)| (*k, i)).collect();
    let mut results = Vec::new();
    for report in reports {
        for d in &report.diagnostics {
            let mut text = d.message.get(lang).to_string();
            for h in &d.help {
                text.push('\n');
                text.push_str(super::help_word(lang));
                text.push_str(": ");
                text.push_str(h.get(lang));
            }
            let related: Vec<Value> = d
                .labels
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    let mut loc = location(&report.source, l.span);
                    loc["id"] = json!(i);
                    loc["message"] = json!({ "text": l.message.get(lang) });
                    loc
                })
                .collect();
            results.push(json!({
                "ruleId": d.code.code,
                "ruleIndex": index.get(d.code.code).copied().unwrap_or(0),
                "level": level(d.severity()),
                "message": { "text": text },
                "locations": [location(&report.source, d.span())],
                "relatedLocations": related,
            }));
        }
    }
    let rules: Vec<Value> = used.values().map(|c| rule(c, lang)).collect();
    let language = match lang {
        Lang::En => "en",
        Lang::Zh => "zh",
    };
    let log = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": { "driver": {
                "name": "xqreg",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }},
            "language": language,
            "columnKind": "unicodeCodePoints",
            "results": results,
        }]
    });
    // A tree of strings and integers always serialises; an empty log is the fallback.
    serde_json::to_string_pretty(&log).unwrap_or_default() + "\n"
}

#[cfg(test)]
mod tests {
    use super::uri;

    #[test]
    fn uris_are_percent_encoded() {
        assert_eq!(uri("examples/a b.xqr"), "examples/a%20b.xqr");
        assert_eq!(uri("<stdin>"), "%3Cstdin%3E");
        assert_eq!(uri("周.xqr"), "%E5%91%A8.xqr");
    }
}
