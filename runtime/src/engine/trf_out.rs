//! A finished Swiss stage as a TRF-2026 file (`simulate --trf DIR`): one `001` record per player
//! with the stage's pairing number, points and rank, and a round block for every round (opponent,
//! colour, result; `U` for the pairing-allocated bye, `+`/`-` for forfeits, `Z` when unpaired);
//! `142` rounds, `162` the stage's scoring (2/1/0 in xiangqi), `192` the pairing system. A name
//! or federation longer than its columns is never cut without a word: a warning (W204) at the
//! player's roster row says what the file holds instead. A number wider than its columns (a
//! pairing number or rank over 9999, points over 99.5) cannot be cut: that stage gets no TRF and
//! a warning (W206) says why.

use super::outcome::StandingRow;
use super::problem::RuntimeProblem;
use super::Ctx;
use crate::pairing::swiss::state::Colour;
use crate::pairing::{SwissPlayer, SwissResult};
use crate::plan::{Side, Stage, Swiss, SwissSystem};
use crate::trf::{self, ResultCode, Trf, TrfPlayer, TrfRound, TrfScoring};

fn tenths(points: i64) -> u32 {
    u32::try_from(points.max(0).saturating_mul(10)).unwrap_or(u32::MAX)
}

/// The warning code: a roster field longer than its TRF columns.
pub const CUT_IN_TRF: &str = "W204";

/// The warning code: a number wider than its TRF columns, so no TRF for the stage.
pub const NO_TRF: &str = "W206";

/// Columns 15-47 of a player line: a name's characters.
const NAME_COLUMNS: usize = 33;

/// The name and federation a player line holds: a name cut to its 33 columns, a federation of
/// more than 3 characters left blank (its first three would be another federation's code);
/// each change a warning at the player's roster row (`i`, when the roster has the player).
fn fitted(
    ctx: &Ctx<'_>,
    stage: &Stage,
    i: Option<usize>,
    name: String,
    federation: String,
    warnings: &mut Vec<RuntimeProblem>,
) -> (String, String) {
    let row = i.map_or(0, |i| ctx.roster.row_of(i));
    let stage_name = &stage.name;
    let mut name = name;
    if name.chars().count() > NAME_COLUMNS {
        let cut: String = name.chars().take(NAME_COLUMNS).collect();
        let en = format!(
            "the TRF of stage {stage_name} holds 33 characters of a name (columns 15-47): `{name}` is written `{cut}`"
        );
        let zh = format!(
            "阶段 {stage_name} 的 TRF 姓名栏（第 15-47 列）只容 33 个字符：`{name}` 写作 `{cut}`"
        );
        warnings.push(
            RuntimeProblem::new(CUT_IN_TRF, en, &stage.origin)
                .zh(zh)
                .at(row, "name"),
        );
        name = cut;
    }
    // A FIDE code is three letters: anything else (`Shanghai`, whose first letters would be
    // another federation's code; `浙江`) is left blank, or the file is one a reader refuses.
    if federation.is_empty()
        || (federation.len() == 3 && federation.bytes().all(|c| c.is_ascii_alphabetic()))
    {
        return (name, federation);
    }
    let en = format!(
        "the TRF of stage {stage_name} holds a 3-letter federation code (columns 54-56): {name}'s `{federation}` is not one and is left blank"
    );
    let zh = format!("阶段 {stage_name} 的 TRF 协会栏（第 54-56 列）只容 3 个字母的代码：{name} 的 `{federation}` 不是这样的代码，留空");
    warnings.push(
        RuntimeProblem::new(CUT_IN_TRF, en, &stage.origin)
            .zh(zh)
            .at(row, "federation"),
    );
    (name, String::new())
}

