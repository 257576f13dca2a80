//! The ranking clause (名次区分): tie-break chains as numbered lists, playoff chains as a
//! sequence of steps, the places each stage decides and places declared outside any stage.

use super::method::{place_ref, stages_using};
use super::params::params_text;
use super::words;
use super::{order, Art, Ctx};
use crate::sheet::catalogue::M;
use crate::sheet::fmt;
use crate::sheet::model::Clause;
use crate::sheet::Lang;
use xqreg_grammar::ast::{
    Criterion, Format, Ident, PlacesDecl, PlacesRule, PlayoffChain, PlayoffRef, PlayoffStep,
    Spanned, Stage, StageClause, TiebreakChain, TimeClause,
};
use xqreg_grammar::Span;

/// A criterion in words, with its variants and options; in a team stage (`team`) the words
/// that count matches where a player's criterion counts games.
pub fn criterion(ctx: &mut Ctx<'_>, c: &Criterion, team: bool) -> String {
    let lang = ctx.lang;
    ctx.mark(c.span);
    ctx.mark(c.name.span);
    let team_words = team
        .then(|| words::team_criterion(lang, &c.name.node))
        .flatten();
    let mut s = team_words
        .or_else(|| words::criterion(lang, &c.name.node))
        .unwrap_or(&c.name.node)
        .to_string();
    let mut notes = Vec::new();
    for v in &c.variants {
        ctx.mark(v.span);
        let team_words = team.then(|| words::team_variant(lang, &v.node)).flatten();
        let text = team_words.or_else(|| words::variant(lang, &v.node));
        notes.push(text.unwrap_or(&v.node).to_string());
    }
    if !c.params.is_empty() {
        notes.push(params_text(ctx, &c.params));
    }
    if !notes.is_empty() {
        s = ctx.mf(M::WithReason, &[&s, &fmt::join_clauses(lang, &notes)]);
    }
    s
}

/// A tie-break chain as a lead sentence and a numbered list (`team`: of a team stage).
pub fn tiebreak_clause(
    ctx: &mut Ctx<'_>,
    chain: &TiebreakChain,
    lead: String,
    team: bool,
) -> Clause {
    ctx.mark(chain.span);
    let items: Vec<Clause> = chain
        .criteria
        .iter()
        .map(|c| {
            let t = criterion(ctx, c, team);
            Clause::text(ctx.sentence(&t))
        })
        .collect();
    Clause {
        text: lead,
        items,
        ..Clause::default()
    }
}

/// A playoff chain: `对局胜者名次列前` and its steps in order. `games`: the regular games of a
/// match (a mini-match of 2 is won on points over both games: `两局积分高者胜出；如积分相等`).
pub fn playoff_clause(ctx: &mut Ctx<'_>, chain: &PlayoffChain, of: PlayoffOf) -> Clause {
    let games = match of {
        PlayoffOf::Match(n) => n,
        PlayoffOf::Board | PlayoffOf::TeamMatch => 1,
    };
    let board = of == PlayoffOf::Board;
    let mini_match = games > 1;
    ctx.mark(chain.span);
    let lang = ctx.lang;
    let mut items = Vec::new();
    for (i, step) in chain.steps.iter().enumerate() {
        let prefix = match of {
            PlayoffOf::TeamMatch if i == 0 => ctx.m(M::IfTeamLevel).to_string(),
            _ => step_prefix(ctx, &chain.steps, i, mini_match),
        };
        let body = step_body(ctx, step, of);
        items.push(Clause::text(ctx.sentence(&format!("{prefix}{body}"))));
    }
    let text = if board {
        ctx.m(M::EveryBoardDecided).to_string()
    } else if of == PlayoffOf::TeamMatch {
        ctx.m(M::TeamLevelMatch).to_string()
    } else if mini_match {
        ctx.mf(M::MatchWinner, &[&count_games(lang, games)])
    } else {
        ctx.m(M::WinnerPlacesHigher).to_string()
    };
    Clause {
        text,
        items,
        ..Clause::default()
    }
}

/// The words before a playoff step: `如和棋` for the first, `如仍和棋` after a drawn step, `如积分
/// 仍相等` after several games, `如仍未决出` after `earlier_game`.
fn step_prefix(ctx: &Ctx<'_>, steps: &[PlayoffStep], i: usize, mini_match: bool) -> String {
    // After `earlier_game` nothing was drawn again: the games still leave it undecided.
    let before = i.checked_sub(1).and_then(|k| steps.get(k));
    let after_earlier = matches!(before, Some(PlayoffStep::EarlierGame(_)));
    // After a step of several games the players are level on points, not drawn.
    let after_games =
        matches!(before, Some(PlayoffStep::Game { games: Some(g), .. }) if g.node > 1);
    ctx.m(match i {
        0 if mini_match => M::IfLevel,
        0 => M::IfDrawn,
        _ if after_earlier => M::IfUndecided,
        _ if after_games => M::IfLevelAgain,
        _ => M::IfDrawnAgain,
    })
    .to_string()
}

