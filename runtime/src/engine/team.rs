//! Team round robin: not run yet; the plan carries it so that the compiler can lower it.

use super::problem::{codes, RuntimeProblem};
use super::{Ctx, StageRun};
use crate::plan::{Stage, TeamRoundRobin};

pub(crate) fn run(
    _ctx: &mut Ctx<'_>,
    _ix: usize,
    stage: &Stage,
    t: &TeamRoundRobin,
) -> Result<StageRun, Vec<RuntimeProblem>> {
    Err(vec![RuntimeProblem::new(
        codes::UNSUPPORTED,
        format!("stage `{}`: team round robin is not run yet", stage.name),
        &t.origin,
    )])
}
