//! The CXA Swiss system (积分编排制) as domain.md section 3 reconstructs the 2011 appendix: the
//! first round by the regulation's method (1-2, 4-3, 5-6 ... or upper half v lower half), later
//! rounds score group by score group from the top, each player against the nearest player he may
//! meet (临近相配), players due opposite colours first (异行配对), leftovers floating down into
//! the next group; no repeat opponents; the colour rules (no three of a colour in a row, no colour
//! difference beyond the limit) relaxed only in the last rounds the regulation names; the bye to
//! the lowest-scored player who has not had one. Where a choice had no rule text the parameters
//! of the plan decide (domain.md 10), each with its documented default.
//!
//! The search is a depth-first one over the players in ranking order with the candidates in
//! preference order, so the first complete pairing found is the preferred one; it never
//! dead-ends silently: when no legal pairing exists the failure names the constraint.

use crate::plan::{AvoidWhen, ByeRecipient, ColourTie, Side, Swiss};

use super::first_round::same_unit;

use super::{PairingFailure, RoundPairing, SwissPairer, SwissPlayer, SwissResult, SwissRound};

/// The CXA pairing system.
#[derive(Clone, Copy, Debug, Default)]
pub struct CxaPairer;

/// Search nodes per attempt; real rounds need a few hundred.
const BUDGET: u64 = 200_000;

impl SwissPairer for CxaPairer {
    fn pair(&self, round: &SwissRound<'_>) -> Result<RoundPairing, PairingFailure> {
        let players: Vec<&SwissPlayer> = round.players.iter().filter(|p| p.available).collect();
        if round.round == 1 && players.iter().all(|p| p.history.is_empty()) {
            return super::first_round::first_round(round, &players);
        }
        later_round(round, &players)
    }
}

/// A player's colour history over played games (byes and forfeits have no colour).
fn colours(p: &SwissPlayer) -> Vec<Side> {
    p.history.iter().filter_map(|h| h.colour).collect()
}

/// Reds minus blacks.
fn difference(cs: &[Side]) -> i64 {
    cs.iter()
        .map(|c| if *c == Side::Red { 1 } else { -1 })
        .sum()
}

fn had_bye(p: &SwissPlayer) -> usize {
    p.history
        .iter()
        .filter(|h| h.result == SwissResult::Bye)
        .count()
}

/// What the search may relax, tried in order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Rules {
    colour_limits: bool,
    units: bool,
}

struct Search<'a> {
    players: Vec<&'a SwissPlayer>,
    met: Vec<Vec<bool>>,
    hist: Vec<Vec<Side>>,
    rules: Rules,
    max_consecutive: usize,
    max_difference: i64,
    nodes: u64,
    /// `allowed(i, Red)`, `allowed(i, Black)` and `due(i)` under the current rules, computed
    /// once by `prepare`: the search asks them millions of times when it backtracks.
    may: Vec<[bool; 2]>,
    dues: Vec<Option<Side>>,
}

impl Search<'_> {
    /// The colours `i` may take under the limits.
    fn allowed(&self, i: usize, c: Side) -> bool {
        if !self.rules.colour_limits {
            return true;
        }
        let h = &self.hist[i];
        let run = h.iter().rev().take_while(|x| **x == c).count();
        if run >= self.max_consecutive {
            return false;
        }
        let d = difference(h) + if c == Side::Red { 1 } else { -1 };
        d.abs() <= self.max_difference
    }

    /// Fill the per-player caches for the current rules.
    fn prepare(&mut self) {
        self.may = (0..self.players.len())
            .map(|i| [self.allowed(i, Side::Red), self.allowed(i, Side::Black)])
            .collect();
        self.dues = (0..self.players.len()).map(|i| self.due(i)).collect();
    }

    fn can_meet(&self, i: usize, j: usize) -> bool {
        if self.met[i][j] {
            return false;
        }
        if self.rules.units && same_unit(self.players[i], self.players[j]) {
            return false;
        }
        let ([ri, bi], [rj, bj]) = (self.may[i], self.may[j]);
        (ri && bj) || (bi && rj)
    }

    /// The colour a player is due (要先 / 要后): fewer reds → Red; equal → opposite the last.
    fn due(&self, i: usize) -> Option<Side> {
        let h = &self.hist[i];
        let d = difference(h);
        if d < 0 {
            Some(Side::Red)
        } else if d > 0 {
            Some(Side::Black)
        } else {
            h.last().map(|c| c.other())
        }
    }

    /// Pair `rest` (ranking order); `out` collects pairs of indices.
    fn dfs(&mut self, rest: &mut Vec<usize>, out: &mut Vec<(usize, usize)>) -> Option<bool> {
        self.nodes += 1;
        if self.nodes > BUDGET {
            return None;
        }
        let Some(&p) = rest.first() else {
            return Some(true);
        };
        let due_p = self.dues[p];
        // Candidates: score group by score group downwards from p's own (`rest` is in ranking
        // order, so its groups come in that order); inside a group, those due the opposite
        // colour first (异行), each in ranking order (the nearest first). Built a group at a
        // time: the first group usually holds the partner, and a field of thousands must not
        // rank every player at every step.
        let mut start = 1;
        while start < rest.len() {
            let points = self.players[rest[start]].points;
            let mut end = start;
            while end < rest.len() && self.players[rest[end]].points == points {
                end += 1;
            }
            let mut group: Vec<(bool, usize)> = (start..end)
                .filter(|&k| self.can_meet(p, rest[k]))
                .map(|k| {
                    let same_row = match (due_p, self.dues[rest[k]]) {
                        (Some(a), Some(b)) => a == b,
                        _ => false,
                    };
                    (same_row, k)
                })
                .collect();
            group.sort_unstable();
            for (_, pos_q) in group {
                let q = rest.remove(pos_q);
                rest.remove(0);
                out.push((p, q));
                match self.dfs(rest, out) {
                    Some(true) => return Some(true),
                    None => return None,
                    Some(false) => {}
                }
                out.pop();
                rest.insert(0, p);
                rest.insert(pos_q, q);
            }
            start = end;
        }
        Some(false)
    }
}

