//! FIDE Tournament Report File (TRF-16 and TRF-2026): read and write.
//!
//! The reader takes the player records (`001`, by columns), the round blocks (opponent, colour,
//! result at columns 92+10(r−1)), the rounds count (`XXR`, `142`), the initial colour (`XXC`,
//! `152`), the scoring system (`162`, `XXS`, JaVaFo `BBW`/`BBD`/... lines), the pairing-only
//! records (accelerations `XXA` and TRF-2026 `250`, forbidden pairs `XXP` and `260`, which are
//! also kept verbatim for the writer), refuses the records it would not act on (`299`
//! abnormal points, team records `013` and `310`) and keeps every other line verbatim so that a file read and written back loses nothing it understood. Errors carry
//! the 1-based line and column so that the command line can point at them. The reader never
//! panics: every field is read through checked slicing.

mod fields;
mod reader;
mod records;
mod writer;

pub use reader::{parse, parse_bytes};
pub use writer::{write, Unfit};

use std::collections::BTreeMap;
use std::fmt;

use crate::pairing::swiss::state::Colour;

/// A result code of a round block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultCode {
    /// `1`: won a played game.
    Win,
    /// `=`: drew a played game.
    Draw,
    /// `0`: lost a played game.
    Loss,
    /// `+`: forfeit win.
    ForfeitWin,
    /// `-`: forfeit loss.
    ForfeitLoss,
    /// `W`: win of a game not rated (under one move).
    UnratedWin,
    /// `D`: unrated draw.
    UnratedDraw,
    /// `L`: unrated loss.
    UnratedLoss,
    /// `H`: half-point bye.
    HalfBye,
    /// `F`: full-point bye.
    FullBye,
    /// `U`: pairing-allocated bye.
    Pab,
    /// `Z`: zero-point bye (known absence).
    ZeroBye,
    /// Blank result: absent, nothing scored.
    Blank,
}

impl ResultCode {
    /// The code's character in a round block.
    pub fn to_char(self) -> char {
        match self {
            ResultCode::Win => '1',
            ResultCode::Draw => '=',
            ResultCode::Loss => '0',
            ResultCode::ForfeitWin => '+',
            ResultCode::ForfeitLoss => '-',
            ResultCode::UnratedWin => 'W',
            ResultCode::UnratedDraw => 'D',
            ResultCode::UnratedLoss => 'L',
            ResultCode::HalfBye => 'H',
            ResultCode::FullBye => 'F',
            ResultCode::Pab => 'U',
            ResultCode::ZeroBye => 'Z',
            ResultCode::Blank => ' ',
        }
    }

    /// Parse a result character (case-insensitive for letters).
    pub fn from_char(c: char) -> Option<ResultCode> {
        Some(match c.to_ascii_uppercase() {
            '1' => ResultCode::Win,
            '=' => ResultCode::Draw,
            '0' => ResultCode::Loss,
            '+' => ResultCode::ForfeitWin,
            '-' => ResultCode::ForfeitLoss,
            'W' => ResultCode::UnratedWin,
            'D' => ResultCode::UnratedDraw,
            'L' => ResultCode::UnratedLoss,
            'H' => ResultCode::HalfBye,
            'F' => ResultCode::FullBye,
            'U' => ResultCode::Pab,
            'Z' => ResultCode::ZeroBye,
            ' ' => ResultCode::Blank,
            _ => return None,
        })
    }

    /// Whether `self` and `other` are the two sides of one game: a win against a loss, a draw
    /// against a draw (rated or not alike), a forfeit win against a forfeit loss, two forfeit
    /// losses (a double forfeit); a bye or a blank against a bye or a blank.
    pub fn answers(self, other: ResultCode) -> bool {
        use ResultCode as R;
        matches!(
            (self, other),
            (R::Win, R::Loss)
                | (R::Loss, R::Win)
                | (R::Draw, R::Draw)
                | (R::UnratedWin, R::UnratedLoss)
                | (R::UnratedLoss, R::UnratedWin)
                | (R::UnratedDraw, R::UnratedDraw)
                | (R::ForfeitWin, R::ForfeitLoss)
                | (R::ForfeitLoss, R::ForfeitWin | R::ForfeitLoss)
        ) || (!self.is_game() && !other.is_game())
    }

    /// Whether the code is a game's result (played or forfeited), not a bye or a blank.
    fn is_game(self) -> bool {
        self.is_played() || matches!(self, ResultCode::ForfeitWin | ResultCode::ForfeitLoss)
    }

