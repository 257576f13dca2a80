//! Scoring, time controls, tie-break chains and playoff chains.

use super::{Duration, Ident, NamedBlock, Param, Spanned, Text};
use crate::span::Span;
use serde::Serialize;

/// `scoring [NAME] { win 2 draw 1 loss 0 forfeit_win 2 forfeit_loss 0 bye 2 }`; teams add
/// `match { win 2 draw 1 loss 0 }` (match points from game points). Without a name it is the
/// regulation's default scoring.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Scoring {
    pub name: Option<Ident>,
    /// `win 2`, `draw 1`, ... : key and points (whole numbers; 2/1/0 in CXA events).
    pub points: Vec<(Ident, Spanned<i64>)>,
    /// `match { ... }` for team events.
    pub matches: Option<Vec<(Ident, Spanned<i64>)>>,
    pub span: Span,
}

/// `time standard "慢棋" { base 20min increment 20s flag loses }`
/// `time armageddon "附加赛" { red 6min black 5min increment 0s draw_goes_to black }`
pub type TimeControl = NamedBlock<TimeClause>;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum TimeClause {
    /// `base 20min`: both sides.
    Base(Spanned<Duration>),
    /// `red 6min`
    Red(Spanned<Duration>),
    /// `black 5min`
    Black(Spanned<Duration>),
    /// `increment 20s` (`increment 0s` or `sudden_death` for 包干)
    Increment(Spanned<Duration>),
    /// `sudden_death`
    SuddenDeath(Span),
    /// `flag loses`
    FlagLoses(Span),
    /// `draw_goes_to black|red`: draw odds (armageddon).
    DrawGoesTo(Ident),
    /// `moves 40 then 30min`: a control after N moves.
    Moves {
        moves: Spanned<u32>,
        then: Spanned<Duration>,
        span: Span,
    },
}

/// `tiebreak { criterion [options]  ... }`: the ordered chain applied after points. Criteria
/// are identifiers resolved by the checker against the library (`sonneborn_berger`,
/// `opponents_score`, `head_to_head`, `wins`, `black_wins`, `black_games`, `head_to_head_black`,
/// `fouls`, `progressive`, `countback`, `lots`, ...; Chinese names such as `小分`, `对手分` are
/// accepted aliases). Options follow the criterion on its line as `key value` pairs or bare
/// variant words: `opponents_score cut 1 bye lowest_in_field`, `head_to_head two_only`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TiebreakChain {
    pub criteria: Vec<Criterion>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Criterion {
    pub name: Ident,
    /// Bare variant words after the name (`two_only`, `cumulative`).
    pub variants: Vec<Ident>,
    /// `key value` options.
    pub params: Vec<Param>,
    pub span: Span,
}

/// `playoff NAME "加赛" { steps }` at top level, or inline in a stage as `playoff { steps }`
/// (then `name` is None).
///
/// ```text
/// playoff ladder "加赛" {
///   game rapid colours swap
///   game blitz colours redraw
///   game blitz colours swap
///   armageddon armageddon colours lot
/// }
/// ```
/// A chain runs when a game (or mini-match) of a knockout or placement match is drawn; steps run
/// in order until one is decisive.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayoffChain {
    pub name: Option<Ident>,
    pub title: Option<Text>,
    pub steps: Vec<PlayoffStep>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum PlayoffStep {
    /// `game TIME colours RULE [games N]`: one game (or N) with that time control.
    Game {
        time: Ident,
        colours: Option<Ident>,
        games: Option<Spanned<u32>>,
        span: Span,
    },
    /// `armageddon TIME colours RULE`: decisive; the time control must give draw odds.
    Armageddon {
        time: Ident,
        colours: Option<Ident>,
        span: Span,
    },
    /// `lots`: decisive by drawing lots.
    Lots(Span),
    /// `earlier_game`: the first of the match's regular games that had a winner decides;
    /// not decisive when none had one (以慢棋对局胜负决定).
    EarlierGame(Span),
    /// `black`: the player who had Black in the match's last game wins; decisive (则黑方胜).
    Black(Span),
    /// `tiebreak { ... }`: for mini-matches, criteria before any game (e.g. black wins).
    Tiebreak(TiebreakChain),
}
