//! Line-ups of team stages: the line-ups teams hand in for a round (临时定台制, a line-ups CSV or a
//! scenario's `lineup` lines), checked against the stage's teams, boards, rounds and `lineup`
//! rule before a game is played; the line-up each team plays in a round (handed in, else the
//! stage's default); and the colour balance `lineup ... colour_balance K` asks for, reported
//! after each round (W260).

use std::collections::{BTreeMap, BTreeSet};

use super::play::{GameAt, Played};
use super::problem::{codes, RuntimeProblem};
use super::results::RecordedLineup;
use super::transcript::EntryKind;
use super::Ctx;
use crate::plan::{Lineup, LineupMode, Origin, Plan, Stage, StageFormat};

/// The warning code: a player's Red and Black games over a team stage more than `colour_balance`
/// apart after a round.
pub const COLOUR_BALANCE: &str = "W260";

/// Line-ups for a stage the plan does not have (R011) or for a stage that is no team stage
/// (R064): checked before anything is drawn.
pub(crate) fn check_stages(plan: &Plan, lineups: &[RecordedLineup]) -> Vec<RuntimeProblem> {
    let mut problems = Vec::new();
    for l in lineups {
        let Some(stage) = plan.stage(&l.stage) else {
            problems.push(
                RuntimeProblem::new(
                    codes::UNKNOWN_NAME,
                    format!(
                        "a line-up for stage `{}`, which the plan does not have",
                        l.stage
                    ),
                    &l.stage_origin,
                )
                .zh(format!("出场名单所指的阶段 `{}` 不存在", l.stage)),
            );
            continue;
        };
        let team_stage = match &stage.format {
            StageFormat::TeamRoundRobin(_) => true,
            StageFormat::Swiss(sw) => sw.boards.is_some(),
            StageFormat::Knockout(ko) if ko.team.is_some() => {
                // A team knockout plays its teams' roster order (`lineup` is E114 there).
                problems.push(
                    RuntimeProblem::new(
                        codes::LINEUP_NO_SUCH_ROUND,
                        format!(
                            "a line-up for stage `{}`, a team knockout: its teams play their roster order and take no line-ups",
                            l.stage
                        ),
                        &l.stage_origin,
                    )
                    .zh(format!(
                        "出场名单所指的阶段 `{}` 是团体淘汰赛：各队按报名顺序出场，不交出场名单",
                        l.stage
                    )),
                );
                continue;
            }
            _ => false,
        };
        if !team_stage {
            problems.push(
                RuntimeProblem::new(
                    codes::LINEUP_NO_SUCH_ROUND,
                    format!(
                        "a line-up for stage `{}`, which is no team stage: its players are paired one by one",
                        l.stage
                    ),
                    &l.stage_origin,
                )
                .zh(format!(
                    "出场名单所指的阶段 `{}` 不是团体赛阶段：该阶段按棋手个人编排",
                    l.stage
                )),
            );
        }
    }
    problems
}

/// A team as the team stages hold it: its unit's name and its players in board order (the same
/// shape as `team::Team`, which uses this module).
type Team = (String, Vec<usize>);

/// One stage's handed-in line-ups, checked: (round, team) -> its players on boards 1..B and
/// where the line-up was written.
pub(crate) type Handed = BTreeMap<(u32, String), (Vec<usize>, Origin)>;

/// The stage's rule as the checks need it.
pub(crate) struct StageLineups<'a> {
    pub stage: &'a Stage,
    pub rule: Option<&'a Lineup>,
    pub boards: u32,
    pub rounds: u32,
}

