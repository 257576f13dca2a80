//! The xqreg runtime: a plan in, an executed event out.
//!
//! `plan/` owns the plan types: plain serde data, versioned, closed enums, an origin on every
//! item pointing back at the regulation's clause (or naming the default that supplied it).
//! `engine/` executes a plan on a roster and results: draws, stages, standings, tie-breaks,
//! playoffs, prizes and qualification, writing every decision to a transcript. `pairing/` holds
//! the pairing systems (round robin, knockout, Swiss), `trf/` the FIDE tournament report format.
//! Randomness comes only from the seed in the run input, through one portable generator. This
//! crate depends on no parser and no renderer: a plan saved as JSON runs without the compiler.
//!
//! The entry points: [`run`] (plan, roster, recorded results, seed → [`Outcome`] or problems),
//! [`run_with`] (with a results model and a Swiss pairing system), [`validate_roster`],
//! [`generate_roster`].

pub mod engine;
pub mod pairing;
pub mod plan;
pub mod trf;

pub use engine::{
    generate_roster, run, run_with, validate_roster, Outcome, Player, RecordedGame,
    RecordedResults, Roster, RunOptions, RuntimeProblem,
};
pub use plan::{Plan, PLAN_VERSION};
