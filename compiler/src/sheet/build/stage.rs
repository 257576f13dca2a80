//! A stage in words: its format (round robin, Swiss, knockout, same-place, team), entrants,
//! group draw, pairing numbers, first round, colours, avoidance, byes and score sheets. Its
//! tie-breaks, playoffs and decided places go to the ranking clause (see `ranking`).

use super::method::place_ref;
use super::params::params_text;
use super::ranking::{playoff_clause, tiebreak_clause};
use super::words;
use super::{order, Art, Ctx};
use crate::sheet::catalogue::M;
use crate::sheet::fmt;
use crate::sheet::model::Clause;
use crate::sheet::Lang;
use xqreg_grammar::ast::{
    BracketSlot, Draw, DrawRule, EntrantSource, Format, Knockout, KnockoutClause, Numbers,
    PlayoffRef, SeedTier, Stage, StageClause, SwissRounds,
};

pub fn stage(ctx: &mut Ctx<'_>, s: &Stage) {
    ctx.mark(s.name.span);
    let title = match &s.title {
        Some(t) => ctx.tm(t),
        None => s.name.node.clone(),
    };
    let mut sentences: Vec<String> = Vec::new();
    let mut entrants_text: Option<String> = None;
    let mut format_at: Option<usize> = None;
    let places = s.clauses.iter().find_map(|c| match c {
        StageClause::Places(r) => Some(*r),
        _ => None,
    });
    let mut items: Vec<Clause> = Vec::new();
    let mut ranking: Vec<Clause> = Vec::new();
    let mut draw_intro = false;
    let mut same_as: Option<String> = None;
    for c in &s.clauses {
        match c {
            StageClause::Format(f) => {
                format_at = Some(sentences.len());
                sentences.push(format_text(ctx, f, places));
            }
            StageClause::Entrants { sources, span } => {
                ctx.mark(*span);
                let list: Vec<String> = sources.iter().map(|e| entrant(ctx, e)).collect();
                // `entrants roster` says what a first stage means anyway: no sentence for it.
                let only_roster = matches!(sources.as_slice(), [EntrantSource::Roster(_)]);
                // `entrants category open_all` in the stage 公开组 says nothing new either.
                let joined = fmt::join(ctx.lang, &list);
                if !only_roster && joined != title {
                    entrants_text = Some(joined);
                }
            }
            StageClause::Time(t) if t.node == "tbd" => {
                ctx.mark(t.span);
                sentences.push(ctx.m(M::TimeTbd).to_string());
            }
            StageClause::Time(_) | StageClause::Scoring(_) => {
                // Said by the time control and scoring clauses, which list the stages using them.
            }
            // An assumption sizes simulations only: the official sheet never prints it.
            StageClause::Assume { span, .. } => ctx.mark(*span),
            StageClause::Draw(d) => {
                items.extend(draw(ctx, d));
                draw_intro = true;
            }
            StageClause::Numbers(n) => sentences.push(numbers(ctx, n)),
            StageClause::FirstRound {
                method,
                colours,
                first_board,
                span,
            } => {
                ctx.mark(*span);
                ctx.mark(method.span);
                let mut parts = vec![words::first_round(ctx.lang, &method.node)
                    .unwrap_or(&method.node)
                    .to_string()];
                if let Some(c) = colours {
                    ctx.mark(c.span);
                    parts.push(
                        words::first_colours(ctx.lang, &c.node)
                            .unwrap_or(&c.node)
                            .to_string(),
                    );
                }
                if let Some(b) = first_board {
                    ctx.mark(b.span);
                    parts.push(
                        words::first_board(ctx.lang, &b.node)
                            .unwrap_or(&b.node)
                            .to_string(),
                    );
                }
                let sep = if ctx.lang == Lang::Zh { "，" } else { ", " };
                sentences.push(ctx.mf(M::FirstRound, &[&parts.join(sep)]));
            }
            StageClause::Colours { rule, span } => {
                ctx.mark(*span);
                ctx.mark(rule.span);
                sentences.push(
                    words::colours(ctx.lang, &rule.node)
                        .unwrap_or(&rule.node)
                        .to_string(),
                );
            }
            StageClause::Avoid { what, when, span } => {
                ctx.mark(*span);
                ctx.mark(what.span);
                let w = words::avoid_what(ctx.lang, &what.node)
                    .unwrap_or(&what.node)
                    .to_string();
                let key = match when.as_ref().map(|w| w.node.as_str()) {
                    Some("never") => M::AvoidNever,
                    Some("round1") => M::AvoidRound1,
                    _ => M::AvoidAlways,
                };
                if let Some(w) = when {
                    ctx.mark(w.span);
                }
                sentences.push(ctx.mf(key, &[&w]));
            }
            StageClause::ColourLimits { params, span } => {
                ctx.mark(*span);
                let p = params_text(ctx, params);
                sentences.push(ctx.mf(M::ColourLimits, &[&p]));
            }
            StageClause::ColourTie { rule, span } => {
                ctx.mark(*span);
                ctx.mark(rule.span);
                let r = words::colour_tie(ctx.lang, &rule.node)
                    .unwrap_or(&rule.node)
                    .to_string();
                sentences.push(ctx.mf(M::ColourTie, &[&r]));
            }
            StageClause::Bye { params, span } => {
                ctx.mark(*span);
                let p = params_text(ctx, params);
                sentences.push(ctx.mf(M::Bye, &[&p]));
            }
            StageClause::ForfeitMet { value, span } => {
                ctx.mark(*span);
                ctx.mark(value.span);
                sentences.push(
                    ctx.m(if value.node {
                        M::ForfeitMetYes
                    } else {
                        M::ForfeitMetNo
                    })
                    .to_string(),
                );
            }
            StageClause::Tiebreak(chain) => {
                // One stage: the ranking needs no stage name.
                let lead = if ctx.names.stage_order.len() == 1 {
                    ctx.m(M::RankingLeadOnly).to_string()
                } else {
                    ctx.mf(M::RankingLead, &[&title])
                };
                let mut cl = tiebreak_clause(ctx, chain, lead);
                cl.heading = String::new();
                ranking.push(cl);
            }
            StageClause::Playoff(PlayoffRef::Inline(chain)) => {
                let mut cl = playoff_clause(ctx, chain);
                cl.text = ctx.mf(M::PlayoffFor, &[&title, &cl.text]);
                ranking.push(cl);
            }
            StageClause::Playoff(PlayoffRef::Named(_)) => {
                // Printed with the named chain, which lists the stages that use it.
            }
            StageClause::Places(r) => {
                ctx.mark(r.span);
                let p = fmt::places(ctx.lang, *r);
                let line = ctx.mf(M::StageDecides, &[&title, &p]);
                ranking.push(Clause::text(ctx.sentence(&line)));
            }
            StageClause::Split {
                after_round,
                top,
                to,
                span,
            } => {
                ctx.mark(*span);
                ctx.mark(to.span);
                let to = ctx.stage_title(&to.node);
                sentences.push(ctx.mf(
                    M::Split,
                    &[&after_round.node.to_string(), &top.node.to_string(), &to],
                ));
            }
            StageClause::LateEntry {
                until_round,
                missed,
                span,
            } => {
                ctx.mark(*span);
                ctx.mark(missed.span);
                let key = if missed.node == "half" {
                    M::LateEntryHalf
                } else {
                    M::LateEntryZero
                };
                sentences.push(ctx.mf(key, &[&until_round.node.to_string()]));
            }
            StageClause::ScoreSheets { rule, span } => {
                ctx.mark(*span);
                ctx.mark(rule.span);
                let key = if rule.node == "none" {
                    M::ScoreSheetsNone
                } else {
                    M::ScoreSheetsRequired
                };
                sentences.push(ctx.m(key).to_string());
            }
            StageClause::SameAs(other) => {
                ctx.mark(other.span);
                let o = ctx.stage_title(&other.node);
                same_as = Some(ctx.mf(M::SameAs, &[&o]));
            }
            StageClause::Note(t) => {
                let t = ctx.tm(t);
                sentences.push(t);
            }
        }
    }
    // Entrants open the format sentence: 小组赛各组第1名进行淘汰赛.
    match (entrants_text, format_at) {
        (Some(e), Some(i)) => {
            if let Some(f) = sentences.get_mut(i) {
                *f = ctx.mf(M::EntrantsThen, &[&e, f]);
            }
        }
        (Some(e), None) => sentences.insert(0, ctx.mf(M::Entrants, &[&e])),
        _ => {}
    }
    if let Some(s) = same_as {
        sentences.push(s);
    }
    if draw_intro {
        sentences.push(ctx.m(M::DrawIntro).to_string());
    }
    let text: Vec<String> = sentences
        .iter()
        .filter(|s| !s.is_empty())
        .map(|s| ctx.sentence(s))
        .collect();
    let sep = if ctx.lang == Lang::Zh { "" } else { " " };
    let clause = Clause {
        heading: title,
        text: text.join(sep),
        items,
        ..Clause::default()
    };
    ctx.push(Art::Method, order::STAGE, clause);
    for r in ranking {
        ctx.push_in(Art::Method, order::RANKING, M::ClauseRanking, r);
    }
}

