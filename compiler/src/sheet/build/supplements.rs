//! Each supplement prints as its own part after the regulation (补充规定 / 补充细则, dated),
//! one article per item it carries, saying what it changes: an added clause names the article
//! it now stands in; an override quotes the wording it replaces. The clauses themselves print
//! in their articles of the regulation (tagged with the supplement), so the body always reads
//! as the rules in force.

use super::{build_item, collect_names, item_label, item_span, Art, Ctx};
use crate::sheet::catalogue::M;
use crate::sheet::fmt;
use crate::sheet::model::{Article, Clause, Part};
use crate::sheet::source::Source;
use std::collections::BTreeMap;

pub fn parts(ctx: &mut Ctx<'_>, src: &Source<'_>, numbers: &BTreeMap<Art, String>) -> Vec<Part> {
    let lang = ctx.lang;
    let mut out = Vec::new();
    for (index, sup) in src.supplements.iter().enumerate() {
        ctx.mark(sup.span);
        let title = ctx.tm(&sup.title);
        let subtitle = sup.date.as_ref().map(|d| {
            ctx.mark(d.span);
            fmt::date(lang, d.node)
        });
        let mut articles = Vec::new();
        for (i, si) in sup.items.iter().enumerate() {
            ctx.mark(si.span);
            if let Some(kw) = si.override_kw {
                ctx.mark(kw);
            }
            let label = item_label(ctx, &si.item);
            let span = item_span(&si.item);
            let arts: Vec<String> = ctx
                .item_arts
                .get(&span)
                .map(|set| {
                    set.iter()
                        .filter_map(|a| {
                            numbers.get(a).map(|n| {
                                let heading = article_heading(ctx, *a);
                                ctx.mf(
                                    M::ArticleRef,
                                    &[n.trim().trim_end_matches(['、', '.']), &heading],
                                )
                            })
                        })
                        .collect()
                })
                .unwrap_or_default();
            // A block merged into the base block of its kind prints in that block's article.
            let arts = if arts.is_empty() {
                home_art(&si.item)
                    .and_then(|a| {
                        numbers.get(&a).map(|n| {
                            let heading = article_heading(ctx, a);
                            ctx.mf(
                                M::ArticleRef,
                                &[n.trim().trim_end_matches(['、', '.']), &heading],
                            )
                        })
                    })
                    .into_iter()
                    .collect()
            } else {
                arts
            };
            let where_ = fmt::join(lang, &arts);
            let replaced = src
                .replaced
                .iter()
                .find(|r| r.supplement == index && std::ptr::eq(r.new, &si.item));
            let lead = match replaced {
                Some(r) => {
                    let old = wording(src, r.old, lang);
                    let new = wording(src, r.new, lang);
                    let removed: Vec<&String> = old.iter().filter(|x| !new.contains(x)).collect();
                    let added: Vec<&String> = new.iter().filter(|x| !old.contains(x)).collect();
                    let mut changes = Vec::new();
                    // Pair removed and added sentences in order: 原“…”改为“…”; the rest are
                    // plain removals or additions.
                    let pairs = removed.len().min(added.len());
                    for k in 0..pairs {
                        if let (Some(a), Some(b)) = (removed.get(k), added.get(k)) {
                            changes.push(ctx.mf(M::DiffReplaced, &[a, b]));
                        }
                    }
                    for a in removed.iter().skip(pairs) {
                        changes.push(ctx.mf(M::DiffRemoved, &[a]));
                    }
                    for b in added.iter().skip(pairs) {
                        changes.push(ctx.mf(M::DiffAdded, &[b]));
                    }
                    if changes.is_empty() {
                        ctx.mf(M::SupplementRestates, &[&label, &where_])
                    } else {
                        let list = fmt::join_clauses(lang, &changes);
                        ctx.mf(M::SupplementChanged, &[&label, &list, &where_])
                    }
                }
                None => ctx.mf(M::SupplementAdds, &[&label, &where_]),
            };
            articles.push(Article {
                num: super::number(lang, 0, i),
                heading: label,
                lead: ctx.sentence(&lead),
                clauses: Vec::<Clause>::new(),
                page_break: false,
            });
        }
        out.push(Part {
            title: Some(title),
            subtitle,
            articles,
            signature: Vec::new(),
        });
    }
    out
}

/// The article an item's clauses print in, for blocks without a name.
fn home_art(item: &xqreg_grammar::ast::Item) -> Option<Art> {
    use xqreg_grammar::ast::Item;
    Some(match item {
        Item::Conduct(_) => Art::Conduct,
        Item::Entry(_) => Art::Eligibility,
        Item::Registration(_) | Item::Contacts(_) => Art::Registration,
        Item::Expenses(_) => Art::Expenses,
        Item::Schedule(_) => Art::Schedule,
        Item::Organisers(_) => Art::Organisers(0),
        Item::Regulation(_) => Art::DatesVenue,
        _ => return None,
    })
}

fn article_heading(ctx: &Ctx<'_>, a: Art) -> String {
    match a {
        Art::Organisers(i) => ctx.role_headings.get(i).cloned().unwrap_or_default(),
        other => ctx.m(super::art_heading(other)).to_string(),
    }
}

/// The sentences an item prints, built in a scratch context: what a supplement's change is
/// compared by.
fn wording(
    src: &Source<'_>,
    item: &xqreg_grammar::ast::Item,
    lang: crate::sheet::Lang,
) -> Vec<String> {
    let mut scratch = Ctx::new(lang);
    collect_names(src, &mut scratch.names);
    build_item(&mut scratch, item);
    let mut texts = Vec::new();
    for (_, _, c) in scratch.take_buckets().into_values().flatten() {
        flatten(&c, &mut texts);
    }
    let mut sentences = Vec::new();
    for t in texts {
        let t = t.replace(". ", ".\n").replace("; ", ";\n");
        for s in t.split_inclusive(['。', '；', '\n']) {
            let s = s.trim().trim_end_matches(['。', '；', '.', ';']).trim();
            if !s.is_empty() && !sentences.iter().any(|x: &String| x == s) {
                sentences.push(s.to_string());
            }
        }
    }
    sentences
}

fn flatten(c: &Clause, out: &mut Vec<String>) {
    if !c.text.is_empty() {
        out.push(c.text.clone());
    }
    for i in &c.items {
        flatten(i, out);
    }
}
