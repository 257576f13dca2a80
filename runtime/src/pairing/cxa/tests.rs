//! The CXA pairer on the worked examples of domain.md 5.2 and our own small cases.

use super::*;
use crate::pairing::SwissRoundEntry;
use crate::plan::{FirstRoundColours, FirstRoundMethod, Numbers, Origin, Scoring, Side};

/// The documented TRF defaults (`cxa_trf_params`) with 5 rounds, numbers by lot and the
/// given first round.
fn params(method: FirstRoundMethod, colours: FirstRoundColours) -> Swiss {
    let mut sw = crate::pairing::swiss::cxa_trf_params(5);
    sw.numbers = Numbers::Lot {
        origin: Origin::default_rule("test"),
    };
    sw.first_round.method = method;
    sw.first_round.colours = colours;
    sw
}

/// Player `number` with the given rounds behind him; his points are theirs added up.
fn player(number: u32, history: Vec<SwissRoundEntry>) -> SwissPlayer {
    SwissPlayer {
        number,
        id: format!("p{number}"),
        rating: 2000,
        unit: None,
        points: history.iter().map(|r| r.points).sum(),
        history,
        available: true,
    }
}

/// A game played with red against `opp`, scored as CXA scores it (win 2, draw 1, loss 0).
fn red(opp: u32, result: SwissResult) -> SwissRoundEntry {
    played(opp, Side::Red, result)
}

/// A game played with black against `opp`, scored as CXA scores it.
fn black(opp: u32, result: SwissResult) -> SwissRoundEntry {
    played(opp, Side::Black, result)
}

fn played(opp: u32, colour: Side, result: SwissResult) -> SwissRoundEntry {
    let points = match result {
        SwissResult::Win => 2,
        SwissResult::Draw => 1,
        SwissResult::Loss => 0,
        other => panic!("a game played over the board is a win, a draw or a loss, not {other:?}"),
    };
    SwissRoundEntry {
        opponent: Some(opp),
        colour: Some(colour),
        result,
        points,
    }
}

/// The parameters for any round after the first (the first-round method no longer matters).
fn later_round_params() -> Swiss {
    params(
        FirstRoundMethod::Adjacent,
        FirstRoundColours::FirstListedRed,
    )
}

/// Pair `round` of `total` with the CXA pairer; the test fails if it cannot.
fn pair(players: &[SwissPlayer], sw: &Swiss, round: u32, total: u32) -> RoundPairing {
    let scoring = Scoring::cxa_default(Origin::default_rule("test"));
    CxaPairer
        .pair(&SwissRound {
            round,
            total_rounds: total,
            players,
            params: sw,
            scoring: &scoring,
        })
        .expect("pairs")
}

#[test]
fn round_one_adjacent_is_1_2_4_3_5_6() {
    let players: Vec<SwissPlayer> = (1..=7).map(|n| player(n, vec![])).collect();
    let sw = params(
        FirstRoundMethod::Adjacent,
        FirstRoundColours::FirstListedRed,
    );
    let r = pair(&players, &sw, 1, 5);
    assert_eq!(r.boards, vec![(1, 2), (4, 3), (5, 6)]);
    assert_eq!(r.byes, vec![7]);
}

#[test]
fn round_one_split_half_alternates_colours_by_board() {
    let players: Vec<SwissPlayer> = (1..=8).map(|n| player(n, vec![])).collect();
    let sw = params(FirstRoundMethod::SplitHalf, FirstRoundColours::Alternate);
    let r = pair(&players, &sw, 1, 5);
    assert_eq!(r.boards, vec![(1, 5), (6, 2), (3, 7), (8, 4)]);
}

/// Round 2 of the domain.md 5.2 example after round 1 (1-2 1-0, 4-3 draw, 5-6 0-1): the
/// score groups are {1, 6} on 2, {4, 3} on 1, {2, 5} on 0; each group pairs inside itself,
/// no one meets a round-1 opponent, and colours follow the rules (the player who had Black
/// gets Red).
#[test]
fn round_two_pairs_inside_score_groups_with_colours_alternated() {
    use SwissResult::*;
    let players = vec![
        player(1, vec![red(2, Win)]),
        player(2, vec![black(1, Loss)]),
        player(3, vec![black(4, Draw)]),
        player(4, vec![red(3, Draw)]),
        player(5, vec![red(6, Loss)]),
        player(6, vec![black(5, Win)]),
    ];
    let sw = later_round_params();
    let r = pair(&players, &sw, 2, 3);
    // The worked example's round 2 (domain.md 5.2): 6-1, 3-5, 2-4 — but 3 and 4 drew each
    // other, so the 1-point group cannot pair inside itself: 3 and 4 each meet a 0-point
    // player. Rules: 4 (due Black) v 2 (due Red) gives 2 Red; 3 (due Red) v 5 (due Black).
    assert_eq!(r.boards, vec![(6, 1), (3, 5), (2, 4)]);
    assert!(r
        .notes
        .iter()
        .any(|n| n.contains("p3 (1 point) floats down to meet p5 (0 points)")));
}

