//! Which rounds of a round robin (individual or team) its standings so far count, under the
//! live driver (`RestRule::Pending`).
//!
//! A round robin's schedule is fixed, so the engine plays every round of it at once; a game
//! still to play is pending and counts for nothing. A game against a withdrawn player (or a
//! whole withdrawn team) is no such game: it is a forfeit the engine scores without a result,
//! in every round after the withdrawal. Counted as soon as it is known, the forfeits of rounds
//! not yet published stood in the standings so far (a team withdrawn after round 1 of 3 gave
//! its round-3 opponent its match points while round 2 was being played). A round counts once
//! it is published (or it has every result and every round before it has too); a round after
//! one still waiting counts for nothing, its forfeits included. Outside the live driver no game
//! is pending and every round counts.

use super::Ctx;

/// The rounds counted so far, as the stage's rounds are played in order.
#[derive(Default)]
pub(crate) struct SoFar {
    /// A round before the next one has a game still to play.
    waiting: bool,
}

impl SoFar {
    /// Whether round `round` of `stage`, just played, counts in the standings so far: it is
    /// published (a game of it is recorded or published), or it has no game still to play and
    /// neither has a round before it. `pending` says whether the round left a game pending.
    pub fn counts(&mut self, ctx: &Ctx<'_>, stage: &str, round: u32, pending: bool) -> bool {
        let counts = published(ctx, stage, round) || !(self.waiting || pending);
        self.waiting |= pending;
        counts
    }
}

/// A game of the stage's round is recorded, or published and waiting for its result.
fn published(ctx: &Ctx<'_>, stage: &str, round: u32) -> bool {
    let results = ctx.results;
    results
        .colours
        .iter()
        .any(|c| c.stage == stage && c.round == round && c.step.is_none())
        || results
            .games
            .iter()
            .any(|g| g.stage == stage && g.round == round && g.step.is_none())
}
