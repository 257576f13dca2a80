//! The schedule, registration and arrival, expenses, contacts and print-only notes.
//!
//! Registration and expense clauses are a keyword and typed arguments; each known keyword has a
//! phrase in the catalogue with slots (`{who}` a pool or text, `{amount}`, `{date}`, `{time}`,
//! `{text}`), and an unknown keyword prints as its words and values, never dropped.

use super::entry::{cell, money_text};
use super::words;
use super::{Art, Ctx};
use crate::sheet::catalogue::M;
use crate::sheet::fmt;
use crate::sheet::model::{Cell, Clause, Row, Table};
use crate::sheet::Lang;
use std::collections::BTreeSet;
use xqreg_grammar::ast::{
    AdminArg, AdminClause, Contacts, Day, Expenses, Note, Registration, RoundRef, Schedule, Slot,
    SlotKind,
};

pub fn contacts(ctx: &mut Ctx<'_>, c: &Contacts) {
    for contact in &c.contacts {
        ctx.mark(contact.span);
        let name = ctx.tm(&contact.name);
        let purpose = match &contact.purpose {
            Some(p) => {
                ctx.mark(p.span);
                words::contact_purpose(ctx.lang, &p.node).unwrap_or("")
            }
            None => "",
        };
        let mut parts = vec![ctx.mf(M::ContactPerson, &[purpose, &name])];
        // Two phones print as one field: 电话：0512-57200664、18952454100.
        let mut fields: Vec<(String, Vec<String>)> = Vec::new();
        for (field, value) in &contact.fields {
            ctx.mark(field.span);
            let f = words::contact_field(ctx.lang, &field.node)
                .unwrap_or(&field.node)
                .to_string();
            let v = ctx.tm(value);
            match fields.iter_mut().find(|(k, _)| *k == f) {
                Some((_, vs)) => vs.push(v),
                None => fields.push((f, vec![v])),
            }
        }
        for (f, vs) in fields {
            parts.push(ctx.mf(M::LabelValue, &[&f, &fmt::join(ctx.lang, &vs)]));
        }
        let text = parts.join(if ctx.lang == Lang::Zh { "，" } else { ", " });
        let art = match contact.purpose.as_ref().map(|p| p.node.as_str()) {
            Some("travel") | Some("expenses") => Art::Expenses,
            _ => Art::Registration,
        };
        ctx.push(art, 50, Clause::text(ctx.sentence(&text)));
    }
}

/// The round of a slot where three or more parallel stages (a city open's groups), every stage
/// of the regulation, play the same round: said once (各组第一轮) rather than seven times.
fn every_stage_round(ctx: &mut Ctx<'_>, refs: &[RoundRef]) -> Option<String> {
    let first = refs.first()?;
    let stages: BTreeSet<&str> = refs.iter().map(|r| r.stage.node.as_str()).collect();
    let every = refs.len() >= 3
        && stages.len() == refs.len()
        && stages.len() == ctx.names.stages.len()
        && refs
            .iter()
            .all(|r| (r.rounds.start, r.rounds.end) == (first.rounds.start, first.rounds.end));
    if !every {
        return None;
    }
    for r in refs {
        ctx.mark(r.span);
        ctx.mark(r.stage.span);
        ctx.mark(r.rounds.span);
    }
    Some(fmt::rounds(ctx.lang, first.rounds))
}

pub fn schedule(ctx: &mut Ctx<'_>, s: &Schedule) {
    let mut rows = Vec::new();
    // An event played in several places (赛区) names each day's venue: a column of its own.
    let venues = s.days.iter().any(|d| d.venue.is_some());
    for day in &s.days {
        day_rows(ctx, day, venues, &mut rows);
    }
    if !rows.is_empty() {
        let table = Table {
            caption: ctx.m(M::ArtSchedule).to_string(),
            head: [M::ColDate]
                .into_iter()
                .chain(venues.then_some(M::ColVenue))
                .chain([M::ColTime, M::ColWhat])
                .map(|m| ctx.m(m).to_string())
                .collect(),
            rows,
            foot: None,
            numeric: Vec::new(),
        };
        ctx.push(
            Art::Schedule,
            0,
            Clause {
                table: Some(table),
                plain: true,
                ..Clause::default()
            },
        );
    }
    if let Some(t) = &s.tbd {
        let t = ctx.tm(t);
        ctx.push(Art::Schedule, 1, Clause::text(ctx.sentence(&t)));
    }
}

