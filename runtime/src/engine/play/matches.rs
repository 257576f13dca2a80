//! Playing one match: the regular games, then the playoff chain until a step decides.

use super::*;
use crate::engine::MatchOut;
use crate::plan::PlayoffStep;

/// How a match ended.
pub(crate) struct MatchResult {
    pub winner: usize,
    pub loser: usize,
    pub score: (i64, i64),
    pub decided_by: String,
    /// A match `pending` after its regular games, level and waiting for a playoff game: that
    /// step's time control (`blitz`). None otherwise.
    pub awaits: Option<String>,
    /// A match `pending` in its regular games with some of them in: how many are in, of how
    /// many. None otherwise.
    pub games_in: Option<(u32, u32)>,
}

/// A team knockout's match level on board points. Its playoff games are played by the teams'
/// first boards `firsts` (一台加赛); `earlier_game` reads the boards in order (`board_winners`:
/// each board's winner's first board, None when drawn: 第一台胜负, then board two, ...);
/// `black` reads board one's colours `board_one` (red, black) until a playoff game is played.
pub(crate) struct LevelTeamMatch<'w> {
    /// The two teams, each by the player who stands for it (the first listed first).
    pub teams: (usize, usize),
    pub firsts: (usize, usize),
    pub board_one: (usize, usize),
    pub board_winners: &'w [Option<usize>],
    /// Board points (the first team's, the second's).
    pub score: (i64, i64),
}

/// A match between `a` and `b` (a listed first).
pub(crate) struct MatchSpec<'s> {
    pub games: u32,
    pub colours: ColourRule,
    pub colours_origin: &'s Origin,
    pub playoff: Option<&'s PlayoffChain>,
    pub scoring: &'s Scoring,
    pub label: &'s str,
    /// The first game's colours, drawn with the round's other matches before any is played
    /// ([`Ctx::first_colours`]); None: drawn when the match starts.
    pub first: Option<(usize, usize)>,
}