/// One playoff step's sentence, without its prefix.
fn step_body(ctx: &mut Ctx<'_>, step: &PlayoffStep, of: PlayoffOf) -> String {
    let lang = ctx.lang;
    let team = of == PlayoffOf::TeamMatch;
    match step {
        PlayoffStep::Game {
            time,
            colours,
            games,
            span,
        } => game_step(ctx, time, colours.as_ref(), games.as_ref(), *span, of),
        PlayoffStep::Armageddon {
            time,
            colours,
            span,
        } => armageddon_step(ctx, time, colours.as_ref(), *span, of),
        PlayoffStep::Lots(sp) => {
            let key = match of {
                PlayoffOf::Board => M::PlayoffLotsBoard,
                PlayoffOf::TeamMatch => M::PlayoffLotsTeam,
                PlayoffOf::Match(_) => M::PlayoffLots,
            };
            marked(ctx, *sp, key)
        }
        PlayoffStep::EarlierGame(sp) if team => marked(ctx, *sp, M::PlayoffEarlierBoard),
        PlayoffStep::EarlierGame(sp) => marked(ctx, *sp, M::PlayoffEarlierGame),
        PlayoffStep::Black(sp) if team => marked(ctx, *sp, M::PlayoffBlackTeam),
        PlayoffStep::Black(sp) => marked(ctx, *sp, M::PlayoffBlack),
        PlayoffStep::Tiebreak(ch) => {
            ctx.mark(ch.span);
            let cs: Vec<String> = ch
                .criteria
                .iter()
                .map(|c| criterion(ctx, c, false))
                .collect();
            ctx.mf(M::PlayoffTiebreak, &[&fmt::join(lang, &cs)])
        }
    }
}

/// A step's text without a variable: the step is marked as said.
fn marked(ctx: &mut Ctx<'_>, span: Span, key: M) -> String {
    ctx.mark(span);
    ctx.m(key).to_string()
}

/// A step of play: marks it and its time control, and gives the time control's title and the
/// colour rule's words.
fn step_head(
    ctx: &mut Ctx<'_>,
    time: &Ident,
    colours: Option<&Ident>,
    span: Span,
) -> (String, String) {
    ctx.mark(span);
    ctx.mark(time.span);
    let col = colour_rule(ctx, colours);
    (ctx.time_title(&time.node), col)
}

/// A playoff step of one game or several, won by the winner or on points over them.
fn game_step(
    ctx: &mut Ctx<'_>,
    time: &Ident,
    colours: Option<&Ident>,
    games: Option<&Spanned<u32>>,
    span: Span,
    of: PlayoffOf,
) -> String {
    let lang = ctx.lang;
    let (t, col) = step_head(ctx, time, colours, span);
    let n = match games {
        Some(g) => {
            ctx.mark(g.span);
            g.node
        }
        None => 1,
    };
    let noun = if n == 1 { "game" } else { "games" };
    // Several games are won on points over them (积分高者), one game by its winner.
    let key = match (of, n > 1) {
        (PlayoffOf::Board, false) => M::PlayoffGameBoard,
        (PlayoffOf::Board, true) => M::PlayoffGamesBoard,
        (PlayoffOf::TeamMatch, false) => M::PlayoffGameTeam,
        (PlayoffOf::TeamMatch, true) => M::PlayoffGamesTeam,
        (PlayoffOf::Match(_), false) => M::PlayoffGame,
        (PlayoffOf::Match(_), true) => M::PlayoffGames,
    };
    // English says the games before the colours (`play two more games (Blitz), colours
    // swapped`); Chinese the colours first (交换先后手进行两局超快棋).
    let col = match lang {
        Lang::En if !col.is_empty() => format!(", {col}"),
        _ => col,
    };
    ctx.mf(key, &[&col, &count_games(lang, n), &t, noun])
}

/// An armageddon step, with the side a draw goes to where its time control says.
fn armageddon_step(
    ctx: &mut Ctx<'_>,
    time: &Ident,
    colours: Option<&Ident>,
    span: Span,
    of: PlayoffOf,
) -> String {
    let lang = ctx.lang;
    let (t, col) = step_head(ctx, time, colours, span);
    let odds = ctx
        .names
        .times
        .get(time.node.as_str())
        .and_then(|tc| {
            tc.clauses.iter().find_map(|c| match c {
                TimeClause::DrawGoesTo(s) => Some(s.node.clone()),
                _ => None,
            })
        })
        .map(|s| words::side(lang, &s).unwrap_or("").to_string());
    let key = match of {
        PlayoffOf::Board => M::PlayoffArmageddonBoard,
        PlayoffOf::TeamMatch => M::PlayoffArmageddonTeam,
        PlayoffOf::Match(_) => M::PlayoffArmageddon,
    };
    let mut s = ctx.mf(key, &[&t, &col]);
    if let Some(side) = odds {
        s.push_str(&ctx.mf(M::ArmageddonDraw, &[&side]));
    }
    s
}