fn entrant(ctx: &mut Ctx<'_>, e: &EntrantSource) -> String {
    match e {
        EntrantSource::Roster(s) => {
            ctx.mark(*s);
            ctx.m(M::AllEntrants).to_string()
        }
        EntrantSource::Category(c) => {
            ctx.mark(c.span);
            ctx.category_title(&c.node)
        }
        EntrantSource::Pool(p) => {
            ctx.mark(p.span);
            ctx.pool_title(&p.node)
        }
        EntrantSource::Places(r) => place_ref(ctx, r),
        EntrantSource::Rest(s) => {
            ctx.mark(*s);
            ctx.m(M::RestOfField).to_string()
        }
    }
}

fn format_text(
    ctx: &mut Ctx<'_>,
    f: &Format,
    places: Option<xqreg_grammar::ast::PlaceRange>,
) -> String {
    let lang = ctx.lang;
    match f {
        Format::RoundRobin {
            cycles,
            groups,
            size,
            span,
        } => {
            ctx.mark(*span);
            ctx.mark(cycles.span);
            let rr = words::cycles(lang, &cycles.node)
                .unwrap_or(&cycles.node)
                .to_string();
            for g in groups {
                ctx.mark(g.span);
            }
            if let Some(s) = size {
                ctx.mark(s.span);
            }
            let labels: Vec<String> = groups.iter().map(|g| g.node.clone()).collect();
            match (groups.len(), size) {
                (0, Some(n)) => ctx.mf(M::RoundRobinSize, &[&n.node.to_string(), &rr]),
                (0, None) => ctx.mf(M::RoundRobin, &[&rr]),
                (k, Some(n)) => ctx.mf(
                    M::RoundRobinGroups,
                    &[
                        &fmt::join(lang, &labels),
                        &fmt::count_word(lang, k as u64),
                        &n.node.to_string(),
                        &rr,
                    ],
                ),
                (k, None) => ctx.mf(
                    M::RoundRobinGroupsNoSize,
                    &[
                        &fmt::join(lang, &labels),
                        &fmt::count_word(lang, k as u64),
                        &rr,
                    ],
                ),
            }
        }
        Format::Swiss {
            system,
            rounds,
            boards,
            span,
        } => {
            let text = swiss_format(ctx, lang, system, rounds, *span);
            match boards {
                Some(b) => {
                    ctx.mark(b.span);
                    let teams = ctx.mf(M::TeamSwissBoards, &[&b.node.to_string()]);
                    format!("{text}{teams}")
                }
                None => text,
            }
        }
        Format::Knockout(k) => knockout(ctx, k, places),
        Format::SamePlace {
            groups,
            places,
            span,
        } => {
            ctx.mark(*span);
            ctx.mark(places.span);
            let gs: Vec<String> = groups
                .iter()
                .map(|g| {
                    ctx.mark(g.span);
                    ctx.mark(g.stage.span);
                    ctx.mark(g.group.span);
                    ctx.group_label(&g.group.node)
                })
                .collect();
            let stage = groups
                .first()
                .map(|g| ctx.stage_title(&g.stage.node))
                .unwrap_or_default();
            let p = fmt::places(lang, *places);
            ctx.mf(M::SamePlace, &[&stage, &fmt::join_and(lang, &gs), &p])
        }
        Format::TeamRoundRobin {
            cycles,
            boards,
            groups,
            span,
        } => {
            ctx.mark(*span);
            ctx.mark(cycles.span);
            ctx.mark(boards.span);
            let rr = words::cycles(lang, &cycles.node)
                .unwrap_or(&cycles.node)
                .to_string();
            let labels: Vec<String> = groups
                .iter()
                .map(|g| {
                    ctx.mark(g.span);
                    g.node.clone()
                })
                .collect();
            let mut s = ctx.mf(M::TeamRoundRobin, &[&rr, &boards.node.to_string()]);
            if !labels.is_empty() {
                s = ctx.mf(M::WithReason, &[&s, &fmt::join(lang, &labels)]);
            }
            s
        }
    }
}

