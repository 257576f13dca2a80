//! Best-board prizes (`board_prizes boards { from main by percentage min_games 5 ties
//! more_games, shared 1: 500 }`): the rule in one sentence (各台按得分率排列，上场不足5局者不参加
//! 评比；得分率相同……), then each board's places worded and tabled as a prize table's, without a
//! total (the lines pay every board).

use super::{prizes, Art, Ctx};
use crate::sheet::catalogue::M;
use crate::sheet::Lang;
use xqreg_grammar::ast::BoardPrizes;

/// The table's display title: its own, else 台次奖 / Best-board prizes.
pub fn title(ctx: &Ctx<'_>, b: &BoardPrizes) -> String {
    ctx.title_or(b.title.as_ref(), M::BoardTitle)
}

pub fn board_prizes(ctx: &mut Ctx<'_>, b: &BoardPrizes) {
    ctx.mark(b.name.span);
    let name = title(ctx, b);
    let rule = rule(ctx, b);
    prizes::prizes(ctx, &b.as_table());
    let lead = ctx.sentence(&rule);
    let sep = if ctx.lang == Lang::Zh { "" } else { " " };
    let each = ctx.m(M::BoardEach).to_string();
    if let Some((_, _, clause)) = ctx.buckets.get_mut(&Art::Prizes).and_then(|v| v.last_mut()) {
        clause.heading = name.clone();
        clause.text = format!("{lead}{sep}{}", clause.text);
        if let Some(t) = &mut clause.table {
            t.caption = format!("{name}{each}");
            t.foot = None;
        }
    }
}

/// 第一阶段各台（第1至4台）按得分率排列，在该台上场不足5局者不参加评比；得分率相同，依次以上场局数
/// 多者列前；仍相同，名次并列；各台名次奖励如下
fn rule(ctx: &mut Ctx<'_>, b: &BoardPrizes) -> String {
    let stage = b.from.as_ref().map_or(String::new(), |f| {
        ctx.mark(f.span);
        ctx.stage_title(&f.node)
    });
    let range = b.boards.as_ref().map_or(String::new(), |r| {
        ctx.mark(r.span);
        if r.start == r.end {
            ctx.mf(M::BoardOne, &[&r.start.to_string()])
        } else {
            ctx.mf(M::BoardRange, &[&r.start.to_string(), &r.end.to_string()])
        }
    });
    let measure = b.by.as_ref().map_or(String::new(), |by| {
        ctx.mark(by.span);
        ctx.m(if by.node == "points" {
            M::BoardByPoints
        } else {
            M::BoardByPercentage
        })
        .to_string()
    });
    let min = b.min_games.as_ref().map_or(String::new(), |m| {
        ctx.mark(m.span);
        m.node.to_string()
    });
    let mut parts = vec![ctx.mf(M::BoardRule, &[&stage, &range, &measure, &min])];
    if let Some((words, span)) = &b.ties {
        ctx.mark(*span);
        let phrase = |w: &str| match w {
            "more_games" => M::BoardMoreGames,
            "wins" => M::BoardWins,
            "points" => M::BoardPoints,
            "lots" => M::BoardLots,
            "shared" => M::BoardShared,
            _ => M::BoardPercentage,
        };
        if let Some((last, criteria)) = words.split_last() {
            let last = ctx.m(phrase(&last.node)).to_string();
            let named: Vec<String> = criteria
                .iter()
                .map(|w| ctx.m(phrase(&w.node)).to_string())
                .collect();
            // 以上场局数多者 / 依次以上场局数多者、胜局多者
            let criteria = match (ctx.lang, named.len()) {
                (Lang::Zh, 1) => format!("以{}", named.join("")),
                (Lang::Zh, _) => format!("依次以{}", named.join("、")),
                (Lang::En, _) => named.join(", then "),
            };
            parts.push(if named.is_empty() {
                ctx.mf(M::BoardTiesPlain, &[&measure, &last])
            } else {
                ctx.mf(M::BoardTies, &[&measure, &criteria, &last])
            });
        }
    }
    parts.push(ctx.m(M::BoardPaid).to_string());
    parts.join(if ctx.lang == Lang::Zh { "；" } else { "; " })
}
