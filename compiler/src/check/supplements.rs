//! Supplements (补充规定): [`apply`] turns a file into its effective regulation, and reports an
//! override of nothing, an undeclared conflict with the base, and a supplement dated before the
//! regulation was issued or after the event ended.
//!
//! An item inside a supplement with `override` replaces the base item of the same kind and name.
//! Without it, a named item (stage, time control, category, ...) with a new name is added, and one
//! with a base item's name is a conflict (the base item stays). Clause blocks that have no name
//! (entry, conduct, schedule, registration, expenses, organisers, contacts, the header) are merged:
//! the supplement's clauses are added to the base block, and a clause that says again what the
//! base already says (a second `field`, a second rule for the same fouls in the same games, a day
//! listed twice) is a conflict. Supplements apply in source order; the `Supplement` wrappers do not
//! appear in the effective file (the driver records what each one changed).

use xqreg_grammar::ast::{
    self, ConductArg, Date, EntryClause, HeaderClause, Item, PlacesDecl, Spanned, Supplement,
};
use xqreg_grammar::Span;

use super::categories::{day_number, fmt_date};
use super::entry;
use super::resolve::keyword_span;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E701, &E702, &E703];

pub static E701: Code = Code {
    code: "E701",
    name: "override-of-nothing",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "A supplement declares `override` for an item the base regulation does not have (no item of that kind and name), so nothing is overridden: usually a misspelt name. The item is added as if `override` were absent.",
            "补充规定对基本规程中不存在的项目（没有同类同名的项目）声明了 `override`，没有任何内容被替换：通常是名称拼写错误。该项目按新增处理。",
        ),
        example: "time standard { base 20min }\nsupplement \"补充规定\" 2014-04-20 {\n  override time standrad { base 25min }\n}",
        fix: Template::new(
            "Use the base item's name (`override time standard { ... }`), or drop `override` to add a new item.",
            "使用基本规程中的名称（`override time standard { ... }`），或去掉 `override` 作为新增项目。",
        ),
    },
};

pub static E702: Code = Code {
    code: "E702",
    name: "undeclared-conflict",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "A supplement item has the kind and name of a base item (or a clause says again what a base clause says) without `override`: the file does not say which one holds. The base text is kept until the supplement says `override`.",
            "补充规定中的项目与基本规程中的项目同类同名（或某条款重复了基本规程已有的条款），却没有声明 `override`：文件没有说明以哪一个为准。在补充规定写明 `override` 之前，以基本规程为准。",
        ),
        example: "time standard { base 20min }\nsupplement \"补充规定\" 2014-04-20 {\n  time standard { base 25min }\n}",
        fix: Template::new(
            "Write `override` before the supplement's item (`override time standard { ... }`), or give it another name.",
            "在补充规定的项目前写 `override`（`override time standard { ... }`），或换一个名称。",
        ),
    },
};

pub static E703: Code = Code {
    code: "E703",
    name: "supplement-date-implausible",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "A supplement is dated before the regulation it amends was issued, or after the event's last day: it cannot amend that regulation for that event (usually a wrong year or month).",
            "补充规定的日期早于其所修改的规程的发布日期，或晚于比赛的最后一天：它无法修改该规程（通常是年份或月份写错）。",
        ),
        example: "regulation \"…\" { issued 2014-03-25  dates 2014-04-27 .. 2014-04-29 }\nsupplement \"补充规定\" 2013-04-20 { ... }",
        fix: Template::new(
            "Correct the supplement's date (here `2014-04-20`).",
            "改正补充规定的日期（此处为 `2014-04-20`）。",
        ),
    },
};

