//! What a supplement item is, for matching it with a base item: its kind and name ([`Key`]),
//! the words messages call it by, and the keys of the block clauses that may be said only once.
//! [`key`] is the one identity of an item: the checker applies supplements by it, the sheet
//! finds what an override replaced by it, the checked model records changes by it.

use xqreg_grammar::ast::{self, ConductArg, EntryClause, HeaderClause, Item, PlacesDecl};
use xqreg_grammar::Span;

use super::super::resolve::keyword_span;

/// What kind of item, and which one, a supplement item replaces or conflicts with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Key {
    /// Named items and blocks keyed by a value (a prize table by category and currency).
    Named(&'static str, String),
    /// Clause blocks that merge.
    Block(&'static str),
    /// Items that never conflict (tests, supplements, broken blocks), by their keyword.
    Free(&'static str),
}

impl Key {
    /// The item's keyword (`stage`, `time`, `note`, ...).
    pub fn kind(&self) -> &'static str {
        match self {
            Key::Named(k, _) | Key::Block(k) | Key::Free(k) => k,
        }
    }

    /// The name a record shows: a named item's name; none for blocks, for items named by a text
    /// or a range of places (notes, qualifications, places declarations) and unnamed ones.
    pub fn record_name(&self) -> Option<String> {
        match self {
            Key::Named("places" | "qualification" | "note", _) => None,
            Key::Named("prizes", n) => {
                let category = n.split(' ').next().unwrap_or("");
                (!category.is_empty()).then(|| category.to_string())
            }
            Key::Named(_, n) if !n.is_empty() => Some(n.clone()),
            _ => None,
        }
    }
}

/// Whether two items are the same kind and name: an `override` and what it replaces.
pub fn same_item(a: &Item, b: &Item) -> bool {
    let k = key(a);
    !matches!(k, Key::Free(_)) && k == key(b)
}

pub fn key(item: &Item) -> Key {
    let named = |k: &'static str, n: String| Key::Named(k, n);
    match item {
        Item::Regulation(_) => Key::Block("regulation"),
        Item::Organisers(_) => Key::Block("organisers"),
        Item::Contacts(_) => Key::Block("contacts"),
        Item::Entry(_) => Key::Block("entry"),
        Item::Conduct(_) => Key::Block("conduct"),
        Item::Schedule(_) => Key::Block("schedule"),
        Item::Registration(_) => Key::Block("registration"),
        Item::Expenses(_) => Key::Block("expenses"),
        Item::Scoring(s) => named(
            "scoring",
            s.name.as_ref().map(|n| n.node.clone()).unwrap_or_default(),
        ),
        Item::TimeControl(t) => named("time", t.name.node.clone()),
        Item::Category(c) => named("category", c.name.node.clone()),
        Item::Ranking(r) => named("ranking", r.name.node.clone()),
        Item::BoardPrizes(b) => named("board_prizes", b.name.node.clone()),
        Item::Stage(s) => named("stage", s.name.node.clone()),
        Item::Playoff(p) => named(
            "playoff",
            p.name.as_ref().map(|n| n.node.clone()).unwrap_or_default(),
        ),
        Item::Places(p) => named("places", places_key(p)),
        Item::Prizes(p) => named(
            "prizes",
            format!(
                "{} {}",
                p.category.as_ref().map(|c| c.node.as_str()).unwrap_or(""),
                p.currency.as_ref().map(|c| c.node.as_str()).unwrap_or("")
            ),
        ),
        Item::Qualification(q) => named("qualification", q.title.zh.node.clone()),
        Item::Note(n) => named("note", n.heading.zh.node.clone()),
        Item::Roster(r) => named("roster", r.name.node.clone()),
        Item::Test(_) => Key::Free("test"),
        Item::Supplement(_) => Key::Free("supplement"),
        Item::Broken(_) => Key::Free("broken"),
    }
}

pub(super) fn places_key(p: &PlacesDecl) -> String {
    format!("{}..{}", p.places.start, p.places.end)
}

/// The name shown in messages (` standard`), empty for unnamed blocks.
pub(super) fn shown_name(item: &Item) -> String {
    match key(item) {
        Key::Named("prizes", _) => match item {
            Item::Prizes(p) => p
                .category
                .as_ref()
                .map(|c| format!(" {}", c.node))
                .unwrap_or_default(),
            _ => String::new(),
        },
        Key::Named("note", n) | Key::Named("qualification", n) => format!(" \"{n}\""),
        Key::Named(_, n) if !n.is_empty() => format!(" {n}"),
        _ => String::new(),
    }
}

/// ` standard` as `` `standard` `` in prose; texts (` "记录"`) and nothing stay as they are.
pub(super) fn quoted(name: &str) -> String {
    let bare = name.trim();
    if bare.is_empty() || bare.starts_with('"') {
        name.to_string()
    } else {
        format!(" `{bare}`")
    }
}

/// What a kind of item or clause is called in messages, in English and Chinese.
pub(super) fn noun(kind: &str) -> (&str, &str) {
    match kind {
        "time" => ("time control", "用时规定"),
        "stage" => ("stage", "阶段"),
        "category" => ("category", "组别"),
        "playoff" => ("playoff chain", "加赛办法"),
        "scoring" => ("scoring", "记分办法"),
        "prizes" => ("prize table", "奖励表"),
        "board_prizes" => ("board prize table", "台次奖"),
        "places" => ("places declaration", "名次声明"),
        "note" => ("note", "说明"),
        "qualification" => ("qualification", "晋级办法"),
        "entry" => ("entry", "参赛办法"),
        "conduct" => ("conduct block", "竞赛纪律"),
        "schedule" => ("schedule", "日程"),
        "registration" => ("registration", "报名办法"),
        "expenses" => ("expenses", "经费"),
        "organisers" => ("organisers", "组织机构"),
        "contacts" => ("contacts", "联系方式"),
        "regulation" => ("header", "规程总则"),
        "entry clause" => ("entry clause", "参赛条款"),
        "header clause" => ("header clause", "总则条款"),
        "conduct rule" => ("conduct rule", "纪律条款"),
        "day" => ("day", "日程日期"),
        "registration clause" => ("registration clause", "报名条款"),
        other => (other, other),
    }
}

/// The span to point at for an item: its name when it has one, else its keyword.
pub(super) fn name_span(item: &Item, fallback: Span) -> Span {
    match item {
        Item::TimeControl(t) => t.name.span,
        Item::Category(c) => c.name.span,
        Item::Ranking(r) => r.name.span,
        Item::BoardPrizes(b) => b.name.span,
        Item::Stage(s) => s.name.span,
        Item::Playoff(p) => p
            .name
            .as_ref()
            .map_or(keyword_span(p.span, "playoff"), |n| n.span),
        Item::Scoring(s) => s
            .name
            .as_ref()
            .map_or(keyword_span(s.span, "scoring"), |n| n.span),
        Item::Prizes(p) => p
            .category
            .as_ref()
            .map_or(keyword_span(p.span, "prizes"), |n| n.span),
        Item::Places(p) => p.places.span,
        Item::Note(n) => n.heading.span,
        Item::Roster(r) => r.name.span,
        Item::Qualification(q) => q.title.span,
        Item::Regulation(r) => keyword_span(r.span, "regulation"),
        Item::Organisers(o) => keyword_span(o.span, "organisers"),
        Item::Contacts(c) => keyword_span(c.span, "contacts"),
        Item::Entry(e) => keyword_span(e.span, "entry"),
        Item::Conduct(c) => keyword_span(c.span, "conduct"),
        Item::Schedule(s) => keyword_span(s.span, "schedule"),
        Item::Registration(r) => keyword_span(r.span, "registration"),
        Item::Expenses(e) => keyword_span(e.span, "expenses"),
        Item::Test(_) | Item::Supplement(_) | Item::Broken(_) => fallback,
    }
}

/// What makes two entry clauses say the same thing (None: clauses that may repeat).
pub(crate) fn entry_clause_key(c: &EntryClause) -> Option<String> {
    match c {
        EntryClause::Field(_) | EntryClause::FieldOpen(_) | EntryClause::Cap { .. } => {
            Some("field".into())
        }
        EntryClause::AssumeField { .. } => Some("assume".into()),
        EntryClause::Pool(p) => Some(format!("pool {}", p.name.node)),
        EntryClause::Player(p) => Some(format!("player {}", p.id.node)),
        EntryClause::Deadline { .. } => Some("deadline".into()),
        EntryClause::Sex(_) => Some("sex".into()),
        EntryClause::Title { .. } => Some("title".into()),
        EntryClause::Fee { kind, .. } => Some(format!("fee {}", kind.node)),
        EntryClause::Deposit { .. } => Some("deposit".into()),
        EntryClause::Residence(_) => Some("residence".into()),
        EntryClause::TeamSize { .. } => Some("team_size".into()),
        EntryClause::Team(t) => Some(format!("team {}", t.id.node)),
        EntryClause::Quota(q) => Some(format!("quota per {}", q.per.node)),
        _ => None,
    }
}

pub(crate) fn header_clause_key(c: &HeaderClause) -> Option<&'static str> {
    match c {
        HeaderClause::Edition(_) => Some("edition"),
        HeaderClause::Issued { .. } => Some("issued"),
        HeaderClause::Dates { .. } => Some("dates"),
        HeaderClause::Venue(_) => Some("venue"),
        HeaderClause::Rulebook { .. } => Some("rulebook"),
        HeaderClause::Event { .. } => Some("event"),
        HeaderClause::Interpretation(_) => Some("interpretation"),
        HeaderClause::PrizeFund(_) => Some("prize_fund"),
        HeaderClause::OneCashPrize { .. } => Some("one_cash_prize"),
        HeaderClause::Official { .. } => None,
    }
}

/// A conduct rule's identity: its keyword, its variant (`knocked_pieces 1` and
/// `knocked_pieces 2` are different rules) and where it applies.
pub(crate) fn conduct_key(r: &ast::ConductRule) -> Option<String> {
    if r.text.is_some() {
        return None;
    }
    // A leading word names a variant (`score_sheets tick_under`, `natural_move_limit claim`);
    // a leading number is the rule's value (`natural_move_limit 50`), except for knocked pieces,
    // where it counts the pieces the rule is about.
    let first = match r.args.first() {
        Some(ConductArg::Int(n)) if r.kind.node == "knocked_pieces" => n.node.to_string(),
        Some(ConductArg::Word(w)) => w.node.clone(),
        _ => String::new(),
    };
    let scope: Vec<&str> = r.scope.iter().map(|s| s.node.as_str()).collect();
    Some(format!("{} {first} in {}", r.kind.node, scope.join(",")))
}

/// Keys of the registration clauses that can only be said once.
pub(super) const REGISTRATION_ONCE: &[&str] = &["deadline", "travel_info", "late"];
