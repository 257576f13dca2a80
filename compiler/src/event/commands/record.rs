//! `event result` and `event correct`: results by board or by players, recorded in one
//! transaction; a correction says which games changed, which published rounds stand, and whose
//! place or points moved.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde_json::json;
use xqreg_runtime::engine::GameResult;

use crate::diagnostics::{quoted, Lang, Msg, Template};
use crate::event::codes;
use crate::event::live::Live;
use crate::event::publish::people::Teams;
use crate::event::publish::text::Tr;
use crate::event::store::StoredGame;
use crate::event::{board_of, refuse, with_event, Fail, Loaded, Res};
use xqreg_runtime::engine::results::{game_key, GameKey};

use super::games::game_json;

/// One result to record: which game (by players or by board) and what happened.
pub struct Entry {
    pub stage: String,
    pub round: u32,
    pub at: At,
    pub result: GameResult,
    pub red_fouls: u32,
    pub black_fouls: u32,
    /// Where it was written, for messages: `file.csv:3` for a results row, the game for a
    /// command line.
    pub place: String,
    /// The same in Chinese (`main 第 1 轮第 3 台` for a command line's game).
    pub place_zh: String,
    /// A results row's cells by column name, each with its column on the line (1-based).
    pub cells: Vec<(String, usize)>,
}

impl Entry {
    /// `file.csv:3:12` where the row has the cell `column`, else the place alone; in English
    /// and in Chinese.
    fn at(&self, column: &str) -> (String, String) {
        match self.cells.iter().find(|c| c.0 == column) {
            Some((_, n)) => (
                format!("{}:{n}", self.place),
                format!("{}:{n}", self.place_zh),
            ),
            None => (self.place.clone(), self.place_zh.clone()),
        }
    }
}

pub enum At {
    /// A board on the command line, and who took Red in the hall (`--red ID`) where the winner
    /// of a lot chose the colours (`colours black_chooses`).
    Board { board: u32, red: Option<String> },
    /// A results row: the players as Red and Black, and the board when the row gives one.
    Players {
        red: String,
        black: String,
        step: Option<String>,
        game: u32,
        board: Option<u32>,
    },
}

/// The stored game an entry is for, and the result in that game's colours.
/// The published games by identity and by board, and the roster's ids: built once per command,
/// so a results file of a thousand games does not search the store a thousand times.
struct Lookup<'g> {
    by_id: BTreeMap<GameKey, &'g StoredGame>,
    by_board: BTreeMap<(&'g str, u32, u32), &'g StoredGame>,
    players: BTreeSet<&'g str>,
    /// `fouls_per_game N loss`: N.
    foul_limit: Option<u32>,
    /// The language the refusals speak.
    lang: Lang,
    /// The event's plan: its stages' ids and titles, for a stage named by its title.
    plan: &'g xqreg_runtime::plan::Plan,
}

// The message catalogue of this module: compiler/messages/event/commands/record.toml.
include!(concat!(
    env!("OUT_DIR"),
    "/messages/event/commands/record.rs"
));

impl<'g> Lookup<'g> {
    fn new(games: &'g [StoredGame], l: &'g Loaded) -> Lookup<'g> {
        Lookup {
            by_id: games.iter().map(|g| (g.game.key(), g)).collect(),
            by_board: games
                .iter()
                .map(|g| ((g.game.stage.as_str(), g.game.round, g.board), g))
                .collect(),
            players: l
                .event
                .roster
                .players
                .iter()
                .map(|p| p.id.as_str())
                .collect(),
            foul_limit: l.event.plan.conduct.fouls_per_game_loss,
            lang: l.lang,
            plan: &l.event.plan,
        }
    }
}

/// The id of the stage an entry names (by id or by the title of one stage; E852 for a title
/// several share); a name that is no stage's is kept, for the game it names not to be found.
fn stage_of<'a>(look: &Lookup<'a>, e: &'a Entry) -> Res<&'a str> {
    match super::stages::named(look.plan, &e.stage) {
        super::stages::Named::Stage(id) => Ok(id),
        super::stages::Named::Shared(of) => {
            let at = e.at("stage");
            Err(super::stages::shared(
                look.plan,
                (&at.0, &at.1),
                &e.stage,
                &of,
                look.lang,
            ))
        }
        super::stages::Named::Unknown => Ok(&e.stage),
    }
}

/// The stored game an entry is for, the result and fouls, and whether the row records colours
/// the winner of a lot chose in the hall the other way round from the published ones.
type Found<'g> = (&'g StoredGame, GameResult, (u32, u32), bool);