/// Every line-up handed in for `s.stage`, checked against its teams (a known team, its own
/// players, each player and board once, exactly boards 1..B), its rounds, and a fixed rule (a
/// line-up that changes the roster order is refused). All problems at once, each at the cell
/// or word it is about.
pub(crate) fn handed_in(
    ctx: &Ctx<'_>,
    s: &StageLineups<'_>,
    teams: &[Team],
    lineups: &[RecordedLineup],
) -> Result<Handed, Vec<RuntimeProblem>> {
    let mut handed = Handed::new();
    let mut problems = Vec::new();
    for l in lineups.iter().filter(|l| l.stage == s.stage.name) {
        if l.round == 0 || l.round > s.rounds {
            problems.push(
                RuntimeProblem::new(
                    codes::LINEUP_NO_SUCH_ROUND,
                    format!(
                        "a line-up of `{}` for round {} of stage `{}`, which plays rounds 1 to {}",
                        l.team, l.round, l.stage, s.rounds
                    ),
                    &l.round_origin,
                )
                .zh(format!(
                    "`{}` 的出场名单指向阶段 `{}` 第 {} 轮，而该阶段只赛第 1 至 {} 轮",
                    l.team, l.stage, l.round, s.rounds
                )),
            );
            continue;
        }
        // A declared team may be named by its id (`gusu`) as well as by its name.
        let team = super::declared_teams::team_name(ctx.plan, &l.team);
        let Some((_, members)) = teams.iter().find(|(u, _)| u == team) else {
            let known: Vec<&str> = teams.iter().map(|(u, _)| u.as_str()).collect();
            problems.push(
                RuntimeProblem::new(
                    codes::LINEUP_UNKNOWN_TEAM,
                    format!(
                        "a line-up for team `{}`, which does not play stage `{}` (its teams: {})",
                        l.team,
                        l.stage,
                        known.join(", ")
                    ),
                    &l.origin,
                )
                .zh(format!(
                    "出场名单所指的队伍 `{}` 不参加阶段 `{}`（参赛队：{}）",
                    l.team,
                    l.stage,
                    known.join("、")
                )),
            );
            continue;
        };
        let key = (l.round, team.to_string());
        if handed.contains_key(&key) {
            problems.push(twice(
                l,
                format!(
                    "team `{}` hands in a second line-up for round {}",
                    l.team, l.round
                ),
                format!("队伍 `{}` 第 {} 轮提交了第二份出场名单", l.team, l.round),
            ));
            continue;
        }
        let before = problems.len();
        let players = seats(ctx, l, members, &mut problems);
        boards_filled(l, s.boards, &mut problems);
        if problems.len() > before {
            continue;
        }
        let fixed = s.rule.is_none_or(|r| r.mode == LineupMode::Fixed);
        let order: Vec<usize> = members.iter().take(s.boards as usize).copied().collect();
        if fixed && players != order {
            problems.push(changes_fixed(ctx, l, &order, s.rule));
            continue;
        }
        handed.insert(key, (players, l.origin.clone()));
    }
    if problems.is_empty() {
        Ok(handed)
    } else {
        Err(problems)
    }
}

/// A player's roster id (never a team's name, which `Ctx::id` gives a team's first board).
fn id_of(ctx: &Ctx<'_>, p: usize) -> String {
    ctx.roster
        .players
        .get(p)
        .map_or_else(|| format!("#{p}"), |x| x.id.clone())
}

fn twice(l: &RecordedLineup, en: String, zh: String) -> RuntimeProblem {
    RuntimeProblem::new(codes::LINEUP_TWICE, en, &l.origin).zh(zh)
}

/// The line-up's players in board order; problems for a player of another team (or none) and
/// for a player or a board written twice.
fn seats(
    ctx: &Ctx<'_>,
    l: &RecordedLineup,
    members: &[usize],
    problems: &mut Vec<RuntimeProblem>,
) -> Vec<usize> {
    let mut seen_players = BTreeSet::new();
    let mut seen_boards = BTreeSet::new();
    let mut out: Vec<(u32, usize)> = Vec::new();
    for seat in &l.seats {
        let Some(p) = ctx
            .roster
            .index_of(&seat.player)
            .filter(|p| members.contains(p))
        else {
            let (en, zh) = super::validate::as_the_roster_writes(ctx.roster, &seat.player);
            problems.push(
                RuntimeProblem::new(
                    codes::LINEUP_NOT_IN_TEAM,
                    format!(
                        "`{}` on board {} of team `{}`'s line-up for round {} is not a player of that team{en}",
                        seat.player, seat.board, l.team, l.round
                    ),
                    &seat.origin,
                )
                .zh(format!(
                    "队伍 `{}` 第 {} 轮出场名单第 {} 台的 `{}` 不是该队队员{zh}",
                    l.team, l.round, seat.board, seat.player
                )),
            );
            continue;
        };
        if !seen_players.insert(p) {
            problems.push(
                RuntimeProblem::new(
                    codes::LINEUP_TWICE,
                    format!(
                        "`{}` sits on two boards of team `{}`'s line-up for round {}",
                        seat.player, l.team, l.round
                    ),
                    &seat.origin,
                )
                .zh(format!(
                    "`{}` 在队伍 `{}` 第 {} 轮出场名单中占了两个台次",
                    seat.player, l.team, l.round
                )),
            );
            continue;
        }
        if !seen_boards.insert(seat.board) {
            problems.push(
                RuntimeProblem::new(
                    codes::LINEUP_TWICE,
                    format!(
                        "board {} is given twice in team `{}`'s line-up for round {}",
                        seat.board, l.team, l.round
                    ),
                    &seat.origin,
                )
                .zh(format!(
                    "队伍 `{}` 第 {} 轮出场名单中第 {} 台写了两次",
                    l.team, l.round, seat.board
                )),
            );
            continue;
        }
        out.push((seat.board, p));
    }
    out.sort_unstable();
    out.into_iter().map(|(_, p)| p).collect()
}