/// domain.md 5.2 round 3, worked by hand: after round 2 players 1, 3, 4, 6 have 3 points, 2
/// and 5 none. In the top group (ranked 1, 3, 4, 6) 1 has met 6; 1 (R B, due Red) takes the
/// nearest player due the other colour, 3 (B R); colours alternate from the last round they
/// differed: 1 had Black, so 1-3. Then 4 (R B) v 6 (B R): 4-6; 2 (B R) v 5 (R B): 5-2.
#[test]
fn worked_example_round_three() {
    use SwissResult::*;
    let players = vec![
        player(1, vec![red(2, Win), black(6, Draw)]),
        player(2, vec![black(1, Loss), red(4, Loss)]),
        player(3, vec![black(4, Draw), red(5, Win)]),
        player(4, vec![red(3, Draw), black(2, Win)]),
        player(5, vec![red(6, Loss), black(3, Loss)]),
        player(6, vec![black(5, Win), red(1, Draw)]),
    ];
    let sw = later_round_params();
    let r = pair(&players, &sw, 3, 3);
    assert_eq!(r.boards, vec![(1, 3), (4, 6), (5, 2)]);
    assert!(r.byes.is_empty());
    assert!(!r.notes.iter().any(|n| n.contains("floats")));
}

/// Our own: no three of a colour in a row outside the last rounds (round 3 of 5). 1 and 2
/// (4 points, Red Red) may only take Black, 3 and 4 (4 points, Black Black) only Red, so
/// 1 v 2 is impossible: 1 meets the nearest he may, 3, who has Red; then 4-2.
#[test]
fn colour_limits_decide_in_a_middle_round() {
    use SwissResult::*;
    let players = vec![
        player(1, vec![red(5, Win), red(6, Win)]),
        player(2, vec![red(6, Win), red(5, Win)]),
        player(3, vec![black(7, Win), black(8, Win)]),
        player(4, vec![black(8, Win), black(7, Win)]),
    ];
    let sw = later_round_params();
    let r = pair(&players, &sw, 3, 5);
    // 1 v 2 would give one of them a third Red: not allowed; 1 takes the nearest he may
    // meet, 3, and 3 (two Blacks) has Red.
    assert_eq!(r.boards, vec![(3, 1), (4, 2)]);
    assert!(r.notes.iter().any(|n| n.contains("colour limit")));
}

#[test]
fn the_bye_goes_to_the_lowest_without_one() {
    use SwissResult::*;
    let players = vec![
        player(1, vec![red(2, Win)]),
        player(2, vec![black(1, Loss)]),
        player(
            3,
            vec![SwissRoundEntry {
                opponent: None,
                colour: None,
                result: Bye,
                points: 2,
            }],
        ),
    ];
    let sw = later_round_params();
    let r = pair(&players, &sw, 2, 3);
    assert_eq!(r.byes, vec![2]);
    assert_eq!(r.boards.len(), 1);
}

/// 1 and 2 lead alone, each with two Reds; 3 and 4 follow, each with two Blacks.
fn two_reds_lead_two_blacks_follow() -> Vec<SwissPlayer> {
    use SwissResult::*;
    vec![
        player(1, vec![red(5, Win), red(6, Win)]),
        player(2, vec![red(6, Win), red(5, Win)]),
        player(3, vec![black(7, Loss), black(8, Win)]),
        player(4, vec![black(8, Loss), black(7, Win)]),
    ]
}

/// Outside the last rounds the limits hold when a pairing keeps them: 1 v 2 would give one of
/// them a third Red, so both leaders float down. In the last round (`relax_last_rounds 1`) the
/// limits are relaxed: the leaders meet, and the note says why; with `relax_last_rounds 0` the
/// last round keeps the limits like any other.
#[test]
fn the_last_rounds_relax_the_colour_limits() {
    let players = two_reds_lead_two_blacks_follow();
    let mut sw = later_round_params();
    sw.colour_limits.relax_last_rounds = 1;
    let middle = pair(&players, &sw, 3, 5);
    assert_eq!(middle.boards, vec![(3, 1), (4, 2)]);
    let last = pair(&players, &sw, 3, 3);
    assert_eq!(last.boards.len(), 2);
    assert!(last.boards.contains(&(2, 1)) || last.boards.contains(&(1, 2)));
    assert!(last
        .notes
        .iter()
        .any(|n| n.contains("one of the last 1 round(s): the colour limits are relaxed")));
    sw.colour_limits.relax_last_rounds = 0;
    assert_eq!(pair(&players, &sw, 3, 3).boards, vec![(3, 1), (4, 2)]);
}

/// A colour limit never stops a round: when every pairing without a repeat breaks one (here
/// the only one left, 1 v 2 and 3 v 4), the round is paired with the limits relaxed and a note
/// says so, in a middle round and with `relax_last_rounds 0` alike. Only a repeat opponent (or
/// units kept apart, relaxed the same way) is left to stop a CXA round (R016).
#[test]
fn no_round_stops_on_a_colour_limit_alone() {
    use SwissResult::*;
    let players = vec![
        player(1, vec![red(3, Win), red(4, Win)]),
        player(2, vec![red(4, Win), red(3, Win)]),
        player(3, vec![black(1, Loss), black(2, Loss)]),
        player(4, vec![black(2, Loss), black(1, Loss)]),
    ];
    let mut sw = later_round_params();
    sw.colour_limits.relax_last_rounds = 0;
    for total in [3, 5] {
        let r = pair(&players, &sw, 3, total);
        assert_eq!(r.boards.len(), 2, "{r:?}");
        assert!(
            r.notes
                .iter()
                .any(|n| n.contains("no pairing keeps every colour limit; limits relaxed")),
            "{r:?}"
        );
    }
}
