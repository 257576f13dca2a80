//! Generated team rosters (`simulate --players N` in a team event): `N` teams of the boards'
//! number of players or more, up to the most `team_size` allows (reserves), each team one unit
//! in board order.

use super::generate_quota::FEDERATIONS;
use super::generate_rng::{between, random_date, random_name};
use super::generate_units::UNITS;
use super::generate_want::{title_meeting, Want};
use super::roster::{Player, Roster};
use crate::plan::Sex;
use rand_core::RngCore;

/// `teams` teams of `least` to `most` players (a team's members: the boards, and reserves up to
/// the most `team_size` allows): the regulation's declared teams first, then invented ones.
/// The k-th team (from 0) has `least + k mod (most - least + 1)` players: the first team none
/// beyond `least`, the next one more, and so on, so that a generated event has teams with and
/// without reserves. Every team's first `least` players are drawn first, the reserves after
/// them (so a seed gives the same regular players whatever `team_size`'s upper bound), and
/// [`team_by_team`] puts each team's rows together once every draw is made.
pub(super) fn generate_teams<R: RngCore>(
    (teams, (least, most)): (u32, (u32, u32)),
    declared: &[&str],
    (pools, spread): (&[Option<&crate::plan::Pool>], usize),
    want: &Want,
    rng: &mut R,
) -> Roster {
    let mut players = Vec::new();
    let invented = UNITS.iter().filter(|u| !declared.contains(u));
    let mut names = declared.iter().chain(invented);
    let units: Vec<String> = (0..teams)
        .map(|t| match names.next() {
            Some(u) => (*u).to_string(),
            None => format!("队{}", t + 1),
        })
        .collect();
    let least = least.max(1);
    // The players' running number (their names' suffix): the regulars' first.
    let mut k = 0;
    for (boards, reserves) in [(true, false), (false, true)] {
        for (t, team) in (0..teams).zip(&units) {
            // The team's pool (a women's pool makes its players women), and its federation:
            // every member's, in turn over `spread` of them where the regulation reads
            // federations.
            let pool = pools.get(t as usize).copied().flatten();
            let federation = FEDERATIONS[t as usize % spread.max(1)];
            let size = team_size(t, least, most);
            let from = if boards { 0 } else { least };
            let to = if reserves { size } else { least };
            for b in from..to {
                k += 1;
                let sex = pool.and_then(|p| p.sex).or(want.sex).unwrap_or(Sex::Men);
                let (surname, given) = random_name(rng, sex);
                players.push(Player {
                    id: format!("t{}b{}", t + 1, b + 1),
                    name: format!("{surname}{given}{k}"),
                    unit: Some(team.clone()),
                    federation: Some(federation.to_string()),
                    sex: Some(sex),
                    born: Some(random_date(rng, want.born.0, want.born.1)),
                    title: want.title.and_then(|(op, t)| title_meeting(op, t)),
                    rating: Some(2100 + between(rng, 0, 400)),
                    pool: pool.map(|p| p.name.clone()),
                    order: Some(b + 1),
                    ..Player::default()
                });
            }
        }
    }
    Roster { players }
}

/// A generated team roster's rows team by team (each team's reserves after its boards), the
/// teams in the order their first rows came: a stable sort, so each team's rows keep their
/// order.
pub(super) fn team_by_team(players: &mut [Player]) {
    let mut first: Vec<&str> = Vec::new();
    for p in players.iter() {
        let unit = p.unit.as_deref().unwrap_or_default();
        if !first.contains(&unit) {
            first.push(unit);
        }
    }
    let rank: std::collections::BTreeMap<String, usize> = first
        .iter()
        .enumerate()
        .map(|(k, u)| ((*u).to_string(), k))
        .collect();
    players.sort_by_key(|p| rank.get(p.unit.as_deref().unwrap_or_default()).copied());
}

/// The number of players of the `t`-th generated team (from 0): see [`generate_teams`].
fn team_size(t: u32, least: u32, most: u32) -> u32 {
    let span = most.max(least) - least + 1;
    least + t % span
}