const MSG_E701: Template = Template::new(
    "`override {kind}{name}` overrides nothing: the base regulation has no such {noun}",
    "`override {kind}{name}` 没有可替换的内容：基本规程中没有这样的{noun_zh}",
);
const LBL_E701: Template = Template::new("nothing to override", "没有可替换的项目");
const HELP_E701: Template = Template::new(
    "use a base item's name, or drop `override` to add a new {noun}",
    "使用基本规程中的名称，或去掉 `override` 作为新增的{noun_zh}",
);
const HELP_E701_SUGGEST: Template = Template::new(
    "did you mean `override {kind} {suggest}`?",
    "是否应为 `override {kind} {suggest}`？",
);
const MSG_E702: Template = Template::new(
    "this {noun}{name} conflicts with the base regulation's, and is not declared `override`",
    "此{noun_zh}{name}与基本规程中的冲突，且未声明 `override`",
);
const LBL_E702: Template = Template::new("in the supplement", "补充规定中");
const LBL_E702_BASE: Template = Template::new("in the base regulation", "基本规程中");
const HELP_E702: Template = Template::new(
    "write `override` before the supplement's {noun} if it replaces the base one",
    "如果补充规定要替换基本规程中的{noun_zh}，在其前面写 `override`",
);
const MSG_E703_ISSUED: Template = Template::new(
    "the supplement is dated {date}, before the regulation was issued on {issued}",
    "补充规定的日期 {date} 早于规程的发布日期 {issued}",
);
const MSG_E703_ENDED: Template = Template::new(
    "the supplement is dated {date}, after the event ended on {issued}",
    "补充规定的日期 {date} 晚于比赛结束日期 {issued}",
);
const LBL_E703: Template = Template::new("implausible date", "日期不合理");
const LBL_E703_OTHER: Template = Template::new("{what}", "{what_zh}");
const HELP_E703: Template = Template::new(
    "correct the year or the month of the date",
    "改正日期的年份或月份",
);

/// What kind of item, and which one, a supplement item replaces or conflicts with.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Key {
    /// Named items and blocks keyed by a value (a prize table by category and currency).
    Named(&'static str, String),
    /// Clause blocks that merge.
    Block(&'static str),
    /// Items that never conflict (tests, broken blocks).
    Free,
}

fn key(item: &Item) -> Key {
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
        Item::Test(_) | Item::Supplement(_) | Item::Broken(_) => Key::Free,
    }
}

fn places_key(p: &PlacesDecl) -> String {
    format!("{}..{}", p.places.start, p.places.end)
}

