//! The tie-break library: criterion names, their Chinese aliases, the variant words and options
//! each accepts, and the resolution of one written criterion into a [`Resolved`] one.
//!
//! A closed enum ([`Crit`]) so that the plan compiler and the runtime match every criterion
//! exhaustively. `小分` has no fixed meaning (domain.md 5.1): in a round robin it is
//! Sonneborn-Berger, in a Swiss the file must name which (E403, raised by `tiebreaks`).

use xqreg_grammar::ast::{Criterion, ParamValue};

use super::facts::FormatKind;

/// A tie-break criterion of the library (glossary.md names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Crit {
    Points,
    SonnebornBerger,
    OpponentsScore,
    Progressive,
    HeadToHead,
    HeadToHeadBlack,
    Wins,
    BlackWins,
    BlackGames,
    Fouls,
    Countback,
    /// Team stages: the sum of a team's board points over all its matches (局分).
    GamePoints,
    /// Team stages: game points on board 1, then board 2, ... (逐台比较).
    BoardCountback,
    Lots,
    /// 如仍相同，名次并列: the still-tied share the place (only last, only in a stage's chain).
    Shared,
}

/// Library names, in the order a help line lists them.
pub const LIBRARY: &[(&str, Crit)] = &[
    ("points", Crit::Points),
    ("sonneborn_berger", Crit::SonnebornBerger),
    ("opponents_score", Crit::OpponentsScore),
    ("progressive", Crit::Progressive),
    ("head_to_head", Crit::HeadToHead),
    ("head_to_head_black", Crit::HeadToHeadBlack),
    ("wins", Crit::Wins),
    ("black_wins", Crit::BlackWins),
    ("black_games", Crit::BlackGames),
    ("fouls", Crit::Fouls),
    ("countback", Crit::Countback),
    ("game_points", Crit::GamePoints),
    ("board_countback", Crit::BoardCountback),
    ("lots", Crit::Lots),
    ("shared", Crit::Shared),
];

/// Chinese names from the seeds and the glossary. `None`: `小分`, whose meaning depends on the
/// format.
pub const ALIASES: &[(&str, Option<Crit>)] = &[
    ("积分", Some(Crit::Points)),
    ("小分", None),
    ("对手分", Some(Crit::OpponentsScore)),
    ("累进分", Some(Crit::Progressive)),
    ("直胜", Some(Crit::HeadToHead)),
    ("两人对赛", Some(Crit::HeadToHead)),
    ("直接对局", Some(Crit::HeadToHead)),
    ("胜局", Some(Crit::Wins)),
    ("后手胜局", Some(Crit::BlackWins)),
    ("后手局数", Some(Crit::BlackGames)),
    ("后走局数", Some(Crit::BlackGames)),
    ("后手赛局", Some(Crit::BlackGames)),
    ("犯规", Some(Crit::Fouls)),
    ("技术犯规", Some(Crit::Fouls)),
    ("局分", Some(Crit::GamePoints)),
    ("总局分", Some(Crit::GamePoints)),
    ("台次分", Some(Crit::BoardCountback)),
    ("抽签", Some(Crit::Lots)),
    ("名次并列", Some(Crit::Shared)),
];

impl Crit {
    pub fn name(self) -> &'static str {
        LIBRARY
            .iter()
            .find(|(_, c)| *c == self)
            .map_or("?", |(n, _)| n)
    }

    /// Defined for teams only: board points need a match of several boards.
    pub fn team_only(self) -> bool {
        matches!(self, Crit::GamePoints | Crit::BoardCountback)
    }

    /// Defined for players only: a team has no colour of its own (its boards alternate) and
    /// the runtime keeps fouls per player, not per team.
    pub fn individual_only(self) -> bool {
        matches!(
            self,
            Crit::BlackWins | Crit::BlackGames | Crit::HeadToHeadBlack | Crit::Fouls
        )
    }

    /// The variant words the criterion accepts (at most one of them).
    pub fn variants(self) -> &'static [&'static str] {
        match self {
            Crit::HeadToHead | Crit::HeadToHeadBlack => &["two_only", "mini_table"],
            Crit::Countback => &["cumulative", "opp_reverse", "round_result"],
            Crit::Wins => &["include_unplayed", "over_the_board"],
            _ => &[],
        }
    }

    /// The `key value` options it accepts.
    pub fn params(self) -> &'static [&'static str] {
        match self {
            Crit::OpponentsScore => &["cut", "bye"],
            Crit::Progressive => &["cut"],
            _ => &[],
        }
    }
}

