//! A finished Swiss stage written as TRF-2026 (`simulate --trf DIR`) reads back with the TRF
//! reader: every player of the stage, every round, scores that add up over the rounds (the
//! reader checks that), Chinese names in their columns; and the FIDE Dutch and CXA systems can
//! pair a next round from it.

use xqreg::compile::compile_bytes;
use xqreg::run::{generated_roster, run_plan};
use xqreg_runtime::engine::RecordedResults;

#[test]
fn a_simulated_swiss_stage_reads_back_as_trf() {
    let path = "examples/001_nanning/regulation.xqr";
    let bytes = std::fs::read(format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"))).expect("file");
    let plan = compile_bytes(path, &bytes).plan.expect("a plan");
    let roster = generated_roster(&plan, None, 5).expect("a roster");
    let out = run_plan(&plan, &roster, &RecordedResults::default(), 5).expect("runs");
    let text = out
        .swiss_trf
        .get("main")
        .expect("the Swiss stage `main` as TRF");
    let trf = xqreg_runtime::trf::parse(text).expect("the TRF reads back");
    assert_eq!(trf.players.len(), 150);
    assert_eq!(trf.rounds_declared, Some(11));
    for p in &trf.players {
        assert_eq!(p.rounds.len(), 11, "player {}", p.id);
        assert!(!p.name.is_empty());
        let roster_name = roster.players.iter().any(|r| r.name == p.name);
        assert!(roster_name, "name {} from the roster", p.name);
    }
    // The stage's standings give the same points (in tenths) as the file.
    let standings = &out
        .stages
        .iter()
        .find(|s| s.name == "main")
        .expect("stage")
        .groups[0]
        .standings;
    for row in standings {
        let number = row.number.expect("pairing number");
        let p = trf.players.iter().find(|p| p.id == number).expect("player");
        assert_eq!(i64::from(p.points), row.points.expect("points") * 10);
    }
    for system in [
        xqreg_runtime::pairing::swiss::SwissSystem::Dutch,
        xqreg_runtime::pairing::swiss::SwissSystem::Cxa,
    ] {
        let pairs = xqreg_runtime::pairing::swiss::pair_trf(text, system).expect("pairs round 12");
        assert!(pairs.starts_with("75\n"), "{system:?}: {pairs:.20}");
    }
}

#[test]
fn pair_takes_the_parameters_of_a_regulation_stage() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let reg = root.join("examples/001_nanning/regulation.xqr");
    let bytes = std::fs::read(&reg).expect("file");
    let plan = compile_bytes("001", &bytes).plan.expect("a plan");
    let roster = generated_roster(&plan, None, 9).expect("a roster");
    let out = run_plan(&plan, &roster, &RecordedResults::default(), 9).expect("runs");
    let dir = std::env::temp_dir().join(format!("xqreg-trf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let trf = dir.join("main.trf");
    let finished = out.swiss_trf.get("main").expect("trf");
    // The stage's TRF declares its 11 rounds, all played: nothing to pair (E811). Declared as a
    // 12-round event, its 12th round is paired with the stage's parameters.
    let done = dir.join("done.trf");
    std::fs::write(&done, finished).expect("write");
    assert!(
        finished.contains("\n142 11\n"),
        "the TRF declares its rounds"
    );
    std::fs::write(&trf, finished.replace("\n142 11\n", "\n142 12\n")).expect("write");
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_xqreg"))
            .args(args)
            .output()
            .expect("runs")
    };
    let (t, r) = (trf.to_str().expect("utf-8"), reg.to_str().expect("utf-8"));
    let pair = |trf: &str, stage: &str| {
        run(&[
            "pair",
            "--system",
            "cxa",
            trf,
            "--regulation",
            r,
            "--stage",
            stage,
        ])
    };
    let ok = pair(t, "main");
    assert_eq!(ok.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&ok.stdout).starts_with("75\n"));
    let all_played = pair(done.to_str().expect("utf-8"), "main");
    assert_eq!(all_played.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&all_played.stderr).contains("E811"));
    let bad = pair(t, "nope");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("no stage `nope`"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The TRF's columns hold 33 characters of a name and 3 of a federation. A longer name is cut
/// and a longer federation (`Shanghai`, whose first letters would be another federation's code)
/// left blank, each with a warning (W204) naming the player at the roster row: an arbiter sends
/// the file to FIDE and must know. Both were cut without a word. A federation that is no
/// 3-letter code (`浙江`) is left blank too: written, it made the file one `xqreg pair` refuses
/// (E813 at column 54), as FIDE's own checks would.
#[test]
fn a_field_longer_than_its_trf_columns_is_said() {
    let regulation = "regulation \"示例赛\" {\n}\ntime standard \"慢棋\" { base 15min increment 10s flag loses }\nentry { field 4 }\nstage main \"积分编排\" {\n  swiss dutch rounds 3\n  entrants roster\n  time standard\n  numbers registration_order\n  avoid same_unit never\n  tiebreak opponents_score bye lowest_in_field, wins, lots\n  places 1..4\n}\n";
    let long = "Alexandros Konstantinopoulos-Papadimitriou";
    let roster = format!(
        "id,name,federation\na,{long},GRE\nb,Li Wei,Shanghai\nc,Wang Fang,CHN\nd,Zhao Lei,浙江\n"
    );
    let tmp = tempfile::tempdir().expect("tmp");
    let (reg, csv, dir) = (
        tmp.path().join("r.xqr"),
        tmp.path().join("roster.csv"),
        tmp.path().join("trf"),
    );
    std::fs::write(&reg, regulation).expect("w");
    std::fs::write(&csv, roster).expect("w");
    let (r, c, d) = (
        reg.to_string_lossy(),
        csv.to_string_lossy(),
        dir.to_string_lossy(),
    );
    let o = crate::common::xqreg(&["simulate", &r, "--roster", &c, "--trf", &d]);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert_eq!(err.matches("W204").count(), 3, "{err}");
    assert!(
        err.contains("roster.csv:2")
            && err.contains("roster.csv:3")
            && err.contains("roster.csv:5"),
        "{err}"
    );
    assert!(err.contains(long) && err.contains("Shanghai"), "{err}");
    let text = std::fs::read_to_string(dir.join("main.trf")).expect("the TRF");
    let cut: String = long.chars().take(33).collect();
    assert!(text.contains(&cut) && !text.contains(long), "{text}");
    assert!(!text.contains("Sha") && !text.contains("浙江"), "{text}");
    // The file reads back: its one refusal is that every round is played (E811).
    let trf = dir.join("main.trf");
    let o = crate::common::xqreg(&["pair", "--system", "dutch", &trf.to_string_lossy()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("E811") && !err.contains("E813"), "{err}");
    // Without `--trf` nothing is cut, and nothing is said.
    let o = crate::common::xqreg(&["simulate", &r, "--roster", &c]);
    assert!(!String::from_utf8_lossy(&o.stderr).contains("W204"));
}
