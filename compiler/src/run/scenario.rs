//! Scenario tests written in a regulation (`test "..." { roster, draw, results, expect }`): each
//! runs the compiled plan on the test's roster and results and compares what the runtime decided
//! with what the test expects. The language tests itself, as Catala does.

mod expect;

use expect::check;
use std::collections::BTreeMap;

use serde::Serialize;
use xqreg_grammar::ast::{
    self, GameOutcome, Item, PlayerAttr, ResultLine, Scenario, ScenarioRoster,
};
use xqreg_runtime::engine::{
    FixedDraw, GameResult, LineupSeat, Player, RecordedGame, RecordedLineup, RecordedResults,
    RecordedWithdrawal, RestRule, Roster, RuntimeProblem,
};
use xqreg_runtime::plan::{DeclaredTeam, Plan, Sex, Title};

use crate::diagnostics::source::SourceFile;
use crate::diagnostics::Template;
use crate::diagnostics::{Lang, Msg};
use crate::driver::FileReport;

/// The verdict of one scenario.
#[derive(Clone, Debug, Serialize)]
pub struct ScenarioOutcome {
    pub name: String,
    pub file: String,
    pub line: usize,
    pub passed: bool,
    /// What differed from the expectations, one line each, in both languages (machine outputs
    /// write the English).
    #[serde(serialize_with = "english")]
    pub failures: Vec<Msg>,
    /// Runtime problems that stopped the run (the test fails).
    #[serde(skip)]
    pub problems: Vec<RuntimeProblem>,
}

/// Every scenario of one regulation file given as bytes (`name` is how diagnostics name it); Err
/// with the file's report when it has errors and none of its tests can run. `xqreg test` and the
/// test suite both run scenarios through here.
pub fn run_file(name: &str, bytes: &[u8]) -> Result<Vec<ScenarioOutcome>, Box<FileReport>> {
    let compiled = crate::compile::compile_bytes(name, bytes);
    let Some(plan) = compiled.plan else {
        return Err(Box::new(compiled.report));
    };
    // The file compiled, so it parses and checks cleanly.
    let parsed = xqreg_grammar::parse_bytes(bytes);
    let checked = crate::check::check(&parsed.file).checked;
    Ok(run_all(&checked.file, &plan, &compiled.report.source))
}

/// Run every scenario of a checked, compiled file.
pub fn run_all(file: &ast::File, plan: &Plan, source: &SourceFile) -> Vec<ScenarioOutcome> {
    file.items
        .iter()
        .filter_map(|i| match i {
            Item::Test(s) => Some(s),
            _ => None,
        })
        .map(|s| run_one(file, s, plan, source))
        .collect()
}

fn run_one(file: &ast::File, s: &Scenario, plan: &Plan, source: &SourceFile) -> ScenarioOutcome {
    let mut out = ScenarioOutcome {
        name: s.name.zh.node.clone(),
        file: source.name.clone(),
        line: source.position(s.span.start as usize).line,
        passed: false,
        failures: Vec::new(),
        problems: Vec::new(),
    };
    let seed = s.seed.as_ref().map_or(0, |x| x.node);
    let roster = match roster(file, s, plan, seed) {
        Ok(r) => r,
        Err(problems) => {
            out.failures.extend(problems.iter().map(problem_line));
            out.problems = problems;
            return out;
        }
    };
    let results = results(s, &team_names(file, s), source);
    let with_teams = with_test_teams(file, s, plan, source);
    let plan = with_teams.as_ref().unwrap_or(plan);
    match super::run_plan(plan, &roster, &results, seed) {
        Ok(outcome) => {
            let ctx = expect::Ctx {
                outcome: &outcome,
                roster: &roster,
                teams: &plan.entry.teams,
                plan,
            };
            out.failures = s
                .expects
                .iter()
                .filter_map(|e| check(e, &ctx).err())
                .collect();
            out.passed = out.failures.is_empty();
        }
        Err(problems) => {
            out.failures
                .extend(problems.iter().map(|p| at_player(p, &roster)));
            out.problems = problems;
        }
    }
    out
}

/// [`problem_line`] of a problem at a row of the test's roster, naming the player of that row:
/// the test has no CSV whose line the problem could give.
fn at_player(p: &RuntimeProblem, roster: &Roster) -> Msg {
    let line = problem_line(p);
    let Some(player) = p.row.and_then(|row| {
        (0..roster.players.len())
            .find(|&i| roster.row_of(i) == row)
            .and_then(|i| roster.players.get(i))
    }) else {
        return line;
    };
    AT_PLAYER.fill(&[
        ("line", &line.en),
        ("line_zh", &line.zh),
        ("id", &player.id),
    ])
}