impl Ctx<'_> {
    /// The outcome's line for match `label` of `round` between `a` and `b`, which ended as `m`.
    pub(crate) fn match_out(
        &self,
        round: u32,
        label: String,
        a: usize,
        b: usize,
        m: &MatchResult,
    ) -> MatchOut {
        MatchOut {
            round,
            label,
            number: None,
            a: self.id(a).to_string(),
            b: self.id(b).to_string(),
            winner: self.id(m.winner).to_string(),
            loser: self.id(m.loser).to_string(),
            score: m.score,
            decided_by: m.decided_by.clone(),
            awaits: m.awaits.clone(),
            games_in: m.games_in,
            boards: None,
            a_stands_for: None,
            b_stands_for: None,
        }
    }

    /// The colours of a match's first game, drawn as the hall draws them: for every match of the
    /// round before any is played, so that a playoff in one match never moves the lot of the next
    /// (and the live driver can publish a whole round).
    pub(crate) fn first_colours(
        &mut self,
        at: &GameAt<'_>,
        a: usize,
        b: usize,
        spec: &MatchSpec<'_>,
    ) -> (usize, usize) {
        let what = format!(
            "{} {} ({} v {})",
            self.stage_said(at.stage_ix),
            spec.label,
            self.id(a),
            self.id(b)
        );
        self.colours(
            spec.colours,
            Side::Red,
            a,
            b,
            None,
            at,
            &what,
            spec.colours_origin,
        )
    }

    pub(crate) fn play_match(
        &mut self,
        at: &GameAt<'_>,
        a: usize,
        b: usize,
        spec: &MatchSpec<'_>,
        out: &mut Vec<GameOut>,
    ) -> MatchResult {
        let mut m = InMatch {
            a,
            b,
            what: format!(
                "{} {} ({} v {})",
                self.stage_said(at.stage_ix),
                spec.label,
                self.id(a),
                self.id(b)
            ),
            prev: None,
            pending_at_start: self.pending,
            score: (0, 0),
            log: Vec::new(),
            seen: BTreeMap::new(),
            stands_for: None,
        };
        let mut regular: Vec<Played> = Vec::new();
        let mut games_in = 0;
        for g in 1..=spec.games.max(1) {
            let pending_before = self.pending;
            let game_at = GameAt {
                step: None,
                game_no: g,
                ..*at
            };
            let played = match (g, spec.first) {
                (1, Some(first)) => self.play_at(&mut m, &game_at, first, out),
                (1, None) => {
                    let rule = spec.colours;
                    self.play_with(&mut m, &game_at, rule, Side::Red, spec.colours_origin, out)
                        .0
                }
                _ => {
                    let rule = ColourRule::Swap;
                    self.play_with(&mut m, &game_at, rule, Side::Red, spec.colours_origin, out)
                        .0
                }
            };
            m.score = m.add(m.score, &played, spec.scoring);
            regular.push(played);
            games_in += u32::from(self.pending == pending_before);
        }
        // A match waiting for a result goes no further: its playoff (and any lot) waits too.
        if self.pending > m.pending_at_start {
            return MatchResult {
                games_in: (games_in > 0).then_some((games_in, spec.games.max(1))),
                ..m.decided(a, "pending")
            };
        }
        if m.score.0 != m.score.1 {
            let all_forfeit = regular.iter().all(|p| p.result.is_forfeit());
            let winner = if m.score.0 > m.score.1 { a } else { b };
            return m.decided(winner, if all_forfeit { "forfeit" } else { "games" });
        }
        m.log.push(format!(
            "{}: level {}–{} after the regular game(s)",
            m.what, m.score.0, m.score.1
        ));
        let winners: Vec<Option<usize>> = regular.iter().map(|g| m.winner_of(g)).collect();
        self.run_chain(m, at, spec, (&regular, &winners), out)
    }

    /// A team knockout's match level on board points: the stage's playoff chain decides it
    /// ([`LevelTeamMatch`]). The result's winner and loser are first boards.
    pub(crate) fn play_off_team_match(
        &mut self,
        at: &GameAt<'_>,
        level: &LevelTeamMatch<'_>,
        spec: &MatchSpec<'_>,
        out: &mut Vec<GameOut>,
    ) -> MatchResult {
        let (ta, tb) = level.teams;
        let mut m = InMatch {
            a: level.firsts.0,
            b: level.firsts.1,
            what: format!(
                "{} {} ({} v {})",
                self.stage_said(at.stage_ix),
                spec.label,
                self.id(ta),
                self.id(tb)
            ),
            prev: Some(level.board_one),
            pending_at_start: self.pending,
            score: level.score,
            log: Vec::new(),
            seen: BTreeMap::new(),
            stands_for: Some(level.teams),
        };
        m.log.push(format!(
            "{}: level {}–{} on board points",
            m.what, m.score.0, m.score.1
        ));
        self.run_chain(m, at, spec, (&[], level.board_winners), out)
    }

    /// The playoff chain of a level match, step by step until one decides (a lot when none
    /// does). `earlier`: the match's regular games and the winner of each, in order.
    fn run_chain(
        &mut self,
        mut m: InMatch,
        at: &GameAt<'_>,
        spec: &MatchSpec<'_>,
        (regular, winners): (&[Played], &[Option<usize>]),
        out: &mut Vec<GameOut>,
    ) -> MatchResult {
        let steps = spec.playoff.map(|c| c.steps.as_slice()).unwrap_or(&[]);
        for step in steps {
            let earlier = (regular, winners);
            if let Some(result) = self.playoff_step(&mut m, at, step, spec, earlier, out) {
                return result;
            }
        }
        let origin = Origin::default_rule(if steps.is_empty() {
            "default: a level match without a playoff chain is decided by lot"
        } else {
            "default: a playoff chain that ends level is decided by lot"
        });
        self.by_lot(m, &origin)
    }

    /// One step of the playoff chain; the match's result when the step decides it (or a game
    /// of it waits for its result).
    fn playoff_step(
        &mut self,
        m: &mut InMatch,
        at: &GameAt<'_>,
        step: &PlayoffStep,
        spec: &MatchSpec<'_>,
        (regular, winners): (&[Played], &[Option<usize>]),
        out: &mut Vec<GameOut>,
    ) -> Option<MatchResult> {
        match &step.kind {
            PlayoffStepKind::Game {
                time,
                colours,
                games,
            } => {
                let mut pts = (0i64, 0i64);
                for k in 0..(*games).max(1) {
                    let rule = if k == 0 { *colours } else { ColourRule::Swap };
                    let game_at = GameAt {
                        step: Some(time),
                        game_no: m.next_game_of(time),
                        ..*at
                    };
                    let (played, (red, black)) =
                        self.play_with(m, &game_at, rule, Side::Red, &step.origin, out);
                    pts = m.add(pts, &played, spec.scoring);
                    m.log.push(format!(
                        "{time}: {} – {} {}",
                        self.player_id(red),
                        self.player_id(black),
                        played.result.notation()
                    ));
                }
                if self.pending > m.pending_at_start {
                    return Some(m.awaiting(time));
                }
                if pts.0 == pts.1 {
                    return None;
                }
                let winner = if pts.0 > pts.1 { m.a } else { m.b };
                Some(self.close_playoff(m, winner, time, &step.origin))
            }
            PlayoffStepKind::Armageddon {
                time,
                colours,
                draw_goes_to,
            } => {
                let game_at = GameAt {
                    step: Some(time),
                    alias: Some("armageddon"),
                    game_no: m.next_game_of(time),
                    ..*at
                };
                let (played, (red, black)) =
                    self.play_with(m, &game_at, *colours, *draw_goes_to, &step.origin, out);
                if self.pending > m.pending_at_start {
                    return Some(m.awaiting(time));
                }
                let (red, black) = (played.red, if played.red == red { black } else { red });
                let winner = match played.result.winner() {
                    Some(Side::Red) => red,
                    Some(Side::Black) => black,
                    None => match draw_goes_to {
                        Side::Red => red,
                        Side::Black => black,
                    },
                };
                let note = if played.result.winner().is_none() {
                    format!(
                        " (a draw goes to {})",
                        if *draw_goes_to == Side::Black {
                            "Black"
                        } else {
                            "Red"
                        }
                    )
                } else {
                    String::new()
                };
                m.log.push(format!(
                    "{time}: {} – {} {}{note}",
                    self.player_id(red),
                    self.player_id(black),
                    played.result.notation()
                ));
                Some(self.close_playoff(m, winner, time, &step.origin))
            }
            PlayoffStepKind::Lots => Some(self.by_lot(std::mem::take(m), &step.origin)),
            PlayoffStepKind::EarlierGame => self.by_earlier_game(m, winners, &step.origin),
            PlayoffStepKind::Black => {
                let (_, black) = m.prev?;
                m.log.push(format!(
                    "black: {} had Black in the match's last game",
                    self.id(m.who(black))
                ));
                Some(self.close_playoff(m, black, "black", &step.origin))
            }
            PlayoffStepKind::Tiebreak { chain } => {
                let Some(winner) = tiebreak_in_match(regular, m.a, m.b, chain, spec.scoring) else {
                    m.log
                        .push("tie-break on the match's games: still level".to_string());
                    return None;
                };
                m.log.push(format!(
                    "tie-break on the match's games: {} ahead",
                    self.id(m.who(winner))
                ));
                Some(self.close_playoff(m, winner, "tiebreak", &step.origin))
            }
        }
    }

    /// A game of the match with colours by `rule` (`draw_side` for an armageddon's choice),
    /// and the colours as drawn (red, black).
    fn play_with(
        &mut self,
        m: &mut InMatch,
        game_at: &GameAt<'_>,
        rule: ColourRule,
        draw_side: Side,
        origin: &Origin,
        out: &mut Vec<GameOut>,
    ) -> (Played, (usize, usize)) {
        let sides = self.colours(rule, draw_side, m.a, m.b, m.prev, game_at, &m.what, origin);
        (self.play_at(m, game_at, sides, out), sides)
    }

    /// A game of the match with the colours already given as (red, black).
    fn play_at(
        &mut self,
        m: &mut InMatch,
        game_at: &GameAt<'_>,
        (red, black): (usize, usize),
        out: &mut Vec<GameOut>,
    ) -> Played {
        let played = self.play_game(game_at, red, black, out);
        m.prev = Some((red, black));
        played
    }

    /// `earlier_game`: the first regular game (in a team match: board) with a winner decides;
    /// None when all were drawn. `winners`: each game's winner, in order.
    fn by_earlier_game(
        &mut self,
        m: &mut InMatch,
        winners: &[Option<usize>],
        origin: &Origin,
    ) -> Option<MatchResult> {
        let what = if m.stands_for.is_some() {
            "board"
        } else {
            "regular game"
        };
        let decided = winners
            .iter()
            .enumerate()
            .find_map(|(k, w)| Some((k + 1, (*w)?)));
        let Some((game, winner)) = decided else {
            m.log.push(format!(
                "earlier_game: none of the {} {what}(s) had a winner; still level",
                winners.len()
            ));
            return None;
        };
        let first = if m.stands_for.is_some() {
            "the first board in board order with a winner"
        } else {
            "the match's first decided game"
        };
        m.log.push(format!(
            "earlier_game: {} won {what} {game}, {first}",
            self.id(m.who(winner))
        ));
        Some(self.close_playoff(m, winner, "earlier_game", origin))
    }

    /// The lot decides the match.
    fn by_lot(&mut self, mut m: InMatch, origin: &Origin) -> MatchResult {
        let (winner, _) = self.lot_order(m.a, m.b);
        m.log
            .push(format!("lots: {} wins the lot", self.id(m.who(winner))));
        self.stats.lots_in_matches += 1;
        self.close_playoff(&mut m, winner, "lots", origin)
    }

    fn close_playoff(
        &mut self,
        m: &mut InMatch,
        winner: usize,
        step: &str,
        origin: &Origin,
    ) -> MatchResult {
        m.log.push(format!(
            "{} wins; decided by {step}",
            self.id(m.who(winner))
        ));
        *self
            .stats
            .playoff_steps
            .entry(step.to_string())
            .or_insert(0) += 1;
        self.transcript
            .push(EntryKind::Playoff, m.log.join("; "), origin);
        m.decided(winner, step)
    }
}

