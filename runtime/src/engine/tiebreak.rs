//! Standings and the tie-break library of domain.md section 5.
//!
//! A [`Table`] holds each competitor's round records in one stage (or group). [`rank`] orders a
//! subset of them by the primary score, then the chain: each criterion splits a tied set into
//! ordered parts, each part still tied goes on to the next criterion (a mini-table head-to-head
//! is re-applied first to a part smaller than the set it split, as FIDE DE does). A tie the
//! chain leaves is drawn by lot, so the order is always strict; the lot is reported. Every
//! boundary a criterion made is returned as a [`Separation`] with both values.

use crate::pairing::lots::Lots;
use crate::plan::{
    ByeScore, CountbackVariant, Criterion, HeadToHeadMode, Origin, Scoring, Side, TiebreakChain,
    WinsCount,
};
use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};

mod ranker;
pub use ranker::rank;

/// What a competitor did in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RecordKind {
    Win,
    Draw,
    Loss,
    ForfeitWin,
    ForfeitLoss,
    DoubleForfeit,
    /// Pairing-allocated bye (Swiss).
    Bye,
    /// Not paired: the bye of an odd round robin, absence, withdrawal.
    Unpaired,
}

impl RecordKind {
    fn played(self) -> bool {
        matches!(self, RecordKind::Win | RecordKind::Draw | RecordKind::Loss)
    }

    /// The result factor of Sonneborn-Berger in halves (win 2, draw 1, loss 0).
    fn sb_halves(self) -> i64 {
        match self {
            RecordKind::Win | RecordKind::ForfeitWin => 2,
            RecordKind::Draw => 1,
            _ => 0,
        }
    }
}

/// One round of one competitor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    pub round: u32,
    /// Position of the opponent in the table.
    pub opponent: Option<usize>,
    /// Colour, for games played over the board.
    pub side: Option<Side>,
    pub kind: RecordKind,
    pub points: i64,
}

impl Record {
    /// A round the competitor was not paired in, worth `points`.
    pub fn unpaired(round: u32, points: i64) -> Self {
        Record {
            round,
            opponent: None,
            side: None,
            kind: RecordKind::Unpaired,
            points,
        }
    }
}

/// A competitor (a player, or a team in a team stage).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Competitor {
    pub records: Vec<Record>,
    /// Fouls over the event, for the `fouls` criterion.
    pub fouls: u32,
    /// Team stages: match points and game points (board points summed).
    pub match_points: i64,
    pub game_points: i64,
    /// Team stages: game points per board (board 1 first), summed over all matches.
    pub board_points: Vec<i64>,
}

impl Competitor {
    pub fn points(&self) -> i64 {
        self.records.iter().map(|r| r.points).sum()
    }
}

/// A stage's (or group's) competitors; opponents are positions in `competitors`.
#[derive(Clone, Debug)]
pub struct Table<'a> {
    pub competitors: Vec<Competitor>,
    pub scoring: &'a Scoring,
    /// Competitors of several groups ranked together (`places … ranked_by`): each group's
    /// positions in `competitors`. A bye's `lowest_in_field` is the lowest total of the bye's
    /// own group, the field it was played in. Empty: the competitors are one field.
    pub fields: Vec<std::ops::Range<usize>>,
}

/// A tie-break value: one number (possibly a half) or a sequence (countback).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TbValue {
    /// In halves when `halves`, else whole units.
    pub parts: Vec<i64>,
    pub halves: bool,
    /// Fewer is better (fouls).
    pub lower_first: bool,
}

impl TbValue {
    fn one(v: i64) -> TbValue {
        TbValue {
            parts: vec![v],
            halves: false,
            lower_first: false,
        }
    }

    fn fmt_part(&self, v: i64) -> String {
        if !self.halves || v % 2 == 0 {
            return (if self.halves { v / 2 } else { v }).to_string();
        }
        let sign = if v < 0 { "-" } else { "" };
        format!("{sign}{}.5", v.abs() / 2)
    }

    /// `9`, `4.5`, or `3/2/2` for a sequence.
    pub fn display(&self) -> String {
        self.parts
            .iter()
            .map(|&v| self.fmt_part(v))
            .collect::<Vec<_>>()
            .join("/")
    }