/// A problem unless the line-up's boards are exactly 1..B.
fn boards_filled(l: &RecordedLineup, boards: u32, problems: &mut Vec<RuntimeProblem>) {
    let given: BTreeSet<u32> = l.seats.iter().map(|s| s.board).collect();
    let want: BTreeSet<u32> = (1..=boards).collect();
    if given == want {
        return;
    }
    let missing: Vec<String> = want.difference(&given).map(u32::to_string).collect();
    let beyond: Vec<String> = given.difference(&want).map(u32::to_string).collect();
    let (en, zh) = if missing.is_empty() {
        (
            format!("board {} beyond the stage's {boards}", beyond.join(", ")),
            format!("第 {} 台超出了本阶段的 {boards} 台", beyond.join("、")),
        )
    } else {
        (
            format!("nobody on board {}", missing.join(", ")),
            format!("第 {} 台无人", missing.join("、")),
        )
    };
    problems.push(
        RuntimeProblem::new(
            codes::LINEUP_BOARDS,
            format!(
                "team `{}`'s line-up for round {} names {} players for {boards} boards: {en}",
                l.team,
                l.round,
                l.seats.len()
            ),
            &l.origin,
        )
        .zh(format!(
            "队伍 `{}` 第 {} 轮出场名单列出 {} 名队员，而每场 {boards} 台：{zh}",
            l.team,
            l.round,
            l.seats.len()
        )),
    );
}

fn changes_fixed(
    ctx: &Ctx<'_>,
    l: &RecordedLineup,
    order: &[usize],
    rule: Option<&Lineup>,
) -> RuntimeProblem {
    let ids: Vec<String> = order.iter().map(|&p| id_of(ctx, p)).collect();
    let why = if rule.is_some() {
        ("the stage's `lineup fixed`", "本阶段 `lineup fixed`")
    } else {
        (
            "the stage (no `lineup` clause: the roster order, fixed)",
            "本阶段（未写 `lineup` 条款：按报名顺序固定出场）",
        )
    };
    RuntimeProblem::new(
        codes::LINEUP_FIXED,
        format!(
            "team `{}`'s line-up for round {} changes the order {} keeps: boards 1..{} are {}",
            l.team,
            l.round,
            why.0,
            order.len(),
            ids.join(", ")
        ),
        &l.origin,
    )
    .zh(format!(
        "队伍 `{}` 第 {} 轮出场名单改变了{}规定的顺序：第 1 至 {} 台为 {}",
        l.team,
        l.round,
        why.1,
        order.len(),
        ids.join("、")
    ))
}

/// Team `t`'s players for this round's boards. A line-up handed in for the round: its players.
/// Else by the stage's rule. Fixed (or no rule): the roster order, a withdrawn player keeping
/// his board (forfeited). `each_round` (the default line-up, roster order): the players still
/// in first, so that a reserve takes a withdrawn player's place and the boards below move up;
/// the withdrawn last (a board no one is left for is forfeited); the transcript says the default
/// applied.
pub(crate) fn lineup_for(
    ctx: &mut Ctx<'_>,
    rule: Option<&Lineup>,
    handed: &Handed,
    t: &Team,
    at: &GameAt<'_>,
) -> Team {
    let (unit, members) = t;
    if let Some((players, origin)) = handed.get(&(at.round, unit.clone())) {
        let ids: Vec<String> = players.iter().map(|&p| id_of(ctx, p)).collect();
        let text = format!(
            "{} round {}: {unit} plays the line-up it handed in: {}",
            ctx.stage_said(at.stage_ix),
            at.round,
            ids.join(", ")
        );
        ctx.transcript.push(EntryKind::Pairing, text, origin);
        return (unit.clone(), players.clone());
    }
    let Some(l) = rule.filter(|l| l.mode == LineupMode::EachRoundRosterOrder) else {
        return t.clone();
    };
    let (mut playing, out): (Vec<usize>, Vec<usize>) = members
        .iter()
        .partition(|&&p| !ctx.is_withdrawn(p, at.stage_ix, at.stage, at.round));
    let ids: Vec<String> = playing.iter().map(|&p| id_of(ctx, p)).collect();
    let text = format!(
        "{} round {}: {unit} handed in no line-up; the default applies, the roster order of the players still in: {}",
        ctx.stage_said(at.stage_ix),
        at.round,
        ids.join(", ")
    );
    ctx.transcript.push(EntryKind::Pairing, text, &l.origin);
    playing.extend(out);
    (unit.clone(), playing)
}

