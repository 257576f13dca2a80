//! A stage's format in words: round robin, Swiss (fixed, open or by entries), knockout with
//! its bracket, same-place groups and team round robin.

use super::super::method::place_ref;
use super::super::words;
use super::Ctx;
use crate::sheet::catalogue::M;
use crate::sheet::fmt;
use crate::sheet::Lang;
use xqreg_grammar::ast::{
    BracketSlot, Format, Knockout, KnockoutClause, Span, Spanned, SwissRounds,
};

/// `lower_number`: the stage says `colours by_board lower_number` (a team Swiss words its board
/// colours in the format sentence).
pub(super) fn format_text(
    ctx: &mut Ctx<'_>,
    f: &Format,
    places: Option<xqreg_grammar::ast::PlaceRange>,
    lower_number: bool,
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
            let rr = ctx.word(words::cycles, cycles);
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
            let text = swiss(ctx, system, rounds, *span);
            match boards {
                Some(b) => {
                    ctx.mark(b.span);
                    let odd = ctx.m(if lower_number {
                        M::TeamOddRedLower
                    } else {
                        M::TeamOddRedHome
                    });
                    let teams = ctx.mf(M::TeamSwissBoards, &[&b.node.to_string(), odd]);
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
            ctx.mark(boards.span);
            let rr = ctx.word(words::cycles, cycles);
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
    let two_pairs = k
        .clauses
        .iter()
        .any(|c| matches!(c, KnockoutClause::Bracket { pairs, .. } if pairs.len() == 2));
    // A team knockout says first that teams play it, and how a match is won.
    let boards = k.boards();
    if let Some(n) = boards {
        ctx.mark(n.span);
        parts.push(ctx.mf(M::TeamKnockoutBoards, &[&n.node.to_string()]));
    }
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
                let key = if boards.is_some() {
                    M::TeamSeeded
                } else {
                    M::Seeded
                };
                parts.push(ctx.mf(key, &[&size.node.to_string()]));
                // Without a `seeding` clause the seeds are drawn by lot (the runtime's default):
                // said, as a Swiss without `numbers` says 抽签确定比赛代号.
                let seeding = k
                    .clauses
                    .iter()
                    .any(|c| matches!(c, KnockoutClause::Seeding { .. }));
                if !seeding {
                    let r = ctx.in_words(words::seeding, "lot");
                    parts.push(ctx.mf(M::Seeding, &[&r]));
                }
            }
            // A team knockout seeds by the teams' rating, as the runtime does.
            KnockoutClause::Seeding { rule, span } if rule.node == "rating" && boards.is_some() => {
                ctx.mark(*span);
                ctx.mark(rule.span);
                let n = boards.map_or(0, |b| b.node).to_string();
                parts.push(ctx.mf(M::TeamSeedingRating, &[&n]));
            }
            KnockoutClause::Seeding { rule, span } => {
                ctx.mark(*span);
                let r = ctx.word(words::seeding, rule);
                parts.push(ctx.mf(M::Seeding, &[&r]));
            }
            KnockoutClause::Seeds {
                count,
                category,
                span,
            } => {
                ctx.mark(*span);
                // A category only the seeding names is defined here, not under 组别设置.
                let who = if ctx.names.seeding_only(&category.node) {
                    crate::sheet::build::entry::seeded_members(ctx, &category.node)
                } else {
                    ctx.category_title(&category.node)
                };
                parts.push(ctx.mf(M::SeedsReserved, &[&count.node.to_string(), &who]));
            }
            KnockoutClause::Games(n) => {
                ctx.mark(n.span);
                parts.push(ctx.mf(M::MatchGames, &[&n.node.to_string()]));
            }
            // Said first, above.
            KnockoutClause::Boards(_) => {}
            KnockoutClause::ThirdPlace(s) => {
                ctx.mark(*s);
                // A bracket of four says `胜者争夺第一名` just before: `负者` are its losers.
                // Otherwise the third-place match is the semi-finals' losers' (the runtime's
                // bracket of four), said so.
                let key = if two_pairs {
                    M::ThirdPlace
                } else {
                    M::SemiLosersThird
                };
                parts.push(ctx.mf(key, &[&place(first.saturating_add(2))]));
            }
            KnockoutClause::Placement(s) => {
                ctx.mark(*s);
                parts.push(ctx.m(M::Placement).to_string());
            }
            KnockoutClause::OnlyIfTied(s) => {
                ctx.mark(*s);
                // A team knockout compares the teams' match points (场分), as the runtime does.
                let key = if boards.is_some() {
                    M::TeamOnlyIfTied
                } else {
                    M::OnlyIfTied
                };
                parts.push(ctx.m(key).to_string());
            }
            KnockoutClause::Byes { rule, span } => {
                ctx.mark(*span);
                parts.push(ctx.word(words::byes, rule));
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
            ctx.team_or_player_name(&p.node)
        }
    }
}

fn swiss(ctx: &mut Ctx<'_>, system: &Spanned<String>, rounds: &SwissRounds, span: Span) -> String {
    let lang = ctx.lang;
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
                    let r = match a.round_robin {
                        Some(_) => ctx.m(M::ArmRoundRobin).to_string(),
                        None => ctx.mf(M::ArmRounds, &[&a.rounds.node.to_string()]),
                    };
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