/// A Swiss's system and rounds (`swiss cxa rounds 9`, by entries, to be announced).
fn swiss_format(
    ctx: &mut Ctx<'_>,
    lang: Lang,
    system: &xqreg_grammar::ast::Ident,
    rounds: &SwissRounds,
    span: xqreg_grammar::ast::Span,
) -> String {
    ctx.mark(span);
    ctx.mark(system.span);
    let sys = if system.node == "tbd" {
        ctx.m(M::SwissSystemTbd).to_string()
    } else {
        words::swiss(lang, &system.node)
            .unwrap_or(&system.node)
            .to_string()
    };
    match rounds {
        SwissRounds::Fixed(n) => {
            ctx.mark(n.span);
            ctx.mf(M::SwissFixed, &[&sys, &n.node.to_string()])
        }
        SwissRounds::Tbd(at) => {
            ctx.mark(*at);
            ctx.mf(M::SwissRoundsTbd, &[&sys])
        }
        SwissRounds::ByEntries(arms) => {
            let parts: Vec<String> = arms
                .iter()
                .map(|a| {
                    ctx.mark(a.span);
                    ctx.mark(a.rounds.span);
                    let r = a.rounds.node.to_string();
                    match (a.min, a.max) {
                        (Some(lo), Some(hi)) => {
                            ctx.mf(M::ArmBetween, &[&lo.to_string(), &hi.to_string(), &r])
                        }
                        (None, Some(hi)) => ctx.mf(M::ArmUpTo, &[&hi.to_string(), &r]),
                        (Some(lo), None) => ctx.mf(M::ArmFrom, &[&lo.to_string(), &r]),
                        (None, None) => r,
                    }
                })
                .collect();
            ctx.mf(M::SwissByEntries, &[&sys, &fmt::join(lang, &parts)])
        }
    }
}

