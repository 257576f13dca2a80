//! Playing one game (recorded, else simulated; forfeits, fouls, withdrawals) and one match
//! (regular games, then the playoff chain until a step decides).

use super::outcome::{GameOut, GameSource, Withdrawn};
use super::problem::{codes, RuntimeProblem};
use super::results::{key, GameKey, GameResult, RecordedGame, RestRule};
use super::tiebreak::{Competitor, Record, RecordKind, Table};
use super::transcript::EntryKind;
use super::Ctx;
use crate::plan::{
    ColourRule, Origin, PlayoffChain, PlayoffStepKind, Scoring, Side, TiebreakChain,
};
use std::collections::BTreeMap;

/// Where a game is played: stage index and name, round, board, group, playoff step, game number.
pub(crate) struct GameAt<'s> {
    pub stage_ix: usize,
    pub stage: &'s str,
    pub round: u32,
    pub board: u32,
    pub group: Option<&'s str>,
    pub step: Option<&'s str>,
    /// Another label a recorded result may use for this step (`armageddon` for an armageddon
    /// step whose time control has another name).
    pub alias: Option<&'s str>,
    pub game_no: u32,
}

/// A played game.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Played {
    pub red: usize,
    pub result: GameResult,
}

impl Played {
    /// Records for Red and Black, with opponents given as table positions.
    pub fn records(
        &self,
        round: u32,
        red_pos: usize,
        black_pos: usize,
        scoring: &Scoring,
    ) -> (Record, Record) {
        let (rk, bk, rp, bp) = match self.result {
            GameResult::RedWins => (RecordKind::Win, RecordKind::Loss, scoring.win, scoring.loss),
            GameResult::BlackWins => (RecordKind::Loss, RecordKind::Win, scoring.loss, scoring.win),
            GameResult::Draw => (
                RecordKind::Draw,
                RecordKind::Draw,
                scoring.draw,
                scoring.draw,
            ),
            GameResult::RedWinsForfeit => (
                RecordKind::ForfeitWin,
                RecordKind::ForfeitLoss,
                scoring.forfeit_win,
                scoring.forfeit_loss,
            ),
            GameResult::BlackWinsForfeit => (
                RecordKind::ForfeitLoss,
                RecordKind::ForfeitWin,
                scoring.forfeit_loss,
                scoring.forfeit_win,
            ),
            GameResult::DoubleForfeit => (
                RecordKind::DoubleForfeit,
                RecordKind::DoubleForfeit,
                scoring.forfeit_loss,
                scoring.forfeit_loss,
            ),
        };
        let over_board = !self.result.is_forfeit();
        (
            Record {
                round,
                opponent: Some(black_pos),
                side: over_board.then_some(Side::Red),
                kind: rk,
                points: rp,
            },
            Record {
                round,
                opponent: Some(red_pos),
                side: over_board.then_some(Side::Black),
                kind: bk,
                points: bp,
            },
        )
    }

    /// Points of (red, black).
    pub fn points(&self, scoring: &Scoring) -> (i64, i64) {
        let (r, b) = self.records(0, 0, 0, scoring);
        (r.points, b.points)
    }
}

