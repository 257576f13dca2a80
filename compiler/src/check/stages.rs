//! Stages: one format each (E209), entrants only from earlier stages (E207), place references
//! inside the referenced standings (E206) and taken once (E212), brackets (E205), same-place
//! stages (E208), splits (E210), decided places against entrants (E211) and the round count a
//! schedule states for a round robin (E213).
//!
//! Every check reads counts from [`super::facts`] and skips what is unknown or unresolved (an
//! unknown stage or group was reported by `names`).

use std::collections::BTreeMap;

use xqreg_grammar::ast::{
    BracketSlot, EntrantSource, Format, GroupSel, Item, KnockoutClause, PlaceRef, StageClause,
};
use xqreg_grammar::Span;

use super::facts::{range_len, FormatKind};
use super::names::code;
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

code!(E204, "E204", "swiss-too-many-rounds", Error,
    Template::new("A Swiss needs more players than rounds (every round each player meets someone new), and no more rounds than the entry cap allows. Rounds >= players, or a `rounds by_entries` arm that gives as many rounds as its largest field, cannot be paired.",
        "积分编排制的轮数必须少于人数（每轮都要遇到新的对手），也不能超过报名上限所允许的轮数。轮数不少于人数，或 `rounds by_entries` 中某档的轮数不少于该档最多人数，都无法编排。"),
    "entry { field 8 }\nstage main { swiss cxa rounds 9 }",
    Template::new("Lower the rounds below the number of players (for 8 players at most 7), or enlarge the field.",
        "把轮数降到人数以下（8 人最多 7 轮），或扩大参赛人数。"));
code!(E205, "E205", "knockout-bracket-invalid", Error,
    Template::new("A knockout bracket halves each round, so it has a power of two of first-round pairs (byes written as `bye`), each slot names one player, no slot is used twice, and no pair is two byes.",
        "淘汰赛每轮人数减半，首轮对阵数必须是 2 的幂（轮空写作 `bye`）；每个位置只能是一名棋手，不能重复使用，也不能两边都是轮空。"),
    "stage final { knockout { bracket (groups.A#1 v groups.B#2) (groups.B#1 v groups.A#2) (groups.C#1 v bye) } }",
    Template::new("Add or remove pairs (fill with `bye`) to reach 2, 4, 8, ... pairs, and name each entrant once.",
        "增减对阵（不足处用 `bye` 补齐）使对阵数为 2、4、8……，每名棋手只出现一次。"));
code!(E206, "E206", "place-ref-out-of-range", Error,
    Template::new("A place reference names a place its group (or stage) cannot have: groups of 8 have no 9th place, and places start at 1.",
        "名次引用超出了该小组（或阶段）的名次范围：8 人小组没有第 9 名，名次从 1 开始。"),
    "stage groups { round_robin single groups A B size 8 }\nplaces 9..16 shared groups.*#9",
    Template::new("Use a place between 1 and the group's size.", "改用 1 到小组人数之间的名次。"));
code!(E207, "E207", "stage-order", Error,
    Template::new("A stage takes entrants from a stage declared after it, or from itself; or a `split` sends players to an earlier stage. Stages are declared in the order they are played, so entrants always come from above.",
        "阶段从其后声明的阶段或自身取得参赛者，或 `split` 把棋手送到更早的阶段。阶段须按比赛顺序声明，参赛者只能来自前面的阶段。"),
    "stage final { knockout { bracket (groups.A#1 v groups.B#1) } }\nstage groups { round_robin single groups A B size 4 }",
    Template::new("Move the stage below the stages it takes entrants from.", "把该阶段移到其参赛者来源阶段之后。"));
code!(E208, "E208", "same-place-size-mismatch", Error,
    Template::new("A same-place stage pairs the k-th of one group with the k-th of the other for places 2k-1 and 2k, so its two groups have the same size and its places cover exactly both groups.",
        "同名次比赛让两组的第 k 名相遇，决出第 2k-1、2k 名，所以两组人数必须相同，决出的名次数必须等于两组人数之和。"),
    "stage groups { round_robin single groups A B size 6 }\nstage final { same_place groups.A groups.B places 1..10 }",
    Template::new("Make the places range twice the group size (`places 1..12` for groups of 6).", "使名次范围等于小组人数的两倍（6 人小组写 `places 1..12`）。"));
code!(E209, "E209", "stage-without-format", Error,
    Template::new("Every stage has exactly one format (round_robin, swiss, knockout, same_place, team_round_robin), written or copied with `same_as`.",
        "每个阶段必须恰好有一种赛制（round_robin、swiss、knockout、same_place、team_round_robin），直接写出或用 `same_as` 沿用。"),
    "stage main \"积分编排\" { time standard }",
    Template::new("Add the format line, e.g. `swiss cxa rounds 9`, or remove the second one.", "补上赛制行（如 `swiss cxa rounds 9`），或删去多余的一行。"));