/// One day's rows of the schedule: a row per slot, the date (and venue) cell spanning them; a
/// day of no slots one empty row.
fn day_rows(ctx: &mut Ctx<'_>, day: &Day, venues: bool, rows: &mut Vec<Row>) {
    let lang = ctx.lang;
    ctx.mark(day.span);
    ctx.mark(day.date.span);
    let venue = day.venue.as_ref().map(|t| ctx.tm(t)).unwrap_or_default();
    let n = day.slots.len().max(1);
    for (i, slot) in day.slots.iter().enumerate() {
        ctx.mark(slot.span);
        let time = slot_time(ctx, slot);
        let what = slot_what(ctx, slot);
        let date_cell = Cell {
            text: if i == 0 {
                fmt::day_heading(lang, day.date.node)
            } else {
                String::new()
            },
            rowspan: if i == 0 { n } else { 0 },
            numeric: false,
        };
        let mut cells = vec![date_cell];
        if venues {
            cells.push(Cell {
                text: if i == 0 { venue.clone() } else { String::new() },
                rowspan: if i == 0 { n } else { 0 },
                numeric: false,
            });
        }
        cells.extend([cell(time), cell(what)]);
        rows.push(Row { cells });
    }
    if day.slots.is_empty() {
        let mut cells = vec![cell(fmt::day_heading(lang, day.date.node))];
        if venues {
            cells.push(cell(venue));
        }
        cells.extend([cell(String::new()), cell(String::new())]);
        rows.push(Row { cells });
    }
}

/// A slot's time: from–to, from, before, or all day.
fn slot_time(ctx: &mut Ctx<'_>, slot: &Slot) -> String {
    match (&slot.start, &slot.end) {
        (Some(a), Some(b)) => {
            ctx.mark(a.span);
            ctx.mark(b.span);
            format!("{}—{}", fmt::clock(a.node), fmt::clock(b.node))
        }
        (Some(a), None) => {
            ctx.mark(a.span);
            fmt::clock(a.node)
        }
        (None, Some(b)) => {
            ctx.mark(b.span);
            ctx.mf(M::Before, &[&fmt::clock(b.node)])
        }
        (None, None) => ctx.m(M::AllDay).to_string(),
    }
}

/// What a slot holds: the rounds played (with the slot's reason), or an event of the days.
fn slot_what(ctx: &mut Ctx<'_>, slot: &Slot) -> String {
    let lang = ctx.lang;
    match &slot.kind {
        SlotKind::Rounds(refs) => {
            let rs: Vec<String> = match every_stage_round(ctx, refs) {
                Some(rd) => vec![ctx.mf(M::EveryStageRound, &[&rd])],
                None => refs.iter().map(|r| round_ref(ctx, r)).collect(),
            };
            // `U8 Boys, Swiss, round 1; U8 Girls, Swiss, round 1`: kept apart where titles
            // have commas.
            let base = fmt::join_titles(lang, &rs);
            match &slot.text {
                Some(t) => {
                    let t = ctx.tm(t);
                    ctx.mf(M::WithReason, &[&base, &t])
                }
                None => base,
            }
        }
        SlotKind::Event(kind) => {
            ctx.mark(kind.span);
            match &slot.text {
                Some(t) => ctx.tm(t),
                None => words::slot_event(lang, &kind.node)
                    .unwrap_or(&kind.node)
                    .to_string(),
            }
        }
    }
}

/// One stage's rounds in a slot.
fn round_ref(ctx: &mut Ctx<'_>, r: &RoundRef) -> String {
    let lang = ctx.lang;
    ctx.mark(r.span);
    ctx.mark(r.stage.span);
    ctx.mark(r.rounds.span);
    let st = ctx.stage_title(&r.stage.node);
    // A knockout's rounds by their names from the end (淘汰赛四分之一决赛), as the prize lines
    // name them, when the bracket is fixed.
    let named: Option<Vec<String>> = (r.rounds.start..=r.rounds.end)
        .map(|n| super::ko_rounds::stage_round_name(ctx, &r.stage.node, n))
        .collect();
    match named {
        Some(_) if super::ko_rounds::single_round(ctx, &r.stage.node) => st,
        Some(names) if !names.is_empty() => ctx.mf(M::StageRound, &[&st, &fmt::join(lang, &names)]),
        _ => ctx.mf(M::StageRound, &[&st, &fmt::rounds(lang, r.rounds)]),
    }
}

/// The typed values of an administrative clause.
#[derive(Default)]
struct Slots {
    who: Vec<String>,
    amount: Option<String>,
    amount_mode: Option<String>,
    date: Option<String>,
    time: Option<String>,
    text: Vec<String>,
    numbers: Vec<String>,
    places: Option<String>,
    words: Vec<String>,
}

