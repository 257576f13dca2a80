//! Supplements and scenario tests.

use super::{kids, Builder, R};
use crate::ast::*;
use crate::parser::Rule;
use pest::iterators::Pair;

impl Builder {
    pub fn supplement(&self, p: &Pair<Rule>) -> R<Supplement> {
        let mut items = Vec::new();
        for s in kids(p).filter(|k| k.as_rule() == Rule::supplement_item) {
            let override_kw = kids(&s)
                .find(|k| k.as_rule() == Rule::kw_override)
                .map(|k| self.span(&k));
            let block = kids(&s)
                .find(|k| k.as_rule() == Rule::supplement_block)
                .and_then(|b| b.into_inner().next())
                .ok_or_else(|| self.missing(&s, "a block"))?;
            items.push(SupplementItem {
                override_kw,
                item: self.item(&block)?,
                span: self.span(&s),
            });
        }
        Ok(Supplement {
            title: self.nth_text(p, 0)?,
            date: self.opt_child(p, Rule::date, Self::date)?,
            by: self
                .opt_child(p, Rule::supplement_by, Self::opt_text)?
                .flatten(),
            items,
            span: self.span(p),
        })
    }

    pub fn roster_decl(&self, p: &Pair<Rule>) -> R<RosterDecl> {
        Ok(RosterDecl {
            name: self.nth_ident(p, 0)?,
            roster: self.roster_players(p)?,
            span: self.span(p),
        })
    }

    /// The `player` and `team` lines of a roster, declared or a test's own.
    fn roster_players(&self, p: &Pair<Rule>) -> R<RosterPlayers> {
        Ok(RosterPlayers {
            players: self.each(p, Rule::player, Self::player)?,
            teams: self.each(p, Rule::team_decl, Self::team_decl)?,
        })
    }

    pub fn scenario(&self, p: &Pair<Rule>) -> R<Scenario> {
        let mut roster = None;
        let mut seed = None;
        let mut draws = Vec::new();
        let mut results = Vec::new();
        let mut expects = Vec::new();
        for w in kids(p).filter(|k| k.as_rule() == Rule::scenario_part) {
            let Some(part) = self.first(&w) else { continue };
            match part.as_rule() {
                Rule::roster_players => {
                    roster = Some(ScenarioRoster::Players {
                        roster: self.roster_players(&part)?,
                        span: self.span(&part),
                    })
                }
                Rule::roster_named => {
                    roster = Some(ScenarioRoster::Named {
                        name: self.nth_ident(&part, 0)?,
                        span: self.span(&part),
                    })
                }
                Rule::roster_generated => {
                    let mut size = None;
                    let mut seed = None;
                    let mut after_seed = false;
                    for k in kids(&part) {
                        match k.as_rule() {
                            Rule::kw_seed => after_seed = true,
                            Rule::int if after_seed => seed = Some(self.int64(&k)?),
                            Rule::int => size = Some(self.int(&k)?),
                            _ => {}
                        }
                    }
                    roster = Some(ScenarioRoster::Generated {
                        size,
                        seed,
                        span: self.span(&part),
                    })
                }
                Rule::scenario_seed => seed = self.opt_child(&part, Rule::int, Self::int64)?,
                Rule::scenario_draw => {
                    draws.extend(self.each(&part, Rule::drawn_group, Self::drawn_group)?)
                }
                Rule::results => {
                    results.extend(self.clauses(&part, Rule::result_line, Self::result_line)?)
                }
                Rule::expect => {
                    expects.extend(self.clauses(&part, Rule::expect_line, Self::expect_line)?)
                }
                _ => {}
            }
        }
        Ok(Scenario {
            name: self.nth_text(p, 0)?,
            roster,
            seed,
            draws,
            results,
            expects,
            span: self.span(p),
        })
    }

    /// `STAGE.GROUP` (a `place_group` child) or a bare `STAGE` (the first name of `p`).
    fn stage_group(&self, p: &Pair<Rule>) -> R<(Ident, Option<Ident>)> {
        Ok(match kids(p).find(|k| k.as_rule() == Rule::place_group) {
            Some(pg) => (self.nth_ident(&pg, 0)?, Some(self.nth_ident(&pg, 1)?)),
            None => (self.nth_name(p, 0)?, None),
        })
    }

    fn drawn_group(&self, g: &Pair<Rule>) -> R<ScenarioDraw> {
        let (stage, group) = self.stage_group(g)?;
        let skip = usize::from(group.is_none());
        Ok(ScenarioDraw {
            stage,
            group,
            players: self.names(g).skip(skip).collect(),
            span: self.span(g),
        })
    }

