//! A group's table ranked into standings: the stage's tie-break chain applied, each lot and each
//! separation written to the transcript with its clause, and the rows every stage kind reports.

use super::outcome::{GroupOutcome, SeparationOut, StandingRow, TbCell};
use super::tiebreak::{self, Competitor, Primary, Table};
use super::transcript::EntryKind;
use super::{Ctx, GroupRun};
use crate::plan::{Origin, Stage};

/// The records with each player's fouls, for a ranking now (`members[i]` is the player of
/// `comps[i]`).
pub(crate) fn with_fouls(
    ctx: &Ctx<'_>,
    members: &[usize],
    mut comps: Vec<Competitor>,
) -> Vec<Competitor> {
    for (pos, comp) in comps.iter_mut().enumerate() {
        comp.fouls = members
            .get(pos)
            .and_then(|&p| ctx.fouls.get(p))
            .copied()
            .unwrap_or(0);
    }
    comps
}

/// Rank a group's table and turn it into standings, separations and transcript entries.
pub(crate) fn rank_group(
    ctx: &mut Ctx<'_>,
    stage: &Stage,
    group: &str,
    members: &[usize],
    competitors: Vec<Competitor>,
    primary: Primary,
) -> (GroupRun, GroupOutcome) {
    let table = Table {
        competitors,
        scoring: &stage.scoring,
        fields: Vec::new(),
    };
    let all: Vec<usize> = (0..members.len()).collect();
    let ranked = tiebreak::rank(&table, &all, &stage.tiebreak, primary, &mut ctx.lots);
    let pid = |pos: usize| members.get(pos).copied().unwrap_or(usize::MAX);
    let label = if group.is_empty() {
        stage.said().to_string()
    } else {
        format!("{} group {group}", stage.said())
    };
    for lot in &ranked.lots {
        let ids: Vec<String> = lot
            .order
            .iter()
            .map(|&p| ctx.id(pid(p)).to_string())
            .collect();
        let origin = if lot.implicit {
            Origin::default_rule(
                "default: a tie the chain leaves is decided by lot (FIDE C.07 art. 4.2)",
            )
        } else {
            stage
                .tiebreak
                .criteria
                .iter()
                .find(|c| c.criterion == crate::plan::Criterion::Lots)
                .map(|c| c.origin.clone())
                .unwrap_or_else(|| stage.tiebreak.origin.clone())
        };
        ctx.stats.lots_in_standings += 1;
        ctx.transcript.push(
            EntryKind::Lot,
            format!("{label}: tie decided by lot: {}", ids.join(" before ")),
            &origin,
        );
    }
    let mut separations = Vec::with_capacity(ranked.separations.len());
    for s in &ranked.separations {
        let (above, below) = (
            ctx.id(pid(s.above)).to_string(),
            ctx.id(pid(s.below)).to_string(),
        );
        let text = if s.criterion == crate::plan::Criterion::Lots {
            format!("{above} before {below}: lots")
        } else {
            format!(
                "{above} before {below}: {} {} {} {}",
                named_with_cut(&s.criterion),
                s.above_value.display(),
                if s.above_value.lower_first { "<" } else { ">" },
                s.below_value.display()
            )
        };
        ctx.transcript
            .push(EntryKind::Tiebreak, format!("{label}: {text}"), &s.origin);
        separations.push(SeparationOut {
            above,
            below,
            criterion: tiebreak::id_label(&s.criterion).to_string(),
            cut: cut_of(&s.criterion),
            above_value: s.above_value.clone(),
            below_value: s.below_value.clone(),
            text,
        });
    }
    let places = shared_places(ctx, stage, &label, &ranked, &pid);
    let mut standings = Vec::with_capacity(members.len());
    let mut ranking = Vec::with_capacity(members.len());
    for (k, (&pos, values)) in ranked.order.iter().zip(&ranked.values).enumerate() {
        let (place, shared) = places.get(k).copied().unwrap_or((k as u32 + 1, false));
        let p = pid(pos);
        ranking.push((place, shared, p));
        let points = match primary {
            Primary::Points => table.competitors.get(pos).map(Competitor::points),
            Primary::MatchPoints => table.competitors.get(pos).map(|c| c.match_points),
        };
        standings.push(StandingRow {
            place,
            shared,
            id: ctx.id(p).to_string(),
            player: ctx.name(p).to_string(),
            number: Some(pos as u32 + 1),
            points,
            tiebreaks: values
                .iter()
                .map(|(c, v)| TbCell {
                    criterion: tiebreak::id_label(c).to_string(),
                    cut: cut_of(c),
                    value: v.clone(),
                })
                .collect(),
        });
    }
    (
        GroupRun {
            name: group.to_string(),
            ranking,
            members: members.to_vec(),
            competitors: table.competitors,
        },
        GroupOutcome {
            name: (!group.is_empty()).then(|| group.to_string()),
            standings,
            separations,
        },
    )
}

/// Each position of `ranked.order` with its place ([`tiebreak::Ranked::places`]); the
/// transcript says who share a place the chain's `shared` left them, and why.
fn shared_places(
    ctx: &mut Ctx<'_>,
    stage: &Stage,
    label: &str,
    ranked: &tiebreak::Ranked,
    pid: &dyn Fn(usize) -> usize,
) -> Vec<(u32, bool)> {
    let places = ranked.places();
    let origin = stage
        .tiebreak
        .criteria
        .iter()
        .find(|c| c.criterion == crate::plan::Criterion::Shared)
        .map_or_else(|| stage.tiebreak.origin.clone(), |c| c.origin.clone());
    for set in &ranked.shared {
        let place = set
            .first()
            .and_then(|p| ranked.order.iter().position(|o| o == p))
            .and_then(|k| places.get(k))
            .map_or(0, |q| q.0);
        let ids: Vec<String> = set.iter().map(|&p| ctx.id(pid(p)).to_string()).collect();
        ctx.transcript.push(
            EntryKind::Tiebreak,
            format!(
                "{label}: {} share place {place}: still equal after every criterion (`shared`)",
                ids.join(" ")
            ),
            &origin,
        );
    }
    places
}

/// Standing rows for players ranked by place only (a knockout, the final ranking): no pairing
/// number, points or tie-breaks.
pub(crate) fn place_rows(ctx: &Ctx<'_>, ranking: &[(u32, bool, usize)]) -> Vec<StandingRow> {
    ranking
        .iter()
        .map(|&(place, shared, p)| StandingRow {
            place,
            shared,
            id: ctx.id(p).to_string(),
            player: ctx.name(p).to_string(),
            number: None,
            points: None,
            tiebreaks: Vec::new(),
        })
        .collect()
}

/// A criterion's English name with its cut, as its standings column has it: a chain may count
/// 对手分 whole and then cut (`opponents_score cut 1, opponents_score`), and the transcript says
/// which of the two separated (`opponents' score (Buchholz, cut 1) 107 > 105`).
fn named_with_cut(c: &crate::plan::Criterion) -> String {
    let name = tiebreak::en_label(c);
    match (cut_of(c), name.strip_suffix(')')) {
        (Some(n), Some(open)) => format!("{open}, cut {n})"),
        (Some(n), None) => format!("{name} (cut {n})"),
        (None, _) => name.to_string(),
    }
}

/// The cut of a criterion that drops its lowest values, when it drops any (a standings column
/// of its own, [`TbCell::column`]).
fn cut_of(c: &crate::plan::Criterion) -> Option<u32> {
    match c {
        crate::plan::Criterion::OpponentsScore { cut, .. }
        | crate::plan::Criterion::Progressive { cut } => (*cut > 0).then_some(*cut),
        _ => None,
    }
}
