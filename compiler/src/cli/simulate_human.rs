//! The human report of `xqreg simulate`, in the language of messages: one run (ranking, prizes,
//! qualifiers, how matches were decided) or `--runs K` (how often each playoff step decided,
//! lots, who finished first). Names, titles and ids come from the regulation and the roster
//! and are printed as written, but for a declared team's, which English reports give in its
//! `en` name.

mod standings;

use std::fmt::Write as _;

use unicode_width::UnicodeWidthStr;
use xqreg_runtime::engine::{Outcome, PrizeAward};
use xqreg_runtime::plan::{Plan, PrizeItem};

use super::simulate_runs::Aggregate;
use crate::diagnostics::Lang;
use crate::event::publish::people::Teams;
use crate::event::publish::text::{self, Tr};

/// `en` or `zh` by `lang`.
fn t(lang: Lang, en: &'static str, zh: &'static str) -> &'static str {
    match lang {
        Lang::En => en,
        Lang::Zh => zh,
    }
}

/// What one prize line gives a player: the money (none for a trophy-only line), the awards, and
/// the knockout round a losers' prize is for.
fn award_text(plan: &Plan, p: &PrizeAward, lang: Lang) -> String {
    let mut parts = Vec::new();
    if p.amount > 0 || p.items.is_empty() {
        parts.push(format!("{:>9} {}", p.amount, p.currency));
    }
    let tr = Tr::of(lang);
    for item in &p.items {
        // The words the published site uses (金牌, not `gold 奖牌`); an item of the
        // regulation's own is quoted, as written.
        parts.push(match item {
            PrizeItem::Other { name } => format!("\"{name}\""),
            _ => text::item(tr, item),
        });
    }
    let mut text = parts.join(t(lang, ", ", "、"));
    if let Some(b) = p.board {
        // A best-board prize: `place` is the place on this board.
        text.push_str(&match lang {
            Lang::En => format!(" (board {b})"),
            Lang::Zh => format!("（第{b}台）"),
        });
    }
    if let Some(e) = &p.eliminated {
        text.push_str(&match lang {
            Lang::En => format!(
                " (losers of {} round {})",
                stage_name(plan, &e.stage, lang),
                e.round
            ),
            Lang::Zh => format!(
                "（{} 第 {} 轮负者）",
                stage_name(plan, &e.stage, lang),
                e.round
            ),
        });
    }
    text
}

/// The outcome with each declared team under its English name (`team gusu "姑苏棋友俱乐部"
/// en "Gusu"`), for an English report; None when no team has one.
fn with_english_team_names(plan: &Plan, o: &Outcome) -> Option<Outcome> {
    if plan.entry.teams.iter().all(|t| t.name_en.is_none()) {
        return None;
    }
    let teams = Teams::new(&plan.entry, Tr::En);
    let rename = |s: &mut String| {
        if let Some(name) = teams.name(s) {
            *s = name.to_string();
        }
    };
    let mut o = o.clone();
    o.final_ranking
        .iter_mut()
        .for_each(|r| rename(&mut r.player));
    o.prizes.iter_mut().for_each(|p| rename(&mut p.player));
    o.qualifiers.iter_mut().for_each(|q| rename(&mut q.player));
    let rows = o.stages.iter_mut().flat_map(|st| &mut st.groups);
    rows.flat_map(|g| &mut g.standings)
        .for_each(|r| rename(&mut r.player));
    let units = o.derived.iter_mut().flat_map(|d| &mut d.rows);
    units.for_each(|r| rename(&mut r.unit));
    Some(o)
}