    /// The value as a number (first part), halves resolved.
    pub fn as_f64(&self) -> f64 {
        let v = self.parts.first().copied().unwrap_or(0) as f64;
        if self.halves {
            v / 2.0
        } else {
            v
        }
    }

    /// Is `self` better than `other`? Sequences compare lexicographically.
    fn better(&self, other: &TbValue) -> std::cmp::Ordering {
        let o = self.parts.cmp(&other.parts);
        if self.lower_first {
            o.reverse()
        } else {
            o
        }
    }
}

impl Serialize for TbValue {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let num = |v: i64| -> serde_json::Value {
            if self.halves && v % 2 != 0 {
                serde_json::Value::from(v as f64 / 2.0)
            } else if self.halves {
                serde_json::Value::from(v / 2)
            } else {
                serde_json::Value::from(v)
            }
        };
        if self.parts.len() == 1 {
            num(self.parts.first().copied().unwrap_or(0)).serialize(s)
        } else {
            let mut seq = s.serialize_seq(Some(self.parts.len()))?;
            for &v in &self.parts {
                seq.serialize_element(&num(v))?;
            }
            seq.end()
        }
    }
}

/// The primary score a stage ranks by before its chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Primary {
    Points,
    MatchPoints,
}

/// A boundary in the order made by a criterion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Separation {
    pub above: usize,
    pub below: usize,
    pub criterion: Criterion,
    pub above_value: TbValue,
    pub below_value: TbValue,
    /// The chain item's origin (or the default that added a final lot).
    pub origin: Origin,
}

/// One drawing of lots among tied competitors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LotDrawn {
    /// The tied competitors, in the order the lot gave them.
    pub order: Vec<usize>,
    /// True when the chain had no `lots` and the runtime added it (FIDE C.07 art. 4.2).
    pub implicit: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ranked {
    /// Positions, best first.
    pub order: Vec<usize>,
    /// Per position in `order`: the values of each chain criterion that could be computed for it
    /// (contextual criteria only where applied), in chain order.
    pub values: Vec<Vec<(Criterion, TbValue)>>,
    pub separations: Vec<Separation>,
    pub lots: Vec<LotDrawn>,
    /// The sets of positions the chain's `shared` left tied: each shares one place.
    pub shared: Vec<Vec<usize>>,
}

impl Ranked {
    /// Each position of `order` with its place (1-based) and whether it is shared: those the
    /// chain's `shared` left tied take the place of the first of them.
    pub fn places(&self) -> Vec<(u32, bool)> {
        let mut places: Vec<(u32, bool)> =
            (1..=self.order.len() as u32).map(|q| (q, false)).collect();
        for set in &self.shared {
            let at: Vec<usize> = set
                .iter()
                .filter_map(|p| self.order.iter().position(|o| o == p))
                .collect();
            let Some(first) = at.iter().min().copied() else {
                continue;
            };
            for &k in &at {
                if let Some(slot) = places.get_mut(k) {
                    *slot = (first as u32 + 1, true);
                }
            }
        }
        places
    }
}

/// Chinese name of a criterion (as regulations write it).
pub fn zh_label(c: &Criterion) -> &'static str {
    labels(c).1
}

/// The identifier of a criterion in the language and the JSON output.
pub fn id_label(c: &Criterion) -> &'static str {
    labels(c).0
}

/// English name of a criterion, as the (English) transcript words it; the nouns of the English
/// sheet's tie-break lines.
pub fn en_label(c: &Criterion) -> &'static str {
    labels(c).2
}

