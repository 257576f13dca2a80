//! Prizes (a sentence per category as the seeds write them, and a table with the total) and
//! qualification places.

use super::entry::{cell, num_cell, staff_roles};
use super::words;
use super::{Art, Ctx};
use crate::sheet::catalogue::M;
use crate::sheet::fmt;
use crate::sheet::model::{Clause, Row, Table};
use crate::sheet::Lang;
use xqreg_grammar::ast::{
    BracketSlot, KnockoutClause, PrizeItem, PrizeKey, PrizeLimitRule, PrizeLine, Prizes,
    Qualification, Stage, StageClause,
};

/// Consecutive places with the same awards: (place range, awards, label of a non-place line).
type AwardRun = (Option<(u32, u32)>, Vec<String>, String);

/// A line's money as the text says it: its places (as its award run would name them), its
/// label, the amount and whether each of several places has it.
struct MoneyPhrase {
    range: Option<(u32, u32)>,
    label: String,
    amount: String,
    each: bool,
}

pub fn prizes(ctx: &mut Ctx<'_>, p: &Prizes) {
    let currency = p.currency.as_ref().map(|c| {
        ctx.mark(c.span);
        c.node.clone()
    });
    let cur = currency.as_deref();
    let (name, note) = heading_parts(ctx, p, cur);
    let mut said = LinesSaid::default();
    for line in &p.lines {
        prize_line(ctx, line, cur, &mut said);
    }
    let text = prize_text(ctx, p, &said.money, &said.runs, cur);
    let foot = total_row(
        ctx,
        p,
        said.rows.is_empty() || said.uncounted,
        (!said.overflow).then_some(said.total),
        cur,
    );
    let caption = if name.is_empty() {
        format!("{}{}", ctx.m(M::ArtPrizes), note)
    } else {
        format!("{name}{note}")
    };
    let mut table = Table {
        caption,
        head: vec![
            ctx.m(M::ColPlace).to_string(),
            ctx.m(M::ColAmount).to_string(),
            ctx.m(M::ColCount).to_string(),
            ctx.m(M::ColSubtotal).to_string(),
            ctx.m(M::ColItems).to_string(),
        ],
        rows: said.rows,
        foot,
        numeric: vec![1, 2, 3],
    };
    let heading = if name.is_empty() {
        note.trim()
            .trim_start_matches(['（', '('])
            .trim_end_matches(['）', ')'])
            .to_string()
    } else {
        format!("{name}{note}")
    };
    drop_empty_awards_column(&mut table);
    ctx.push(
        Art::Prizes,
        0,
        Clause {
            heading,
            text,
            table: Some(table),
            ..Clause::default()
        },
    );
}

/// What a prize table's lines say, gathered line by line: the money phrases and award runs of
/// the text, the table's rows and the running total.
#[derive(Default)]
struct LinesSaid {
    money: Vec<MoneyPhrase>,
    runs: Vec<AwardRun>,
    rows: Vec<Row>,
    total: u64,
    overflow: bool,
    /// A line whose count is not known here (the completion award) leaves the sum unknown.
    uncounted: bool,
}

/// One prize line: its money phrase, its awards (joined into runs of places), its table row
/// and its part of the total.
fn prize_line(ctx: &mut Ctx<'_>, line: &PrizeLine, cur: Option<&str>, said: &mut LinesSaid) {
    let lang = ctx.lang;
    ctx.mark(line.span);
    let (label, cell_label, count) = key_text(ctx, &line.key);
    said.uncounted |= count.is_none();
    let amount = line.money.as_ref().map(|m| {
        ctx.mark(m.span);
        ctx.mark(m.amount.span);
        if let Some(c) = &m.currency {
            ctx.mark(c.span);
        }
        let c = m.currency.as_ref().map(|c| c.node.as_str()).or(cur);
        (m.amount.node, fmt::money(lang, m.amount.node, c))
    });
    let items = items_text(ctx, line);
    let range = match &line.key {
        PrizeKey::Places(r) => Some((r.start, r.end)),
        PrizeKey::Eliminated { .. } | PrizeKey::Completed(_) => None,
    };
    if let Some((_, a)) = &amount {
        said.money.push(MoneyPhrase {
            range,
            label: label.clone(),
            amount: a.clone(),
            each: line.each && count != Some(1),
        });
    }
    // Awards print as runs of places with the same awards: 第一至六名各奖励牌匾一块.
    if !items.is_empty() {
        extend_runs(&mut said.runs, range, items.clone(), &label);
    }
    // Table row: place(s), amount each, count, subtotal, items.
    let (each_cell, sub_cell) = match (&amount, count) {
        (Some((a, text)), Some(n)) => {
            let sub = a.checked_mul(n);
            match sub.and_then(|s| said.total.checked_add(s)) {
                Some(t) => said.total = t,
                None => said.overflow = true,
            }
            let c = line
                .money
                .as_ref()
                .and_then(|m| m.currency.as_ref())
                .map(|c| c.node.as_str())
                .or(cur);
            (
                text.clone(),
                sub.map(|s| fmt::money(lang, s, c)).unwrap_or_default(),
            )
        }
        (Some((_, text)), None) => (text.clone(), String::new()),
        (None, _) => (String::new(), String::new()),
    };
    said.rows.push(Row {
        cells: vec![
            cell(cell_label),
            num_cell(each_cell),
            num_cell(count.map(|n| n.to_string()).unwrap_or_default()),
            num_cell(sub_cell),
            cell(fmt::join(lang, &items)),
        ],
    });
}