fn count_games(lang: Lang, n: u32) -> String {
    fmt::count_word(lang, u64::from(n))
}

fn colour_rule(ctx: &mut Ctx<'_>, c: Option<&xqreg_grammar::ast::Ident>) -> String {
    match c {
        Some(c) => ctx.word(words::playoff_colours, c),
        None => String::new(),
    }
}

/// A named chain prints once, under the stages that use it.
pub fn playoff_chain(ctx: &mut Ctx<'_>, p: &PlayoffChain) {
    let name = p.name.as_ref().map(|n| n.node.clone()).unwrap_or_default();
    if let Some(n) = &p.name {
        ctx.mark(n.span);
    }
    if let Some(t) = &p.title {
        ctx.mark(t.span);
    }
    let users = stages_using(
        ctx,
        |c| matches!(c, StageClause::Playoff(_)),
        |c| matches!(c, StageClause::Playoff(PlayoffRef::Named(i)) if i.node == name),
    );
    // The stages' matches: a mini-match's wording when every stage using the chain plays one
    // of the same length.
    let of: Vec<PlayoffOf> = ctx
        .names
        .stage_order
        .iter()
        .filter_map(|n| ctx.names.stages.get(n))
        .filter(|s| {
            s.clauses
                .iter()
                .any(|c| matches!(c, StageClause::Playoff(PlayoffRef::Named(i)) if i.node == name))
        })
        .map(|s| playoff_of(s))
        .collect();
    let of = match of.split_first() {
        Some((g, rest)) if rest.iter().all(|x| x == g) => *g,
        _ => PlayoffOf::Match(1),
    };
    let mut cl = playoff_clause(ctx, p, of);
    let who = if users.is_empty() {
        match &p.title {
            Some(t) => ctx.t(t),
            None => name,
        }
    } else {
        fmt::join_titles(ctx.lang, &users)
    };
    cl.text = ctx.mf(M::PlayoffFor, &[&who, &cl.text]);
    ctx.push_in(Art::Method, order::RANKING, M::ClauseRanking, cl);
}

pub fn places_decl(ctx: &mut Ctx<'_>, p: &PlacesDecl) {
    ctx.mark(p.places.span);
    let lang = ctx.lang;
    let places = fmt::places(lang, p.places);
    let srcs: Vec<String> = p.sources.iter().map(|r| place_ref(ctx, r)).collect();
    let srcs = fmt::join(lang, &srcs);
    // The regulation's own wording, when it gives one, says who shares or ranks.
    let who = match &p.title {
        Some(t) => ctx.tm(t),
        None => String::new(),
    };
    let cl = match &p.rule {
        PlacesRule::Shared(s) => {
            ctx.mark(*s);
            let first = fmt::places(
                lang,
                xqreg_grammar::ast::PlaceRange {
                    start: p.places.start,
                    end: p.places.start,
                    span: p.places.span,
                },
            );
            let text = if who.is_empty() {
                ctx.mf(M::PlacesShared, &[&places, &srcs, &first])
            } else {
                ctx.mf(M::PlayoffFor, &[&places, &who])
            };
            Clause::text(ctx.sentence(&text))
        }
        PlacesRule::Ranked(chain) => {
            // Teams of a team stage are ranked by match points (场分), as in their stage.
            let team = p.sources.iter().any(|r| ctx.is_team_stage(&r.stage.node));
            let key = if team {
                M::PlacesRankedTeam
            } else {
                M::PlacesRanked
            };
            // A sentence of its own, as the shared places' beside it: "Places 9–16: ...".
            let lead = fmt::capitalise(
                &ctx.mf(key, &[&places, if who.is_empty() { &srcs } else { &who }]),
            );
            tiebreak_clause(ctx, chain, lead, team)
        }
    };
    ctx.push_in(Art::Method, order::RANKING, M::ClauseRanking, cl);
}

/// The games of a knockout stage's match (`games 2`); 1 for any other stage.
/// What a stage's playoff decides: a match of N regular games, (a team round robin or Swiss) a
/// drawn board, or (a team knockout) a team match level on board points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PlayoffOf {
    Match(u32),
    Board,
    TeamMatch,
}

pub(super) fn playoff_of(s: &Stage) -> PlayoffOf {
    let team = s.clauses.iter().any(|c| {
        matches!(
            c,
            StageClause::Format(Format::TeamRoundRobin { .. })
                | StageClause::Format(Format::Swiss {
                    boards: Some(_),
                    ..
                })
        )
    });
    let team_knockout = s
        .clauses
        .iter()
        .any(|c| c.knockout().is_some_and(|k| k.boards().is_some()));
    if team {
        PlayoffOf::Board
    } else if team_knockout {
        PlayoffOf::TeamMatch
    } else {
        PlayoffOf::Match(knockout_games(s))
    }
}

fn knockout_games(s: &Stage) -> u32 {
    s.clauses
        .iter()
        .find_map(|c| c.knockout()?.games())
        .unwrap_or(1)
}
