//! Standings during a live Swiss: while a round waits for results, `event standings` and the
//! site rank the rounds before it and nothing else. Before this, the replay paired every later
//! round ahead from placeholder results, and a tie-break that reads opponents (对手分) summed
//! the opponents of those placeholder games too: believable numbers with a meaning the
//! regulation does not have.

use std::collections::BTreeMap;
use std::path::Path;

use xqreg::diagnostics::Lang;
use xqreg::event::live::Live;
use xqreg_runtime::engine::GameResult;

use super::event_live::play_batches;
use super::event_rosters::plan_of;

/// Example `dir` (seed 3) with `rounds` rounds of results entered, replayed.
fn replayed(dir: &str, rounds: usize, work: &Path) -> Live {
    let (event, failures) = play_batches(dir, "regulation.xqr", 3, work, rounds);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    xqreg::event::with_event(&event, Lang::En, |_, l| l.replay())
        .map_err(|f| f.text)
        .expect("replays")
}

#[test]
fn a_swiss_waiting_for_a_round_ranks_the_rounds_before_it() {
    let work = tempfile::tempdir().expect("a temporary directory");
    // Example 001: an 11-round CXA Swiss ranked by points, then 对手分. Three rounds get their
    // results, the fourth is published and waits.
    let live = replayed("001_nanning", 3, work.path());
    assert_eq!(live.standings_after("main"), Some(3));
    let stage = live
        .outcome
        .stages
        .iter()
        .find(|s| s.name == "main")
        .expect("the Swiss stage");

    // Points and opponents of rounds 1-3, from the games themselves.
    let plan = plan_of("001_nanning", "regulation.xqr");
    let scoring = &plan.stages[0].scoring;
    let mut points: BTreeMap<&str, i64> = BTreeMap::new();
    let mut opponents: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for g in stage.games.iter().filter(|g| g.round <= 3) {
        let (r, b, played) = match GameResult::parse(g.result).expect("a result") {
            GameResult::RedWins => (scoring.win, scoring.loss, true),
            GameResult::BlackWins => (scoring.loss, scoring.win, true),
            GameResult::Draw => (scoring.draw, scoring.draw, true),
            GameResult::RedWinsForfeit => (scoring.forfeit_win, scoring.forfeit_loss, false),
            GameResult::BlackWinsForfeit => (scoring.forfeit_loss, scoring.forfeit_win, false),
            GameResult::DoubleForfeit => (scoring.forfeit_loss, scoring.forfeit_loss, false),
        };
        *points.entry(&g.red).or_default() += r;
        *points.entry(&g.black).or_default() += b;
        // Only games played over the board name an opponent for 对手分 here; a player with a
        // forfeit or a bye is left out of that check below.
        if played {
            opponents.entry(&g.red).or_default().push(&g.black);
            opponents.entry(&g.black).or_default().push(&g.red);
        }
    }
    let rows = &stage.groups[0].standings;
    let mut checked = 0;
    for row in rows {
        let id = row.id.as_str();
        assert_eq!(row.points, Some(points[id]), "{id}: points of rounds 1-3");
        let opp = opponents.get(id).map(Vec::as_slice).unwrap_or(&[]);
        if opp.len() < 3 {
            continue; // a bye or a forfeit: 对手分 has its own rule for them, not checked here
        }
        let want: i64 = opp.iter().map(|o| points[o]).sum();
        let got = &row
            .tiebreaks
            .iter()
            .find(|t| t.criterion == "opponents_score")
            .expect("对手分 is in the chain")
            .value;
        let got = if got.halves {
            got.parts[0] / 2
        } else {
            got.parts[0]
        };
        assert_eq!(got, want, "{id}: 对手分 sums the opponents of rounds 1-3");
        checked += 1;
    }
    assert!(
        checked >= rows.len() * 9 / 10,
        "checked {checked} of {}",
        rows.len()
    );

    assert!(
        stage.games.iter().all(|g| g.round <= 4),
        "no round after the one waiting is paired ahead"
    );
    let text = xqreg::event::view::standings(&live, &plan, Some("main"), false, Lang::En);
    assert!(text.starts_with("Swiss (after round 3)\n"), "{text}");
}

