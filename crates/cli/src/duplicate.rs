//! Duplicate sets: which bot sits in which seat, and the luck that the games
//! of a set share.
//!
//! A match is played in **sets**. All games of a set start from the same
//! set-up (territories and initial playing order) and every *seat* draws
//! from its own stream of chance: seat s's n-th draw is the same knights in
//! every game of the set, whoever sits there. Only the bots change seats,
//! following the set's **rotations**, so what one bot gained from lucky
//! draws in one game, another gains in the next, and luck largely cancels.
//!
//! The rotations, as the bot index in each seat (bots counted from 0 in the
//! order of `--bot`):
//!
//! | players | bots | games per set | rotations |
//! |---|---|---|---|
//! | 2 | 2 | 2 | `01`, `10` |
//! | 2 | 3 to 8 (a round robin) | n(n−1) | every pair both ways: `01`, `10`, `02`, `20`, `12`, `21`, … |
//! | 3 | 2 | 6 | `011`, `101`, `110` (bot 0 alone in each seat), then `100`, `010`, `001` (bot 1 alone) |
//! | 3 | 3 | 6 | every permutation: `012`, `021`, `102`, `120`, `201`, `210` |
//! | 4 (teams) | 2 | 2 | `0101` (bot 0 holds team 0 = seats 0 and 2), `1010` (the teams swap) |
//! | 4 (teams) | 4 | 24 | every permutation: `0123`, `0132`, …, `3210` |
//!
//! With three players and three bots, all six permutations rather than three
//! cyclic rotations are played, so that each bot also meets each
//! neighbour on either side: who acts before whom matters in this game.
//! With four bots in the team game, all 24 are played for the same reason
//! and so that each bot partners each other bot equally often.
//!
//! **Seeds.** Set i (from 0) has the seed `seed::series(master)`'s i-th
//! output. That seed starts a SplitMix64 whose outputs are, in order: the
//! seed of the [`GameRng`] that makes the set-up ([`Setup::random`]); the
//! seeds of the draw streams of seats 0, 1, …; then the seeds of the bots,
//! rotation by rotation and seat by seat. The draw streams are the rules
//! crate's [`SeatDraws`]: a due draw takes its knights from the stream of the
//! seat drawing.

use carolus_rules::rng::SplitMix64;
use carolus_rules::{GameRng, RandomSource, SeatDraws, Setup, Variant};

/// The most bots a two-player round robin takes: its sets grow as the
/// square of the bots (56 games a set for 8).
pub const MAX_ROUND_ROBIN: usize = 8;

/// The seats of every game of a set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// `rotations[r][seat]` is the bot sitting in `seat` in game `r` of a set.
    rotations: Vec<Vec<usize>>,
    players: usize,
    bots: usize,
}

impl Plan {
    /// The plan for `bots` bots in games of `players` players, or why there
    /// is none.
    pub fn new(players: usize, bots: usize) -> Result<Plan, String> {
        let rotations: Vec<Vec<usize>> = match (players, bots) {
            (2, 2) => vec![vec![0, 1], vec![1, 0]],
            (3, 2) => {
                let alone = |bot: usize, seat: usize| -> Vec<usize> {
                    (0..3)
                        .map(|s| if s == seat { bot } else { 1 - bot })
                        .collect()
                };
                (0..2)
                    .flat_map(|bot| (0..3).map(move |seat| (bot, seat)))
                    .map(|(bot, seat)| alone(bot, seat))
                    .collect()
            }
            (3, 3) => permutations(3),
            (4, 2) => vec![vec![0, 1, 0, 1], vec![1, 0, 1, 0]],
            (4, 4) => permutations(4),
            (2, 3..=MAX_ROUND_ROBIN) => {
                let pairs = (0..bots)
                    .flat_map(|first| (first + 1..bots).map(move |second| (first, second)));
                pairs
                    .flat_map(|(first, second)| [vec![first, second], vec![second, first]])
                    .collect()
            }
            (2, _) => {
                return Err(format!(
                    "a 2-player match takes 2 bots, or 3 to {MAX_ROUND_ROBIN} for a round robin, not {bots}"
                ));
            }
            (4, _) => {
                return Err(format!(
                    "a 4-player match needs 2 bots (one for each team) \
                     or 4 (one for each seat), not {bots}"
                ));
            }
            (3, _) => {
                return Err(format!("a 3-player match needs 2 or 3 bots, not {bots}"));
            }
            _ => return Err(format!("there is no {players}-player game")),
        };
        Ok(Plan {
            rotations,
            players,
            bots,
        })
    }

