//! Stages: how entrants are drawn, paired and placed; and declarations of places decided outside
//! any stage.

use super::{Block, Ident, NamedBlock, PlaceRange, PlaceRef, Spanned, Text, TiebreakChain};
use crate::span::Span;
use serde::Serialize;

/// `stage NAME "display" { format; clauses }`
///
/// ```text
/// stage groups "小组赛" {
///   round_robin single groups A B C D size 8
///   time standard
///   draw {
///     pool taipei 2 per_group in list_order
///     rating 1..4 one_per_group
///     rest random
///     avoid same_unit
///   }
///   tiebreak { sonneborn_berger  head_to_head two_only  wins  black_wins  black_games  head_to_head_black two_only  fouls  lots }
///   score_sheets required
/// }
///
/// stage final_a "决赛甲组" {
///   knockout { bracket (groups.A#1 v groups.B#1) (groups.C#1 v groups.D#1)  third_place }
///   places 1..4
///   time standard
///   colours lot
///   playoff ladder
/// }
///
/// stage main "积分编排" {
///   swiss cxa rounds 11
///   numbers { seeds { title grandmaster  title master  pool asean_top }  rest registration_order }
///   first_round split_half colours alternate first_board upper
///   avoid same_unit never
///   bye points 2 opponent_score lowest_in_field
///   tiebreak { opponents_score bye lowest_in_field  wins  fouls  black_games  countback cumulative  lots }
///   places 1..150
/// }
/// ```
pub type Stage = NamedBlock<StageClause>;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum StageClause {
    Format(Format),
    /// `entrants roster` | `entrants category open_all` | `entrants groups.*#1, groups.*#2` |
    /// `entrants pool champions, pool rated`
    Entrants {
        sources: Vec<EntrantSource>,
        span: Span,
    },
    /// `time standard`: the time control of the stage's games; `time tbd` (to be announced) is
    /// the name `tbd`.
    Time(Ident),
    /// `assume rounds 9 ["理由"]` / `assume system cxa`: the value a simulation uses where the
    /// stage says `tbd`; never printed on the sheet.
    Assume {
        value: AssumedValue,
        reason: Option<Text>,
        span: Span,
    },
    /// `scoring team_scoring`: a named scoring other than the regulation's default.
    Scoring(Ident),
    Draw(Draw),
    /// `numbers lot` | `numbers registration_order` | `numbers rating` |
    /// `numbers { seeds { ... } rest registration_order }`
    Numbers(Numbers),
    /// `first_round adjacent|split_half [colours first_listed_red|alternate] [first_board upper|lower|lot]`
    FirstRound {
        method: Ident,
        colours: Option<Ident>,
        first_board: Option<Ident>,
        span: Span,
    },
    /// `colours table|lot|swap|by_board|...`: the colour rule of the stage's games.
    Colours {
        rule: Ident,
        /// `colours by_board home|lower_number`: in a team stage, which team of a match has Red
        /// on odd boards (the pairing's home team, or the smaller team number).
        team: Option<Ident>,
        span: Span,
    },
    /// `avoid same_unit [never|round1|always]`; `avoid same_unit never` states its absence;
    /// `avoid same_unit until round 5` keeps them apart in a Swiss's rounds 1 to 5 (`until`).
    Avoid {
        what: Ident,
        when: Option<Ident>,
        until: Option<Spanned<u32>>,
        span: Span,
    },
    /// `colour_limits { max_consecutive 2  max_difference 2  relax_last_rounds 1 }`
    ColourLimits {
        params: Vec<Param>,
        span: Span,
    },
    /// `colour_tie sum_parity|round_parity|fide`
    ColourTie {
        rule: Ident,
        span: Span,
    },
    /// `bye points 2 opponent_score lowest_in_field recipient lowest_not_yet`
    Bye {
        params: Vec<Param>,
        span: Span,
    },
    /// `forfeit_counts_as_met no`
    ForfeitMet {
        value: Spanned<bool>,
        span: Span,
    },
    Tiebreak(TiebreakChain),
    /// `playoff ladder` (a named chain) or an inline `playoff { ... }` chain.
    Playoff(PlayoffRef),
    /// `places 1..4`: the places of the final ranking this stage decides.
    Places(PlaceRange),
    /// `split after_round 5 top 8 to top_ko`: a Swiss whose leaders leave for a knockout.
    Split {
        after_round: Spanned<u32>,
        top: Spanned<u32>,
        to: Ident,
        span: Span,
    },
    /// `late_entry until round 3 missed zero|half`: a Swiss that admits players before round 3;
    /// each round a late entrant missed scores a zero-point or half-point bye.
    LateEntry {
        until_round: Spanned<u32>,
        missed: Ident,
        span: Span,
    },
    /// `cap 80 [first_come|by_rating]`: the most entrants of this stage (a section's or
    /// group's cap) and which are admitted when more enter.
    Cap {
        max: Spanned<u32>,
        order: Option<Ident>,
        span: Span,
    },
    /// `lineup fixed|each_round [deadline 30min before] [default roster_order]`
    Lineup {
        mode: Ident,
        deadline: Option<Spanned<super::Duration>>,
        default: Option<Ident>,
        /// `colour_balance 1`: each player's Red and Black games over the stage differ by at
        /// most this many (the runtime warns when a round takes a player beyond it).
        colour_balance: Option<Spanned<u32>>,
        span: Span,
    },
    /// `score_sheets required|none`
    ScoreSheets {
        rule: Ident,
        span: Span,
    },
    /// `same_as final_a`: copy every clause of another stage not given here.
    SameAs(Ident),
    /// `note "..."`: a print-only remark on the stage.
    Note(Text),
}