code!(E210, "E210", "split-invalid", Error,
    Template::new("A split sends the leaders of a Swiss after a round to another stage: the round is one the Swiss plays before its last, and the leaders are fewer than its players and fit the target.",
        "分流在某轮后把积分编排赛的领先者送入另一阶段：该轮必须在最后一轮之前，领先人数必须少于参赛人数并与目标阶段相符。"),
    "stage main { swiss cxa rounds 7  split after_round 7 top 8 to top_ko }",
    Template::new("Split after an earlier round (`after_round 5`), or send fewer players.", "改为较早的轮次分流（如 `after_round 5`），或减少分流人数。"));
code!(E211, "E211", "stage-places-mismatch", Error,
    Template::new("`places A..B` says which places of the final ranking a stage decides; it decides one place per entrant, so the range has as many places as the stage has entrants.",
        "`places A..B` 表示该阶段决定最终排名的哪些名次；每名参赛者对应一个名次，所以名次数须等于该阶段的参赛人数。"),
    "stage final { knockout { bracket (groups.A#1 v groups.B#1) (groups.C#1 v groups.D#1) }  places 1..8 }",
    Template::new("Make the range as long as the entrants (`places 1..4` for four).", "使名次范围与参赛人数一致（4 人写 `places 1..4`）。"));
code!(E212, "E212", "entrant-taken-twice", Error,
    Template::new("The same place of an earlier stage (a group's 2nd, say) feeds two stages, or a stage and a `places` declaration: a player cannot go two ways.",
        "前一阶段的同一名次（例如某组第二名）被两个阶段（或一个阶段和一条 `places` 声明）同时引用：一名棋手不能同时去两处。"),
    "stage final_a { knockout { bracket (groups.A#1 v groups.B#2) } }\nstage final_b { knockout { bracket (groups.B#2 v groups.A#1) } }",
    Template::new("Send each place to one stage only (for example the 2nd places to `final_b`).", "每个名次只送往一个阶段（例如第二名只进入 `final_b`）。"));
code!(E213, "E213", "round-robin-rounds", Error,
    Template::new("A round robin of n players plays n-1 rounds when n is even and n rounds when n is odd (one bye a round), twice as many when double; the schedule's rounds for the stage must match.",
        "n 人单循环在 n 为偶数时赛 n-1 轮，n 为奇数时赛 n 轮（每轮一人轮空），双循环加倍；日程中该阶段的轮数必须与之一致。"),
    "stage groups { round_robin single groups A B size 6 }\nschedule { day 2009-05-23 { 09:00 round groups 1..7 } }",
    Template::new("Schedule rounds 1..5 for groups of 6, or change the group size.", "6 人小组安排第 1..5 轮，或修改小组人数。"));

pub const CODES: &[&Code] = &[
    &E204, &E205, &E206, &E207, &E208, &E209, &E210, &E211, &E212, &E213,
];

/// The span of a format line.
pub fn format_span(f: &Format) -> Span {
    match f {
        Format::RoundRobin { span, .. }
        | Format::Swiss { span, .. }
        | Format::SamePlace { span, .. }
        | Format::TeamRoundRobin { span, .. } => *span,
        Format::Knockout(k) => k.span,
    }
}

const NO_FORMAT: Report = Report {
    code: &E209,
    message: Template::new("stage `{stage}` has no format", "阶段 `{stage}` 没有赛制"),
    label: Template::new("this stage", "此阶段"),
    help: Template::new(
        "add one format line, e.g. `round_robin single groups A B size 6`, `swiss cxa rounds 9` or `knockout { seeded 8 }`",
        "补上一行赛制，例如 `round_robin single groups A B size 6`、`swiss cxa rounds 9` 或 `knockout { seeded 8 }`",
    ),
};
const TWO_FORMATS: Report = Report {
    code: &E209,
    message: Template::new("stage `{stage}` has two formats", "阶段 `{stage}` 有两种赛制"),
    label: Template::new("second format", "第二种赛制"),
    help: Template::new(
        "keep one format; a stage played in two ways is two stages (the second with `entrants {stage}#...`)",
        "只保留一种赛制；分两种方式进行的比赛应写成两个阶段（后者用 `entrants {stage}#...`）",
    ),
};
const FIRST_FORMAT: Template = Template::new("first format", "第一种赛制");

const FROM_LATER: Report = Report {
    code: &E207,
    message: Template::new(
        "stage `{stage}` takes entrants from `{from}`, which is declared after it",
        "阶段 `{stage}` 的参赛者来自其后声明的阶段 `{from}`",
    ),
    label: Template::new("a later stage", "后面的阶段"),
    help: Template::new(
        "move stage `{stage}` below stage `{from}`",
        "把阶段 `{stage}` 移到阶段 `{from}` 之后",
    ),
};
const FROM_ITSELF: Report = Report {
    code: &E207,
    message: Template::new(
        "stage `{stage}` takes entrants from itself",
        "阶段 `{stage}` 的参赛者来自其自身",
    ),
    label: Template::new("the stage itself", "阶段自身"),
    help: Template::new(
        "name the earlier stage the entrants come from",
        "改为参赛者实际来源的前一阶段",
    ),
};
const SPLIT_BACKWARDS: Report = Report {
    code: &E207,
    message: Template::new(
        "stage `{stage}` splits into `{to}`, which is not declared after it",
        "阶段 `{stage}` 分流到的阶段 `{to}` 并未在其后声明",
    ),
    label: Template::new("target of the split", "分流目标"),
    help: Template::new(
        "declare stage `{to}` below stage `{stage}`",
        "把阶段 `{to}` 声明在阶段 `{stage}` 之后",
    ),
};
const DECLARED_HERE: Template = Template::new("declared here", "声明于此");