fn knockout(
    ctx: &mut Ctx<'_>,
    k: &Knockout,
    places: Option<xqreg_grammar::ast::PlaceRange>,
) -> String {
    ctx.mark(k.span);
    let lang = ctx.lang;
    let mut parts = vec![ctx.m(M::Knockout).to_string()];
    // The final's places (1st, 3rd of this bracket): places 5..8 play for 5th and 7th.
    let first = places.map(|p| p.start).unwrap_or(1);
    let place = |n: u32| {
        fmt::places(
            lang,
            xqreg_grammar::ast::PlaceRange {
                start: n,
                end: n,
                span: Default::default(),
            },
        )
    };
    for c in &k.clauses {
        match c {
            KnockoutClause::Bracket { pairs, span } => {
                ctx.mark(*span);
                let ps: Vec<String> = pairs
                    .iter()
                    .map(|(a, b)| {
                        let a = slot(ctx, a);
                        let b = slot(ctx, b);
                        ctx.mf(M::Versus, &[&a, &b])
                    })
                    .collect();
                let sep = if lang == Lang::Zh { "、" } else { "; " };
                parts.push(ctx.mf(M::Bracket, &[&ps.join(sep)]));
                if pairs.len() == 2 {
                    parts.push(ctx.mf(M::WinnersMeet, &[&place(first)]));
                }
            }
            KnockoutClause::Seeded { size, span } => {
                ctx.mark(*span);
                parts.push(ctx.mf(M::Seeded, &[&size.node.to_string()]));
            }
            KnockoutClause::Seeding { rule, span } => {
                ctx.mark(*span);
                ctx.mark(rule.span);
                let r = words::seeding(lang, &rule.node)
                    .unwrap_or(&rule.node)
                    .to_string();
                parts.push(ctx.mf(M::Seeding, &[&r]));
            }
            KnockoutClause::Games(n) => {
                ctx.mark(n.span);
                parts.push(ctx.mf(M::MatchGames, &[&n.node.to_string()]));
            }
            KnockoutClause::ThirdPlace(s) => {
                ctx.mark(*s);
                parts.push(ctx.mf(M::ThirdPlace, &[&place(first.saturating_add(2))]));
            }
            KnockoutClause::Placement(s) => {
                ctx.mark(*s);
                parts.push(ctx.m(M::Placement).to_string());
            }
            KnockoutClause::Byes { rule, span } => {
                ctx.mark(*span);
                ctx.mark(rule.span);
                let r = words::byes(lang, &rule.node)
                    .unwrap_or(&rule.node)
                    .to_string();
                parts.push(r);
            }
        }
    }
    let sep = if lang == Lang::Zh { "；" } else { "; " };
    parts.join(sep)
}

