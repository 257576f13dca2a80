//! Supplements (dated amendments) and scenario tests.

use super::{Date, Ident, Item, Money, PlaceRange, PlayerDecl, PrizeItem, Spanned, TeamDecl, Text};
use crate::span::Span;
use serde::Serialize;

/// ```text
/// supplement "补充规定" en "Supplementary rules" 2018-10-15 by "竞赛裁判组" en "The arbiters' panel" {
///   override time armageddon "附加赛" { red 6min black 4min increment 5s draw_goes_to black }
///   override stage groups { ... }      // replaces the base stage of that name
///   note "记录" "前十台对局结束后需补记录"   // adds a clause
/// }
/// ```
/// An item inside a supplement either adds (a new name) or, with `override`, replaces the base
/// item of the same kind and name. A clash with a base item that is not declared `override` is an
/// error; so is an `override` of nothing.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Supplement {
    pub title: Text,
    pub date: Option<Spanned<Date>>,
    /// `by "竞赛裁判组"`: who issued it (printed as its signature with the date).
    pub by: Option<Text>,
    pub items: Vec<SupplementItem>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SupplementItem {
    /// The span of the `override` keyword, when present.
    pub override_kw: Option<Span>,
    pub item: Item,
    pub span: Span,
}

/// ```text
/// test "小分决定小组第一" {
///   roster {
///     player a1 "甲一" { unit "北京" rating 2500 }
///     ...
///   }                                  // or: `roster generated seed 7` (the declared field)
///   seed 3                              // the seed of every lot the runtime draws
///   draw { groups.A: a1 a2 a3 a4 \n groups.B: b1 b2 b3 b4 }   // fixed draws, in number order
///   results {
///     groups 1: a1 - a8 1-0, a2 - a7 =, a3 - a6 0-1
///     final_a 1: a1 - b1 = ; playoff rapid: b1 - a1 = ; playoff armageddon: a1 - b1 =
///     fouls a3 2
///     rest draws                        // every game not listed is drawn (or `rest random`)
///   }
///   expect {
///     place 1 a1
///     places 9..16 shared a3 b3 c3 d3 a4 b4 c4 d4
///     prize a1 80000 CNY
///     qualifies a1
///     decided_by final_a armageddon
///   }
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Scenario {
    pub name: Text,
    pub roster: Option<ScenarioRoster>,
    pub seed: Option<Spanned<u64>>,
    /// `draw { groups.A: a1 a2 ... }`: draws the test fixes instead of drawing lots.
    pub draws: Vec<ScenarioDraw>,
    pub results: Vec<ResultLine>,
    pub expects: Vec<Expect>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum ScenarioRoster {
    /// `roster { team t1 "北京队"  player a "甲" { team t1 order 1 } ... }`
    Players {
        #[serde(flatten)]
        roster: RosterPlayers,
        span: Span,
    },
    /// `roster NAME`: the roster declared once at the top level as `roster NAME { ... }`.
    Named { name: Ident, span: Span },
    /// `roster generated [N] [seed S]`
    Generated {
        size: Option<Spanned<u32>>,
        seed: Option<Spanned<u64>>,
        span: Span,
    },
}

/// ```text
/// roster field {
///   player a1 "甲一" { unit "北京" rating 2500 }
///   ...
/// }
/// ```
/// A roster declared once at the top level; a test uses it with `roster field`, so a file's tests
/// need not repeat the same players.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RosterDecl {
    pub name: Ident,
    #[serde(flatten)]
    pub roster: RosterPlayers,
    pub span: Span,
}

/// The players and teams of a roster, a test's own (`roster { ... }`) or one declared once
/// (`roster NAME { ... }`). Flattened into either, so the syntax tree's JSON names the two lists
/// where it always did.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RosterPlayers {
    pub players: Vec<PlayerDecl>,
    /// Empty outside team events.
    pub teams: Vec<TeamDecl>,
}

impl super::File {
    /// The top-level roster declared under `name`, if any (the first, when a name is declared
    /// twice: the checker reports the second).
    pub fn roster(&self, name: &str) -> Option<&RosterDecl> {
        self.items.iter().find_map(|item| match item {
            Item::Roster(r) if r.name.node == name => Some(r),
            _ => None,
        })
    }

    /// The players and teams a test plays with: its own `roster { ... }`, or the declared roster
    /// it names. `None` for a generated roster, for no roster, and for an unknown name (the
    /// checker reports it).
    pub fn scenario_players<'a>(
        &'a self,
        scenario: &'a Scenario,
    ) -> Option<(&'a [PlayerDecl], &'a [TeamDecl])> {
        match scenario.roster.as_ref()? {
            ScenarioRoster::Players { roster, .. } => Some(roster),
            ScenarioRoster::Named { name, .. } => self.roster(&name.node).map(|r| &r.roster),
            ScenarioRoster::Generated { .. } => None,
        }
        .map(|r| (r.players.as_slice(), r.teams.as_slice()))
    }
}