/// The name shown in messages (` standard`), empty for unnamed blocks.
fn shown_name(item: &Item) -> String {
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
fn quoted(name: &str) -> String {
    let bare = name.trim();
    if bare.is_empty() || bare.starts_with('"') {
        name.to_string()
    } else {
        format!(" `{bare}`")
    }
}

/// What a kind of item or clause is called in messages, in English and Chinese.
fn noun(kind: &str) -> (&str, &str) {
    match kind {
        "time" => ("time control", "用时规定"),
        "stage" => ("stage", "阶段"),
        "category" => ("category", "组别"),
        "playoff" => ("playoff chain", "加赛办法"),
        "scoring" => ("scoring", "记分办法"),
        "prizes" => ("prize table", "奖励表"),
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

fn kind_word(k: &Key) -> &'static str {
    match k {
        Key::Named(k, _) | Key::Block(k) => k,
        Key::Free => "item",
    }
}

/// The span to point at for an item: its name when it has one, else its keyword.
fn name_span(item: &Item, fallback: Span) -> Span {
    match item {
        Item::TimeControl(t) => t.name.span,
        Item::Category(c) => c.name.span,
        Item::Ranking(r) => r.name.span,
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

/// What applying one supplement item did, for the sheet and the plan's origins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Outcome {
    /// A new item.
    Added,
    /// `override`: it replaced the base item at `base`.
    Replaced { base: Span },
    /// Its clauses joined the base block at `base` (clauses that conflicted were left out).
    Merged { base: Span },
    /// It clashed with the base item at `base` without `override`; the base item stays (E702).
    Conflict { base: Span },
    /// `override` of nothing; added as a new item (E701).
    OverrodeNothing,
}

/// One supplement item and what became of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Applied {
    /// The `supplement` block.
    pub supplement: Span,
    /// The item inside it.
    pub item: Span,
    pub outcome: Outcome,
}

/// The effective file: base items with every supplement applied in source order.
pub fn apply(file: &ast::File, diags: &mut Diagnostics) -> ast::File {
    apply_with_record(file, diags).0
}

/// [`apply`], and what became of every supplement item, in source order.
pub fn apply_with_record(file: &ast::File, diags: &mut Diagnostics) -> (ast::File, Vec<Applied>) {
    let mut record = Vec::new();
    let mut items: Vec<Item> = file
        .items
        .iter()
        .filter(|i| !matches!(i, Item::Supplement(_)))
        .cloned()
        .collect();
    let issued = entry::issued(file).cloned();
    let ended = entry::event_dates(file).map(|(_, to, span)| (to, span));
    for item in &file.items {
        let Item::Supplement(s) = item else { continue };
        dates(s, issued.as_ref(), ended, diags);
        for si in &s.items {
            let outcome = apply_item(&mut items, si, diags);
            record.push(Applied {
                supplement: s.span,
                item: si.span,
                outcome,
            });
        }
    }
    let file = ast::File {
        items,
        comments: file.comments.clone(),
        span: file.span,
    };
    (file, record)
}

/// The span of a whole item.
fn item_span(item: &Item) -> Span {
    item.span()
}

fn dates(
    s: &Supplement,
    issued: Option<&Spanned<Date>>,
    ended: Option<(Date, Span)>,
    diags: &mut Diagnostics,
) {
    let Some(date) = &s.date else { return };
    let ds = fmt_date(date.node);
    if let Some(issued) = issued {
        if day_number(date.node) < day_number(issued.node) {
            diags.push(
                Diagnostic::new(
                    &E703,
                    MSG_E703_ISSUED.fill(&[("date", &ds), ("issued", &fmt_date(issued.node))]),
                    date.span,
                    LBL_E703.plain(),
                )
                .with_label(
                    issued.span,
                    LBL_E703_OTHER.fill(&[("what", "issued here"), ("what_zh", "发布日期")]),
                )
                .with_help(HELP_E703.plain()),
            );
            return;
        }
    }
    if let Some((end, span)) = ended {
        if day_number(date.node) > day_number(end) {
            diags.push(
                Diagnostic::new(
                    &E703,
                    MSG_E703_ENDED.fill(&[("date", &ds), ("issued", &fmt_date(end))]),
                    date.span,
                    LBL_E703.plain(),
                )
                .with_label(
                    span,
                    LBL_E703_OTHER.fill(&[("what", "the event dates"), ("what_zh", "比赛日期")]),
                )
                .with_help(HELP_E703.plain()),
            );
        }
    }
}

fn apply_item(items: &mut Vec<Item>, si: &ast::SupplementItem, diags: &mut Diagnostics) -> Outcome {
    let k = key(&si.item);
    if k == Key::Free {
        items.push(si.item.clone());
        return Outcome::Added;
    }
    let found: Vec<usize> = items
        .iter()
        .enumerate()
        .filter(|(_, i)| key(i) == k)
        .map(|(n, _)| n)
        .collect();
    let kind = kind_word(&k);
    let name = shown_name(&si.item);
    if let Some(kw) = si.override_kw {
        let Some(first) = found.first().copied() else {
            let mut d = Diagnostic::new(
                &E701,
                MSG_E701.fill(&[
                    ("kind", kind),
                    ("name", &name),
                    ("noun", noun(kind).0),
                    ("noun_zh", noun(kind).1),
                ]),
                kw.join(name_span(&si.item, si.span)),
                LBL_E701.plain(),
            );
            let candidates: Vec<String> = items
                .iter()
                .filter_map(|i| match key(i) {
                    Key::Named(kk, n) if kk == kind && !n.is_empty() => Some(n),
                    _ => None,
                })
                .collect();
            let suggestion = match &k {
                Key::Named(_, n) => {
                    super::suggest::did_you_mean(n, candidates.iter().map(String::as_str))
                }
                _ => None,
            };
            d = match suggestion {
                Some(s) => d.with_help(HELP_E701_SUGGEST.fill(&[("kind", kind), ("suggest", s)])),
                None => d.with_help(
                    HELP_E701.fill(&[("noun", noun(kind).0), ("noun_zh", noun(kind).1)]),
                ),
            };
            diags.push(d);
            items.push(si.item.clone());
            return Outcome::OverrodeNothing;
        };
        let base = items.get(first).map_or(si.span, item_span);
        // Every base item of that kind and name goes; the supplement's takes the first one's place.
        if let Some(slot) = items.get_mut(first) {
            *slot = si.item.clone();
        }
        for n in found.iter().skip(1).rev() {
            if *n < items.len() {
                items.remove(*n);
            }
        }
        return Outcome::Replaced { base };
    }
    let Some(first) = found.first().copied() else {
        items.push(si.item.clone());
        return Outcome::Added;
    };
    if matches!(k, Key::Block(_)) {
        let Some(base) = items.get_mut(first) else {
            return Outcome::Added;
        };
        let span = item_span(base);
        merge(base, &si.item, diags);
        return Outcome::Merged { base: span };
    }
    let Some(base) = items.get(first) else {
        return Outcome::Added;
    };
    diags.push(
        Diagnostic::new(
            &E702,
            MSG_E702.fill(&[
                ("noun", noun(kind).0),
                ("noun_zh", noun(kind).1),
                ("name", &quoted(&name)),
            ]),
            name_span(&si.item, si.span),
            LBL_E702.plain(),
        )
        .with_label(name_span(base, si.span), LBL_E702_BASE.plain())
        .with_help(HELP_E702.fill(&[("noun", noun(kind).0), ("noun_zh", noun(kind).1)])),
    );
    Outcome::Conflict {
        base: item_span(base),
    }
}

fn conflict(diags: &mut Diagnostics, kind: &str, name: &str, here: Span, base: Span) {
    diags.push(
        Diagnostic::new(
            &E702,
            MSG_E702.fill(&[
                ("noun", noun(kind).0),
                ("noun_zh", noun(kind).1),
                ("name", &quoted(name)),
            ]),
            here,
            LBL_E702.plain(),
        )
        .with_label(base, LBL_E702_BASE.plain())
        .with_help(HELP_E702.fill(&[("noun", noun(kind).0), ("noun_zh", noun(kind).1)])),
    );
}

/// What makes two entry clauses say the same thing (None: clauses that may repeat).
fn entry_clause_key(c: &EntryClause) -> Option<String> {
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
        _ => None,
    }
}

fn entry_clause_span(c: &EntryClause) -> Span {
    match c {
        EntryClause::Field(n) => n.span,
        EntryClause::FieldOpen(s) => *s,
        EntryClause::Cap { span, .. }
        | EntryClause::AssumeField { span, .. }
        | EntryClause::Age { span, .. }
        | EntryClause::Title { span, .. }
        | EntryClause::Deadline { span, .. }
        | EntryClause::Fee { span, .. }
        | EntryClause::Deposit { span, .. }
        | EntryClause::Subsidy { span, .. }
        | EntryClause::Staff { span, .. }
        | EntryClause::TeamSize { span, .. } => *span,
        EntryClause::Team(t) => t.span,
        EntryClause::Pool(p) => p.span,
        EntryClause::Player(p) => p.span,
        EntryClause::Sex(i) => i.span,
        EntryClause::Condition(t) | EntryClause::Residence(t) | EntryClause::Insurance(t) => t.span,
    }
}

fn header_clause_key(c: &HeaderClause) -> Option<&'static str> {
    match c {
        HeaderClause::Edition(_) => Some("edition"),
        HeaderClause::Issued { .. } => Some("issued"),
        HeaderClause::Dates { .. } => Some("dates"),
        HeaderClause::Venue(_) => Some("venue"),
        HeaderClause::Rulebook { .. } => Some("rulebook"),
        HeaderClause::Event { .. } => Some("event"),
        HeaderClause::Interpretation(_) => Some("interpretation"),
        HeaderClause::Official { .. } => None,
    }
}