fn find<'g>(look: &Lookup<'g>, e: &Entry) -> Res<Found<'g>> {
    let stage = stage_of(look, e)?;
    match &e.at {
        At::Board { board: b, red } => {
            let g = look
                .by_board
                .get(&(stage, e.round, *b))
                .copied()
                .ok_or_else(|| unpublished(look, e, &BOARD.fill(&[("b", &b.to_string())])))?;
            // `--red ID`: who took Red in the hall, the game's either player.
            let chosen = match red {
                None => false,
                Some(red) if *red == g.game.red => false,
                Some(red) if *red == g.game.black => turned_round(look, e, g, red, &g.game.red)?,
                Some(red) => {
                    let at = (e.place.as_str(), e.place_zh.as_str());
                    return Err(crate::event::hall::not_of_game(g, red, at, look.lang));
                }
            };
            Ok((g, e.result, (e.red_fouls, e.black_fouls), chosen))
        }
        At::Players {
            red,
            black,
            step,
            game,
            board,
        } => {
            for (column, id) in [("red", red), ("black", black)] {
                if !look.players.contains(id.as_str()) {
                    return Err(refuse(
                        &codes::E833,
                        look.lang,
                        NOT_IN_ROSTER.fill(&[("at", &e.at(column).0), ("id", &quoted(id))]),
                        NOT_IN_ROSTER_HELP,
                    ));
                }
            }
            let want = game_key(stage, e.round, red, black, step.as_deref(), *game);
            let g = look.by_id.get(&want).copied().ok_or_else(|| {
                let both = format!("{} - {}", quoted(red), quoted(black));
                unpublished(look, e, &Msg::new(both.clone(), both))
            })?;
            let chosen = turned_round(look, e, g, red, black)?;
            if let Some(b) = board.filter(|b| *b != g.board) {
                let at = e.at("board").0;
                let (b, n, r) = (b.to_string(), g.board.to_string(), g.game.round.to_string());
                let (red, black): (&str, &str) = (red, black);
                let args = [
                    ("at", at.as_str()),
                    ("b", &b),
                    ("red", red),
                    ("black", black),
                ];
                let game = [("n", n.as_str()), ("s", &g.game.stage), ("r", &r)];
                return Err(refuse(
                    &codes::E847,
                    look.lang,
                    WRONG_BOARD.fill(&[&args[..], &game[..]].concat()),
                    WRONG_BOARD_HELP,
                ));
            }
            Ok((g, e.result, (e.red_fouls, e.black_fouls), chosen))
        }
    }
}

/// Whether an entry naming `red` as Red and `black` as Black records game `g` with its published
/// colours turned round. The published colours stand: a row the other way round is a score
/// sheet to check, never a result to turn round (it may be turned round itself), E846. Unless
/// the winner of a lot chose them in the hall (`colours black_chooses`) and the game has no
/// result yet: the entry records the choice.
fn turned_round(look: &Lookup<'_>, e: &Entry, g: &StoredGame, red: &str, black: &str) -> Res<bool> {
    if g.game.red == red {
        return Ok(false);
    }
    if g.result.is_none() && crate::event::hall::chooser(look.plan, g).is_some() {
        return Ok(true);
    }
    let (at, game) = (e.at("red").0, board_of(g));
    let (r, b) = (&g.game.red, &g.game.black);
    let args = [("at", at.as_str()), ("red", red), ("black", black)];
    let published = [
        ("game", game.en.as_str()),
        ("game_zh", &game.zh),
        ("r", r),
        ("b", b),
    ];
    Err(refuse(
        &codes::E846,
        look.lang,
        SWAPPED.fill(&[&args[..], &published[..]].concat()),
        SWAPPED_HELP,
    ))
}

/// E848: the result gives a win or a draw to a player whose fouls reached the conduct's
/// `fouls_per_game N loss` (the runtime scores a simulated game of that kind lost).
fn check_fouls(
    look: &Lookup<'_>,
    e: &Entry,
    g: &StoredGame,
    result: GameResult,
    fouls: (u32, u32),
) -> Res<()> {
    let Some(side) = result.against_foul_limit(look.foul_limit, fouls) else {
        return Ok(());
    };
    let limit = look.foul_limit.unwrap_or(0);
    let (who, n) = match side {
        xqreg_runtime::plan::Side::Red => (&g.game.red, fouls.0),
        xqreg_runtime::plan::Side::Black => (&g.game.black, fouls.1),
    };
    let (at, game, res) = (e.at("result").0, board_of(g), result.notation());
    let (n, limit) = (n.to_string(), limit.to_string());
    let args = [
        ("at", at.as_str()),
        ("who", who),
        ("n", &n),
        ("game", &game.en),
        ("game_zh", &game.zh),
    ];
    let rule = [("limit", limit.as_str()), ("res", res)];
    Err(refuse(
        &codes::E848,
        look.lang,
        OVER_FOUL_LIMIT.fill(&[&args[..], &rule[..]].concat()),
        OVER_FOUL_LIMIT_HELP,
    ))
}

