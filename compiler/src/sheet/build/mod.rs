//! From the effective regulation to the [`Sheet`] model: each item's clauses are written in the
//! sheet's language and put into the article where a reader of a 竞赛规程 looks for them; the
//! articles are then numbered in the order such documents use.
//!
//! Every clause rendered marks the span of its source text in [`Ctx::rendered`]; the coverage
//! test compares those marks with every clause of the effective file, so nothing is dropped.

mod admin;
mod articles;
mod board_prizes;
mod conduct;
mod context;
mod derived;
mod entry;
mod flow;
mod header;
mod ko_rounds;
mod method;
mod params;
mod prizes;
mod ranking;
mod shared_tiers;
mod stage;
mod supplements;
pub use crate::sheet::catalogue::words;
use articles::assemble;
pub use articles::{group_by_heading, number, number_clauses};
use context::{collect_names, wording};
pub use context::{Ctx, Names};

use super::catalogue::M;
use super::fmt;
pub use super::model::Art;
use super::model::{Article, Clause, Part, Sheet, Words};
pub use super::source::item_span;
use super::source::{Entry, Mode, Origin, Source};
use super::Lang;
use std::collections::{BTreeMap, BTreeSet};
use xqreg_grammar::ast::{self, Item, Span};

/// Sub-order of clauses inside the competition-method article.
pub mod order {
    pub const RULEBOOK: u8 = 0;
    pub const STAGE: u8 = 10;
    pub const SCORING: u8 = 20;
    pub const TIME: u8 = 30;
    pub const RANKING: u8 = 40;
    pub const FLOW: u8 = 50;
    pub const NOTE: u8 = 60;
    pub const DEFAULT: u8 = 30;
}

