//! A stage in words: its format (round robin, Swiss, knockout, same-place, team), entrants,
//! group draw, pairing numbers, first round, colours, avoidance, byes and score sheets. Its
//! tie-breaks, playoffs and decided places go to the ranking clause (see `ranking`).

mod draw;
mod format;
mod pairing;

use super::method::place_ref;
use super::ranking::{playoff_clause, playoff_of, tiebreak_clause};
use super::{order, Art, Ctx};
use crate::sheet::catalogue::{words, M};
use crate::sheet::fmt;
use crate::sheet::model::Clause;
use crate::sheet::Lang;
use draw::{draw, numbers};
use format::format_text;
use xqreg_grammar::ast::{
    DrawRule, EntrantSource, Format, PlaceRange, PlayoffRef, Span, Stage, StageClause,
    TiebreakChain,
};

/// What a stage's clauses say, gathered clause by clause and put together at the end: the
/// entrants open the format sentence, and `same_as` and the draw's intro close the text.
#[derive(Default)]
struct Said {
    sentences: Vec<String>,
    entrants_text: Option<String>,
    format_at: Option<usize>,
    items: Vec<Clause>,
    ranking: Vec<Clause>,
    draw_intro: bool,
    same_as: Option<String>,
    /// Where the pairing numbers' sentence ends: a first round the stage leaves to its default is
    /// said after it.
    numbers_end: Option<usize>,
}

pub fn stage(ctx: &mut Ctx<'_>, s: &Stage) {
    ctx.mark(s.name.span);
    let title = match &s.title {
        Some(t) => ctx.tm(t),
        None => s.name.node.clone(),
    };
    let places = s.clauses.iter().find_map(|c| match c {
        StageClause::Places(r) => Some(*r),
        _ => None,
    });
    let mut said = Said::default();
    for c in &s.clauses {
        stage_clause(ctx, s, c, &title, places, &mut said);
    }
    swiss_defaults(ctx, s, &mut said);
    if says_its_defaults(ctx, s) {
        pairing::silent_defaults(ctx, s, &mut said.sentences);
    }
    push_stage(ctx, title, said);
}

/// Whether the stage prints what it runs by default: a stage `same_as` another says 其余办法同
/// that one, which says them; the regulation as issued leaves an amended stage's to the
/// supplement that overrides it.
fn says_its_defaults(ctx: &Ctx<'_>, s: &Stage) -> bool {
    let same_as = s
        .clauses
        .iter()
        .any(|c| matches!(c, StageClause::SameAs(_)));
    !same_as && !ctx.amended_stages.contains(&s.name.node)
}

/// What an individual Swiss that states no `numbers` or `first_round` runs by default, said
/// after its format as the clause would be (the runtime draws the numbers by lot, and pairs round
/// 1 as its system does without the clause: CXA 1-2, 4-3, the first-named Red; FIDE Dutch the
/// upper half against the lower): a player reads how round 1 is made. A stage `same_as` another
/// says 其余办法同 that one, which says them; the regulation as issued leaves them to a
/// supplement that overrides the stage.
fn swiss_defaults(ctx: &mut Ctx<'_>, s: &Stage, said: &mut Said) {
    let system = s.clauses.iter().find_map(|c| match c {
        StageClause::Format(Format::Swiss {
            system,
            boards: None,
            ..
        }) => Some(system.node.as_str()),
        _ => None,
    });
    let Some(system) = system else { return };
    let states = |f: fn(&StageClause) -> bool| s.clauses.iter().any(f);
    if !says_its_defaults(ctx, s) {
        return;
    }
    let after_format = said.format_at.map_or(said.sentences.len(), |i| i + 1);
    if !states(|c| matches!(c, StageClause::Numbers(_))) {
        let lot = ctx.in_words(words::numbers, "lot");
        let at = after_format.min(said.sentences.len());
        said.sentences.insert(at, lot);
        said.numbers_end = Some(at + 1);
    }
    let first = match system {
        "cxa" => Some(["adjacent", "first_listed_red", ""]),
        "dutch" => Some(["split_half", "alternate", "upper"]),
        _ => None,
    };
    if let Some([method, colours, board]) =
        first.filter(|_| !states(|c| matches!(c, StageClause::FirstRound { .. })))
    {
        let mut parts = vec![
            ctx.in_words(words::first_round, method),
            ctx.in_words(words::first_colours, colours),
        ];
        if !board.is_empty() {
            parts.push(ctx.in_words(words::first_board, board));
        }
        let sep = if ctx.lang == Lang::Zh { "，" } else { ", " };
        let sentence = ctx.mf(M::FirstRound, &[&parts.join(sep)]);
        let at = said.numbers_end.unwrap_or(after_format);
        said.sentences
            .insert(at.min(said.sentences.len()), sentence);
    }
}

