//! Lowering of stages: entrants, format, draw, numbering, colours, tie-breaks, playoffs, places.

use xqreg_grammar::ast::{
    self, BracketSlot, DrawRule, EntrantSource, Format, KnockoutClause, Param, ParamValue,
    StageClause, SwissRounds,
};
use xqreg_grammar::Span;
use xqreg_runtime::plan::{self, Origin};

use super::rules::colour_rule;
use super::{place_ref, range, text, Lowerer};
use crate::check::facts::FormatKind;

mod knockout;
mod lineup;

pub(crate) mod swiss;

/// What a stage's clauses say, gathered once (`same_as` already resolved by the scope).
#[derive(Default)]
struct Clauses<'a> {
    format: Option<&'a Format>,
    entrants: Option<(&'a [EntrantSource], Span)>,
    time: Option<&'a ast::Ident>,
    scoring: Option<&'a ast::Ident>,
    draw: Option<&'a ast::Draw>,
    numbers: Option<&'a ast::Numbers>,
    first_round: Option<&'a StageClause>,
    colours: Option<&'a ast::Ident>,
    /// `colours by_board home|lower_number`: the clause's second word.
    team_colours: Option<&'a ast::Ident>,
    /// `avoid WHAT [WHEN | until round N]`.
    avoid: Option<(&'a ast::Ident, Option<&'a ast::Ident>, Option<u32>, Span)>,
    colour_limits: Option<(&'a [Param], Span)>,
    colour_tie: Option<&'a ast::Ident>,
    bye: Option<(&'a [Param], Span)>,
    forfeit_met: Option<bool>,
    tiebreak: Option<&'a ast::TiebreakChain>,
    playoff: Option<&'a ast::PlayoffRef>,
    places: Option<&'a ast::PlaceRange>,
    split: Option<&'a StageClause>,
    assume_rounds: Option<(u32, Span)>,
    assume_system: Option<(&'a ast::Ident, Span)>,
    late_entry: Option<&'a StageClause>,
    lineup: Option<&'a StageClause>,
    cap: Option<&'a StageClause>,
}

impl<'a> Clauses<'a> {
    fn gather(clauses: &[&'a StageClause]) -> Clauses<'a> {
        let mut c = Clauses::default();
        for clause in clauses {
            match clause {
                StageClause::Format(f) => c.format = c.format.or(Some(f)),
                StageClause::Entrants { sources, span } => {
                    c.entrants = c.entrants.or(Some((sources.as_slice(), *span)))
                }
                StageClause::Time(t) => c.time = c.time.or(Some(t)),
                StageClause::Scoring(s) => c.scoring = c.scoring.or(Some(s)),
                StageClause::Draw(d) => c.draw = c.draw.or(Some(d)),
                StageClause::Numbers(n) => c.numbers = c.numbers.or(Some(n)),
                StageClause::FirstRound { .. } => c.first_round = c.first_round.or(Some(clause)),
                StageClause::Colours { rule, team, .. } => {
                    c.colours = c.colours.or(Some(rule));
                    c.team_colours = c.team_colours.or(team.as_ref());
                }
                StageClause::Avoid {
                    what,
                    when,
                    until,
                    span,
                } => {
                    let until = until.as_ref().map(|n| n.node);
                    c.avoid = c.avoid.or(Some((what, when.as_ref(), until, *span)))
                }
                StageClause::ColourLimits { params, span } => {
                    c.colour_limits = c.colour_limits.or(Some((params.as_slice(), *span)))
                }
                StageClause::ColourTie { rule, .. } => c.colour_tie = c.colour_tie.or(Some(rule)),
                StageClause::Bye { params, span } => {
                    c.bye = c.bye.or(Some((params.as_slice(), *span)))
                }
                StageClause::ForfeitMet { value, .. } => {
                    c.forfeit_met = c.forfeit_met.or(Some(value.node))
                }
                StageClause::Tiebreak(t) => c.tiebreak = c.tiebreak.or(Some(t)),
                StageClause::Playoff(p) => c.playoff = c.playoff.or(Some(p)),
                StageClause::Places(p) => c.places = c.places.or(Some(p)),
                StageClause::Split { .. } => c.split = c.split.or(Some(clause)),
                StageClause::Assume { value, span, .. } => match value {
                    ast::AssumedValue::Rounds(n) => {
                        c.assume_rounds = c.assume_rounds.or(Some((n.node, *span)))
                    }
                    ast::AssumedValue::System(s) => {
                        c.assume_system = c.assume_system.or(Some((s, *span)))
                    }
                },
                StageClause::LateEntry { .. } => c.late_entry = c.late_entry.or(Some(clause)),
                StageClause::Lineup { .. } => c.lineup = c.lineup.or(Some(clause)),
                StageClause::Cap { .. } => c.cap = c.cap.or(Some(clause)),
                StageClause::ScoreSheets { .. } | StageClause::SameAs(_) | StageClause::Note(_) => {
                }
            }
        }
        c
    }
}

impl Lowerer<'_> {
    pub(super) fn stages(&self, default_scoring: &plan::Scoring) -> Vec<plan::Stage> {
        self.scope
            .stage_order
            .iter()
            .enumerate()
            .filter_map(|(index, name)| {
                let info = self.scope.stages.get(name)?;
                let clauses = self.scope.stage_clauses(name);
                Some(self.stage(
                    info.stage,
                    index,
                    &Clauses::gather(&clauses),
                    default_scoring,
                ))
            })
            .collect()
    }

    fn stage(
        &self,
        stage: &ast::Stage,
        index: usize,
        c: &Clauses<'_>,
        default_scoring: &plan::Scoring,
    ) -> plan::Stage {
        let (format, kind, derived_entrants) = self.format(stage, c);
        let entrants = match c.entrants {
            Some((sources, _)) => sources.iter().map(|s| self.entrant(s)).collect(),
            None if !derived_entrants.is_empty() => derived_entrants,
            // The target of a split names no entrants: the players the split sends (as the
            // checker counts them).
            None if self.split_into(&stage.name.node).is_some() => {
                self.split_into(&stage.name.node).into_iter().collect()
            }
            None => vec![plan::EntrantSource::Roster {
                origin: Origin::default_rule(if index == 0 {
                    "default: the first stage takes the whole roster"
                } else {
                    "default: a stage that names no entrants takes the whole roster"
                }),
            }],
        };
        let scoring = c
            .scoring
            .and_then(|s| self.named_scoring(&s.node))
            .unwrap_or_else(|| default_scoring.clone());
        // `time tbd`: to be announced; the games run without a named time control.
        let time = match c.time {
            Some(t) if t.node == "tbd" => None,
            Some(t) => Some(t.node.clone()),
            None => self
                .scope
                .default_time_control()
                .map(|t| t.name.node.clone()),
        };
        let tiebreak = match c.tiebreak {
            Some(chain) => self.stage_chain(chain, kind, swiss::stage_bye_score(c)),
            None => self.no_chain("the stage"),
        };
        let playoff = c.playoff.and_then(|p| match p {
            ast::PlayoffRef::Named(name) => self
                .scope
                .playoffs
                .get(name.node.as_str())
                .map(|chain| self.playoff(chain)),
            ast::PlayoffRef::Inline(chain) => Some(self.playoff(chain)),
        });
        let places = c.places.map(range).or(match &format {
            plan::StageFormat::SamePlace(s) => Some(s.places),
            _ => None,
        });
        plan::Stage {
            name: stage.name.node.clone(),
            title: stage.title.as_ref().map(text),
            title_en: stage
                .title
                .as_ref()
                .and_then(|t| t.en.as_ref())
                .map(|e| e.node.clone()),
            entrants,
            format,
            scoring,
            time,
            tiebreak,
            playoff,
            places,
            cap: self.stage_cap(c.cap),
            team_colours: c.team_colours.map(|w| plan::TeamColours {
                rule: match w.node.as_str() {
                    "lower_number" => plan::TeamColourRule::LowerNumber,
                    _ => plan::TeamColourRule::Home,
                },
                origin: self.origin(w.span),
            }),
            origin: self.origin(stage.span),
        }
    }

    fn entrant(&self, source: &EntrantSource) -> plan::EntrantSource {
        match source {
            EntrantSource::Roster(span) => plan::EntrantSource::Roster {
                origin: self.origin(*span),
            },
            EntrantSource::Category(c) => plan::EntrantSource::Category {
                name: c.node.clone(),
                origin: self.origin(c.span),
            },
            EntrantSource::Pool(p) => plan::EntrantSource::Pool {
                name: p.node.clone(),
                origin: self.origin(p.span),
            },
            EntrantSource::Places(r) => plan::EntrantSource::Places {
                place: place_ref(r),
                origin: self.origin(r.span),
            },
            EntrantSource::Rest(span) => plan::EntrantSource::Rest {
                origin: self.origin(*span),
            },
        }
    }

    /// The format, its kind for criteria, and entrants it implies when the stage names none
    /// (a bracket of place references, the groups of a same-place stage).
    fn format(
        &self,
        stage: &ast::Stage,
        c: &Clauses<'_>,
    ) -> (plan::StageFormat, FormatKind, Vec<plan::EntrantSource>) {
        let Some(format) = c.format else {
            // The checker rejects a stage without format (E209); keep a harmless placeholder.
            return (
                plan::StageFormat::RoundRobin(self.round_robin(
                    plan::Cycles::Single,
                    &[],
                    None,
                    c,
                    stage.span,
                )),
                FormatKind::Unknown,
                Vec::new(),
            );
        };
        match format {
            Format::RoundRobin {
                cycles,
                groups,
                size,
                span,
            } => {
                let double = cycles.node == "double";
                let rr = self.round_robin(
                    if double {
                        plan::Cycles::Double
                    } else {
                        plan::Cycles::Single
                    },
                    groups,
                    size.as_ref().map(|s| s.node),
                    c,
                    *span,
                );
                (
                    plan::StageFormat::RoundRobin(rr),
                    FormatKind::RoundRobin { double },
                    Vec::new(),
                )
            }
            Format::TeamRoundRobin {
                cycles,
                boards,
                groups,
                span,
            } => {
                let double = cycles.node == "double";
                (
                    plan::StageFormat::TeamRoundRobin(self.team_round_robin(
                        double,
                        boards.node,
                        groups,
                        self.lineup(c.lineup),
                        *span,
                    )),
                    FormatKind::TeamRoundRobin { double },
                    Vec::new(),
                )
            }
            Format::Swiss {
                system,
                rounds,
                boards,
                span,
            } => (
                plan::StageFormat::Swiss(plan::Swiss {
                    boards: boards.as_ref().map(|b| b.node),
                    lineup: boards.as_ref().and_then(|_| self.lineup(c.lineup)),
                    ..self.swiss(system, rounds, c, *span)
                }),
                FormatKind::Swiss,
                Vec::new(),
            ),
            Format::Knockout(ko) => {
                let (knockout, entrants) = self.knockout(stage, ko, c);
                (
                    plan::StageFormat::Knockout(knockout),
                    FormatKind::Knockout,
                    entrants,
                )
            }
            Format::SamePlace {
                groups,
                places,
                span,
            } => {
                let (same, entrants) = self.same_place(groups, places, c, *span);
                (
                    plan::StageFormat::SamePlace(same),
                    FormatKind::SamePlace,
                    entrants,
                )
            }
        }
    }

    fn team_round_robin(
        &self,
        double: bool,
        boards: u32,
        groups: &[ast::Ident],
        lineup: Option<plan::Lineup>,
        span: Span,
    ) -> plan::TeamRoundRobin {
        plan::TeamRoundRobin {
            cycles: if double {
                plan::Cycles::Double
            } else {
                plan::Cycles::Single
            },
            boards,
            groups: groups.iter().map(|g| g.node.clone()).collect(),
            // Team numbers by lot and FIDE's swap of the last two rounds of the first cycle
            // until the language says otherwise.
            numbers: plan::NumberOrder::Lot,
            swap_last_two: true,
            lineup,
            origin: self.origin(span),
        }
    }

    /// A same-place stage, and its entrants: each named group's places 1 to its size.
    fn same_place(
        &self,
        groups: &[ast::PlaceGroup],
        places: &ast::PlaceRange,
        c: &Clauses<'_>,
        span: Span,
    ) -> (plan::SamePlace, Vec<plan::EntrantSource>) {
        let group_size = |g: &ast::PlaceGroup| {
            self.facts_group_size(&g.stage.node)
                .unwrap_or_else(|| range(places).len() / 2)
        };
        let entrants = groups
            .iter()
            .map(|g| plan::EntrantSource::Places {
                place: plan::PlaceRef {
                    stage: g.stage.node.clone(),
                    group: plan::GroupSel::Named(g.group.node.clone()),
                    places: plan::PlaceRange::new(1, group_size(g).max(1)),
                },
                origin: self.origin(g.span),
            })
            .collect();
        let same = plan::SamePlace {
            groups: groups
                .iter()
                .map(|g| (g.stage.node.clone(), g.group.node.clone()))
                .collect(),
            places: range(places),
            games: 1,
            colours: colour_rule(c.colours, plan::ColourRule::Lot),
            origin: self.origin(span),
        };
        (same, entrants)
    }

    fn facts_group_size(&self, stage: &str) -> Option<u32> {
        self.facts.stages.get(stage).and_then(|f| f.group_size)
    }

    fn round_robin(
        &self,
        cycles: plan::Cycles,
        groups: &[ast::Ident],
        size: Option<u32>,
        c: &Clauses<'_>,
        span: Span,
    ) -> plan::RoundRobin {
        // `until round N` counts Swiss rounds: E114 refuses it in a round robin.
        let avoid_clause = c.avoid.map(|(what, when, _, _)| {
            avoid_by(&what.node).is_some() && when.is_none_or(|w| w.node != "never")
        });
        let stage_by = c
            .avoid
            .and_then(|(what, ..)| avoid_by(&what.node))
            .unwrap_or_default();
        let draw = c.draw.map(|d| {
            let mut avoid = avoid_clause.unwrap_or(false);
            let mut by = stage_by;
            let mut rules = Vec::new();
            for rule in &d.rules {
                match rule {
                    DrawRule::PoolQuota {
                        pool,
                        per_group,
                        order,
                        span,
                    } => rules.push(plan::DrawRule::PoolQuota {
                        pool: pool.node.clone(),
                        per_group: per_group.node,
                        order: draw_order(order.as_ref()),
                        origin: self.origin(*span),
                    }),
                    DrawRule::Pot {
                        title,
                        members,
                        per_group,
                        span,
                    } => rules.push(plan::DrawRule::Pot {
                        title: title.as_ref().map(text),
                        members: members.iter().map(|m| m.node.clone()).collect(),
                        per_group: per_group.node,
                        origin: self.origin(*span),
                    }),
                    DrawRule::RatingSeeds { places, span } => {
                        rules.push(plan::DrawRule::RatingSeeds {
                            places: range(places),
                            origin: self.origin(*span),
                        })
                    }
                    DrawRule::Rest { rule, span } => rules.push(plan::DrawRule::Rest {
                        order: draw_order(Some(rule)),
                        origin: self.origin(*span),
                    }),
                    DrawRule::Avoid { what, .. } => {
                        avoid = avoid_by(&what.node).is_some();
                        by = avoid_by(&what.node).unwrap_or_default();
                    }
                    DrawRule::Numbers { .. } => {}
                }
            }
            plan::GroupDraw {
                rules,
                avoid_same_unit: avoid,
                avoid_by: by,
                origin: self.origin(d.span),
            }
        });
        // `avoid same_unit` in a round robin with groups and no `draw` block: the group draw
        // (all entrants at random) still keeps units apart.
        let draw = match (draw, c.avoid, avoid_clause) {
            (None, Some((.., avoid_span)), Some(true)) if !groups.is_empty() => {
                Some(plan::GroupDraw {
                    rules: Vec::new(),
                    avoid_same_unit: true,
                    avoid_by: stage_by,
                    origin: self.origin(avoid_span),
                })
            }
            (draw, _, _) => draw,
        };
        let draw_numbers = c.draw.and_then(|d| {
            d.rules.iter().find_map(|r| match r {
                DrawRule::Numbers { rule, .. } => Some(rule),
                _ => None,
            })
        });
        let numbers = match (c.numbers, draw_numbers) {
            (Some(n), _) => self.numbers(n),
            (None, Some(rule)) => self.number_rule(rule),
            (None, None) => plan::Numbers::Lot {
                origin: Origin::default_rule(
                    "default: pairing numbers in a round robin by lot (CXA 2011, 循环赛抽签定序)",
                ),
            },
        };
        plan::RoundRobin {
            cycles,
            groups: groups.iter().map(|g| g.node.clone()).collect(),
            group_size: size,
            draw,
            numbers,
            swap_last_two: matches!(cycles, plan::Cycles::Double),
            colours: colour_rule(c.colours, plan::ColourRule::FirstListedRed),
            origin: self.origin(span),
        }
    }

    fn number_rule(&self, rule: &ast::Ident) -> plan::Numbers {
        let origin = self.origin(rule.span);
        match rule.node.as_str() {
            "registration_order" => plan::Numbers::RegistrationOrder { origin },
            "rating" => plan::Numbers::Rating { origin },
            "entrants_order" => plan::Numbers::EntrantsOrder { origin },
            _ => plan::Numbers::Lot { origin },
        }
    }

    fn numbers(&self, n: &ast::Numbers) -> plan::Numbers {
        match n {
            ast::Numbers::Rule(rule) => self.number_rule(rule),
            ast::Numbers::Seeded {
                tiers,
                seeds_order,
                rest,
                span,
            } => plan::Numbers::Seeded {
                tiers: tiers
                    .iter()
                    .filter_map(|t| match t {
                        ast::SeedTier::Title(t) => {
                            super::entry::title_word(&t.node).map(plan::SeedTier::Title)
                        }
                        ast::SeedTier::Pool(p) => Some(plan::SeedTier::Pool(p.node.clone())),
                        ast::SeedTier::Category(c) => {
                            Some(plan::SeedTier::Category(c.node.clone()))
                        }
                        ast::SeedTier::Players(ps) => Some(plan::SeedTier::Players(
                            ps.iter().map(|p| p.node.clone()).collect(),
                        )),
                    })
                    .collect(),
                seeds_order: number_order(seeds_order.as_ref()),
                rest: number_order(Some(rest)),
                origin: self.origin(*span),
            },
            ast::Numbers::Parity {
                pools,
                within,
                span,
            } => {
                // The checker requires one `odd` and one `even` pool (E418).
                let of = |parity: &str| {
                    pools
                        .iter()
                        .find(|(_, p)| p.node == parity)
                        .map(|(pool, _)| pool.node.clone())
                        .unwrap_or_default()
                };
                plan::Numbers::Parity {
                    odd: of("odd"),
                    even: of("even"),
                    within: number_order(Some(within)),
                    origin: self.origin(*span),
                }
            }
        }
    }
}

fn draw_order(word: Option<&ast::Ident>) -> plan::DrawOrder {
    match word.map(|w| w.node.as_str()) {
        Some("list_order") => plan::DrawOrder::ListOrder,
        Some("rating") => plan::DrawOrder::Rating,
        _ => plan::DrawOrder::Random,
    }
}

fn number_order(word: Option<&ast::Ident>) -> plan::NumberOrder {
    match word.map(|w| w.node.as_str()) {
        Some("registration_order") | Some("order") => plan::NumberOrder::RegistrationOrder,
        Some("rating") => plan::NumberOrder::Rating,
        _ => plan::NumberOrder::Lot,
    }
}

/// What `avoid WORD` keeps apart (`same_unit`, `same_federation`); none for any other word (the
/// checker has refused it, E111).
pub(super) fn avoid_by(word: &str) -> Option<plan::AvoidBy> {
    match word {
        "same_unit" => Some(plan::AvoidBy::Unit),
        "same_federation" => Some(plan::AvoidBy::Federation),
        _ => None,
    }
}
