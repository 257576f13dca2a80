//! The absolute criteria of a Dutch pairing, checked on its result: what can be verified of a
//! pairing too large for the reference engine to reproduce.
//!
//! Checked: every present player is paired exactly once and nobody absent is (C.04.3 A.1);
//! no two players meet who already played each other (C1); the pairing-allocated bye only for an
//! odd field, to one player, who has not had it nor an unplayed round worth a win (C2, 2025);
//! and no player's colours after the round break the absolute rules — a difference over 2, or
//! the same colour three times running — except, in the last round, for a player or opponent
//! with more than half the maximum score (C3's topscorer exception).

use std::collections::BTreeMap;

use super::state::{Colour, Pairing, SwissState};

/// Every breach of an absolute criterion in `pairing` of the round after `state`, each as a
/// sentence naming the players; empty when the pairing is legal.
pub fn breaches(state: &SwissState, pairing: &Pairing) -> Vec<String> {
    let mut out = Vec::new();
    let played_rounds = state.round.saturating_sub(1) as usize;
    let by_id: BTreeMap<u32, usize> = state
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id, i))
        .collect();
    let mut seen: BTreeMap<u32, u32> = BTreeMap::new();
    let mut note = |id: u32, out: &mut Vec<String>| {
        let c = seen.entry(id).or_insert(0);
        *c += 1;
        if *c == 2 {
            out.push(format!("player {id} is paired more than once"));
        }
    };
    for &(w, b) in &pairing.boards {
        note(w, &mut out);
        note(b, &mut out);
    }
    if let Some(x) = pairing.bye {
        note(x, &mut out);
    }
    for (&id, _) in seen.iter() {
        match by_id.get(&id) {
            None => out.push(format!("player {id} is not in the field")),
            Some(&i) if state.players[i].absent => {
                out.push(format!("player {id} is absent this round but paired"))
            }
            _ => {}
        }
    }
    let present: Vec<&_> = state.players.iter().filter(|p| !p.absent).collect();
    for p in &present {
        if !seen.contains_key(&p.id) {
            out.push(format!("player {} is present but not paired", p.id));
        }
    }
    if let Some(x) = pairing.bye {
        if present.len() % 2 == 0 {
            out.push(format!("player {x} has the bye in an even field"));
        }
        if let Some(&i) = by_id.get(&x) {
            let p = &state.players[i];
            let barred = p.rounds.iter().take(played_rounds).any(|e| {
                !e.played && (e.points >= state.scoring.win || (e.paired && e.opponent.is_none()))
            });
            if barred {
                out.push(format!(
                    "player {x} has the bye after a bye or an unplayed round worth a win (C2)"
                ));
            }
        }
    } else if present.len() % 2 == 1 {
        out.push("an odd field without a pairing-allocated bye".to_string());
    }
    let last_round = state.round >= state.rounds_total;
    let maxpts = state.scoring.win.max(state.scoring.draw);
    let threshold = (played_rounds as u32).saturating_mul(maxpts) / 2;
    for &(w, b) in &pairing.boards {
        let (Some(&wi), Some(&bi)) = (by_id.get(&w), by_id.get(&b)) else {
            continue;
        };
        let (pw, pb) = (&state.players[wi], &state.players[bi]);
        if pw
            .rounds
            .iter()
            .take(played_rounds)
            .any(|e| e.played && e.opponent == Some(b))
        {
            out.push(format!("players {w} and {b} meet again (C1)"));
        }
        let exempt = last_round && (pw.score > threshold || pb.score > threshold);
        if exempt {
            continue;
        }
        for (p, c) in [(pw, Colour::White), (pb, Colour::Black)] {
            let colours: Vec<Colour> = p
                .rounds
                .iter()
                .take(played_rounds)
                .filter(|e| e.played)
                .filter_map(|e| e.colour)
                .chain(std::iter::once(c))
                .collect();
            let white = colours.iter().filter(|&&x| x == Colour::White).count();
            let black = colours.len() - white;
            // Only the colour given now can breach: a history already out of bounds (a
            // forfeit-ridden or hand-made one) is not this round's doing.
            let over = match c {
                Colour::White => white > black + 2,
                Colour::Black => black > white + 2,
            };
            let three = colours.len() >= 3 && colours[colours.len() - 3..].iter().all(|&x| x == c);
            if over || three {
                out.push(format!(
                    "player {} gets {:?}: a colour difference over 2 or three in a row (C3)",
                    p.id, c
                ));
            }
        }
    }
    out
}