const OUT_OF_RANGE: Report = Report {
    code: &E206,
    message: Template::new(
        "place {place} does not exist: {whose} has {size} places",
        "第 {place} 名不存在：{whose_zh}只有 {size} 个名次",
    ),
    label: Template::new("out of range", "超出范围"),
    help: Template::new("use places 1..{size}", "改用第 1..{size} 名"),
};

const TAKEN_TWICE: Report = Report {
    code: &E212,
    message: Template::new("{what} is taken twice", "{what_zh}被引用了两次"),
    label: Template::new("taken again here", "此处再次引用"),
    help: Template::new(
        "send each place to one stage only: remove it here or there",
        "每个名次只能去一处：删去其中一处引用",
    ),
};
const TAKEN_FIRST: Template = Template::new("first taken here", "首次引用于此");

const BRACKET_PAIRS: Report = Report {
    code: &E205,
    message: Template::new(
        "a bracket of {pairs} first-round pairs cannot halve to a final",
        "首轮 {pairs} 组对阵的淘汰赛无法逐轮减半到决赛",
    ),
    label: Template::new("{pairs} pairs", "{pairs} 组对阵"),
    help: Template::new(
        "use {next} pairs, filling the missing slots with `bye`",
        "改为 {next} 组对阵，空缺处写 `bye`",
    ),
};
const BRACKET_SIZE: Report = Report {
    code: &E205,
    message: Template::new(
        "a seeded bracket of {size} is not a power of two",
        "种子对阵表人数 {size} 不是 2 的幂",
    ),
    label: Template::new("bracket size", "对阵表人数"),
    help: Template::new(
        "use `seeded {next}`; missing entrants become byes for the top seeds",
        "改为 `seeded {next}`，不足的位置作为高位种子的轮空",
    ),
};
const BRACKET_FULL: Report = Report {
    code: &E205,
    message: Template::new(
        "a seeded bracket of {size} cannot hold {entrants} entrants",
        "{size} 人的种子对阵表容纳不下 {entrants} 名参赛者",
    ),
    label: Template::new("bracket of {size}", "{size} 人对阵表"),
    help: Template::new("use `seeded {next}`", "改为 `seeded {next}`"),
};
const NO_GAMES: Report = Report {
    code: &E205,
    message: Template::new(
        "a knockout match of no games decides nothing",
        "零盘的淘汰赛对局无法决出胜负",
    ),
    label: Template::new("0 games", "0 盘"),
    help: Template::new(
        "write `games 2` for a two-game mini-match, or drop the clause for one game",
        "两盘制写 `games 2`，一盘制则删去该子句",
    ),
};
const SLOT_TWICE: Report = Report {
    code: &E205,
    message: Template::new(
        "bracket slot `{slot}` is used twice",
        "对阵位置 `{slot}` 出现了两次",
    ),
    label: Template::new("used again here", "此处再次使用"),
    help: Template::new(
        "name each entrant once in the bracket",
        "每名参赛者在对阵表中只出现一次",
    ),
};
const SLOT_NOT_ONE: Report = Report {
    code: &E205,
    message: Template::new(
        "a bracket slot names {count} players",
        "一个对阵位置包含 {count} 名棋手",
    ),
    label: Template::new("one slot", "一个位置"),
    help: Template::new(
        "name one place per slot, e.g. `groups.A#1`",
        "每个位置只写一个名次，例如 `groups.A#1`",
    ),
};
const BYE_V_BYE: Report = Report {
    code: &E205,
    message: Template::new(
        "a bracket pair has a bye on both sides",
        "一组对阵两边都是轮空",
    ),
    label: Template::new("bye against bye", "轮空对轮空"),
    help: Template::new(
        "remove the pair, or put an entrant in one slot",
        "删去该组对阵，或在其中一边填入参赛者",
    ),
};

const SAME_PLACE_SIZES: Report = Report {
    code: &E208,
    message: Template::new(
        "same-place groups differ in size ({a} and {b})",
        "同名次比赛的两组人数不同（{a} 与 {b}）",
    ),
    label: Template::new("group of {b}", "{b} 人的小组"),
    help: Template::new(
        "pair groups of equal size; place the extra players with `places ... shared`",
        "只让人数相同的小组同名次比赛；多出的棋手用 `places ... shared` 定名次",
    ),
};
const SAME_PLACE_RANGE: Report = Report {
    code: &E208,
    message: Template::new(
        "same-place matches of {groups} groups of {size} decide {total} places, not {len}",
        "{groups} 个 {size} 人小组的同名次比赛决出 {total} 个名次，而不是 {len} 个",
    ),
    label: Template::new("{len} places", "{len} 个名次"),
    help: Template::new(
        "write `places {start}..{end}`",
        "改为 `places {start}..{end}`",
    ),
};
const SAME_PLACE_COUNT: Report = Report {
    code: &E208,
    message: Template::new(
        "same-place matches pair two groups, not {groups}",
        "同名次比赛在两个小组之间进行，而不是 {groups} 个",
    ),
    label: Template::new("{groups} groups", "{groups} 个小组"),
    help: Template::new(
        "name exactly two groups, e.g. `same_place groups.A groups.B places 1..12`",
        "恰好写两个小组，例如 `same_place groups.A groups.B places 1..12`",
    ),
};

