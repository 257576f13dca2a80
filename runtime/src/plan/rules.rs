//! Scoring, time controls, tie-break chains, playoff chains and conduct parameters.

use super::{Origin, Side};
use serde::{Deserialize, Serialize};

/// Points per result, whole numbers (2/1/0 in CXA events, domain.md 2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scoring {
    pub win: i64,
    pub draw: i64,
    pub loss: i64,
    /// A forfeit win (the opponent did not appear): a win's points unless the regulation says
    /// otherwise (domain.md 2).
    pub forfeit_win: i64,
    pub forfeit_loss: i64,
    /// A pairing-allocated bye.
    pub bye: i64,
    /// Team events: match points from the comparison of game points.
    pub matches: Option<MatchScoring>,
    pub origin: Origin,
}

impl Scoring {
    /// The CXA scale win 2, draw 1, loss 0 (domain.md 2), forfeits and byes as wins.
    pub fn cxa_default(origin: Origin) -> Scoring {
        Scoring {
            win: 2,
            draw: 1,
            loss: 0,
            forfeit_win: 2,
            forfeit_loss: 0,
            bye: 2,
            matches: None,
            origin,
        }
    }
}

/// `match { win 2 draw 1 loss 0 }`
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchScoring {
    pub win: i64,
    pub draw: i64,
    pub loss: i64,
    pub origin: Origin,
}

/// `time standard { base 20min increment 20s }`, `time armageddon { red 6min black 5min ... }`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    pub name: String,
    pub title: Option<String>,
    /// The title's English (`time blitz "超快棋" en "Blitz"`), for English output; absent in
    /// older plans and where the regulation gives none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title_en: Option<String>,
    /// Base time of Red and of Black in seconds (equal unless the control is unequal).
    pub red_seconds: u32,
    pub black_seconds: u32,
    pub increment_seconds: u32,
    pub flag_loses: bool,
    /// Draw odds: a drawn game counts as a win for this side (armageddon).
    pub draw_goes_to: Option<Side>,
    pub origin: Origin,
}

/// The ordered chain applied after the stage's primary score (points, or match points in a team
/// stage). A criterion that cannot separate leaves the tie to the next one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TiebreakChain {
    pub criteria: Vec<TiebreakItem>,
    pub origin: Origin,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TiebreakItem {
    pub criterion: Criterion,
    pub origin: Origin,
}

