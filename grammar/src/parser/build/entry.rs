//! The entry block (field, pools, conditions, fees, named players) and categories.

use super::{kids, Builder, R};
use crate::ast::*;
use crate::parser::Rule;
use pest::iterators::Pair;

impl Builder {
    fn compare_of(&self, p: &Pair<Rule>) -> R<Spanned<CompareOp>> {
        self.child(
            p,
            Rule::compare,
            |b, k| Ok(b.compare(k)),
            "a comparison like `>=`",
        )
    }

    fn money_of(&self, p: &Pair<Rule>) -> R<Money> {
        match kids(p).find(|k| matches!(k.as_rule(), Rule::money | Rule::admin_money)) {
            Some(m) => self.money(&m),
            None => Err(self.missing(p, "an amount like `100 CNY`")),
        }
    }

    fn staff_roles(&self, p: &Pair<Rule>) -> R<Vec<(Ident, Spanned<u32>)>> {
        self.each(p, Rule::staff_role, Self::staff_role)
    }

    pub fn entry(&self, p: &Pair<Rule>) -> R<Entry> {
        self.block(p, Rule::entry_clause, Self::entry_clause)
    }

    fn entry_clause(&self, c: &Pair<Rule>) -> R<EntryClause> {
        let span = self.span(c);
        Ok(match c.as_rule() {
            Rule::field => EntryClause::Field(self.nth_int(c, 0)?),
            Rule::field_open => EntryClause::FieldOpen(span),
            Rule::cap => EntryClause::Cap {
                max: self.nth_int(c, 0)?,
                order: self.opt_ident(c, 0),
                span,
            },
            Rule::assume_field => EntryClause::AssumeField {
                size: self.nth_int(c, 0)?,
                reason: self.opt_text(c)?,
                span,
            },
            Rule::pool => EntryClause::Pool(self.pool(c)?),
            Rule::entry_age => EntryClause::Age {
                op: self.compare_of(c)?,
                years: self.nth_int(c, 0)?,
                requires: self.opt_text(c)?,
                span,
            },
            Rule::entry_title => EntryClause::Title {
                op: self.compare_of(c)?,
                title: self.nth_ident(c, 0)?,
                span,
            },
            Rule::entry_sex => EntryClause::Sex(self.nth_ident(c, 0)?),
            Rule::entry_grade => EntryClause::Grade {
                op: self.compare_of(c)?,
                grade: self.nth_int(c, 0)?,
                span,
            },
            Rule::condition => EntryClause::Condition(self.nth_text(c, 0)?),
            Rule::residence => EntryClause::Residence(self.nth_text(c, 0)?),
            Rule::deadline => self.deadline(c, span)?,
            Rule::fee => EntryClause::Fee {
                kind: self.nth_ident(c, 0)?,
                money: self.money_of(c)?,
                span,
            },
            Rule::deposit => EntryClause::Deposit {
                money: self.money_of(c)?,
                refund: self.opt_text(c)?,
                span,
            },
            Rule::subsidy => self.subsidy(c, span)?,
            Rule::staff => self.staff(c, span)?,
            Rule::player => EntryClause::Player(self.player(c)?),
            Rule::insurance => EntryClause::Insurance(self.nth_text(c, 0)?),
            Rule::team_size => self.team_size(c, span)?,
            Rule::team_decl => EntryClause::Team(self.team_decl(c)?),
            Rule::entry_quota => self.entry_quota(c, span)?,
            _ => return Err(self.missing(c, "an entry clause")),
        })
    }

    /// `deadline DATE [CLOCK]`: the date is required.
    fn deadline(&self, c: &Pair<Rule>, span: Span) -> R<EntryClause> {
        Ok(EntryClause::Deadline {
            date: self.child(c, Rule::date, Self::date, "a date")?,
            time: self.opt_child(c, Rule::clock, Self::clock)?,
            span,
        })
    }

    /// `subsidy WHO MONEY [limit N]`.
    fn subsidy(&self, c: &Pair<Rule>, span: Span) -> R<EntryClause> {
        Ok(EntryClause::Subsidy {
            who: self.nth_text(c, 0)?,
            money: self.money_of(c)?,
            limit: self.opt_child(c, Rule::int, Self::int)?,
            span,
        })
    }

    /// `staff per POOL|TEXT ROLES`.
    fn staff(&self, c: &Pair<Rule>, span: Span) -> R<EntryClause> {
        let per = match self.opt_ident(c, 0) {
            Some(pool) => StaffUnit::Pool(pool),
            None => StaffUnit::Text(self.nth_text(c, 0)?),
        };
        Ok(EntryClause::Staff {
            per,
            roles: self.staff_roles(c)?,
            span,
        })
    }