    fn result_line(&self, l: &Pair<Rule>) -> R<ResultLine> {
        let span = self.span(l);
        Ok(match l.as_rule() {
            Rule::result_fouls => ResultLine::Fouls {
                player: self.nth_ident(l, 0)?,
                count: self.nth_int(l, 0)?,
                span,
            },
            Rule::result_withdraw => ResultLine::Withdraw {
                player: self.nth_ident(l, 0)?,
                stage: self.nth_name(l, 1)?,
                round: self.nth_int(l, 0)?,
                span,
            },
            Rule::result_lineup => ResultLine::Lineup {
                team: self.nth_ident(l, 0)?,
                stage: self.nth_name(l, 1)?,
                round: self.nth_int(l, 0)?,
                players: self.names(l).skip(2).collect(),
                span,
            },
            Rule::result_declines => {
                self.named(l, |player, span| ResultLine::Declines { player, span })?
            }
            Rule::result_rest => self.named(l, |rule, span| ResultLine::Rest { rule, span })?,
            _ => ResultLine::Games {
                stage: self.nth_name(l, 0)?,
                round: self.nth_int(l, 0)?,
                games: self.each(l, Rule::game_result, Self::game_result)?,
                span,
            },
        })
    }

    fn game_result(&self, g: &Pair<Rule>) -> R<GameResult> {
        let ids: Vec<Ident> = self.idents(g).collect();
        let playoff = kids(g).any(|k| k.as_rule() == Rule::kw_playoff);
        let mut ids = ids.into_iter();
        let playoff_step = if playoff { ids.next() } else { None };
        let (red, black) = match (ids.next(), ids.next()) {
            (Some(r), Some(b)) => (r, b),
            _ => return Err(self.missing(g, "`red - black`")),
        };
        let outcome = kids(g)
            .find(|k| k.as_rule() == Rule::outcome)
            .ok_or_else(|| self.missing(g, "a result like `1-0`"))?;
        let value = match outcome.as_str() {
            "1-0" => GameOutcome::RedWins,
            "0-1" => GameOutcome::BlackWins,
            "+-" => GameOutcome::RedWinsForfeit,
            "-+" => GameOutcome::BlackWinsForfeit,
            "--" => GameOutcome::DoubleForfeit,
            _ => GameOutcome::Draw,
        };
        Ok(GameResult {
            playoff_step,
            red,
            black,
            outcome: Spanned::new(value, self.span(&outcome)),
            span: self.span(g),
        })
    }

    fn expect_line(&self, l: &Pair<Rule>) -> R<Expect> {
        let span = self.span(l);
        Ok(match l.as_rule() {
            Rule::expect_place => Expect::Place {
                place: self.nth_int(l, 0)?,
                player: self.nth_ident(l, 0)?,
                span,
            },
            Rule::expect_shared => Expect::Shared {
                places: self.child(
                    l,
                    Rule::place_range,
                    Self::place_range,
                    "places like `9..16`",
                )?,
                players: self.idents(l).collect(),
                span,
            },
            Rule::expect_prize => {
                let ids: Vec<Ident> = self.idents(l).collect();
                let mut ids = ids.into_iter();
                Expect::Prize {
                    player: ids.next().ok_or_else(|| self.missing(l, "a player"))?,
                    money: self.opt_child(l, Rule::money, Self::money)?,
                    items: {
                        let mut items = Vec::new();
                        for k in kids(l).filter(|k| k.as_rule() == Rule::prize_item) {
                            items.extend(self.prize_item(&k)?);
                        }
                        items
                    },
                    category: ids.next(),
                    span,
                }
            }
            Rule::expect_qualifies => {
                self.named(l, |player, span| Expect::Qualifies { player, span })?
            }
            Rule::expect_decided_by => Expect::DecidedBy {
                stage: self.nth_name(l, 0)?,
                step: self.nth_name(l, 1)?,
                span,
            },
            Rule::expect_stage_place => {
                let (stage, group) = self.stage_group(l)?;
                // With a group, the first direct identifier is the player; without, the second.
                let player = if group.is_some() {
                    self.nth_ident(l, 0)?
                } else {
                    self.nth_name(l, 1)?
                };
                Expect::StagePlace {
                    stage,
                    group,
                    place: self.nth_int(l, 0)?,
                    player,
                    span,
                }
            }
            Rule::expect_rounds => Expect::Rounds {
                stage: self.nth_name(l, 0)?,
                rounds: self.nth_int(l, 0)?,
                span,
            },
            Rule::expect_ranking_place => Expect::RankingPlace {
                ranking: self.nth_ident(l, 0)?,
                place: self.nth_int(l, 0)?,
                unit: self.nth_ident(l, 1)?,
                span,
            },
            _ => self.named(l, |player, span| Expect::Withdrawn { player, span })?,
        })
    }
}
