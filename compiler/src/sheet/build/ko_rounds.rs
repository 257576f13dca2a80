//! A knockout's rounds named from the end, as a sheet names them (决赛, 半决赛, 四分之一决赛,
//! 八分之一决赛; final, semi-final, quarter-final, round of 16), and the places the losers of
//! each round share: the runtime places the losers of a round of N players together at the
//! place after the N/2 still in (`engine/stages/knockout.rs`), quarter-final losers 5th.

use xqreg_grammar::ast::{
    EntrantSource, GroupSel, Knockout, KnockoutClause, PlaceRange, Stage, StageClause,
};

use super::Ctx;
use crate::check::quota_ties::knockout_loser_places;
use crate::sheet::catalogue::M;
use crate::sheet::{fmt, Lang};

/// The bracket's size: a `seeded N`, twice an explicit bracket's pairs, else the next power of
/// two of the entrants when the file fixes them.
pub(super) fn bracket_size(k: &Knockout, entrants: Option<u64>) -> Option<u64> {
    k.clauses
        .iter()
        .find_map(|c| match c {
            KnockoutClause::Seeded { size, .. } => Some(u64::from(size.node)),
            KnockoutClause::Bracket { pairs, .. } => {
                u64::try_from(pairs.len()).ok()?.checked_mul(2)
            }
            _ => None,
        })
        .or_else(|| entrants.filter(|n| *n >= 2)?.checked_next_power_of_two())
        .filter(|n| n.is_power_of_two() && *n >= 2)
}

/// The players in round `round` of a bracket of `size`.
pub(super) fn players_in(size: u64, round: u32) -> Option<u64> {
    let n = size.checked_shr(round.checked_sub(1)?)?;
    (n >= 2).then_some(n)
}

/// The round of `n` players by its name from the end.
pub(super) fn round_name(ctx: &Ctx<'_>, n: u64) -> String {
    match n {
        2 => ctx.m(M::RoundFinal).to_string(),
        4 => ctx.m(M::RoundSemi).to_string(),
        8 => ctx.m(M::RoundQuarter).to_string(),
        _ => {
            let count = match ctx.lang {
                Lang::Zh => fmt::zh_numeral(n / 2),
                Lang::En => n.to_string(),
            };
            ctx.mf(M::RoundFraction, &[&count])
        }
    }
}

/// How many players a stage's entrants are, when the file fixes it: the roster of an entry
/// with a `field`, a pool of a fixed size, places of an earlier stage (not `each group`).
pub(super) fn entrant_count(ctx: &Ctx<'_>, s: &Stage) -> Option<u64> {
    let sources = s.clauses.iter().find_map(|c| match c {
        StageClause::Entrants { sources, .. } => Some(sources),
        _ => None,
    })?;
    let mut n: u64 = 0;
    for e in sources {
        let k = match e {
            EntrantSource::Roster(_) => u64::from(ctx.names.field?),
            EntrantSource::Pool(p) => {
                u64::from(ctx.names.pools.get(p.node.as_str())?.size.as_ref()?.node)
            }
            EntrantSource::Places(r) if !matches!(r.group, GroupSel::All) => {
                u64::from(r.places.end).checked_sub(u64::from(r.places.start))? + 1
            }
            _ => return None,
        };
        n = n.checked_add(k)?;
    }
    Some(n)
}

/// Round `round` of the knockout stage `stage` by its name from the end (四分之一决赛 /
/// quarter-final), when the stage is a knockout whose bracket size the file fixes and the round
/// is one of its rounds: the name the schedule and the prize lines both give it.
pub(super) fn stage_round_name(ctx: &Ctx<'_>, stage: &str, round: u32) -> Option<String> {
    let s = ctx.names.stages.get(stage).copied()?;
    let k = s.clauses.iter().find_map(StageClause::knockout)?;
    let size = bracket_size(k, entrant_count(ctx, s))?;
    let n = players_in(size, round)?;
    Some(round_name(ctx, n))
}

/// Whether `stage` is a knockout of one round only (a bracket of 2: the final itself), whose
/// schedule row is the stage's title alone (冠亚军决赛, not 冠亚军决赛决赛).
pub(super) fn single_round(ctx: &Ctx<'_>, stage: &str) -> bool {
    ctx.names.stages.get(stage).copied().is_some_and(|s| {
        s.clauses
            .iter()
            .find_map(StageClause::knockout)
            .and_then(|k| bracket_size(k, entrant_count(ctx, s)))
            == Some(2)
    })
}

/// How the losers of each round not played out are placed, from the quarter-finals down
/// (`四分之一决赛负者并列第五名，八分之一决赛负者并列第九名`), within the stage's places; the
/// semi-finals' losers too when they play no third-place match. Empty when every place is
/// played out (`placement`) or the bracket's size is unknown.
pub(super) fn shared_places(
    ctx: &Ctx<'_>,
    k: &Knockout,
    entrants: Option<u64>,
    places: PlaceRange,
) -> Vec<String> {
    let Some(size) = bracket_size(k, entrants) else {
        return Vec::new();
    };
    knockout_loser_places(k, places, Some(size))
        .into_iter()
        .map(|tier| {
            let at = fmt::places(
                ctx.lang,
                PlaceRange {
                    start: tier.first,
                    end: tier.first,
                    span: Default::default(),
                },
            );
            ctx.mf(M::LosersShare, &[&round_name(ctx, tier.players), &at])
        })
        .collect()
}
