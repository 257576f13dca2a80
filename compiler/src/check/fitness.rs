//! What a criterion means in the stage it ranks: unfit for the format (E402), useless there
//! (W403), or needing a variant the format makes necessary: head-to-head in a Swiss (E404), any
//! pairwise criterion with three or more tied (E405), countback (E406), the bye's share of the
//! opponents' score in a Swiss that can have byes (E409); a team criterion in an individual stage
//! (E416) or a player's criterion in a team stage (E417).

use xqreg_grammar::ast::Criterion;

use super::criteria::Crit;
use super::facts::FormatKind;
use super::names::code;
use super::Report;
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

code!(E402, "E402", "criterion-unfit-for-stage", Error,
    Template::new("Some criteria need a schedule of rounds in which tied players met common opponents: Sonneborn-Berger, opponents' score, progressive score and countback mean nothing in a knockout or same-place match.",
        "某些项目需要多轮比赛和共同对手：小分（Sonneborn-Berger）、对手分、累进分和比较前一轮成绩在淘汰赛或同名次比赛中没有意义。"),
    "stage final { knockout { seeded 8 }  tiebreak { sonneborn_berger, lots } }",
    Template::new("Remove the criterion from the knockout's chain (ties there are decided by the playoff).", "从淘汰赛的名次区分中删去该项目（淘汰赛以加赛决胜）。"));

code!(E404, "E404", "head-to-head-variant-needed", Error,
    Template::new("In a Swiss, tied players may not all have met; head_to_head must say whether it applies only when exactly two are tied and met (`two_only`) or uses the mini-table of games among all tied players (`mini_table`, FIDE).",
        "积分编排赛中同分棋手未必都相遇过；head_to_head 必须写明是只在恰好两人同分且相遇时适用（`two_only`），还是用所有同分者之间的对局小表（`mini_table`，国际棋联）。"),
    "stage main { swiss cxa rounds 9  tiebreak { head_to_head, lots } }",
    Template::new("Write `head_to_head two_only` or `head_to_head mini_table`.", "写成 `head_to_head two_only` 或 `head_to_head mini_table`。"));

code!(E405, "E405", "pairwise-criterion-group-rule", Error,
    Template::new("head_to_head and head_to_head_black are defined for two players (两人对赛); the chain must say what happens when three or more are tied: `two_only` (apply only to two) or `mini_table`.",
        "head_to_head 与 head_to_head_black 是为两人定义的（两人对赛）；必须写明三人以上同分时如何处理：`two_only`（只适用于两人）或 `mini_table`。"),
    "stage groups {\n  round_robin single groups A B size 6\n  tiebreak { sonneborn_berger, head_to_head, lots }\n}",
    Template::new("Write `head_to_head two_only` (the seeds' wording) or `head_to_head mini_table`.", "写成 `head_to_head two_only`（规程原文“两人”）或 `head_to_head mini_table`。"));

code!(E406, "E406", "countback-variant-needed", Error,
    Template::new("\"比较前一轮成绩，以此类推\" has three readings that disagree (domain.md 5.3): the cumulative score after earlier rounds (`cumulative`), the opponents' score minus the last opponents (`opp_reverse`), or the result of each round from the last (`round_result`).",
        "“比较前一轮成绩，以此类推”有三种互相矛盾的理解：前几轮的累计积分（`cumulative`）、对手分逆减（`opp_reverse`）、从最后一轮起逐轮比较该轮结果（`round_result`）。"),
    "stage main {\n  swiss cxa rounds 9\n  tiebreak { opponents_score bye zero, countback, lots }\n}",
    Template::new("Write `countback cumulative` (the usual arbiter software reading), `opp_reverse` or `round_result`.", "写成 `countback cumulative`（常见编排软件的理解）、`opp_reverse` 或 `round_result`。"));

code!(E409, "E409", "bye-score-variant-needed", Error,
    Template::new("In a Swiss with an odd field someone gets a bye, and sources disagree on what a bye adds to the opponents' score: the lowest score in the field, zero, or the player's own score (domain.md 3.6).",
        "积分编排赛人数为奇数时有人轮空，而轮空计入对手分的方法各不相同：场上最低分、零分或本人积分。"),
    "stage main { swiss cxa rounds 9  tiebreak { opponents_score, lots } }",
    Template::new("Write `opponents_score bye lowest_in_field` (or `zero`, `own_score`), or state it once in the stage's `bye opponent_score ...`.",
        "写成 `opponents_score bye lowest_in_field`（或 `zero`、`own_score`），或在阶段的 `bye opponent_score ...` 中统一写明。"));

code!(W403, "W403", "useless-criterion", Warning,
    Template::new("In a round robin everyone meets everyone, so the opponents' score of a player is the total of all scores minus their own: it cannot separate players with equal points.",
        "循环赛中人人相遇，一名棋手的对手分等于全体总分减去本人积分：无法区分积分相同的棋手。"),
    "stage groups { round_robin single groups A B size 6  tiebreak { opponents_score, lots } }",
    Template::new("Use `sonneborn_berger` (小分) instead.", "改用 `sonneborn_berger`（小分）。"));

