//! Sections played side by side in one live event (docs/event.md, "Sections played side by
//! side"): each section's round is published while another section waits for its results; a
//! stage fed by a section (its final) waits for it; results files carry games of several
//! sections; and played with the results of `simulate --seed S`, the event still publishes
//! exactly simulate's pairings and ends with its ranking and prizes.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use xqreg::diagnostics::Lang;

use super::event_live::play_regulation;
use crate::common::{event_new, root, xqreg_ok as ok};

const REGULATION: &str = "tests/suite/regulations/live_sections.xqr";

/// Ten players of section A (born before 2010, a01 rated highest) and ten of section B.
pub(crate) fn sections_roster() -> String {
    let units = ["北京", "上海", "广东", "四川", "江苏"];
    let mut csv = String::from("id,name,unit,born,rating\n");
    for (section, born, top) in [("a", "1990-05", 2400), ("b", "2012-03", 1900)] {
        for i in 1..=10 {
            let unit = units.get(i % 5).copied().unwrap_or("北京");
            let rating = top - 20 * i;
            csv.push_str(&format!(
                "{section}{i:02},{section}{i},{unit},{born}-{i:02},{rating}\n"
            ));
        }
    }
    csv
}

/// A new event of `regulation` on [`sections_roster`] in `work/event` (seed 3): its directory
/// and the path of a results file beside it.
pub(crate) fn start(work: &Path, regulation: &Path) -> (String, String) {
    let roster = work.join("roster.csv");
    std::fs::write(&roster, sections_roster()).expect("writes the roster");
    let ev = work.join("event").to_string_lossy().into_owned();
    event_new(&ev, regulation, &roster, 3);
    let file = work.join("results.csv").to_string_lossy().into_owned();
    (ev, file)
}

/// The waiting games of `stages` as a results file, every game won by Red.
fn results_of(ev: &str, stages: &[&str], path: &Path) {
    results_as(ev, stages, "1-0", path);
}

/// The waiting games of `stages` as a results file, every game ending in `result`.
fn results_as(ev: &str, stages: &[&str], result: &str, path: &Path) {
    let waiting = ok(&["event", "games", ev, "--waiting", "--format", "csv"]);
    let mut lines = waiting.lines();
    let mut out = format!("{}\n", lines.next().expect("a header"));
    for line in lines {
        let mut cells: Vec<&str> = line.split(',').collect();
        if stages.contains(&cells.first().copied().unwrap_or("")) {
            if let Some(r) = cells.get_mut(5) {
                *r = result;
            }
            out.push_str(&cells.join(","));
            out.push('\n');
        }
    }
    std::fs::write(path, out).expect("writes the results");
}

/// The batch that published `stage round R` (from `event status`), if any.
fn batch_of(status: &str, stage: &str, round: u32) -> Option<u32> {
    let wanted = format!(": {stage} round {round}:");
    status.lines().find(|l| l.contains(&wanted)).and_then(|l| {
        l.trim()
            .strip_prefix("batch ")?
            .split(':')
            .next()?
            .parse()
            .ok()
    })
}

/// The stages each batch of the event published, by batch.
fn stages_by_batch(event: &Path) -> BTreeMap<i64, BTreeSet<String>> {
    let games = xqreg::event::with_event(event, Lang::En, |_, l| Ok(l.event.games.clone()))
        .map_err(|f| f.text)
        .expect("reads the event");
    let mut out: BTreeMap<i64, BTreeSet<String>> = BTreeMap::new();
    for g in games {
        out.entry(g.batch).or_default().insert(g.game.stage);
    }
    out
}