/// A criterion's identifier, its Chinese name and its English name, in one table.
fn labels(c: &Criterion) -> (&'static str, &'static str, &'static str) {
    match c {
        Criterion::Points => ("points", "积分", "points"),
        Criterion::SonnebornBerger => ("sonneborn_berger", "小分", "Sonneborn-Berger score"),
        Criterion::OpponentsScore { .. } => {
            ("opponents_score", "对手分", "opponents' score (Buchholz)")
        }
        Criterion::Progressive { .. } => ("progressive", "累进分", "progressive score"),
        Criterion::HeadToHead { .. } => ("head_to_head", "两人对赛胜负", "head-to-head result"),
        Criterion::Wins { .. } => ("wins", "胜局", "wins"),
        Criterion::BlackWins => ("black_wins", "后手胜局", "wins with black"),
        Criterion::BlackGames => ("black_games", "后手局数", "games with black"),
        Criterion::HeadToHeadBlack => (
            "head_to_head_black",
            "两人对赛执后手",
            "black in the game between them",
        ),
        Criterion::Fouls => ("fouls", "犯规", "fouls"),
        Criterion::Countback { .. } => ("countback", "比较前一轮成绩", "countback"),
        Criterion::Lots => ("lots", "抽签", "lots"),
        Criterion::Shared => ("shared", "名次并列", "shared place"),
        Criterion::MatchPoints => ("match_points", "场分", "match points"),
        Criterion::GamePoints => ("game_points", "局分", "game points"),
        Criterion::BoardCountback => ("board_countback", "逐台比较", "board countback"),
    }
}