code!(E416, "E416", "team-criterion-in-individual-stage", Error,
    Template::new("game_points (局分) and board_countback (逐台比较) count the board points of team matches; an individual stage has no boards of a team to count.",
        "game_points（局分）与 board_countback（逐台比较）计算团体赛各场的台分；个人赛阶段没有可计的队伍台次。"),
    "stage main { swiss cxa rounds 9  tiebreak { game_points, lots } }",
    Template::new("Remove the criterion, or make the stage a team stage (`event team`, `boards N`).", "删去该项目，或将阶段改为团体赛（`event team`，`boards N`）。"));

code!(E417, "E417", "individual-criterion-in-team-stage", Error,
    Template::new("black_wins, black_games and head_to_head_black count a player's colour, and fouls a player's fouls; a team has no colour of its own (its boards alternate) and its fouls are not counted, so in a team stage these criteria would separate nobody.",
        "black_wins、black_games、head_to_head_black 计算棋手的先后手，fouls 计算棋手的犯规；队伍没有自己的先后手（各台交替），也不计队伍犯规，团体阶段中这些项目无法区分任何队伍。"),
    "regulation \"团体赛\" { event team }\nentry { team_size 4 }\nstage main {\n  swiss cxa rounds 7 boards 4\n  tiebreak { game_points, black_wins, lots }\n}",
    Template::new("Use a team criterion: game_points, board_countback, head_to_head (the match between the tied teams), opponents_score (the opponents' match points).",
        "改用团体项目：game_points（局分）、board_countback（逐台比较）、head_to_head（相互间比赛成绩）、opponents_score（对手队场分之和）。"));

// The message catalogue of this module: compiler/messages/check/fitness.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/fitness.rs"));

fn has_variant(c: &Criterion, crit: Crit) -> bool {
    c.variants
        .iter()
        .any(|v| crit.variants().contains(&v.node.as_str()))
}

pub const CODES: &[&Code] = &[&E402, &E404, &E405, &E406, &E409, &E416, &E417, &W403];

/// Where a chain is written: a stage of a known format, or somewhere format-free.
#[derive(Clone, Copy)]
pub(super) enum Place<'a> {
    Stage {
        name: &'a str,
        format: FormatKind,
        /// A team Swiss (`swiss cxa rounds 7 boards 4`): team criteria fit.
        team: bool,
        byes_possible: Option<(&'a str, &'a str)>,
        bye_stated: bool,
    },
    /// `places ... ranked_by` or a mini-match `tiebreak` step: format-free checks only.
    Other,
}

/// Check one known criterion (not `points`, not a repeat) in its place.
pub(super) fn criterion(c: &Criterion, crit: Crit, place: Place<'_>, diags: &mut Diagnostics) {
    let (format, stage, team) = match place {
        Place::Stage {
            format, name, team, ..
        } => (format, name, team),
        Place::Other => (FormatKind::Unknown, "", false),
    };
    let name = c.name.node.as_str();
    let unfit = matches!(
        crit,
        Crit::SonnebornBerger | Crit::OpponentsScore | Crit::Progressive | Crit::Countback
    );
    if format.is_elimination() && unfit {
        let (what, what_zh) = if format == FormatKind::SamePlace {
            ("a same-place", "同名次比赛")
        } else {
            ("a knockout", "淘汰赛")
        };
        diags.push(UNFIT.at(
            c.name.span,
            &[
                ("name", name),
                ("what", what),
                ("what_zh", what_zh),
                ("stage", stage),
            ],
        ));
        return;
    }
    let individual = !team
        && !matches!(
            format,
            FormatKind::TeamRoundRobin { .. } | FormatKind::Unknown
        );
    if crit.team_only() && individual {
        diags.push(TEAM_ONLY.at(c.name.span, &[("name", name), ("stage", stage)]));
        return;
    }
    let team_stage = team || matches!(format, FormatKind::TeamRoundRobin { .. });
    if crit.individual_only() && team_stage {
        diags.push(INDIVIDUAL_ONLY.at(c.name.span, &[("name", name), ("stage", stage)]));
        return;
    }
    if format.is_round_robin() && crit == Crit::OpponentsScore {
        diags.push(USELESS.at(c.name.span, &[("name", name), ("stage", stage)]));
        return;
    }
    match crit {
        Crit::HeadToHead if format == FormatKind::Swiss && !has_variant(c, crit) => {
            diags.push(H2H_SWISS.at(c.name.span, &[("stage", stage)]));
        }
        Crit::HeadToHead | Crit::HeadToHeadBlack if !has_variant(c, crit) => {
            diags.push(PAIRWISE.at(c.name.span, &[("name", crit.name())]));
        }
        Crit::Countback if !has_variant(c, crit) => diags.push(COUNTBACK.at(c.name.span, &[])),
        Crit::OpponentsScore => {
            if let Place::Stage {
                format: FormatKind::Swiss,
                byes_possible: Some((why, why_zh)),
                bye_stated: false,
                ..
            } = place
            {
                let written = c.params.iter().any(|p| p.key.node == "bye");
                if !written {
                    diags.push(BYE_SCORE.at(
                        c.name.span,
                        &[("stage", stage), ("why", why), ("why_zh", why_zh)],
                    ));
                }
            }
        }
        _ => {}
    }
}