const PLACES_MISMATCH: Report = Report {
    code: &E211,
    message: Template::new(
        "stage `{stage}` places {entrants} players but its range has {len} places",
        "阶段 `{stage}` 应决定 {entrants} 名棋手的名次，但名次范围有 {len} 个",
    ),
    label: Template::new("{len} places", "{len} 个名次"),
    help: Template::new(
        "write `places {start}..{end}`",
        "改为 `places {start}..{end}`",
    ),
};

const SPLIT_ROUND: Report = Report {
    code: &E210,
    message: Template::new(
        "split after round {after}, but stage `{stage}` plays {rounds} rounds",
        "在第 {after} 轮后分流，但阶段 `{stage}` 只赛 {rounds} 轮",
    ),
    label: Template::new("round {after}", "第 {after} 轮"),
    help: Template::new(
        "split after a round between 1 and {last}",
        "在第 1 到第 {last} 轮之间分流",
    ),
};
const SPLIT_TOP: Report = Report {
    code: &E210,
    message: Template::new(
        "split sends the top {top} but stage `{stage}` has {entrants} players",
        "分流送出前 {top} 名，但阶段 `{stage}` 只有 {entrants} 名棋手",
    ),
    label: Template::new("top {top}", "前 {top} 名"),
    help: Template::new(
        "send fewer than {entrants} players",
        "送出的人数须少于 {entrants}",
    ),
};
const SPLIT_TARGET: Report = Report {
    code: &E210,
    message: Template::new(
        "split sends {top} players to `{to}`, whose bracket holds {size}",
        "分流送出 {top} 名棋手，但 `{to}` 的对阵表只容纳 {size} 人",
    ),
    label: Template::new("top {top}", "前 {top} 名"),
    help: Template::new(
        "send {size} players, or enlarge the bracket of `{to}`",
        "送出 {size} 人，或扩大 `{to}` 的对阵表",
    ),
};
const SPLIT_NOT_SWISS: Report = Report {
    code: &E210,
    message: Template::new("only a Swiss can split", "只有积分编排赛可以分流"),
    label: Template::new("split here", "此处分流"),
    help: Template::new(
        "take the leaders in the next stage with `entrants {stage}#1..N` instead",
        "改为在下一阶段写 `entrants {stage}#1..N` 取领先者",
    ),
};

const SWISS_ROUNDS: Report = Report {
    code: &E204,
    message: Template::new(
        "a Swiss of {rounds} rounds needs more than {rounds} players; stage `{stage}` has {players}",
        "{rounds} 轮的积分编排需要多于 {rounds} 名棋手，阶段 `{stage}` 只有 {players} 名",
    ),
    label: Template::new("{rounds} rounds", "{rounds} 轮"),
    help: Template::new("play at most {max} rounds", "最多安排 {max} 轮"),
};
const SWISS_ARM: Report = Report {
    code: &E204,
    message: Template::new(
        "{rounds} rounds for a field of up to {players} players cannot be paired",
        "至多 {players} 人时安排 {rounds} 轮无法编排",
    ),
    label: Template::new(
        "{rounds} rounds for up to {players}",
        "至多 {players} 人 {rounds} 轮",
    ),
    help: Template::new(
        "give this arm at most {max} rounds",
        "此档最多安排 {max} 轮",
    ),
};

const RR_ROUNDS: Report = Report {
    code: &E213,
    message: Template::new(
        "the schedule gives round robin `{stage}` {scheduled} rounds; groups of {size} play {rounds}",
        "日程为单循环阶段 `{stage}` 安排了 {scheduled} 轮，而 {size} 人小组应赛 {rounds} 轮",
    ),
    label: Template::new("round {scheduled}", "第 {scheduled} 轮"),
    help: Template::new("schedule rounds 1..{rounds} of `{stage}`, or change the group size", "为 `{stage}` 安排第 1..{rounds} 轮，或修改小组人数"),
};

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    formats(ctx, diags);
    order(ctx, diags);
    ranges(ctx, diags);
    taken_twice(ctx, diags);
    brackets(ctx, diags);
    same_place(ctx, diags);
    places(ctx, diags);
    splits(ctx, diags);
    swiss(ctx, diags);
    rr_rounds(ctx, diags);
}

fn stages<'a>(ctx: &Ctx<'a>) -> impl Iterator<Item = &'a xqreg_grammar::ast::Stage> + 'a {
    let scope = ctx.scope;
    scope
        .stage_order
        .iter()
        .filter_map(move |n| scope.stages.get(n).map(|i| i.stage))
}