/// One clause of the stage: its sentence, list items or ranking clause.
fn stage_clause(
    ctx: &mut Ctx<'_>,
    s: &Stage,
    c: &StageClause,
    title: &str,
    places: Option<PlaceRange>,
    said: &mut Said,
) {
    let sentences = &mut said.sentences;
    match c {
        StageClause::Format(f) => {
            said.format_at = Some(sentences.len());
            sentences.push(format_text(ctx, f, places, lower_number(s)));
        }
        StageClause::Entrants { sources, span } => {
            said.entrants_text = entrants_sentence(ctx, sources, *span, title)
        }
        StageClause::Time(t) if t.node == "tbd" => {
            ctx.mark(t.span);
            sentences.push(ctx.m(M::TimeTbd).to_string());
        }
        StageClause::Time(_) | StageClause::Scoring(_) => {
            // Said by the time control and scoring clauses, which list the stages using them.
        }
        // An assumption sizes simulations only: the official sheet never prints it.
        StageClause::Assume { span, .. } => ctx.mark(*span),
        // A stage of one table that only numbers its players by lot says so in a sentence: there
        // are no groups for 分组办法 / 各组 to speak of.
        StageClause::Draw(d) if !has_groups(ctx, s) && d.rules.iter().all(is_numbers) => {
            ctx.mark(d.span);
            for r in &d.rules {
                if let DrawRule::Numbers { rule, span } = r {
                    ctx.mark(*span);
                    sentences.push(ctx.word(words::numbers, rule));
                }
            }
        }
        StageClause::Draw(d) => {
            said.items.extend(draw(ctx, d));
            said.draw_intro = true;
        }
        // A team stage numbers teams (队号); by rating, by the sum of its boards' ratings.
        StageClause::Numbers(xqreg_grammar::ast::Numbers::Rule(r)) if team_boards(s).is_some() => {
            let boards = team_boards(s).unwrap_or_default().to_string();
            let key = match r.node.as_str() {
                "lot" => M::TeamNumbersLot,
                "registration_order" => M::TeamNumbersOrder,
                _ => M::TeamNumbersRating,
            };
            ctx.mark(r.span);
            sentences.push(ctx.mf(key, &[&boards]));
        }
        StageClause::Numbers(n) => {
            sentences.push(numbers(ctx, n));
            said.numbers_end = Some(sentences.len());
        }
        StageClause::Tiebreak(chain) => said.ranking.push(stage_ranking(ctx, s, chain, title)),
        StageClause::Playoff(PlayoffRef::Inline(chain)) => {
            let mut cl = playoff_clause(ctx, chain, playoff_of(s));
            // The stages that copy this one (`same_as`) and have no playoff of their own
            // play it too: all are named.
            let who = with_heirs(ctx, s, title, |c| matches!(c, StageClause::Playoff(_)));
            cl.text = ctx.mf(M::PlayoffFor, &[&who, &cl.text]);
            said.ranking.push(cl);
        }
        StageClause::Playoff(PlayoffRef::Named(_)) => {
            // Printed with the named chain, which lists the stages that use it.
        }
        StageClause::Places(r) => said.ranking.push(places_clause(ctx, s, *r, title)),
        StageClause::SameAs(other) => {
            ctx.mark(other.span);
            said.same_as = Some(ctx.stage_title(&other.node));
        }
        StageClause::Note(t) => {
            let t = ctx.tm(t);
            sentences.push(t);
        }
        StageClause::Cap { max, order, span } => {
            ctx.mark(*span);
            if let Some(o) = order {
                ctx.mark(o.span);
            }
            // No order written: the runtime admits in roster order, and the sheet says so.
            let word = order.as_ref().map_or("first_come", |o| o.node.as_str());
            let how = words::cap_order(ctx.lang, word).unwrap_or_default();
            // A stage of a category's or pool's players is a group of the event (本组).
            let key = if is_section(s) {
                M::GroupCap
            } else {
                M::StageCap
            };
            sentences.push(ctx.mf(key, &[&max.node.to_string(), how]));
        }
        // A team stage's colours: the first-named team Red on odd boards (the runtime's
        // rule, CXA 13.2); a team Swiss's format sentence says so already.
        // `colours by_board lower_number`: the smaller team number instead.
        StageClause::Colours { rule, team, span }
            if rule.node == "by_board" && team_boards(s).is_some() =>
        {
            ctx.mark(*span);
            ctx.mark(rule.span);
            if let Some(t) = team {
                ctx.mark(t.span);
            }
            let swiss = s
                .clauses
                .iter()
                .any(|c| matches!(c, StageClause::Format(Format::Swiss { .. })));
            if !swiss {
                let key = if lower_number(s) {
                    M::TeamByBoardLower
                } else {
                    M::TeamByBoard
                };
                sentences.push(ctx.m(key).to_string());
            }
        }
        other => pairing::sentence(ctx, other, s, sentences),
    }
}