impl Ctx<'_> {
    /// Is `p` out of the event at this point (withdrawn, or a recorded withdrawal passed)?
    pub(crate) fn is_withdrawn(
        &mut self,
        p: usize,
        stage_ix: usize,
        stage: &str,
        round: u32,
    ) -> bool {
        if self.withdrawn.get(p).is_some_and(Option::is_some) {
            return true;
        }
        if let Some(&(s, after)) = self.withdraw_plan.get(&p) {
            if stage_ix > s || (stage_ix == s && round > after) {
                let stage_name = self
                    .plan
                    .stages
                    .get(s)
                    .map(|x| x.name.clone())
                    .unwrap_or_else(|| stage.to_string());
                let text = format!("{} withdraws after {stage_name} round {after}", self.id(p));
                if let Some(w) = self.withdrawn.get_mut(p) {
                    *w = Some(Withdrawn {
                        id: self
                            .roster
                            .players
                            .get(p)
                            .map(|x| x.id.clone())
                            .unwrap_or_default(),
                        stage: stage_name,
                        after_round: after,
                        reason: "recorded withdrawal".to_string(),
                    });
                }
                let origin = self
                    .results
                    .withdrawals
                    .iter()
                    .find(|w| {
                        Some(w.player.as_str()) == self.roster.players.get(p).map(|x| x.id.as_str())
                    })
                    .map(|w| w.origin.clone())
                    .unwrap_or_else(|| self.plan.conduct.origin.clone());
                self.transcript.push(EntryKind::Withdrawal, text, &origin);
                return true;
            }
        }
        false
    }

    /// The key of an unconsumed recorded result for this game (under the step's own label or its
    /// alias), if there is one.
    fn record_key(&self, at: &GameAt<'_>, a: usize, b: usize) -> Option<GameKey> {
        // Most simulations record nothing: skip building the key.
        if self.book.is_empty() {
            return None;
        }
        let k = key(
            at.stage,
            at.round,
            self.id(a),
            self.id(b),
            at.step,
            at.game_no,
        );
        if self.book.peek(&k).is_some() {
            return Some(k);
        }
        let k = key(
            at.stage,
            at.round,
            self.id(a),
            self.id(b),
            Some(at.alias?),
            at.game_no,
        );
        self.book.peek(&k).map(|_| k)
    }

    /// (red, black) as a recorded result of this game gives them. A game whose colours are drawn
    /// by lot takes them from its record: the record is the hall's lot.
    pub(crate) fn recorded_sides(
        &self,
        at: &GameAt<'_>,
        a: usize,
        b: usize,
    ) -> Option<(usize, usize)> {
        let published = || {
            self.results.colours.iter().find(|c| {
                c.stage == at.stage
                    && c.round == at.round
                    && c.game == at.game_no
                    && (c.step.as_deref() == at.step
                        || (c.step.is_some() && c.step.as_deref() == at.alias))
                    && ((c.red == self.id(a) && c.black == self.id(b))
                        || (c.red == self.id(b) && c.black == self.id(a)))
            })
        };
        let red = match self.record_key(at, a, b) {
            Some(k) => &self.results.games.get(self.book.peek(&k)?)?.red,
            None => &published()?.red,
        };
        if *red == self.id(a) {
            Some((a, b))
        } else if *red == self.id(b) {
            Some((b, a))
        } else {
            None
        }
    }

    /// Play one game: a recorded result if there is one, else the rest rule or the model.
    pub(crate) fn play_game(
        &mut self,
        at: &GameAt<'_>,
        red: usize,
        black: usize,
        out: &mut Vec<GameOut>,
    ) -> Played {
        let red_out = self.is_withdrawn(red, at.stage_ix, at.stage, at.round);
        let black_out = self.is_withdrawn(black, at.stage_ix, at.stage, at.round);
        let recorded = self
            .record_key(at, red, black)
            .and_then(|k| self.book.take(&k));
        if red_out || black_out {
            if let Some(g) = recorded.and_then(|i| self.results.games.get(i)) {
                self.void_recorded(g, if red_out { red } else { black }, at);
            }
        }
        let (mut result, mut red_fouls, mut black_fouls, source) = if red_out || black_out {
            let r = match (red_out, black_out) {
                (true, true) => GameResult::DoubleForfeit,
                (true, false) => GameResult::BlackWinsForfeit,
                _ => GameResult::RedWinsForfeit,
            };
            (r, 0, 0, GameSource::Withdrawal)
        } else if let Some(g) = recorded.and_then(|i| self.results.games.get(i)) {
            // Attributed by name: a record written the other way round is flipped.
            if g.red == self.id(red) {
                (g.result, g.red_fouls, g.black_fouls, GameSource::Recorded)
            } else {
                (
                    g.result.flipped(),
                    g.black_fouls,
                    g.red_fouls,
                    GameSource::Recorded,
                )
            }
        } else {
            let rating = |p: usize| {
                self.roster
                    .players
                    .get(p)
                    .and_then(|x| x.rating)
                    .unwrap_or(self.options.model.default_rating)
            };
            let (rr, br) = (rating(red), rating(black));
            match self.results.rest {
                RestRule::Simulate => {
                    let s = self.options.model.simulate(&mut self.sim, rr, br);
                    (s.result, s.red_fouls, s.black_fouls, GameSource::Simulated)
                }
                RestRule::Draws => (GameResult::Draw, 0, 0, GameSource::Rest),
                RestRule::RedWins => (GameResult::RedWins, 0, 0, GameSource::Rest),
                RestRule::BlackWins => (GameResult::BlackWins, 0, 0, GameSource::Rest),
                RestRule::Rating => (
                    match rr.cmp(&br) {
                        std::cmp::Ordering::Greater => GameResult::RedWins,
                        std::cmp::Ordering::Less => GameResult::BlackWins,
                        std::cmp::Ordering::Equal => GameResult::Draw,
                    },
                    0,
                    0,
                    GameSource::Rest,
                ),
                RestRule::Pending => {
                    // Scores as a double forfeit (no points in any scoring the plans use) so that
                    // standings so far count only played games; it counts towards no withdrawal.
                    self.pending += 1;
                    (GameResult::DoubleForfeit, 0, 0, GameSource::Pending)
                }
            }
        };
        if result.is_forfeit() {
            red_fouls = 0;
            black_fouls = 0;
        }
        // The foul limit turns a simulated game into a loss; a recorded result is already the
        // arbiter's decision.
        if source == GameSource::Simulated {
            if let Some(limit) = self.plan.conduct.fouls_per_game_loss.filter(|&l| l > 0) {
                let (rl, bl) = (red_fouls >= limit, black_fouls >= limit);
                if rl != bl {
                    let loser = if rl { red } else { black };
                    result = if rl {
                        GameResult::BlackWins
                    } else {
                        GameResult::RedWins
                    };
                    let text = format!(
                        "{} round {}: {} commits {limit} fouls in one game and loses it",
                        at.stage,
                        at.round,
                        self.id(loser)
                    );
                    self.transcript
                        .push(EntryKind::Fouls, text, &self.plan.conduct.origin.clone());
                }
            }
        }
        if let Some(f) = self.fouls.get_mut(red) {
            *f = f.saturating_add(red_fouls);
        }
        if let Some(f) = self.fouls.get_mut(black) {
            *f = f.saturating_add(black_fouls);
        }
        self.games += 1;
        // Forfeits by a player still in the event count towards withdrawal.
        if !(red_out || black_out || source == GameSource::Pending) {
            let forfeiters: &[usize] = match result {
                GameResult::RedWinsForfeit => &[black],
                GameResult::BlackWinsForfeit => &[red],
                GameResult::DoubleForfeit => &[red, black],
                _ => &[],
            };
            for &p in forfeiters {
                self.count_forfeit(p, at);
            }
        }
        out.push(GameOut {
            round: at.round,
            board: at.board,
            group: at.group.map(str::to_string),
            red: self.id(red).to_string(),
            black: self.id(black).to_string(),
            result: result.notation(),
            source,
            step: at.step.map(str::to_string),
            red_fouls,
            black_fouls,
        });
        Played { red, result }
    }

    /// A recorded result for a game that a withdrawal voids: a problem naming both, never a
    /// silent forfeit in its place.
    fn void_recorded(&mut self, g: &RecordedGame, out: usize, at: &GameAt<'_>) {
        let who = self.id(out).to_string();
        let (withdrawal, withdrawal_zh) = self
            .withdrawn
            .get(out)
            .and_then(Option::as_ref)
            .map_or_else(
                || ("withdrew".to_string(), "已退赛".to_string()),
                |w| {
                    (
                        format!(
                            "withdrew after {} round {} ({})",
                            w.stage, w.after_round, w.reason
                        ),
                        format!(
                            "在 {} 第 {} 轮后退赛（{}）",
                            w.stage, w.after_round, w.reason
                        ),
                    )
                },
            );
        self.problems.push(RuntimeProblem::new(
            codes::RESULT_VOIDED_BY_WITHDRAWAL,
            format!(
                "the result {} {} {} of {} round {} is recorded, but {who} {withdrawal}: the game is void",
                g.red,
                g.result.notation(),
                g.black,
                at.stage,
                at.round
            ),
            &g.origin,
        ).zh(format!("{} 第 {} 轮记录了 {} {} {} 的成绩，但 {who} {withdrawal_zh}：该局作废", at.stage, at.round, g.red, g.result.notation(), g.black)));
    }

    fn count_forfeit(&mut self, p: usize, at: &GameAt<'_>) {
        let Some(n) = self.forfeits.get_mut(p) else {
            return;
        };
        *n += 1;
        let count = *n;
        let origin = self.plan.conduct.origin.clone();
        self.transcript.push(
            EntryKind::Forfeit,
            format!(
                "{} round {}: {} forfeits (forfeit {count})",
                at.stage,
                at.round,
                self.id(p)
            ),
            &origin,
        );
        if let Some(limit) = self.plan.conduct.withdraw_after_forfeits {
            if count >= limit && self.withdrawn.get(p).is_some_and(Option::is_none) {
                let id = self.id(p).to_string();
                self.transcript.push(
                    EntryKind::Withdrawal,
                    format!("{id} is withdrawn after {count} forfeits: not paired any more; later games are forfeited"),
                    &origin,
                );
                if let Some(w) = self.withdrawn.get_mut(p) {
                    *w = Some(Withdrawn {
                        id,
                        stage: at.stage.to_string(),
                        after_round: at.round,
                        reason: format!("{count} forfeits"),
                    });
                }
            }
        }
    }

    fn colours_by_lot(
        &mut self,
        a: usize,
        b: usize,
        what: &str,
        origin: &Origin,
    ) -> (usize, usize) {
        let (red, black) = if self.lots.below(2) == 0 {
            (a, b)
        } else {
            (b, a)
        };
        let text = format!(
            "{what}: colours by lot: {} has Red, {} Black",
            self.id(red),
            self.id(black)
        );
        self.transcript.push(EntryKind::Colours, text, origin);
        (red, black)
    }

    /// `black_chooses`: the winner of a lot chooses colours; the simulated choice is `favoured`
    /// (the side with draw odds in an armageddon, Red otherwise).
    fn colours_chosen(
        &mut self,
        a: usize,
        b: usize,
        favoured: Side,
        what: &str,
        origin: &Origin,
    ) -> (usize, usize) {
        let (chooser, other) = if self.lots.below(2) == 0 {
            (a, b)
        } else {
            (b, a)
        };
        let (red, black) = match favoured {
            Side::Red => (chooser, other),
            Side::Black => (other, chooser),
        };
        let text = format!(
            "{what}: {} wins the lot for the choice of colours and takes {} ({}): {} has Red, {} Black",
            self.id(chooser),
            if favoured == Side::Black { "Black" } else { "Red" },
            if favoured == Side::Red {
                "the first move"
            } else {
                "the draw odds"
            },
            self.id(red),
            self.id(black)
        );
        self.transcript.push(EntryKind::Colours, text, origin);
        (red, black)
    }

    /// Colours of the game `at` between `a` and `b` (a listed first) under `rule`, `prev` being
    /// the sides of the match's previous game; `favoured` is the side a player who chooses
    /// takes (`black_chooses`).
    #[allow(clippy::too_many_arguments)]
    fn colours(
        &mut self,
        rule: ColourRule,
        favoured: Side,
        a: usize,
        b: usize,
        prev: Option<(usize, usize)>,
        at: &GameAt<'_>,
        what: &str,
        origin: &Origin,
    ) -> (usize, usize) {
        match (rule, prev) {
            (ColourRule::Swap, Some((r, bl))) => (bl, r),
            (ColourRule::Keep, Some(p)) => p,
            (ColourRule::Lot | ColourRule::Redraw | ColourRule::BlackChooses, _) => {
                if let Some((red, black)) = self.recorded_sides(at, a, b) {
                    // The record is the hall's lot, and it takes the lot's place in the stream:
                    // recording a result never shifts a later lot (the live driver publishes a
                    // round's colours before its results and replays them afterwards).
                    let _ = self.lots.below(2);
                    let text = format!(
                        "{what}: colours as recorded (the hall's lot): {} has Red, {} Black",
                        self.id(red),
                        self.id(black)
                    );
                    self.transcript.push(EntryKind::Colours, text, origin);
                    return (red, black);
                }
                if rule == ColourRule::BlackChooses {
                    return self.colours_chosen(a, b, favoured, what, origin);
                }
                self.colours_by_lot(a, b, what, origin)
            }
            (ColourRule::FirstListedRed | ColourRule::Swap | ColourRule::Keep, _) => (a, b),
        }
    }
}

