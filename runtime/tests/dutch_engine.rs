//! The Dutch engine on hand-built states: degenerate inputs, a hand-worked round, and the
//! absolute criteria held over many simulated tournaments.

use xqreg_runtime::pairing::swiss::dutch::pair_dutch;
use xqreg_runtime::pairing::swiss::state::{
    Colour, Outcome, Pairing, PairingError, RoundEntry, SwissPlayer, SwissState,
};

fn fresh(n: u32, rounds_total: u32) -> SwissState {
    SwissState::round_one(n, rounds_total)
}

fn game(opponent: u32, colour: Colour, outcome: Outcome, points: u32) -> RoundEntry {
    RoundEntry {
        opponent: Some(opponent),
        colour: Some(colour),
        played: true,
        paired: true,
        pab: false,
        outcome,
        points,
    }
}

/// A field of `n` (5 rounds) about to pair round 2 after round 1's `games`, each (player,
/// opponent, colour, outcome, points); a player's score is his game's points.
fn after_round_one(n: u32, games: &[(u32, u32, Colour, Outcome, u32)]) -> SwissState {
    let mut s = fresh(n, 5);
    s.round = 2;
    for &(p, opponent, colour, outcome, points) in games {
        let player = &mut s.players[p as usize - 1];
        player.rounds = vec![game(opponent, colour, outcome, points)];
        player.score = points;
    }
    s
}

#[test]
fn degenerate_fields() {
    let p = pair_dutch(&fresh(0, 5)).expect("empty field pairs");
    assert!(p.boards.is_empty() && p.bye.is_none());
    let p = pair_dutch(&fresh(1, 5)).expect("one player");
    assert_eq!(p.bye, Some(1));
    let mut s = fresh(2, 5);
    s.players[1].id = 1;
    assert!(matches!(pair_dutch(&s), Err(PairingError::InvalidState(_))));
}

#[test]
fn two_players_who_met_cannot_be_paired() {
    let s = after_round_one(
        2,
        &[
            (1, 2, Colour::White, Outcome::Win, 10),
            (2, 1, Colour::Black, Outcome::Loss, 0),
        ],
    );
    assert!(matches!(
        pair_dutch(&s),
        Err(PairingError::NoLegalPairing(_))
    ));
}

#[test]
fn round_one_splits_the_field_and_alternates_colours() {
    let p = pair_dutch(&fresh(9, 5)).expect("round 1");
    // 1-5, 6-2, 3-7, 8-4 with the initial colour White for player 1; 9 gets the bye.
    assert_eq!(p.boards, vec![(1, 5), (6, 2), (3, 7), (8, 4)]);
    assert_eq!(p.bye, Some(9));
}

#[test]
fn hand_worked_second_round() {
    // Round 1: 1 (White) beat 3; 4 (White) lost to 2. Scores 1, 1, 0, 0.
    let s = after_round_one(
        4,
        &[
            (1, 3, Colour::White, Outcome::Win, 10),
            (2, 4, Colour::Black, Outcome::Win, 10),
            (3, 1, Colour::Black, Outcome::Loss, 0),
            (4, 2, Colour::White, Outcome::Loss, 0),
        ],
    );
    let p = pair_dutch(&s).expect("round 2");
    // Top group {1, 2}: 1 played White and is due Black, 2 is due White -> 2-1.
    // Bottom group {3, 4}: 3 due White, 4 due Black -> 3-4.
    assert_eq!(p.boards, vec![(2, 1), (3, 4)]);
    assert_eq!(p.bye, None);
}

fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// Simulate whole events and check after every round: each present player paired exactly once,
/// no played game repeated, no second pairing-allocated bye (nor one after a forfeit win), and
/// no two non-topscorers with the same absolute colour preference meet.
#[test]
fn absolute_criteria_hold_over_simulated_events() {
    let mut seed = 0xC0FF_EE12_3456_789Bu64;
    for event in 0..60 {
        let n = 5 + (next(&mut seed) % 30) as u32;
        let rounds = 5 + (next(&mut seed) % 5) as u32;
        let mut s = fresh(n, rounds);
        for r in 1..=rounds {
            s.round = r;
            for p in &mut s.players {
                p.absent = next(&mut seed).is_multiple_of(20);
            }
            let pairing = match pair_dutch(&s) {
                Ok(p) => p,
                Err(PairingError::NoLegalPairing(_)) => break,
                Err(e) => panic!("event {event} round {r}: {e}"),
            };
            assert_absolute_criteria(&s, &pairing, event, rounds);
            let entries = random_results(&pairing, &mut seed);
            for p in &mut s.players {
                let e = entries
                    .iter()
                    .find(|(id, _)| *id == p.id)
                    .map(|(_, e)| e.clone())
                    .unwrap_or_else(RoundEntry::absent);
                p.score += e.points;
                p.rounds.push(e);
            }
        }
    }
}

