//! Issue 10 at scale: a 2,000-player, 11-round CXA Swiss (example 001's regulation with its cap
//! raised to 2,000) run through the event store as an arbiter would, `event new`, then for each
//! round `pair`, the results of all its games, `standings`; then `publish` of the finished
//! event. Targets: all rounds under 30 s in all, publish under 5 s.
//!
//! The results are those `simulate` gives for the same seed (as tests/suite/event_live.rs
//! plays them), computed once outside the measured part.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use criterion::{criterion_group, criterion_main, Criterion};
use xqreg::diagnostics::Lang;
use xqreg::event::commands::{self, At, Entry};
use xqreg::event::roster_csv::roster_csv;
use xqreg_runtime::engine::results::{game_key, GameKey};
use xqreg_runtime::engine::{GameResult, GameSource, Outcome};

const PLAYERS: u32 = 2000;
const SEED: u64 = 1;

/// Each simulated game by identity: its result and fouls.
fn results_of(o: &Outcome) -> BTreeMap<GameKey, (GameResult, u32, u32)> {
    let mut out = BTreeMap::new();
    for stage in &o.stages {
        let mut n: BTreeMap<(u32, String, String, String), u32> = BTreeMap::new();
        for g in stage
            .games
            .iter()
            .filter(|g| g.source != GameSource::Withdrawal)
        {
            let (x, y) = if g.red <= g.black {
                (&g.red, &g.black)
            } else {
                (&g.black, &g.red)
            };
            let step = g.step.clone().unwrap_or_default();
            let k = n.entry((g.round, x.clone(), y.clone(), step)).or_insert(0);
            *k += 1;
            let id = game_key(
                &stage.name,
                g.round,
                &g.red,
                &g.black,
                g.step.as_deref(),
                *k,
            );
            if let Some(r) = GameResult::parse(g.result) {
                out.insert(id, (r, g.red_fouls, g.black_fouls));
            }
        }
    }
    out
}

struct Setup {
    regulation: PathBuf,
    roster: PathBuf,
    results: BTreeMap<GameKey, (GameResult, u32, u32)>,
}

/// The 2,000-player regulation and roster in `work`, and the simulated results.
fn setup(work: &Path) -> Option<Setup> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/001_nanning/regulation.xqr"
    );
    let text = std::fs::read_to_string(path).ok()?;
    let text = text.replacen(
        "cap 150 first_come",
        &format!("cap {PLAYERS} first_come"),
        1,
    );
    let regulation = work.join("regulation.xqr");
    std::fs::write(&regulation, &text).ok()?;
    let plan = xqreg::compile::compile_bytes("regulation.xqr", text.as_bytes()).plan?;
    let roster = xqreg::run::generated_roster(&plan, Some(PLAYERS), SEED).ok()?;
    let sim = xqreg::run::run_plan(&plan, &roster, &Default::default(), SEED).ok()?;
    let roster_path = work.join("roster.csv");
    std::fs::write(&roster_path, roster_csv(&roster)).ok()?;
    Some(Setup {
        regulation,
        roster: roster_path,
        results: results_of(&sim),
    })
}