/// The places a stage decides; a knockout says how the losers of the rounds not played out
/// share places.
fn places_clause(ctx: &mut Ctx<'_>, s: &Stage, r: PlaceRange, title: &str) -> Clause {
    ctx.mark(r.span);
    let p = fmt::places(ctx.lang, r);
    let shared = knockout_of(s).map_or_else(Vec::new, |k| {
        let entrants = super::ko_rounds::entrant_count(ctx, s);
        super::ko_rounds::shared_places(ctx, k, entrants, r)
    });
    // The sections that copy the clause (`same_as`) decide the same places, each its own.
    let heirs = heirs(ctx, s, title, |c| matches!(c, StageClause::Places(_)));
    let line = if shared.is_empty() && heirs.len() > 1 {
        let who = fmt::join_titles_and(ctx.lang, &heirs);
        ctx.mf(M::StagesEachDecide, &[&who, &p])
    } else if shared.is_empty() {
        ctx.mf(M::StageDecides, &[title, &p])
    } else {
        let how = fmt::join(ctx.lang, &shared);
        ctx.mf(M::StageDecidesShared, &[title, &p, &how])
    };
    Clause::text(ctx.sentence(&line))
}

/// Puts the gathered sentences together into the stage's clause, then its ranking clauses.
fn push_stage(ctx: &mut Ctx<'_>, title: String, said: Said) {
    let Said {
        mut sentences,
        entrants_text,
        format_at,
        items,
        ranking,
        draw_intro,
        same_as,
        numbers_end: _,
    } = said;
    // Entrants open the format sentence: 小组赛各组第1名进行淘汰赛.
    match (entrants_text, format_at) {
        (Some(e), Some(i)) => {
            if let Some(f) = sentences.get_mut(i) {
                *f = ctx.mf(M::EntrantsThen, &[&e, f]);
            }
        }
        (Some(e), None) => sentences.insert(0, ctx.mf(M::Entrants, &[&e])),
        (None, Some(i)) => {
            // 淘汰赛：进行淘汰赛；… says it twice: under a heading that names the knockout, the
            // sentence starts with the bracket.
            let names_it = match ctx.lang {
                Lang::Zh => title.contains("淘汰"),
                Lang::En => title.to_lowercase().contains("knockout"),
            };
            let sep = if ctx.lang == Lang::Zh { "；" } else { "; " };
            let lead = format!("{}{sep}", ctx.m(M::Knockout));
            if let Some(f) = sentences.get_mut(i).filter(|_| names_it) {
                if let Some(rest) = f.strip_prefix(&lead) {
                    *f = rest.to_string();
                }
            }
        }
        _ => {}
    }
    if let Some(o) = same_as {
        // 其余办法同… only after rules of the stage's own; a stage that says nothing else is
        // played as the other (竞赛办法同U8组).
        let own = items.is_empty() && sentences.iter().all(|x| x.is_empty());
        sentences.push(if own {
            ctx.mf(M::SameAsAll, &[&o])
        } else {
            ctx.mf(M::SameAs, &[&o])
        });
    }
    if draw_intro {
        sentences.push(ctx.m(M::DrawIntro).to_string());
    }
    let text: Vec<String> = sentences
        .iter()
        .filter(|s| !s.is_empty())
        .map(|s| ctx.sentence(s))
        .collect();
    let sep = if ctx.lang == Lang::Zh { "" } else { " " };
    let clause = Clause {
        heading: title,
        text: text.join(sep),
        items,
        ..Clause::default()
    };
    ctx.push(Art::Method, order::STAGE, clause);
    for r in ranking {
        ctx.push_in(Art::Method, order::RANKING, M::ClauseRanking, r);
    }
}