    /// Whether a game was actually played (counts for colours and as "met").
    pub fn is_played(self) -> bool {
        matches!(
            self,
            ResultCode::Win
                | ResultCode::Draw
                | ResultCode::Loss
                | ResultCode::UnratedWin
                | ResultCode::UnratedDraw
                | ResultCode::UnratedLoss
        )
    }
}

/// One round block of a player line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrfRound {
    /// The opponent's starting rank, `None` for `0000` or blank.
    pub opponent: Option<u32>,
    /// `w` / `b`, `None` for `-` or blank.
    pub colour: Option<Colour>,
    /// The result.
    pub result: ResultCode,
}

/// A `001` player record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfPlayer {
    /// 1-based line number in the file it was read from (0 when built in memory).
    pub line: usize,
    /// Starting rank (pairing number), columns 5–8.
    pub id: u32,
    /// Column 10.
    pub sex: String,
    /// Columns 11–13.
    pub title: String,
    /// Columns 15–47.
    pub name: String,
    /// Columns 49–52.
    pub rating: Option<u32>,
    /// Columns 54–56.
    pub federation: String,
    /// Columns 58–68.
    pub fide_id: String,
    /// Columns 70–79.
    pub birth: String,
    /// Columns 81–84, in tenths.
    pub points: u32,
    /// Columns 86–89.
    pub rank: Option<u32>,
    /// Round blocks from round 1; `None` for a blank block.
    pub rounds: Vec<Option<TrfRound>>,
}

/// Points per result, in tenths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrfScoring {
    /// Win (played or unrated).
    pub win: u32,
    /// Draw.
    pub draw: u32,
    /// Loss.
    pub loss: u32,
    /// Forfeit win.
    pub forfeit_win: u32,
    /// Forfeit loss.
    pub forfeit_loss: u32,
    /// Pairing-allocated bye.
    pub pab: u32,
    /// Half-point bye.
    pub half_bye: u32,
    /// Full-point bye.
    pub full_bye: u32,
    /// Zero-point bye or absence.
    pub zero_bye: u32,
    /// Whether the file declared the scoring (a `162`, `XXS` or `BB?` line).
    pub declared: bool,
}

impl Default for TrfScoring {
    fn default() -> Self {
        TrfScoring {
            win: 10,
            draw: 5,
            loss: 0,
            forfeit_win: 10,
            forfeit_loss: 0,
            pab: 10,
            half_bye: 5,
            full_bye: 10,
            zero_bye: 0,
            declared: false,
        }
    }
}

impl TrfScoring {
    /// The points a result code scores.
    pub fn points(&self, r: ResultCode) -> u32 {
        match r {
            ResultCode::Win | ResultCode::UnratedWin => self.win,
            ResultCode::Draw | ResultCode::UnratedDraw => self.draw,
            ResultCode::Loss | ResultCode::UnratedLoss => self.loss,
            ResultCode::ForfeitWin => self.forfeit_win,
            ResultCode::ForfeitLoss => self.forfeit_loss,
            ResultCode::HalfBye => self.half_bye,
            ResultCode::FullBye => self.full_bye,
            ResultCode::Pab => self.pab,
            ResultCode::ZeroBye | ResultCode::Blank => self.zero_bye,
        }
    }
}

/// A whole file.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Trf {
    /// Tournament name (`012`).
    pub name: Option<String>,
    /// The pairing system line (`092` of the reference data, `192` of TRF-2026).
    pub system: Option<String>,
    /// Declared number of rounds (`XXR` or `142`).
    pub rounds_declared: Option<u32>,
    /// Initial colour (`XXC white1|black1` or `152 W|B`).
    pub initial_colour: Option<Colour>,
    /// Scoring system.
    pub scoring: TrfScoring,
    /// Players in file order.
    pub players: Vec<TrfPlayer>,
    /// Lines not interpreted, with their line numbers (kept for the writer). The pairing-only
    /// records below are kept here too, verbatim.
    pub other_lines: Vec<(usize, String)>,
    /// Acceleration records (`XXA`, `250`), in file order.
    pub accelerations: Vec<TrfAcceleration>,
    /// Forbidden pairings (`XXP`, `260`), in file order.
    pub forbidden: Vec<TrfForbidden>,
}