/// The stage's competition format.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Format {
    /// `round_robin single|double [groups A B C D] [size 8]`
    RoundRobin {
        cycles: Ident,
        groups: Vec<Ident>,
        size: Option<Spanned<u32>>,
        span: Span,
    },
    /// `swiss cxa|dutch rounds 11` or `swiss cxa rounds by_entries { ..16: 5  17..32: 7  33..: 9 }`
    Swiss {
        system: Ident,
        rounds: SwissRounds,
        /// `boards 4`: a team Swiss (team events), each match on this many boards.
        boards: Option<Spanned<u32>>,
        span: Span,
    },
    /// `knockout { ... }`
    Knockout(Knockout),
    /// `same_place groups.A groups.B places 1..12`: k-th of A against k-th of B for places 2k-1, 2k.
    SamePlace {
        groups: Vec<PlaceGroup>,
        places: PlaceRange,
        span: Span,
    },
    /// `team_round_robin single|double boards 4 [groups ...]`: teams, boards, match points.
    TeamRoundRobin {
        cycles: Ident,
        boards: Spanned<u32>,
        groups: Vec<Ident>,
        span: Span,
    },
}

/// A group of an earlier stage named in a same-place format: `groups.A`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlaceGroup {
    pub stage: Ident,
    pub group: Ident,
    pub span: Span,
}

