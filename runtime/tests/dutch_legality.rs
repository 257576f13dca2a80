//! Large Dutch pairings, checked for the absolute criteria (no rematch, absolute colour rules,
//! bye rules) since the reference engine cannot be run at these sizes; and the checker itself,
//! shown to catch each kind of breach.

use xqreg_runtime::pairing::swiss::dutch::pair_dutch;
use xqreg_runtime::pairing::swiss::legality::breaches;
use xqreg_runtime::pairing::swiss::state::{Pairing, SwissState};
use xqreg_runtime::pairing::swiss::synth::generated_field;

fn legal(players: u32, played: u32, total: u32, seed: u64) {
    let state = generated_field(players, played, total, 40, seed);
    let pairing = pair_dutch(&state).expect("the generated field pairs");
    let bad = breaches(&state, &pairing);
    assert!(
        bad.is_empty(),
        "{players} players, round {}: {bad:?}",
        played + 1
    );
}

#[test]
fn generated_fields_pair_legally() {
    for (players, played, seed) in [(61, 3, 1), (120, 4, 2), (201, 6, 3)] {
        legal(players, played, 9, seed);
    }
    // The last round: the topscorer exception of C3 may apply.
    legal(99, 8, 9, 4);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "release only: run with --release")]
fn large_generated_fields_pair_legally() {
    for (players, seed) in [(1001, 5), (2000, 6)] {
        legal(players, 4, 9, seed);
    }
}

#[test]
fn the_checker_catches_each_breach() {
    let state = generated_field(41, 3, 9, 0, 7);
    let good = pair_dutch(&state).expect("pairs");
    assert!(breaches(&state, &good).is_empty());
    // A rematch: swap partners so that two earlier opponents meet.
    let p1 = &state.players[0];
    let opp = p1.rounds[0].opponent.expect("played round 1");
    let rematch = Pairing {
        boards: vec![(1, opp)],
        bye: None,
    };
    let found = breaches(&state, &rematch);
    assert!(found.iter().any(|b| b.contains("meet again")), "{found:?}");
    assert!(found.iter().any(|b| b.contains("not paired")), "{found:?}");
    assert!(found
        .iter()
        .any(|b| b.contains("without a pairing-allocated bye")));
    // Paired twice, and the bye to someone who already had one.
    let twice = Pairing {
        boards: vec![(1, 2), (1, 3)],
        bye: good.bye,
    };
    assert!(breaches(&state, &twice)
        .iter()
        .any(|b| b.contains("more than once")));
    let had_bye = state
        .players
        .iter()
        .find(|p| p.rounds.iter().any(|e| e.pab))
        .expect("an odd field had byes")
        .id;
    let second_bye = Pairing {
        boards: good.boards.clone(),
        bye: Some(had_bye),
    };
    assert!(breaches(&state, &second_bye)
        .iter()
        .any(|b| b.contains("(C2)")));
    // Colours: give every board's colours the other way round until one breaks C3.
    let flipped = Pairing {
        boards: good.boards.iter().map(|&(w, b)| (b, w)).collect(),
        bye: good.bye,
    };
    let colour = breaches(&state, &flipped);
    assert!(colour.iter().any(|b| b.contains("(C3)")), "{colour:?}");
}

/// What the Dutch engine says refusing `state`, a field whose brackets are too large to pair.
fn too_large(state: SwissState) -> String {
    let text = pair_dutch(&state).expect_err("too large").to_string();
    assert!(
        text.starts_with("too large to pair: a pairing bracket of at least "),
        "{text}"
    );
    text
}

/// A field whose neighbouring score groups alone make a bracket beyond the machine (50,000
/// players in round 2: groups of about 20,000 and 10,000, a matching of over 100 GB) is
/// refused by the early check, before the completion check and the first bracket run, with a
/// sentence that says what is too large and what to do.
#[test]
fn a_field_beyond_the_machine_is_refused_before_any_bracket() {
    let text = too_large(generated_field(50_000, 1, 9, 0, 8));
    assert!(
        text.contains("(a score group and the next) needs about ")
            && text.contains("pair a smaller field or on a machine with more memory"),
        "{text}"
    );
}

/// A field whose largest bracket fits the memory but would take the better part of an hour
/// (20,000 players in round 5: neighbouring score groups of about 8,000) is refused by the
/// early check too, on any machine, with a sentence that says so.
#[test]
fn a_field_beyond_the_bracket_cap_is_refused_before_any_bracket() {
    let text = too_large(generated_field(20_000, 4, 9, 50, 1));
    assert!(
        text.contains("players the Dutch engine pairs in one bracket")
            || text.contains("pair a smaller field or on a machine with more memory"),
        "{text}"
    );
}
