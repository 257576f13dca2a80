//! The published games as the store keeps them and as the commands print them: boards numbered
//! after the games published before, and each game as JSON.

use std::collections::BTreeMap;

use serde_json::json;

use crate::event::live::EngineGame;
use crate::event::store::StoredGame;

/// The games `pair` publishes as batch `batch`: each takes the next board of its round after
/// the games published before (`existing`).
pub fn boards(next: &[EngineGame], existing: &[StoredGame], batch: i64) -> Vec<StoredGame> {
    let mut last: BTreeMap<(String, u32), u32> = BTreeMap::new();
    for s in existing {
        let b = last
            .entry((s.game.stage.clone(), s.game.round))
            .or_insert(0);
        *b = (*b).max(s.board);
    }
    next.iter()
        .map(|g| {
            let b = last
                .entry((g.game.stage.clone(), g.game.round))
                .or_insert(0);
            *b += 1;
            StoredGame {
                id: 0,
                batch,
                board: *b,
                game: g.game.clone(),
                result: None,
            }
        })
        .collect()
}

pub fn game_json(g: &StoredGame) -> serde_json::Value {
    json!({"stage": g.game.stage, "round": g.game.round, "board": g.board, "group": g.game.group,
           "step": g.game.step, "game": g.game.game_no, "red": g.game.red, "black": g.game.black,
           "result": g.result.as_ref().map(|r| &r.0)})
}