/// The report of one run.
pub(super) fn one(plan: &Plan, o: &Outcome, lang: Lang) -> String {
    let english = match lang {
        Lang::En => with_english_team_names(plan, o),
        Lang::Zh => None,
    };
    let o = english.as_ref().unwrap_or(o);
    let mut s = String::new();
    let _ = match lang {
        Lang::En => writeln!(
            s,
            "{} (seed {})",
            plan.meta.title_en.as_deref().unwrap_or(&plan.meta.title),
            o.seed
        ),
        Lang::Zh => writeln!(s, "{}（种子 {}）", plan.meta.title, o.seed),
    };
    by_entries(&mut s, plan, o, lang);
    standings::standings(&mut s, plan, o, lang);
    matches(&mut s, plan, o, lang);
    let _ = writeln!(s, "\n{}", t(lang, "Final ranking", "最终名次"));
    let id_w = width_of(o.final_ranking.iter().map(|r| r.id.as_str()));
    let mut section: Option<&str> = None;
    for r in &o.final_ranking {
        if let Some(name) = r.section.as_deref().filter(|n| section != Some(*n)) {
            // Several sections: each has its own ranking, under its name.
            let _ = writeln!(s, "  [{}]", stage_name(plan, name, lang));
            section = Some(name);
        }
        let shared = if r.shared { "=" } else { " " };
        // A team's id is its name: said once.
        let _ = if r.id == r.player {
            writeln!(s, "  {:>3}{shared} {}", r.place, r.id)
        } else {
            writeln!(
                s,
                "  {:>3}{shared} {} {}",
                r.place,
                pad(&r.id, id_w),
                r.player
            )
        };
    }
    derived(&mut s, o, lang);
    prizes(&mut s, plan, o, lang);
    if !o.qualifiers.is_empty() {
        let _ = writeln!(s, "\n{}", t(lang, "Qualifiers", "获得资格"));
        for q in &o.qualifiers {
            let cat = match &q.category {
                Some(c) => group_name(plan, c, lang),
                None => t(lang, "overall", "总名次").to_string(),
            };
            let _ = writeln!(
                s,
                "  {} {} {} ({cat})",
                crate::event::publish::model::qualification_title(plan, &q.title, Tr::of(lang)),
                q.place,
                q.player
            );
        }
    }
    let _ = match lang {
        Lang::En => writeln!(s, "\n{} games", o.games),
        Lang::Zh => writeln!(s, "\n共 {} 局", o.games),
    };
    s
}

/// Each knockout or same-place stage's matches, under the stage's name: the two sides, their
/// points in the regular games (a team match: board points) and how the match was decided, in
/// the report's language, each player as `id name`.
fn matches(s: &mut String, plan: &Plan, o: &Outcome, lang: Lang) {
    let name = crate::event::publish::matches::sides(o);
    let tr = crate::event::publish::text::Tr::of(lang);
    for stage in o.stages.iter().filter(|st| !st.matches.is_empty()) {
        let title = stage_name(plan, &stage.name, lang);
        let _ = writeln!(s, "\n{}{title}", t(lang, "Matches: ", "对阵："));
        for m in &stage.matches {
            let line = crate::event::publish::matches::match_line(m, plan, tr, &name);
            let _ = writeln!(s, "  {line}");
        }
    }
}

/// A stage as the report names it, as `event` output does: in English by its English title
/// (`stage main "联赛" en "League"`), in Chinese by its title, else by its id.
fn stage_name<'a>(plan: &'a Plan, id: &'a str, lang: Lang) -> &'a str {
    let [(_, en), (_, zh)] = crate::event::stage_args(plan, id);
    match lang {
        Lang::En => en,
        Lang::Zh => zh,
    }
}

/// A category, derived ranking or best-board table that prizes or qualifiers go by, as the site
/// names it: in English by its English title (`category high "甲组" en "Group A"`), in Chinese
/// by its title, else by its id (`high (甲组)` in English when only the Chinese title is given).
fn group_name(plan: &Plan, id: &str, lang: Lang) -> String {
    crate::event::publish::model::group_label(plan, id, crate::event::publish::text::Tr::of(lang))
}