/// `groups.A: xu_yc jiang_c nguyen_vq` (a group of a stage) or `main: p1 p2 p3` (a stage without
/// groups): the players in pairing-number order, 1 first.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScenarioDraw {
    pub stage: Ident,
    pub group: Option<Ident>,
    pub players: Vec<Ident>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum ResultLine {
    /// `STAGE ROUND: red - black RESULT, ...` with an optional `playoff STEP:` prefix per game
    /// (STEP is the step's time-control name or `armageddon`) and `game N` for mini-matches.
    Games {
        stage: Ident,
        round: Spanned<u32>,
        games: Vec<GameResult>,
        span: Span,
    },
    /// `fouls PLAYER N`: fouls recorded over the event.
    Fouls {
        player: Ident,
        count: Spanned<u32>,
        span: Span,
    },
    /// `withdraw PLAYER after ROUND`
    Withdraw {
        player: Ident,
        stage: Ident,
        round: Spanned<u32>,
        span: Span,
    },
    /// `lineup TEAM STAGE ROUND: p1 p2 ...`: the line-up a team hands in for a round of a team
    /// stage, its players on boards 1, 2, ... in order.
    Lineup {
        team: Ident,
        stage: Ident,
        round: Spanned<u32>,
        players: Vec<Ident>,
        span: Span,
    },
    /// `declines PLAYER`: the player (a team in a team event) declines the qualification places
    /// it earns; a quota with `replacement next_in_line` passes them on.
    Declines { player: Ident, span: Span },
    /// `rest draws|red_wins|black_wins|random|rating`: how unlisted games end.
    Rest { rule: Ident, span: Span },
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameResult {
    /// `playoff rapid` / `playoff armageddon` (the step), None for the stage's own game.
    pub playoff_step: Option<Ident>,
    pub red: Ident,
    pub black: Ident,
    /// `1-0`, `0-1`, `=`, `+-` (red wins by forfeit), `-+`, `--` (both forfeit).
    pub outcome: Spanned<GameOutcome>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum GameOutcome {
    RedWins,
    BlackWins,
    Draw,
    RedWinsForfeit,
    BlackWinsForfeit,
    DoubleForfeit,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Expect {
    /// `place 1 a1`
    Place {
        place: Spanned<u32>,
        player: Ident,
        span: Span,
    },
    /// `places 9..16 shared a3 b3 ...`
    Shared {
        places: PlaceRange,
        players: Vec<Ident>,
        span: Span,
    },
    /// `prize a1 80000 CNY [AWARDS] [in CATEGORY]`; `prize a1 AWARDS [in CATEGORY]`;
    /// `prize a1 none`
    Prize {
        player: Ident,
        /// None with no awards: `none`, no money at all; None with awards: the money is not
        /// expected.
        money: Option<Money>,
        /// `trophy`, `medal bronze`, ...: each must be among the player's awards (in CATEGORY).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        items: Vec<PrizeItem>,
        category: Option<Ident>,
        span: Span,
    },
    /// `qualifies a1`
    Qualifies { player: Ident, span: Span },
    /// `decided_by STAGE STEP`: some match of that stage needed that playoff step.
    DecidedBy {
        stage: Ident,
        step: Ident,
        span: Span,
    },
    /// `group_place groups.A 1 a1`
    StagePlace {
        stage: Ident,
        group: Option<Ident>,
        place: Spanned<u32>,
        player: Ident,
        span: Span,
    },
    /// `withdrawn a1`
    Withdrawn { player: Ident, span: Span },
    /// `rounds main 7`: the stage played 7 rounds (a table by entries picked that row).
    Rounds {
        stage: Ident,
        rounds: Spanned<u32>,
        span: Span,
    },
    /// `ranking_place teams 1 北京`: the unit `北京` is first in the derived ranking `teams`.
    RankingPlace {
        ranking: Ident,
        place: Spanned<u32>,
        unit: Ident,
        span: Span,
    },
}

impl ResultLine {
    /// The span of the whole result line, whatever its kind.
    pub fn span(&self) -> Span {
        match self {
            ResultLine::Games { span, .. }
            | ResultLine::Fouls { span, .. }
            | ResultLine::Withdraw { span, .. }
            | ResultLine::Lineup { span, .. }
            | ResultLine::Declines { span, .. }
            | ResultLine::Rest { span, .. } => *span,
        }
    }
}

impl Expect {
    /// The span of the whole expectation, whatever its kind.
    pub fn span(&self) -> Span {
        match self {
            Expect::Place { span, .. }
            | Expect::Shared { span, .. }
            | Expect::Prize { span, .. }
            | Expect::Qualifies { span, .. }
            | Expect::DecidedBy { span, .. }
            | Expect::StagePlace { span, .. }
            | Expect::Withdrawn { span, .. }
            | Expect::RankingPlace { span, .. }
            | Expect::Rounds { span, .. } => *span,
        }
    }
}