/// Round `s.round`'s pairing keeps the absolute criteria: everyone present once, no repeat, no
/// two non-topscorers with the same absolute colour preference, no second bye or forfeit win.
fn assert_absolute_criteria(s: &SwissState, pairing: &Pairing, event: u32, rounds: u32) {
    let r = s.round;
    let present: Vec<u32> = s
        .players
        .iter()
        .filter(|p| !p.absent)
        .map(|p| p.id)
        .collect();
    let mut seen: Vec<u32> = pairing
        .boards
        .iter()
        .flat_map(|&(w, b)| [w, b])
        .chain(pairing.bye)
        .collect();
    seen.sort_unstable();
    assert_eq!(seen, present, "event {event} round {r}: everyone once");
    let idx = |id: u32| s.players.iter().position(|p| p.id == id).expect("known id");
    let topscore = (r - 1) * 10 / 2;
    for &(w, b) in &pairing.boards {
        let (pw, pb) = (&s.players[idx(w)], &s.players[idx(b)]);
        assert!(
            !pw.rounds.iter().any(|e| e.played && e.opponent == Some(b)),
            "event {event} round {r}: {w}-{b} already played"
        );
        let last = r == rounds;
        let top = last && (pw.score > topscore || pb.score > topscore);
        if !top {
            let (aw, ab) = (absolute_preference(pw), absolute_preference(pb));
            assert!(
                aw.is_none() || aw != ab,
                "event {event} round {r}: {w}-{b} share an absolute preference"
            );
        }
    }
    if let Some(x) = pairing.bye {
        let p = &s.players[idx(x)];
        assert!(
            !p.rounds
                .iter()
                .any(|e| !e.played && e.paired && e.outcome == Outcome::Win),
            "event {event} round {r}: {x} already had a bye or forfeit win"
        );
    }
}

/// The colour a player must have next (a colour difference beyond 1, or the same colour twice
/// running), if any.
fn absolute_preference(p: &SwissPlayer) -> Option<Colour> {
    let cs: Vec<Colour> = p
        .rounds
        .iter()
        .filter(|e| e.played)
        .filter_map(|e| e.colour)
        .collect();
    let wh = cs.iter().filter(|&&c| c == Colour::White).count() as i32;
    let bl = cs.len() as i32 - wh;
    let last2 = cs.len() >= 2 && cs[cs.len() - 1] == cs[cs.len() - 2];
    if wh - bl > 1 || (last2 && cs[cs.len() - 1] == Colour::White) {
        Some(Colour::Black)
    } else if bl - wh > 1 || (last2 && cs[cs.len() - 1] == Colour::Black) {
        Some(Colour::White)
    } else {
        None
    }
}

/// Random results for the round's boards, with an occasional forfeit, and the bye's entry.
fn random_results(pairing: &Pairing, seed: &mut u64) -> Vec<(u32, RoundEntry)> {
    let mut entries: Vec<(u32, RoundEntry)> = Vec::new();
    for &(w, b) in &pairing.boards {
        let roll = next(seed) % 10;
        let forfeit = roll == 0;
        let (ow, ob, pw, pb) = match roll % 3 {
            0 => (Outcome::Win, Outcome::Loss, 10, 0),
            1 => (Outcome::Draw, Outcome::Draw, 5, 5),
            _ => (Outcome::Loss, Outcome::Win, 0, 10),
        };
        let (ow, ob, pw, pb) = if forfeit {
            (Outcome::Win, Outcome::Loss, 10, 0)
        } else {
            (ow, ob, pw, pb)
        };
        let mut ew = game(b, Colour::White, ow, pw);
        let mut eb = game(w, Colour::Black, ob, pb);
        ew.played = !forfeit;
        eb.played = !forfeit;
        entries.push((w, ew));
        entries.push((b, eb));
    }
    if let Some(x) = pairing.bye {
        entries.push((x, RoundEntry::pairing_bye(Outcome::Win, 10)));
    }
    entries
}
