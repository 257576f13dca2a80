//! Knockout stages in the plan: the bracket (pairs as written, or seeded with its byes), games a
//! match, third-place and placement matches.

use super::{ColourRule, NumberOrder, Origin, PlaceRef};
use serde::{Deserialize, Serialize};

/// `knockout { ... }`: brackets of single games or mini-matches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Knockout {
    pub bracket: Bracket,
    /// Games per match (1: a single game; 2: a mini-match, colours swapped each game).
    pub games: u32,
    /// The losing semi-finalists play for 3rd.
    pub third_place: bool,
    /// Every loser plays on for the places below (5-8 bracket and so on).
    pub placement: bool,
    /// `only_if_tied`: the bracket's one match is played only when its two players are level
    /// on points in the stage their places come from; otherwise its places go by that stage's
    /// ranking. Left out of the JSON when absent, so that a plan without it reads as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only_if_tied: Option<Origin>,
    /// Colours of a match's first game (CXA 13.4: lot).
    pub colours: ColourRule,
    /// `boards N` in a team event: a team knockout (团体淘汰赛), each match two teams on N
    /// boards, won on board points, a level match decided by the stage's playoff chain. Left
    /// out of the JSON when absent, so that a plan without it reads as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<TeamKnockout>,
    pub origin: Origin,
}

/// A team knockout's match: `boards` boards, the clause that says so.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamKnockout {
    pub boards: u32,
    pub origin: Origin,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bracket {
    /// First-round pairs top to bottom; winners of neighbouring pairs meet. The number of pairs
    /// must be a power of two.
    Pairs {
        pairs: Vec<(BracketSlot, BracketSlot)>,
    },
    /// A seeded bracket of `size` (a power of two): standard positions 1 v size, ...; the
    /// entrants get seeds by `seeding`; a field short of `size` leaves byes, given by `byes`.
    Seeded {
        size: u32,
        seeding: NumberOrder,
        /// `seeds 8 category high`: the first seed numbers are the category's (by `seeding`),
        /// the others drawn by lot; left out of the JSON when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reserved: Option<ReservedSeeds>,
        /// `byes top_seeds|lot`: who plays nobody in round 1. The top seeds are the default and
        /// left out of the JSON, so that a plan without the clause reads as before.
        #[serde(default, skip_serializing_if = "KnockoutByes::is_top_seeds")]
        byes: KnockoutByes,
    },
}

/// `byes top_seeds|lot` in a seeded bracket short of its size.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KnockoutByes {
    /// Seeds 1, 2, ... play nobody (the seeds beyond the field are empty).
    #[default]
    TopSeeds,
    /// 轮空抽签决定: the lot draws which first-round pairs hold a bye; in each, the pair's higher
    /// seed plays nobody, and the entrants fill the other positions in seed order.
    Lot { origin: Origin },
}

impl KnockoutByes {
    pub fn is_top_seeds(&self) -> bool {
        *self == KnockoutByes::TopSeeds
    }
}

/// `seeds 8 category high`: seed numbers 1..=count for the members of `category`, in the
/// bracket's seeding order; the rest of the field drawn by lot into the numbers after them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReservedSeeds {
    pub count: u32,
    pub category: String,
    pub origin: Origin,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BracketSlot {
    Place(PlaceRef),
    /// The n-th seed of the stage's entrants (in entrant order).
    Seed(u32),
    Bye,
    Player(String),
}