fn slots(ctx: &mut Ctx<'_>, c: &AdminClause) -> Slots {
    let lang = ctx.lang;
    let mut s = Slots::default();
    let mut i = 0;
    while let Some(a) = c.args.get(i) {
        i += 1;
        match a {
            AdminArg::Date(d) => {
                ctx.mark(d.span);
                s.date = Some(fmt::date(lang, d.node));
            }
            AdminArg::Time(t) => {
                ctx.mark(t.span);
                s.time = Some(fmt::clock(t.node));
            }
            AdminArg::Money(m) => s.amount = Some(money_text(ctx, m, None)),
            AdminArg::Int(n) => {
                ctx.mark(n.span);
                s.numbers.push(n.node.to_string());
            }
            AdminArg::Text(t) => {
                let t = ctx.tm(t);
                s.text.push(t);
            }
            AdminArg::Places(p) => {
                ctx.mark(p.span);
                s.places = Some(fmt::places(lang, *p));
            }
            AdminArg::Word(w) => {
                ctx.mark(w.span);
                match w.node.as_str() {
                    // `pool NAME`, `category NAME`, `stage NAME`: the next word names it.
                    "pool" | "category" | "stage" => {
                        if let Some(AdminArg::Word(n)) = c.args.get(i) {
                            ctx.mark(n.span);
                            i += 1;
                            let t = match w.node.as_str() {
                                "pool" => {
                                    let t = ctx.pool_title(&n.node);
                                    ctx.mf(M::PoolPlayers, &[&t])
                                }
                                "category" => ctx.category_title(&n.node),
                                _ => ctx.stage_title(&n.node),
                            };
                            s.who.push(t);
                        }
                    }
                    "up_to" | "each" | "per_person" | "per_team" => {
                        s.amount_mode = Some(w.node.clone());
                    }
                    other => s.words.push(
                        words::admin_word(lang, other)
                            .map(str::to_string)
                            .unwrap_or_else(|| other.replace('_', " ")),
                    ),
                }
            }
        }
    }
    s
}

fn admin_text(ctx: &mut Ctx<'_>, block: &str, c: &AdminClause) -> (String, Option<Art>) {
    let lang = ctx.lang;
    ctx.mark(c.span);
    ctx.mark(c.kind.span);
    let mut s = slots(ctx, c);
    let amount = s.amount.clone().map(|a| match s.amount_mode.as_deref() {
        Some("up_to") => ctx.mf(M::UpTo, &[&a]),
        Some("each") | Some("per_person") => ctx.mf(M::EachPerson, &[&a]),
        Some("per_team") => ctx.mf(M::EachTeam, &[&a]),
        _ => a,
    });
    let when = match (&s.date, &s.time) {
        (Some(d), Some(t)) if lang == Lang::Zh => format!("{d}{t}"),
        // "on 28 September 2016 at 17:00", as the entry's deadline reads (registration.rs).
        (Some(d), Some(t)) => format!("{d} at {t}"),
        (Some(d), None) => d.clone(),
        (None, Some(t)) => t.clone(),
        (None, None) => String::new(),
    };
    let mut texts = s.text.clone();
    // `travel_subsidy "海外棋手" 6000 CNY each`: a text where a pool could stand names who.
    if s.who.is_empty() && block == "expenses" && s.amount.is_some() && !texts.is_empty() {
        let who = texts.remove(0);
        s.who.push(who);
    }
    let text = texts.join(if lang == Lang::Zh { "，" } else { ", " });
    let who = fmt::join(lang, &s.who);
    // `board_lodging "参赛棋手比赛期间的食宿"`: the text already names the meals.
    let with_text =
        if c.kind.node == "board_lodging" && (text.contains("食宿") || text.contains("lodging")) {
            "board_lodging+full".to_string()
        } else {
            format!("{}+text", c.kind.node)
        };
    // `board_lodging "棋手食宿由承办单位负责"`: the text is the regulation's own sentence (it
    // says who pays), and prints alone after its heading, with no phrase glued before it.
    let known = if text.is_empty() {
        None
    } else if c.kind.node == "board_lodging" && own_sentence(c) {
        Some(("{text}", None))
    } else {
        words::admin_kind(lang, block, &with_text)
    }
    .or_else(|| words::admin_kind(lang, block, &c.kind.node));
    let out = match known {
        Some((tpl, art)) => {
            let filled = tpl
                .replace("{who}", &who)
                .replace("{amount}", amount.as_deref().unwrap_or(""))
                .replace("{when}", &when)
                .replace("{n}", &s.numbers.join("、"))
                .replace("{places}", s.places.as_deref().unwrap_or(""))
                .replace("{words}", &fmt::join(lang, &s.words));
            // `{text}` in the phrase takes the text; otherwise any text follows in brackets.
            let filled = if filled.contains("{text}") {
                filled.replace("{text}", &text)
            } else if text.is_empty() || filled.contains(&text) {
                filled
            } else if filled.is_empty() {
                text.clone()
            } else {
                ctx.mf(M::WithReason, &[&filled, &text])
            };
            (clean(&filled), art)
        }
        None => {
            let mut parts = vec![c.kind.node.replace('_', " ")];
            parts.extend(s.who.iter().cloned());
            parts.extend(s.words.iter().cloned());
            parts.extend(amount);
            if !when.is_empty() {
                parts.push(when);
            }
            parts.extend(s.numbers.iter().cloned());
            parts.extend(s.places.iter().cloned());
            if !text.is_empty() {
                parts.push(text);
            }
            (parts.join(if lang == Lang::Zh { "，" } else { ", " }), None)
        }
    };
    (ctx.sentence(&out.0), out.1)
}

