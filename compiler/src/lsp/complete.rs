//! Completion: the keywords valid at the cursor (the grammar's top-level keywords outside every
//! block, the clauses of the innermost block inside one) and the names in scope. After a word
//! that takes a name of one kind (`time`, `playoff`, `pool`, `same_as`, ...), only names of that
//! kind are offered.

use lsp_types::{CompletionItem, CompletionItemKind};

use super::context;
use super::document::Document;
use super::keywords;
use crate::check::resolve::Kind;
use crate::diagnostics::Lang;

/// The kind of name a keyword takes next, inside a block.
fn takes(word: &str) -> Option<&'static [Kind]> {
    Some(match word {
        "time" | "game" | "armageddon" | "in" => &[Kind::TimeControl],
        "playoff" => &[Kind::Playoff],
        "pool" | "excluding" => &[Kind::Pool],
        "category" | "within" => &[Kind::Category],
        "same_as" | "to" | "round" | "eliminated" => &[Kind::Stage],
        "scoring" => &[Kind::Scoring],
        "roster" => &[Kind::Roster],
        "entrants" => &[Kind::Stage, Kind::Pool, Kind::Category],
        _ => return None,
    })
}

fn names(doc: &Document, kinds: &[Kind], lang: Lang) -> Vec<CompletionItem> {
    doc.index
        .decls
        .iter()
        .filter(|d| kinds.contains(&d.kind))
        .map(|d| {
            let (en, zh) = d.kind.words();
            CompletionItem {
                label: d.key.clone(),
                kind: Some(CompletionItemKind::REFERENCE),
                detail: Some(
                    match lang {
                        Lang::En => en,
                        Lang::Zh => zh,
                    }
                    .to_string(),
                ),
                ..Default::default()
            }
        })
        .collect()
}

const ALL_NAMED: &[Kind] = &[
    Kind::TimeControl,
    Kind::Scoring,
    Kind::Stage,
    Kind::Playoff,
    Kind::Pool,
    Kind::Category,
    Kind::Player,
    Kind::Roster,
];

pub fn complete(doc: &Document, offset: usize, lang: Lang) -> Vec<CompletionItem> {
    let blocks = context::blocks_at(&doc.text, offset);
    if blocks.is_empty() {
        return keyword_items(keywords::keywords_at(&blocks));
    }
    if let Some(kinds) = context::previous_word(&doc.text, offset).and_then(takes) {
        let items = names(doc, kinds, lang);
        if !items.is_empty() {
            return items;
        }
    }
    let mut items = keyword_items(keywords::keywords_at(&blocks));
    items.extend(names(doc, ALL_NAMED, lang));
    items
}

fn keyword_items(words: Vec<&'static str>) -> Vec<CompletionItem> {
    words
        .into_iter()
        .map(|w| CompletionItem {
            label: w.to_string(),
            kind: Some(CompletionItemKind::KEYWORD),
            ..Default::default()
        })
        .collect()
}