#[test]
fn a_team_swiss_waiting_for_a_round_ranks_the_rounds_before_it() {
    let work = tempfile::tempdir().expect("a temporary directory");
    // Example 008: a 7-round team Swiss ranked by match points. Two rounds get their results,
    // the third is published and waits.
    let live = replayed("008_team_qualifier", 2, work.path());
    assert_eq!(live.standings_after("main"), Some(2));
    let stage = &live.outcome.stages[0];
    // Match points of rounds 1-2 only: at most two wins' worth each.
    let plan = plan_of("008_team_qualifier", "regulation.xqr");
    let most = 2 * plan.stages[0]
        .scoring
        .matches
        .as_ref()
        .expect("match points")
        .win;
    for row in &stage.groups[0].standings {
        let p = row.points.expect("match points");
        assert!(p <= most, "{}: {p} match points after two rounds", row.id);
    }
    assert!(
        stage.games.iter().all(|g| g.round <= 3),
        "nothing paired ahead"
    );
}

#[test]
fn a_round_robin_counts_only_the_games_with_a_result() {
    // Example 000's groups (single round robins of six), ranked here by 对手分 instead of
    // Sonneborn-Berger; round 1 has its results, the other four rounds wait.
    let rel = "examples/000_huaian/regulation.xqr";
    let text = std::fs::read_to_string(crate::common::root().join(rel)).expect("readable");
    let text = text.replacen("    sonneborn_berger\n", "    opponents_score\n", 1);
    let plan = xqreg::compile::compile_bytes(rel, text.as_bytes())
        .plan
        .expect("compiles");
    let roster = xqreg::run::generated_roster(&plan, None, 1).expect("a field");
    let sim = xqreg::run::run_plan(&plan, &roster, &Default::default(), 1).expect("simulates");
    let round_one: Vec<_> = sim.stages[0]
        .games
        .iter()
        .filter(|g| g.round == 1)
        .collect();
    let recorded = xqreg_runtime::engine::RecordedResults {
        games: round_one
            .iter()
            .map(|g| xqreg_runtime::engine::RecordedGame {
                stage: "groups".to_string(),
                round: 1,
                board: None,
                red: g.red.clone(),
                black: g.black.clone(),
                result: GameResult::parse(g.result).expect("a result"),
                red_fouls: 0,
                black_fouls: 0,
                step: None,
                game: None,
                origin: xqreg_runtime::plan::Origin::default_rule("test"),
            })
            .collect(),
        rest: xqreg_runtime::engine::RestRule::Pending,
        ..Default::default()
    };
    let live = xqreg::run::run_plan(&plan, &roster, &recorded, 1).expect("replays");
    let stage = &live.stages[0];
    let points = |id: &str| {
        stage
            .groups
            .iter()
            .flat_map(|g| &g.standings)
            .find(|r| r.id == id)
            .and_then(|r| r.points)
            .expect("a row")
    };
    let mut checked = 0;
    for g in &round_one {
        for (me, them) in [(&g.red, &g.black), (&g.black, &g.red)] {
            let row = stage
                .groups
                .iter()
                .flat_map(|g| &g.standings)
                .find(|r| &r.id == me)
                .expect("a row");
            let tb = &row.tiebreaks[0];
            assert_eq!(tb.criterion, "opponents_score");
            let got = if tb.value.halves {
                tb.value.parts[0] / 2
            } else {
                tb.value.parts[0]
            };
            assert_eq!(
                got,
                points(them),
                "{me}: 对手分 is its round-1 opponent's points"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 12, "six games in round 1 of two groups of six");
}

#[test]
fn a_team_round_robin_counts_only_the_matches_with_every_result() {
    let work = tempfile::tempdir().expect("a temporary directory");
    // Example 005: a team round robin ranked by match points; two rounds get their results.
    let live = replayed("005_team_league", 2, work.path());
    let plan = plan_of("005_team_league", "regulation.xqr");
    let win = plan.stages[0].scoring.matches.as_ref().map_or(2, |m| m.win);
    for row in &live.outcome.stages[0].groups[0].standings {
        let p = row.points.expect("match points");
        assert!(
            p <= 2 * win,
            "{}: {p} match points after two rounds",
            row.id
        );
    }
}
