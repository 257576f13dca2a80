//! How long games and rounds may last under a time control, and the warning for a slot too
//! short for its round (W602).

use std::collections::BTreeMap;

use xqreg_grammar::ast::{self, Item, SlotKind, TimeClause};

use super::super::Ctx;
use super::links::StageLinks;
use super::{
    fmt_minutes, Placed, HELP_W602, HELP_W602_END, LBL_W602, LBL_W602_NEXT, MOVES_PER_GAME,
    MSG_W602, MSG_W602_END, W602,
};
use crate::diagnostics::{Diagnostic, Diagnostics};

/// Seconds one game may last under a named time control.
pub(crate) fn game_seconds(file: &ast::File, time: &str) -> Option<u32> {
    game_parts(file, time).map(|(_, total)| total)
}

/// A single round's slot with its own end (`08:30-08:35 round main 1`) shorter than the two
/// players' base times: no game can fit, whatever the moves (W602).
pub(super) fn own_end(
    p: &Placed<'_>,
    count: i64,
    base_min: i64,
    time: &str,
    diags: &mut Diagnostics,
) {
    let Some(end) = p.end else {
        return;
    };
    let per = end - p.at;
    if count != 1 || per >= base_min {
        return;
    }
    diags.push(
        Diagnostic::new(
            &W602,
            MSG_W602_END.fill(&[
                ("per", &per.to_string()),
                ("time", time),
                ("base", &base_min.to_string()),
            ]),
            p.slot.span,
            LBL_W602.fill(&[("per", &per.to_string())]),
        )
        .with_help(HELP_W602_END.fill(&[("end", &fmt_minutes(p.at + base_min))])),
    );
}

/// (both base times, the longest game) in seconds under a named time control.
pub(super) fn game_parts(file: &ast::File, time: &str) -> Option<(u32, u32)> {
    let tc = file.items.iter().find_map(|i| match i {
        Item::TimeControl(t) if t.name.node == time => Some(t),
        _ => None,
    })?;
    let (mut base, mut red, mut black, mut inc, mut extra) = (None, None, None, 0u32, 0u32);
    for c in &tc.clauses {
        match c {
            TimeClause::Base(d) => base = Some(d.node.seconds),
            TimeClause::Red(d) => red = Some(d.node.seconds),
            TimeClause::Black(d) => black = Some(d.node.seconds),
            TimeClause::Increment(d) => inc = d.node.seconds,
            TimeClause::Moves { moves, then, .. } if moves.node < MOVES_PER_GAME => {
                extra = extra.saturating_add(then.node.seconds.saturating_mul(2));
            }
            _ => {}
        }
    }
    let bases = match (base, red, black) {
        (_, Some(r), Some(b)) => r.saturating_add(b),
        (Some(b), r, k) => r.unwrap_or(b).saturating_add(k.unwrap_or(b)),
        _ => return None,
    };
    Some((
        bases,
        bases
            .saturating_add(inc.saturating_mul(MOVES_PER_GAME).saturating_mul(2))
            .saturating_add(extra),
    ))
}
/// Games a pair plays in one round: a knockout's `games N` (a mini-match), else one.
pub(super) fn games_per_round(ctx: &Ctx<'_>, stage: &str) -> u32 {
    ctx.scope
        .stage_clauses(stage)
        .iter()
        .find_map(|c| c.knockout()?.games())
        .unwrap_or(1)
        .max(1)
}

pub(super) fn short_slots(
    file: &ast::File,
    placed: &[Placed<'_>],
    links: &BTreeMap<String, StageLinks>,
    diags: &mut Diagnostics,
) {
    let round_slots: Vec<&Placed<'_>> = placed
        .iter()
        .filter(|p| matches!(p.slot.kind, SlotKind::Rounds(_)) && p.slot.start.is_some())
        .collect();
    for (i, p) in round_slots.iter().enumerate() {
        let SlotKind::Rounds(refs) = &p.slot.kind else {
            continue;
        };
        // Concurrent stages share the slot; the longest game and the most rounds bound it.
        let mut need: Option<(u32, String)> = None;
        let mut base_min: i64 = 0;
        let mut count: i64 = 1;
        for r in refs {
            let Some(time) = links.get(&r.stage.node).and_then(|f| f.time.clone()) else {
                continue;
            };
            if let Some((bases, _)) = game_parts(file, &time) {
                base_min = base_min.max(i64::from(bases.div_ceil(60)));
            }
            if let Some(secs) = game_seconds(file, &time) {
                if need.as_ref().is_none_or(|(n, _)| secs > *n) {
                    need = Some((secs, time));
                }
            }
            count = count.max(i64::from(r.rounds.end.saturating_sub(r.rounds.start)) + 1);
        }
        let Some((need_secs, time)) = need else {
            continue;
        };
        let need_min = i64::from(need_secs.div_ceil(60));
        // Two rounds are too close when a game of the first can still run at the start of the
        // second; a single round's nominal end (`09:30-11:00`) is a limit only below the two
        // base times (`own_end`), but a slot that holds several rounds (`09:30-12:30 round
        // main 1..2`) shares its length between them.
        let next = round_slots.get(i + 1).filter(|n| n.date == p.date);
        let available = match (next, p.end) {
            (Some(n), _) => n.at - p.at,
            (None, Some(end)) if count > 1 => end - p.at,
            _ => {
                own_end(p, count, base_min, &time, diags);
                continue;
            }
        };
        let per = available / count;
        if per >= need_min {
            own_end(p, count, base_min, &time, diags);
            continue;
        }
        let at = fmt_minutes(p.at + need_min * count);
        let mut d = Diagnostic::new(
            &W602,
            MSG_W602.fill(&[
                ("per", &per.to_string()),
                ("time", &time),
                ("need", &need_min.to_string()),
            ]),
            p.slot.span,
            LBL_W602.fill(&[("per", &per.to_string())]),
        );
        if let Some(n) = next {
            d = d.with_label(n.slot.span, LBL_W602_NEXT.plain());
        }
        diags.push(
            d.with_help(HELP_W602.fill(&[("at", &at), ("moves", &MOVES_PER_GAME.to_string())])),
        );
    }
}