/// The tie-break library of domain.md section 5, one variant per criterion, with the variants
/// the sources disagree on as parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Criterion {
    /// 积分: points (the primary score; repeated in a chain it separates nothing).
    Points,
    /// 小分 in a round robin: Σ opponent's final points × result factor (1, ½, 0). Forfeits
    /// count as played against the scheduled opponent (FIDE RR default, domain.md 5.1).
    SonnebornBerger,
    /// 对手分 (Buchholz): Σ opponents' final points, the `cut` lowest dropped; a bye round adds
    /// `bye_score`.
    OpponentsScore { cut: u32, bye_score: ByeScore },
    /// 累进分: Σ running scores, the first `cut` dropped.
    Progressive { cut: u32 },
    /// 两人对赛胜负 / direct encounter.
    HeadToHead { mode: HeadToHeadMode },
    /// 胜局: wins over the board (`played`) or every round scored as a win (`all`).
    Wins { count: WinsCount },
    /// 后手胜局: wins with Black over the board.
    BlackWins,
    /// 后手局数: games played with Black (more first).
    BlackGames,
    /// 两人对赛时执后手者为胜: exactly two tied who drew their game: Black first.
    HeadToHeadBlack,
    /// 犯规: fouls over the event (fewer first).
    Fouls,
    /// 比较前一轮成绩，以此类推 (domain.md 5.3). `bye_score`: what a bye round counts in
    /// `opp_reverse`, the same as the stage's 对手分 (the chain's `opponents_score bye`, else the
    /// stage's `bye opponent_score`); absent where neither is written (`lowest_in_field`), and
    /// then left out of the JSON, so that a plan without it reads as before.
    Countback {
        variant: CountbackVariant,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bye_score: Option<ByeScore>,
    },
    /// 抽签: drawing of lots (always separates).
    Lots,
    /// 如仍相同，名次并列: the players still tied share one place (the last of a stage's chain;
    /// a prize table splits the place's prizes among them).
    Shared,
    /// Team stages: match points.
    MatchPoints,
    /// Team stages: game points (board points summed over matches).
    GamePoints,
    /// Team stages: game points on board 1 over all matches, then on board 2, ... (higher
    /// first).
    BoardCountback,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ByeScore {
    /// WXF14: the lowest final total in the field (documented default for xiangqi).
    LowestInField,
    Zero,
    /// FIDE 2023/24: the player's own final total.
    OwnScore,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HeadToHeadMode {
    /// Only when exactly two players are tied (SEED0 "两人对赛").
    TwoOnly,
    /// FIDE DE: points in the games among all tied players, if every pair has met; re-applied to
    /// each sub-group it leaves tied.
    MiniTable,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinsCount {
    /// Over the board only (FIDE WON).
    Played,
    /// Every round scored as a win, forfeit wins and byes included (FIDE WIN, BP).
    All,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CountbackVariant {
    /// (A) running total after round R−1, then R−2, ... (higher first).
    Cumulative,
    /// (B) 对手分逆减: opponents' score minus the last opponent's, then the last two, ...
    OppReverse,
    /// (C) the result of round R, then R−1, ... (higher first).
    RoundResult,
}

/// `playoff ladder { game rapid colours swap ... armageddon armageddon colours lot }`: run when a
/// knockout game or mini-match, or a same-place match, ends level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayoffChain {
    pub name: Option<String>,
    pub steps: Vec<PlayoffStep>,
    pub origin: Origin,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayoffStep {
    pub kind: PlayoffStepKind,
    pub origin: Origin,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayoffStepKind {
    /// `games` games with this time control; colours of the first by `colours`, then swapped.
    Game {
        time: String,
        colours: ColourRule,
        games: u32,
    },
    /// One decisive game: a draw goes to `draw_goes_to` (copied from the time control).
    Armageddon {
        time: String,
        colours: ColourRule,
        draw_goes_to: Side,
    },
    /// Decided by lot.
    Lots,
    /// The first of the match's regular games (at the stage's own time control, in order) that
    /// had a winner decides for that winner; not decisive when every one was drawn.
    EarlierGame,
    /// The player who had Black in the match's last game played wins: always decisive.
    Black,
    /// Criteria on the match's own games before any further game (e.g. black wins).
    Tiebreak { chain: TiebreakChain },
}

impl PlayoffStepKind {
    /// The step's label in transcripts and recorded results: the time control's name, or
    /// `lots` / `tiebreak`.
    pub fn label(&self) -> &str {
        match self {
            PlayoffStepKind::Game { time, .. } | PlayoffStepKind::Armageddon { time, .. } => time,
            PlayoffStepKind::Lots => "lots",
            PlayoffStepKind::EarlierGame => "earlier_game",
            PlayoffStepKind::Black => "black",
            PlayoffStepKind::Tiebreak { .. } => "tiebreak",
        }
    }
}

/// How the colours of a game are set, relative to the game before it where that matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColourRule {
    /// The previous game's colours reversed.
    Swap,
    /// A new lot (the seeds' 重新抽签).
    Redraw,
    /// By lot (猜先, CXA 13.4).
    Lot,
    /// As in the previous game.
    Keep,
    /// The first-listed player (table, bracket or pair order) has Red.
    FirstListedRed,
    /// `black_chooses`: a lot is drawn and its winner chooses colours (由抽签胜者选择先后手). A
    /// simulation models the choice: the winner takes the side with draw odds in an armageddon,
    /// Red (the first move) in any other game.
    BlackChooses,
}

/// `colours by_board home|lower_number` in a team stage.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamColours {
    pub rule: TeamColourRule,
    pub origin: Origin,
}

/// Which team of a match has Red on odd boards and Black on even ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TeamColourRule {
    /// The team the pairing lists first (the Berger table's home team, the team Swiss pairer's
    /// Red team): CXA 13.2.
    Home,
    /// The team with the smaller team (pairing) number.
    LowerNumber,
}

/// Conduct parameters the runtime applies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Conduct {
    /// `withdraw after 2 forfeits`: not paired any more; later games are forfeited.
    pub withdraw_after_forfeits: Option<u32>,
    /// `fouls_per_game 2 loss`: this many fouls in one game lose it.
    pub fouls_per_game_loss: Option<u32>,
    pub origin: Origin,
}
