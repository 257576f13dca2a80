//! Same-place matches: place 2k-1 of one group against place 2k-1 of the other, and so on down.

use super::*;

/// Where the same-place match for places 2k-1 and 2k is played.
fn same_place_at(ix: usize, stage: &Stage, k: u32) -> GameAt<'_> {
    GameAt::board(ix, &stage.name, 1, k)
}

pub(super) fn same_place_stage(
    ctx: &mut Ctx<'_>,
    ix: usize,
    stage: &Stage,
    sp: &SamePlace,
) -> Staged {
    let [(s1, g1), (s2, g2)] = sp.groups.as_slice() else {
        return Err(vec![RuntimeProblem::new(
            codes::FIELD_DOES_NOT_FIT,
            format!(
                "same-place matches need exactly two groups; {} given",
                sp.groups.len()
            ),
            &sp.origin,
        )
        .zh(format!(
            "同名次比赛须恰好两个小组，给出 {} 个",
            sp.groups.len()
        ))]);
    };
    let pairs = sp.places.len() / 2;
    let mut ranking = Vec::new();
    let mut matches = Vec::new();
    let mut games = Vec::new();
    let mut pairings = Vec::new();
    for k in 1..=pairs {
        let reference = |stage: &str, group: &str| crate::plan::PlaceRef {
            stage: stage.to_string(),
            group: crate::plan::GroupSel::Named(group.to_string()),
            places: crate::plan::PlaceRange::new(k, k),
        };
        let a = entrants::places(ctx, &reference(s1, g1), &sp.origin).map_err(|p| vec![p])?;
        let b = entrants::places(ctx, &reference(s2, g2), &sp.origin).map_err(|p| vec![p])?;
        let (Some(&a), Some(&b)) = (a.first(), b.first()) else {
            continue;
        };
        pairings.push((k, a, b));
    }
    // The match for places 2k-1 and 2k, by its pairing's index.
    let labels: Vec<String> = pairings
        .iter()
        .map(|&(k, _, _)| format!("match for places {}-{}", 2 * k - 1, 2 * k))
        .collect();
    let spec_of = |i: usize, first| MatchSpec {
        games: sp.games,
        colours: sp.colours,
        colours_origin: &sp.origin,
        playoff: stage.playoff.as_ref(),
        scoring: &stage.scoring,
        label: &labels[i],
        first,
    };
    // Every match's first colours before any match is played (the hall's order).
    let mut firsts = Vec::new();
    for (i, &(k, a, b)) in pairings.iter().enumerate() {
        firsts.push(ctx.first_colours(&same_place_at(ix, stage, k), a, b, &spec_of(i, None)));
    }
    for (i, (&(k, a, b), first_colours)) in pairings.iter().zip(firsts).enumerate() {
        let first = 2 * k - 1;
        let at = same_place_at(ix, stage, k);
        let m = ctx.play_match(&at, a, b, &spec_of(i, Some(first_colours)), &mut games);
        matches.push(ctx.match_out(1, labels[i].clone(), a, b, &m));
        ranking.push((first, false, m.winner));
        ranking.push((first + 1, false, m.loser));
    }
    Ok(match_stage_run(
        ctx,
        stage,
        "same_place",
        ranking,
        BTreeMap::new(),
        matches,
        games,
    ))
}