/// The row of each table by entries that the field picked, and why (its size); the value each
/// `assume` supplies for a value to be announced.
fn by_entries(s: &mut String, plan: &Plan, o: &Outcome, lang: Lang) {
    use xqreg_runtime::plan::{StageFormat, SwissRounds};
    for st in &plan.stages {
        let StageFormat::Swiss(sw) = &st.format else {
            continue;
        };
        let name = stage_name(plan, &st.name, lang);
        for v in &sw.open {
            let Some(value) = &v.assumed else { continue };
            let (en, zh) = match v.what.as_str() {
                "rounds" => ("number of rounds", "轮数"),
                _ => ("pairing system", "编排办法"),
            };
            let _ = match lang {
                Lang::En => writeln!(
                    s,
                    "  {}: the {en} is to be announced; this run assumes {value}",
                    name
                ),
                Lang::Zh => writeln!(s, "  {}：{zh}另行通知；本次模拟假定为 {value}", name),
            };
        }
        let SwissRounds::ByEntries { arms } = &sw.rounds else {
            continue;
        };
        let Some(out) = o.stages.iter().find(|x| x.name == st.name) else {
            continue;
        };
        let n = out.groups.iter().map(|g| g.standings.len()).sum::<usize>() as u32;
        let Some(arm) = arms.iter().find(|a| a.holds(n)) else {
            continue;
        };
        let row = arm.label();
        if arm.round_robin {
            let _ = match lang {
                Lang::En => writeln!(
                    s,
                    "  {}: {n} entries are in the row `{row}: round_robin` of the table by entries: a single round robin",
                    name
                ),
                Lang::Zh => writeln!(
                    s,
                    "  {}：报名 {n} 人，属按人数定轮次表的 `{row}: round_robin` 一档：采用单循环",
                    name
                ),
            };
            continue;
        }
        let _ = match lang {
            Lang::En => writeln!(
                s,
                "  {}: {n} entries are in the row `{row}: {}` of the table by entries: {} rounds",
                name, arm.rounds, arm.rounds
            ),
            Lang::Zh => writeln!(
                s,
                "  {}：报名 {n} 人，属按人数定轮次表的 `{row}: {}` 一档：赛 {} 轮",
                name, arm.rounds, arm.rounds
            ),
        };
    }
}

/// Each ranking derived from a stage: place, unit, sum, and the members counted.
fn derived(s: &mut String, o: &Outcome, lang: Lang) {
    for d in &o.derived {
        let title = d.title.as_deref().unwrap_or(&d.name);
        let _ = writeln!(s, "\n{title} ({})", d.name);
        let unit_w = width_of(d.rows.iter().map(|r| r.unit.as_str()));
        for r in &d.rows {
            let shared = if r.shared { "=" } else { " " };
            let short = if r.complete {
                ""
            } else {
                t(lang, " short", " 人数不足")
            };
            let _ = writeln!(
                s,
                "  {:>3}{shared} {} {:>5}  ({}){short}",
                r.place,
                pad(&r.unit, unit_w),
                r.total,
                r.members.join(" ")
            );
        }
    }
}

fn prizes(s: &mut String, plan: &Plan, o: &Outcome, lang: Lang) {
    if o.prizes.is_empty() {
        return;
    }
    let overall = t(lang, "overall", "总名次");
    let _ = writeln!(s, "\n{}", t(lang, "Prizes", "奖励"));
    let cats: Vec<String> = o
        .prizes
        .iter()
        .map(|p| match &p.category {
            Some(c) => group_name(plan, c, lang),
            None => overall.to_string(),
        })
        .collect();
    let cat_w = width_of(cats.iter().map(String::as_str));
    let id_w = width_of(o.prizes.iter().map(|p| p.id.as_str()));
    let name_w = width_of(o.prizes.iter().map(|p| p.player.as_str()));
    for (p, cat) in o.prizes.iter().zip(&cats) {
        // A team's (or a unit's) id is its name: said once, in the two columns' width.
        let who = if p.id == p.player {
            pad(&p.id, id_w + 1 + name_w)
        } else {
            format!("{} {}", pad(&p.id, id_w), pad(&p.player, name_w))
        };
        let _ = writeln!(
            s,
            "  {} {:>3}{} {who} {}",
            pad(cat, cat_w),
            p.place,
            if p.shared { "=" } else { " " },
            award_text(plan, p, lang)
        );
    }
    for (cur, total) in &o.prize_totals {
        let _ = writeln!(s, "  {} {total} {cur}", t(lang, "total", "合计"));
    }
}

