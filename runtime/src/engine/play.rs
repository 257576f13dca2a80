//! Playing one game (recorded, else simulated; forfeits, fouls, withdrawals) and one match
//! (regular games, then the playoff chain until a step decides).

use super::outcome::{GameOut, GameSource, Withdrawn};
use super::problem::{codes, RuntimeProblem};
use super::results::{game_key, GameKey, GameResult, RecordedGame, RestRule};
use super::tiebreak::{Competitor, Record, RecordKind, Table};
use super::transcript::EntryKind;
use super::Ctx;
use crate::plan::{
    ColourRule, Origin, PlayoffChain, PlayoffStepKind, Scoring, Side, TiebreakChain,
};
use std::collections::BTreeMap;

mod matches;
mod recorded;
pub(crate) use matches::{LevelTeamMatch, MatchResult, MatchSpec};

/// Where a game is played: stage index and name, round, board, group, playoff step, game number.
pub(crate) struct GameAt<'s> {
    pub stage_ix: usize,
    pub stage: &'s str,
    pub round: u32,
    pub board: u32,
    /// A group of the stage.
    pub group: Option<&'s str>,
    /// In a team stage, the match the board belongs to (`北京 v 上海`).
    pub team_match: Option<&'s str>,
    pub step: Option<&'s str>,
    /// Another label a recorded result may use for this step (`armageddon` for an armageddon
    /// step whose time control has another name).
    pub alias: Option<&'s str>,
    pub game_no: u32,
}

impl<'s> GameAt<'s> {
    /// The one game of a board outside any group, playoff step or match.
    pub fn board(stage_ix: usize, stage: &'s str, round: u32, board: u32) -> Self {
        GameAt {
            stage_ix,
            stage,
            round,
            board,
            group: None,
            team_match: None,
            step: None,
            alias: None,
            game_no: 1,
        }
    }
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
    /// The stage at `ix` as the transcript names it ([`crate::plan::Stage::said`]).
    pub(crate) fn stage_said(&self, ix: usize) -> &str {
        self.plan.stages.get(ix).map_or("", |s| s.said())
    }

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
                let text = format!(
                    "{} withdraws after {} round {after}",
                    self.player_id(p),
                    self.stage_said(s)
                );
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
        let k = game_key(
            at.stage,
            at.round,
            self.player_id(a),
            self.player_id(b),
            at.step,
            at.game_no,
        );
        if self.book.peek(&k).is_some() {
            return Some(k);
        }
        let k = game_key(
            at.stage,
            at.round,
            self.player_id(a),
            self.player_id(b),
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
                    && ((c.red == self.player_id(a) && c.black == self.player_id(b))
                        || (c.red == self.player_id(b) && c.black == self.player_id(a)))
            })
        };
        let red = match self.record_key(at, a, b) {
            Some(k) => &self.results.games.get(self.book.peek(&k)?)?.red,
            None => &published()?.red,
        };
        if *red == self.player_id(a) {
            Some((a, b))
        } else if *red == self.player_id(b) {
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
        // A stand-in's game is nobody's yet: no withdrawal forfeits it, no record is its.
        let live = !self.stand_in;
        let red_out = live && self.is_withdrawn(red, at.stage_ix, at.stage, at.round);
        let black_out = live && self.is_withdrawn(black, at.stage_ix, at.stage, at.round);
        let recorded = self
            .record_key(at, red, black)
            .filter(|_| live)
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
            // A record that contradicts the game is a problem at its row (the run is refused);
            // the game is still scored by name so that the run goes on to find the others.
            self.check_recorded(at, red, black, &g.clone());
            if g.red == self.player_id(red) {
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
            self.unrecorded(red, black)
        };
        if result.is_forfeit() {
            red_fouls = 0;
            black_fouls = 0;
        }
        // The foul limit turns a simulated game into a loss; a recorded result is already the
        // arbiter's decision.
        if source == GameSource::Simulated {
            result = self.foul_limit(at, red, black, (red_fouls, black_fouls), result);
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
        // Every lot the stage drew so far came before this game (the live driver asks).
        self.lots_at_game = self.lots.position();
        out.push(GameOut {
            round: at.round,
            board: at.board,
            group: at.group.map(str::to_string),
            team_match: at.team_match.map(str::to_string),
            red: self.player_id(red).to_string(),
            black: self.player_id(black).to_string(),
            result: result.notation(),
            source,
            step: at.step.map(str::to_string),
            red_fouls,
            black_fouls,
            board_winner: None,
        });
        Played { red, result }
    }

    /// The roster's rating of player `p`, none when not given.
    fn rating_of(&self, p: usize) -> Option<u32> {
        self.roster.players.get(p).and_then(|x| x.rating)
    }

    /// A game without a recorded result: the rest rule says how it ends, or the model plays it.
    fn unrecorded(&mut self, red: usize, black: usize) -> (GameResult, u32, u32, GameSource) {
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
            // No rating is below every rating here (an `Option` orders `None` first), as
            // wherever the regulation orders by rating; the model's default rating is the
            // simulation's guess at an unknown strength, not the scenario's rule.
            RestRule::Rating => (
                match self.rating_of(red).cmp(&self.rating_of(black)) {
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
    }

    /// The conduct's foul limit: one side reaching it (and not the other) loses the game.
    fn foul_limit(
        &mut self,
        at: &GameAt<'_>,
        red: usize,
        black: usize,
        (red_fouls, black_fouls): (u32, u32),
        mut result: GameResult,
    ) -> GameResult {
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
                    self.stage_said(at.stage_ix),
                    at.round,
                    self.player_id(loser)
                );
                self.transcript
                    .push(EntryKind::Fouls, text, &self.plan.conduct.origin.clone());
            }
        }
        result
    }

    /// A recorded result for a game that a withdrawal voids: a problem naming both, never a
    /// silent forfeit in its place.
    fn void_recorded(&mut self, g: &RecordedGame, out: usize, at: &GameAt<'_>) {
        let who = self.player_id(out).to_string();
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
                self.stage_said(at.stage_ix),
                at.round,
                self.player_id(p)
            ),
            &origin,
        );
        if let Some(limit) = self.plan.conduct.withdraw_after_forfeits {
            if count >= limit && self.withdrawn.get(p).is_some_and(Option::is_none) {
                let id = self.player_id(p).to_string();
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

    /// `a` and `b` in the order a lot draws them (one draw of the lot stream).
    fn lot_order(&mut self, a: usize, b: usize) -> (usize, usize) {
        if self.lots.below(2) == 0 {
            (a, b)
        } else {
            (b, a)
        }
    }

    // The colour lines name competitors as the match does (a team by its id in a team
    // knockout), the games their players.
    fn colours_by_lot(
        &mut self,
        a: usize,
        b: usize,
        what: &str,
        origin: &Origin,
    ) -> (usize, usize) {
        let (red, black) = self.lot_order(a, b);
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
        let (chooser, other) = self.lot_order(a, b);
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
