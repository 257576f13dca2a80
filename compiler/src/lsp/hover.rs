//! Hover: for a name, what it refers to (its declaration's text, so a time control shows its
//! values); for a keyword, what the clause means and whether it is executed or printed only
//! (the contract table); and the explanation of every diagnostic under the cursor (the texts
//! `xqreg explain` prints).

use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind};

use super::context;
use super::document::Document;
use super::index::Occurrence;
use super::keywords;
use crate::check::resolve::Kind;
use crate::diagnostics::Lang;

/// At most this many lines of a declaration are shown.
const MAX_LINES: usize = 12;

fn noun(kind: Kind, lang: Lang) -> &'static str {
    let (en, zh) = kind.words();
    match lang {
        Lang::En => en,
        Lang::Zh => zh,
    }
}

fn name_hover(doc: &Document, occ: &Occurrence, lang: Lang) -> String {
    let shown = occ.key.rsplit('.').next().unwrap_or(&occ.key);
    let mut s = format!("**{}** `{shown}`", noun(occ.kind, lang));
    if let Some((stage, _)) = occ.key.split_once('.') {
        s.push_str(&format!(" ({} `{stage}`)", noun(Kind::Stage, lang)));
    }
    let Some(decl) = doc.index.decl(occ.kind, &occ.key) else {
        s.push_str(match lang {
            Lang::En => ": not declared",
            Lang::Zh => "：未声明",
        });
        return s;
    };
    // A group shows the line that declares it; anything else its whole declaration.
    let text = if occ.kind == Kind::Group {
        let at = decl.name_span.start as usize;
        let start = doc.text[..at].rfind('\n').map_or(0, |i| i + 1);
        let end = doc.text[at..].find('\n').map_or(doc.text.len(), |i| at + i);
        doc.text[start..end].trim().to_string()
    } else {
        doc.text
            .get(decl.item_span.range())
            .unwrap_or("")
            .to_string()
    };
    let mut lines: Vec<&str> = text.lines().take(MAX_LINES).collect();
    if text.lines().count() > MAX_LINES {
        lines.push("  …");
    }
    s.push_str(&format!("\n\n```xqr\n{}\n```", lines.join("\n")));
    s
}

/// The explanations of the diagnostics whose place holds `offset`.
fn explanations(doc: &Document, offset: usize, lang: Lang) -> Vec<String> {
    doc.report
        .diagnostics
        .iter()
        .filter(|d| {
            let sp = d.span();
            (sp.start as usize) <= offset && offset <= sp.end as usize
        })
        .map(|d| {
            let e = &d.code.explain;
            format!(
                "**{}** {}: {}\n\n{}",
                d.code.code,
                d.code.name,
                e.meaning.plain().get(lang),
                e.fix.plain().get(lang)
            )
        })
        .collect()
}

pub fn hover(doc: &Document, offset: usize, lang: Lang) -> Option<Hover> {
    let mut parts = Vec::new();
    let mut span = None;
    if let Some(occ) = doc.index.at(offset) {
        parts.push(name_hover(doc, &occ, lang));
        span = Some(occ.span);
    } else if let Some((start, end, word)) = context::word_at(&doc.text, offset) {
        if let Some(h) = keywords::hover(word, &context::blocks_at(&doc.text, start)) {
            parts.push(h);
            span = Some(xqreg_grammar::Span::new(start, end));
        }
    }
    parts.extend(explanations(doc, offset, lang));
    if parts.is_empty() {
        return None;
    }
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: parts.join("\n\n---\n\n"),
        }),
        range: span.map(|s| doc.lines.range(&doc.text, s)),
    })
}
