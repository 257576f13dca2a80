//! A stage's group draw and pairing numbers in words: pool quotas, pots, rating seeds, the
//! rest, avoidance, and how numbers are given (by rule or seeded tiers).

use super::super::words;
use super::Ctx;
use crate::sheet::catalogue::M;
use crate::sheet::fmt;
use crate::sheet::model::Clause;
use xqreg_grammar::ast::{Draw, DrawRule, Numbers, SeedTier};

pub(super) fn draw(ctx: &mut Ctx<'_>, d: &Draw) -> Vec<Clause> {
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
                    Some(o) => ctx.word(words::draw_order, o),
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
            DrawRule::Rest { rule, span } if rule.node == "rating" => {
                // No lot: the runtime places them in serpentine order (DrawOrder::Rating).
                ctx.mark(*span);
                ctx.mark(rule.span);
                let key = if first_rule {
                    M::DrawAllSerpentine
                } else {
                    M::DrawRestSerpentine
                };
                ctx.m(key).to_string()
            }
            DrawRule::Rest { rule, span } => {
                ctx.mark(*span);
                let r = ctx.word(words::draw_rest, rule);
                // The first rule has no others before it: 全体棋手, not 其余棋手.
                let key = if first_rule { M::DrawAll } else { M::DrawRest };
                ctx.mf(key, &[&r])
            }
            DrawRule::Avoid { what, span } => {
                ctx.mark(*span);
                let w = ctx.word(words::avoid_what, what);
                ctx.mf(M::DrawAvoid, &[&w])
            }
            DrawRule::Numbers { rule, span } => {
                ctx.mark(*span);
                let r = ctx.word(words::numbers, rule);
                ctx.mf(M::DrawNumbers, &[&r])
            }
        };
        items.push(Clause::text(ctx.sentence(&line)));
    }
    items
}

pub(super) fn numbers(ctx: &mut Ctx<'_>, n: &Numbers) -> String {
    let lang = ctx.lang;
    match n {
        Numbers::Rule(r) => {
            let w = ctx.word(words::numbers, r);
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
                    SeedTier::Title(i) => ctx.word(words::title, i),
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
                Some(o) => ctx.word(words::numbers_order, o),
                None => ctx.m(M::ByLot).to_string(),
            };
            let r = ctx.word(words::numbers, rest);
            ctx.mf(M::NumbersSeeded, &[&fmt::join(lang, &ts), &order, &r])
        }
        Numbers::Parity {
            pools,
            within,
            span,
        } => {
            ctx.mark(*span);
            let mut of = |parity: &str| {
                let names: Vec<String> = pools
                    .iter()
                    .filter(|(_, p)| p.node == parity)
                    .map(|(pool, p)| {
                        ctx.mark(pool.span);
                        ctx.mark(p.span);
                        ctx.pool_title(&pool.node)
                    })
                    .collect();
                fmt::join(lang, &names)
            };
            let (odd, even) = (of("odd"), of("even"));
            let w = ctx.word(words::numbers_order, within);
            ctx.mf(M::NumbersParity, &[&odd, &even, &w])
        }
    }
}
