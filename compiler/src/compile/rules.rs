//! Lowering of scoring, time controls, tie-break and playoff chains, places declarations,
//! prizes and qualification.

use std::collections::BTreeMap;

use xqreg_grammar::ast::{self, Item, PlayoffStep, PrizeItem, PrizeKey, TimeClause};
use xqreg_runtime::plan::{self, Origin, Side};

use super::{place_ref, range, text, Lowerer};
use crate::check::criteria::{self, Crit};
use crate::check::facts::FormatKind;

impl Lowerer<'_> {
    pub(super) fn default_scoring(&self) -> plan::Scoring {
        match self.scope.default_scoring {
            Some(s) => self.scoring(s),
            None => plan::Scoring::cxa_default(Origin::default_rule(
                "default: CXA 2011 rules, win 2, draw 1, loss 0; forfeit wins and byes as wins (domain.md 2)",
            )),
        }
    }

    pub(super) fn named_scoring(&self, name: &str) -> Option<plan::Scoring> {
        self.scope.scorings.get(name).map(|s| self.scoring(s))
    }

    fn scoring(&self, s: &ast::Scoring) -> plan::Scoring {
        let get = |key: &str| {
            s.points
                .iter()
                .find(|(k, _)| k.node == key)
                .map(|(_, v)| v.node)
        };
        let win = get("win").unwrap_or(2);
        let draw = get("draw").unwrap_or(1);
        let loss = get("loss").unwrap_or(0);
        plan::Scoring {
            win,
            draw,
            loss,
            forfeit_win: get("forfeit_win").unwrap_or(win),
            forfeit_loss: get("forfeit_loss").unwrap_or(loss),
            bye: get("bye").unwrap_or(win),
            matches: s.matches.as_ref().map(|m| {
                let get = |key: &str| m.iter().find(|(k, _)| k.node == key).map(|(_, v)| v.node);
                plan::MatchScoring {
                    win: get("win").unwrap_or(2),
                    draw: get("draw").unwrap_or(1),
                    loss: get("loss").unwrap_or(0),
                    origin: self.origin(s.span),
                }
            }),
            origin: self.origin(s.span),
        }
    }

    pub(super) fn time_controls(&self) -> BTreeMap<String, plan::TimeControl> {
        let mut out = BTreeMap::new();
        for (name, tc) in &self.scope.time_controls {
            let mut red = None;
            let mut black = None;
            let mut base = None;
            let mut increment = 0;
            let mut flag_loses = false;
            let mut draw_goes_to = None;
            for clause in &tc.clauses {
                match clause {
                    TimeClause::Base(d) => base = Some(d.node.seconds),
                    TimeClause::Red(d) => red = Some(d.node.seconds),
                    TimeClause::Black(d) => black = Some(d.node.seconds),
                    TimeClause::Increment(d) => increment = d.node.seconds,
                    TimeClause::SuddenDeath(_) => increment = 0,
                    TimeClause::FlagLoses(_) => flag_loses = true,
                    TimeClause::DrawGoesTo(side) => {
                        draw_goes_to = Some(if side.node == "red" {
                            Side::Red
                        } else {
                            Side::Black
                        })
                    }
                    TimeClause::Moves { .. } => {}
                }
            }
            out.insert(
                (*name).to_string(),
                plan::TimeControl {
                    name: (*name).to_string(),
                    title: tc.title.as_ref().map(text),
                    title_en: tc
                        .title
                        .as_ref()
                        .and_then(|t| t.en.as_ref())
                        .map(|e| e.node.clone()),
                    red_seconds: red.or(base).unwrap_or(0),
                    black_seconds: black.or(base).unwrap_or(0),
                    increment_seconds: increment,
                    flag_loses,
                    draw_goes_to,
                    origin: self.origin(tc.span),
                },
            );
        }
        out
    }

    /// A written chain in a stage of `format`. `points` written first is the primary score and is
    /// dropped; `小分` resolves by format (the checker rejected it where ambiguous).
    pub(super) fn chain(
        &self,
        chain: &ast::TiebreakChain,
        format: FormatKind,
    ) -> plan::TiebreakChain {
        self.stage_chain(chain, format, None)
    }

    /// [`Self::chain`] in a stage whose `bye opponent_score X` says what a bye counts in 对手分
    /// where the chain's `opponents_score` does not (`bye Y`; the checker refuses the two
    /// disagreeing, E642). Neither said: `lowest_in_field`.
    pub(super) fn stage_chain(
        &self,
        chain: &ast::TiebreakChain,
        format: FormatKind,
        stage_bye: Option<plan::ByeScore>,
    ) -> plan::TiebreakChain {
        // What a bye counts in the chain's 对手分, where written: `countback opp_reverse` counts
        // it the same.
        let written_bye = chain
            .criteria
            .iter()
            .filter_map(|c| criteria::resolve(c, format))
            .filter(|r| r.crit == Crit::OpponentsScore)
            .find_map(|r| bye_score(r.bye.as_deref()))
            .or(stage_bye);
        let mut criteria = Vec::new();
        for (i, c) in chain.criteria.iter().enumerate() {
            let Some(r) = criteria::resolve(c, format) else {
                continue;
            };
            if i == 0 && r.crit == Crit::Points {
                continue;
            }
            let cut = r.cut.and_then(|n| u32::try_from(n).ok()).unwrap_or(0);
            let criterion = match r.crit {
                Crit::Points => plan::Criterion::Points,
                Crit::SonnebornBerger => plan::Criterion::SonnebornBerger,
                Crit::OpponentsScore => plan::Criterion::OpponentsScore {
                    cut,
                    bye_score: bye_score(r.bye.as_deref())
                        .or(stage_bye)
                        .unwrap_or(plan::ByeScore::LowestInField),
                },
                Crit::Progressive => plan::Criterion::Progressive { cut },
                Crit::HeadToHead => plan::Criterion::HeadToHead {
                    mode: head_to_head_mode(r.variant.as_deref()),
                },
                Crit::HeadToHeadBlack => plan::Criterion::HeadToHeadBlack,
                Crit::Wins => plan::Criterion::Wins {
                    count: match r.variant.as_deref() {
                        Some("over_the_board") => plan::WinsCount::Played,
                        _ => plan::WinsCount::All,
                    },
                },
                Crit::BlackWins => plan::Criterion::BlackWins,
                Crit::BlackGames => plan::Criterion::BlackGames,
                Crit::Fouls => plan::Criterion::Fouls,
                Crit::Countback => {
                    let variant = match r.variant.as_deref() {
                        Some("opp_reverse") => plan::CountbackVariant::OppReverse,
                        Some("round_result") => plan::CountbackVariant::RoundResult,
                        _ => plan::CountbackVariant::Cumulative,
                    };
                    let opp_reverse = variant == plan::CountbackVariant::OppReverse;
                    plan::Criterion::Countback {
                        variant,
                        bye_score: written_bye.filter(|_| opp_reverse),
                    }
                }
                Crit::Lots => plan::Criterion::Lots,
                Crit::Shared => plan::Criterion::Shared,
                Crit::GamePoints => plan::Criterion::GamePoints,
                Crit::BoardCountback => plan::Criterion::BoardCountback,
            };
            criteria.push(plan::TiebreakItem {
                criterion,
                origin: self.origin(c.span),
            });
        }
        plan::TiebreakChain {
            criteria,
            origin: self.origin(chain.span),
        }
    }

    /// The empty chain of a stage that states none: ties stay to lots (the runtime's last
    /// resort, FIDE C.07 4.2).
    pub(super) fn no_chain(&self, what: &str) -> plan::TiebreakChain {
        plan::TiebreakChain {
            criteria: Vec::new(),
            origin: Origin::default_rule(&format!(
                "default: {what} states no tie-break chain; remaining ties by lot (FIDE C.07 4.2)"
            )),
        }
    }

    pub(super) fn playoff(&self, chain: &ast::PlayoffChain) -> plan::PlayoffChain {
        let steps = chain
            .steps
            .iter()
            .map(|step| {
                let (kind, span) = match step {
                    PlayoffStep::Game {
                        time,
                        colours,
                        games,
                        span,
                    } => (
                        plan::PlayoffStepKind::Game {
                            time: time.node.clone(),
                            colours: colour_rule(colours.as_ref(), plan::ColourRule::Swap),
                            games: games.as_ref().map_or(1, |g| g.node),
                        },
                        *span,
                    ),
                    PlayoffStep::Armageddon {
                        time,
                        colours,
                        span,
                    } => (
                        plan::PlayoffStepKind::Armageddon {
                            time: time.node.clone(),
                            colours: colour_rule(colours.as_ref(), plan::ColourRule::Lot),
                            draw_goes_to: self.draw_odds(&time.node),
                        },
                        *span,
                    ),
                    PlayoffStep::Lots(span) => (plan::PlayoffStepKind::Lots, *span),
                    PlayoffStep::EarlierGame(span) => (plan::PlayoffStepKind::EarlierGame, *span),
                    PlayoffStep::Black(span) => (plan::PlayoffStepKind::Black, *span),
                    PlayoffStep::Tiebreak(c) => (
                        plan::PlayoffStepKind::Tiebreak {
                            chain: self.chain(c, FormatKind::Knockout),
                        },
                        c.span,
                    ),
                };
                plan::PlayoffStep {
                    kind,
                    origin: self.origin(span),
                }
            })
            .collect();
        plan::PlayoffChain {
            name: chain.name.as_ref().map(|n| n.node.clone()),
            steps,
            origin: self.origin(chain.span),
        }
    }

    /// Draw odds of an armageddon's time control (the checker requires them, E305).
    fn draw_odds(&self, time: &str) -> Side {
        let odds = self.scope.time_controls.get(time).and_then(|tc| {
            tc.clauses.iter().find_map(|c| match c {
                TimeClause::DrawGoesTo(side) if side.node == "red" => Some(Side::Red),
                TimeClause::DrawGoesTo(_) => Some(Side::Black),
                _ => None,
            })
        });
        odds.unwrap_or(Side::Black)
    }

    pub(super) fn places_decls(&self) -> Vec<plan::PlacesDecl> {
        self.lowered(|item| match item {
            Item::Places(p) => Some(plan::PlacesDecl {
                places: range(&p.places),
                rule: match &p.rule {
                    ast::PlacesRule::Shared(_) => plan::PlacesRule::Shared,
                    ast::PlacesRule::Ranked(chain) => plan::PlacesRule::Ranked {
                        chain: self.chain(chain, FormatKind::RoundRobin { double: false }),
                    },
                },
                sources: p.sources.iter().map(place_ref).collect(),
                title: p.title.as_ref().map(text),
                origin: self.origin(p.span),
            }),
            _ => None,
        })
    }

    pub(super) fn prizes(&self) -> Vec<plan::PrizeTable> {
        self.lowered(|item| match item {
            Item::Prizes(p) => Some(self.prize_table(p)),
            _ => None,
        })
    }

    /// One prize table (also a board prize table's lines, [`ast::BoardPrizes::as_table`]).
    pub(super) fn prize_table(&self, p: &ast::Prizes) -> plan::PrizeTable {
        let currency = p
            .currency
            .as_ref()
            .map(|c| c.node.clone())
            .or_else(|| {
                p.lines
                    .iter()
                    .find_map(|l| l.money.as_ref()?.currency.as_ref().map(|c| c.node.clone()))
            })
            .unwrap_or_else(|| "CNY".to_string());
        let lines = p
            .lines
            .iter()
            .map(|line| plan::PrizeLine {
                key: match &line.key {
                    PrizeKey::Places(r) => plan::PrizeKey::Places { places: range(r) },
                    PrizeKey::Eliminated { stage, round, .. } => plan::PrizeKey::Eliminated {
                        stage: stage.node.clone(),
                        round: round.node,
                    },
                    PrizeKey::Completed(_) => plan::PrizeKey::Completed,
                },
                amount: line.money.as_ref().map(|m| m.amount.node),
                currency: line
                    .money
                    .as_ref()
                    .and_then(|m| m.currency.as_ref())
                    .map(|c| c.node.clone())
                    .filter(|c| *c != currency),
                items: line.items.iter().map(prize_item).collect(),
                origin: self.origin(line.span),
            })
            .collect();
        plan::PrizeTable {
            category: p.category.as_ref().map(|c| c.node.clone()),
            title: p.title.as_ref().map(text),
            title_en: p
                .title
                .as_ref()
                .and_then(|t| t.en.as_ref())
                .map(|e| e.node.clone()),
            tax: p.tax.as_ref().and_then(|t| match t.node.as_str() {
                "before_tax" => Some(plan::Tax::BeforeTax),
                "after_tax" => Some(plan::Tax::AfterTax),
                _ => None,
            }),
            lines,
            total: p.total.as_ref().map(|m| m.amount.node),
            limit: p.limits.first().map(|l| plan::PlaceLimit {
                rule: match &l.rule {
                    ast::PrizeLimitRule::EntriesMinus(n) => {
                        plan::PlaceLimitRule::EntriesMinus { minus: n.node }
                    }
                    ast::PrizeLimitRule::HalfEntries => plan::PlaceLimitRule::HalfEntries,
                },
                origin: self.origin(l.span),
            }),
            currency,
            origin: self.origin(p.span),
        }
    }

    pub(super) fn qualification(&self) -> Vec<plan::Qualification> {
        self.lowered(|item| match item {
            Item::Qualification(q) => Some(plan::Qualification {
                title: text(&q.title),
                title_en: q.title.en.as_ref().map(|e| e.node.clone()),
                quotas: q
                    .quotas
                    .iter()
                    .map(|quota| plan::Quota {
                        category: (quota.category.node != ast::OVERALL)
                            .then(|| quota.category.node.clone()),
                        count: quota.count.node,
                        origin: self.origin(quota.span),
                    })
                    .collect(),
                replacement: plan::Replacement {
                    next_in_line: q
                        .replacement
                        .as_ref()
                        .is_some_and(|r| r.node == "next_in_line"),
                    until: q.replacement_until.as_ref().map(|u| u.node),
                },
                origin: self.origin(q.span),
            }),
            _ => None,
        })
    }
}