/// Who enters, unless it says nothing new: `entrants roster` is what a first stage means anyway,
/// and `entrants category open_all` in the stage 公开组 repeats its title.
fn entrants_sentence(
    ctx: &mut Ctx<'_>,
    sources: &[EntrantSource],
    span: Span,
    title: &str,
) -> Option<String> {
    ctx.mark(span);
    let list: Vec<String> = sources.iter().map(|e| entrant(ctx, e)).collect();
    let only_roster = matches!(sources, [EntrantSource::Roster(_)]);
    let joined = fmt::join(ctx.lang, &list);
    // One category or pool named as the stage is but for a bracketed remark (`U8组（男女混合）`
    // in the stage `U8组`): the heading says it, and 组别设置 gives the category's whole title.
    // A longer name (`公开组男子` in `公开组`) says who plays and stays.
    let one_group = matches!(
        sources,
        [EntrantSource::Category(_) | EntrantSource::Pool(_)]
    );
    // The group's word aside (`女子` in the stage `女子组`, `Women` in `Women's section`), it is the
    // same name too: 女子组：女子采用积分编排制 said it twice.
    let restates = joined == title
        || (one_group && (without_remark(&joined) == title || without_remark(title) == joined))
        || (one_group && group_name(&joined) == group_name(title));
    (!only_roster && !restates).then_some(joined)
}

/// A group's name without its closing bracketed remark and its word for a group (`组`,
/// `section`, `group`): `女子组` → `女子`, `Women's section` → `Women`.
fn group_name(name: &str) -> &str {
    let name = without_remark(name);
    for word in ["组", "'s section", "'s group", " section", " group"] {
        let Some(cut) = name.len().checked_sub(word.len()).filter(|&c| c > 0) else {
            continue;
        };
        let tail = name.get(cut..).unwrap_or_default();
        if tail.eq_ignore_ascii_case(word) {
            return name.get(..cut).unwrap_or(name).trim_end();
        }
    }
    name
}

/// A name without its closing bracketed remark: `U8组（男女混合）` → `U8组`.
fn without_remark(name: &str) -> &str {
    let open = if name.ends_with('）') {
        name.rfind('（')
    } else if name.ends_with(')') {
        name.rfind('(')
    } else {
        None
    };
    open.map_or(name, |i| name[..i].trim_end())
}

/// A stage of one or more categories' or pools' players: a group (组) of the event.
fn is_section(s: &Stage) -> bool {
    s.clauses.iter().any(|c| match c {
        StageClause::Entrants { sources, .. } => {
            !sources.is_empty()
                && sources
                    .iter()
                    .all(|e| matches!(e, EntrantSource::Category(_) | EntrantSource::Pool(_)))
        }
        _ => false,
    })
}

/// The stage's title, and those of the stages that copy it (`same_as`, at any depth) without a
/// clause of their own that `own` matches: the stages a rule of this one applies to
/// (`U8组、U10男子组、U10女子组`).
fn with_heirs(ctx: &Ctx<'_>, s: &Stage, title: &str, own: impl Fn(&StageClause) -> bool) -> String {
    fmt::join_titles(ctx.lang, &heirs(ctx, s, title, own))
}

/// The titles of the stage and of the stages that copy it (`same_as`) without a clause of
/// their own of that kind.
fn heirs(ctx: &Ctx<'_>, s: &Stage, title: &str, own: impl Fn(&StageClause) -> bool) -> Vec<String> {
    let mut names = vec![title.to_string()];
    for name in &ctx.names.stage_order {
        if *name == s.name.node.as_str() {
            continue;
        }
        let inherits = ctx
            .clause_owner(name, &own)
            .is_some_and(|o| std::ptr::eq(o, s));
        if inherits {
            let t = ctx.stage_title(name);
            if !names.contains(&t) {
                names.push(t);
            }
        }
    }
    names
}

