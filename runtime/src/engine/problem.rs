//! Runtime problems: values, never panics. Each has a stable R code, a message, and the origin
//! of the clause it concerns; roster problems also carry the CSV row and column.

use crate::plan::Origin;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct RuntimeProblem {
    /// `R001` ...; see [`codes`].
    pub code: String,
    /// The details in English.
    pub message: String,
    /// The same details in Chinese (every site gives them: test `problems_in_both_languages`);
    /// a problem read from an older stored outcome may have none, and the compiler then leads
    /// with the code's Chinese summary and keeps the English details.
    #[serde(skip_serializing_if = "str::is_empty", default)]
    pub message_zh: Box<str>,
    pub origin: Origin,
    /// The roster CSV line (the header is line 1), for roster problems.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub row: Option<u32>,
    /// The roster CSV column name, for roster problems.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub column: Option<String>,
}

impl RuntimeProblem {
    pub fn new(code: &str, message: impl Into<String>, origin: &Origin) -> RuntimeProblem {
        RuntimeProblem {
            code: code.to_string(),
            message: message.into(),
            message_zh: Box::default(),
            origin: origin.clone(),
            row: None,
            column: None,
        }
    }

    /// The details in Chinese too.
    pub fn zh(mut self, details: impl Into<String>) -> RuntimeProblem {
        self.message_zh = details.into().into_boxed_str();
        self
    }

    pub fn at(mut self, row: u32, column: &str) -> RuntimeProblem {
        self.row = Some(row);
        self.column = Some(column.to_string());
        self
    }
}

