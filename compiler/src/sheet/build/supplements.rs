//! Each supplement as its own document after the regulation as issued: its title (the event's
//! name and the supplement's, as 第四届“周庄杯”海峡两岸象棋大师赛补充细则), its items as whole
//! rules in the author's order (one article per item, written as the regulation writes the same
//! block; a clause an override restates exactly as the regulation as issued says it is left
//! out), and its issuer and date as the signature. The consolidated sheet prints no such part:
//! its clauses carry the supplement's marks instead ([`tag`]).

use super::{articles, build_item, collect_names, item_label, Ctx};
use crate::sheet::catalogue::M;
use crate::sheet::fmt;
use crate::sheet::model::{Article, Clause, Part};
use crate::sheet::source::Source;
use crate::sheet::Lang;
use xqreg_grammar::ast::{Supplement, Text};

/// The title a supplement prints under: the event's name before the supplement's own title,
/// unless that title already names the event.
pub fn title(ctx: &Ctx<'_>, sup: &Supplement) -> String {
    let own = ctx.t(&sup.title);
    let Some(event) = ctx.title.as_ref().map(|t| event_name(ctx, t)) else {
        return own;
    };
    if event.is_empty() || own.contains(&event) {
        return own;
    }
    ctx.mf(M::SupplementTitle, &[&event, &own])
}

/// The event's name: the regulation title without its 竞赛规程 suffix.
fn event_name(ctx: &Ctx<'_>, t: &Text) -> String {
    let name = ctx.t(t);
    let suffix = ctx.m(M::RegulationSuffix).trim();
    name.strip_suffix(suffix)
        .unwrap_or(&name)
        .trim()
        .to_string()
}

/// The mark of a clause that item `item` (0-based) of supplement `sup` changed (`replaces`) or
/// added, for the consolidated sheet.
pub fn tag(ctx: &Ctx<'_>, sup: &Supplement, item: usize, replaces: bool) -> String {
    let n = match ctx.lang {
        Lang::Zh => fmt::zh_numeral(item as u64 + 1),
        Lang::En => (item + 1).to_string(),
    };
    let key = if replaces { M::AmendedBy } else { M::AddedBy };
    ctx.mf(key, &[&ctx.t(&sup.title), &n])
}

/// The supplements' own documents (the sheet of the regulation as issued).
pub fn parts(ctx: &mut Ctx<'_>, src: &Source<'_>) -> Vec<Part> {
    let lang = ctx.lang;
    let mut out = Vec::new();
    for sup in &src.supplements {
        ctx.mark(sup.span);
        ctx.mark(sup.title.span);
        let title = title(ctx, sup);
        let mut articles = Vec::new();
        for (i, si) in sup.items.iter().enumerate() {
            ctx.mark(si.span);
            if let Some(kw) = si.override_kw {
                ctx.mark(kw);
            }
            let mut article = whole_rules(ctx, src, &si.item);
            article.num = super::number(lang, 0, i);
            articles.push(article);
        }
        let mut signature = Vec::new();
        if let Some(by) = &sup.by {
            signature.push(ctx.tm(by));
        }
        if let Some(d) = &sup.date {
            ctx.mark(d.span);
            signature.push(fmt::date(lang, d.node));
        }
        out.push(Part {
            title: Some(title),
            subtitle: None,
            articles,
            signature,
        });
    }
    out
}