#[test]
fn sections_are_paired_side_by_side_and_the_final_waits() {
    let work = tempfile::tempdir().expect("a temporary directory");
    let (ev, file_arg) = start(work.path(), &root().join(REGULATION));
    let file = Path::new(&file_arg);
    let status = ok(&["event", "status", &ev]);
    assert!(
        status.contains(
            "next: `pair` publishes 5 game(s) of Section A round 1, 5 game(s) of Section B round 1"
        ),
        "{status}"
    );
    // Round 1 of both sections on the first morning.
    let first = ok(&["event", "pair", &ev]);
    assert!(
        first.contains("Section A round 1") && first.contains("Section B round 1"),
        "{first}"
    );
    // Section A hands in its results first: its round 2 is paired, section B's round 1 plays on.
    results_of(&ev, &["a"], file);
    ok(&["event", "result", &ev, &file_arg]);
    let second = ok(&["event", "pair", &ev]);
    assert!(
        second.contains("Section A round 2") && !second.contains("Section B round"),
        "{second}"
    );
    // One results file for both sections: A's round 2 and B's round 1.
    results_of(&ev, &["a", "b"], file);
    let recorded = ok(&["event", "result", &ev, &file_arg]);
    assert!(recorded.contains("10 result(s) recorded"), "{recorded}");
    let standings = ok(&["event", "standings", &ev]);
    assert!(
        standings.contains("Section A (after round 2)")
            && standings.contains("Section B (after round 1)"),
        "{standings}"
    );
    let third = ok(&["event", "pair", &ev]);
    assert!(
        third.contains("Section A round 3") && third.contains("Section B round 2"),
        "{third}"
    );
    // Play on to the end, every waiting game at once.
    for _ in 0..20 {
        results_of(&ev, &["a", "b", "a_final"], file);
        if std::fs::read_to_string(file)
            .unwrap_or_default()
            .lines()
            .count()
            > 1
        {
            ok(&["event", "result", &ev, &file_arg]);
        }
        if ok(&["event", "pair", &ev]).trim().is_empty() {
            break;
        }
    }
    let status = ok(&["event", "status", &ev]);
    assert!(status.contains("the event is complete"), "{status}");
    // The final was paired only once section A's last round had its results.
    let last_of_a = batch_of(&status, "Section A", 5).expect("a round 5 published");
    let final_first = batch_of(&status, "Section A final", 1).expect("the final published");
    assert!(final_first > last_of_a, "{status}");
    ok(&["event", "verify", &ev]);
}

#[test]
fn pair_stage_publishes_only_the_sections_it_names() {
    let work = tempfile::tempdir().expect("a temporary directory");
    let (ev, file_arg) = start(work.path(), &root().join(REGULATION));
    let file = Path::new(&file_arg);
    // The younger section starts in the afternoon: only section A's round 1 this morning.
    let first = ok(&["event", "pair", &ev, "--stage", "a"]);
    assert!(
        first.contains("Section A round 1") && !first.contains("Section B round"),
        "{first}"
    );
    // Section B now, then nothing more for B until its results: why, for the named stage.
    let b = ok(&["event", "pair", &ev, "--stage", "b"]);
    assert!(
        b.contains("Section B round 1") && !b.contains("Section A round"),
        "{b}"
    );
    let again = crate::common::xqreg(&["event", "pair", &ev, "--stage", "b", "--lang", "en"]);
    assert!(again.status.success());
    let why = String::from_utf8_lossy(&again.stderr);
    assert!(
        why.contains("nothing to pair in `b`: 5 of its published game(s) wait for results"),
        "{why}"
    );
    assert!(String::from_utf8_lossy(&again.stdout).trim().is_empty());
    // Section A's results in: `--stage b` still publishes nothing of A, `pair` alone does.
    results_of(&ev, &["a"], file);
    ok(&["event", "result", &ev, &file_arg]);
    let held = ok(&["event", "pair", &ev, "--stage", "b"]);
    assert!(!held.contains("Section A round 2"), "{held}");
    let final_ = crate::common::xqreg(&["event", "pair", &ev, "--stage", "a_final"]);
    let why = String::from_utf8_lossy(&final_.stderr);
    assert!(
        why.contains("nothing to pair in `a_final`: it waits for the stages before it"),
        "{why}"
    );
    assert!(ok(&["event", "pair", &ev]).contains("Section A round 2"));
    // Batches that published one section each verify as any other.
    ok(&["event", "verify", &ev]);
}

#[test]
fn sections_side_by_side_give_the_simulated_event() {
    for seed in 1..=3 {
        let work = tempfile::tempdir().expect("a temporary directory");
        let (event, failures) = play_regulation(REGULATION, None, seed, work.path(), usize::MAX);
        assert!(failures.is_empty(), "{}", failures.join("\n"));
        // Some batch published rounds of both sections: the event did not play them in turn.
        let both = stages_by_batch(&event).values().any(|s| s.len() > 1);
        assert!(both, "seed {seed}: no batch paired both sections");
    }
}

/// Sections whose pairing numbers are drawn by lot (seed 002's amateur sections, `numbers lot`)
/// are played side by side too: each stage draws its lots from a stream of its own, so a
/// section's lot never waits for another section's results (with one stream in stage order it
/// did: every batch then held one section).
#[test]
fn sections_numbered_by_lot_are_played_side_by_side() {
    let work = tempfile::tempdir().expect("a temporary directory");
    let rel = "examples/002_sichuan/amateur.xqr";
    let (event, failures) = play_regulation(rel, None, 3, work.path(), usize::MAX);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let stages_of = stages_by_batch(&event);
    assert!(
        stages_of.values().any(|s| s.len() > 1),
        "every batch paired one section: {stages_of:?}"
    );
}