/// E831; a results row whose players have a published game of another stage or round (the
/// other section's game written under this one) says where that game is.
fn unpublished(look: &Lookup<'_>, e: &Entry, what: &Msg) -> Fail {
    let (at, r, s) = (e.at("stage"), e.round.to_string(), quoted(&e.stage));
    let elsewhere = match &e.at {
        At::Players { red, black, .. } => look
            .by_id
            .values()
            .find(|g| {
                (g.game.red == *red && g.game.black == *black)
                    || (g.game.red == *black && g.game.black == *red)
            })
            .map(|g| board_of(g)),
        At::Board { .. } => None,
    };
    let more = elsewhere.map_or(Msg::new("", ""), |g| {
        ELSEWHERE.fill(&[("game", &g.en), ("game_zh", &g.zh)])
    });
    let args = [
        ("at", at.0.as_str()),
        ("at_zh", &at.1),
        ("s", &s),
        ("r", &r),
        ("what", &what.en),
        ("what_zh", &what.zh),
    ];
    let more = [("more", more.en.as_str()), ("more_zh", &more.zh)];
    let message = UNPUBLISHED.fill(&[&args[..], &more[..]].concat());
    refuse(&codes::E831, look.lang, message, UNPUBLISHED_HELP)
}

/// A published game (`on`, named) with its players: `main round 1 board 3 (p2 - p7)`.
fn with_players(on: Msg, g: &StoredGame) -> Msg {
    let (red, black) = (g.game.red.as_str(), g.game.black.as_str());
    let args = [
        ("game", on.en.as_str()),
        ("game_zh", &on.zh),
        ("red", red),
        ("black", black),
    ];
    GAME_WITH_PLAYERS.fill(&args)
}

/// A refusal's message about a game at a place (`{at}`, `{game}` and their Chinese twins),
/// with `more` values.
fn at_game(t: Template, at: &(String, String), game: &Msg, more: &[(&str, &str)]) -> Msg {
    let args = [
        ("at", at.0.as_str()),
        ("at_zh", &at.1),
        ("game", &game.en),
        ("game_zh", &game.zh),
    ];
    t.fill(&[&args[..], more].concat())
}

/// A result for a game that has one (E832; `correct` is the way), a correction of a game without
/// one (E834), or a correction to the very result and fouls recorded (E851).
fn check_recorded(
    look: &Lookup<'_>,
    e: &Entry,
    g: &StoredGame,
    result: GameResult,
    fouls: (u32, u32),
    reason: Option<&str>,
) -> Res<()> {
    let game = with_players(board_of(g), g);
    let (at, result_at) = (e.at("stage"), e.at("result"));
    match (&g.result, reason) {
        (Some(_), None) => Err(refuse(
            &codes::E832,
            look.lang,
            at_game(HAS_RESULT, &at, &game, &[]),
            HAS_RESULT_HELP,
        )),
        (Some(r), Some(_)) if r.0 == result.notation() && (r.1, r.2) == fouls => Err(refuse(
            &codes::E851,
            look.lang,
            at_game(SAME_RESULT, &result_at, &game, &[("res", &r.0)]),
            SAME_RESULT_HELP,
        )),
        (None, Some(_)) => Err(refuse(
            &codes::E834,
            look.lang,
            at_game(NO_RESULT, &at, &board_of(g), &[]),
            NO_RESULT_HELP,
        )),
        _ => Ok(()),
    }
}

