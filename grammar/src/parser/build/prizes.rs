//! Prize tables and qualification places.

use super::{kids, Builder, R};
use crate::ast::*;
use crate::parser::Rule;
use pest::iterators::Pair;

impl Builder {
    pub fn prizes(&self, p: &Pair<Rule>) -> R<Prizes> {
        let mut category = None;
        let mut title = None;
        let mut currency = None;
        let mut tax = None;
        let mut lines = Vec::new();
        let mut total = None;
        let mut limits = Vec::new();
        for k in kids(p) {
            match k.as_rule() {
                Rule::ident => category = Some(self.ident(&k)),
                Rule::text => title = Some(self.text(&k)?),
                Rule::currency => currency = Some(self.currency(&k)?),
                Rule::tax => tax = Some(self.ident(&k)),
                Rule::prize_line => lines.push(self.prize_line(&k)?),
                Rule::prize_total => total = self.opt_child(&k, Rule::money, Self::money)?,
                Rule::prize_limit => limits.push(self.prize_limit(&k)?),
                _ => {}
            }
        }
        Ok(Prizes {
            category,
            title,
            currency,
            tax,
            lines,
            total,
            limits,
            span: self.span(p),
        })
    }

    pub fn board_prizes(&self, p: &Pair<Rule>) -> R<BoardPrizes> {
        let mut b = BoardPrizes {
            name: self.nth_ident(p, 0)?,
            title: None,
            currency: None,
            from: None,
            boards: None,
            by: None,
            min_games: None,
            ties: None,
            lines: Vec::new(),
            span: self.span(p),
        };
        for k in kids(p) {
            match k.as_rule() {
                Rule::text => b.title = Some(self.text(&k)?),
                Rule::currency => b.currency = Some(self.currency(&k)?),
                Rule::board_from => b.from = Some(self.nth_ident(&k, 0)?),
                Rule::board_boards => {
                    b.boards = self.opt_child(&k, Rule::place_range, Self::place_range)?
                }
                Rule::board_by => b.by = Some(self.nth_ident(&k, 0)?),
                Rule::board_min_games => b.min_games = Some(self.nth_int(&k, 0)?),
                Rule::board_ties => {
                    let words = self.idents(&k).collect();
                    b.ties = Some((words, self.span(&k)));
                }
                Rule::board_prize_line => b.lines.push(self.prize_line(&k)?),
                _ => {}
            }
        }
        Ok(b)
    }

    fn prize_limit(&self, p: &Pair<Rule>) -> R<PrizeLimit> {
        let rule = match kids(p).find(|k| k.as_rule() == Rule::prize_limit_minus) {
            Some(m) => PrizeLimitRule::EntriesMinus(self.nth_int(&m, 0)?),
            None => PrizeLimitRule::HalfEntries,
        };
        Ok(PrizeLimit {
            rule,
            span: self.span(p),
        })
    }

    fn prize_line(&self, p: &Pair<Rule>) -> R<PrizeLine> {
        let mut key = None;
        let mut money = None;
        let mut each = false;
        let mut items = Vec::new();
        for k in kids(p) {
            match k.as_rule() {
                Rule::place_range => key = Some(PrizeKey::Places(self.place_range(&k)?)),
                Rule::prize_eliminated => {
                    key = Some(PrizeKey::Eliminated {
                        stage: self.nth_ident(&k, 0)?,
                        round: self.nth_int(&k, 0)?,
                        span: self.span(&k),
                    })
                }
                Rule::prize_completed => key = Some(PrizeKey::Completed(self.span(&k))),
                Rule::money => money = Some(self.money(&k)?),
                Rule::prize_each => each = true,
                Rule::prize_item => items.extend(self.prize_item(&k)?),
                _ => {}
            }
        }
        Ok(PrizeLine {
            key: key.ok_or_else(|| self.missing(p, "places like `5..8`"))?,
            money,
            each,
            items,
            span: self.span(p),
        })
    }

    /// An award of a prize line or of a scenario's `prize` expectation: `trophy`, `medal gold`,
    /// `plaque`, `certificate`, `item "棋王杯"`.
    pub fn prize_item(&self, k: &Pair<Rule>) -> R<Option<PrizeItem>> {
        let Some(i) = self.first(k) else {
            return Ok(None);
        };
        let span = self.span(&i);
        Ok(Some(match i.as_rule() {
            Rule::item_trophy => PrizeItem::Trophy(span),
            Rule::item_medal => PrizeItem::Medal {
                metal: self.opt_ident(&i, 0),
                span,
            },
            Rule::item_plaque => PrizeItem::Plaque(span),
            Rule::item_certificate => PrizeItem::Certificate(span),
            _ => PrizeItem::Other(self.nth_text(&i, 0)?),
        }))
    }

    pub fn qualification(&self, p: &Pair<Rule>) -> R<Qualification> {
        let mut quotas = Vec::new();
        let mut replacement = None;
        let mut replacement_until = None;
        let mut staff = Vec::new();
        for w in kids(p).filter(|k| k.as_rule() == Rule::qualification_clause) {
            let Some(c) = self.first(&w) else { continue };
            match c.as_rule() {
                Rule::quota => quotas.push(Quota {
                    category: self.nth_ident(&c, 0)?,
                    count: self.nth_int(&c, 0)?,
                    span: self.span(&c),
                }),
                Rule::qualification_replacement => {
                    replacement = Some(self.nth_ident(&c, 0)?);
                    if kids(&c).any(|k| k.as_rule() == Rule::int) {
                        replacement_until = Some(self.nth_int(&c, 0)?);
                    }
                }
                _ => {
                    for r in kids(&c).filter(|k| k.as_rule() == Rule::staff_role) {
                        staff.push(self.staff_role(&r)?);
                    }
                }
            }
        }
        Ok(Qualification {
            title: self.nth_text(p, 0)?,
            quotas,
            replacement,
            replacement_until,
            staff,
            span: self.span(p),
        })
    }

    pub fn ranking(&self, p: &Pair<Rule>) -> R<DerivedRanking> {
        let mut r = DerivedRanking {
            name: self.nth_ident(p, 0)?,
            title: None,
            from: None,
            also_from: Vec::new(),
            by: None,
            sum: None,
            short: None,
            span: self.span(p),
        };
        for k in kids(p) {
            match k.as_rule() {
                Rule::text => r.title = Some(self.text(&k)?),
                Rule::ranking_clause => {
                    let Some(c) = self.first(&k) else { continue };
                    match c.as_rule() {
                        Rule::ranking_from => {
                            r.from = Some(self.nth_ident(&c, 0)?);
                            r.also_from = self.idents(&c).skip(1).collect();
                        }
                        Rule::ranking_by => r.by = Some(self.nth_ident(&c, 0)?),
                        Rule::ranking_sum => {
                            let measure = kids(&c)
                                .find(|m| m.as_rule() == Rule::ranking_measure)
                                .map(|m| self.ident(&m))
                                .ok_or_else(|| self.missing(&c, "`places` or `points`"))?;
                            r.sum = Some(RankingSum {
                                measure,
                                best: self.opt_child(&c, Rule::int, Self::int)?,
                                span: self.span(&c),
                            });
                        }
                        _ => {
                            r.short = kids(&c)
                                .find(|m| m.as_rule() == Rule::ranking_short_rule)
                                .map(|m| self.ident(&m));
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(r)
    }
}
