//! `numbers { pool a odd  pool b even  within lot }` (单号/双号): one pool's players take the odd
//! pairing numbers, the other's the even ones, each pool in its `within` order.

use super::super::problem::{codes, RuntimeProblem};
use super::super::roster::Roster;
use super::ordered_by;
use crate::pairing::lots::Lots;
use crate::plan::{NumberOrder, Origin};

/// The odd and even pools and how each is ordered.
pub(super) struct Parity<'p> {
    pub odd: &'p str,
    pub even: &'p str,
    pub within: NumberOrder,
    pub origin: &'p Origin,
}

/// `members` in number order: odd pool first, then even, alternating. A member in neither pool
/// is R035 at its row; pools whose counts no odd/even numbering fits (the odd pool must have as
/// many players as the even one, or one more) are R036.
pub(super) fn numbered(
    p: &Parity<'_>,
    roster: &Roster,
    members: &[usize],
    lots: &mut Lots,
) -> Result<Vec<usize>, Vec<RuntimeProblem>> {
    let pool_of = |i: usize| roster.players.get(i).and_then(|pl| pl.pool.as_deref());
    let odd: Vec<usize> = members
        .iter()
        .copied()
        .filter(|&i| pool_of(i) == Some(p.odd))
        .collect();
    let even: Vec<usize> = members
        .iter()
        .copied()
        .filter(|&i| pool_of(i) == Some(p.even))
        .collect();
    let neither: Vec<RuntimeProblem> = members
        .iter()
        .filter(|&&i| pool_of(i) != Some(p.odd) && pool_of(i) != Some(p.even))
        .map(|&i| {
            let id = roster.players.get(i).map_or("?", |pl| pl.id.as_str());
            RuntimeProblem::new(
                codes::NOT_IN_PARITY_POOL,
                format!(
                    "{id} is in neither pool `{}` (odd numbers) nor `{}` (even numbers)",
                    p.odd, p.even
                ),
                p.origin,
            )
            .zh(format!(
                "{id} 既不属于 `{}`（单号）也不属于 `{}`（双号）",
                p.odd, p.even
            ))
            .at(roster.row_of(i), "pool")
        })
        .collect();
    if !neither.is_empty() {
        return Err(neither);
    }
    if odd.len() < even.len() || odd.len() > even.len() + 1 {
        return Err(vec![RuntimeProblem::new(
            codes::PARITY_DOES_NOT_FIT,
            format!(
                "{} players in `{}` (odd numbers) and {} in `{}` (even numbers): the odd pool needs as many as the even one, or one more",
                odd.len(),
                p.odd,
                even.len(),
                p.even
            ),
            p.origin,
        )
        .zh(format!(
            "`{}`（单号）{} 人，`{}`（双号）{} 人：单号一方须与双号一方人数相同或多一人",
            p.odd,
            odd.len(),
            p.even,
            even.len()
        ))]);
    }
    let odd = ordered_by(p.within, roster, &odd, lots);
    let even = ordered_by(p.within, roster, &even, lots);
    let mut out = Vec::with_capacity(members.len());
    for (k, &o) in odd.iter().enumerate() {
        out.push(o);
        if let Some(&e) = even.get(k) {
            out.push(e);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::roster::Player;

    fn roster(pools: &[&str]) -> Roster {
        let players = pools
            .iter()
            .enumerate()
            .map(|(k, pool)| Player {
                id: format!("p{}", k + 1),
                pool: Some((*pool).to_string()),
                order: Some(k as u32 + 1),
                ..Player::default()
            })
            .collect();
        Roster { players }
    }

    fn number(pools: &[&str]) -> Result<Vec<usize>, Vec<RuntimeProblem>> {
        let origin = Origin::default_rule("test");
        let p = Parity {
            odd: "a",
            even: "b",
            within: NumberOrder::RegistrationOrder,
            origin: &origin,
        };
        let r = roster(pools);
        let members: Vec<usize> = (0..pools.len()).collect();
        numbered(&p, &r, &members, &mut Lots::new(1, 0))
    }

    #[test]
    fn odd_numbers_to_one_pool_even_to_the_other() {
        // Registration order a a b b a: numbers 1 p1, 2 p3, 3 p2, 4 p4, 5 p5.
        assert_eq!(
            number(&["a", "a", "b", "b", "a"]).expect("fits"),
            [0, 2, 1, 3, 4]
        );
    }

    #[test]
    fn a_player_in_neither_pool_and_counts_that_do_not_fit_are_refused() {
        let err = number(&["a", "b", "c"]).expect_err("refused");
        assert_eq!((err[0].code.as_str(), err[0].row), ("R035", Some(4)));
        let err = number(&["a", "b", "b"]).expect_err("refused");
        assert_eq!(err[0].code, "R036");
        let err = number(&["a", "a", "a", "b"]).expect_err("refused");
        assert_eq!(err[0].code, "R036");
    }
}