fn slot(ctx: &mut Ctx<'_>, s: &BracketSlot) -> String {
    match s {
        BracketSlot::Place(r) => place_ref(ctx, r),
        BracketSlot::Seed(n) => {
            ctx.mark(n.span);
            ctx.mf(M::SeedNo, &[&n.node.to_string()])
        }
        BracketSlot::Bye(sp) => {
            ctx.mark(*sp);
            ctx.m(M::ByeWord).to_string()
        }
        BracketSlot::Player(p) => {
            ctx.mark(p.span);
            ctx.player_name(&p.node)
        }
    }
}

fn draw(ctx: &mut Ctx<'_>, d: &Draw) -> Vec<Clause> {
    ctx.mark(d.span);
    let lang = ctx.lang;
    let mut items = Vec::new();
    for (ri, r) in d.rules.iter().enumerate() {
        let first_rule = ri == 0;
        let line = match r {
            DrawRule::PoolQuota {
                pool,
                per_group,
                order,
                span,
            } => {
                ctx.mark(*span);
                ctx.mark(pool.span);
                ctx.mark(per_group.span);
                let p = ctx.pool_title(&pool.node);
                let p = ctx.mf(M::PoolPlayers, &[&p]);
                let how = match order {
                    Some(o) => {
                        ctx.mark(o.span);
                        words::draw_order(lang, &o.node)
                            .unwrap_or(&o.node)
                            .to_string()
                    }
                    None => String::new(),
                };
                ctx.mf(M::DrawPoolQuota, &[&p, &how, &per_group.node.to_string()])
            }
            DrawRule::Pot {
                title,
                members,
                per_group,
                span,
            } => {
                ctx.mark(*span);
                ctx.mark(per_group.span);
                let t = match title {
                    Some(t) => ctx.tm(t),
                    None => String::new(),
                };
                let ms: Vec<String> = members
                    .iter()
                    .map(|m| {
                        ctx.mark(m.span);
                        if ctx.names.players.contains_key(m.node.as_str()) {
                            ctx.player_name(&m.node)
                        } else {
                            ctx.category_title(&m.node)
                        }
                    })
                    .collect();
                ctx.mf(
                    M::DrawPot,
                    &[&t, &fmt::join(lang, &ms), &per_group.node.to_string()],
                )
            }
            DrawRule::RatingSeeds { places, span } => {
                ctx.mark(*span);
                ctx.mark(places.span);
                ctx.mf(
                    M::DrawRatingSeeds,
                    &[&places.start.to_string(), &places.end.to_string()],
                )
            }
            DrawRule::Rest { rule, span } => {
                ctx.mark(*span);
                ctx.mark(rule.span);
                let r = words::draw_order(lang, &rule.node)
                    .unwrap_or(&rule.node)
                    .to_string();
                // The first rule has no others before it: 全体棋手, not 其余棋手.
                let key = if first_rule { M::DrawAll } else { M::DrawRest };
                ctx.mf(key, &[&r])
            }
            DrawRule::Avoid { what, span } => {
                ctx.mark(*span);
                ctx.mark(what.span);
                let w = words::avoid_what(lang, &what.node)
                    .unwrap_or(&what.node)
                    .to_string();
                ctx.mf(M::DrawAvoid, &[&w])
            }
            DrawRule::Numbers { rule, span } => {
                ctx.mark(*span);
                ctx.mark(rule.span);
                let r = words::numbers(lang, &rule.node)
                    .unwrap_or(&rule.node)
                    .to_string();
                ctx.mf(M::DrawNumbers, &[&r])
            }
        };
        items.push(Clause::text(ctx.sentence(&line)));
    }
    items
}

