//! Lowering a Swiss stage: its pairing system, rounds, colours, byes, avoidance and the rules the pairer is given.

use super::*;

impl Lowerer<'_> {
    pub(super) fn swiss(
        &self,
        system: &ast::Ident,
        rounds: &SwissRounds,
        c: &Clauses<'_>,
        span: Span,
    ) -> plan::Swiss {
        let first_round = self.first_round(system, c);
        let colour_limits = self.colour_limits(c);
        let bye = self.bye(c);
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
        let mut open = Vec::new();
        // A `tbd` system runs as its `assume system`; without one the runtime refuses (R022).
        let system_word = if system.node == "tbd" {
            open.push(plan::OpenValue {
                what: "system".into(),
                assumed: c.assume_system.map(|(s, _)| s.node.clone()),
                origin: self.origin(c.assume_system.map_or(system.span, |(_, sp)| sp)),
            });
            c.assume_system.map_or("cxa", |(s, _)| s.node.as_str())
        } else {
            system.node.as_str()
        };
        if let SwissRounds::Tbd(at) = rounds {
            open.push(plan::OpenValue {
                what: "rounds".into(),
                assumed: c.assume_rounds.map(|(n, _)| n.to_string()),
                origin: self.origin(c.assume_rounds.map_or(*at, |(_, sp)| sp)),
            });
        }
        plan::Swiss {
            system: if system_word == "dutch" {
                plan::SwissSystem::Dutch
            } else {
                plan::SwissSystem::Cxa
            },
            open,
            rounds: match rounds {
                SwissRounds::Fixed(n) => plan::SwissRounds::Fixed { rounds: n.node },
                SwissRounds::Tbd(_) => plan::SwissRounds::Fixed {
                    rounds: c.assume_rounds.map_or(0, |(n, _)| n),
                },
                SwissRounds::ByEntries(arms) => plan::SwissRounds::ByEntries {
                    arms: arms
                        .iter()
                        .map(|a| plan::EntriesArm {
                            min: a.min,
                            max: a.max,
                            rounds: a.rounds.node,
                            round_robin: a.round_robin.is_some(),
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
                Some("round_parity") => plan::ColourTie::RoundParity,
                _ => DEFAULT_COLOUR_TIE,
            },
            bye,
            forfeit_counts_as_met: c.forfeit_met.unwrap_or(DEFAULT_FORFEIT_COUNTS_AS_MET),
            avoid_same_unit: match c.avoid {
                Some((what, when, until, _)) if super::avoid_by(&what.node).is_some() => {
                    match (when.map(|w| w.node.as_str()), until) {
                        (_, Some(last)) => plan::AvoidWhen::Until(last),
                        (Some("never"), _) => plan::AvoidWhen::Never,
                        (Some("round1"), _) => plan::AvoidWhen::Round1,
                        _ => plan::AvoidWhen::Always,
                    }
                }
                _ => plan::AvoidWhen::Never,
            },
            avoid_by: c
                .avoid
                .and_then(|(what, ..)| super::avoid_by(&what.node))
                .unwrap_or_default(),
            split,
            boards: None,
            lineup: None,
            late_entry: c.late_entry.and_then(|s| match s {
                StageClause::LateEntry {
                    until_round,
                    missed,
                    span,
                } => Some(plan::LateEntry {
                    until_round: until_round.node,
                    missed: if missed.node == "half" {
                        plan::MissedRound::Half
                    } else {
                        plan::MissedRound::Zero
                    },
                    origin: self.origin(*span),
                }),
                _ => None,
            }),
            origin: self.origin(span),
        }
    }

    /// Round 1 as the clause says, or the system's own default.
    fn first_round(&self, system: &ast::Ident, c: &Clauses<'_>) -> plan::FirstRound {
        match c.first_round {
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
    }
    }

    /// The colour limits as the clause says, or FIDE's.
    fn colour_limits(&self, c: &Clauses<'_>) -> plan::ColourLimits {
        match c.colour_limits {
            Some((params, span)) => plan::ColourLimits {
                max_consecutive: param_int(params, "max_consecutive")
                    .and_then(|n| u32::try_from(n).ok())
                    .unwrap_or(default_colour_limits().max_consecutive),
                max_difference: param_int(params, "max_difference")
                    .and_then(|n| u32::try_from(n).ok())
                    .unwrap_or(default_colour_limits().max_difference),
                relax_last_rounds: param_int(params, "relax_last_rounds")
                    .and_then(|n| u32::try_from(n).ok())
                    .unwrap_or(default_colour_limits().relax_last_rounds),
                origin: self.origin(span),
            },
            None => default_colour_limits(),
        }
    }

    /// The bye's points, its value in 对手分 and who gets it.
    fn bye(&self, c: &Clauses<'_>) -> plan::ByeRule {
        match c.bye {
            Some((params, span)) => plan::ByeRule {
                points: param_int(params, "points").unwrap_or(default_bye().points),
                opponent_score: stage_bye_score(c).unwrap_or(default_bye().opponent_score),
                recipient: match param_word(params, "recipient").as_deref() {
                    Some("lowest_fewest") => plan::ByeRecipient::LowestFewest,
                    Some("lowest_not_yet") => plan::ByeRecipient::LowestNotYet,
                    _ => default_bye().recipient,
                },
                origin: self.origin(span),
            },
            None => default_bye(),
        }
    }
}

/// The colour limits of a Swiss whose regulation is silent: FIDE's (no three of a colour in a
/// row, a difference of at most 2, relaxed in the last round). The sheet prints them from here.
pub(crate) fn default_colour_limits() -> plan::ColourLimits {
    plan::ColourLimits {
        max_consecutive: 2,
        max_difference: 2,
        relax_last_rounds: 1,
        origin: Origin::default_rule(
            "default: no three of a colour in a row, colour difference at most 2, relaxed in the last round (FIDE C.04.1 f, g; domain.md 3.5)",
        ),
    }
}

/// The bye of a Swiss whose regulation is silent. The sheet prints it from here.
pub(crate) fn default_bye() -> plan::ByeRule {
    plan::ByeRule {
        points: 2,
        opponent_score: plan::ByeScore::LowestInField,
        recipient: plan::ByeRecipient::LowestNotYet,
        origin: Origin::default_rule(
            "default: a bye scores a win, adds the lowest total in the field to 对手分, goes to the lowest-scored player without one (WXF14, domain.md 3.6)",
        ),
    }
}

/// How a CXA Swiss settles two equal colour claims when the regulation is silent.
pub(crate) const DEFAULT_COLOUR_TIE: plan::ColourTie = plan::ColourTie::RoundParity;

/// Whether a forfeited game counts as met when the regulation is silent (FIDE: no).
pub(crate) const DEFAULT_FORFEIT_COUNTS_AS_MET: bool = false;

/// An integer parameter of a clause (`max_consecutive 2`).
fn param_int(params: &[Param], key: &str) -> Option<i64> {
    params
        .iter()
        .find_map(|p| match (&p.value, p.key.node == key) {
            (ParamValue::Int(n), true) => Some(n.node),
            _ => None,
        })
}

/// The stage's `bye opponent_score X`, if written: what a bye counts in 对手分 where the
/// tie-break's `opponents_score` does not say (the plan's chain carries it, and the runtime's
/// standings read it there).
pub(super) fn stage_bye_score(c: &Clauses<'_>) -> Option<plan::ByeScore> {
    let (params, _) = c.bye?;
    super::super::rules::bye_score(param_word(params, "opponent_score").as_deref())
}

/// A word parameter of a clause (`recipient lowest_fewest`).
fn param_word(params: &[Param], key: &str) -> Option<String> {
    params
        .iter()
        .find_map(|p| match (&p.value, p.key.node == key) {
            (ParamValue::Ident(w), true) => Some(w.node.clone()),
            _ => None,
        })
}
