//! The points each player has before a round, printed beside the pairing lines: recorded
//! results, the forfeits a withdrawal decided, a Swiss's pairing byes and late entrants' missed
//! rounds.

use std::collections::{BTreeMap, BTreeSet};

use xqreg_runtime::engine::GameResult;
use xqreg_runtime::plan::{MissedRound, StageFormat};

use super::super::live::Event;
use super::super::store::StoredGame;

/// Points of every player in `stage` from the results recorded in rounds before `round` (and
/// the forfeits a withdrawal decided, [`Live::forfeits`]), and the missed-round byes of the late
/// entrants who entered after those rounds.
pub(super) fn points_before(
    event: &Event,
    (games, forfeits): (&[StoredGame], &[StoredGame]),
    stage: &str,
    round: u32,
) -> BTreeMap<String, i64> {
    let (plan, entries) = (&event.plan, &event.entries);
    let st = plan.stage(stage);
    let scoring = st.map(|s| &s.scoring).unwrap_or(&plan.scoring);
    let mut pts = BTreeMap::new();
    let missed = match st.map(|s| &s.format) {
        Some(StageFormat::Swiss(sw)) => match sw.late_entry.as_ref().map(|l| l.missed) {
            Some(MissedRound::Half) => scoring.draw,
            _ => 0,
        },
        _ => 0,
    };
    for e in entries.iter().filter(|e| e.stage == stage) {
        let rounds = i64::from(e.round.min(round).saturating_sub(1));
        for p in &e.players {
            *pts.entry(p.clone()).or_insert(0) += missed * rounds;
        }
    }
    for g in games
        .iter()
        .chain(forfeits)
        .filter(|g| g.game.stage == stage && g.game.round < round && g.game.step.is_none())
    {
        let Some(r) = g.result.as_ref().and_then(|r| GameResult::parse(&r.0)) else {
            continue;
        };
        let (rp, bp) = match r {
            GameResult::RedWins => (scoring.win, scoring.loss),
            GameResult::BlackWins => (scoring.loss, scoring.win),
            GameResult::Draw => (scoring.draw, scoring.draw),
            GameResult::RedWinsForfeit => (scoring.forfeit_win, scoring.forfeit_loss),
            GameResult::BlackWinsForfeit => (scoring.forfeit_loss, scoring.forfeit_win),
            GameResult::DoubleForfeit => (scoring.forfeit_loss, scoring.forfeit_loss),
        };
        *pts.entry(g.game.red.clone()).or_insert(0) += rp;
        *pts.entry(g.game.black.clone()).or_insert(0) += bp;
    }
    if let Some(StageFormat::Swiss(sw)) = st.map(|s| &s.format) {
        if sw.boards.is_none() {
            for (p, byes) in byes_before(event, games, stage, round) {
                *pts.entry(p.to_string()).or_insert(0) += sw.bye.points * byes;
            }
        }
    }
    pts
}

/// The pairing byes of an individual Swiss before `round`: per player of the stage (one on a
/// board of it), the earlier rounds with boards in which the player sat on none, neither
/// withdrawn by then nor entering later (a late entrant's missed rounds are scored apart).
fn byes_before<'a>(
    event: &Event,
    games: &'a [StoredGame],
    stage: &str,
    round: u32,
) -> BTreeMap<&'a str, i64> {
    let boards = || {
        games
            .iter()
            .filter(move |g| g.game.stage == stage && g.game.step.is_none())
    };
    let field: BTreeSet<&str> = boards()
        .flat_map(|g| [g.game.red.as_str(), g.game.black.as_str()])
        .collect();
    let rounds: BTreeSet<u32> = boards()
        .map(|g| g.game.round)
        .filter(|&k| k < round)
        .collect();
    let away = |p: &str, k: u32| {
        event
            .withdrawals
            .iter()
            .any(|w| w.player == p && w.stage == stage && w.after_round < k)
            || event
                .entries
                .iter()
                .any(|e| e.stage == stage && k < e.round && e.players.iter().any(|x| x == p))
    };
    let mut out = BTreeMap::new();
    for k in rounds {
        let on: BTreeSet<&str> = boards()
            .filter(|g| g.game.round == k)
            .flat_map(|g| [g.game.red.as_str(), g.game.black.as_str()])
            .collect();
        for &p in field.iter().filter(|p| !on.contains(*p) && !away(p, k)) {
            *out.entry(p).or_insert(0) += 1;
        }
    }
    out
}
