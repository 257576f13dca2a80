//! Lowering of the entry block (field, pools, named players, conditions) and categories.

use std::collections::BTreeMap;

use xqreg_grammar::ast::{self, CategoryCond, EntryClause, Item, PlayerAttr, PoolSource};
use xqreg_runtime::plan::{self, Origin, Sex, Title};

use super::{compare, text, Lowerer};

impl Lowerer<'_> {
    pub(super) fn entry(&self) -> plan::Entry {
        let mut field = None;
        let mut open = None;
        let mut assumed = None;
        let mut pools = Vec::new();
        let mut players = Vec::new();
        let mut conditions = Vec::new();
        let mut quotas = Vec::new();
        let mut teams = Vec::new();
        let mut team_size = None;
        let mut origin = Origin::default_rule("default: no entry block");
        for item in self.items() {
            let Item::Entry(entry) = item else { continue };
            origin = self.origin(entry.span);
            for clause in &entry.clauses {
                match clause {
                    EntryClause::Field(n) => {
                        field = Some(plan::Field::Exact {
                            size: n.node,
                            origin: self.origin(n.span),
                        })
                    }
                    EntryClause::FieldOpen(span) => open = Some(self.origin(*span)),
                    EntryClause::Cap { max, order, span } => {
                        field = Some(plan::Field::Cap {
                            max: max.node,
                            assumed: None,
                            order: order.as_ref().and_then(|o| cap_order(&o.node)),
                            origin: self.origin(*span),
                        })
                    }
                    EntryClause::AssumeField { size, .. } => assumed = Some(size.node),
                    EntryClause::Pool(pool) => pools.push(self.pool(pool)),
                    EntryClause::Player(p) => players.push(self.player(p)),
                    EntryClause::Age { .. }
                    | EntryClause::Title { .. }
                    | EntryClause::Sex(_)
                    | EntryClause::Grade { .. } => conditions.extend(self.condition(clause)),
                    EntryClause::Quota(q) => quotas.push(self.quota(q)),
                    EntryClause::Condition(_)
                    | EntryClause::Residence(_)
                    | EntryClause::Deadline { .. }
                    | EntryClause::Fee { .. }
                    | EntryClause::Deposit { .. }
                    | EntryClause::Subsidy { .. }
                    | EntryClause::Staff { .. }
                    | EntryClause::Insurance(_) => {}
                    EntryClause::TeamSize { min, max, span } => {
                        team_size = Some(plan::TeamSize {
                            min: min.node,
                            max: max.node,
                            origin: self.origin(*span),
                        })
                    }
                    EntryClause::Team(t) => teams.push(plan::DeclaredTeam {
                        id: t.id.node.clone(),
                        name: super::text(&t.name),
                        name_en: t.name.en.as_ref().map(|e| e.node.clone()),
                        origin: self.origin(t.span),
                    }),
                }
            }
        }
        // `event men_individual` / `women_individual` bars the other sex as `sex` would.
        if !conditions
            .iter()
            .any(|c| matches!(c, plan::Condition::Sex { .. }))
        {
            if let Some(c) = self.event_sex() {
                conditions.push(c);
            }
        }
        let field = settled_field(field, open, assumed, players.len());
        plan::Entry {
            field,
            pools,
            players,
            conditions,
            quotas,
            teams,
            team_size,
            origin,
        }
    }

    /// An entry condition the engine applies (`age`, `title`, `sex`, `grade`); `None` for
    /// another clause, for a word the checker has refused, or for a print-only one.
    fn condition(&self, clause: &EntryClause) -> Option<plan::Condition> {
        match clause {
            // `age >= 65 requires "..."` asks for a document, it bars nobody: print-only.
            EntryClause::Age {
                op,
                years,
                requires: None,
                span,
            } => Some(plan::Condition::Age {
                op: compare(op.node),
                years: years.node,
                origin: self.origin(*span),
            }),
            EntryClause::Title { op, title, span } => {
                title_word(&title.node).map(|t| plan::Condition::Title {
                    op: compare(op.node),
                    title: t,
                    origin: self.origin(*span),
                })
            }
            EntryClause::Sex(s) => Sex::parse(&s.node).map(|sex| plan::Condition::Sex {
                sex,
                origin: self.origin(s.span),
            }),
            EntryClause::Grade { op, grade, span } => Some(plan::Condition::Grade {
                op: compare(op.node),
                grade: grade.node,
                origin: self.origin(*span),
            }),
            _ => None,
        }
    }

    /// `quota per unit 3 men 2 women 1 except category C`; the checker has refused a scope or
    /// sex word it does not know (E111), so any other word here is not reached.
    fn quota(&self, q: &ast::EntryQuota) -> plan::EntryQuota {
        let per = if q.per.node == "federation" {
            plan::QuotaScope::Federation
        } else {
            plan::QuotaScope::Unit
        };
        let of = |sex: Sex| {
            q.by_sex
                .iter()
                .find(|(w, _)| Sex::parse(&w.node) == Some(sex))
                .map(|(_, n)| n.node)
        };
        plan::EntryQuota {
            per,
            total: q.total.node,
            men: of(Sex::Men),
            women: of(Sex::Women),
            except: q.except.as_ref().map(|c| c.node.clone()),
            origin: self.origin(q.span),
        }
    }

    /// The sex an `event men_individual|women_individual` header admits, as a condition.
    fn event_sex(&self) -> Option<plan::Condition> {
        self.items().find_map(|i| match i {
            Item::Regulation(r) => r.clauses.iter().find_map(|c| match c {
                ast::HeaderClause::Event { kind, .. } => {
                    let sex = match kind.node.as_str() {
                        "men_individual" => Sex::Men,
                        "women_individual" => Sex::Women,
                        _ => return None,
                    };
                    Some(plan::Condition::Sex {
                        sex,
                        origin: self.origin(kind.span),
                    })
                }
                _ => None,
            }),
            _ => None,
        })
    }

    fn pool(&self, pool: &ast::Pool) -> plan::Pool {
        let mut out = plan::Pool {
            title: pool.title.as_ref().map(text),
            size: pool.size.as_ref().map(|s| s.node),
            ..plan::Pool::new(pool.name.node.clone(), self.origin(pool.span))
        };
        let next_in_line = pool.source.iter().any(
            |s| matches!(s, PoolSource::Replacement { rule, .. } if rule.node == "next_in_line"),
        );
        let until = pool.source.iter().find_map(|s| match s {
            PoolSource::Replacement { until: Some(u), .. } => Some(u.node),
            _ => None,
        });
        for source in &pool.source {
            match source {
                PoolSource::Named(_) => out.named = true,
                PoolSource::Sex(s) => out.sex = Sex::parse(&s.node),
                PoolSource::Title { op, title, .. } => {
                    out.title_condition = title_word(&title.node).map(|t| (compare(op.node), t))
                }
                PoolSource::NominatedBy(t) => out.unit = Some(text(t)),
                PoolSource::Category(c) => out.category = Some(c.node.clone()),
                PoolSource::Host {
                    when_odd: Some(w), ..
                } => out.host_when_odd = Some(self.origin(*w)),
                PoolSource::Qualifiers { event, top, span } => {
                    out.qualifiers = Some(plan::Qualifiers {
                        event: text(event),
                        top: top.as_ref().map(|t| t.node),
                        replacement: plan::Replacement {
                            next_in_line,
                            until,
                        },
                        origin: self.origin(*span),
                    })
                }
                PoolSource::ReplacementFrom { pool, by, span } => {
                    out.replacement_from = Some(plan::ReplacementFrom {
                        pool: pool.node.clone(),
                        order: match by.as_ref().map(|b| b.node.as_str()) {
                            Some("place") => plan::ReserveOrder::Place,
                            Some("order") => plan::ReserveOrder::Order,
                            _ => plan::ReserveOrder::Rating,
                        },
                        origin: self.origin(*span),
                    })
                }
                PoolSource::Invite { list, span } => {
                    // Without a size of its own the pool holds the invited players.
                    let invited = list
                        .iter()
                        .map(|(_, n)| n.node)
                        .fold(0u32, u32::saturating_add);
                    out.size = out.size.or(Some(invited));
                    out.invite = Some(plan::Invitation {
                        federations: list.iter().map(|(f, n)| (f.node.clone(), n.node)).collect(),
                        origin: self.origin(*span),
                    })
                }
                PoolSource::RatingTop { .. }
                | PoolSource::Excluding(_)
                | PoolSource::Replacement { .. }
                | PoolSource::Quota { .. }
                | PoolSource::Host { .. }
                | PoolSource::Staff { .. }
                | PoolSource::Remark(_) => {}
            }
        }
        out
    }

    fn player(&self, p: &ast::PlayerDecl) -> plan::NamedPlayer {
        let mut out = plan::NamedPlayer {
            name_en: p.name.en.as_ref().map(|e| e.node.clone()),
            ..plan::NamedPlayer::new(
                p.id.node.clone(),
                p.name.zh.node.clone(),
                self.origin(p.span),
            )
        };
        for attr in &p.attrs {
            match attr {
                PlayerAttr::Unit(t) => out.unit = Some(text(t)),
                PlayerAttr::Pool(i) if out.pool.is_some() => out.also_pools.push(i.node.clone()),
                PlayerAttr::Pool(i) => out.pool = Some(i.node.clone()),
                PlayerAttr::Rating(n) => out.rating = Some(n.node),
                PlayerAttr::Sex(s) => out.sex = Sex::parse(&s.node),
                PlayerAttr::Born(d) => out.born = Some(d.node),
                PlayerAttr::Title(t) => out.title = title_word(&t.node),
                PlayerAttr::Federation(f) => out.federation = Some(f.node.clone()),
                PlayerAttr::Order(n) => out.order = Some(n.node),
                PlayerAttr::Seed(n) => out.seed = Some(n.node),
                PlayerAttr::Grade(n) => out.grade = Some(n.node),
                PlayerAttr::SchoolYear(n) => out.school_year = Some(n.node),
                PlayerAttr::Club(t) => out.club = Some(text(t)),
                PlayerAttr::Residence(t) => out.residence = Some(text(t)),
                PlayerAttr::Qualified(n) => out.qualified = Some(n.node),
                PlayerAttr::Team(_) => {}
            }
        }
        out
    }

    pub(super) fn categories(&self) -> BTreeMap<String, plan::Category> {
        let mut out = BTreeMap::new();
        for item in self.items() {
            let Item::Category(c) = item else { continue };
            let mut cat = plan::Category {
                title: c.title.as_ref().map(text),
                title_en: c
                    .title
                    .as_ref()
                    .and_then(|t| t.en.as_ref())
                    .map(|e| e.node.clone()),
                ..plan::Category::new(c.name.node.clone(), self.origin(c.span))
            };
            for cond in &c.conditions {
                match cond {
                    CategoryCond::Born(w) => {
                        // `before D` / `after D` are exclusive: the window ends the day before,
                        // or starts the day after (the checker warns that the wording is
                        // ambiguous; W601).
                        let shift = |d: &ast::Date, forward: bool| {
                            let d = *d;
                            if w.exclusive {
                                if forward {
                                    d.next_day()
                                } else {
                                    d.previous_day()
                                }
                            } else {
                                d
                            }
                        };
                        cat.born_from = w.from.as_ref().map(|d| shift(&d.node, true));
                        cat.born_to = w.to.as_ref().map(|d| shift(&d.node, false));
                    }
                    CategoryCond::Sex(s) => cat.sex = Sex::parse(&s.node),
                    CategoryCond::Title { op, title, .. } => {
                        cat.title_condition = title_word(&title.node).map(|t| (compare(op.node), t))
                    }
                    CategoryCond::Pool(p) => cat.pool = Some(p.node.clone()),
                    CategoryCond::Within(p) => cat.within = Some(p.node.clone()),
                    // An age clause that only asks for a document (`requires`) is print-only.
                    CategoryCond::Age {
                        op,
                        years,
                        on: None,
                        requires: None,
                        ..
                    } => cat.age.push((compare(op.node), years.node)),
                    CategoryCond::Age {
                        requires: Some(_), ..
                    }
                    | CategoryCond::Requires(_) => {}
                    other => cat.rules.extend(rule(other)),
                }
            }
            out.entry(cat.name.clone()).or_insert(cat);
        }
        out
    }
}

