//! Lowering a knockout stage: its bracket, games a match, third-place and placement matches, and the split of a stage into the brackets of a later one.

use super::*;

impl Lowerer<'_> {
    pub(super) fn knockout(
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
        let mut only_if_tied = None;
        let mut reserved = None;
        let mut byes = plan::KnockoutByes::TopSeeds;
        let mut team = None;
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
                KnockoutClause::Seeds {
                    count,
                    category,
                    span,
                } => {
                    reserved = Some(plan::ReservedSeeds {
                        count: count.node,
                        category: category.node.clone(),
                        origin: self.origin(*span),
                    })
                }
                KnockoutClause::Games(n) => games = n.node.max(1),
                KnockoutClause::Boards(n) => {
                    team = Some(plan::TeamKnockout {
                        boards: n.node,
                        origin: self.origin(n.span),
                    })
                }
                KnockoutClause::ThirdPlace(_) => third_place = true,
                KnockoutClause::Placement(_) => placement = true,
                KnockoutClause::OnlyIfTied(span) => only_if_tied = Some(self.origin(*span)),
                KnockoutClause::Byes { rule, span } => {
                    byes = match rule.node.as_str() {
                        "lot" => plan::KnockoutByes::Lot {
                            origin: self.origin(*span),
                        },
                        _ => plan::KnockoutByes::TopSeeds,
                    }
                }
            }
        }
        let bracket = match (pairs, seeded) {
            (Some(pairs), _) => plan::Bracket::Pairs { pairs },
            (None, Some(size)) => plan::Bracket::Seeded {
                size,
                seeding,
                reserved,
                byes,
            },
            (None, None) => {
                let n = self
                    .facts_entrants(&stage.name.node)
                    .unwrap_or(2)
                    .max(2)
                    .next_power_of_two();
                plan::Bracket::Seeded {
                    size: n,
                    seeding,
                    reserved,
                    byes,
                }
            }
        };
        (
            plan::Knockout {
                bracket,
                games,
                third_place,
                placement,
                only_if_tied,
                colours: colour_rule(c.colours, plan::ColourRule::Lot),
                team,
                origin: self.origin(ko.span),
            },
            entrants,
        )
    }

    /// `entrants SOURCE#1..N` for the stage a `split ... top N to STAGE` names, with the split
    /// clause as its origin.
    pub(super) fn split_into(&self, target: &str) -> Option<plan::EntrantSource> {
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

    pub(super) fn facts_entrants(&self, stage: &str) -> Option<u32> {
        self.facts.stages.get(stage).and_then(|f| f.entrants)
    }
}