/// What an event started before streams of lots per stage has in its store: no `lots`, so its
/// replay draws every lot from one stream in stage order, as its published draws were.
fn as_started_with_one_stream(ev: &str) {
    let db = rusqlite::Connection::open(Path::new(ev).join("event.sqlite")).expect("opens");
    db.execute("DELETE FROM meta WHERE key = 'lots'", [])
        .expect("edits the store");
}

/// Four sections (two FIDE Dutch, two CXA), numbered by rating and by registration: played
/// side by side, with simulate's pairings, ranking and prizes.
#[test]
fn four_youth_sections_side_by_side_give_the_simulated_event() {
    let work = tempfile::tempdir().expect("a temporary directory");
    let rel = "tests/scenarios/newcomer2_youth_swiss.xqr";
    let (event, failures) = play_regulation(rel, Some(80), 2, work.path(), usize::MAX);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let widest = stages_by_batch(&event).values().map(BTreeSet::len).max();
    assert_eq!(
        widest,
        Some(4),
        "the four sections were never paired together"
    );
}

/// An event an older xqreg paired one stage at a time (its first batch holds section A's round 1
/// only, section B's waiting for A's last round) verifies, and `pair` now publishes B's round 1
/// beside it.
#[test]
fn an_event_paired_one_section_at_a_time_verifies_and_goes_on_side_by_side() {
    let work = tempfile::tempdir().expect("a temporary directory");
    let (ev, _) = start(work.path(), &root().join(REGULATION));
    ok(&["event", "pair", &ev]);
    // What the older `pair` stored: the same batch without section B.
    let db = rusqlite::Connection::open(Path::new(&ev).join("event.sqlite")).expect("opens");
    db.execute("DELETE FROM games WHERE stage = 'b'", [])
        .expect("edits the games");
    crate::common::edit_pair_log(&db, 0, |v| {
        if let Some(games) = v["published"].as_array_mut() {
            games.retain(|g| g["stage"] == "a");
        }
    });
    drop(db);
    ok(&["event", "verify", &ev]);
    let second = ok(&["event", "pair", &ev]);
    assert!(
        second.contains("Section B round 1") && !second.contains("Section A round"),
        "{second}"
    );
    let verified = ok(&["event", "verify", &ev]);
    assert!(verified.contains("in 2 batches"), "{verified}");
}

/// In an event of one stream of lots, section B, every game drawn, finishes while section A
/// waits for its round 1: its players are tied on every criterion, so the lot orders them, and
/// that lot is drawn for good only once section A (and its final) are complete. `standings` says
/// so until then. With a stream per stage (an event started now) B's lot is B's own: no note.
#[test]
fn a_lot_of_a_section_finished_ahead_is_drawn_once_the_stages_before_it_are_complete() {
    let work = tempfile::tempdir().expect("a temporary directory");
    let (ev, file_arg) = start(work.path(), &root().join(REGULATION));
    as_started_with_one_stream(&ev);
    let file = Path::new(&file_arg);
    let note =
        "Section B (complete; a lot it draws is drawn for good once the stages before it are complete)";
    for _ in 0..5 {
        ok(&["event", "pair", &ev]);
        results_as(&ev, &["b"], "=", file);
        ok(&["event", "result", &ev, &file_arg]);
    }
    let standings = ok(&["event", "standings", &ev, "--stage", "b"]);
    assert!(standings.starts_with(note), "{standings}");
    let site_note = |ev: &str| {
        let site = Path::new(ev).with_file_name("site");
        ok(&["event", "publish", ev, "-o", &site.to_string_lossy()]);
        let page = |lang: &str| {
            std::fs::read_to_string(site.join(lang).join("stage-3.html")).expect("b's page")
        };
        (
            page("en").contains("Provisional: every result is in, but a lot"),
            page("zh").contains("暂列：本阶段成绩已全部录入"),
        )
    };
    assert_eq!(site_note(&ev), (true, true));
    for _ in 0..20 {
        results_of(&ev, &["a", "a_final"], file);
        ok(&["event", "result", &ev, &file_arg]);
        if ok(&["event", "pair", &ev]).trim().is_empty() {
            break;
        }
    }
    let status = ok(&["event", "status", &ev]);
    assert!(status.contains("the event is complete"), "{status}");
    let standings = ok(&["event", "standings", &ev, "--stage", "b"]);
    assert!(standings.starts_with("Section B\n"), "{standings}");
    assert_eq!(site_note(&ev), (false, false));
}