/// The clause's text: each line's money, the runs of awards and the declared total.
fn prize_text(
    ctx: &mut Ctx<'_>,
    p: &Prizes,
    money: &[MoneyPhrase],
    runs: &[AwardRun],
    cur: Option<&str>,
) -> String {
    let lang = ctx.lang;
    // A run of awards for exactly the places of one money line is said with its money
    // (第一名300元和证书一本), not in a sentence of its own that names the places again. A sum for
    // several places together keeps its awards apart: they are each player's (各奖励).
    let folded: Vec<Option<usize>> = money
        .iter()
        .map(|m| {
            let one_each = m.each || m.range.is_none_or(|(a, b)| a == b);
            let same_line = |(range, _, label): &AwardRun| *range == m.range && *label == m.label;
            one_each.then(|| runs.iter().position(same_line)).flatten()
        })
        .collect();
    let phrases: Vec<String> = money
        .iter()
        .zip(&folded)
        .map(|(m, run)| {
            let key = if m.each { M::PrizeEach } else { M::PrizeOne };
            let Some(at) = run else {
                return ctx.mf(key, &[&m.label, &m.amount]);
            };
            // 第一名300元和证书一本 / 1st place: CNY 300, a trophy and a gold medal
            let mut gifts = vec![m.amount.clone()];
            gifts.extend(runs[*at].1.iter().cloned());
            ctx.mf(key, &[&m.label, &fmt::join_and(lang, &gifts)])
        })
        .collect();
    let runs_left: Vec<&AwardRun> = (0..runs.len())
        .filter(|i| !folded.contains(&Some(*i)))
        .map(|i| &runs[i])
        .collect();
    // A line that lists its awards is a clause of its own: 、 would run into the awards' list.
    let joined = if folded.iter().any(Option::is_some) {
        fmt::join_clauses(lang, &phrases)
    } else {
        fmt::join(lang, &phrases)
    };
    let mut text = if phrases.is_empty() {
        String::new()
    } else {
        ctx.sentence(&joined)
    };
    let awards = award_sentences(ctx, &runs_left);
    if !awards.is_empty() {
        if lang == Lang::En && !text.is_empty() {
            text.push(' ');
        }
        text.push_str(&ctx.sentence(&fmt::join_clauses(lang, &awards)));
    }
    if let Some(t) = &p.total {
        let declared = super::entry::money_text(ctx, t, cur);
        ctx.mark(t.amount.span);
        // The whole prize fund, said just above (总奖金): its total is the table's 合计 row.
        let fund = ctx.names.prize_fund.map(|m| {
            let c = m.currency.as_ref().map(|c| c.node.as_str());
            fmt::money(lang, m.amount.node, c)
        });
        if fund.as_deref() != Some(declared.as_str()) {
            if lang == Lang::En {
                text.push(' ');
            }
            text.push_str(&ctx.sentence(&ctx.mf(M::PrizeTotal, &[&declared])));
        }
    }
    for sentence in super::shared_tiers::sentences(ctx, p) {
        if lang == Lang::En && !text.is_empty() {
            text.push(' ');
        }
        text.push_str(&ctx.sentence(&sentence));
    }
    for limit in &p.limits {
        ctx.mark(limit.span);
        let line = match &limit.rule {
            PrizeLimitRule::EntriesMinus(n) => ctx.mf(M::PrizeLimitMinus, &[&n.node.to_string()]),
            PrizeLimitRule::HalfEntries => ctx.mf(M::PrizeLimitHalf, &[]),
        };
        if lang == Lang::En && !text.is_empty() {
            text.push(' ');
        }
        text.push_str(&ctx.sentence(&line));
    }
    text
}