/// `event result` / `event correct`: record results (all or none). With `reason`, each entry
/// corrects a game that has a result; the output says which standings changed.
pub fn record(dir: &Path, entries: &[Entry], reason: Option<&str>, lang: Lang) -> Res<String> {
    if reason.is_some_and(|r| r.trim().is_empty()) {
        // The log keeps why a recorded result changed: a correction without a reason is refused.
        return Err(refuse(
            &codes::E851,
            lang,
            EMPTY_REASON.plain(),
            EMPTY_REASON_HELP,
        ));
    }
    with_event(dir, lang, |tx, mut loaded| {
        let before = reason.map(|_| loaded.replay()).transpose()?;
        let mut changed = Vec::new();
        // Corrections: each game before and after.
        let mut was: Vec<(StoredGame, StoredGame)> = Vec::new();
        let mut seen = std::collections::BTreeSet::new();
        // The results stored, by game.
        let mut now = Vec::new();
        let look = Lookup::new(&loaded.event.games, &loaded);
        for e in entries {
            let (g, result, fouls, chosen) = find(&look, e)?;
            // The game as played: in the colours chosen in the hall, where they were.
            let mut after = g.clone();
            if chosen {
                std::mem::swap(&mut after.game.red, &mut after.game.black);
            }
            check_fouls(&look, e, &after, result, fouls)?;
            check_recorded(&look, e, g, result, fouls, reason)?;
            if !seen.insert(g.id) {
                return Err(refuse(
                    &codes::E832,
                    look.lang,
                    at_game(SECOND_RESULT, &e.at("stage"), &board_of(g), &[]),
                    SECOND_RESULT_HELP,
                ));
            }
            after.result = Some((result.notation().to_string(), fouls.0, fouls.1));
            tx.set_result(&after, reason.is_some())?;
            let mut logged = game_json(&after);
            if chosen {
                // The choice turned the published colours round: `verify` and every load read
                // the game's colours from here.
                logged["colours_chosen"] = json!(true);
            }
            logged["red_fouls"] = json!(fouls.0);
            logged["black_fouls"] = json!(fouls.1);
            if reason.is_some() {
                logged["was"] = json!(g.result.as_ref().map(|r| &r.0));
                was.push((g.clone(), after.clone()));
            }
            changed.push(logged);
            now.push(after);
        }
        // The replay checks what the results imply (a result voided by a withdrawal, a published
        // game that no longer follows): a problem undoes the whole command. It runs on the games
        // as stored now, read as `load` would read them but for the log entry still to come (a
        // load would refuse the results the log has not recorded yet).
        let mut games = loaded.event.games.clone();
        for after in now {
            if let Some(g) = games.iter_mut().find(|g| g.id == after.id) {
                *g = after;
            }
        }
        let games = std::mem::replace(&mut loaded.event.games, games);
        let live = loaded.replay();
        loaded.event.games = games;
        let live = live?;
        let n = changed.len().to_string();
        let mut text = format!("{}\n", RECORDED.fill(&[("n", &n)]).get(lang));
        let mut log = json!({"results": changed});
        if let (Some(reason), Some(before)) = (reason, before) {
            let moved = changed_standings(&before, &live);
            let kept = kept_rounds(&loaded.event.games, &was);
            log = json!({"results": log["results"], "reason": reason,
                         "standings_changed": moved, "published_kept": kept});
            let teams = Teams::new(&loaded.event.plan.entry, Tr::of(lang));
            let plan = &loaded.event.plan;
            text = correction_text((plan, reason), &was, &kept, (&moved, &teams), lang);
        }
        tx.log(
            if reason.is_some() {
                "correct"
            } else {
                "result"
            },
            &log,
        )?;
        Ok(text)
    })
}

/// A place in a standings table as (place, shared); None where the player has no row (in or
/// out of the stage's field).
pub type Place = Option<(u32, bool)>;

/// A player whose place or points a correction changed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Moved {
    pub stage: String,
    pub group: Option<String>,
    pub id: String,
    pub player: String,
    /// Before and after.
    pub place: (Place, Place),
    pub points: (Option<i64>, Option<i64>),
}

/// The rows of every stage group's standings that differ between two replays, player by player.
/// A place is compared as the standings give it before any lot: players equal on points and on
/// every tie-break value share the first of their places, so a lot drawn afresh among them is
/// not a change of standings.
fn changed_standings(before: &Live, after: &Live) -> Vec<Moved> {
    let mut out = Vec::new();
    for (a, b) in before.outcome.stages.iter().zip(&after.outcome.stages) {
        for (ga, gb) in a.groups.iter().zip(&b.groups) {
            let (ra, rb) = (places_before_lots(ga), places_before_lots(gb));
            // In the order of the standings after the correction, then whoever left them.
            let ids = gb.standings.iter().map(|r| r.id.as_str()).chain(
                ga.standings
                    .iter()
                    .map(|r| r.id.as_str())
                    .filter(|id| !rb.contains_key(id)),
            );
            for id in ids {
                let (x, y) = (ra.get(id), rb.get(id));
                let place = (x.map(|r| (r.0, r.1)), y.map(|r| (r.0, r.1)));
                let points = (x.and_then(|r| r.2.points), y.and_then(|r| r.2.points));
                if place != (None, None) && (place.0 != place.1 || points.0 != points.1) {
                    out.push(Moved {
                        stage: a.name.clone(),
                        group: ga.name.clone(),
                        id: id.to_string(),
                        player: x.or(y).map(|r| r.2.player.clone()).unwrap_or_default(),
                        place,
                        points,
                    });
                }
            }
        }
    }
    out
}