fn numbers(ctx: &mut Ctx<'_>, n: &Numbers) -> String {
    let lang = ctx.lang;
    match n {
        Numbers::Rule(r) => {
            ctx.mark(r.span);
            let w = words::numbers(lang, &r.node).unwrap_or(&r.node).to_string();
            ctx.mf(M::NumbersRule, &[&w])
        }
        Numbers::Seeded {
            tiers,
            seeds_order,
            rest,
            span,
        } => {
            ctx.mark(*span);
            let ts: Vec<String> = tiers
                .iter()
                .map(|t| match t {
                    SeedTier::Title(i) => {
                        ctx.mark(i.span);
                        words::title(lang, &i.node).unwrap_or(&i.node).to_string()
                    }
                    SeedTier::Pool(i) => {
                        ctx.mark(i.span);
                        ctx.pool_title(&i.node)
                    }
                    SeedTier::Category(i) => {
                        ctx.mark(i.span);
                        ctx.category_title(&i.node)
                    }
                    SeedTier::Players(ps) => {
                        let names: Vec<String> = ps
                            .iter()
                            .map(|p| {
                                ctx.mark(p.span);
                                ctx.player_name(&p.node)
                            })
                            .collect();
                        fmt::join(lang, &names)
                    }
                })
                .collect();
            let order = match seeds_order {
                Some(o) => {
                    ctx.mark(o.span);
                    words::draw_order(lang, &o.node)
                        .unwrap_or(&o.node)
                        .to_string()
                }
                None => ctx.m(M::ByLot).to_string(),
            };
            ctx.mark(rest.span);
            let r = words::numbers(lang, &rest.node)
                .unwrap_or(&rest.node)
                .to_string();
            ctx.mf(M::NumbersSeeded, &[&fmt::join(lang, &ts), &order, &r])
        }
    }
}