/// `event new`, then pair, results and standings round by round to the end: the rounds played.
fn run_event(s: &Setup, event: &Path) -> u32 {
    let _ = std::fs::remove_dir_all(event);
    commands::new(event, &s.regulation, &s.roster, SEED, Lang::En).expect("event new");
    let mut rounds = 0;
    loop {
        let (paired, _) = commands::pair(event, &[], Lang::En).expect("event pair");
        if paired.published.is_empty() {
            assert!(paired.finished, "nothing to pair, yet not finished");
            return rounds;
        }
        rounds += 1;
        let entries: Vec<Entry> = paired
            .published
            .iter()
            .map(|g| {
                let (result, rf, bf) = s.results.get(&g.game.key()).copied().expect("simulated");
                Entry {
                    stage: g.game.stage.clone(),
                    round: g.game.round,
                    at: At::Players {
                        red: g.game.red.clone(),
                        black: g.game.black.clone(),
                        step: g.game.step.clone(),
                        game: g.game.game_no,
                        board: None,
                    },
                    result,
                    red_fouls: rf,
                    black_fouls: bf,
                    place: "bench".into(),
                    place_zh: "bench".into(),
                    cells: Vec::new(),
                }
            })
            .collect();
        commands::record(event, &entries, None, Lang::En).expect("event result");
        let standings = xqreg::event::with_event(event, Lang::En, |_, l| {
            Ok(xqreg::event::view::standings(
                &l.replay()?,
                &l.event.plan,
                None,
                false,
                Lang::En,
            ))
        })
        .expect("event standings");
        assert!(!standings.is_empty());
    }
}

fn event_2000(c: &mut Criterion) {
    let work = tempfile::tempdir().expect("a temporary directory");
    let Some(s) = setup(work.path()) else {
        eprintln!("event_2000: the 2,000-player regulation does not compile or simulate");
        return;
    };
    let event = work.path().join("event");
    let mut g = c.benchmark_group("event 2000 players");
    g.sample_size(10);
    g.bench_function("new + 11 rounds (pair, all results, standings)", |b| {
        b.iter(|| assert_eq!(run_event(&s, &event), 11))
    });
    // The finished event of the last iteration, published into a site replaced each time.
    let site = work.path().join("site");
    g.bench_function("publish the finished event", |b| {
        b.iter(|| xqreg::event::publish::publish(&event, &site, Lang::En).expect("publish"))
    });
    // (Run with a filter that skips the rounds, the event is played once here.)
    if !event.join("event.sqlite").exists() {
        run_event(&s, &event);
    }
    // Opening the store of the finished event: SQLite's page check and the whole log read
    // (every entry checked to be JSON, so that a damaged entry is refused before any command
    // acts); the log read into values, as `verify` and `export` read it; the check alone.
    g.bench_function("open the finished event's store", |b| {
        b.iter(|| xqreg::event::store::Store::open(&event, Lang::En).expect("opens"))
    });
    // `event games`: every published game with each player's points before its round (the
    // points computed once a round; once a game, this took over a minute).
    g.bench_function("list the finished event's games", |b| {
        b.iter(|| {
            xqreg::event::with_event(&event, Lang::En, |_, l| {
                let forfeits = l.replay()?.forfeits();
                let games = &l.event.games;
                let lines =
                    xqreg::event::view::lines(&l.event, (games, &forfeits), games, Lang::En);
                Ok(xqreg::event::view::human(&lines, &l.event.plan, Lang::En))
            })
            .expect("event games")
        })
    });
    let mut st = xqreg::event::store::Store::open(&event, Lang::En).expect("opens");
    g.bench_function("read the finished event's log", |b| {
        b.iter(|| st.transaction(|tx| tx.log_entries()).expect("the log"))
    });
    // What opening the store does: every entry checked to be JSON, none kept.
    g.bench_function("check the finished event's log", |b| {
        b.iter(|| st.transaction(|tx| tx.check_log()).expect("the log"))
    });
    // What every command's load adds since a game edited in the store is refused there: the
    // store's games read, and the games read against the `pair` entries of the log, their
    // results against its `result` and `correct` entries (since `damage5`).
    g.bench_function("read the finished event's games", |b| {
        b.iter(|| st.transaction(|tx| tx.games()).expect("the games"))
    });
    let games = st.transaction(|tx| tx.games()).expect("the games");
    g.bench_function("check the finished event's games against its log", |b| {
        b.iter(|| {
            let differs = st.transaction(|tx| xqreg::event::logged::unlogged(tx, &games));
            assert!(differs.expect("the check").is_none())
        })
    });
    g.finish();
}

criterion_group!(benches, event_2000);
criterion_main!(benches);
