//! Document symbols: the outline of a regulation, one symbol per top-level block (named blocks
//! by their name), with a stage's groups, an entry's pools and players and a supplement's items
//! as children.

use lsp_types::{DocumentSymbol, SymbolKind};
use xqreg_grammar::ast::{EntryClause, Ident, Item, Text};
use xqreg_grammar::Span;

use super::document::Document;
use crate::check::resolve::keyword_span;
use crate::sheet::build::item_span;

struct Sym {
    name: String,
    detail: Option<String>,
    kind: SymbolKind,
    span: Span,
    selection: Span,
    children: Vec<Sym>,
}

fn named(keyword: &str, id: &Ident, title: Option<&Text>, kind: SymbolKind, span: Span) -> Sym {
    Sym {
        name: format!("{keyword} {}", id.node),
        detail: title.map(|t| t.zh.node.clone()),
        kind,
        span,
        selection: id.span,
        children: Vec::new(),
    }
}

fn block(keyword: &str, detail: Option<&Text>, kind: SymbolKind, span: Span) -> Sym {
    Sym {
        name: keyword.to_string(),
        detail: detail.map(|t| t.zh.node.clone()),
        kind,
        span,
        selection: keyword_span(span, keyword),
        children: Vec::new(),
    }
}

fn item(it: &Item) -> Option<Sym> {
    let span = item_span(it);
    Some(match it {
        Item::Regulation(r) => block("regulation", Some(&r.title), SymbolKind::MODULE, span),
        Item::TimeControl(t) => named(
            "time",
            &t.name,
            t.title.as_ref(),
            SymbolKind::CONSTANT,
            span,
        ),
        Item::Scoring(s) => match &s.name {
            Some(n) => named("scoring", n, None, SymbolKind::CONSTANT, span),
            None => block("scoring", None, SymbolKind::CONSTANT, span),
        },
        Item::Category(c) => named(
            "category",
            &c.name,
            c.title.as_ref(),
            SymbolKind::CLASS,
            span,
        ),
        Item::Ranking(r) => named(
            "ranking",
            &r.name,
            r.title.as_ref(),
            SymbolKind::CLASS,
            span,
        ),
        Item::Stage(st) => {
            let mut s = named(
                "stage",
                &st.name,
                st.title.as_ref(),
                SymbolKind::NAMESPACE,
                span,
            );
            s.children = Vec::new();
            for c in &st.clauses {
                if let xqreg_grammar::ast::StageClause::Format(
                    xqreg_grammar::ast::Format::RoundRobin { groups, .. }
                    | xqreg_grammar::ast::Format::TeamRoundRobin { groups, .. },
                ) = c
                {
                    for g in groups {
                        s.children.push(Sym {
                            name: format!("group {}", g.node),
                            detail: None,
                            kind: SymbolKind::ENUM_MEMBER,
                            span: g.span,
                            selection: g.span,
                            children: Vec::new(),
                        });
                    }
                }
            }
            s
        }
        Item::Playoff(p) => match &p.name {
            Some(n) => named("playoff", n, p.title.as_ref(), SymbolKind::FUNCTION, span),
            None => block("playoff", p.title.as_ref(), SymbolKind::FUNCTION, span),
        },
        Item::Entry(e) => {
            let mut s = block("entry", None, SymbolKind::STRUCT, span);
            for c in &e.clauses {
                match c {
                    EntryClause::Pool(p) => s.children.push(named(
                        "pool",
                        &p.name,
                        p.title.as_ref(),
                        SymbolKind::FIELD,
                        p.span,
                    )),
                    EntryClause::Player(p) => s.children.push(named(
                        "player",
                        &p.id,
                        Some(&p.name),
                        SymbolKind::VARIABLE,
                        p.span,
                    )),
                    _ => {}
                }
            }
            s
        }
        Item::Prizes(p) => {
            let mut s = block("prizes", p.title.as_ref(), SymbolKind::OBJECT, span);
            if let Some(c) = &p.category {
                s.name = format!("prizes {}", c.node);
            }
            s
        }
        Item::BoardPrizes(b) => named(
            "board_prizes",
            &b.name,
            b.title.as_ref(),
            SymbolKind::OBJECT,
            span,
        ),
        Item::Supplement(sup) => {
            let mut s = block("supplement", Some(&sup.title), SymbolKind::PACKAGE, span);
            s.children = sup.items.iter().filter_map(|si| item(&si.item)).collect();
            s
        }
        Item::Test(t) => block("test", Some(&t.name), SymbolKind::EVENT, span),
        Item::Roster(r) => named("roster", &r.name, None, SymbolKind::ARRAY, span),
        Item::Note(n) => block("note", Some(&n.heading), SymbolKind::STRING, span),
        Item::Qualification(q) => block("qualification", Some(&q.title), SymbolKind::OBJECT, span),
        Item::Places(_) => block("places", None, SymbolKind::OBJECT, span),
        Item::Organisers(_) => block("organisers", None, SymbolKind::OBJECT, span),
        Item::Contacts(_) => block("contacts", None, SymbolKind::OBJECT, span),
        Item::Conduct(_) => block("conduct", None, SymbolKind::OBJECT, span),
        Item::Schedule(_) => block("schedule", None, SymbolKind::OBJECT, span),
        Item::Registration(_) => block("registration", None, SymbolKind::OBJECT, span),
        Item::Expenses(_) => block("expenses", None, SymbolKind::OBJECT, span),
        Item::Broken(_) => return None,
    })
}

#[allow(deprecated)] // `DocumentSymbol::deprecated` must be written; `tags` replaces it.
fn to_lsp(doc: &Document, s: Sym) -> DocumentSymbol {
    let range = doc.lines.range(&doc.text, s.span);
    // The protocol requires the selection inside the range.
    let selection = if s.span.start <= s.selection.start && s.selection.end <= s.span.end {
        doc.lines.range(&doc.text, s.selection)
    } else {
        range
    };
    DocumentSymbol {
        name: s.name,
        detail: s.detail,
        kind: s.kind,
        tags: None,
        deprecated: None,
        range,
        selection_range: selection,
        children: Some(s.children.into_iter().map(|c| to_lsp(doc, c)).collect()),
    }
}

/// The outline of a document, in source order.
pub fn symbols(doc: &Document) -> Vec<DocumentSymbol> {
    doc.file
        .items
        .iter()
        .filter_map(item)
        .map(|s| to_lsp(doc, s))
        .collect()
}