/// Each row's place before lots (see [`changed_standings`]), whether it is shared, and the row.
fn places_before_lots(
    g: &xqreg_runtime::engine::GroupOutcome,
) -> BTreeMap<&str, (u32, bool, &xqreg_runtime::engine::StandingRow)> {
    let mut out = BTreeMap::new();
    let blocks = g
        .standings
        .chunk_by(|a, b| a.points == b.points && a.tiebreaks == b.tiebreaks);
    for block in blocks {
        let Some(first) = block.first() else { continue };
        let shared = block.len() > 1 || first.shared;
        for r in block {
            out.insert(r.id.as_str(), (first.place, shared, r));
        }
    }
    out
}

/// The published rounds after a corrected game in its stage: they stand as published.
fn kept_rounds(games: &[StoredGame], was: &[(StoredGame, StoredGame)]) -> Vec<(String, u32)> {
    let mut kept = BTreeSet::new();
    for (g, _) in was {
        for p in games
            .iter()
            .filter(|p| p.game.stage == g.game.stage && p.game.round > g.game.round)
        {
            kept.insert((p.game.stage.clone(), p.game.round));
        }
    }
    kept.into_iter().collect()
}

/// What `correct` prints: each game from and to, the published rounds that stand, and every
/// row of the standings that moved (a declared team by its name in `lang`).
fn correction_text(
    (plan, reason): (&xqreg_runtime::plan::Plan, &str),
    was: &[(StoredGame, StoredGame)],
    kept: &[(String, u32)],
    (moved, teams): (&[Moved], &Teams),
    lang: Lang,
) -> String {
    let mut said = Vec::new();
    let n = was.len().to_string();
    said.push(CORRECTED.fill(&[("n", &n), ("reason", reason)]));
    let res = |g: &StoredGame| g.result.as_ref().map_or("-".to_string(), |r| r.0.clone());
    for (b, a) in was {
        let game = with_players(super::super::game_of(plan, b), b);
        let (from, to) = (res(b), res(a));
        let args = [
            ("game", game.en.as_str()),
            ("game_zh", &game.zh),
            ("from", &from),
        ];
        said.push(CORRECTED_GAME.fill(&[&args[..], &[("to", to.as_str())]].concat()));
    }
    for (stage, round) in kept {
        let round = round.to_string();
        let at = [
            &super::super::stage_args(plan, stage)[..],
            &[("round", &round)],
        ]
        .concat();
        said.push(STANDS.fill(&at));
    }
    if moved.is_empty() {
        said.push(NO_STANDINGS_CHANGED.plain());
    }
    let mut head = String::new();
    let place = |p: Option<(u32, bool)>| match p {
        Some((n, shared)) => format!("{n}{}", if shared { "=" } else { "" }),
        None => "-".to_string(),
    };
    let points = |p: Option<i64>| p.map_or("-".to_string(), |p| p.to_string());
    for m in moved {
        let h = match &m.group {
            Some(g) => {
                let stage = super::super::stage_args(plan, &m.stage);
                IN_GROUP.fill(&[&stage[..], &[("group", g.as_str())]].concat())
            }
            None => {
                let [(_, id), (_, title)] = super::super::stage_args(plan, &m.stage);
                Msg::new(id, title)
            }
        };
        if h.en != head {
            said.push(STANDINGS_CHANGED.fill(&[("head", &h.en), ("head_zh", &h.zh)]));
            head = h.en;
        }
        let (a, b) = (place(m.place.0), place(m.place.1));
        let (p, q) = (points(m.points.0), points(m.points.1));
        let args = [
            ("id", m.id.as_str()),
            ("player", teams.name(&m.id).unwrap_or(&m.player)),
            ("a", &a),
            ("b", &b),
        ];
        said.push(MOVED.fill(&[&args[..], &[("p", p.as_str()), ("q", &q)]].concat()));
    }
    Msg::lines(&said, lang)
}