/// How a bye counts in an opponents' score (domain.md 3.6).
pub const BYE_SCORES: &[&str] = &["lowest_in_field", "zero", "own_score"];

/// What a written name means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lookup {
    Crit(Crit),
    /// `小分` (or `small_points`): ambiguous outside a round robin.
    SmallPoints,
    Unknown,
}

pub fn lookup(name: &str) -> Lookup {
    if let Some((_, c)) = LIBRARY.iter().find(|(n, _)| *n == name) {
        return Lookup::Crit(*c);
    }
    match ALIASES.iter().find(|(n, _)| *n == name) {
        Some((_, Some(c))) => Lookup::Crit(*c),
        Some((_, None)) => Lookup::SmallPoints,
        None => Lookup::Unknown,
    }
}

/// Names from other traditions that the library spells differently: offered in the help of an
/// unknown criterion, never accepted silently (the chain must read the same to every arbiter).
pub const FOREIGN_NAMES: &[(&str, &str)] = &[
    ("buchholz", "opponents_score"),
    ("median_buchholz", "opponents_score cut 1"),
    ("sb", "sonneborn_berger"),
    ("sonneborn", "sonneborn_berger"),
    ("direct_encounter", "head_to_head"),
    ("direct", "head_to_head"),
    ("progressive_score", "progressive"),
    ("cumulative", "progressive"),
    ("black", "black_games"),
    ("random", "lots"),
];

/// Every name the library accepts, for suggestions.
pub fn all_names() -> Vec<&'static str> {
    LIBRARY
        .iter()
        .map(|(n, _)| *n)
        .chain(ALIASES.iter().map(|(n, _)| *n))
        .collect()
}

/// A criterion with its meaning fixed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Resolved {
    pub crit: Crit,
    /// The variant word, if one was written (`two_only`, `cumulative`, ...).
    pub variant: Option<String>,
    /// `cut N`: drop the N lowest opponents (opponents' score, progressive).
    pub cut: Option<i64>,
    /// `bye lowest_in_field|zero|own_score` (opponents' score).
    pub bye: Option<String>,
}

/// Resolve a written criterion in a stage of this format. `None` for an unknown name or a `小分`
/// that the format leaves ambiguous (a Swiss); the checks report both.
pub fn resolve(c: &Criterion, format: FormatKind) -> Option<Resolved> {
    let crit = match lookup(&c.name.node) {
        Lookup::Crit(c) => c,
        Lookup::SmallPoints if format != FormatKind::Swiss => Crit::SonnebornBerger,
        Lookup::SmallPoints | Lookup::Unknown => return None,
    };
    let variant = c
        .variants
        .iter()
        .find(|v| crit.variants().contains(&v.node.as_str()))
        .map(|v| v.node.clone());
    let mut cut = None;
    let mut bye = None;
    for p in &c.params {
        match (p.key.node.as_str(), &p.value) {
            ("cut", ParamValue::Int(n)) => cut = Some(n.node),
            ("bye", ParamValue::Ident(v)) => bye = Some(v.node.clone()),
            _ => {}
        }
    }
    Some(Resolved {
        crit,
        variant,
        cut,
        bye,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases_resolve_to_library_names() {
        assert_eq!(lookup("对手分"), Lookup::Crit(Crit::OpponentsScore));
        assert_eq!(lookup("后走局数"), Lookup::Crit(Crit::BlackGames));
        assert_eq!(lookup("小分"), Lookup::SmallPoints);
        assert_eq!(lookup("buchholz"), Lookup::Unknown);
        assert_eq!(Crit::HeadToHeadBlack.name(), "head_to_head_black");
        // every library entry round-trips through its name
        for (n, c) in LIBRARY {
            assert_eq!(lookup(n), Lookup::Crit(*c));
        }
    }
}