/// One supplement item as an article: the rules it states, written as the regulation writes
/// that block (in a scratch context, whose marks and untranslated texts join the sheet's).
fn whole_rules(ctx: &mut Ctx<'_>, src: &Source<'_>, item: &xqreg_grammar::ast::Item) -> Article {
    let lang = ctx.lang;
    let mut scratch = Ctx::new(lang);
    collect_names(src.iter(), &mut scratch.names);
    scratch.title = ctx.title.clone();
    scratch.role_headings = ctx.role_headings.clone();
    let span = super::item_span(item);
    scratch.mark(span);
    build_item(&mut scratch, item);
    let heading = item_label(&scratch, item);
    let (arts, _) = articles::assemble(&mut scratch);
    let refs = match item {
        xqreg_grammar::ast::Item::Stage(stage) => references(ctx, &scratch, src, stage),
        _ => Vec::new(),
    };
    ctx.rendered.extend(std::mem::take(&mut scratch.rendered));
    ctx.untranslated
        .borrow_mut()
        .extend(scratch.untranslated.take());
    let (lead, mut clauses) = match <[Article; 1]>::try_from(arts) {
        Ok([only]) => (only.lead, only.clauses),
        Err(arts) => (
            String::new(),
            arts.into_iter()
                .map(|a| Clause {
                    heading: a.heading,
                    text: a.lead,
                    items: a.clauses,
                    ..Clause::default()
                })
                .collect(),
        ),
    };
    clauses.extend(refs);
    // An override restates its block whole; what reads exactly as the regulation as issued
    // already says it (a restated tie-break chain) is not printed again.
    clauses.retain(|c| {
        let g = super::gist(c);
        g.is_empty() || !ctx.issued_gists.contains(&g)
    });
    // A group of separate rules (名次区分: one chain per stage, the places each decides) keeps
    // the rules it changes: a restated chain of a stage is one of them, not printed again. A
    // rule with text of its own (a stage's method and its draw rules) stays whole.
    clauses.retain_mut(|c| {
        if !c.text.is_empty() || c.items.is_empty() {
            return true;
        }
        c.items
            .retain(|i| !ctx.issued_gists.contains(&super::headed_gist(i)));
        !c.items.is_empty()
    });
    // The article's heading names the item: a clause headed the same does not say it again.
    for c in &mut clauses {
        if c.heading == heading {
            c.heading.clear();
        }
    }
    // An article of one sentence prints it on the heading line, as the regulation's do.
    let mut lead = lead;
    if lead.is_empty() {
        if let [only] = clauses.as_slice() {
            if only.items.is_empty() && only.table.is_none() && only.diagram.is_none() {
                lead = clauses.pop().map(|c| c.text).unwrap_or_default();
            }
        }
    }
    renumber(lang, &mut clauses);
    Article {
        num: String::new(),
        heading,
        lead,
        clauses,
        page_break: false,
    }
}

/// A stage's time control, scoring and named playoff print with those blocks, which list the
/// stages using them. A stage a supplement restates uses what the regulation's stage of that
/// name used (already said there); one it changes says so here.
fn references(
    ctx: &mut Ctx<'_>,
    scratch: &Ctx<'_>,
    src: &Source<'_>,
    stage: &xqreg_grammar::ast::Stage,
) -> Vec<Clause> {
    use xqreg_grammar::ast::{Item, PlayoffRef, StageClause};
    let base = src.base.iter().find_map(|e| match e.item {
        Item::Stage(b) if b.name.node == stage.name.node => Some(b),
        _ => None,
    });
    let same = |c: &StageClause| {
        base.is_some_and(|b| {
            b.clauses.iter().any(|x| match (x, c) {
                (StageClause::Time(a), StageClause::Time(b))
                | (StageClause::Scoring(a), StageClause::Scoring(b)) => a.node == b.node,
                (
                    StageClause::Playoff(PlayoffRef::Named(a)),
                    StageClause::Playoff(PlayoffRef::Named(b)),
                ) => a.node == b.node,
                _ => false,
            })
        })
    };
    let mut out = Vec::new();
    for c in &stage.clauses {
        let (span, heading, value) = match c {
            StageClause::Time(i) if i.node != "tbd" => {
                (i.span, M::ClauseTime, scratch.time_title(&i.node))
            }
            StageClause::Scoring(i) => (i.span, M::ClauseScoring, i.node.clone()),
            StageClause::Playoff(PlayoffRef::Named(i)) => {
                let title = scratch
                    .names
                    .playoffs
                    .get(i.node.as_str())
                    .and_then(|p| p.title.as_ref())
                    .map_or_else(|| i.node.clone(), |t| scratch.t(t));
                (i.span, M::ClausePlayoff, title)
            }
            _ => continue,
        };
        ctx.mark(span);
        if !same(c) {
            out.push(Clause::headed(ctx.m(heading), ctx.sentence(&value)));
        }
    }
    out
}

fn renumber(lang: Lang, clauses: &mut [Clause]) {
    fn clear(cs: &mut [Clause]) {
        for c in cs {
            c.num.clear();
            clear(&mut c.items);
        }
    }
    clear(clauses);
    articles::number_clauses(lang, 1, clauses);
}