/// The runtime's problem codes. Codes are never reused.
pub mod codes {
    /// A roster row names a pool the regulation does not declare.
    pub const UNKNOWN_POOL: &str = "R001";
    /// Two roster rows have the same id.
    pub const DUPLICATE_ID: &str = "R002";
    /// A birth date inside no section (category with a birth-date window).
    pub const BORN_OUTSIDE_SECTIONS: &str = "R003";
    /// More players than the field or its cap allows.
    pub const FIELD_OVER_CAP: &str = "R004";
    /// A group draw no assignment can satisfy (quotas, seeds, same-unit avoidance).
    pub const IMPOSSIBLE_DRAW: &str = "R005";
    /// A pool holds more players than its size.
    pub const POOL_OVER_SIZE: &str = "R006";
    /// A player fails an eligibility condition (age, title, sex, grade).
    pub const NOT_ELIGIBLE: &str = "R007";
    /// A player the regulation names is missing from the roster.
    pub const NAMED_PLAYER_MISSING: &str = "R008";
    /// A recorded result for a game that does not exist.
    pub const RESULT_NO_SUCH_GAME: &str = "R009";
    /// A second recorded result for one game.
    pub const RESULT_DUPLICATE: &str = "R010";
    /// A name in the plan or the results that refers to nothing (stage, group, player, chain).
    pub const UNKNOWN_NAME: &str = "R011";
    /// A place reference to a place that is not decided (yet), or holds no one.
    pub const PLACE_NOT_DECIDED: &str = "R012";
    /// A final place given to two players, or a stage's places not matching its field.
    pub const PLACE_CONFLICT: &str = "R013";
    /// A stage's field does not fit its format (bracket size, group sizes).
    pub const FIELD_DOES_NOT_FIT: &str = "R014";
    /// The plan's version is not the runtime's.
    pub const PLAN_VERSION: &str = "R015";
    /// No Swiss pairing system is available, or it could not pair a round.
    pub const SWISS_PAIRING: &str = "R016";
    /// The draw search gave up (budget exhausted) without finding or ruling out an assignment.
    pub const DRAW_SEARCH_BUDGET: &str = "R017";
    /// A roster field the regulation needs is missing or unusable.
    pub const ROSTER_FIELD_MISSING: &str = "R018";
    /// A stage kind the runtime cannot run yet.
    pub const UNSUPPORTED: &str = "R019";
    /// A roster cannot be generated to fit the regulation.
    pub const CANNOT_GENERATE: &str = "R020";
    /// A number in the plan beyond any real regulation (points, money, games, rounds, sizes).
    pub const OUT_OF_RANGE: &str = "R021";
    /// A value the regulation leaves to be announced, with no `assume` to run on.
    pub const VALUE_TO_BE_ANNOUNCED: &str = "R022";
    /// A recorded result for a game a withdrawal voids.
    pub const RESULT_VOIDED_BY_WITHDRAWAL: &str = "R030";
    /// A recorded late entry the plan does not allow (no `late_entry` clause, a round beyond it,
    /// a player outside the stage's field).
    pub const LATE_ENTRY_NOT_ALLOWED: &str = "R031";
    /// A roster row over an entry quota (`quota per unit 3 men 2`).
    pub const OVER_QUOTA: &str = "R032";
    /// More of a stage's entrants in the roster than its `cap` admits.
    pub const OVER_STAGE_CAP: &str = "R040";
    /// A team event that names its teams: a roster row's unit is none of them.
    pub const NOT_A_DECLARED_TEAM: &str = "R055";
    /// A roster row in a pool that takes only a category's members, and not a member.
    pub const NOT_IN_POOL_CATEGORY: &str = "R041";
    /// A roster row in a pool of an earlier event's qualifiers without a qualifying place.
    pub const NOT_QUALIFIED: &str = "R042";
    /// A roster row in a pool with an invitation list, of a federation not invited or over
    /// its number.
    pub const NOT_INVITED: &str = "R043";
    /// A roster row of a reserve pool beyond the places the pool it replaces leaves empty.
    pub const OVER_REPLACEMENTS: &str = "R044";
    /// A category by an attribute (federation, grade, school year, club, residence, age on a
    /// day) that no roster row gives.
    pub const CATEGORY_ATTRIBUTE_MISSING: &str = "R033";
    /// A player numbered by odd/even pools who is in neither pool.
    pub const NOT_IN_PARITY_POOL: &str = "R035";
    /// Odd/even pools whose counts no odd/even numbering fits.
    pub const PARITY_DOES_NOT_FIT: &str = "R036";
    /// A handed-in line-up names a team that does not play the stage.
    pub const LINEUP_UNKNOWN_TEAM: &str = "R060";
    /// A handed-in line-up names a player who is not in that team.
    pub const LINEUP_NOT_IN_TEAM: &str = "R061";
    /// A handed-in line-up names a player or a board twice, or a team hands in two for a round.
    pub const LINEUP_TWICE: &str = "R062";
    /// A handed-in line-up does not fill exactly the stage's boards 1..B.
    pub const LINEUP_BOARDS: &str = "R063";
    /// A handed-in line-up for a round the stage does not play, or for a stage that is no team stage.
    pub const LINEUP_NO_SUCH_ROUND: &str = "R064";
    /// A handed-in line-up that changes the order of a stage whose line-up is fixed.
    pub const LINEUP_FIXED: &str = "R065";
    /// A recorded result naming the players with the colours the other way round from the game
    /// the regulation gave them (a Swiss pairing, a Berger table, a team match's boards).
    pub const RESULT_COLOURS_CONTRADICT: &str = "R070";
    /// A recorded result whose board is not the board of its players' game.
    pub const RESULT_BOARD_CONTRADICTS: &str = "R071";
    /// A recorded result giving a win or a draw to a player over the conduct's foul limit.
    pub const RESULT_AGAINST_FOUL_LIMIT: &str = "R072";
    /// A roster (players, or teams in a team event) short of the exact `field N`.
    pub const FIELD_SHORT: &str = "R073";
    /// A team with fewer or more players than the entry's `team_size A..B`.
    pub const TEAM_SIZE: &str = "R074";
    /// Two players of one team with the same `order` (who sits which board is undefined).
    pub const TEAM_ORDER_TWICE: &str = "R075";
    /// A withdrawal after a round the stage does not play (past the last round of a Swiss of
    /// fixed rounds).
    pub const WITHDRAWAL_NO_SUCH_ROUND: &str = "R076";
    /// A results, line-up or withdrawal row (or a scenario's line) naming a stage by a title two
    /// or more stages share.
    pub const STAGE_TITLE_SHARED: &str = "R080";
}