/// A match being played: its two players (a listed first), the colours of its last game,
/// its score after the regular games, the playoff's log and how many games of each time
/// control it has had.
#[derive(Default)]
struct InMatch {
    a: usize,
    b: usize,
    what: String,
    prev: Option<(usize, usize)>,
    /// Results still awaited when the match began: more means one of its games waits.
    pending_at_start: u32,
    score: (i64, i64),
    log: Vec<String>,
    seen: BTreeMap<String, u32>,
    /// In a team match: the two teams (each by the player who stands for it) that `a` and `b`,
    /// their first boards, play for; the log names the teams.
    stands_for: Option<(usize, usize)>,
}

impl InMatch {
    /// Whom a log line names for player `p`: the team `p` plays for in a team match.
    fn who(&self, p: usize) -> usize {
        match self.stands_for {
            Some((ta, _)) if p == self.a => ta,
            Some((_, tb)) if p == self.b => tb,
            _ => p,
        }
    }

    /// The winner of regular game `g` (a or b), None when drawn.
    fn winner_of(&self, g: &Played) -> Option<usize> {
        Some(match g.result.winner()? {
            Side::Red => g.red,
            Side::Black if g.red == self.a => self.b,
            Side::Black => self.a,
        })
    }

    /// `sum` plus `played`'s points, as (a's, b's).
    fn add(&self, sum: (i64, i64), played: &Played, scoring: &Scoring) -> (i64, i64) {
        let (rp, bp) = played.points(scoring);
        if played.red == self.a {
            (sum.0 + rp, sum.1 + bp)
        } else {
            (sum.0 + bp, sum.1 + rp)
        }
    }