    /// Games per set.
    pub fn set_size(&self) -> usize {
        self.rotations.len()
    }

    /// The bot in each seat in game `rotation` of a set.
    pub fn seats(&self, rotation: usize) -> &[usize] {
        self.rotations.get(rotation).map_or(&[], Vec::as_slice)
    }

    /// How many games of a set `bot` plays: all of them, except in a
    /// round robin, where it sits out the pairs of the others.
    pub fn games_of(&self, bot: usize) -> usize {
        self.rotations
            .iter()
            .filter(|seats| seats.contains(&bot))
            .count()
    }

    /// Whether this is a two-player round robin of more than two bots.
    pub fn is_round_robin(&self) -> bool {
        self.players == 2 && self.bots > 2
    }

    /// The number of seats.
    pub fn players(&self) -> usize {
        self.players
    }
}

/// Every order of the bots `0 … n-1` over `n` seats, in lexicographic
/// order (`012`, `021`, `102`, …).
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut orders = Vec::new();
    for first in 0..n {
        for rest in permutations(n - 1) {
            let mut order = vec![first];
            // The smaller order names the bots other than `first`.
            order.extend(rest.into_iter().map(|bot| bot + usize::from(bot >= first)));
            orders.push(order);
        }
    }
    orders
}

/// Everything random that the games of one set share, and the bots' seeds.
#[derive(Clone, Debug)]
pub struct Deal {
    /// The set's number, from 0.
    pub set: u64,
    /// The set's own seed, from which everything else here follows.
    pub seed: u64,
    /// The set-up of every game of the set.
    pub setup: Setup,
    /// The seed of each seat's draw stream.
    draw_seeds: Vec<u64>,
    /// `bot_seeds[rotation][seat]`.
    bot_seeds: Vec<Vec<u64>>,
}

impl Deal {
    /// The deal of set `set`, whose seed is `seed`, for `plan` in `variant`.
    pub fn new(set: u64, seed: u64, plan: &Plan, variant: Variant) -> Deal {
        let mut mixer = SplitMix64::new(seed);
        let mut setup_rng = GameRng::seed_from_u64(mixer.next_u64());
        let setup = Setup::random(plan.players, variant, &mut setup_rng);
        let draw_seeds = (0..plan.players).map(|_| mixer.next_u64()).collect();
        let bot_seeds = (0..plan.set_size())
            .map(|_| (0..plan.players).map(|_| mixer.next_u64()).collect())
            .collect();
        Deal {
            set,
            seed,
            setup,
            draw_seeds,
            bot_seeds,
        }
    }

    /// The deal of set `set` of the match seeded `master_seed`: its seed is
    /// the set-th of the match's [`crate::seed::series`], so any set can be
    /// dealt again on its own (`match --resume` relies on it).
    pub fn of_match(master_seed: u64, set: u64, plan: &Plan, variant: Variant) -> Deal {
        let seed = usize::try_from(set)
            .ok()
            .and_then(|set| crate::seed::series(master_seed).nth(set))
            .unwrap_or(master_seed);
        Deal::new(set, seed, plan, variant)
    }

    /// A fresh draw stream for each seat, for one game of the set.
    pub fn draw_streams(&self) -> SeatDraws {
        SeatDraws::from_seeds(&self.draw_seeds)
    }

