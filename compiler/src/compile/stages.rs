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
    avoid: Option<(&'a ast::Ident, Option<&'a ast::Ident>, Span)>,
    colour_limits: Option<(&'a [Param], Span)>,
    colour_tie: Option<&'a ast::Ident>,
    bye: Option<(&'a [Param], Span)>,
    forfeit_met: Option<bool>,
    tiebreak: Option<&'a ast::TiebreakChain>,
    playoff: Option<&'a ast::PlayoffRef>,
    places: Option<&'a ast::PlaceRange>,
    split: Option<&'a StageClause>,
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
                StageClause::Colours { rule, .. } => c.colours = c.colours.or(Some(rule)),
                StageClause::Avoid { what, when, span } => {
                    c.avoid = c.avoid.or(Some((what, when.as_ref(), *span)))
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
        let time = c.time.map(|t| t.node.clone()).or_else(|| {
            self.scope
                .default_time_control()
                .map(|t| t.name.node.clone())
        });
        let tiebreak = match c.tiebreak {
            Some(chain) => self.chain(chain, kind),
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
            entrants,
            format,
            scoring,
            time,
            tiebreak,
            playoff,
            places,
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
                    plan::StageFormat::TeamRoundRobin(plan::TeamRoundRobin {
                        cycles: if double {
                            plan::Cycles::Double
                        } else {
                            plan::Cycles::Single
                        },
                        boards: boards.node,
                        groups: groups.iter().map(|g| g.node.clone()).collect(),
                        // Team numbers by lot and FIDE's swap of the last two rounds of the
                        // first cycle until the language says otherwise.
                        numbers: plan::NumberOrder::Lot,
                        swap_last_two: true,
                        origin: self.origin(*span),
                    }),
                    FormatKind::TeamRoundRobin { double },
                    Vec::new(),
                )
            }
            Format::Swiss {
                system,
                rounds,
                span,
            } => (
                plan::StageFormat::Swiss(self.swiss(system, rounds, c, *span)),
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
                (
                    plan::StageFormat::SamePlace(plan::SamePlace {
                        groups: groups
                            .iter()
                            .map(|g| (g.stage.node.clone(), g.group.node.clone()))
                            .collect(),
                        places: range(places),
                        games: 1,
                        colours: colour_rule(c.colours, plan::ColourRule::Lot),
                        origin: self.origin(*span),
                    }),
                    FormatKind::SamePlace,
                    entrants,
                )
            }
        }
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
        let avoid_clause = c.avoid.map(|(what, when, _)| {
            what.node == "same_unit" && when.is_none_or(|w| w.node != "never")
        });
        let draw = c.draw.map(|d| {
            let mut avoid = avoid_clause.unwrap_or(false);
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
                    DrawRule::Avoid { what, .. } => avoid = what.node == "same_unit",
                    DrawRule::Numbers { .. } => {}
                }
            }
            plan::GroupDraw {
                rules,
                avoid_same_unit: avoid,
                origin: self.origin(d.span),
            }
        });
        // `avoid same_unit` in a round robin with groups and no `draw` block: the group draw
        // (all entrants at random) still keeps units apart.
        let draw = match (draw, c.avoid, avoid_clause) {
            (None, Some((_, _, avoid_span)), Some(true)) if !groups.is_empty() => {
                Some(plan::GroupDraw {
                    rules: Vec::new(),
                    avoid_same_unit: true,
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
        }
    }

    fn swiss(
        &self,
        system: &ast::Ident,
        rounds: &SwissRounds,
        c: &Clauses<'_>,
        span: Span,
    ) -> plan::Swiss {
        let param_int = |params: &[Param], key: &str| {
            params
                .iter()
                .find_map(|p| match (&p.value, p.key.node == key) {
                    (ParamValue::Int(n), true) => Some(n.node),
                    _ => None,
                })
        };
        let param_word = |params: &[Param], key: &str| {
            params
                .iter()
                .find_map(|p| match (&p.value, p.key.node == key) {
                    (ParamValue::Ident(w), true) => Some(w.node.clone()),
                    _ => None,
                })
        };
        let first_round = match c.first_round {
            Some(StageClause::FirstRound {
                method,
                colours,
                first_board,
                span,
            }) => plan::FirstRound {
                method: if method.node == "split_half" {
                    plan::FirstRoundMethod::SplitHalf
                } else {
                    plan::FirstRoundMethod::Adjacent
                },
                colours: match colours.as_ref().map(|c| c.node.as_str()) {
                    Some("alternate") => plan::FirstRoundColours::Alternate,
                    _ => plan::FirstRoundColours::FirstListedRed,
                },
                first_board: match first_board.as_ref().map(|c| c.node.as_str()) {
                    Some("lower") => plan::FirstBoard::Lower,
                    Some("lot") => plan::FirstBoard::Lot,
                    _ => plan::FirstBoard::Upper,
                },
                origin: self.origin(*span),
            },
            _ if system.node == "dutch" => plan::FirstRound {
                method: plan::FirstRoundMethod::SplitHalf,
                colours: plan::FirstRoundColours::Alternate,
                first_board: plan::FirstBoard::Upper,
                origin: Origin::default_rule(
                    "default: first round S1 v S2, colours alternating from board 1 (FIDE Dutch, C.04.3)",
                ),
            },
            _ => plan::FirstRound {
                method: plan::FirstRoundMethod::Adjacent,
                colours: plan::FirstRoundColours::FirstListedRed,
                first_board: plan::FirstBoard::Upper,
                origin: Origin::default_rule(
                    "default: first round 1-2, 4-3, 5-6 ..., the first-named Red (WXF, domain.md 3.3)",
                ),
            },
        };
        let colour_limits = match c.colour_limits {
            Some((params, span)) => plan::ColourLimits {
                max_consecutive: param_int(params, "max_consecutive")
                    .and_then(|n| u32::try_from(n).ok())
                    .unwrap_or(2),
                max_difference: param_int(params, "max_difference")
                    .and_then(|n| u32::try_from(n).ok())
                    .unwrap_or(2),
                relax_last_rounds: param_int(params, "relax_last_rounds")
                    .and_then(|n| u32::try_from(n).ok())
                    .unwrap_or(1),
                origin: self.origin(span),
            },
            None => plan::ColourLimits {
                max_consecutive: 2,
                max_difference: 2,
                relax_last_rounds: 1,
                origin: Origin::default_rule(
                    "default: no three of a colour in a row, colour difference at most 2, relaxed in the last round (FIDE C.04.1 f, g; domain.md 3.5)",
                ),
            },
        };
        let bye = match c.bye {
            Some((params, span)) => plan::ByeRule {
                points: param_int(params, "points").unwrap_or(2),
                opponent_score: match param_word(params, "opponent_score").as_deref() {
                    Some("zero") => plan::ByeScore::Zero,
                    Some("own_score") => plan::ByeScore::OwnScore,
                    _ => plan::ByeScore::LowestInField,
                },
                recipient: match param_word(params, "recipient").as_deref() {
                    Some("lowest_fewest") => plan::ByeRecipient::LowestFewest,
                    _ => plan::ByeRecipient::LowestNotYet,
                },
                origin: self.origin(span),
            },
            None => plan::ByeRule {
                points: 2,
                opponent_score: plan::ByeScore::LowestInField,
                recipient: plan::ByeRecipient::LowestNotYet,
                origin: Origin::default_rule(
                    "default: a bye scores a win, adds the lowest total in the field to 对手分, goes to the lowest-scored player without one (WXF14, domain.md 3.6)",
                ),
            },
        };
        let split = c.split.and_then(|s| match s {
            StageClause::Split {
                after_round,
                top,
                to,
                span,
            } => Some(plan::Split {
                after_round: after_round.node,
                top: top.node,
                to: to.node.clone(),
                origin: self.origin(*span),
            }),
            _ => None,
        });
        plan::Swiss {
            system: if system.node == "dutch" {
                plan::SwissSystem::Dutch
            } else {
                plan::SwissSystem::Cxa
            },
            rounds: match rounds {
                SwissRounds::Fixed(n) => plan::SwissRounds::Fixed { rounds: n.node },
                SwissRounds::ByEntries(arms) => plan::SwissRounds::ByEntries {
                    arms: arms
                        .iter()
                        .map(|a| plan::EntriesArm {
                            min: a.min,
                            max: a.max,
                            rounds: a.rounds.node,
                        })
                        .collect(),
                },
            },
            numbers: match c.numbers {
                Some(n) => self.numbers(n),
                None => plan::Numbers::Lot {
                    origin: Origin::default_rule(
                        "default: pairing numbers by lot (电脑随机抽取, domain.md 3.2)",
                    ),
                },
            },
            first_round,
            colour_limits,
            colour_tie: match c.colour_tie.map(|w| w.node.as_str()) {
                Some("sum_parity") => plan::ColourTie::SumParity,
                Some("fide") => plan::ColourTie::Fide,
                _ => plan::ColourTie::RoundParity,
            },
            bye,
            forfeit_counts_as_met: c.forfeit_met.unwrap_or(false),
            avoid_same_unit: match c.avoid {
                Some((what, when, _)) if what.node == "same_unit" => {
                    match when.map(|w| w.node.as_str()) {
                        Some("never") => plan::AvoidWhen::Never,
                        Some("round1") => plan::AvoidWhen::Round1,
                        _ => plan::AvoidWhen::Always,
                    }
                }
                _ => plan::AvoidWhen::Never,
            },
            split,
            origin: self.origin(span),
        }
    }

    fn knockout(
        &self,
        stage: &ast::Stage,
        ko: &ast::Knockout,
        c: &Clauses<'_>,
    ) -> (plan::Knockout, Vec<plan::EntrantSource>) {
        let mut pairs = None;
        let mut seeded = None;
        let mut seeding = plan::NumberOrder::Lot;
        let mut games = 1;
        let mut third_place = false;
        let mut placement = false;
        let mut entrants = Vec::new();
        for clause in &ko.clauses {
            match clause {
                KnockoutClause::Bracket { pairs: ps, .. } => {
                    let slot = |s: &BracketSlot| match s {
                        BracketSlot::Place(r) => plan::BracketSlot::Place(place_ref(r)),
                        BracketSlot::Seed(n) => plan::BracketSlot::Seed(n.node),
                        BracketSlot::Bye(_) => plan::BracketSlot::Bye,
                        BracketSlot::Player(p) => plan::BracketSlot::Player(p.node.clone()),
                    };
                    for (a, b) in ps {
                        for s in [a, b] {
                            if let BracketSlot::Place(r) = s {
                                entrants.push(plan::EntrantSource::Places {
                                    place: place_ref(r),
                                    origin: self.origin(r.span),
                                });
                            }
                        }
                    }
                    pairs = Some(ps.iter().map(|(a, b)| (slot(a), slot(b))).collect());
                }
                KnockoutClause::Seeded { size, .. } => seeded = Some(size.node),
                KnockoutClause::Seeding { rule, .. } => {
                    seeding = match rule.node.as_str() {
                        "rating" => plan::NumberOrder::Rating,
                        "order" => plan::NumberOrder::RegistrationOrder,
                        _ => plan::NumberOrder::Lot,
                    }
                }
                KnockoutClause::Games(n) => games = n.node.max(1),
                KnockoutClause::ThirdPlace(_) => third_place = true,
                KnockoutClause::Placement(_) => placement = true,
                KnockoutClause::Byes { .. } => {}
            }
        }
        let bracket = match (pairs, seeded) {
            (Some(pairs), _) => plan::Bracket::Pairs { pairs },
            (None, Some(size)) => plan::Bracket::Seeded { size, seeding },
            (None, None) => {
                let n = self
                    .facts_entrants(&stage.name.node)
                    .unwrap_or(2)
                    .max(2)
                    .next_power_of_two();
                plan::Bracket::Seeded { size: n, seeding }
            }
        };
        (
            plan::Knockout {
                bracket,
                games,
                third_place,
                placement,
                colours: colour_rule(c.colours, plan::ColourRule::Lot),
                origin: self.origin(ko.span),
            },
            entrants,
        )
    }

    /// `entrants SOURCE#1..N` for the stage a `split ... top N to STAGE` names, with the split
    /// clause as its origin.
    fn split_into(&self, target: &str) -> Option<plan::EntrantSource> {
        self.scope.stage_order.iter().find_map(|name| {
            self.scope.stage_clauses(name).iter().find_map(|c| match c {
                StageClause::Split { top, to, span, .. } if to.node == target => {
                    Some(plan::EntrantSource::Places {
                        place: plan::PlaceRef {
                            stage: name.to_string(),
                            group: plan::GroupSel::None,
                            places: plan::PlaceRange::new(1, top.node.max(1)),
                        },
                        origin: self.origin(*span),
                    })
                }
                _ => None,
            })
        })
    }

    fn facts_entrants(&self, stage: &str) -> Option<u32> {
        self.facts.stages.get(stage).and_then(|f| f.entrants)
    }
}

fn draw_order(word: Option<&ast::Ident>) -> plan::DrawOrder {
    match word.map(|w| w.node.as_str()) {
        Some("list_order") => plan::DrawOrder::ListOrder,
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