impl Table<'_> {
    fn points(&self, p: usize) -> i64 {
        self.competitors.get(p).map(Competitor::points).unwrap_or(0)
    }

    fn records(&self, p: usize) -> &[Record] {
        self.competitors
            .get(p)
            .map(|c| c.records.as_slice())
            .unwrap_or(&[])
    }

    /// The lowest total in `p`'s field: its group's where the table holds several.
    fn lowest_in_field(&self, p: usize) -> i64 {
        let field = self.fields.iter().find(|f| f.contains(&p));
        field
            .cloned()
            .unwrap_or(0..self.competitors.len())
            .map(|p| self.points(p))
            .min()
            .unwrap_or(0)
    }

    /// Per round (in round order): what the round adds to 对手分.
    fn opponent_contributions(&self, p: usize, bye: ByeScore) -> Vec<(u32, i64)> {
        let mut out: Vec<(u32, i64)> = self
            .records(p)
            .iter()
            .filter_map(|r| match (r.opponent, r.kind) {
                (Some(o), _) => Some((r.round, self.points(o))),
                (None, RecordKind::Bye) => Some((
                    r.round,
                    match bye {
                        ByeScore::LowestInField => self.lowest_in_field(p),
                        ByeScore::Zero => 0,
                        ByeScore::OwnScore => self.points(p),
                    },
                )),
                _ => None,
            })
            .collect();
        out.sort_by_key(|&(round, _)| round);
        out
    }

    /// Running totals after each round, in round order.
    fn running(&self, p: usize) -> Vec<i64> {
        let mut recs: Vec<&Record> = self.records(p).iter().collect();
        recs.sort_by_key(|r| r.round);
        let mut total = 0;
        recs.iter()
            .map(|r| {
                total += r.points;
                total
            })
            .collect()
    }

    /// Value of a criterion that does not depend on who else is tied; None for contextual ones.
    pub fn value(&self, p: usize, c: &Criterion) -> Option<TbValue> {
        let recs = self.records(p);
        let v = match *c {
            Criterion::Points => TbValue::one(self.points(p)),
            Criterion::MatchPoints => {
                TbValue::one(self.competitors.get(p).map(|c| c.match_points).unwrap_or(0))
            }
            Criterion::GamePoints => {
                TbValue::one(self.competitors.get(p).map(|c| c.game_points).unwrap_or(0))
            }
            Criterion::BoardCountback => TbValue {
                parts: self
                    .competitors
                    .get(p)
                    .map(|c| c.board_points.clone())
                    .unwrap_or_default(),
                halves: false,
                lower_first: false,
            },
            Criterion::SonnebornBerger => TbValue {
                parts: vec![recs
                    .iter()
                    .filter_map(|r| r.opponent.map(|o| self.points(o) * r.kind.sb_halves()))
                    .sum()],
                halves: true,
                lower_first: false,
            },
            Criterion::OpponentsScore { cut, bye_score } => {
                let mut v: Vec<i64> = self
                    .opponent_contributions(p, bye_score)
                    .into_iter()
                    .map(|(_, s)| s)
                    .collect();
                v.sort_unstable();
                TbValue::one(v.iter().skip(cut as usize).sum())
            }
            Criterion::Progressive { cut } => {
                TbValue::one(self.running(p).iter().skip(cut as usize).sum())
            }
            Criterion::Wins { count } => TbValue::one(
                recs.iter()
                    .filter(|r| match count {
                        WinsCount::Played => r.kind == RecordKind::Win,
                        WinsCount::All => {
                            matches!(r.kind, RecordKind::Win | RecordKind::ForfeitWin)
                                || (r.kind == RecordKind::Bye && r.points >= self.scoring.win)
                        }
                    })
                    .count() as i64,
            ),
            Criterion::BlackWins => TbValue::one(
                recs.iter()
                    .filter(|r| r.kind == RecordKind::Win && r.side == Some(Side::Black))
                    .count() as i64,
            ),
            Criterion::BlackGames => TbValue::one(
                recs.iter()
                    .filter(|r| r.kind.played() && r.side == Some(Side::Black))
                    .count() as i64,
            ),
            Criterion::Fouls => TbValue {
                parts: vec![i64::from(
                    self.competitors.get(p).map(|c| c.fouls).unwrap_or(0),
                )],
                halves: false,
                lower_first: true,
            },
            Criterion::Countback { variant, bye_score } => TbValue {
                parts: self.countback(p, variant, bye_score.unwrap_or(ByeScore::LowestInField)),
                halves: false,
                lower_first: false,
            },
            Criterion::HeadToHead { .. }
            | Criterion::HeadToHeadBlack
            | Criterion::Lots
            | Criterion::Shared => return None,
        };
        Some(v)
    }

    /// `bye`: what a bye round counts in `opp_reverse` (the stage's 对手分 value).
    fn countback(&self, p: usize, variant: CountbackVariant, bye: ByeScore) -> Vec<i64> {
        match variant {
            CountbackVariant::Cumulative => {
                let run = self.running(p);
                let n = run.len();
                run.iter()
                    .take(n.saturating_sub(1))
                    .rev()
                    .copied()
                    .collect()
            }
            CountbackVariant::RoundResult => {
                let mut recs: Vec<&Record> = self.records(p).iter().collect();
                recs.sort_by_key(|r| r.round);
                recs.iter().rev().map(|r| r.points).collect()
            }
            CountbackVariant::OppReverse => {
                let contrib = self.opponent_contributions(p, bye);
                let mut left: i64 = contrib.iter().map(|&(_, s)| s).sum();
                contrib
                    .iter()
                    .rev()
                    .map(|&(_, s)| {
                        left -= s;
                        left
                    })
                    .collect()
            }
        }
    }

    /// Points `p` scored against members of `set`, and whether `p` met every one of them.
    fn mini_table(&self, p: usize, set: &[usize]) -> (i64, bool) {
        let mut pts = 0;
        let mut met_all = true;
        for &q in set {
            if q == p {
                continue;
            }
            let games: Vec<&Record> = self
                .records(p)
                .iter()
                .filter(|r| r.opponent == Some(q) && r.kind != RecordKind::Unpaired)
                .collect();
            if games.is_empty() {
                met_all = false;
            }
            pts += games.iter().map(|r| r.points).sum::<i64>();
        }
        (pts, met_all)
    }

    /// Contextual value of `c` for `p` inside the tied `set`; None when it cannot separate.
    fn contextual(&self, p: usize, set: &[usize], c: &Criterion) -> Option<TbValue> {
        match c {
            Criterion::HeadToHead { mode } => {
                if *mode == HeadToHeadMode::TwoOnly && set.len() != 2 {
                    return None;
                }
                let all_met = set.iter().all(|&q| self.mini_table(q, set).1);
                if !all_met {
                    return None;
                }
                Some(TbValue::one(self.mini_table(p, set).0))
            }
            Criterion::HeadToHeadBlack => {
                if set.len() != 2 {
                    return None;
                }
                let other = set.iter().copied().find(|&q| q != p)?;
                let drawn_black = self
                    .records(p)
                    .iter()
                    .filter(|r| {
                        r.opponent == Some(other)
                            && r.kind == RecordKind::Draw
                            && r.side == Some(Side::Black)
                    })
                    .count();
                Some(TbValue::one(drawn_black as i64))
            }
            _ => self.value(p, c),
        }
    }
}