/// A condition by attribute as the plan holds it (the school years as an inclusive range of
/// 1..12, which the checker keeps them in: E618).
fn rule(cond: &CategoryCond) -> Option<plan::CategoryRule> {
    use plan::CategoryRule as R;
    Some(match cond {
        CategoryCond::Age {
            op,
            years,
            on: Some(on),
            ..
        } => R::AgeOn {
            op: compare(op.node),
            years: years.node,
            on: on.node,
        },
        CategoryCond::Federation { not, codes, .. } => R::Federation {
            codes: codes.iter().map(|c| c.node.clone()).collect(),
            not: *not,
        },
        CategoryCond::Grade { op, grade, .. } => R::Grade {
            op: compare(op.node),
            grade: grade.node,
        },
        CategoryCond::Rating { op, rating, .. } => R::Rating {
            op: compare(op.node),
            rating: rating.node,
        },
        CategoryCond::SchoolYear { years, .. } => {
            let (from, to) = school_years(years);
            R::SchoolYear { from, to }
        }
        CategoryCond::Club(t) => R::Club { club: text(t) },
        CategoryCond::Residence(t) => R::Residence { residence: text(t) },
        CategoryCond::Players { ids, .. } => R::Players {
            ids: ids.iter().map(|i| i.node.clone()).collect(),
        },
        _ => return None,
    })
}

