//! The regulation header, organisers and contacts.

use super::{kids, Builder, R};
use crate::ast::*;
use crate::parser::Rule;
use pest::iterators::Pair;

impl Builder {
    pub fn regulation(&self, p: &Pair<Rule>) -> R<Regulation> {
        let mut clauses = Vec::new();
        for k in kids(p) {
            if k.as_rule() == Rule::header_clause {
                if let Some(c) = self.first(&k) {
                    self.header_clause(&c, &mut clauses)?;
                }
            }
        }
        Ok(Regulation {
            title: self.nth_text(p, 0)?,
            clauses,
            span: self.span(p),
        })
    }

    fn header_clause(&self, c: &Pair<Rule>, out: &mut Vec<HeaderClause>) -> R<()> {
        let span = self.span(c);
        let clause = match c.as_rule() {
            Rule::edition => HeaderClause::Edition(self.nth_int(c, 0)?),
            Rule::issued => HeaderClause::Issued {
                date: self.child(c, Rule::date, Self::date, "a date")?,
                by: self.opt_text(c)?,
                span,
            },
            Rule::event_dates => {
                let dates: Vec<_> = self.each(c, Rule::date, Self::date)?;
                let from = dates
                    .first()
                    .cloned()
                    .ok_or_else(|| self.missing(c, "a date"))?;
                let to = dates.get(1).cloned().unwrap_or_else(|| from.clone());
                if to.node < from.node {
                    return Err(self.err(
                        crate::SyntaxErrorKind::ReversedRange {
                            found: c.as_str().to_string(),
                        },
                        c,
                    ));
                }
                HeaderClause::Dates { from, to, span }
            }
            Rule::venue => HeaderClause::Venue(self.nth_text(c, 0)?),
            Rule::rulebook => HeaderClause::Rulebook {
                kind: self.nth_ident(c, 0)?,
                text: self.opt_text(c)?,
                span,
            },
            Rule::event_kind => HeaderClause::Event {
                kind: self.nth_ident(c, 0)?,
                text: self.opt_text(c)?,
                span,
            },
            Rule::interpretation => HeaderClause::Interpretation(self.nth_text(c, 0)?),
            Rule::prize_fund => HeaderClause::PrizeFund(self.child(
                c,
                Rule::money,
                Self::money,
                "an amount like 500000 CNY",
            )?),
            Rule::one_cash_prize => HeaderClause::OneCashPrize { span },
            Rule::officials => {
                for o in kids(c).filter(|k| k.as_rule() == Rule::official) {
                    out.push(HeaderClause::Official {
                        role: self.nth_ident(&o, 0)?,
                        text: self.nth_text(&o, 0)?,
                        span: self.span(&o),
                    });
                }
                return Ok(());
            }
            _ => return Err(self.missing(c, "a header clause")),
        };
        out.push(clause);
        Ok(())
    }

    pub fn organisers(&self, p: &Pair<Rule>) -> R<Organisers> {
        let roles = kids(p)
            .filter(|k| k.as_rule() == Rule::organiser_role)
            .map(|r| {
                Ok(OrganiserRole {
                    role: self.nth_ident(&r, 0)?,
                    names: self.each(&r, Rule::text, Self::text)?,
                    span: self.span(&r),
                })
            })
            .collect::<R<_>>()?;
        Ok(Organisers {
            roles,
            span: self.span(p),
        })
    }

    pub fn contacts(&self, p: &Pair<Rule>) -> R<Contacts> {
        let mut contacts = Vec::new();
        for c in kids(p).filter(|k| k.as_rule() == Rule::contact) {
            let mut fields = Vec::new();
            let mut purpose = None;
            for k in kids(&c) {
                match k.as_rule() {
                    Rule::contact_field => {
                        fields.push((self.nth_ident(&k, 0)?, self.nth_text(&k, 0)?))
                    }
                    Rule::ident => purpose = Some(self.ident(&k)),
                    _ => {}
                }
            }
            contacts.push(Contact {
                name: self.nth_text(&c, 0)?,
                fields,
                purpose,
                span: self.span(&c),
            });
        }
        Ok(Contacts {
            contacts,
            span: self.span(p),
        })
    }
}