/// The table's 合计 row; none when the sum overflowed (`total` is None), for an empty table or
/// one with a line without a count (`unknown`: losers of a knockout whose bracket is not fixed,
/// the completion award: no total rather than a wrong one; the declared total, if any, is in
/// the text), or a table without money.
fn total_row(
    ctx: &Ctx<'_>,
    p: &Prizes,
    unknown: bool,
    total: Option<u64>,
    cur: Option<&str>,
) -> Option<Vec<String>> {
    let lang = ctx.lang;
    // A table of trophies, medals and certificates only has no money to add up: no `合计 0元`.
    let moneyless = p.lines.iter().all(|l| l.money.is_none());
    let total = total?;
    if unknown || moneyless {
        None
    } else {
        Some(vec![
            ctx.m(M::Total).to_string(),
            String::new(),
            String::new(),
            fmt::money(lang, total, cur),
            String::new(),
        ])
    }
}

/// The heading's parts: the category or title, and the money note (奖金：人民币，税后).
/// Table titles that only say "prizes": after a bracketed category they make one heading.
const GENERIC: &[&str] = &[
    "奖",
    "奖金",
    "奖励",
    "奖品",
    "Prizes",
    "Prize money",
    "Awards",
];

fn heading_parts(ctx: &mut Ctx<'_>, p: &Prizes, cur: Option<&str>) -> (String, String) {
    let lang = ctx.lang;
    // Whom a table titled apart from its category pays, said in the money's brackets.
    let mut whom = None;
    let name = match (&p.title, &p.category) {
        (Some(t), Some(c)) => {
            ctx.mark(c.span);
            let t = ctx.tm(t);
            let c = ctx.category_title(&c.node);
            // `U8组（男女混合）` and `U8组奖励`: the title names the category by its short name
            // (its title without the bracketed remark), so it is the heading alone.
            let short = c
                .split_once(['（', '('])
                .map_or(c.as_str(), |(s, _)| s)
                .trim();
            // Letters and digits only: `Primary 1-3 girls` names `Primary 1-3, girls`.
            let bare = |s: &str| -> String {
                s.chars()
                    .filter(|ch| ch.is_alphanumeric())
                    .flat_map(char::to_lowercase)
                    .collect()
            };
            if t.contains(&c)
                || (!short.is_empty() && t.contains(short))
                || bare(&t).contains(&bare(&c))
            {
                t
            } else if c.ends_with(['）', ')']) && GENERIC.contains(&t.as_str()) {
                // No brackets inside brackets: `公开组（男女混合）奖金`.
                ctx.mf(M::PrizeHeadingBoth, &[&c, &t])
            } else if c.ends_with(['）', ')']) {
                // A title of its own beside a bracketed category: 1800分以下奖（等级分1800分以下，
                // 含无等级分，人民币）, not 等级分1800分以下（含无等级分）1800分以下奖.
                let flat = c
                    .replace('（', "，")
                    .replace(" (", ", ")
                    .replace(['）', ')'], "");
                whom = Some(flat);
                t
            } else {
                // 非中越棋手奖（非中国、越南棋手，美元）: one bracket, not 非中国、越南棋手（非中越
                // 棋手奖）（美元）.
                whom = Some(c);
                t
            }
        }
        (Some(t), None) => ctx.tm(t),
        (None, Some(c)) => {
            ctx.mark(c.span);
            ctx.category_title(&c.node)
        }
        (None, None) => String::new(),
    };
    let mut money_note = Vec::new();
    if let Some(c) = cur {
        money_note.push(fmt::currency_name(lang, c));
    }
    if let Some(t) = &p.tax {
        money_note.push(ctx.word(words::tax, t));
    }
    let sep = if lang == Lang::Zh { "，" } else { ", " };
    let mut note = money_note.join(sep);
    // An English category may hold a comma of its own (`Open, men; HKD`).
    if let Some(w) = whom {
        note = match (note.is_empty(), lang) {
            (true, _) => w,
            (false, Lang::Zh) => format!("{w}，{note}"),
            (false, Lang::En) => format!("{w}; {note}"),
        };
    }
    let note = if note.is_empty() {
        String::new()
    } else {
        ctx.mf(M::PrizeMoneyNote, &[&note])
    };
    (name, note)
}