/// The school years a condition admits, as an inclusive range within 1..12.
pub(crate) fn school_years(years: &ast::SchoolYears) -> (u32, u32) {
    match years {
        ast::SchoolYears::Range { from, to } => (from.node, to.node),
        ast::SchoolYears::Compare { op, year } => {
            let y = year.node;
            match op.node {
                ast::CompareOp::Lt => (1, y.saturating_sub(1)),
                ast::CompareOp::Le => (1, y),
                ast::CompareOp::Eq => (y, y),
                ast::CompareOp::Ge => (y, 12),
                ast::CompareOp::Gt => (y.saturating_add(1), 12),
            }
        }
    }
}

/// The plan's title for a word of the language (every word `check` accepts has one: see the
/// test beside `check::words::TITLE`).
pub(crate) fn title_word(word: &str) -> Option<Title> {
    Title::parse(word)
}

/// `by_rating` / `first_come`, the order a capped field is filled in.
fn cap_order(word: &str) -> Option<plan::CapOrder> {
    match word {
        "by_rating" => Some(plan::CapOrder::ByRating),
        "first_come" => Some(plan::CapOrder::FirstCome),
        _ => None,
    }
}

/// The field the entry block's clauses settle on: a cap keeps the assumption that sizes
/// simulations; without a stated field it is open, assumed from `players` named ones.
fn settled_field(
    field: Option<plan::Field>,
    open: Option<Origin>,
    assumed: Option<u32>,
    players: usize,
) -> plan::Field {
    match (field, open) {
        // Under a cap the assumption sizes simulations (the checker keeps it within the cap).
        (
            Some(plan::Field::Cap {
                max, order, origin, ..
            }),
            _,
        ) => plan::Field::Cap {
            max,
            assumed,
            order,
            origin,
        },
        (Some(f), _) => f,
        (None, Some(origin)) => plan::Field::Open { assumed, origin },
        (None, None) => plan::Field::Open {
            assumed: assumed.or_else(|| {
                let named = players as u32;
                (named > 0).then_some(named)
            }),
            origin: Origin::default_rule("default: the field is not stated"),
        },
    }
}
