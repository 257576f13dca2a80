//! Scoring, time controls, tie-break chains and playoff chains.

use super::{kids, Builder, R};
use crate::ast::*;
use crate::parser::Rule;
use pest::iterators::Pair;

impl Builder {
    fn score_points(&self, p: &Pair<Rule>) -> R<Vec<(Ident, Spanned<i64>)>> {
        kids(p)
            .filter(|k| k.as_rule() == Rule::score_point)
            .map(|k| {
                let value = self.child(&k, Rule::signed_int, Self::signed, "a number of points")?;
                Ok((self.nth_ident(&k, 0)?, value))
            })
            .collect()
    }

    pub fn scoring(&self, p: &Pair<Rule>) -> R<Scoring> {
        let matches = self.opt_child(p, Rule::score_match, Self::score_points)?;
        Ok(Scoring {
            name: self.opt_ident(p, 0),
            points: self.score_points(p)?,
            matches,
            span: self.span(p),
        })
    }

    pub fn time_control(&self, p: &Pair<Rule>) -> R<TimeControl> {
        self.named_block(p, Rule::time_clause, Self::time_clause)
    }

    fn time_clause(&self, c: &Pair<Rule>) -> R<TimeClause> {
        let dur = || self.child(c, Rule::duration, Self::duration, "a duration like `20min`");
        Ok(match c.as_rule() {
            Rule::time_base => TimeClause::Base(dur()?),
            Rule::time_red => TimeClause::Red(dur()?),
            Rule::time_black => TimeClause::Black(dur()?),
            Rule::time_increment => TimeClause::Increment(dur()?),
            Rule::sudden_death => TimeClause::SuddenDeath(self.span(c)),
            Rule::flag_loses => TimeClause::FlagLoses(self.span(c)),
            Rule::draw_goes_to => TimeClause::DrawGoesTo(self.nth_ident(c, 0)?),
            Rule::time_moves => TimeClause::Moves {
                moves: self.nth_int(c, 0)?,
                then: dur()?,
                span: self.span(c),
            },
            _ => return Err(self.missing(c, "a time-control clause")),
        })
    }

    /// `tiebreak` (with its keyword) or the criteria of `ranked_by { ... }`.
    pub fn tiebreak(&self, p: &Pair<Rule>) -> R<TiebreakChain> {
        Ok(TiebreakChain {
            criteria: self.each(p, Rule::criterion, Self::criterion)?,
            span: self.span(p),
        })
    }

    fn criterion(&self, p: &Pair<Rule>) -> R<Criterion> {
        let mut variants = Vec::new();
        let mut params = Vec::new();
        for o in kids(p).filter(|k| k.as_rule() == Rule::criterion_option) {
            let Some(o) = self.first(&o) else { continue };
            match o.as_rule() {
                Rule::criterion_param => params.push(self.param(&o)?),
                Rule::criterion_variant => variants.push(self.nth_ident(&o, 0)?),
                _ => {}
            }
        }
        Ok(Criterion {
            name: self.nth_ident(p, 0)?,
            variants,
            params,
            span: self.span(p),
        })
    }

    pub fn playoff_chain(&self, p: &Pair<Rule>) -> R<PlayoffChain> {
        let steps = self.clauses(p, Rule::playoff_step, Self::playoff_step)?;
        Ok(PlayoffChain {
            name: self.opt_ident(p, 0),
            title: self.opt_text(p)?,
            steps,
            span: self.span(p),
        })
    }

    /// The colour rule (`colours swap`) and game count (`games 2`) of a step, in any order.
    fn step_options(&self, s: &Pair<Rule>) -> R<(Option<Ident>, Option<Spanned<u32>>)> {
        let mut colours = None;
        let mut games = None;
        let mut after = None;
        for k in kids(s) {
            match k.as_rule() {
                Rule::kw_colours => after = Some(Rule::kw_colours),
                Rule::kw_games => after = Some(Rule::kw_games),
                Rule::ident if after == Some(Rule::kw_colours) => colours = Some(self.ident(&k)),
                Rule::int if after == Some(Rule::kw_games) => games = Some(self.int(&k)?),
                _ => {}
            }
        }
        Ok((colours, games))
    }

    fn playoff_step(&self, s: &Pair<Rule>) -> R<PlayoffStep> {
        let span = self.span(s);
        Ok(match s.as_rule() {
            Rule::playoff_game => {
                let (colours, games) = self.step_options(s)?;
                PlayoffStep::Game {
                    time: self.nth_ident(s, 0)?,
                    colours,
                    games,
                    span,
                }
            }
            Rule::playoff_armageddon => {
                let (colours, _) = self.step_options(s)?;
                PlayoffStep::Armageddon {
                    time: self.nth_ident(s, 0)?,
                    colours,
                    span,
                }
            }
            Rule::playoff_lots => PlayoffStep::Lots(span),
            Rule::playoff_earlier => PlayoffStep::EarlierGame(span),
            Rule::playoff_black => PlayoffStep::Black(span),
            Rule::tiebreak => PlayoffStep::Tiebreak(self.tiebreak(s)?),
            _ => return Err(self.missing(s, "a playoff step")),
        })
    }
}