/// How a match ended.
pub(crate) struct MatchResult {
    pub winner: usize,
    pub loser: usize,
    pub score: (i64, i64),
    pub decided_by: String,
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
            at.stage,
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
        let what = format!(
            "{} {} ({} v {})",
            at.stage,
            spec.label,
            self.id(a),
            self.id(b)
        );
        let mut prev: Option<(usize, usize)> = None;
        let mut score = (0i64, 0i64);
        let mut regular: Vec<Played> = Vec::new();
        let pending_at_start = self.pending;
        for g in 1..=spec.games.max(1) {
            let game_at = GameAt {
                step: None,
                game_no: g,
                ..*at
            };
            let (red, black) = if let (1, Some(first)) = (g, spec.first) {
                first
            } else if g == 1 {
                self.colours(
                    spec.colours,
                    Side::Red,
                    a,
                    b,
                    None,
                    &game_at,
                    &what,
                    spec.colours_origin,
                )
            } else {
                self.colours(
                    ColourRule::Swap,
                    Side::Red,
                    a,
                    b,
                    prev,
                    &game_at,
                    &what,
                    spec.colours_origin,
                )
            };
            let played = self.play_game(&game_at, red, black, out);
            let (rp, bp) = played.points(spec.scoring);
            if played.red == a {
                score.0 += rp;
                score.1 += bp;
            } else {
                score.0 += bp;
                score.1 += rp;
            }
            regular.push(played);
            prev = Some((red, black));
        }
        let decided = |winner: usize, by: &str| MatchResult {
            winner,
            loser: if winner == a { b } else { a },
            score,
            decided_by: by.to_string(),
        };
        // A match waiting for a result goes no further: its playoff (and any lot) waits too.
        if self.pending > pending_at_start {
            return decided(a, "pending");
        }
        if score.0 != score.1 {
            let all_forfeit = regular.iter().all(|p| p.result.is_forfeit());
            let winner = if score.0 > score.1 { a } else { b };
            return decided(winner, if all_forfeit { "forfeit" } else { "games" });
        }
        let mut log = vec![format!(
            "{what}: level {}–{} after the regular game(s)",
            score.0, score.1
        )];
        let mut seen: BTreeMap<String, u32> = BTreeMap::new();
        let steps = spec.playoff.map(|c| c.steps.as_slice()).unwrap_or(&[]);
        for step in steps {
            match &step.kind {
                PlayoffStepKind::Game {
                    time,
                    colours,
                    games,
                } => {
                    let mut pts = (0i64, 0i64);
                    for k in 0..(*games).max(1) {
                        let rule = if k == 0 { *colours } else { ColourRule::Swap };
                        let n = seen.entry(time.clone()).or_insert(0);
                        *n += 1;
                        let game_at = GameAt {
                            step: Some(time),
                            game_no: *n,
                            ..*at
                        };
                        let (red, black) = self.colours(
                            rule,
                            Side::Red,
                            a,
                            b,
                            prev,
                            &game_at,
                            &what,
                            &step.origin,
                        );
                        let played = self.play_game(&game_at, red, black, out);
                        let (rp, bp) = played.points(spec.scoring);
                        if played.red == a {
                            pts.0 += rp;
                            pts.1 += bp;
                        } else {
                            pts.0 += bp;
                            pts.1 += rp;
                        }
                        log.push(format!(
                            "{time}: {} – {} {}",
                            self.id(red),
                            self.id(black),
                            played.result.notation()
                        ));
                        prev = Some((red, black));
                    }
                    if self.pending > pending_at_start {
                        return decided(a, "pending");
                    }
                    if pts.0 != pts.1 {
                        let winner = if pts.0 > pts.1 { a } else { b };
                        return self.close_playoff(
                            log,
                            winner,
                            time,
                            &step.origin,
                            decided(winner, time),
                        );
                    }
                }
                PlayoffStepKind::Armageddon {
                    time,
                    colours,
                    draw_goes_to,
                } => {
                    let n = seen.entry(time.clone()).or_insert(0);
                    *n += 1;
                    let game_at = GameAt {
                        step: Some(time),
                        alias: Some("armageddon"),
                        game_no: *n,
                        ..*at
                    };
                    let (red, black) = self.colours(
                        *colours,
                        *draw_goes_to,
                        a,
                        b,
                        prev,
                        &game_at,
                        &what,
                        &step.origin,
                    );
                    let played = self.play_game(&game_at, red, black, out);
                    if self.pending > pending_at_start {
                        return decided(a, "pending");
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
                    log.push(format!(
                        "{time}: {} – {} {}{note}",
                        self.id(red),
                        self.id(black),
                        played.result.notation()
                    ));
                    return self.close_playoff(
                        log,
                        winner,
                        time,
                        &step.origin,
                        decided(winner, time),
                    );
                }
                PlayoffStepKind::Lots => {
                    let winner = if self.lots.below(2) == 0 { a } else { b };
                    log.push(format!("lots: {} wins the lot", self.id(winner)));
                    self.stats.lots_in_matches += 1;
                    return self.close_playoff(
                        log,
                        winner,
                        "lots",
                        &step.origin,
                        decided(winner, "lots"),
                    );
                }
                PlayoffStepKind::Tiebreak { chain } => {
                    if let Some(winner) = tiebreak_in_match(&regular, a, b, chain, spec.scoring) {
                        log.push(format!(
                            "tie-break on the match's games: {} ahead",
                            self.id(winner)
                        ));
                        return self.close_playoff(
                            log,
                            winner,
                            "tiebreak",
                            &step.origin,
                            decided(winner, "tiebreak"),
                        );
                    }
                    log.push("tie-break on the match's games: still level".to_string());
                }
            }
        }
        let origin = Origin::default_rule(if steps.is_empty() {
            "default: a level match without a playoff chain is decided by lot"
        } else {
            "default: a playoff chain that ends level is decided by lot"
        });
        let winner = if self.lots.below(2) == 0 { a } else { b };
        log.push(format!("lots: {} wins the lot", self.id(winner)));
        self.stats.lots_in_matches += 1;
        self.close_playoff(log, winner, "lots", &origin, decided(winner, "lots"))
    }

    fn close_playoff(
        &mut self,
        mut log: Vec<String>,
        winner: usize,
        step: &str,
        origin: &Origin,
        result: MatchResult,
    ) -> MatchResult {
        log.push(format!("{} wins; decided by {step}", self.id(winner)));
        *self
            .stats
            .playoff_steps
            .entry(step.to_string())
            .or_insert(0) += 1;
        self.transcript
            .push(EntryKind::Playoff, log.join("; "), origin);
        result
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