    /// `team_size MIN..MAX`, each bound with its own span.
    fn team_size(&self, c: &Pair<Rule>, span: Span) -> R<EntryClause> {
        let r = self.child(
            c,
            Rule::place_range,
            Self::place_range,
            "a number of players like `4..6`",
        )?;
        let mut ints = kids(c)
            .filter(|k| k.as_rule() == Rule::place_range)
            .flat_map(|k| {
                kids(&k)
                    .filter(|i| i.as_rule() == Rule::int)
                    .collect::<Vec<_>>()
            });
        let min_span = ints.next().map_or(r.span, |k| self.span(&k));
        let max_span = ints.next().map_or(min_span, |k| self.span(&k));
        Ok(EntryClause::TeamSize {
            min: Spanned::new(r.start, min_span),
            max: Spanned::new(r.end, max_span),
            span,
        })
    }

    /// `quota per unit|federation N ...`.
    fn entry_quota(&self, c: &Pair<Rule>, span: Span) -> R<EntryClause> {
        let per = match kids(c).find(|k| matches!(k.as_rule(), Rule::kw_unit | Rule::kw_federation))
        {
            Some(k) => self.ident(&k),
            None => return Err(self.missing(c, "`unit` or `federation`")),
        };
        Ok(EntryClause::Quota(EntryQuota {
            per,
            total: self.nth_int(c, 0)?,
            by_sex: self.staff_roles(c)?,
            except: self.opt_ident(c, 0),
            span,
        }))
    }

    fn pool(&self, p: &Pair<Rule>) -> R<Pool> {
        Ok(Pool {
            name: self.nth_ident(p, 0)?,
            size: self.opt_child(p, Rule::int, Self::int)?,
            title: self.opt_text(p)?,
            source: self.clauses(p, Rule::pool_source, Self::pool_source)?,
            span: self.span(p),
        })
    }

    fn pool_source(&self, s: &Pair<Rule>) -> R<PoolSource> {
        let span = self.tight_span(s);
        Ok(match s.as_rule() {
            Rule::pool_named => PoolSource::Named(span),
            Rule::pool_rating => PoolSource::RatingTop {
                count: self.nth_int(s, 0)?,
                as_of: self.opt_child(s, Rule::date, Self::date)?,
                span,
            },
            Rule::pool_sex => PoolSource::Sex(self.nth_ident(s, 0)?),
            Rule::pool_title => PoolSource::Title {
                op: self.compare_of(s)?,
                title: self.nth_ident(s, 0)?,
                span,
            },
            Rule::pool_excluding => PoolSource::Excluding(self.nth_ident(s, 0)?),
            Rule::pool_category => PoolSource::Category(self.nth_ident(s, 0)?),
            Rule::pool_replacement_from => PoolSource::ReplacementFrom {
                pool: self.nth_ident(s, 0)?,
                by: self.opt_ident(s, 1),
                span,
            },
            Rule::pool_replacement => PoolSource::Replacement {
                rule: self.nth_ident(s, 0)?,
                until: self.opt_child(s, Rule::int, Self::int)?,
                span,
            },
            Rule::pool_nominated => PoolSource::NominatedBy(self.nth_text(s, 0)?),
            Rule::pool_qualifiers => PoolSource::Qualifiers {
                event: self.nth_text(s, 0)?,
                top: self.opt_child(s, Rule::int, Self::int)?,
                span,
            },
            Rule::pool_invite => PoolSource::Invite {
                list: kids(s)
                    .filter(|k| k.as_rule() == Rule::invite_entry)
                    .map(|e| Ok((self.nth_ident(&e, 0)?, self.nth_int(&e, 0)?)))
                    .collect::<R<_>>()?,
                span,
            },
            Rule::pool_quota => PoolSource::Quota {
                who: self.nth_text(s, 0)?,
                count: self.nth_int(s, 0)?,
                span,
            },
            Rule::pool_host => PoolSource::Host {
                count: self.nth_int(s, 0)?,
                when_odd: kids(s)
                    .find(|k| k.as_rule() == Rule::kw_when_odd)
                    .map(|k| self.span(&k)),
                span,
            },
            Rule::pool_staff => PoolSource::Staff {
                roles: self.staff_roles(s)?,
                span,
            },
            Rule::pool_remark => PoolSource::Remark(self.nth_text(s, 0)?),
            _ => return Err(self.missing(s, "a pool source")),
        })
    }

    /// One pass over the children: rosters hold hundreds of players, so this is a hot path.
    pub fn player(&self, p: &Pair<Rule>) -> R<PlayerDecl> {
        let mut id = None;
        let mut name = None;
        let mut attrs = Vec::new();
        for k in kids(p) {
            match k.as_rule() {
                Rule::ident => id = Some(self.ident(&k)),
                Rule::text => name = Some(self.text(&k)?),
                Rule::player_attr => {
                    if let Some(a) = k.into_inner().next() {
                        attrs.push(self.player_attr(&a)?);
                    }
                }
                _ => {}
            }
        }
        match (id, name) {
            (Some(id), Some(name)) => Ok(PlayerDecl {
                id,
                name,
                attrs,
                span: self.span(p),
            }),
            _ => Err(self.missing(p, "a player id and name")),
        }
    }