fn formats(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for st in stages(ctx) {
        let own: Vec<&Format> = st
            .clauses
            .iter()
            .filter_map(|c| match c {
                StageClause::Format(f) => Some(f),
                _ => None,
            })
            .collect();
        let name = st.name.node.as_str();
        match own.as_slice() {
            [] => {
                let inherited = ctx
                    .scope
                    .stage_clauses(name)
                    .iter()
                    .any(|c| matches!(c, StageClause::Format(_)));
                // An unknown `same_as` target is reported by `names`; a missing format would cascade.
                let bad_same_as = st.clauses.iter().any(|c| {
                    matches!(c, StageClause::SameAs(t) if !ctx.scope.stages.contains_key(t.node.as_str()))
                });
                if !inherited && !bad_same_as {
                    diags.push(NO_FORMAT.at(st.name.span, &[("stage", name)]));
                }
            }
            [first, rest @ ..] => {
                for f in rest {
                    diags.push(
                        TWO_FORMATS
                            .at(format_span(f), &[("stage", name)])
                            .with_label(format_span(first), FIRST_FORMAT.plain()),
                    );
                }
            }
        }
    }
}

/// Every place reference a stage writes itself (entrants, bracket slots).
fn own_refs(st: &xqreg_grammar::ast::Stage) -> Vec<&PlaceRef> {
    let mut out = Vec::new();
    for c in &st.clauses {
        match c {
            StageClause::Entrants { sources, .. } => {
                for s in sources {
                    if let EntrantSource::Places(r) = s {
                        out.push(r);
                    }
                }
            }
            StageClause::Format(Format::Knockout(k)) => {
                for kc in &k.clauses {
                    if let KnockoutClause::Bracket { pairs, .. } = kc {
                        for slot in pairs.iter().flat_map(|(a, b)| [a, b]) {
                            if let BracketSlot::Place(r) = slot {
                                out.push(r);
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }
    out
}

fn order(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    let scope = ctx.scope;
    for st in stages(ctx) {
        let name = st.name.node.as_str();
        let Some(me) = scope.stages.get(name) else {
            continue;
        };
        let mut sources: Vec<(&xqreg_grammar::ast::Ident, Span)> = own_refs(st)
            .into_iter()
            .map(|r| (&r.stage, r.stage.span))
            .collect();
        for c in &st.clauses {
            if let StageClause::Format(Format::SamePlace { groups, .. }) = c {
                sources.extend(groups.iter().map(|g| (&g.stage, g.stage.span)));
            }
        }
        let mut reported = std::collections::BTreeSet::new();
        for (from, span) in sources {
            let Some(other) = scope.stages.get(from.node.as_str()) else {
                continue;
            };
            if !reported.insert(from.node.as_str()) {
                continue;
            }
            if other.order == me.order {
                diags.push(FROM_ITSELF.at(span, &[("stage", name)]));
            } else if other.order > me.order {
                diags.push(
                    FROM_LATER
                        .at(span, &[("stage", name), ("from", &from.node)])
                        .with_label(other.stage.name.span, DECLARED_HERE.plain()),
                );
            }
        }
        for c in &st.clauses {
            if let StageClause::Split { to, .. } = c {
                if let Some(target) = scope.stages.get(to.node.as_str()) {
                    if target.order <= me.order {
                        diags.push(
                            SPLIT_BACKWARDS.at(to.span, &[("stage", name), ("to", &to.node)]),
                        );
                    }
                }
            }
        }
    }
}

/// Every place reference of stages and places declarations, with the index of the item that
/// writes it.
fn all_refs<'a>(ctx: &Ctx<'a>) -> Vec<(usize, &'a PlaceRef)> {
    let mut out = Vec::new();
    for (i, item) in ctx.file.items.iter().enumerate() {
        match item {
            Item::Stage(st) => out.extend(own_refs(st).into_iter().map(|r| (i, r))),
            Item::Places(p) => out.extend(p.sources.iter().map(|r| (i, r))),
            _ => {}
        }
    }
    out
}

/// Whether a reference resolves (stage known, named group known).
fn resolves(ctx: &Ctx<'_>, r: &PlaceRef) -> bool {
    match ctx.scope.stages.get(r.stage.node.as_str()) {
        None => false,
        Some(info) => match &r.group {
            GroupSel::Named(g) => info.has_group(&g.node),
            GroupSel::All | GroupSel::None => true,
        },
    }
}

/// The number of places the referenced standings have, and whose they are (en, zh).
fn standings_size(ctx: &Ctx<'_>, r: &PlaceRef) -> Option<(u32, String, String)> {
    let f = ctx.facts.stages.get(r.stage.node.as_str())?;
    let stage = &r.stage.node;
    if f.groups.is_empty() {
        return f
            .entrants
            .map(|n| (n, format!("stage `{stage}`"), format!("阶段 `{stage}` ")));
    }
    let size = f.group_size?;
    let (en, zh) = match &r.group {
        GroupSel::Named(g) => (
            format!("group `{}` of `{stage}`", g.node),
            format!("`{stage}` 的小组 `{}` ", g.node),
        ),
        _ => (
            format!("each group of `{stage}`"),
            format!("`{stage}` 的每个小组"),
        ),
    };
    Some((size, en, zh))
}

fn ranges(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for (_, r) in all_refs(ctx) {
        if !resolves(ctx, r) {
            continue;
        }
        let Some((size, en, zh)) = standings_size(ctx, r) else {
            continue;
        };
        let bad = if r.places.start == 0 {
            Some(0)
        } else if r.places.end > size {
            Some(r.places.end)
        } else {
            None
        };
        if let Some(place) = bad {
            diags.push(OUT_OF_RANGE.at(
                r.places.span,
                &[
                    ("place", &place.to_string()),
                    ("whose", &en),
                    ("whose_zh", &zh),
                    ("size", &size.to_string()),
                ],
            ));
        }
    }
}

/// Expansions are capped: a reference beyond its standings is E206's, and an unknown size with a
/// huge range says nothing useful about overlaps.
const EXPAND_MAX: u32 = 1024;

/// The concrete places a resolvable, in-range reference takes: (stage, group, place).
fn expand(ctx: &Ctx<'_>, r: &PlaceRef) -> Vec<(String, String, u32)> {
    if !resolves(ctx, r) || r.places.start == 0 || range_len(&r.places) > EXPAND_MAX {
        return Vec::new();
    }
    if let Some((size, _, _)) = standings_size(ctx, r) {
        if r.places.end > size {
            return Vec::new();
        }
    }
    let groups: Vec<String> = match &r.group {
        GroupSel::Named(g) => vec![g.node.clone()],
        GroupSel::None => vec![String::new()],
        GroupSel::All => ctx
            .scope
            .stages
            .get(r.stage.node.as_str())
            .map(|i| i.groups.iter().map(|g| g.node.clone()).collect())
            .unwrap_or_default(),
    };
    let mut out = Vec::new();
    for g in &groups {
        for p in r.places.start..=r.places.end {
            out.push((r.stage.node.clone(), g.clone(), p));
        }
    }
    out
}

fn describe(stage: &str, group: &str, place: u32) -> (String, String) {
    if group.is_empty() {
        (
            format!("place {place} of `{stage}`"),
            format!("`{stage}` 的第 {place} 名"),
        )
    } else {
        (
            format!("place {place} of group `{group}` of `{stage}`"),
            format!("`{stage}` 小组 `{group}` 的第 {place} 名"),
        )
    }
}

fn taken_twice(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    // A repeat inside one stage is a bracket slot used twice (E205) or a repeated source; only
    // places that go two ways (two stages, or a stage and a declaration) are this check's.
    let mut taken: BTreeMap<(String, String, u32), (Span, usize)> = BTreeMap::new();
    for (owner, r) in all_refs(ctx) {
        let mut clash = None;
        for key in expand(ctx, r) {
            match taken.get(&key) {
                Some((first, first_owner)) => {
                    if clash.is_none() && *first_owner != owner {
                        clash = Some((key.clone(), *first));
                    }
                }
                None => {
                    taken.insert(key, (r.span, owner));
                }
            }
        }
        if let Some(((stage, group, place), first)) = clash {
            let (en, zh) = describe(&stage, &group, place);
            diags.push(
                TAKEN_TWICE
                    .at(r.span, &[("what", &en), ("what_zh", &zh)])
                    .with_label(first, TAKEN_FIRST.plain()),
            );
        }
    }
}

fn next_pow2(n: u32) -> u32 {
    n.max(1).checked_next_power_of_two().unwrap_or(n)
}

fn slot_text(slot: &BracketSlot) -> Option<String> {
    match slot {
        BracketSlot::Place(r) => {
            let g = match &r.group {
                GroupSel::Named(g) => format!(".{}", g.node),
                GroupSel::All => ".*".to_string(),
                GroupSel::None => String::new(),
            };
            Some(format!("{}{g}#{}", r.stage.node, r.places.start))
        }
        BracketSlot::Seed(n) => Some(format!("seed {}", n.node)),
        BracketSlot::Player(p) => Some(p.node.clone()),
        BracketSlot::Bye(_) => None,
    }
}

fn slot_span(slot: &BracketSlot) -> Span {
    match slot {
        BracketSlot::Place(r) => r.span,
        BracketSlot::Seed(n) => n.span,
        BracketSlot::Player(p) => p.span,
        BracketSlot::Bye(s) => *s,
    }
}

fn brackets(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for st in stages(ctx) {
        for c in &st.clauses {
            let StageClause::Format(Format::Knockout(k)) = c else {
                continue;
            };
            for kc in &k.clauses {
                match kc {
                    KnockoutClause::Bracket { pairs, span } => {
                        let n = pairs.len() as u32;
                        if !n.is_power_of_two() {
                            let pairs_s = n.to_string();
                            let next = next_pow2(n).to_string();
                            diags.push(
                                BRACKET_PAIRS.at(*span, &[("pairs", &pairs_s), ("next", &next)]),
                            );
                        }
                        let mut seen: BTreeMap<String, Span> = BTreeMap::new();
                        for (a, b) in pairs {
                            if matches!((a, b), (BracketSlot::Bye(_), BracketSlot::Bye(_))) {
                                diags.push(BYE_V_BYE.at(slot_span(a).join(slot_span(b)), &[]));
                            }
                            for slot in [a, b] {
                                if let BracketSlot::Place(r) = slot {
                                    let count = facts_count(ctx, r);
                                    if count.is_some_and(|c| c != 1) {
                                        let c = count.unwrap_or(0).to_string();
                                        diags.push(SLOT_NOT_ONE.at(r.span, &[("count", &c)]));
                                        continue;
                                    }
                                }
                                let Some(text) = slot_text(slot) else {
                                    continue;
                                };
                                match seen.get(&text) {
                                    Some(first) => diags.push(
                                        SLOT_TWICE
                                            .at(slot_span(slot), &[("slot", &text)])
                                            .with_label(*first, TAKEN_FIRST.plain()),
                                    ),
                                    None => {
                                        seen.insert(text, slot_span(slot));
                                    }
                                }
                            }
                        }
                    }
                    KnockoutClause::Seeded { size, .. }
                        if size.node < 2 || !size.node.is_power_of_two() =>
                    {
                        let s = size.node.to_string();
                        let next = next_pow2(size.node.max(2)).to_string();
                        diags.push(BRACKET_SIZE.at(size.span, &[("size", &s), ("next", &next)]));
                    }
                    KnockoutClause::Games(n) if n.node == 0 => {
                        diags.push(NO_GAMES.at(n.span, &[]));
                    }
                    KnockoutClause::Seeded { size, .. } => {
                        let entrants = ctx
                            .facts
                            .stages
                            .get(st.name.node.as_str())
                            .and_then(|f| f.entrants_from_sources);
                        if let Some(e) = entrants.filter(|e| *e > size.node) {
                            let next = next_pow2(e).to_string();
                            diags.push(BRACKET_FULL.at(
                                size.span,
                                &[
                                    ("size", &size.node.to_string()),
                                    ("entrants", &e.to_string()),
                                    ("next", &next),
                                ],
                            ));
                        }
                    }
                    _ => {}
                }
            }
        }
    }
}

/// Players a reference names when its stage resolves (the group count is known).
fn facts_count(ctx: &Ctx<'_>, r: &PlaceRef) -> Option<u32> {
    if !resolves(ctx, r) {
        return None;
    }
    super::facts::ref_count(ctx.scope, r)
}

fn same_place(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for st in stages(ctx) {
        for c in &st.clauses {
            let StageClause::Format(Format::SamePlace {
                groups,
                places,
                span,
            }) = c
            else {
                continue;
            };
            if groups.len() != 2 {
                diags.push(SAME_PLACE_COUNT.at(*span, &[("groups", &groups.len().to_string())]));
                continue;
            }
            let mut sizes = Vec::new();
            for g in groups {
                let known = ctx
                    .scope
                    .stages
                    .get(g.stage.node.as_str())
                    .is_some_and(|i| i.has_group(&g.group.node));
                let size = ctx
                    .facts
                    .stages
                    .get(g.stage.node.as_str())
                    .and_then(|f| f.group_size);
                match (known, size) {
                    (true, Some(s)) => sizes.push((s, g.span)),
                    _ => break,
                }
            }
            let [(a, _), (b, b_span)] = sizes.as_slice() else {
                continue;
            };
            if a != b {
                diags.push(
                    SAME_PLACE_SIZES.at(*b_span, &[("a", &a.to_string()), ("b", &b.to_string())]),
                );
                continue;
            }
            let total = a.saturating_mul(2);
            let len = range_len(places);
            if len != total {
                let end = places.start.saturating_add(total).saturating_sub(1);
                diags.push(SAME_PLACE_RANGE.at(
                    places.span,
                    &[
                        ("groups", "2"),
                        ("size", &a.to_string()),
                        ("total", &total.to_string()),
                        ("len", &len.to_string()),
                        ("start", &places.start.to_string()),
                        ("end", &end.to_string()),
                    ],
                ));
            }
        }
    }
}

fn places(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for st in stages(ctx) {
        let name = st.name.node.as_str();
        let Some(f) = ctx.facts.stages.get(name) else {
            continue;
        };
        if f.format == FormatKind::SamePlace {
            continue;
        }
        let Some(entrants) = f.entrants else {
            continue;
        };
        // Players that go on to a later stage (by a split or by place references) are placed
        // there: the stage may state the places of everyone, or only of those who stay.
        let onward = onward_count(ctx, name).max(f.split_top.unwrap_or(0));
        let staying = entrants.saturating_sub(onward);
        let expected = if onward > 0 && staying > 0 {
            staying
        } else {
            entrants
        };
        for c in &st.clauses {
            let StageClause::Places(r) = c else { continue };
            let len = range_len(r);
            if len != entrants && len != expected && entrants > 0 {
                let end = r.start.saturating_add(expected).saturating_sub(1);
                diags.push(PLACES_MISMATCH.at(
                    r.span,
                    &[
                        ("stage", name),
                        ("entrants", &expected.to_string()),
                        ("len", &len.to_string()),
                        ("start", &r.start.to_string()),
                        ("end", &end.to_string()),
                    ],
                ));
            }
        }
    }
}

/// How many distinct places of `stage` later stages take (entrants, bracket slots).
fn onward_count(ctx: &Ctx<'_>, stage: &str) -> u32 {
    let mut taken = std::collections::BTreeSet::new();
    for item in &ctx.file.items {
        let Item::Stage(st) = item else { continue };
        if st.name.node == stage {
            continue;
        }
        for r in own_refs(st) {
            if r.stage.node == stage {
                taken.extend(expand(ctx, r));
            }
        }
    }
    taken.len() as u32
}

fn splits(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for st in stages(ctx) {
        let name = st.name.node.as_str();
        let Some(f) = ctx.facts.stages.get(name) else {
            continue;
        };
        for c in &st.clauses {
            let StageClause::Split {
                after_round,
                top,
                to,
                span,
            } = c
            else {
                continue;
            };
            if !matches!(f.format, FormatKind::Swiss | FormatKind::Unknown) {
                diags.push(SPLIT_NOT_SWISS.at(*span, &[("stage", name)]));
                continue;
            }
            if let Some(rounds) = f.rounds {
                if after_round.node == 0 || after_round.node >= rounds {
                    diags.push(SPLIT_ROUND.at(
                        after_round.span,
                        &[
                            ("after", &after_round.node.to_string()),
                            ("stage", name),
                            ("rounds", &rounds.to_string()),
                            ("last", &rounds.saturating_sub(1).to_string()),
                        ],
                    ));
                }
            }
            if let Some(entrants) = f.entrants {
                if top.node >= entrants {
                    diags.push(SPLIT_TOP.at(
                        top.span,
                        &[
                            ("top", &top.node.to_string()),
                            ("stage", name),
                            ("entrants", &entrants.to_string()),
                        ],
                    ));
                    continue;
                }
            }
            let target_size = ctx
                .scope
                .stage_clauses(&to.node)
                .iter()
                .find_map(|c| match c {
                    StageClause::Format(Format::Knockout(k)) => {
                        k.clauses.iter().find_map(|kc| match kc {
                            KnockoutClause::Seeded { size, .. } => Some(size.node),
                            KnockoutClause::Bracket { pairs, .. } => {
                                Some((pairs.len() as u32).saturating_mul(2))
                            }
                            _ => None,
                        })
                    }
                    _ => None,
                });
            if let Some(size) = target_size {
                if top.node > size {
                    diags.push(SPLIT_TARGET.at(
                        top.span,
                        &[
                            ("top", &top.node.to_string()),
                            ("to", &to.node),
                            ("size", &size.to_string()),
                        ],
                    ));
                }
            }
        }
    }
}

fn swiss(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for st in stages(ctx) {
        let name = st.name.node.as_str();
        let Some(f) = ctx.facts.stages.get(name) else {
            continue;
        };
        // Exact entrants, else the cap bounds the field from above.
        let players = f.entrants.or(ctx.facts.cap);
        for c in &st.clauses {
            let StageClause::Format(Format::Swiss { rounds, .. }) = c else {
                continue;
            };
            match rounds {
                xqreg_grammar::ast::SwissRounds::Fixed(r) => {
                    if let Some(n) = players {
                        if r.node >= n {
                            diags.push(SWISS_ROUNDS.at(
                                r.span,
                                &[
                                    ("rounds", &r.node.to_string()),
                                    ("stage", name),
                                    ("players", &n.to_string()),
                                    ("max", &n.saturating_sub(1).to_string()),
                                ],
                            ));
                        }
                    }
                }
                xqreg_grammar::ast::SwissRounds::ByEntries(arms) => {
                    for arm in arms {
                        let top = match (arm.max, ctx.facts.cap) {
                            (Some(m), Some(c)) => Some(m.min(c)),
                            (m, c) => m.or(c),
                        };
                        if let Some(n) = top {
                            if arm.rounds.node >= n {
                                diags.push(SWISS_ARM.at(
                                    arm.rounds.span,
                                    &[
                                        ("rounds", &arm.rounds.node.to_string()),
                                        ("players", &n.to_string()),
                                        ("max", &n.saturating_sub(1).to_string()),
                                    ],
                                ));
                            }
                        }
                    }
                }
            }
        }
    }
}

fn rr_rounds(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for name in &ctx.facts.stage_order {
        let Some(f) = ctx.facts.stages.get(name) else {
            continue;
        };
        if !f.rounds_disputed {
            continue;
        }
        let (Some((scheduled, span)), Some(rounds), Some(size)) =
            (f.scheduled_rounds, f.rounds, f.group_size)
        else {
            continue;
        };
        diags.push(RR_ROUNDS.at(
            span,
            &[
                ("stage", name),
                ("scheduled", &scheduled.to_string()),
                ("size", &size.to_string()),
                ("rounds", &rounds.to_string()),
            ],
        ));
    }
}