/// Whether a clause's text (its Chinese, whatever the sheet's language) is a whole sentence
/// that says who pays or provides (`棋手食宿由承办单位负责`, `食宿自理`), not a noun phrase the
/// catalogue's phrase completes (`参赛棋手比赛期间的食宿`).
fn own_sentence(c: &AdminClause) -> bool {
    const VERBS: [&str; 8] = [
        "负责", "负担", "承担", "自理", "提供", "安排", "报销", "解决",
    ];
    c.args.iter().any(|a| match a {
        AdminArg::Text(t) => {
            let zh = t.zh.node.trim_end_matches(['。', '；', '.']);
            zh.contains('由') || VERBS.iter().any(|v| zh.ends_with(v))
        }
        _ => false,
    })
}

/// Empty brackets and doubled separators left by empty slots.
fn clean(s: &str) -> String {
    s.replace("（）", "")
        .replace("()", "")
        .replace("，，", "，")
        .replace("  ", " ")
        .trim()
        .to_string()
}

pub fn registration(ctx: &mut Ctx<'_>, r: &Registration) {
    for c in &r.clauses {
        let (text, art) = admin_text(ctx, "registration", c);
        ctx.push(art.unwrap_or(Art::Registration), 20, Clause::text(text));
    }
}

pub fn expenses(ctx: &mut Ctx<'_>, e: &Expenses) {
    let mut clauses = Vec::new();
    for c in &e.clauses {
        let (text, art) = admin_text(ctx, "expenses", c);
        let heading = words::expense_heading(ctx.lang, &c.kind.node)
            .unwrap_or("")
            .to_string();
        clauses.push((art.unwrap_or(Art::Expenses), Clause::headed(heading, text)));
    }
    let (here, elsewhere): (Vec<_>, Vec<_>) =
        clauses.into_iter().partition(|(a, _)| *a == Art::Expenses);
    for c in super::group_by_heading(here.into_iter().map(|(_, c)| c).collect()) {
        ctx.push(Art::Expenses, 10, c);
    }
    for (a, c) in elsewhere {
        ctx.push(a, 10, c);
    }
}

pub fn note(ctx: &mut Ctx<'_>, n: &Note) {
    let mut heading = ctx.tm(&n.heading);
    let body = ctx.tm(&n.body);
    // `note "未尽事宜" "未尽事宜另行通知。"`: the body already says its heading.
    if body.starts_with(&heading) {
        heading.clear();
    }
    let art = match n.article.as_ref() {
        Some(a) => {
            ctx.mark(a.span);
            article_by_name(&a.node)
        }
        None => Art::Other,
    };
    let order = if art == Art::Method {
        super::order::NOTE
    } else {
        60
    };
    ctx.push(art, order, Clause::headed(heading, ctx.sentence(&body)));
}

pub fn article_by_name(name: &str) -> Art {
    match name {
        "organisers" => Art::Organisers(0),
        "dates" | "venue" => Art::DatesVenue,
        "event" => Art::Event,
        "eligibility" | "entry" => Art::Eligibility,
        "categories" | "sections" => Art::Categories,
        "method" => Art::Method,
        "conduct" => Art::Conduct,
        "officials" => Art::Officials,
        "prizes" => Art::Prizes,
        "qualification" => Art::Qualification,
        "expenses" => Art::Expenses,
        "registration" | "arrival" => Art::Registration,
        "schedule" => Art::Schedule,
        "interpretation" => Art::Interpretation,
        _ => Art::Other,
    }
}
