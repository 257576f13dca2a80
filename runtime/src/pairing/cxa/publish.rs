//! A found pairing made public: each board's colours and the rule that gave them (domain.md
//! 3.5), the published board order (3.8), and the notes that explain floats, relaxed limits
//! and the bye.

use crate::plan::{ColourTie, Side};

use super::search::{difference, Rules, Search};
use super::{had_bye, RoundPairing, SwissPlayer, SwissRound};

/// Colours for a found pairing, board order, and the notes that explain them.
pub(super) fn publish(
    round: &SwissRound<'_>,
    s: &Search<'_>,
    pairs: &[(usize, usize)],
    bye: Option<usize>,
    rules: Rules,
    relaxed_round: bool,
) -> RoundPairing {
    let sw = round.params;
    let mut out = RoundPairing::default();
    if relaxed_round {
        out.notes.push(format!(
            "round {}: one of the last {} round(s): the colour limits are relaxed",
            round.round, sw.colour_limits.relax_last_rounds
        ));
    } else if !rules.colour_limits {
        out.notes.push(format!(
            "round {}: no pairing keeps every colour limit; limits relaxed to complete the round",
            round.round
        ));
    }
    if sw.avoid_same_unit.in_round(round.round) && !rules.units {
        out.notes.push(format!(
            "round {}: players of one unit could not all be kept apart",
            round.round
        ));
    }
    // Notes name players by id, as every other transcript line does (the stage's `numbers:`
    // line maps pairing numbers to ids); the boards themselves stay in pairing numbers.
    let mut boards: Vec<(&SwissPlayer, &SwissPlayer, i64, i64, u32, String)> = Vec::new();
    for &(i, j) in pairs {
        let (a, b) = (s.players[i], s.players[j]);
        let (red_first, why) = allocate(round, s, i, j);
        let (red, black) = if red_first { (a, b) } else { (b, a) };
        if a.points != b.points {
            out.notes.push(format!(
                "round {}: {} ({}) floats down to meet {} ({})",
                round.round,
                a.id,
                points(a.points),
                b.id,
                points(b.points)
            ));
        }
        boards.push((
            red,
            black,
            a.points.max(b.points),
            a.points.min(b.points),
            i as u32,
            why,
        ));
    }
    // Published order (domain.md 3.8): the higher score, then the lower score, then the rank of
    // the pair's higher-ranked player (score, then number): 5.2's round 2 lists 3-5 before 2-4.
    boards.sort_by(|x, y| y.2.cmp(&x.2).then(y.3.cmp(&x.3)).then(x.4.cmp(&y.4)));
    for (k, (red, black, _, _, _, why)) in boards.into_iter().enumerate() {
        out.boards.push((red.number, black.number));
        out.notes.push(format!(
            "round {} board {}: {} v {}: {why}",
            round.round,
            k + 1,
            red.id,
            black.id
        ));
    }
    if let Some(b) = bye {
        let p = s.players[b];
        out.byes.push(p.number);
        out.notes.push(format!(
            "round {}: {} has the bye (lowest score, {}, {})",
            round.round,
            p.id,
            points(p.points),
            if had_bye(p) == 0 {
                "no bye yet"
            } else {
                "fewest byes"
            }
        ));
    }
    out
}

/// `1 point`, `4 points`: a score in the stage's scoring units.
fn points(n: i64) -> String {
    if n == 1 {
        "1 point".into()
    } else {
        format!("{n} points")
    }
}

/// Whether `i` (the higher-ranked of the pair) has Red, and the rule that decided it
/// (domain.md 3.5).
fn allocate(round: &SwissRound<'_>, s: &Search<'_>, i: usize, j: usize) -> (bool, String) {
    let limits = s.rules.colour_limits;
    let (ri, bi) = (s.allowed(i, Side::Red), s.allowed(i, Side::Black));
    let (rj, bj) = (s.allowed(j, Side::Red), s.allowed(j, Side::Black));
    if limits {
        if !bi || !rj {
            return (
                true,
                "colour limit: the other colour would break a limit".into(),
            );
        }
        if !ri || !bj {
            return (
                false,
                "colour limit: the other colour would break a limit".into(),
            );
        }
    }
    // A team Swiss pairs teams: its "Red" is the team listed first in the match, whose boards'
    // colours the stage's `colours by_board` rule then sets (a transcript line of its own).
    let (who, fewer, has_red) = if round.params.boards.is_some() {
        ("team", "listed first fewer times", "is listed first")
    } else {
        ("player", "with fewer reds", "has Red")
    };
    let (di, dj) = (difference(&s.hist[i]), difference(&s.hist[j]));
    if di != dj {
        return (di < dj, format!("the {who} {fewer} {has_red}"));
    }
    let (hi, hj) = (&s.hist[i], &s.hist[j]);
    for (a, b) in hi.iter().rev().zip(hj.iter().rev()) {
        if a != b {
            return (
                *a == Side::Black,
                "alternating from the last round they differed".into(),
            );
        }
    }
    let (ni, nj) = (s.players[i].number, s.players[j].number);
    let smaller_red = |smaller: bool| (ni < nj) == smaller;
    match round.params.colour_tie {
        ColourTie::SumParity => {
            let odd = (ni + nj) % 2 == 1;
            (
                smaller_red(odd),
                format!(
                    "equal histories: number sum {} is {}, the {} number {has_red}",
                    ni + nj,
                    if odd { "odd" } else { "even" },
                    if odd { "smaller" } else { "larger" }
                ),
            )
        }
        ColourTie::RoundParity => {
            let odd = round.round % 2 == 1;
            (
                smaller_red(odd),
                format!(
                    "equal histories: round {} is {}, the {} number {has_red}",
                    round.round,
                    if odd { "odd" } else { "even" },
                    if odd { "smaller" } else { "larger" }
                ),
            )
        }
        ColourTie::Fide => (
            true,
            format!("equal histories: the higher-ranked {who} {has_red}"),
        ),
    }
}