/// The same section B in an event started now: its lots come from its own stream, so once its
/// last result is in its standings are final, whatever section A still waits for.
#[test]
fn a_section_finished_ahead_is_final_with_a_stream_per_stage() {
    let work = tempfile::tempdir().expect("a temporary directory");
    let (ev, file_arg) = start(work.path(), &root().join(REGULATION));
    let file = Path::new(&file_arg);
    for _ in 0..5 {
        ok(&["event", "pair", &ev]);
        results_as(&ev, &["b"], "=", file);
        ok(&["event", "result", &ev, &file_arg]);
    }
    let status = ok(&["event", "status", &ev]);
    assert!(!status.contains("the event is complete"), "{status}");
    let standings = ok(&["event", "standings", &ev, "--stage", "b"]);
    assert!(standings.starts_with("Section B\n"), "{standings}");
}

/// The plan's part of "may go ahead": a field from the roster alone, and the players a stage can
/// ever hold. A final fed by a section, a split's target, same-place matches and knockouts of
/// group places are fed by another stage; a final holds at most its section's players; two
/// stages of the whole roster share them all.
#[test]
fn what_a_stage_takes_from_other_stages() {
    use xqreg_runtime::engine::ahead::{field_bounds, from_roster_alone};
    let plan_at = |rel: &str| {
        let bytes = std::fs::read(root().join(rel)).expect("readable");
        xqreg::compile::compile_bytes(rel, &bytes)
            .plan
            .expect("compiles")
    };
    let alone = |rel: &str| -> Vec<(String, bool)> {
        let plan = plan_at(rel);
        plan.stages
            .iter()
            .map(|s| (s.name.clone(), from_roster_alone(&plan, s)))
            .collect()
    };
    let pairs = |v: &[(&str, bool)]| -> Vec<(String, bool)> {
        v.iter().map(|(n, b)| (n.to_string(), *b)).collect()
    };
    assert_eq!(
        alone(REGULATION),
        pairs(&[("a", true), ("a_final", false), ("b", true)])
    );
    assert_eq!(
        alone("examples/004_zhouzhuang/regulation.xqr"),
        pairs(&[("groups", true), ("final_a", false), ("final_b", false)])
    );
    assert_eq!(
        alone("tests/scenarios/split_target_without_entrants.xqr"),
        pairs(&[("main", true), ("top_ko", false)])
    );
    assert!(alone("examples/000_huaian/regulation.xqr")
        .iter()
        .any(|(n, b)| n == "final" && !b));
    assert!(alone("examples/002_sichuan/amateur.xqr")
        .iter()
        .all(|(_, b)| *b));

    let plan = plan_at(REGULATION);
    let roster = xqreg::run::csv_input::read_roster("roster.csv", sections_roster().as_bytes())
        .expect("a roster");
    let bounds = field_bounds(&plan, &roster);
    let (a, fin, b) = match bounds.as_slice() {
        [Some(a), Some(fin), Some(b)] => (a, fin, b),
        other => panic!("every field bounded: {other:?}"),
    };
    assert_eq!((a.len(), b.len()), (10, 10));
    assert!(a.is_disjoint(b) && fin == a);
    let everyone = std::fs::read_to_string(root().join(REGULATION))
        .expect("readable")
        .replace("entrants category younger", "entrants roster");
    let plan = xqreg::compile::compile_bytes("everyone.xqr", everyone.as_bytes())
        .plan
        .expect("compiles");
    let bounds = field_bounds(&plan, &roster);
    let shared = match bounds.as_slice() {
        [Some(a), _, Some(b)] => !a.is_disjoint(b),
        _ => false,
    };
    assert!(
        shared,
        "section b of the whole roster shares section a's players"
    );
}

/// A second stage of the whole roster (everyone plays both) shares its players with the first:
/// it waits for it, as before.
#[test]
fn a_stage_sharing_players_with_a_waiting_stage_waits() {
    let work = tempfile::tempdir().expect("a temporary directory");
    let regulation = work.path().join("everyone.xqr");
    let text = std::fs::read_to_string(root().join(REGULATION))
        .expect("readable")
        .replace("entrants category younger", "entrants roster");
    std::fs::write(&regulation, text).expect("writes the regulation");
    let (ev, _) = start(work.path(), &regulation);
    let first = ok(&["event", "pair", &ev]);
    assert!(
        first.contains("Section A round 1") && !first.contains("Section B round"),
        "{first}"
    );
}
