//! The regulation header (title, dates, venue, event, rulebook, interpretation, officials, the
//! issuing body) and the organisers.

use super::context::WordTable;
use super::{order, Art, Ctx};
use crate::sheet::catalogue::M;
use crate::sheet::fmt;
use crate::sheet::model::Clause;
use xqreg_grammar::ast::{HeaderClause, Ident, Organisers, Regulation, Text};

pub fn regulation(ctx: &mut Ctx<'_>, r: &Regulation) {
    ctx.mark(r.title.span);
    ctx.title = Some(r.title.clone());
    let title = ctx.t(&r.title);
    let mut dates = None;
    let mut venue = None;
    let mut officials = Vec::new();
    for c in &r.clauses {
        match c {
            HeaderClause::Edition(n) => {
                // The edition is part of every real title (第四届…); print it only when the title
                // does not already say it.
                let zh = format!("第{}届", fmt::zh_numeral(u64::from(n.node)));
                let said = title.contains(&zh)
                    || title.contains(&format!("第{}届", n.node))
                    || title.contains(&fmt::ordinal(u64::from(n.node)));
                ctx.mark(n.span);
                if !said {
                    let line = ctx.mf(M::Edition, &[&zh, &fmt::ordinal(u64::from(n.node))]);
                    ctx.push(Art::Event, 0, Clause::text(ctx.sentence(&line)));
                }
            }
            HeaderClause::Issued { date, by, span } => {
                ctx.mark(*span);
                if let Some(by) = by {
                    let by = ctx.tm(by);
                    ctx.signature.push(by);
                }
                ctx.signature.push(fmt::date(ctx.lang, date.node));
            }
            HeaderClause::Dates { from, to, span } => {
                ctx.mark(*span);
                dates = Some(fmt::date_range(ctx.lang, from.node, to.node));
            }
            HeaderClause::Venue(t) => {
                venue = Some(ctx.tm(t));
            }
            HeaderClause::Rulebook { kind, text, span } => {
                ctx.mark(*span);
                let book = titled(ctx, text, super::words::rulebook, kind);
                // `The {0} apply`: a title that brings its own article (`en "The CXA Rules"`)
                // is not given a second one.
                let book = match ctx.lang {
                    crate::sheet::Lang::En => book
                        .strip_prefix("The ")
                        .or_else(|| book.strip_prefix("the "))
                        .map_or(book.clone(), str::to_string),
                    crate::sheet::Lang::Zh => book,
                };
                let line = ctx.mf(M::Rulebook, &[&book]);
                ctx.push(
                    Art::Method,
                    order::RULEBOOK,
                    Clause::text(ctx.sentence(&line)),
                );
            }
            HeaderClause::Event { kind, text, span } => {
                ctx.mark(*span);
                let ev = titled(ctx, text, super::words::event, kind);
                ctx.push(Art::Event, 1, Clause::text(ev));
            }
            HeaderClause::PrizeFund(m) => {
                ctx.mark(m.span);
                let amount = crate::sheet::fmt::money(
                    ctx.lang,
                    m.amount.node,
                    m.currency.as_ref().map(|c| c.node.as_str()),
                );
                let line = ctx.mf(M::PrizeFund, &[&amount]);
                ctx.push(Art::Prizes, 0, Clause::text(line));
            }
            HeaderClause::OneCashPrize { span } => {
                ctx.mark(*span);
                let line = ctx.m(M::OneCashPrize);
                ctx.push(Art::Prizes, 1, Clause::text(line));
            }
            HeaderClause::Interpretation(t) => {
                let who = ctx.tm(t);
                let line = ctx.mf(M::Interpretation, &[&who]);
                ctx.push(Art::Interpretation, 0, Clause::text(line));
            }
            HeaderClause::Official { role, text, span } => {
                ctx.mark(*span);
                let role = ctx.in_words(super::words::official, &role.node);
                let text = ctx.tm(text);
                // `chief_arbiter "裁判长、裁判员由主办单位选派"` already names the role.
                let role = if text.starts_with(&role) {
                    String::new()
                } else {
                    role
                };
                officials.push(Clause::headed(role, ctx.sentence(&text)));
            }
        }
    }
    // An event held in several places (a league's 赛区) names them where the header names no
    // venue: 2026年3月20日至5月24日在广州赛区和深圳赛区举行.
    if venue.is_none() && !ctx.names.day_venues.is_empty() {
        let venues: Vec<&Text> = ctx.names.day_venues.clone();
        let names: Vec<String> = venues.iter().map(|v| ctx.tm(v)).collect();
        venue = Some(fmt::join_and(ctx.lang, &names));
    }
    match (dates, venue) {
        (Some(d), Some(v)) => {
            let line = ctx.mf(M::DatesAtVenue, &[&d, &v]);
            ctx.push(Art::DatesVenue, 0, Clause::text(line));
        }
        (Some(d), None) => {
            let line = ctx.mf(M::DatesOnly, &[&d]);
            ctx.push(Art::DatesVenue, 0, Clause::text(line));
        }
        (None, Some(v)) => {
            let line = ctx.mf(M::VenueOnly, &[&v]);
            ctx.push(Art::DatesVenue, 0, Clause::text(line));
        }
        (None, None) => {}
    }
    for c in officials {
        ctx.push(Art::Officials, 0, c);
    }
}

/// The clause's own text when it has one, else its kind in the sheet's words.
fn titled(ctx: &mut Ctx<'_>, text: &Option<Text>, table: WordTable, kind: &Ident) -> String {
    match text {
        Some(t) => ctx.tm(t),
        None => ctx.in_words(table, &kind.node),
    }
}

/// Each role prints as its own article (一、主办单位：… 二、承办单位：…), as most 竞赛规程 do.
pub fn organisers(ctx: &mut Ctx<'_>, o: &Organisers) {
    for role in &o.roles {
        ctx.mark(role.span);
        let heading = ctx.in_words(super::words::organiser_role, &role.role.node);
        let names: Vec<String> = role.names.iter().map(|n| ctx.tm(n)).collect();
        let idx = ctx.role_headings.len();
        ctx.role_headings.push(heading);
        ctx.push(
            Art::Organisers(idx),
            0,
            Clause::text(fmt::join(ctx.lang, &names)),
        );
    }
}
