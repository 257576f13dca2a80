//! Generated Swiss fields of any size, for benchmarks and the legality tests of large pairings
//! (the reference engine cannot be run on tens of thousands of players, so these fields are
//! checked by `legality` instead of being compared).
//!
//! The history is made by a fast stand-in pairer, not by the Dutch engine (pairing 20,000
//! players four times to set up one benchmark would measure the engine four more times): score
//! groups top down, the top half of each against the bottom half, each player taking the first
//! opponent of the other half he has not met and may meet by the absolute colour rules, the
//! unpaired moving down, the lowest unpaired player without a bye taking it. Results are drawn
//! from a seeded generator with the higher-numbered (lower-rated) player the underdog, so score
//! groups, colour preferences, floats and byes look like a real event's. Same arguments, same
//! state.

use super::state::{Colour, Outcome, RoundEntry, Scoring, SwissPlayer, SwissState};

/// A seeded splitmix64 stream: enough for results, identical on every machine.
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in 0..100.
    fn percent(&mut self) -> u64 {
        self.next() % 100
    }
}

/// What the stand-in pairer knows of a player's colours.
#[derive(Default, Clone)]
struct Hist {
    white: u32,
    black: u32,
    last: Option<Colour>,
    run: u32,
}

impl Hist {
    /// The colour an absolute preference demands, if any (imbalance over 1, or two in a row).
    fn absolute(&self) -> Option<Colour> {
        if self.white > self.black + 1 || (self.run >= 2 && self.last == Some(Colour::White)) {
            Some(Colour::Black)
        } else if self.black > self.white + 1 || (self.run >= 2 && self.last == Some(Colour::Black))
        {
            Some(Colour::White)
        } else {
            None
        }
    }

    /// The preferred colour (absolute first, then the lower count, then alternation).
    fn preferred(&self) -> Option<Colour> {
        self.absolute().or(if self.white != self.black {
            Some(if self.white > self.black {
                Colour::Black
            } else {
                Colour::White
            })
        } else {
            self.last.map(Colour::other)
        })
    }

    fn give(&mut self, c: Colour) {
        match c {
            Colour::White => self.white += 1,
            Colour::Black => self.black += 1,
        }
        if self.last == Some(c) {
            self.run += 1;
        } else {
            self.run = 1;
        }
        self.last = Some(c);
    }

    /// The colour after giving `c` stays legal: no difference over 2, no three in a row.
    fn may_take(&self, c: Colour) -> bool {
        let mut h = self.clone();
        h.give(c);
        h.white.abs_diff(h.black) <= 2 && h.run <= 2
    }
}

/// A field of `players` players (1/½/0 scoring) after `played` rounds of `total`, about one in
/// `absent_one_in` players sitting out the next round (0: nobody). The state is the one before
/// round `played + 1`.
pub fn generated_field(
    players: u32,
    played: u32,
    total: u32,
    absent_one_in: u32,
    seed: u64,
) -> SwissState {
    let scoring = Scoring::default();
    let n = players as usize;
    let mut rng = Mix(seed);
    let mut score = vec![0u32; n];
    let mut hist = vec![Hist::default(); n];
    let mut met: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut had_bye = vec![false; n];
    let mut rounds: Vec<Vec<RoundEntry>> = vec![Vec::new(); n];
    for _ in 0..played {
        let pairs = stand_in_round(&score, &hist, &met, &had_bye);
        let mut paired = vec![false; n];
        for &(a, b) in &pairs {
            paired[a] = true;
            paired[b] = true;
            let (w, bl) = colours(&hist, a, b);
            hist[w].give(Colour::White);
            hist[bl].give(Colour::Black);
            met[a].push(b);
            met[b].push(a);
            // The lower number (higher rating) wins 45 %, draws 20 %, loses 35 %.
            let (hi, lo) = if a < b { (a, b) } else { (b, a) };
            let roll = rng.percent();
            let (ho, lo_o) = if roll < 45 {
                (Outcome::Win, Outcome::Loss)
            } else if roll < 65 {
                (Outcome::Draw, Outcome::Draw)
            } else {
                (Outcome::Loss, Outcome::Win)
            };
            for (me, other, o) in [(hi, lo, ho), (lo, hi, lo_o)] {
                let points = match o {
                    Outcome::Win => scoring.win,
                    Outcome::Draw => scoring.draw,
                    Outcome::Loss => scoring.loss,
                };
                score[me] += points;
                rounds[me].push(RoundEntry {
                    opponent: Some(other as u32 + 1),
                    colour: Some(if me == w {
                        Colour::White
                    } else {
                        Colour::Black
                    }),
                    played: true,
                    paired: true,
                    pab: false,
                    outcome: o,
                    points,
                });
            }
        }
        for i in 0..n {
            if !paired[i] {
                had_bye[i] = true;
                score[i] += scoring.pab;
                rounds[i].push(RoundEntry::pairing_bye(Outcome::Win, scoring.pab));
            }
        }
    }
    let players = (0..n)
        .map(|i| SwissPlayer {
            id: i as u32 + 1,
            score: score[i],
            rounds: std::mem::take(&mut rounds[i]),
            absent: absent_one_in > 0 && rng.next().is_multiple_of(u64::from(absent_one_in)),
        })
        .collect();
    SwissState {
        players,
        rounds_total: total,
        round: played + 1,
        scoring,
        initial_colour: Colour::White,
        virtual_points: Default::default(),
        forbidden: Vec::new(),
    }
}