/// The report of `--runs K`.
pub(super) fn many(plan: &Plan, a: &Aggregate, lang: Lang) -> String {
    let mut s = String::new();
    let stopped = a.failed.len();
    let _ = match lang {
        Lang::En => writeln!(
            s,
            "{} runs, {} completed, {stopped} stopped",
            a.runs, a.completed
        ),
        Lang::Zh => writeln!(
            s,
            "共 {} 次，完成 {} 次，中止 {stopped} 次",
            a.runs, a.completed
        ),
    };
    // A section with nothing to count (no playoff in a Swiss) is left out, heading and all.
    if !a.playoff_steps.is_empty() {
        let _ = writeln!(
            s,
            "\n{}",
            t(
                lang,
                "Matches decided by playoff step (all runs)",
                "各附加赛步骤决出的对局（全部模拟）"
            )
        );
    }
    for (k, v) in &a.playoff_steps {
        let _ = writeln!(s, "  {k:<12} {v}");
    }
    let _ = writeln!(
        s,
        "\n{}{}",
        t(
            lang,
            "Runs in which a lot decided: ",
            "由抽签决定的模拟次数："
        ),
        a.runs_with_lots
    );
    if a.first_by_rating_rank_in_section.is_empty() {
        let _ = writeln!(
            s,
            "\n{}",
            t(
                lang,
                "Finished first, by rating rank in the field (1 = highest rated)",
                "按等级分排位统计第一名（1 = 等级分最高）"
            )
        );
        ranks(&mut s, &a.first_by_rating_rank, a.completed);
    }
    // An event of sections: each section's winner, ranked among that section's players.
    for (section, by_rank) in &a.first_by_rating_rank_in_section {
        let section = stage_name(plan, section, lang);
        let _ = match lang {
            Lang::En => writeln!(
                s,
                "\nFinished first in {section}, by rating rank in the section (1 = highest rated)"
            ),
            Lang::Zh => writeln!(
                s,
                "\n{section} 按等级分排位统计第一名（1 = 本组等级分最高）"
            ),
        };
        ranks(&mut s, by_rank, a.completed);
    }
    if a.fixed_roster {
        let mut firsts: Vec<_> = a.first_place.iter().collect();
        firsts.sort_by(|x, y| y.1.cmp(x.1).then(x.0.cmp(y.0)));
        let _ = writeln!(
            s,
            "\n{}",
            t(lang, "Finished first (top 10)", "获得第一名（前 10）")
        );
        for (who, n) in firsts.into_iter().take(10) {
            let _ = writeln!(s, "  {n:>6}  {who}");
        }
    }
    s
}

/// How often each rating rank finished first, the ten first ranks and the rest together.
fn ranks(s: &mut String, by_rank: &std::collections::BTreeMap<u32, u32>, completed: u32) {
    for (rank, n) in by_rank.iter().take(10) {
        let _ = writeln!(s, "  {rank:>4}  {n:>6}  {:>5.1}%", pct(*n, completed));
    }
    let rest: u32 = by_rank.values().skip(10).sum();
    if rest > 0 {
        let _ = writeln!(s, "   11+  {rest:>6}  {:>5.1}%", pct(rest, completed));
    }
}

/// `n` of `total` in percent.
fn pct(n: u32, total: u32) -> f64 {
    if total == 0 {
        0.0
    } else {
        f64::from(n) * 100.0 / f64::from(total)
    }
}

/// The widest display width among `texts` (a CJK character is two columns).
fn width_of<'a>(texts: impl Iterator<Item = &'a str>) -> usize {
    texts.map(UnicodeWidthStr::width).max().unwrap_or(0)
}

/// `text` padded with spaces to `width` display columns.
fn pad(text: &str, width: usize) -> String {
    let fill = width.saturating_sub(UnicodeWidthStr::width(text));
    format!("{text}{}", " ".repeat(fill))
}
