//! Issue 10 item 5, one engine and two drivers: for every example, playing the event round by
//! round through `xqreg event` (pair, then the results of `simulate --seed S` for exactly the
//! published games) gives the pairings, final ranking and prizes of `simulate --seed S`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use xqreg::diagnostics::Lang;
use xqreg::event::commands::{self, At, Entry};
use xqreg::event::live::numbered_games;
use xqreg::event::roster_csv::roster_csv;
use xqreg_runtime::engine::results::game_key;
use xqreg_runtime::engine::{GameResult, GameSource, Outcome};

use super::event_rosters::EXAMPLES;
use crate::common::root;

/// Each game of an outcome by identity (stage, round, players, step, game number): its colours,
/// result and fouls.
type Games =
    BTreeMap<xqreg_runtime::engine::results::GameKey, (String, String, GameResult, u32, u32)>;

fn games_of(o: &Outcome) -> Games {
    numbered_games(o)
        .into_iter()
        .filter(|(_, _, g)| g.source != GameSource::Withdrawal)
        .map(|(stage, n, g)| {
            let id = game_key(stage, g.round, &g.red, &g.black, g.step.as_deref(), n);
            let result = GameResult::parse(g.result).expect("a notation the runtime writes");
            let game = (
                g.red.clone(),
                g.black.clone(),
                result,
                g.red_fouls,
                g.black_fouls,
            );
            (id, game)
        })
        .collect()
}

/// Play one example live with the simulated results; the failures found.
fn play_live(dir: &str, file: &str, seed: u64, work: &Path) -> Vec<String> {
    play(dir, file, seed, work).1
}

/// Play one example live to its end in `work/event` with the results of `simulate --seed`;
/// the event's directory and the failures found (publish tests reuse it).
pub fn play(dir: &str, file: &str, seed: u64, work: &Path) -> (PathBuf, Vec<String>) {
    play_batches(dir, file, seed, work, usize::MAX)
}

/// Play one example live in `work/event` with the results of `simulate --seed`: `batches`
/// published batches get their results (then one more is published and left waiting), or all
/// of them; the event's directory and the failures found.
pub fn play_batches(
    dir: &str,
    file: &str,
    seed: u64,
    work: &Path,
    batches: usize,
) -> (PathBuf, Vec<String>) {
    play_regulation(&format!("examples/{dir}/{file}"), None, seed, work, batches)
}

/// [`play_batches`] for any regulation of the repository (`rel`, from its root), on a generated
/// roster of `players` (else as many as the regulation says).
pub fn play_regulation(
    rel: &str,
    players: Option<u32>,
    seed: u64,
    work: &Path,
    batches: usize,
) -> (PathBuf, Vec<String>) {
    let dir = rel;
    let bytes = std::fs::read(root().join(rel)).expect("the regulation is readable");
    let plan = xqreg::compile::compile_bytes(rel, &bytes)
        .plan
        .expect("the regulation compiles");
    let roster = xqreg::run::generated_roster(&plan, players, seed).expect("a field");
    let sim = xqreg::run::run_plan(&plan, &roster, &Default::default(), seed).expect("simulates");
    let want = games_of(&sim);
    let roster_path = work.join("roster.csv");
    std::fs::write(&roster_path, roster_csv(&roster)).expect("writes the roster");
    let event = work.join("event");
    let regulation = root().join(rel);
    commands::new(&event, &regulation, &roster_path, seed, Lang::En)
        .map_err(|f| f.text)
        .expect("event new");
    let mut failures = Vec::new();
    let mut published = 0;
    for batch in 0..10_000 {
        let (paired, _) = commands::pair(&event, &[], Lang::En)
            .map_err(|f| f.text)
            .expect("event pair");
        if batch == batches {
            return (event, failures);
        }
        if paired.published.is_empty() {
            assert!(paired.finished, "{dir}: nothing to pair, yet not finished");
            break;
        }
        let mut entries = Vec::new();
        for g in &paired.published {
            published += 1;
            let Some((red, black, result, rf, bf)) = want.get(&g.game.key()) else {
                failures.push(format!(
                    "{dir}: published {g:?}, which simulate never played"
                ));
                continue;
            };
            if (red, black) != (&g.game.red, &g.game.black) {
                failures.push(format!(
                    "{dir}: {} round {}: published {} - {}, simulate {red} - {black}",
                    g.game.stage, g.game.round, g.game.red, g.game.black
                ));
            }
            entries.push(Entry {
                stage: g.game.stage.clone(),
                round: g.game.round,
                at: At::Players {
                    red: red.clone(),
                    black: black.clone(),
                    step: g.game.step.clone(),
                    game: g.game.game_no,
                    board: None,
                },
                result: *result,
                red_fouls: *rf,
                black_fouls: *bf,
                place: format!("{dir} test"),
                place_zh: format!("{dir} test"),
                cells: Vec::new(),
            });
        }
        if !failures.is_empty() {
            return (event, failures);
        }
        commands::record(&event, &entries, None, Lang::En)
            .map_err(|f| f.text)
            .expect("event result");
    }
    if published != want.len() {
        failures.push(format!(
            "{dir}: {published} games published, simulate played {}",
            want.len()
        ));
    }
    let live = xqreg::event::with_event(&event, Lang::En, |_, l| l.replay())
        .map_err(|f| f.text)
        .expect("replays");
    if live.outcome.final_ranking != sim.final_ranking {
        failures.push(format!("{dir}: the final ranking differs"));
    }
    if live.outcome.prizes != sim.prizes || live.outcome.qualifiers != sim.qualifiers {
        failures.push(format!("{dir}: prizes or qualifiers differ"));
    }
    (event, failures)
}

#[test]
fn live_event_gives_the_simulated_event() {
    let mut failures = Vec::new();
    for (dir, file) in EXAMPLES {
        let work = tempfile::tempdir().expect("a temporary directory");
        failures.extend(play_live(dir, file, 3, work.path()));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
