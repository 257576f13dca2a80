//! `host_player N when_odd` (东道主补位): a host pool whose players play only when the field
//! without them is odd, so that they make it even; otherwise they are left out of the event.

use super::problem::{codes, RuntimeProblem};
use super::roster::Roster;
use crate::plan::{Origin, Plan, Pool};

/// What a `when_odd` host pool did: the transcript line and the clause it cites.
pub(crate) struct HostNote {
    pub text: String,
    pub origin: Origin,
}

/// The roster the event is played with (None: the given one, unchanged) and a note per host
/// pool with `when_odd` among the entry's `pools`. The field without a pool is every roster
/// player not in it.
pub(crate) fn fill_odd_field(pools: &[Pool], roster: &Roster) -> (Option<Roster>, Vec<HostNote>) {
    let mut kept = roster.clone();
    let mut notes = Vec::new();
    let mut changed = false;
    for pool in pools {
        let Some(origin) = &pool.host_when_odd else {
            continue;
        };
        let name = pool.name.as_str();
        let is_host = |p: &super::roster::Player| p.pool.as_deref() == Some(name);
        let hosts: Vec<&str> = kept
            .players
            .iter()
            .filter(|p| is_host(p))
            .map(|p| p.id.as_str())
            .collect();
        let others = kept.players.len() - hosts.len();
        let ids = if hosts.is_empty() {
            "-".to_string()
        } else {
            hosts.join(", ")
        };
        let odd = !others.is_multiple_of(2);
        let text = if odd {
            format!(
                "host pool `{name}` ({ids}) plays: the field without it is {others}, odd (host_player when_odd)"
            )
        } else {
            format!(
                "host pool `{name}` ({ids}) does not play: the field without it is {others}, even (host_player when_odd)"
            )
        };
        if !odd && !hosts.is_empty() {
            kept.players.retain(|p| !is_host(p));
            changed = true;
        }
        notes.push(HostNote {
            text,
            origin: origin.clone(),
        });
    }
    (changed.then_some(kept), notes)
}

/// `problems` of the roster as entered, with the cap counted on the roster as played: a host
/// pool left out takes no place under it.
pub(crate) fn cap_as_played(
    plan: &Plan,
    played: Option<&Roster>,
    mut problems: Vec<RuntimeProblem>,
) -> Vec<RuntimeProblem> {
    if let Some(played) = played {
        problems.retain(|p| p.code != codes::FIELD_OVER_CAP);
        problems.extend(super::validate::field_over_cap(plan, played));
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::roster::Player;

    fn host_pool() -> Vec<Pool> {
        vec![Pool {
            size: Some(1),
            host_when_odd: Some(Origin::default_rule("test")),
            ..Pool::new("host".into(), Origin::default_rule("test"))
        }]
    }

    fn roster(others: usize) -> Roster {
        let mut players: Vec<Player> = (1..=others)
            .map(|i| Player {
                id: format!("p{i}"),
                ..Player::default()
            })
            .collect();
        players.push(Player {
            id: "h".into(),
            pool: Some("host".into()),
            ..Player::default()
        });
        Roster { players }
    }

    #[test]
    fn the_host_plays_only_when_the_field_without_it_is_odd() {
        let pools = host_pool();
        let (kept, notes) = fill_odd_field(&pools, &roster(7));
        assert!(kept.is_none(), "7 others: the host makes 8");
        assert!(notes[0]
            .text
            .contains("(h) plays: the field without it is 7, odd"));
        let (kept, notes) = fill_odd_field(&pools, &roster(8));
        let kept = kept.expect("8 others: the host is left out");
        assert_eq!(kept.players.len(), 8);
        assert!(kept.players.iter().all(|p| p.id != "h"));
        assert!(notes[0]
            .text
            .contains("does not play: the field without it is 8, even"));
    }
}