/// Adds a line's awards to the runs: consecutive places with the same awards make one run
/// (第一至六名各奖励牌匾一块).
fn extend_runs(
    runs: &mut Vec<AwardRun>,
    range: Option<(u32, u32)>,
    items: Vec<String>,
    label: &str,
) {
    let merged = match (runs.last_mut(), range) {
        (Some((Some((_, end)), last_items, _)), Some((start, new_end)))
            if *last_items == items && end.checked_add(1) == Some(start) =>
        {
            *end = new_end;
            true
        }
        _ => false,
    };
    if !merged {
        runs.push((range, items, label.to_string()));
    }
}

/// One phrase a run of awards: 第一至六名各奖励牌匾一块.
fn award_sentences(ctx: &Ctx<'_>, runs: &[&AwardRun]) -> Vec<String> {
    let lang = ctx.lang;
    runs.iter()
        .map(|(range, items, label)| match range {
            Some((a, b)) => {
                let r = xqreg_grammar::ast::PlaceRange {
                    start: *a,
                    end: *b,
                    span: Default::default(),
                };
                let key = if a == b {
                    M::PrizeItemsOneP
                } else {
                    M::PrizeItemsRange
                };
                ctx.mf(key, &[&fmt::places(lang, r), &fmt::join(lang, items)])
            }
            None => ctx.mf(M::PrizeItemsOneP, &[label, &fmt::join(lang, items)]),
        })
        .collect()
}

/// No line has an award: the awards column goes.
fn drop_empty_awards_column(table: &mut Table) {
    // The money columns (amount each, subtotal) of a table of trophies, medals and
    // certificates only, then the awards column of a table of money only.
    table.drop_empty_columns(&[1, 3]);
    let awards = table.head.len() - 1;
    table.drop_empty_columns(&[awards]);
}

/// The label of a line in a sentence and in a cell, and how many places it pays.
fn key_text(ctx: &mut Ctx<'_>, k: &PrizeKey) -> (String, String, Option<u64>) {
    let lang = ctx.lang;
    match k {
        PrizeKey::Places(r) => {
            ctx.mark(r.span);
            let n = u64::from(r.end)
                .checked_sub(u64::from(r.start))
                .map(|d| d + 1);
            (fmt::places(lang, *r), fmt::places_cell(lang, *r), n)
        }
        PrizeKey::Eliminated { stage, round, span } => {
            ctx.mark(*span);
            ctx.mark(stage.span);
            ctx.mark(round.span);
            let st = ctx.stage_title(&stage.node);
            let stage_decl = ctx.names.stages.get(stage.node.as_str()).copied();
            // The round by its name from the end (四分之一决赛负者) when the bracket's size is
            // known, the stage named only when the event has more than one.
            let named = super::ko_rounds::stage_round_name(ctx, &stage.node, round.node);
            let t = match named {
                Some(r) if ctx.names.stage_order.len() == 1 => ctx.mf(M::LosersOfRound, &[&r]),
                Some(r) => ctx.mf(M::StageLosersOfRound, &[&st, &r]),
                None => {
                    let r = fmt::rounds(
                        lang,
                        xqreg_grammar::ast::PlaceRange {
                            start: round.node,
                            end: round.node,
                            span: round.span,
                        },
                    );
                    ctx.mf(M::EliminatedIn, &[&st, &r])
                }
            };
            let n = stage_decl.and_then(|s| losers_in_round(ctx, s, round.node));
            (t.clone(), t, n)
        }
        PrizeKey::Completed(span) => {
            ctx.mark(*span);
            let t = ctx.m(M::CompletedAll).to_string();
            (t.clone(), t, None)
        }
    }
}