impl ScenarioOutcome {
    /// What differed, one line each, in `lang`.
    pub fn failures_in(&self, lang: Lang) -> Vec<&str> {
        self.failures.iter().map(|f| f.get(lang)).collect()
    }
}

fn english<S: serde::Serializer>(failures: &[Msg], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(failures.iter().map(|f| f.en.as_str()))
}

// The message catalogue of this module: compiler/messages/run/scenario.toml.
include!(concat!(env!("OUT_DIR"), "/messages/run/scenario.rs"));

/// A runtime problem that stopped a test's run, as a failure line in both languages.
fn problem_line(p: &RuntimeProblem) -> Msg {
    let m = super::problem_message(p);
    Msg::new(
        format!("{}: {}", p.code, m.en),
        format!("{}: {}", p.code, m.zh),
    )
}

/// The test's roster: the players the regulation names, then the test's own or those of the
/// declared roster it names (a test player with a named player's id replaces it); with neither, a
/// roster generated for the declared field.
fn roster(
    file: &ast::File,
    s: &Scenario,
    plan: &Plan,
    seed: u64,
) -> Result<Roster, Vec<RuntimeProblem>> {
    let generated = |size: Option<u32>, seed: u64| super::generated_roster(plan, size, seed);
    if let Some(ScenarioRoster::Generated { size, seed: gs, .. }) = &s.roster {
        return generated(
            size.as_ref().map(|n| n.node),
            gs.as_ref().map_or(seed, |x| x.node),
        );
    }
    // A named roster that is not declared never gets here: the checker refuses it (E708).
    if let Some((players, teams)) = file.scenario_players(s) {
        let mut out: Vec<Player> = plan.entry.players.iter().map(Player::named).collect();
        let team_names: BTreeMap<&str, &str> = teams
            .iter()
            .map(|t| (t.id.node.as_str(), t.name.zh.node.as_str()))
            .collect();
        for decl in players {
            let p = declared(decl, &team_names);
            match out.iter_mut().find(|x| x.id == p.id) {
                Some(slot) => *slot = p,
                None => out.push(p),
            }
        }
        return Ok(Roster { players: out });
    }
    let named = plan.entry.players.len() as u32;
    if named > 0 && plan.entry.field.simulated_size().is_none_or(|n| n <= named) {
        Ok(Roster {
            players: plan.entry.players.iter().map(Player::named).collect(),
        })
    } else {
        generated(None, seed)
    }
}

fn declared(decl: &ast::PlayerDecl, teams: &BTreeMap<&str, &str>) -> Player {
    let mut p = Player {
        id: decl.id.node.clone(),
        name: decl.name.zh.node.clone(),
        ..Player::default()
    };
    for attr in &decl.attrs {
        match attr {
            PlayerAttr::Unit(t) => p.unit = Some(t.zh.node.clone()),
            PlayerAttr::Pool(i) if p.pool.is_some() => p.also_pools.push(i.node.clone()),
            PlayerAttr::Pool(i) => p.pool = Some(i.node.clone()),
            PlayerAttr::Rating(n) => p.rating = Some(n.node),
            PlayerAttr::Sex(s) => p.sex = Sex::parse(&s.node),
            PlayerAttr::Born(d) => p.born = Some(d.node),
            PlayerAttr::Title(t) => p.title = Title::parse(&t.node),
            PlayerAttr::Federation(f) => p.federation = Some(f.node.clone()),
            PlayerAttr::Order(n) => p.order = Some(n.node),
            PlayerAttr::Seed(n) => p.order = p.order.or(Some(n.node)),
            PlayerAttr::Grade(n) => p.grade = Some(n.node),
            PlayerAttr::SchoolYear(n) => p.school_year = Some(n.node),
            PlayerAttr::Club(t) => p.club = Some(t.zh.node.clone()),
            PlayerAttr::Residence(t) => p.residence = Some(t.zh.node.clone()),
            PlayerAttr::Qualified(n) => p.qualified = Some(n.node),
            // A team event's teams are the roster's units.
            PlayerAttr::Team(t) => {
                p.unit = Some(
                    teams
                        .get(t.node.as_str())
                        .map_or(t.node.clone(), |n| (*n).to_string()),
                )
            }
        }
    }
    p
}

/// The plan a test runs when its roster declares teams (`team ta "甲队"`) and the regulation's
/// entry names none: the entry names the test's teams, so that its `draw`, `expect` and results
/// name a team by id as they do a declared team's (the rankings give each team's id). None when
/// the plan runs as it is.
fn with_test_teams(
    file: &ast::File,
    s: &Scenario,
    plan: &Plan,
    source: &SourceFile,
) -> Option<Plan> {
    let (_, teams) = file.scenario_players(s)?;
    if teams.is_empty() || !plan.entry.teams.is_empty() {
        return None;
    }
    let mut out = plan.clone();
    out.entry.teams = teams
        .iter()
        .map(|t| DeclaredTeam {
            id: t.id.node.clone(),
            name: t.name.zh.node.clone(),
            name_en: t.name.en.as_ref().map(|e| e.node.clone()),
            origin: source.origin(t.span),
        })
        .collect();
    Some(out)
}

