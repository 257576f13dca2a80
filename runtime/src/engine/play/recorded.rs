//! A recorded result against the game the engine has in hand: a row naming the players with the
//! colours the other way round (R070), a board that is not the game's (R071), or a result the
//! conduct's foul limit contradicts (R072) is a problem at the row, never turned round or
//! ignored. Colours a lot decides take the record's instead (`recorded_sides`), so a record
//! reaches the colour check only where the regulation gave the colours (a Swiss pairing, a Berger
//! table, a team match's boards, a playoff game's swap).

use super::*;

impl Ctx<'_> {
    /// The problems of recorded game `g`, played at `at` with `red` and `black` as the engine
    /// gives them.
    pub(super) fn check_recorded(
        &mut self,
        at: &GameAt<'_>,
        red: usize,
        black: usize,
        g: &RecordedGame,
    ) {
        let (r, b) = (
            self.player_id(red).to_string(),
            self.player_id(black).to_string(),
        );
        // The playoff step and the game of a match, where there is one.
        let step = at.step.map(|s| format!(" ({s})")).unwrap_or_default();
        let game = if at.game_no > 1 {
            format!(" game {}", at.game_no)
        } else {
            String::new()
        };
        let round = format!("{} round {}{step}{game}", at.stage, at.round);
        let round_zh = format!("{} 第 {} 轮{step}{game}", at.stage, at.round);
        if g.red != r {
            self.problems.push(
                RuntimeProblem::new(
                    codes::RESULT_COLOURS_CONTRADICT,
                    format!(
                        "{} - {} has the colours the other way round: in {round} board {} {r} has Red and {b} Black; check the score sheet and write the row as paired, the result from Red's side",
                        g.red, g.black, at.board
                    ),
                    &g.origin,
                )
                .zh(format!(
                    "{} - {} 的先后手与编排相反：{round_zh}第 {} 台 {r} 执红、{b} 执黑；请核对记分表，按编排的先后手填写，成绩从红方的角度写",
                    g.red, g.black, at.board
                )),
            );
        }
        if let Some(board) = g.board.filter(|&n| n != at.board) {
            self.problems.push(
                RuntimeProblem::new(
                    codes::RESULT_BOARD_CONTRADICTS,
                    format!(
                        "the row gives board {board}, but {r} - {b} is board {} of {round}; correct the board or leave it empty",
                        at.board
                    ),
                    &g.origin,
                )
                .zh(format!(
                    "该行写第 {board} 台，而 {r} - {b} 是{round_zh}第 {} 台；请更正台次或不填",
                    at.board
                )),
            );
        }
        let limit = self.plan.conduct.fouls_per_game_loss;
        if let Some(side) = g
            .result
            .against_foul_limit(limit, (g.red_fouls, g.black_fouls))
        {
            let (who, n) = match side {
                Side::Red => (&g.red, g.red_fouls),
                Side::Black => (&g.black, g.black_fouls),
            };
            let limit = limit.unwrap_or(0);
            self.problems.push(
                RuntimeProblem::new(
                    codes::RESULT_AGAINST_FOUL_LIMIT,
                    format!(
                        "{who} commits {n} fouls in {round}, and `fouls_per_game {limit} loss` makes that a loss, but the result is {}",
                        g.result.notation()
                    ),
                    &g.origin,
                )
                .zh(format!(
                    "{who} 在{round_zh}犯规 {n} 次，按 `fouls_per_game {limit} loss` 应判负，而成绩是 {}",
                    g.result.notation()
                )),
            );
        }
    }
}