/// How many players lose in `round` of a knockout stage's bracket, when the bracket is fixed:
/// an explicit `bracket` (its first round's pairs without a bye, then half the bracket each
/// round), or a seeded bracket of N whose entrants are known to be N (no byes). The runtime's
/// losers of a round are the main bracket's (`knockout.rs`), semi-finalists included.
fn losers_in_round(ctx: &Ctx<'_>, s: &Stage, round: u32) -> Option<u64> {
    let k = s.clauses.iter().find_map(StageClause::knockout)?;
    let mut size = None;
    let mut first_round = None;
    for c in &k.clauses {
        match c {
            KnockoutClause::Bracket { pairs, .. } => {
                let n = u64::try_from(pairs.len()).ok()?;
                size = Some(n.checked_mul(2)?);
                let played = pairs
                    .iter()
                    .filter(|(a, b)| {
                        !matches!(a, BracketSlot::Bye(_)) && !matches!(b, BracketSlot::Bye(_))
                    })
                    .count();
                first_round = Some(u64::try_from(played).ok()?);
            }
            KnockoutClause::Seeded { size: n, .. } => {
                let n = u64::from(n.node);
                // Fewer entrants than the bracket: byes, and round 1 has fewer matches (as the
                // checker counts them for the table's total).
                let entrants = super::ko_rounds::entrant_count(ctx, s)?;
                size = Some(n);
                first_round = Some(entrants.saturating_sub(n / 2).min(n / 2));
            }
            _ => {}
        }
    }
    let size = size?;
    if !size.is_power_of_two() || size < 2 || round == 0 {
        return None;
    }
    let matches = if round == 1 {
        first_round?
    } else {
        size.checked_shr(round)?
    };
    (matches > 0).then_some(matches)
}

fn items_text(ctx: &mut Ctx<'_>, line: &PrizeLine) -> Vec<String> {
    line.items
        .iter()
        .map(|i| match i {
            PrizeItem::Trophy(s) => {
                ctx.mark(*s);
                ctx.m(M::Trophy).to_string()
            }
            PrizeItem::Medal { metal, span } => {
                ctx.mark(*span);
                match metal {
                    Some(m) => ctx.word(words::medal, m),
                    None => ctx.m(M::Medal).to_string(),
                }
            }
            PrizeItem::Plaque(s) => {
                ctx.mark(*s);
                ctx.m(M::Plaque).to_string()
            }
            PrizeItem::Certificate(s) => {
                ctx.mark(*s);
                ctx.m(M::Certificate).to_string()
            }
            PrizeItem::Other(t) => ctx.tm(t),
        })
        .collect()
}

pub fn qualification(ctx: &mut Ctx<'_>, q: &Qualification) {
    let lang = ctx.lang;
    let title = ctx.tm(&q.title);
    // A team event ranks teams only (E214): every stage a team stage.
    let stages = &ctx.names.stage_order;
    let teams = !stages.is_empty() && stages.iter().all(|s| ctx.is_team_stage(s));
    let quotas: Vec<String> = q
        .quotas
        .iter()
        .map(|x| {
            ctx.mark(x.span);
            ctx.mark(x.category.span);
            ctx.mark(x.count.span);
            let c = ctx.category_title(&x.category.node);
            // A team event qualifies teams (its stages rank teams): counted in teams.
            let key = match (teams, x.count.node) {
                (false, _) => M::QuotaOf,
                (true, 1) => M::QuotaOfTeam,
                (true, _) => M::QuotaOfTeams,
            };
            ctx.mf(key, &[&c, &x.count.node.to_string()])
        })
        .collect();
    // English categories may hold commas of their own (`Open, men: 3; Open, women: 1`).
    let list = if lang == Lang::En && quotas.iter().any(|q| q.contains(',')) {
        fmt::join_clauses(lang, &quotas)
    } else {
        fmt::join(lang, &quotas)
    };
    let mut parts = vec![ctx.mf(M::QualifyTo, &[&title, &list])];
    if let Some(r) = &q.replacement {
        let mut w = ctx.word(words::replacement, r);
        if let Some(u) = &q.replacement_until {
            ctx.mark(u.span);
            w.push_str(&ctx.mf(M::ReplacementUntil, &[&u.node.to_string()]));
        }
        parts.push(w);
    }
    if !q.staff.is_empty() {
        let s = staff_roles(ctx, &q.staff);
        parts.push(ctx.mf(M::QualifyStaff, &[&s]));
    }
    let text = ctx.sentence(&fmt::join_clauses(lang, &parts));
    ctx.push(Art::Qualification, 0, Clause::text(text));
}