/// The stage's TRF text (none when a number does not fit its columns), and a warning for each
/// field it could not hold.
pub(crate) fn stage_trf(
    ctx: &Ctx<'_>,
    stage: &Stage,
    sw: &Swiss,
    state: &[SwissPlayer],
    standings: &[StandingRow],
) -> (Option<String>, Vec<RuntimeProblem>) {
    let s = &stage.scoring;
    let scoring = TrfScoring {
        win: tenths(s.win),
        draw: tenths(s.draw),
        loss: tenths(s.loss),
        forfeit_win: tenths(s.forfeit_win),
        forfeit_loss: tenths(s.forfeit_loss),
        pab: tenths(sw.bye.points),
        half_bye: tenths(s.draw),
        full_bye: tenths(s.win),
        zero_bye: 0,
        declared: true,
    };
    let rounds = state.iter().map(|p| p.history.len()).max().unwrap_or(0);
    let mut warnings = Vec::new();
    let players = state
        .iter()
        .map(|p| {
            let row = standings.iter().find(|r| r.id == p.id);
            let i = ctx.roster.players.iter().position(|x| x.id == p.id);
            let roster = i.and_then(|i| ctx.roster.players.get(i));
            let (name, federation) = fitted(
                ctx,
                stage,
                i,
                roster.map_or(p.id.clone(), |x| x.name.clone()),
                roster
                    .and_then(|x| x.federation.clone())
                    .unwrap_or_default(),
                &mut warnings,
            );
            TrfPlayer {
                line: 0,
                id: p.number,
                sex: match roster.and_then(|x| x.sex) {
                    Some(crate::plan::Sex::Women) => "w".to_string(),
                    Some(crate::plan::Sex::Men) => "m".to_string(),
                    None => String::new(),
                },
                title: String::new(),
                name,
                rating: (p.rating > 0).then_some(p.rating),
                federation,
                fide_id: String::new(),
                birth: roster
                    .and_then(|x| x.born)
                    .map(|d| format!("{:04}/{:02}/{:02}", d.year, d.month, d.day))
                    .unwrap_or_default(),
                points: tenths(p.points),
                rank: row.map(|r| r.place),
                rounds: (0..rounds)
                    .map(|r| p.history.get(r).map(round_block))
                    .collect(),
            }
        })
        .collect();
    let file = Trf {
        name: Some(format!("{} / {}", ctx.plan.meta.title, stage.name)),
        system: Some(
            match sw.system {
                SwissSystem::Dutch => "FIDE_DUTCH_2026",
                SwissSystem::Cxa => "OTHER_CXA_2011",
            }
            .to_string(),
        ),
        rounds_declared: Some(rounds as u32),
        initial_colour: None,
        scoring,
        players,
        other_lines: Vec::new(),
        accelerations: Vec::new(),
        forbidden: Vec::new(),
    };
    match trf::write(&file) {
        Ok(text) => (Some(text), warnings),
        Err(unfit) => {
            warnings.push(not_written(ctx, stage, state, &unfit));
            (None, warnings)
        }
    }
}

/// W206: the stage's TRF is not written, since `unfit` does not fit its columns; at the roster
/// row of the player whose line it is, where there is one.
fn not_written(
    ctx: &Ctx<'_>,
    stage: &Stage,
    state: &[SwissPlayer],
    unfit: &trf::Unfit,
) -> RuntimeProblem {
    let (stage_name, what, value) = (&stage.name, unfit.what, &unfit.value);
    let (from, to) = unfit.columns;
    let id = unfit
        .player
        .and_then(|n| state.iter().find(|p| p.number == n))
        .map(|p| p.id.clone());
    let en = format!(
        "no TRF for stage {stage_name}: a {what} of `{value}` does not fit columns {from}-{to}, and cut it would be another number"
    );
    let zh_what = match what {
        "pairing number" => "编号",
        "opponent's pairing number" => "对手编号",
        "rank" => "名次",
        "rating" => "等级分",
        _ => "积分",
    };
    let zh = format!(
        "阶段 {stage_name} 不写 TRF：{zh_what} `{value}` 超出第 {from}-{to} 列，截短就成了另一个数"
    );
    let problem = RuntimeProblem::new(NO_TRF, en, &stage.origin).zh(zh);
    match id.and_then(|id| ctx.roster.players.iter().position(|x| x.id == id)) {
        Some(i) => problem.at(ctx.roster.row_of(i), "id"),
        None => problem,
    }
}

fn round_block(h: &crate::pairing::SwissRoundEntry) -> TrfRound {
    TrfRound {
        opponent: h.opponent,
        colour: h.colour.map(|c| match c {
            Side::Red => Colour::White,
            Side::Black => Colour::Black,
        }),
        result: match h.result {
            SwissResult::Win => ResultCode::Win,
            SwissResult::Draw => ResultCode::Draw,
            SwissResult::Loss => ResultCode::Loss,
            SwissResult::ForfeitWin => ResultCode::ForfeitWin,
            SwissResult::ForfeitLoss | SwissResult::DoubleForfeit => ResultCode::ForfeitLoss,
            SwissResult::Bye => ResultCode::Pab,
            // A round missed before a `late_entry missed half` scores a draw's points: `H`.
            SwissResult::Absent if h.points > 0 => ResultCode::HalfBye,
            SwissResult::Absent => ResultCode::ZeroBye,
        },
    }
}