fn later_round(
    round: &SwissRound<'_>,
    players: &[&SwissPlayer],
) -> Result<RoundPairing, PairingFailure> {
    let sw: &Swiss = round.params;
    // Ranking: score, then pairing number.
    let mut ranked: Vec<&SwissPlayer> = players.to_vec();
    ranked.sort_by(|a, b| b.points.cmp(&a.points).then(a.number.cmp(&b.number)));
    let n = ranked.len();
    let position: std::collections::BTreeMap<u32, usize> = ranked
        .iter()
        .enumerate()
        .map(|(i, p)| (p.number, i))
        .collect();
    let index_of = |number: u32| position.get(&number).copied();
    let mut met = vec![vec![false; n]; n];
    for (i, p) in ranked.iter().enumerate() {
        for h in &p.history {
            let counts = match h.result {
                SwissResult::Win | SwissResult::Draw | SwissResult::Loss => true,
                SwissResult::ForfeitWin | SwissResult::ForfeitLoss | SwissResult::DoubleForfeit => {
                    sw.forfeit_counts_as_met
                }
                SwissResult::Bye | SwissResult::Absent => false,
            };
            if let (true, Some(j)) = (counts, h.opponent.and_then(index_of)) {
                met[i][j] = true;
                met[j][i] = true;
            }
        }
    }
    let relaxed_round = round.round + sw.colour_limits.relax_last_rounds > round.total_rounds;
    let base = Search {
        hist: ranked.iter().map(|p| colours(p)).collect(),
        players: ranked.clone(),
        met,
        rules: Rules {
            colour_limits: !relaxed_round,
            units: sw.avoid_same_unit == AvoidWhen::Always,
        },
        max_consecutive: sw.colour_limits.max_consecutive.max(1) as usize,
        max_difference: i64::from(sw.colour_limits.max_difference.max(1)),
        nodes: 0,
        may: Vec::new(),
        dues: Vec::new(),
    };

    // Bye candidates, most eligible first: lowest score, never had a bye (or fewest byes), the
    // lowest-ranked first.
    let mut bye_order: Vec<usize> = Vec::new();
    if n % 2 == 1 {
        bye_order = (0..n).collect();
        bye_order.sort_by_key(|&i| {
            let p = ranked[i];
            let byes = had_bye(p);
            match sw.bye.recipient {
                ByeRecipient::LowestNotYet => (byes.min(1), p.points, usize::MAX - i),
                ByeRecipient::LowestFewest => (byes, p.points, usize::MAX - i),
            }
        });
        if sw.bye.recipient == ByeRecipient::LowestNotYet {
            let fresh: Vec<usize> = bye_order
                .iter()
                .copied()
                .filter(|&i| had_bye(ranked[i]) == 0)
                .collect();
            if !fresh.is_empty() {
                bye_order = fresh;
            }
        }
    }
    let bye_options: Vec<Option<usize>> = if n % 2 == 1 {
        bye_order.iter().map(|&i| Some(i)).collect()
    } else {
        vec![None]
    };

    let mut attempts = vec![base.rules];
    if base.rules.colour_limits {
        attempts.push(Rules {
            colour_limits: false,
            ..base.rules
        });
    }
    if base.rules.units {
        attempts.push(Rules {
            colour_limits: false,
            units: false,
        });
    }
    let mut search = base;
    let mut last_failure = String::from("no legal pairing");
    for rules in attempts {
        search.rules = rules;
        search.prepare();
        for bye in &bye_options {
            search.nodes = 0;
            let mut rest: Vec<usize> = (0..n).filter(|&i| Some(i) != *bye).collect();
            let mut pairs = Vec::new();
            match search.dfs(&mut rest, &mut pairs) {
                Some(true) => {
                    return Ok(publish(round, &search, &pairs, *bye, rules, relaxed_round));
                }
                Some(false) => {
                    last_failure = format!(
                        "round {}: no pairing without a repeat opponent{}{} exists{}",
                        round.round,
                        if rules.colour_limits {
                            ", within the colour limits"
                        } else {
                            ""
                        },
                        if rules.units {
                            ", keeping units apart"
                        } else {
                            ""
                        },
                        bye.map(|b| format!(" with the bye to {}", ranked[b].number))
                            .unwrap_or_default()
                    );
                }
                None => {
                    last_failure = format!(
                        "round {}: the pairing search gave up after {BUDGET} steps",
                        round.round
                    );
                }
            }
        }
    }
    Err(PairingFailure {
        message: last_failure,
    })
}

