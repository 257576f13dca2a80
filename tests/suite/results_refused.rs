//! `simulate --results`: a recorded row that contradicts the game the regulation gives is refused
//! at its row, never turned round or ignored: the colours of a Swiss pairing the other way round
//! (R070), a result the foul limit makes a loss (R072); a game whose colours are drawn by lot takes
//! the row's colours (the hall's lot) and runs. R071 (a board that is not the game's) and R070 of
//! a Berger table are fixtures of tests/fixtures/roster.

use std::path::Path;

use crate::common::{assert_success, one_line, root, xqreg};
use crate::event_inputs::{roster12, SWISS};

/// `simulate REG --roster ROSTER --results RESULTS --seed 1 --format json` in `dir`.
fn simulate(dir: &Path, reg: &Path, roster: &Path, results: &str) -> std::process::Output {
    let file = dir.join("results.csv");
    std::fs::write(&file, results).expect("writes");
    xqreg(&[
        "simulate",
        &reg.to_string_lossy(),
        "--roster",
        &roster.to_string_lossy(),
        "--results",
        &file.to_string_lossy(),
        "--seed",
        "1",
        "--format",
        "json",
    ])
}

/// Round `round`'s games of stage `stage` as (board, red, black).
fn games(json: &[u8], stage: &str, round: u64) -> Vec<(u64, String, String)> {
    let v: serde_json::Value = serde_json::from_slice(json).expect("JSON");
    let s = v["stages"]
        .as_array()
        .and_then(|s| s.iter().find(|s| s["name"] == stage))
        .expect("the stage");
    s["games"]
        .as_array()
        .expect("games")
        .iter()
        .filter(|g| g["round"] == round && g["step"].is_null())
        .map(|g| {
            let id = |k: &str| g[k].as_str().unwrap_or("").to_string();
            (g["board"].as_u64().unwrap_or(0), id("red"), id("black"))
        })
        .collect()
}

fn refused(out: &std::process::Output, code: &str) -> String {
    let err = one_line(&String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "want {code}: {err}");
    assert!(out.stdout.is_empty(), "nothing simulated");
    assert!(err.contains(code), "want {code}: {err}");
    err
}

#[test]
fn a_swiss_row_with_the_colours_the_other_way_round_is_refused() {
    let tmp = tempfile::tempdir().expect("tmp");
    let reg = tmp.path().join("swiss.xqr");
    let roster = tmp.path().join("roster.csv");
    std::fs::write(&reg, SWISS).expect("writes");
    std::fs::write(&roster, roster12()).expect("writes");
    let head = "stage,round,board,red,black,result,red_fouls,black_fouls";
    let out = simulate(tmp.path(), &reg, &roster, &format!("{head}\n"));
    assert_success(&out, "");
    let (board, red, black) = games(&out.stdout, "main", 1).remove(0);
    let row = |r: &str, b: &str, res: &str, fouls: &str| {
        format!("{head}\nmain,1,{board},{r},{b},{res},{fouls}\n")
    };
    let err = refused(
        &simulate(tmp.path(), &reg, &roster, &row(&black, &red, "1-0", ",")),
        "R070",
    );
    assert!(
        err.contains("results.csv:2:1")
            && err.contains(&format!("{red} has Red and {black} Black")),
        "{err}"
    );
    // Red with five fouls wins under `fouls_per_game 2 loss`.
    let err = refused(
        &simulate(tmp.path(), &reg, &roster, &row(&red, &black, "1-0", "5,0")),
        "R072",
    );
    assert!(err.contains(&format!("{red} commits 5 fouls")), "{err}");
    // As paired, and a loss with the fouls: recorded.
    let out = simulate(tmp.path(), &reg, &roster, &row(&red, &black, "0-1", "5,0"));
    assert_success(&out, "");
}

#[test]
fn colours_by_lot_are_the_rows_colours() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = root().join("tests/fixtures/roster");
    let (reg, roster) = (dir.join("groups.xqr"), dir.join("valid.csv"));
    let head = "stage,round,red,black,result";
    let out = simulate(tmp.path(), &reg, &roster, &format!("{head}\n"));
    assert_success(&out, "");
    // The final's semi-finals draw their colours by lot (`colours lot`): the row's colours,
    // the other way round from the runtime's own lot, are the hall's and stand.
    let (_, red, black) = games(&out.stdout, "final", 1).remove(0);
    let out = simulate(
        tmp.path(),
        &reg,
        &roster,
        &format!("{head}\nfinal,1,{black},{red},1-0\n"),
    );
    assert_success(&out, "");
    let now = games(&out.stdout, "final", 1);
    assert!(now.iter().any(|g| g.1 == black && g.2 == red), "{now:?}");
}