/// What a stage's `assume` supplies.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum AssumedValue {
    Rounds(Spanned<u32>),
    System(Ident),
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum SwissRounds {
    Fixed(Spanned<u32>),
    /// `rounds tbd`: to be announced (另行通知); a simulation needs `assume rounds N`.
    Tbd(Span),
    /// Rounds by number of entries: each arm `LO..HI: R`, open ends allowed.
    ByEntries(Vec<EntriesArm>),
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EntriesArm {
    pub min: Option<u32>,
    pub max: Option<u32>,
    /// The row's rounds; for a round-robin row, the most it can take (its largest field, less
    /// one when even; 0 without an upper bound, which the checker refuses), at the keyword.
    pub rounds: Spanned<u32>,
    /// `..8: round_robin`: a field in this row plays a single round robin instead of the Swiss.
    pub round_robin: Option<Span>,
    pub span: Span,
}

/// `knockout { bracket (A v B) (C v D)  games 2  third_place  byes top_seeds  seeding rating }`
pub type Knockout = Block<KnockoutClause>;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum KnockoutClause {
    /// `bracket (groups.A#1 v groups.B#2) (groups.B#1 v groups.A#2)`: first-round pairs, top to
    /// bottom; winners of neighbouring pairs meet.
    Bracket {
        pairs: Vec<(BracketSlot, BracketSlot)>,
        span: Span,
    },
    /// `seeded 16`: a seeded bracket of this size, standard seed positions (1 v 16, 8 v 9, ...);
    /// missing entrants leave byes, to the top seeds or by lot (`byes`).
    Seeded { size: Spanned<u32>, span: Span },
    /// `seeding rating|order|lot`: how entrants get seed numbers.
    Seeding { rule: Ident, span: Span },
    /// `seeds 8 category high`: the first 8 seed numbers go to the members of category `high`
    /// (in `seeding` order); every other entrant is drawn by lot into the numbers after them.
    Seeds {
        count: Spanned<u32>,
        category: Ident,
        span: Span,
    },
    /// `games 2`: a mini-match of this many games; colours swap each game.
    Games(Spanned<u32>),
    /// `third_place`: the losing semi-finalists play for 3rd.
    ThirdPlace(Span),
    /// `placement`: every loser plays on for the places below (5-8 bracket and so on).
    Placement(Span),
    /// `only_if_tied`: the bracket's one match is played only when its two players (two places
    /// of one round robin or Swiss) are level on points there; otherwise its places go by that
    /// stage's ranking.
    OnlyIfTied(Span),
    /// `byes top_seeds|lot`: who gets the byes of a seeded bracket short of its size.
    Byes { rule: Ident, span: Span },
    /// `boards 4`: a team knockout (团体淘汰赛): each match is played by two teams on this many
    /// boards and won on board points.
    Boards(Spanned<u32>),
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum BracketSlot {
    Place(PlaceRef),
    /// `seed 3`: the third seed of the stage's entrants.
    Seed(Spanned<u32>),
    /// `bye`
    Bye(Span),
    /// A named player id.
    Player(Ident),
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum EntrantSource {
    Roster(Span),
    Category(Ident),
    Pool(Ident),
    Places(PlaceRef),
    /// `rest`: everyone from the roster not taken by another stage of the same level.
    Rest(Span),
}

/// `draw { ... }`: how entrants are drawn into groups.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Draw {
    pub rules: Vec<DrawRule>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum DrawRule {
    /// `pool taipei 2 per_group in list_order|random` (quota per group from a pot)
    PoolQuota {
        pool: Ident,
        per_group: Spanned<u32>,
        order: Option<Ident>,
        span: Span,
    },
    /// `pot "中国男子" { cn_m1 cn_m2 } 1 per_group`: an explicit pot of named players or a
    /// category, with a quota per group.
    Pot {
        title: Option<Text>,
        members: Vec<Ident>,
        per_group: Spanned<u32>,
        span: Span,
    },
    /// `rating 1..4 one_per_group`: rating places spread one per group.
    RatingSeeds { places: PlaceRange, span: Span },
    /// `rest random`
    Rest { rule: Ident, span: Span },
    /// `avoid same_unit`
    Avoid { what: Ident, span: Span },
    /// `numbers lot`: pairing numbers inside each group after the draw.
    Numbers { rule: Ident, span: Span },
}

/// `numbers lot` or `numbers { seeds { title grandmaster  title master  pool asean_top } rest registration_order }`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Numbers {
    Rule(Ident),
    Seeded {
        /// Seed tiers in order; each tier is a condition (title, pool, category, named players).
        tiers: Vec<SeedTier>,
        /// How seeds inside the upper half and the rest are numbered: lot, registration_order,
        /// rating.
        seeds_order: Option<Ident>,
        rest: Ident,
        span: Span,
    },
    /// `numbers { pool a odd  pool b even  within lot }` (单号/双号): each pool with its parity
    /// (`odd` or `even`), each pool ordered by `within` (lot, registration_order, rating).
    Parity {
        pools: Vec<(Ident, Ident)>,
        within: Ident,
        span: Span,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum SeedTier {
    Title(Ident),
    Pool(Ident),
    Category(Ident),
    Players(Vec<Ident>),
}

/// A `key value` parameter inside a small block (`colour_limits`, `bye`, criterion options).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Param {
    pub key: Ident,
    pub value: ParamValue,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum ParamValue {
    Int(Spanned<i64>),
    Ident(Ident),
    Bool(Spanned<bool>),
    Duration(Spanned<super::Duration>),
}

/// Where a stage's playoff chain comes from.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum PlayoffRef {
    Named(Ident),
    Inline(super::PlayoffChain),
}

/// `places 9..16 shared groups.*#3..4 "小组第三、四名并列第九名"`: places no stage plays out.
/// `shared` means every player from those sources is placed equal at the first place of the
/// range (and paid equally); `by groups.*#3 then groups.*#4` would rank them in that order.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlacesDecl {
    pub places: PlaceRange,
    pub rule: PlacesRule,
    pub sources: Vec<PlaceRef>,
    pub title: Option<Text>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum PlacesRule {
    /// `shared`: equal places.
    Shared(Span),
    /// `ranked_by points, sonneborn_berger, ...`: ranked across sources by a chain.
    Ranked(TiebreakChain),
}

impl StageClause {
    /// The knockout format this clause states, if it states one.
    pub fn knockout(&self) -> Option<&Knockout> {
        match self {
            StageClause::Format(Format::Knockout(k)) => Some(k),
            _ => None,
        }
    }
}

impl Numbers {
    /// The span of the whole `numbers` clause, whatever its kind.
    pub fn span(&self) -> Span {
        match self {
            Numbers::Rule(i) => i.span,
            Numbers::Seeded { span, .. } | Numbers::Parity { span, .. } => *span,
        }
    }
}

impl DrawRule {
    /// The span of the whole rule, whatever its kind.
    pub fn span(&self) -> Span {
        match self {
            DrawRule::PoolQuota { span, .. }
            | DrawRule::Pot { span, .. }
            | DrawRule::RatingSeeds { span, .. }
            | DrawRule::Rest { span, .. }
            | DrawRule::Avoid { span, .. }
            | DrawRule::Numbers { span, .. } => *span,
        }
    }
}

impl Block<KnockoutClause> {
    /// `games N`: the games a pair plays in one round (a mini-match), where the knockout says.
    pub fn games(&self) -> Option<u32> {
        self.clauses.iter().find_map(|c| match c {
            KnockoutClause::Games(n) => Some(n.node),
            _ => None,
        })
    }

    /// `boards N`: the boards of a team knockout's match, where the knockout says.
    pub fn boards(&self) -> Option<&Spanned<u32>> {
        self.clauses.iter().find_map(|c| match c {
            KnockoutClause::Boards(n) => Some(n),
            _ => None,
        })
    }
}