fn head_to_head_mode(variant: Option<&str>) -> plan::HeadToHeadMode {
    match variant {
        Some("mini_table") => plan::HeadToHeadMode::MiniTable,
        _ => plan::HeadToHeadMode::TwoOnly,
    }
}

/// A colour word of a stage or playoff step.
pub(super) fn colour_rule(
    word: Option<&ast::Ident>,
    default: plan::ColourRule,
) -> plan::ColourRule {
    match word.map(|w| w.node.as_str()) {
        Some("swap") => plan::ColourRule::Swap,
        Some("redraw") => plan::ColourRule::Redraw,
        Some("lot") => plan::ColourRule::Lot,
        Some("black_chooses") => plan::ColourRule::BlackChooses,
        Some("keep") => plan::ColourRule::Keep,
        Some("table") | Some("first_listed_red") | Some("by_board") => {
            plan::ColourRule::FirstListedRed
        }
        _ => default,
    }
}

/// The plan's award for a prize line's (or a scenario expectation's) item.
pub(crate) fn prize_item(item: &PrizeItem) -> plan::PrizeItem {
    match item {
        PrizeItem::Trophy(_) => plan::PrizeItem::Trophy,
        PrizeItem::Medal { metal, .. } => plan::PrizeItem::Medal {
            metal: metal.as_ref().map(|m| m.node.clone()),
        },
        PrizeItem::Plaque(_) => plan::PrizeItem::Plaque,
        PrizeItem::Certificate(_) => plan::PrizeItem::Certificate,
        PrizeItem::Other(t) => plan::PrizeItem::Other { name: text(t) },
    }
}

/// A bye's value in 对手分 as written (`zero`, `own_score`, `lowest_in_field`), in the stage's
/// `bye opponent_score` or the chain's `opponents_score bye`; the checker refused other words.
pub(super) fn bye_score(word: Option<&str>) -> Option<plan::ByeScore> {
    match word? {
        "zero" => Some(plan::ByeScore::Zero),
        "own_score" => Some(plan::ByeScore::OwnScore),
        _ => Some(plan::ByeScore::LowestInField),
    }
}