fn header_clause_span(c: &HeaderClause) -> Span {
    match c {
        HeaderClause::Edition(n) => n.span,
        HeaderClause::Issued { span, .. }
        | HeaderClause::Dates { span, .. }
        | HeaderClause::Rulebook { span, .. }
        | HeaderClause::Event { span, .. }
        | HeaderClause::Official { span, .. } => *span,
        HeaderClause::Venue(t) | HeaderClause::Interpretation(t) => t.span,
    }
}

/// A conduct rule's identity: its keyword, its variant (`knocked_pieces 1` and
/// `knocked_pieces 2` are different rules) and where it applies.
fn conduct_key(r: &ast::ConductRule) -> Option<String> {
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
const REGISTRATION_ONCE: &[&str] = &["deadline", "travel_info", "late"];

fn merge(base: &mut Item, add: &Item, diags: &mut Diagnostics) {
    match (base, add) {
        (Item::Entry(b), Item::Entry(a)) => {
            for c in &a.clauses {
                let k = entry_clause_key(c);
                let clash = k.as_ref().and_then(|k| {
                    b.clauses
                        .iter()
                        .find(|x| entry_clause_key(x).as_ref() == Some(k))
                });
                match clash {
                    Some(x) => conflict(
                        diags,
                        "entry clause",
                        "",
                        entry_clause_span(c),
                        entry_clause_span(x),
                    ),
                    None => b.clauses.push(c.clone()),
                }
            }
        }
        (Item::Regulation(b), Item::Regulation(a)) => {
            for c in &a.clauses {
                let k = header_clause_key(c);
                let clash =
                    k.and_then(|k| b.clauses.iter().find(|x| header_clause_key(x) == Some(k)));
                match clash {
                    Some(x) => conflict(
                        diags,
                        "header clause",
                        "",
                        header_clause_span(c),
                        header_clause_span(x),
                    ),
                    None => b.clauses.push(c.clone()),
                }
            }
        }
        (Item::Conduct(b), Item::Conduct(a)) => {
            for r in &a.rules {
                let k = conduct_key(r);
                let clash = k
                    .as_ref()
                    .and_then(|k| b.rules.iter().find(|x| conduct_key(x).as_ref() == Some(k)));
                match clash {
                    Some(x) => conflict(
                        diags,
                        "conduct rule",
                        &format!(" {}", r.kind.node),
                        r.span,
                        x.span,
                    ),
                    None => b.rules.push(r.clone()),
                }
            }
        }
        (Item::Schedule(b), Item::Schedule(a)) => {
            if let (Some(t), false) = (&b.tbd, a.days.is_empty()) {
                // Publishing the days of a schedule that was to be announced replaces it.
                let here = a.days.first().map_or(a.span, |d| d.date.span);
                conflict(diags, "schedule", "", here, t.span);
                return;
            }
            for d in &a.days {
                match b.days.iter().find(|x| x.date.node == d.date.node) {
                    Some(x) => conflict(
                        diags,
                        "day",
                        &format!(" {}", fmt_date(d.date.node)),
                        d.date.span,
                        x.date.span,
                    ),
                    None => b.days.push(d.clone()),
                }
            }
            if let Some(t) = &a.tbd {
                match &b.tbd {
                    Some(x) => conflict(diags, "schedule", "", t.span, x.span),
                    None => b.tbd = Some(t.clone()),
                }
            }
        }
        (Item::Registration(b), Item::Registration(a)) => {
            for c in &a.clauses {
                let once = REGISTRATION_ONCE.contains(&c.kind.node.as_str());
                match b
                    .clauses
                    .iter()
                    .find(|x| once && x.kind.node == c.kind.node)
                {
                    Some(x) => conflict(
                        diags,
                        "registration clause",
                        &format!(" {}", c.kind.node),
                        c.span,
                        x.span,
                    ),
                    None => b.clauses.push(c.clone()),
                }
            }
        }
        (Item::Expenses(b), Item::Expenses(a)) => b.clauses.extend(a.clauses.iter().cloned()),
        (Item::Organisers(b), Item::Organisers(a)) => b.roles.extend(a.roles.iter().cloned()),
        (Item::Contacts(b), Item::Contacts(a)) => b.contacts.extend(a.contacts.iter().cloned()),
        // Keys match only for items of the same kind.
        _ => {}
    }
}

/// Fixture runner shared by this checker's modules: every `tests/fixtures/check/` file named
/// after one of a module's codes parses cleanly and raises exactly the codes its header expects,
/// and every code of the module has such a fixture.
#[cfg(test)]
pub(crate) mod testing {
    use std::collections::BTreeSet;
    use std::path::{Path, PathBuf};

    use crate::diagnostics::Code;

    fn dir() -> PathBuf {
        let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
        manifest
            .parent()
            .unwrap_or(manifest)
            .join("tests/fixtures/check")
    }

    fn expected(text: &str) -> Option<BTreeSet<String>> {
        for line in text.lines() {
            let body = line.trim().strip_prefix("//")?.trim();
            if let Some(codes) = body.strip_prefix("expect:") {
                return Some(
                    codes
                        .split(|c: char| c.is_whitespace() || c == ',')
                        .filter(|c| !c.is_empty() && *c != "none")
                        .map(str::to_string)
                        .collect(),
                );
            }
        }
        None
    }

    /// `code line: message` for every diagnostic of a source text, and the set of codes.
    pub(crate) fn run(text: &str) -> (BTreeSet<String>, Vec<String>) {
        let parsed = xqreg_grammar::parse(text);
        let mut lines: Vec<String> = parsed
            .errors
            .iter()
            .map(|e| format!("syntax {:?} at {:?}", e.kind, e.span))
            .collect();
        let out = super::super::check(&parsed.file);
        let mut got = BTreeSet::new();
        if !parsed.errors.is_empty() {
            got.insert("syntax".to_string());
        }
        for d in out.diagnostics.sorted() {
            got.insert(d.code.code.to_string());
            let start = (d.span().start as usize).min(text.len());
            let line = text
                .as_bytes()
                .get(..start)
                .map_or(0, |b| b.iter().filter(|c| **c == b'\n').count())
                + 1;
            let help: Vec<&str> = d.help.iter().map(|h| h.en.as_str()).collect();
            lines.push(format!(
                "{} line {line}: {} | help: {}",
                d.code.code,
                d.message.en,
                help.join(" / ")
            ));
        }
        (got, lines)
    }

    /// A clean regulation of 8 players in one round robin (no diagnostics), for tests to extend.
    pub(crate) const BASE: &str = r#"regulation "测试赛" {
  issued 2014-03-25 by "中国象棋协会"
  dates 2014-04-27 .. 2014-04-29
}
scoring { win 2  draw 1  loss 0 }
time standard "慢棋" { base 20min  increment 20s  flag loses }
entry {
  field 8
}
stage main "循环赛" {
  round_robin single size 8
  entrants roster
  time standard
  avoid same_unit never
  tiebreak {
    sonneborn_berger
    wins
    lots
  }
  places 1..8
}
schedule {
  day 2014-04-27 { 08:30 round main 1  14:00 round main 2 }
  day 2014-04-28 { 08:30 round main 3  14:00 round main 4  19:00 round main 5 }
  day 2014-04-29 { 08:30 round main 6  14:00 round main 7 }
}
"#;

    /// The error and warning codes `text` raises (notes such as N101 left out), and the rendered
    /// lines for a failure message.
    pub(crate) fn codes(text: &str) -> (Vec<String>, String) {
        let (got, lines) = run(text);
        (
            got.into_iter().filter(|c| !c.starts_with('N')).collect(),
            lines.join("\n"),
        )
    }

    /// Checks the fixtures of `codes`; panics with every failure at once.
    pub(crate) fn fixtures(codes: &[&Code]) {
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir())
            .map(|rd| rd.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        files.sort();
        let mut failures = Vec::new();
        for code in codes {
            let mine: Vec<&PathBuf> = files
                .iter()
                .filter(|p| {
                    p.file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .is_some_and(|n| n.starts_with(code.code) && n.ends_with(".xqr"))
                })
                .collect();
            if mine.is_empty() {
                failures.push(format!("{}: no fixture", code.code));
            }
            for path in mine {
                let text = std::fs::read_to_string(path).unwrap_or_default();
                let name = path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let Some(want) = expected(&text) else {
                    failures.push(format!("{name}: no `// expect:` header"));
                    continue;
                };
                if !want.contains(code.code) {
                    failures.push(format!(
                        "{name}: named after {} but does not expect it",
                        code.code
                    ));
                }
                let (got, lines) = run(&text);
                if got != want {
                    failures.push(format!(
                        "{name}: expected {want:?}, got {got:?}\n  {}",
                        lines.join("\n  ")
                    ));
                }
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    /// `XQ_DEBUG=path cargo test -p xqreg --lib debug_file -- --ignored --nocapture`
    #[test]
    #[ignore = "prints the diagnostics of $XQ_DEBUG for a person to read"]
    fn debug_file() {
        for path in std::env::var("XQ_DEBUG")
            .unwrap_or_default()
            .split(':')
            .filter(|p| !p.is_empty())
        {
            let text = std::fs::read_to_string(path).unwrap_or_default();
            let (_, lines) = run(&text);
            println!("== {path}\n{}", lines.join("\n"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::testing::{self, codes, BASE};

    #[test]
    fn fixtures() {
        testing::fixtures(super::CODES);
    }

    /// The robustness suite deletes lines of the examples; here the same on this checker's fixtures:
    /// deleting any one line must give diagnostics, never a panic.
    #[test]
    fn deleting_any_line_never_panics() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .map(|p| p.join("tests/fixtures/check"))
            .unwrap_or_default();
        let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
            .map(|rd| rd.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        files.retain(|p| {
            p.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .is_some_and(|n| {
                    ["E5", "E6", "E7", "W5", "W6", "N5"]
                        .iter()
                        .any(|c| n.starts_with(c))
                })
        });
        assert!(files.len() >= 39, "found {} fixtures", files.len());
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let lines: Vec<&str> = text.lines().collect();
            for skip in 0..lines.len() {
                let cut: Vec<&str> = lines
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| *i != skip)
                    .map(|(_, l)| *l)
                    .collect();
                let _ = codes(&cut.join("\n"));
            }
        }
    }

    #[test]
    fn override_replaces_and_merge_adds() {
        let text = format!(
            "{BASE}supplement \"补充规定\" 2014-04-20 {{\n  \
             override time standard \"慢棋\" {{ base 25min  increment 20s  flag loses }}\n  \
             entry {{\n    deadline 2014-04-11\n  }}\n  \
             note \"记录\" \"前十台对局结束后需补记录\"\n}}\n"
        );
        let parsed = xqreg_grammar::parse(&text);
        let mut diags = crate::diagnostics::Diagnostics::default();
        let eff = super::apply(&parsed.file, &mut diags);
        assert!(diags.list.is_empty());
        let times: Vec<u32> = eff
            .items
            .iter()
            .filter_map(|i| match i {
                Item::TimeControl(t) => t.clauses.iter().find_map(|c| match c {
                    xqreg_grammar::ast::TimeClause::Base(d) => Some(d.node.seconds),
                    _ => None,
                }),
                _ => None,
            })
            .collect();
        assert_eq!(times, [25 * 60]);
        let (_, record) = super::apply_with_record(&parsed.file, &mut diags);
        let outcomes: Vec<&str> = record
            .iter()
            .map(|a| match a.outcome {
                super::Outcome::Replaced { .. } => "replaced",
                super::Outcome::Merged { .. } => "merged",
                super::Outcome::Added => "added",
                super::Outcome::Conflict { .. } => "conflict",
                super::Outcome::OverrodeNothing => "nothing",
            })
            .collect();
        assert_eq!(outcomes, ["replaced", "merged", "added"]);
        assert!(eff.items.iter().all(|i| !matches!(i, Item::Supplement(_))));
        let deadlines = eff
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Entry(e) => Some(e.clauses.len()),
                _ => None,
            })
            .sum::<usize>();
        assert_eq!(
            deadlines, 2,
            "the supplement's deadline joins the base entry"
        );
        let (got, lines) = codes(&text);
        assert!(got.is_empty(), "{lines}");
    }

    #[test]
    fn a_merged_clause_that_says_it_again_conflicts() {
        let text = format!(
            "{BASE}supplement \"补充规定\" 2014-04-20 {{\n  entry {{\n    field 10\n  }}\n}}\n"
        );
        let (got, lines) = codes(&text);
        assert_eq!(got, ["E702"], "{lines}");
    }

    #[test]
    fn conduct_rules_merge_unless_they_say_the_same_thing_again() {
        let base = format!(
            "{BASE}conduct {{\n  natural_move_limit 50 checks 10\n  knocked_pieces 1 foul\n}}\n"
        );
        let add = format!(
            "{base}supplement \"补充规定\" 2014-04-20 {{\n  conduct {{\n    knocked_pieces 2 loss\n    devices loss\n  }}\n}}\n"
        );
        let (got, lines) = codes(&add);
        assert!(got.is_empty(), "{lines}");
        let again = format!(
            "{base}supplement \"补充规定\" 2014-04-20 {{\n  conduct {{\n    natural_move_limit 60 checks 10\n  }}\n}}\n"
        );
        let (got, lines) = codes(&again);
        assert_eq!(got, ["E702"], "{lines}");
        assert!(
            lines.contains("conduct rule `natural_move_limit`"),
            "{lines}"
        );
        let replaced = again.replace(
            "  conduct {\n    natural",
            "  override conduct {\n    natural",
        );
        let (got, lines) = codes(&replaced);
        assert!(got.is_empty(), "{lines}");
    }

    #[test]
    fn a_supplement_after_the_event() {
        let text = format!(
            "{BASE}supplement \"补充规定\" 2014-05-20 {{\n  note \"记录\" \"补记录\"\n}}\n"
        );
        let (got, lines) = codes(&text);
        assert_eq!(got, ["E703"], "{lines}");
    }

    #[test]
    fn override_suggests_the_near_name() {
        let text = format!(
            "{BASE}supplement \"补充规定\" 2014-04-20 {{\n  override time standrad \"慢棋\" {{ base 25min  increment 20s  flag loses }}\n}}\n"
        );
        let (_, lines) = codes(&text);
        assert!(
            lines.contains("did you mean `override time standard`?"),
            "{lines}"
        );
    }

    use xqreg_grammar::ast::Item;
}
