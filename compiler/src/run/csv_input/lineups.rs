//! The line-ups CSV of `xqreg simulate --lineups` (`stage, round, team, board, player`): one row
//! per board of a team's line-up for a round of a team stage (临时定台制). The rows of one
//! (stage, round, team) make one line-up, in any row order. Cells are read here (E802, E803,
//! E808); what the line-up may say (the team plays the stage, its own players, each once, boards
//! 1..B, a round the stage plays, a fixed order kept) is the runtime's check (R060-R065), at the
//! cell it is about.

use std::collections::BTreeMap;

use xqreg_grammar::Span;
use xqreg_runtime::engine::{LineupSeat, RecordedLineup};

use super::{bad, empty_cell, read_csv, whole_number_help, Table};
use crate::diagnostics::source::SourceFile;
use crate::diagnostics::Diagnostics;
use crate::driver::FileReport;

/// The columns of a line-ups file, all required.
pub const LINEUP_COLUMNS: &[&str] = &["stage", "round", "team", "board", "player"];

/// Read a line-ups CSV: the line-ups in the order their first rows come; Err with every
/// diagnostic of the file when a cell is missing or malformed (nothing half-read).
pub fn read_lineups(name: &str, bytes: &[u8]) -> Result<Vec<RecordedLineup>, FileReport> {
    let file = ("line-ups file", "出场名单文件");
    // Every missing column is reported, not only the first.
    read_csv(
        name,
        bytes,
        LINEUP_COLUMNS,
        file,
        LINEUP_COLUMNS,
        |table, source, _, diags| {
            let mut lineups: Vec<RecordedLineup> = Vec::new();
            let mut index: BTreeMap<(String, u32, String), usize> = BTreeMap::new();
            for (_, fields) in &table.rows {
                let Some(row) = lineup_row(table, source, fields, diags) else {
                    continue;
                };
                let key = (row.stage.clone(), row.round, row.team.clone());
                match index.get(&key).and_then(|&i| lineups.get_mut(i)) {
                    Some(l) => l.seats.extend(row.seats),
                    None => {
                        index.insert(key, lineups.len());
                        lineups.push(row);
                    }
                }
            }
            lineups
        },
    )
}

/// One row as a one-seat line-up; None (with diagnostics) for an empty or malformed cell.
fn lineup_row(
    table: &Table,
    source: &SourceFile,
    fields: &[(String, Span)],
    diags: &mut Diagnostics,
) -> Option<RecordedLineup> {
    let before = diags.list.len();
    let mut cells: BTreeMap<&str, (&str, Span)> = BTreeMap::new();
    for col in LINEUP_COLUMNS {
        let Some((v, span)) = table.column(col).and_then(|c| fields.get(c)) else {
            continue;
        };
        if v.is_empty() {
            diags.push(empty_cell(col, *span));
        } else {
            cells.insert(col, (v.as_str(), *span));
        }
    }
    let mut number = |col: &str| -> Option<u32> {
        let &(v, span) = cells.get(col)?;
        let n = v.parse::<u32>().ok();
        if n.is_none() {
            diags.push(bad(v, col, span, whole_number_help(v)));
        }
        n
    };
    let round = number("round");
    let board = number("board");
    if diags.list.len() > before {
        return None;
    }
    let text = |col: &str| cells.get(col).map(|&(v, s)| (v.to_string(), s));
    let ((stage, stage_span), (_, round_span), (team, team_span), (player, player_span)) = (
        text("stage")?,
        text("round")?,
        text("team")?,
        text("player")?,
    );
    Some(RecordedLineup {
        stage,
        round: round?,
        team,
        seats: vec![LineupSeat {
            board: board?,
            player,
            origin: source.origin(player_span),
        }],
        origin: source.origin(team_span),
        stage_origin: source.origin(stage_span),
        round_origin: source.origin(round_span),
    })
}