/// An acceleration record: virtual points that count for the pairing only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrfAcceleration {
    /// JaVaFo's `XXA NNNN pppp pppp ...`: the player at columns 5-8, then the virtual points
    /// of rounds 1, 2, ... in 4-column fields from column 10, 5 columns apart (blank is 0). A
    /// second `XXA` of the same player continues the first one's rounds, as in bbpPairings.
    Player {
        /// 1-based line.
        line: usize,
        /// Starting rank.
        player: u32,
        /// Virtual points of rounds 1, 2, ..., in tenths.
        points: Vec<u32>,
    },
    /// TRF-2026 `250`: `points` (columns 10-13) in rounds `first..=last` (15-17, 19-21) for
    /// the starting ranks `from..=to` (23-26, 28-31); columns 5-8 (match points) are for team
    /// competitions and must be blank or zero.
    Range {
        /// 1-based line.
        line: usize,
        /// Virtual points, in tenths (not zero).
        points: u32,
        /// First round, 1-based.
        first: u32,
        /// Last round, 1-based (at least `first`).
        last: u32,
        /// First starting rank.
        from: u32,
        /// Last starting rank (at least `from`).
        to: u32,
    },
}

/// A forbidden pairing record: no two of `players` may be paired together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfForbidden {
    /// 1-based line.
    pub line: usize,
    /// Starting ranks (at least two).
    pub players: Vec<u32>,
    /// The 1-based column of each of `players`.
    pub columns: Vec<usize>,
    /// The rounds it holds in, 1-based and inclusive (TRF-2026 `260`); `None` for every
    /// round (JaVaFo's `XXP`).
    pub rounds: Option<(u32, u32)>,
}

/// What is wrong at a place in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrfErrorKind {
    /// The bytes are not UTF-8.
    NotUtf8,
    /// A player line ends before the points column.
    LineTooShort,
    /// A number field does not parse; the text names the field.
    BadNumber(&'static str),
    /// A colour character other than `w`, `b`, `-`, blank.
    BadColour(char),
    /// An unknown result character.
    BadResult(char),
    /// A round block that is not of the form `NNNN c r`.
    BadRoundBlock,
    /// Two player lines with the same starting rank.
    DuplicatePlayer(u32),
    /// A result against a starting rank with no player line.
    UnknownOpponent(u32),
    /// A player paired with himself.
    OwnOpponent,
    /// The opponent's line does not record the same game.
    AsymmetricGame {
        /// The opponent.
        opponent: u32,
        /// The round, 1-based.
        round: u32,
    },
    /// A round block past the declared number of rounds.
    RoundOutOfRange {
        /// The round of the block, 1-based.
        round: u32,
        /// The declared number of rounds.
        declared: u32,
    },
    /// The points column differs from the sum over the rounds played.
    ScoreMismatch {
        /// Points in the file, tenths.
        declared: u32,
        /// Sum over the rounds, tenths.
        computed: u32,
    },
    /// A header line (`XXR`, `162`, ...) whose value does not parse.
    BadHeader(&'static str),
    /// A field of an acceleration or forbidden-pair record (`XXA`, `250`, `XXP`, `260`) that
    /// does not parse; the text says which and what it should be.
    BadRecord(&'static str),
    /// An acceleration or forbidden-pair record names a starting rank with no player line.
    UnknownPlayer {
        /// The record's code.
        record: &'static str,
        /// The starting rank.
        id: u32,
    },
}

/// A malformed or inconsistent TRF line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong.
    pub kind: TrfErrorKind,
}

fn tenths(v: u32) -> String {
    format!("{}.{}", v / 10, v % 10)
}

impl fmt::Display for TrfErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrfErrorKind::NotUtf8 => write!(f, "the file is not UTF-8 text"),
            TrfErrorKind::LineTooShort => {
                write!(f, "player line ends before the points column (81-84)")
            }
            TrfErrorKind::BadNumber(what) => write!(f, "{what} is not a number"),
            TrfErrorKind::BadColour(c) => write!(f, "colour {c:?} is not w, b or -"),
            TrfErrorKind::BadResult(c) => {
                write!(f, "result {c:?} is not one of 1 = 0 + - W D L H F U Z")
            }
            TrfErrorKind::BadRoundBlock => write!(f, "round block is not `NNNN c r`"),
            TrfErrorKind::DuplicatePlayer(id) => {
                write!(f, "starting rank {id} appears on two player lines")
            }
            TrfErrorKind::UnknownOpponent(id) => {
                write!(
                    f,
                    "result against starting rank {id}, which has no player line"
                )
            }
            TrfErrorKind::OwnOpponent => write!(f, "player is paired against himself"),
            TrfErrorKind::AsymmetricGame { opponent, round } => write!(
                f,
                "round {round}: player {opponent}'s line does not record this game"
            ),
            TrfErrorKind::RoundOutOfRange { round, declared } => write!(
                f,
                "round {round} is past the {declared} rounds the file declares"
            ),
            TrfErrorKind::ScoreMismatch { declared, computed } => write!(
                f,
                "points column says {} but the rounds add up to {}",
                tenths(*declared),
                tenths(*computed)
            ),
            TrfErrorKind::BadHeader(what) => write!(f, "{what} line does not parse"),
            TrfErrorKind::BadRecord(what) => write!(f, "{what}"),
            TrfErrorKind::UnknownPlayer { record, id } => write!(
                f,
                "`{record}` names starting rank {id}, which has no player line"
            ),
        }
    }
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.kind
        )
    }
}

