//! The bounds the runtime runs within. No real regulation comes near them; they exist so that a
//! plan can neither overflow a sum nor run for ever. The checker refuses a regulation beyond
//! them (E515), so that `check` never accepts what `simulate` cannot run.

/// Points of one result, either sign.
pub const POINTS: i64 = 1_000_000;
/// Money of one prize line, in the currency's units.
pub const MONEY: u64 = 1_000_000_000_000;
/// Games of one match or one playoff step.
pub const GAMES: u32 = 64;
/// Size of a seeded knockout bracket.
pub const BRACKET: u32 = 4096;
/// Rounds of a Swiss stage.
pub const ROUNDS: u32 = 1000;
/// Players (or, in a team event, players over all teams) in one event.
pub const PLAYERS: u32 = 100_000;