/// White and Black for the pair (a, b): the absolute preference first, then the stronger
/// preference, then the lower number's.
fn colours(hist: &[Hist], a: usize, b: usize) -> (usize, usize) {
    let (hi, lo) = if a < b { (a, b) } else { (b, a) };
    let want = hist[hi]
        .absolute()
        .or(hist[lo].absolute().map(Colour::other))
        .or(hist[hi].preferred())
        .or(hist[lo].preferred().map(Colour::other))
        .unwrap_or(if hi % 2 == 0 {
            Colour::White
        } else {
            Colour::Black
        });
    if want == Colour::White {
        (hi, lo)
    } else {
        (lo, hi)
    }
}

fn may_meet(hist: &[Hist], met: &[Vec<usize>], a: usize, b: usize) -> bool {
    if met[a].contains(&b) {
        return false;
    }
    let (w, bl) = colours(hist, a, b);
    hist[w].may_take(Colour::White) && hist[bl].may_take(Colour::Black)
}

/// One stand-in round: pairs of player indices; the one player left out (odd fields) has the
/// bye.
fn stand_in_round(
    score: &[u32],
    hist: &[Hist],
    met: &[Vec<usize>],
    had_bye: &[bool],
) -> Vec<(usize, usize)> {
    let n = score.len();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| score[b].cmp(&score[a]).then(a.cmp(&b)));
    let mut pairs = Vec::new();
    let mut carried: Vec<usize> = Vec::new();
    let mut i = 0;
    while i < n {
        let mut j = i;
        while j < n && score[order[j]] == score[order[i]] {
            j += 1;
        }
        let mut group = std::mem::take(&mut carried);
        group.extend_from_slice(&order[i..j]);
        let last = j == n;
        if last && group.len() % 2 == 1 {
            // The bye: the lowest player without one sits out.
            if let Some(pos) = group.iter().rposition(|&p| !had_bye[p]) {
                group.remove(pos);
            }
        }
        let half = group.len() / 2;
        let mut used = vec![false; group.len()];
        for s1 in 0..group.len() {
            if used[s1] {
                continue;
            }
            let start = if s1 < half { half } else { s1 + 1 };
            let pick = (start..group.len())
                .chain(s1 + 1..start)
                .find(|&k| !used[k] && k != s1 && may_meet(hist, met, group[s1], group[k]));
            if let Some(k) = pick {
                used[s1] = true;
                used[k] = true;
                pairs.push((group[s1], group[k]));
            }
        }
        carried = (0..group.len())
            .filter(|&k| !used[k])
            .map(|k| group[k])
            .collect();
        i = j;
    }
    // Left over at the bottom: paired without the colour rules (never a rematch); a field of
    // thousands leaves nobody here.
    while let Some(a) = carried.pop() {
        let legal = carried.iter().position(|&b| may_meet(hist, met, a, b));
        if let Some(k) = legal.or_else(|| carried.iter().position(|&b| !met[a].contains(&b))) {
            pairs.push((a, carried.remove(k)));
        }
    }
    pairs
}
