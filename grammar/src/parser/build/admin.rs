//! Conduct rules, the schedule, registration and expense clauses, and notes.

use super::{kids, Builder, R};
use crate::ast::*;
use crate::parser::Rule;
use pest::iterators::Pair;

impl Builder {
    pub fn conduct(&self, p: &Pair<Rule>) -> R<Conduct> {
        Ok(Conduct {
            rules: self.each(p, Rule::conduct_rule, Self::conduct_rule)?,
            span: self.span(p),
        })
    }

    fn conduct_rule(&self, r: &Pair<Rule>) -> R<ConductRule> {
        let span = self.span(r);
        if let Some(t) = kids(r).find(|k| k.as_rule() == Rule::conduct_text_rule) {
            let kind = kids(&t)
                .find(|k| k.as_rule() == Rule::kw_rule)
                .map(|k| self.ident(&k))
                .ok_or_else(|| self.missing(&t, "`rule`"))?;
            return Ok(ConductRule {
                kind,
                args: Vec::new(),
                scope: Vec::new(),
                scope_is_stage: false,
                text: Some((self.nth_text(&t, 0)?, self.nth_text(&t, 1)?)),
                span,
            });
        }
        let mut kind = None;
        let mut scope = Vec::new();
        let mut scope_is_stage = false;
        for k in kids(r) {
            match k.as_rule() {
                Rule::ident if kind.is_none() => kind = Some(self.ident(&k)),
                Rule::conduct_scope => {
                    scope_is_stage |= kids(&k).any(|s| s.as_rule() == Rule::scope_stage);
                    scope.extend(self.idents(&k));
                }
                _ => {}
            }
        }
        Ok(ConductRule {
            kind: kind.ok_or_else(|| self.missing(r, "a rule name"))?,
            args: self.clauses(r, Rule::conduct_arg, Self::conduct_arg)?,
            scope,
            scope_is_stage,
            text: None,
            span,
        })
    }

    fn conduct_arg(&self, a: &Pair<Rule>) -> R<ConductArg> {
        Ok(match a.as_rule() {
            Rule::duration => ConductArg::Duration(self.duration(a)?),
            Rule::clock => ConductArg::Time(self.clock(a)?),
            Rule::int => ConductArg::Int(self.int(a)?),
            Rule::text => ConductArg::Text(self.text(a)?),
            _ => ConductArg::Word(self.ident(a)),
        })
    }

    pub fn schedule(&self, p: &Pair<Rule>) -> R<Schedule> {
        let mut days = Vec::new();
        let mut tbd = None;
        for k in kids(p) {
            match k.as_rule() {
                Rule::day => days.push(self.day(&k)?),
                Rule::tbd => tbd = Some(self.nth_text(&k, 0)?),
                _ => {}
            }
        }
        Ok(Schedule {
            days,
            tbd,
            span: self.span(p),
        })
    }

    fn day(&self, d: &Pair<Rule>) -> R<Day> {
        Ok(Day {
            date: self.child(d, Rule::date, Self::date, "a date")?,
            venue: self.opt_child(d, Rule::day_venue, |b, v| {
                b.child(v, Rule::text, Self::text, "the venue's name")
            })?,
            slots: self.each(d, Rule::slot, Self::slot)?,
            span: self.span(d),
        })
    }

    fn slot(&self, s: &Pair<Rule>) -> R<Slot> {
        let mut start = None;
        let mut end = None;
        let mut kind = None;
        let mut text = None;
        for k in kids(s) {
            match k.as_rule() {
                Rule::slot_start | Rule::slot_end => {
                    let clock = match k.clone().into_inner().next() {
                        Some(c) => self.clock(&c)?,
                        None => return Err(self.missing(&k, "a time like `08:10`")),
                    };
                    if k.as_rule() == Rule::slot_start {
                        start = Some(clock);
                    } else {
                        end = Some(clock);
                    }
                }
                Rule::slot_rounds => {
                    let refs = kids(&k)
                        .filter(|r| r.as_rule() == Rule::round_ref)
                        .map(|r| {
                            Ok(RoundRef {
                                stage: self.nth_ident(&r, 0)?,
                                rounds: self.child(
                                    &r,
                                    Rule::place_range,
                                    Self::place_range,
                                    "a round number",
                                )?,
                                span: self.span(&r),
                            })
                        })
                        .collect::<R<_>>()?;
                    kind = Some(SlotKind::Rounds(refs));
                }
                Rule::ident => kind = Some(SlotKind::Event(self.ident(&k))),
                Rule::text => text = Some(self.text(&k)?),
                _ => {}
            }
        }
        if let (Some(a), Some(b)) = (&start, &end) {
            if b.node < a.node {
                return Err(self.err(
                    crate::SyntaxErrorKind::ReversedRange {
                        found: s
                            .as_str()
                            .split_whitespace()
                            .next()
                            .unwrap_or("")
                            .to_string(),
                    },
                    s,
                ));
            }
        }
        Ok(Slot {
            start,
            end,
            kind: kind.ok_or_else(|| self.missing(s, "what happens in the slot"))?,
            text,
            span: self.span(s),
        })
    }

    /// `registration { ... }` and `expenses { ... }`: a block of administrative clauses.
    pub fn admin_block(&self, p: &Pair<Rule>) -> R<Block<AdminClause>> {
        let clauses = self.each(p, Rule::admin_clause, Self::admin_clause)?;
        Ok(Block {
            clauses,
            span: self.span(p),
        })
    }

    fn admin_clause(&self, c: &Pair<Rule>) -> R<AdminClause> {
        let args = self.clauses(c, Rule::admin_arg, Self::admin_arg)?;
        Ok(AdminClause {
            kind: self.nth_ident(c, 0)?,
            args,
            span: self.span(c),
        })
    }

    fn admin_arg(&self, a: &Pair<Rule>) -> R<AdminArg> {
        Ok(match a.as_rule() {
            Rule::date => AdminArg::Date(self.date(a)?),
            Rule::clock => AdminArg::Time(self.clock(a)?),
            Rule::admin_money => AdminArg::Money(self.money(a)?),
            Rule::place_span => AdminArg::Places(self.place_range(a)?),
            Rule::int => AdminArg::Int(self.int(a)?),
            Rule::text => AdminArg::Text(self.text(a)?),
            _ => AdminArg::Word(self.ident(a)),
        })
    }

    pub fn note(&self, p: &Pair<Rule>) -> R<Note> {
        Ok(Note {
            heading: self.nth_text(p, 0)?,
            body: self.nth_text(p, 1)?,
            article: self.opt_ident(p, 0),
            span: self.span(p),
        })
    }
}