/// `colour_balance K`: each player's Red games minus Black games over the stage, and who is
/// beyond K now (warned once each time the difference goes beyond K).
pub(crate) struct Balance {
    max: i64,
    origin: Origin,
    difference: BTreeMap<usize, i64>,
    beyond: BTreeSet<usize>,
}

impl Balance {
    pub fn of(rule: Option<&Lineup>) -> Option<Balance> {
        let b = rule?.colour_balance.as_ref()?;
        Some(Balance {
            max: i64::from(b.max_difference),
            origin: b.origin.clone(),
            difference: BTreeMap::new(),
            beyond: BTreeSet::new(),
        })
    }

    /// One game on a board; a forfeit (nobody sat at the board) gives no one a colour.
    pub fn add(&mut self, red: usize, black: usize, played: &Played) {
        if played.result.is_forfeit() {
            return;
        }
        let black = if played.red == red { black } else { red };
        self.add_sides(played.red, black);
    }

    /// A board game played with `red` on Red and `black` on Black.
    pub fn add_sides(&mut self, red: usize, black: usize) {
        *self.difference.entry(red).or_default() += 1;
        *self.difference.entry(black).or_default() -= 1;
    }

    /// After a round: a transcript line for each player the round took beyond the balance, and
    /// one warning (W260) a team naming all its players the round took beyond it (a stage
    /// played on the default line-ups takes most boards of a team beyond together: a warning a
    /// player was one a board). At the roster row of the team's first player named.
    pub fn after_round(&mut self, ctx: &mut Ctx<'_>, teams: &[Team], stage: &str, round: u32) {
        // (team's position, team's name) -> the players newly beyond, with their difference.
        let mut fresh: BTreeMap<(usize, String), Vec<(usize, i64)>> = BTreeMap::new();
        for (&p, &d) in &self.difference {
            if d.abs() <= self.max {
                self.beyond.remove(&p);
                continue;
            }
            if !self.beyond.insert(p) {
                continue;
            }
            let team = teams
                .iter()
                .enumerate()
                .find(|(_, (_, members))| members.contains(&p))
                .map_or_else(
                    || (teams.len(), id_of(ctx, p)),
                    |(k, (u, _))| (k, u.clone()),
                );
            fresh.entry(team).or_default().push((p, d));
        }
        for ((_, team), players) in fresh {
            let (mut en, mut zh) = (Vec::new(), Vec::new());
            for &(p, d) in &players {
                let id = id_of(ctx, p);
                let (more, more_zh) = if d > 0 {
                    ("Red", "红")
                } else {
                    ("Black", "黑")
                };
                let said = format!(
                    "{id} has played {more} {} times more than the other colour",
                    d.abs()
                );
                ctx.transcript.push(
                    EntryKind::Colours,
                    format!(
                        "{stage} round {round}: {said}, beyond the colour balance of {}",
                        self.max
                    ),
                    &self.origin,
                );
                en.push(said);
                zh.push(format!("{id} 执{more_zh}比执另一方多 {} 局", d.abs()));
            }
            let mut warning = RuntimeProblem::new(
                COLOUR_BALANCE,
                format!(
                    "{stage} round {round}: team {team}: {}, beyond the colour balance of {}",
                    en.join("; "),
                    self.max
                ),
                &self.origin,
            )
            .zh(format!(
                "{stage} 第 {round} 轮后，{team}：{}，超出先后手平衡 {}",
                zh.join("；"),
                self.max
            ));
            if let Some(&(p, _)) = players.first() {
                warning = warning.at(ctx.roster.row_of(p), "id");
            }
            ctx.warnings.push(warning);
        }
    }
}