impl std::error::Error for TrfError {}

impl Trf {
    /// The virtual points of the acceleration records, per starting rank, by round from round
    /// 1 (in tenths; rounds past the end have none). Records apply in file order: an `XXA`
    /// continues the player's earlier rounds, a `250` sets its rounds (as bbpPairings reads them).
    pub fn virtual_points(&self) -> BTreeMap<u32, Vec<u32>> {
        let mut out: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
        for a in &self.accelerations {
            match a {
                TrfAcceleration::Player { player, points, .. } => {
                    out.entry(*player)
                        .or_default()
                        .extend(points.iter().copied());
                }
                TrfAcceleration::Range {
                    points,
                    first,
                    last,
                    from,
                    to,
                    ..
                } => {
                    for id in *from..=*to {
                        let v = out.entry(id).or_default();
                        if v.len() < *last as usize {
                            v.resize(*last as usize, 0);
                        }
                        for slot in v
                            .iter_mut()
                            .take(*last as usize)
                            .skip((*first as usize).saturating_sub(1))
                        {
                            *slot = *points;
                        }
                    }
                }
            }
        }
        out
    }

    /// The pairs that may not be paired together in `round` (1-based), smaller rank first,
    /// sorted and without repeats.
    pub fn forbidden_in(&self, round: u32) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        for f in &self.forbidden {
            if f.rounds.is_some_and(|(a, b)| round < a || round > b) {
                continue;
            }
            for (i, &a) in f.players.iter().enumerate() {
                for &b in f.players.iter().skip(i + 1) {
                    if a != b {
                        out.push((a.min(b), a.max(b)));
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The initial colour: the declared one (`XXC`, `152`), else the one the games show, as
    /// bbpPairings infers it: in the first round anybody has a colour, the colour of the first
    /// player (by starting rank) paired by then. None when no game shows one (a file of round 1
    /// that declares nothing: bbpPairings refuses to pair it).
    pub fn first_colour(&self) -> Option<Colour> {
        if self.initial_colour.is_some() {
            return self.initial_colour;
        }
        let first = self
            .players
            .iter()
            .filter_map(|p| {
                p.rounds
                    .iter()
                    .position(|r| r.is_some_and(|r| r.colour.is_some()))
            })
            .min()?;
        let mut by_rank: Vec<&TrfPlayer> = self.players.iter().collect();
        by_rank.sort_by_key(|p| p.id);
        let paired = |r: &Option<TrfRound>| {
            r.is_some_and(|r| {
                r.opponent.is_some() || matches!(r.result, ResultCode::Pab | ResultCode::ForfeitWin)
            })
        };
        let top = by_rank
            .into_iter()
            .find(|p| p.rounds.iter().take(first + 1).any(paired))?;
        top.rounds.get(first).copied().flatten()?.colour
    }

    /// The number of rounds with results: the last round in which anybody was paired.
    pub fn rounds_played(&self) -> u32 {
        let mut last = 0;
        for p in &self.players {
            for (i, r) in p.rounds.iter().enumerate() {
                if let Some(r) = r {
                    if r.opponent.is_some()
                        || matches!(r.result, ResultCode::Pab | ResultCode::ForfeitWin)
                    {
                        last = last.max(i as u32 + 1);
                    }
                }
            }
        }
        last
    }
}