/// The test roster's teams: id -> name (a team event's teams are the roster's units, by name).
fn team_names(file: &ast::File, s: &Scenario) -> BTreeMap<String, String> {
    file.scenario_players(s)
        .map(|(_, teams)| {
            teams
                .iter()
                .map(|t| (t.id.node.clone(), t.name.zh.node.clone()))
                .collect()
        })
        .unwrap_or_default()
}

fn results(s: &Scenario, teams: &BTreeMap<String, String>, source: &SourceFile) -> RecordedResults {
    let mut r = RecordedResults::default();
    // The same pair in the same round and step more than once: games 1, 2, ... of a mini-match,
    // or repeated playoff steps of one time control (blitz, then blitz again), in written order.
    let mut occurrences: BTreeMap<(String, u32, String, String, String), u32> = BTreeMap::new();
    for d in &s.draws {
        r.draws.push(FixedDraw {
            stage: d.stage.node.clone(),
            group: d.group.as_ref().map(|g| g.node.clone()),
            players: d.players.iter().map(|p| p.node.clone()).collect(),
            origin: source.origin(d.span),
        });
    }
    for line in &s.results {
        match line {
            ResultLine::Games {
                stage,
                round,
                games,
                ..
            } => {
                for g in games {
                    let (x, y) = if g.red.node <= g.black.node {
                        (g.red.node.clone(), g.black.node.clone())
                    } else {
                        (g.black.node.clone(), g.red.node.clone())
                    };
                    let step = g.playoff_step.as_ref().map(|s| s.node.clone());
                    let n = occurrences
                        .entry((
                            stage.node.clone(),
                            round.node,
                            x,
                            y,
                            step.clone().unwrap_or_default(),
                        ))
                        .or_insert(0);
                    *n += 1;
                    r.games.push(RecordedGame {
                        stage: stage.node.clone(),
                        round: round.node,
                        board: None,
                        red: g.red.node.clone(),
                        black: g.black.node.clone(),
                        result: outcome(g.outcome.node),
                        red_fouls: 0,
                        black_fouls: 0,
                        step,
                        game: Some(*n),
                        origin: source.origin(g.span),
                    });
                }
            }
            ResultLine::Fouls { player, count, .. } => {
                *r.fouls.entry(player.node.clone()).or_default() += count.node;
            }
            ResultLine::Withdraw {
                player,
                stage,
                round,
                span,
            } => r.withdrawals.push(RecordedWithdrawal {
                // A team of the test's roster withdraws by its name (the roster's unit).
                player: teams
                    .get(&player.node)
                    .cloned()
                    .unwrap_or_else(|| player.node.clone()),
                stage: stage.node.clone(),
                after_round: round.node,
                origin: source.origin(*span),
            }),
            ResultLine::Lineup {
                team,
                stage,
                round,
                players,
                ..
            } => r.lineups.push(RecordedLineup {
                stage: stage.node.clone(),
                round: round.node,
                team: teams
                    .get(&team.node)
                    .cloned()
                    .unwrap_or_else(|| team.node.clone()),
                seats: players
                    .iter()
                    .zip(1u32..)
                    .map(|(p, board)| LineupSeat {
                        board,
                        player: p.node.clone(),
                        origin: source.origin(p.span),
                    })
                    .collect(),
                origin: source.origin(team.span),
                stage_origin: source.origin(stage.span),
                round_origin: source.origin(round.span),
            }),
            ResultLine::Declines { player, .. } => r.declined.push(player.node.clone()),
            ResultLine::Rest { rule, .. } => {
                r.rest = match rule.node.as_str() {
                    "draws" => RestRule::Draws,
                    "red_wins" => RestRule::RedWins,
                    "black_wins" => RestRule::BlackWins,
                    "rating" => RestRule::Rating,
                    _ => RestRule::Simulate,
                }
            }
        }
    }
    r
}

fn outcome(o: GameOutcome) -> GameResult {
    match o {
        GameOutcome::RedWins => GameResult::RedWins,
        GameOutcome::BlackWins => GameResult::BlackWins,
        GameOutcome::Draw => GameResult::Draw,
        GameOutcome::RedWinsForfeit => GameResult::RedWinsForfeit,
        GameOutcome::BlackWinsForfeit => GameResult::BlackWinsForfeit,
        GameOutcome::DoubleForfeit => GameResult::DoubleForfeit,
    }
}