    /// The number of the next game at time control `time` in this match's playoff.
    fn next_game_of(&mut self, time: &str) -> u32 {
        let n = self.seen.entry(time.to_string()).or_insert(0);
        *n += 1;
        *n
    }

    fn decided(&self, winner: usize, by: &str) -> MatchResult {
        MatchResult {
            winner,
            loser: if winner == self.a { self.b } else { self.a },
            score: self.score,
            decided_by: by.to_string(),
            awaits: None,
            games_in: None,
        }
    }

    /// The match level after its regular games (boards) and waiting for a game of playoff step
    /// `time`: pending, and what it waits for.
    fn awaiting(&self, time: &str) -> MatchResult {
        MatchResult {
            awaits: Some(time.to_string()),
            ..self.decided(self.a, "pending")
        }
    }
}

/// A playoff step of criteria on the match's own regular games; None if they stay level.
fn tiebreak_in_match(
    games: &[Played],
    a: usize,
    b: usize,
    chain: &TiebreakChain,
    scoring: &Scoring,
) -> Option<usize> {
    let mut comps = vec![Competitor::default(), Competitor::default()];
    for (round, g) in games.iter().enumerate() {
        let (rp, bp) = if g.red == a { (0, 1) } else { (1, 0) };
        let (r, bl) = g.records(round as u32 + 1, rp, bp, scoring);
        if let Some(c) = comps.get_mut(rp) {
            c.records.push(r);
        }
        if let Some(c) = comps.get_mut(bp) {
            c.records.push(bl);
        }
    }
    let table = Table {
        competitors: comps,
        scoring,
        fields: Vec::new(),
    };
    for item in &chain.criteria {
        let (Some(va), Some(vb)) = (
            table.value(0, &item.criterion),
            table.value(1, &item.criterion),
        ) else {
            continue;
        };
        if va != vb {
            let a_better = if va.lower_first {
                va.parts < vb.parts
            } else {
                va.parts > vb.parts
            };
            return Some(if a_better { a } else { b });
        }
    }
    None
}