    /// The seed of the bot in `seat` in game `rotation`.
    pub fn bot_seed(&self, rotation: usize, seat: usize) -> u64 {
        self.bot_seeds
            .get(rotation)
            .and_then(|seeds| seeds.get(seat))
            .copied()
            .unwrap_or(self.seed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carolus_rules::{DrawSource, Game, Move};

    #[test]
    fn every_bot_takes_every_seat_equally_often() {
        for (players, bots) in [(2, 2), (2, 3), (2, 8), (3, 2), (3, 3), (4, 2), (4, 4)] {
            let plan = Plan::new(players, bots).unwrap();
            for seat in 0..players {
                let mut counts = vec![0; bots];
                for rotation in 0..plan.set_size() {
                    counts[plan.seats(rotation)[seat]] += 1;
                }
                assert!(
                    counts.iter().all(|&c| c == counts[0]),
                    "{players}/{bots}: {counts:?}"
                );
            }
        }
    }

    #[test]
    fn the_team_game_gives_each_bot_a_whole_team() {
        let plan = Plan::new(4, 2).unwrap();
        for rotation in 0..2 {
            let seats = plan.seats(rotation);
            assert_eq!(seats[0], seats[2]);
            assert_eq!(seats[1], seats[3]);
            assert_ne!(seats[0], seats[1]);
        }
    }

    #[test]
    fn three_bots_and_four_bots_in_the_team_game_play_every_order() {
        let plan = Plan::new(3, 3).unwrap();
        let orders: Vec<&[usize]> = (0..6).map(|rotation| plan.seats(rotation)).collect();
        assert_eq!(
            orders,
            [
                [0, 1, 2],
                [0, 2, 1],
                [1, 0, 2],
                [1, 2, 0],
                [2, 0, 1],
                [2, 1, 0]
            ]
        );
        let plan = Plan::new(4, 4).unwrap();
        assert_eq!(plan.set_size(), 24);
        let mut orders: Vec<Vec<usize>> = (0..24)
            .map(|rotation| plan.seats(rotation).to_vec())
            .collect();
        orders.sort();
        orders.dedup();
        assert_eq!(orders.len(), 24, "24 different orders");
        // Every bot partners every other bot equally often: 8 games each.
        for bot in 0..4 {
            let mut partners = [0; 4];
            for order in &orders {
                let seat = order.iter().position(|&b| b == bot).unwrap();
                partners[order[(seat + 2) % 4]] += 1;
            }
            partners[bot] = 8;
            assert_eq!(partners, [8; 4], "bot {bot}");
        }
    }

    #[test]
    fn a_round_robin_plays_every_pair_both_ways() {
        let plan = Plan::new(2, 3).unwrap();
        let games: Vec<&[usize]> = (0..plan.set_size()).map(|r| plan.seats(r)).collect();
        assert_eq!(games, [[0, 1], [1, 0], [0, 2], [2, 0], [1, 2], [2, 1]]);
        assert!(plan.is_round_robin());
        assert_eq!(
            (0..3).map(|bot| plan.games_of(bot)).collect::<Vec<_>>(),
            [4, 4, 4]
        );
        let plan = Plan::new(2, 8).unwrap();
        assert_eq!(plan.set_size(), 56);
        assert_eq!(plan.games_of(7), 14);
        assert!(!Plan::new(2, 2).unwrap().is_round_robin());
        assert_eq!(Plan::new(3, 3).unwrap().games_of(2), 6);
    }

    #[test]
    fn impossible_line_ups_are_refused() {
        assert!(Plan::new(2, 1).unwrap_err().contains("takes 2 bots"));
        assert!(
            Plan::new(2, 9)
                .unwrap_err()
                .contains("3 to 8 for a round robin, not 9")
        );
        assert!(Plan::new(3, 4).unwrap_err().contains("2 or 3 bots"));
        assert!(
            Plan::new(4, 3)
                .unwrap_err()
                .contains("2 bots (one for each team)")
        );
        assert!(Plan::new(5, 2).is_err());
    }

    #[test]
    fn a_seat_draws_the_same_knights_in_every_game_of_a_set() {
        let plan = Plan::new(2, 2).unwrap();
        let deal = Deal::new(0, 99, &plan, Variant::STANDARD);
        // Two games of the set that differ in their decisions: the first
        // legal move against the last. The draws of each seat must agree.
        let mut draws_by_game = Vec::new();
        for pick_last in [false, true] {
            let mut game = Game::from_setup(&deal.setup).unwrap();
            let mut streams = deal.draw_streams();
            let mut draws: Vec<Vec<String>> = vec![Vec::new(); 2];
            while !game.is_over() && draws.iter().any(|d| d.len() < 4) {
                if let Some(due) = game.draw_due() {
                    let draw = streams.draw(&game).unwrap();
                    draws[due.seat.index()].push(Move::Draw(draw).to_string());
                    game.play(Move::Draw(draw)).unwrap();
                } else {
                    let legal = game.legal_moves();
                    let mv = if pick_last {
                        legal[legal.len() - 1]
                    } else {
                        legal[0]
                    };
                    game.play(mv).unwrap();
                }
            }
            draws_by_game.push(draws);
        }
        for (a, b) in draws_by_game[0].iter().zip(&draws_by_game[1]) {
            let common = a.len().min(b.len());
            assert!(common >= 4, "{a:?} {b:?}");
            assert_eq!(a[..common], b[..common]);
        }
        // And a different set has a different deal.
        let other = Deal::new(1, 100, &plan, Variant::STANDARD);
        assert_ne!(
            (other.setup.territories, other.draw_seeds.clone()),
            (deal.setup.territories, deal.draw_seeds.clone())
        );
    }
}
