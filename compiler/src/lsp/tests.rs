//! Robustness: the server answers on any text an editor may hold mid-edit, so every handler
//! is run on truncated examples at sampled offsets (it must not panic; the binary would die).

use lsp_types::Url;

use super::document::Document;
use super::{actions, complete, hover, outline};
use crate::diagnostics::Lang;

fn examples() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples");
    let mut out = Vec::new();
    for d in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        for f in std::fs::read_dir(d.path()).into_iter().flatten().flatten() {
            if f.path().extension().is_some_and(|x| x == "xqr") {
                out.extend(std::fs::read_to_string(f.path()));
            }
        }
    }
    out
}

#[test]
fn every_handler_survives_truncated_examples() {
    let uri = Url::parse("untitled:t.xqr").expect("uri");
    let texts = examples();
    assert!(texts.len() >= 5, "examples found: {}", texts.len());
    for text in &texts {
        for cut in (0..text.len())
            .step_by(1499)
            .filter(|&i| text.is_char_boundary(i))
        {
            let doc = Document::new(&uri, text[..cut].to_string());
            outline::symbols(&doc);
            actions::fixes(&doc.text, &doc.report.diagnostics);
            for off in (0..=cut).step_by(401) {
                hover::hover(&doc, off, Lang::Zh);
                complete::complete(&doc, off, Lang::En);
                doc.index.at(off);
            }
        }
    }
}

/// A document past what a regulation holds is E016, as `xqreg check` says it, and not read:
/// no outline, nothing to format (its parse and checks ran on every change of every key).
#[test]
fn a_document_past_4_mib_is_refused_and_not_read() {
    let uri = Url::parse("untitled:big.xqr").expect("uri");
    let mut text = String::from("stage main \"主赛\" {\n  swiss cxa rounds 5\n}\n");
    text.push_str(&"// padding\n".repeat((crate::driver::LONGEST_REGULATION / 11) + 1));
    let doc = Document::new(&uri, text);
    let codes: Vec<&str> = doc.report.diagnostics.iter().map(|d| d.code.code).collect();
    assert_eq!(codes, ["E016"]);
    assert!(outline::symbols(&doc).is_empty());
}