    /// `unit "广东"`, `rating 2650`, ...: the keyword, then its value as the last child.
    fn player_attr(&self, a: &Pair<Rule>) -> R<PlayerAttr> {
        let value = kids(a)
            .last()
            .ok_or_else(|| self.missing(a, "a player attribute"))?;
        Ok(match a.as_rule() {
            Rule::player_unit => PlayerAttr::Unit(self.text(&value)?),
            Rule::player_pool => PlayerAttr::Pool(self.ident(&value)),
            Rule::player_rating => PlayerAttr::Rating(self.int(&value)?),
            Rule::player_sex => PlayerAttr::Sex(self.ident(&value)),
            Rule::player_born => PlayerAttr::Born(self.date(&value)?),
            Rule::player_title => PlayerAttr::Title(self.ident(&value)),
            Rule::player_federation => PlayerAttr::Federation(self.ident(&value)),
            Rule::player_order => PlayerAttr::Order(self.int(&value)?),
            Rule::player_seed => PlayerAttr::Seed(self.int(&value)?),
            Rule::player_team => PlayerAttr::Team(self.ident(&value)),
            Rule::player_grade => PlayerAttr::Grade(self.int(&value)?),
            Rule::player_school_year => PlayerAttr::SchoolYear(self.int(&value)?),
            Rule::player_club => PlayerAttr::Club(self.text(&value)?),
            Rule::player_residence => PlayerAttr::Residence(self.text(&value)?),
            Rule::player_qualified => PlayerAttr::Qualified(self.int(&value)?),
            _ => return Err(self.missing(a, "a player attribute")),
        })
    }

    pub fn team_decl(&self, p: &Pair<Rule>) -> R<TeamDecl> {
        Ok(TeamDecl {
            id: self.nth_ident(p, 0)?,
            name: self.nth_text(p, 0)?,
            span: self.span(p),
        })
    }

    pub fn category(&self, p: &Pair<Rule>) -> R<Category> {
        let conditions = self.clauses(p, Rule::category_cond, Self::category_cond)?;
        Ok(Category {
            name: self.nth_ident(p, 0)?,
            title: self.opt_text(p)?,
            conditions,
            span: self.span(p),
        })
    }

    fn category_cond(&self, c: &Pair<Rule>) -> R<CategoryCond> {
        let span = self.span(c);
        Ok(match c.as_rule() {
            Rule::category_born => CategoryCond::Born(self.child(
                c,
                Rule::date_window,
                Self::date_window,
                "a window of dates",
            )?),
            Rule::category_sex => CategoryCond::Sex(self.nth_ident(c, 0)?),
            Rule::category_title => CategoryCond::Title {
                op: self.compare_of(c)?,
                title: self.nth_ident(c, 0)?,
                span,
            },
            Rule::category_pool => CategoryCond::Pool(self.nth_ident(c, 0)?),
            Rule::category_within => CategoryCond::Within(self.nth_ident(c, 0)?),
            Rule::category_requires => CategoryCond::Requires(self.nth_text(c, 0)?),
            Rule::category_age => CategoryCond::Age {
                op: self.compare_of(c)?,
                years: self.nth_int(c, 0)?,
                on: self.opt_child(c, Rule::date, Self::date)?,
                requires: self.opt_text(c)?,
                span,
            },
            _ => self.category_rule(c)?,
        })
    }

    /// The conditions by attribute: federation, grade, school year, club, residence, a list.
    fn category_rule(&self, c: &Pair<Rule>) -> R<CategoryCond> {
        let span = self.span(c);
        let idents = || kids(c).filter(|k| k.as_rule() == Rule::ident);
        Ok(match c.as_rule() {
            Rule::category_federation => CategoryCond::Federation {
                not: kids(c).any(|k| k.as_rule() == Rule::kw_not),
                codes: idents().map(|k| self.ident(&k)).collect(),
                span,
            },
            Rule::category_grade => CategoryCond::Grade {
                op: self.compare_of(c)?,
                grade: self.nth_int(c, 0)?,
                span,
            },
            Rule::category_rating => CategoryCond::Rating {
                op: self.compare_of(c)?,
                rating: self.nth_int(c, 0)?,
                span,
            },
            Rule::category_school_year => {
                let years = match kids(c).find(|k| k.as_rule() == Rule::place_range) {
                    Some(r) => {
                        let mut ints = self.each(&r, Rule::int, Self::int)?.into_iter();
                        let from = ints
                            .next()
                            .ok_or_else(|| self.missing(c, "a school year"))?;
                        let to = ints.next().unwrap_or_else(|| from.clone());
                        if to.node < from.node {
                            self.place_range(&r)?;
                        }
                        SchoolYears::Range { from, to }
                    }
                    None => SchoolYears::Compare {
                        op: self.compare_of(c)?,
                        year: self.nth_int(c, 0)?,
                    },
                };
                CategoryCond::SchoolYear { years, span }
            }
            Rule::category_club => CategoryCond::Club(self.nth_text(c, 0)?),
            Rule::category_residence => CategoryCond::Residence(self.nth_text(c, 0)?),
            Rule::category_players => CategoryCond::Players {
                ids: idents().map(|k| self.ident(&k)).collect(),
                span,
            },
            _ => return Err(self.missing(c, "a category condition")),
        })
    }
}