/// The stage's tie-break chain as a clause of 名次区分, in team words for a team stage.
fn stage_ranking(ctx: &mut Ctx<'_>, s: &Stage, chain: &TiebreakChain, title: &str) -> Clause {
    let team = ctx.is_team_stage(&s.name.node);
    // Teams rank by match points first (场分), players by points.
    let (only, named) = if team {
        (M::RankingLeadOnlyTeam, M::RankingLeadTeam)
    } else {
        (M::RankingLeadOnly, M::RankingLead)
    };
    // One stage: the ranking needs no stage name; otherwise every stage the chain applies to
    // (this one and those that copy it with `same_as`) is named.
    // Every stage of the event sharing it is the same: 积分多者…, not 甲组、乙组：积分多者….
    let own = |c: &StageClause| matches!(c, StageClause::Tiebreak(_));
    let all = heirs(ctx, s, title, own).len() == ctx.names.stage_order.len();
    let lead = if all {
        ctx.m(only).to_string()
    } else {
        let who = with_heirs(ctx, s, title, |c| matches!(c, StageClause::Tiebreak(_)));
        ctx.mf(named, &[&who])
    };
    let mut cl = tiebreak_clause(ctx, chain, lead, team);
    cl.heading = String::new();
    // A shared place splits money the runtime pays (名次并列，奖金平分): the sheet says so where
    // the chain ends in `shared`, or a reader would not know how a tie is paid.
    let shared = chain
        .criteria
        .last()
        .is_some_and(|c| matches!(c.name.node.as_str(), "shared" | "名次并列"));
    // Its awards go to each of the tied, those of the places below it to nobody (the runtime's
    // `pay_tier`): a print shop counts two trophies for two players sharing 1st.
    let says = match (ctx.names.money_prizes, ctx.names.place_awards) {
        (true, true) => Some(M::SharedSplitsPrizesAwards),
        (true, false) => Some(M::SharedSplitsPrizes),
        (false, true) => Some(M::SharedAwardsEach),
        (false, false) => None,
    };
    if let (true, Some(says)) = (shared, says) {
        if let Some(last) = cl.items.last_mut() {
            last.text = ctx.sentence(ctx.m(says));
        }
    }
    cl
}

fn entrant(ctx: &mut Ctx<'_>, e: &EntrantSource) -> String {
    match e {
        EntrantSource::Roster(s) => {
            ctx.mark(*s);
            ctx.m(M::AllEntrants).to_string()
        }
        EntrantSource::Category(c) => {
            ctx.mark(c.span);
            ctx.category_title(&c.node)
        }
        EntrantSource::Pool(p) => {
            ctx.mark(p.span);
            ctx.pool_title(&p.node)
        }
        EntrantSource::Places(r) => place_ref(ctx, r),
        EntrantSource::Rest(s) => {
            ctx.mark(*s);
            ctx.m(M::RestOfField).to_string()
        }
    }
}

/// A team stage's boards (`team_round_robin ... boards 4`, `swiss ... boards 4`, `knockout {
/// ... boards 4 }`).
fn team_boards(s: &Stage) -> Option<u32> {
    s.clauses.iter().find_map(|c| match c {
        StageClause::Format(Format::TeamRoundRobin { boards, .. }) => Some(boards.node),
        StageClause::Format(Format::Swiss {
            boards: Some(b), ..
        }) => Some(b.node),
        StageClause::Format(Format::Knockout(k)) => k.boards().map(|b| b.node),
        _ => None,
    })
}

/// The stage says `colours by_board lower_number`: the smaller team number has Red on odd boards.
fn lower_number(s: &Stage) -> bool {
    s.clauses.iter().any(
        |c| matches!(c, StageClause::Colours { team: Some(t), .. } if t.node == "lower_number"),
    )
}

/// The stage's knockout format, if it is one.
fn knockout_of(s: &Stage) -> Option<&xqreg_grammar::ast::Knockout> {
    s.clauses.iter().find_map(StageClause::knockout)
}

/// A stage played in groups (a round robin or team round robin that names them), its own
/// format or the one it copies (`same_as`, at any depth).
fn has_groups(ctx: &Ctx<'_>, s: &Stage) -> bool {
    let mut at = Some(s);
    for _ in 0..=ctx.names.stage_order.len() {
        let Some(st) = at else { break };
        for c in &st.clauses {
            match c {
                StageClause::Format(
                    Format::RoundRobin { groups, .. } | Format::TeamRoundRobin { groups, .. },
                ) => return !groups.is_empty(),
                StageClause::Format(_) => return false,
                _ => {}
            }
        }
        at = st.clauses.iter().find_map(|c| match c {
            StageClause::SameAs(t) => ctx.names.stages.get(t.node.as_str()).copied(),
            _ => None,
        });
    }
    false
}

fn is_numbers(r: &DrawRule) -> bool {
    matches!(r, DrawRule::Numbers { .. })
}