/// Colours for a found pairing, board order, and the notes that explain them.
fn publish(
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
    if sw.avoid_same_unit == AvoidWhen::Always && !rules.units {
        out.notes.push(format!(
            "round {}: players of one unit could not all be kept apart",
            round.round
        ));
    }
    let mut boards: Vec<(u32, u32, i64, i64, u32, String)> = Vec::new();
    for &(i, j) in pairs {
        let (a, b) = (s.players[i], s.players[j]);
        let (red_first, why) = allocate(round, s, i, j);
        let (red, black) = if red_first { (a, b) } else { (b, a) };
        if a.points != b.points {
            out.notes.push(format!(
                "round {}: {} ({} pts) floats down to meet {} ({} pts)",
                round.round, a.number, a.points, b.number, b.points
            ));
        }
        boards.push((
            red.number,
            black.number,
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
        out.boards.push((red, black));
        out.notes.push(format!(
            "round {} board {}: {red} v {black}: {why}",
            round.round,
            k + 1
        ));
    }
    if let Some(b) = bye {
        let p = s.players[b];
        out.byes.push(p.number);
        out.notes.push(format!(
            "round {}: {} has the bye (lowest score, {} pts, {})",
            round.round,
            p.number,
            p.points,
            if had_bye(p) == 0 {
                "no bye yet"
            } else {
                "fewest byes"
            }
        ));
    }
    out
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
    let (di, dj) = (difference(&s.hist[i]), difference(&s.hist[j]));
    if di != dj {
        return (di < dj, "the player with fewer reds has Red".into());
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
                    "equal histories: number sum {} is {}, the {} number has Red",
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
                    "equal histories: round {} is {}, the {} number has Red",
                    round.round,
                    if odd { "odd" } else { "even" },
                    if odd { "smaller" } else { "larger" }
                ),
            )
        }
        ColourTie::Fide => (
            true,
            "equal histories: the higher-ranked player has Red".into(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::SwissRoundEntry;
    use crate::plan::{
        ByeRule, ByeScore, ColourLimits, FirstBoard, FirstRound, FirstRoundColours,
        FirstRoundMethod, Numbers, Origin, Scoring, SwissRounds, SwissSystem,
    };

    fn params(method: FirstRoundMethod, colours: FirstRoundColours) -> Swiss {
        let o = Origin::default_rule("test");
        Swiss {
            system: SwissSystem::Cxa,
            rounds: SwissRounds::Fixed { rounds: 5 },
            numbers: Numbers::Lot { origin: o.clone() },
            first_round: FirstRound {
                method,
                colours,
                first_board: FirstBoard::Upper,
                origin: o.clone(),
            },
            colour_limits: ColourLimits {
                max_consecutive: 2,
                max_difference: 2,
                relax_last_rounds: 1,
                origin: o.clone(),
            },
            colour_tie: ColourTie::RoundParity,
            bye: ByeRule {
                points: 2,
                opponent_score: ByeScore::LowestInField,
                recipient: ByeRecipient::LowestNotYet,
                origin: o.clone(),
            },
            forfeit_counts_as_met: false,
            avoid_same_unit: AvoidWhen::Never,
            split: None,
            late_entry: None,
            origin: o,
        }
    }

    fn player(number: u32, points: i64, history: Vec<SwissRoundEntry>) -> SwissPlayer {
        SwissPlayer {
            number,
            id: format!("p{number}"),
            rating: 2000,
            unit: None,
            points,
            history,
            available: true,
        }
    }

    fn played(opp: u32, colour: Side, result: SwissResult, points: i64) -> SwissRoundEntry {
        SwissRoundEntry {
            opponent: Some(opp),
            colour: Some(colour),
            result,
            points,
        }
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
        let players: Vec<SwissPlayer> = (1..=7).map(|n| player(n, 0, vec![])).collect();
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
        let players: Vec<SwissPlayer> = (1..=8).map(|n| player(n, 0, vec![])).collect();
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
            player(1, 2, vec![played(2, Side::Red, Win, 2)]),
            player(2, 0, vec![played(1, Side::Black, Loss, 0)]),
            player(3, 1, vec![played(4, Side::Black, Draw, 1)]),
            player(4, 1, vec![played(3, Side::Red, Draw, 1)]),
            player(5, 0, vec![played(6, Side::Red, Loss, 0)]),
            player(6, 2, vec![played(5, Side::Black, Win, 2)]),
        ];
        let sw = params(
            FirstRoundMethod::Adjacent,
            FirstRoundColours::FirstListedRed,
        );
        let r = pair(&players, &sw, 2, 3);
        // The worked example's round 2 (domain.md 5.2): 6-1, 3-5, 2-4 — but 3 and 4 drew each
        // other, so the 1-point group cannot pair inside itself: 3 and 4 each meet a 0-point
        // player. Rules: 4 (due Black) v 2 (due Red) gives 2 Red; 3 (due Red) v 5 (due Black).
        assert_eq!(r.boards, vec![(6, 1), (3, 5), (2, 4)]);
        assert!(r
            .notes
            .iter()
            .any(|n| n.contains("3 (1 pts) floats down to meet 5 (0 pts)")));
    }

    /// domain.md 5.2 round 3, worked by hand: after round 2 players 1, 3, 4, 6 have 3 points, 2
    /// and 5 none. In the top group (ranked 1, 3, 4, 6) 1 has met 6; 1 (R B, due Red) takes the
    /// nearest player due the other colour, 3 (B R); colours alternate from the last round they
    /// differed: 1 had Black, so 1-3. Then 4 (R B) v 6 (B R): 4-6; 2 (B R) v 5 (R B): 5-2.
    #[test]
    fn worked_example_round_three() {
        use SwissResult::*;
        let players = vec![
            player(
                1,
                3,
                vec![
                    played(2, Side::Red, Win, 2),
                    played(6, Side::Black, Draw, 1),
                ],
            ),
            player(
                2,
                0,
                vec![
                    played(1, Side::Black, Loss, 0),
                    played(4, Side::Red, Loss, 0),
                ],
            ),
            player(
                3,
                3,
                vec![
                    played(4, Side::Black, Draw, 1),
                    played(5, Side::Red, Win, 2),
                ],
            ),
            player(
                4,
                3,
                vec![
                    played(3, Side::Red, Draw, 1),
                    played(2, Side::Black, Win, 2),
                ],
            ),
            player(
                5,
                0,
                vec![
                    played(6, Side::Red, Loss, 0),
                    played(3, Side::Black, Loss, 0),
                ],
            ),
            player(
                6,
                3,
                vec![
                    played(5, Side::Black, Win, 2),
                    played(1, Side::Red, Draw, 1),
                ],
            ),
        ];
        let sw = params(
            FirstRoundMethod::Adjacent,
            FirstRoundColours::FirstListedRed,
        );
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
            player(
                1,
                4,
                vec![played(5, Side::Red, Win, 2), played(6, Side::Red, Win, 2)],
            ),
            player(
                2,
                4,
                vec![played(6, Side::Red, Win, 2), played(5, Side::Red, Win, 2)],
            ),
            player(
                3,
                4,
                vec![
                    played(7, Side::Black, Win, 2),
                    played(8, Side::Black, Win, 2),
                ],
            ),
            player(
                4,
                4,
                vec![
                    played(8, Side::Black, Win, 2),
                    played(7, Side::Black, Win, 2),
                ],
            ),
        ];
        let sw = params(
            FirstRoundMethod::Adjacent,
            FirstRoundColours::FirstListedRed,
        );
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
            player(1, 2, vec![played(2, Side::Red, Win, 2)]),
            player(2, 0, vec![played(1, Side::Black, Loss, 0)]),
            player(
                3,
                2,
                vec![SwissRoundEntry {
                    opponent: None,
                    colour: None,
                    result: Bye,
                    points: 2,
                }],
            ),
        ];
        let sw = params(
            FirstRoundMethod::Adjacent,
            FirstRoundColours::FirstListedRed,
        );
        let r = pair(&players, &sw, 2, 3);
        assert_eq!(r.byes, vec![2]);
        assert_eq!(r.boards.len(), 1);
    }
}