/// Builds the sheet in the source's [`Mode`]. Returns the sheet and the set of rendered spans.
pub fn build(src: &Source<'_>, lang: Lang) -> (Sheet, BTreeSet<Span>) {
    let mut ctx = Ctx::new(lang);
    let consolidated = src.mode == Mode::Consolidated;
    // The body: the regulation as issued, or with its supplements applied.
    let body: &[Entry<'_>] = if consolidated { &src.items } else { &src.base };
    collect_names(body.iter(), &mut ctx.names);
    if !src.supplements.is_empty() {
        remember_issued(&mut ctx, src);
    }
    if consolidated {
        // A clause a supplement merged into a base block (a conduct rule) is marked with the
        // item it came from.
        for s in &src.supplements {
            for (n, si) in s.items.iter().enumerate() {
                let tag = supplements::tag(&ctx, s, n, false);
                ctx.supplement_spans.push((si.span, tag));
            }
        }
    }
    if !consolidated {
        ctx.amended_stages = overridden_stages(src);
    }
    for entry in body {
        build_entry(&mut ctx, src, entry);
    }
    ctx.amended_stages.clear();
    ctx.tag = None;
    ctx.current_item = None;
    ctx.last_mark = None;
    if let Some(table) = method::time_table(&ctx) {
        let clause = Clause {
            table: Some(table),
            plain: true,
            ..Clause::default()
        };
        ctx.push_in(Art::Method, order::TIME, M::ClauseTime, clause);
    }
    if let Some(d) = flow::diagram(&ctx) {
        let heading = ctx.m(M::ClauseFlow).to_string();
        ctx.push(
            Art::Method,
            order::FLOW,
            Clause {
                heading,
                diagram: Some(d),
                ..Clause::default()
            },
        );
    }
    let (articles, _) = assemble(&mut ctx);
    let mut parts = vec![Part {
        title: None,
        subtitle: None,
        articles,
        signature: std::mem::take(&mut ctx.signature),
    }];
    if consolidated {
        consolidated_note(&mut ctx, src, &mut parts);
    } else {
        parts.extend(supplements::parts(&mut ctx, src));
    }
    let title = sheet_title(&ctx);
    let words = Words {
        diagram_caption: ctx.m(M::ClauseFlow).to_string(),
        total: ctx.m(M::Total).to_string(),
        colon: match lang {
            Lang::Zh => "：",
            Lang::En => ": ",
        },
    };
    let sheet = Sheet {
        lang: match lang {
            Lang::Zh => "zh",
            Lang::En => "en",
        },
        title,
        parts,
        words,
        untranslated: ctx.untranslated.take(),
    };
    (sheet, ctx.rendered)
}

/// Records every clause of the regulation as issued, as worded: the consolidated sheet does not
/// The stages a supplement overrides (`override stage main ...`).
fn overridden_stages(src: &Source<'_>) -> BTreeSet<String> {
    src.supplements
        .iter()
        .flat_map(|s| s.items.iter())
        .filter(|si| si.override_kw.is_some())
        .filter_map(|si| match &si.item {
            Item::Stage(st) => Some(st.name.node.clone()),
            _ => None,
        })
        .collect()
}

/// mark one that reads the same, a supplement's document does not print it again.
fn remember_issued(ctx: &mut Ctx<'_>, src: &Source<'_>) {
    let mut issued = Ctx::new(ctx.lang);
    collect_names(src.base.iter(), &mut issued.names);
    for e in &src.base {
        build_item(&mut issued, e.item);
    }
    for (_, _, c) in issued.buckets.values().flatten() {
        ctx.unchanged.insert(wording(c));
    }
    let (arts, _) = assemble(&mut issued);
    fn every(c: &Clause, out: &mut BTreeSet<String>) {
        out.insert(gist(c));
        out.insert(headed_gist(c));
        c.items.iter().for_each(|i| every(i, out));
    }
    for a in &arts {
        a.clauses
            .iter()
            .for_each(|c| every(c, &mut ctx.issued_gists));
        if !a.lead.is_empty() {
            ctx.issued_gists.insert(gist(&Clause::text(a.lead.clone())));
        }
    }
}

/// The consolidated sheet prints no supplement of its own: their items are marked as rendered
/// and the regulation's first part names them in a note under the title.
fn consolidated_note(ctx: &mut Ctx<'_>, src: &Source<'_>, parts: &mut [Part]) {
    for s in &src.supplements {
        ctx.mark(s.span);
        ctx.mark(s.title.span);
        if let Some(by) = &s.by {
            ctx.mark(by.span);
        }
        for si in &s.items {
            ctx.mark(si.span);
            if let Some(kw) = si.override_kw {
                ctx.mark(kw);
            }
        }
    }
    let signed: Vec<String> = src.supplements.iter().map(|s| signed(ctx, s)).collect();
    let titles: Vec<String> = src.supplements.iter().map(|s| ctx.t(&s.title)).collect();
    if !signed.is_empty() {
        let note = ctx.mf(
            M::ConsolidatedNote,
            &[&fmt::join(ctx.lang, &signed), &fmt::join(ctx.lang, &titles)],
        );
        if let Some(first) = parts.first_mut() {
            first.subtitle = Some(note);
        }
    }
}

/// The regulation's title with 竞赛规程 / "Regulations" once.
fn sheet_title(ctx: &Ctx<'_>) -> String {
    match ctx.title.clone() {
        Some(t) => {
            let base = ctx.t(&t);
            let suffix = ctx.m(M::RegulationSuffix);
            if base.ends_with(suffix.trim()) {
                base
            } else {
                format!("{base}{suffix}")
            }
        }
        None => ctx.m(M::RegulationSuffix).trim().to_string(),
    }
}

/// Builds one item into the buckets; used for the effective items and, in a scratch context,
/// for a replaced base item whose old wording a supplement part quotes.
pub fn build_item(ctx: &mut Ctx<'_>, item: &Item) {
    match item {
        Item::Regulation(r) => header::regulation(ctx, r),
        Item::Organisers(o) => header::organisers(ctx, o),
        Item::Contacts(c) => admin::contacts(ctx, c),
        Item::Scoring(s) => method::scoring(ctx, s),
        Item::TimeControl(t) => method::time_control(ctx, t),
        Item::Entry(e) => entry::entry(ctx, e),
        Item::Category(c) => entry::category(ctx, c),
        Item::Stage(s) => stage::stage(ctx, s),
        Item::Playoff(p) => ranking::playoff_chain(ctx, p),
        Item::Places(p) => ranking::places_decl(ctx, p),
        Item::Ranking(r) => derived::ranking(ctx, r),
        Item::Prizes(p) => prizes::prizes(ctx, p),
        Item::BoardPrizes(b) => board_prizes::board_prizes(ctx, b),
        Item::Qualification(q) => prizes::qualification(ctx, q),
        Item::Conduct(c) => conduct::conduct(ctx, c),
        Item::Schedule(s) => admin::schedule(ctx, s),
        Item::Registration(r) => admin::registration(ctx, r),
        Item::Expenses(e) => admin::expenses(ctx, e),
        Item::Note(n) => admin::note(ctx, n),
        Item::Supplement(_) | Item::Roster(_) | Item::Test(_) | Item::Broken(_) => {}
    }
}

fn build_entry(ctx: &mut Ctx<'_>, src: &Source<'_>, entry: &Entry<'_>) {
    ctx.tag = match entry.origin {
        Origin::Base => None,
        Origin::Supplement {
            index,
            item,
            replaces,
        } => src
            .supplements
            .get(index)
            .map(|s| supplements::tag(ctx, s, item, replaces)),
    };
    let span = item_span(entry.item);
    ctx.current_item = Some(span);
    ctx.mark(span);
    ctx.last_mark = None;
    build_item(ctx, entry.item);
}

/// What a clause says, whatever its number and heading (a heading depends on where the clause
/// prints): its text, table and items. Empty for a clause that only heads others.
pub fn gist(c: &Clause) -> String {
    let mut out = c.text.clone();
    if let Some(t) = &c.table {
        out.push_str(&format!("\u{1d}{t:?}"));
    }
    if c.diagram.is_some() {
        out.push_str("\u{1c}diagram");
    }
    for i in &c.items {
        out.push('\u{1e}');
        out.push_str(&gist(i));
    }
    out
}

/// [`gist`] with the clause's heading: one rule of a group (名次区分's `决赛：…`) as it reads.
pub fn headed_gist(c: &Clause) -> String {
    format!("{}\u{1f}{}", c.heading, gist(c))
}

/// A supplement as the consolidated sheet's note names it: its title, issuer and date.
fn signed(ctx: &Ctx<'_>, s: &ast::Supplement) -> String {
    let mut who = Vec::new();
    if let Some(by) = &s.by {
        who.push(ctx.t(by));
    }
    if let Some(d) = &s.date {
        who.push(fmt::date(ctx.lang, d.node));
    }
    let title = ctx.t(&s.title);
    let sep = match ctx.lang {
        Lang::Zh => "，",
        Lang::En => ", ",
    };
    if who.is_empty() {
        title
    } else {
        ctx.mf(M::HeadingFor, &[&title, &who.join(sep)])
    }
}

/// A short label of an item for a supplement's list of changes.
pub fn item_label(ctx: &Ctx<'_>, item: &Item) -> String {
    match item {
        Item::Stage(s) => ctx.stage_title(&s.name.node),
        Item::TimeControl(t) => ctx.mf(M::LabelTime, &[&ctx.time_title(&t.name.node)]),
        Item::Category(c) => ctx.category_title(&c.name.node),
        Item::Ranking(r) => derived::title(ctx, r),
        Item::Playoff(p) => ctx.title_or(p.title.as_ref(), M::ClausePlayoff),
        Item::Prizes(p) => match (&p.title, &p.category) {
            (Some(t), _) => ctx.t(t),
            (None, Some(c)) => ctx.category_title(&c.node),
            (None, None) => ctx.m(M::ArtPrizes).to_string(),
        },
        Item::BoardPrizes(b) => board_prizes::title(ctx, b),
        Item::Qualification(q) => ctx.t(&q.title),
        Item::Note(n) => ctx.t(&n.heading),
        Item::Scoring(_) => ctx.m(M::ClauseScoring).to_string(),
        Item::Places(p) => fmt::places(ctx.lang, p.places),
        Item::Regulation(_) => ctx.m(M::LabelRegulation).to_string(),
        Item::Organisers(_) => ctx.m(M::ArtOrganisers).to_string(),
        Item::Contacts(_) => ctx.m(M::LabelContacts).to_string(),
        Item::Entry(_) => ctx.m(M::ArtEligibility).to_string(),
        Item::Conduct(_) => ctx.m(M::ArtConduct).to_string(),
        Item::Schedule(_) => ctx.m(M::ArtSchedule).to_string(),
        Item::Registration(_) => ctx.m(M::ArtRegistration).to_string(),
        Item::Expenses(_) => ctx.m(M::ArtExpenses).to_string(),
        Item::Supplement(_) | Item::Roster(_) | Item::Test(_) | Item::Broken(_) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::articles::roman;
    use super::*;

    #[test]
    fn numbering_follows_the_chinese_and_english_styles() {
        assert_eq!(number(Lang::Zh, 0, 0), "一、");
        assert_eq!(number(Lang::Zh, 0, 14), "十五、");
        assert_eq!(number(Lang::Zh, 1, 1), "（二）");
        assert_eq!(number(Lang::Zh, 2, 2), "3.");
        assert_eq!(number(Lang::Zh, 3, 0), "（1）");
        assert_eq!(number(Lang::En, 0, 6), "7. ");
        assert_eq!(number(Lang::En, 1, 0), "(1) ");
        assert_eq!(number(Lang::En, 2, 1), "(b) ");
        assert_eq!(number(Lang::En, 3, 3), "(iv) ");
        assert_eq!(roman(1994), "mcmxciv");
    }

    #[test]
    fn one_clause_takes_no_number_and_plain_clauses_are_skipped() {
        let mut one = vec![Clause::text("甲")];
        number_clauses(Lang::Zh, 1, &mut one);
        assert_eq!(one[0].num, "");
        let mut three = vec![Clause::text("甲"), Clause::text("乙"), Clause::text("丙")];
        three[1].plain = true;
        number_clauses(Lang::Zh, 1, &mut three);
        let nums: Vec<&str> = three.iter().map(|c| c.num.as_str()).collect();
        assert_eq!(nums, ["（一）", "", "（二）"]);
    }

    #[test]
    fn same_headings_group_into_items() {
        let cs = vec![
            Clause::headed("碰乱棋子", "一"),
            Clause::headed("迟到", "二"),
            Clause::headed("碰乱棋子", "三"),
        ];
        let g = group_by_heading(cs);
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].heading, "碰乱棋子");
        let items: Vec<&str> = g[0].items.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(items, ["一", "三"]);
        assert_eq!(g[1].text, "二");
    }
}
