//! The line of play a bot expects after a move: the move, then the moves
//! it expects every seat to make, up to the next chance draw or the end of
//! the game.
//!
//! The line stops before a draw because nothing after a draw is known: an
//! explanation built from it (carolus-core's `explain`) states only what
//! the rules make certain once the line's decisions are made. A bot that
//! searches follows its search as far as the search looked
//! ([`Bot::expected_line`](crate::Bot::expected_line)); where it looked no
//! further, and for bots that do not search, the fast turn planner
//! ([`crate::planner`]) supplies the moves, so a line always reaches the
//! draw.

use carolus_rules::{Game, GameRng, Move, Phase};

use crate::planner::{best_plan, planned_disc, planned_joker};

/// The most moves a line holds. A line to the next draw is much shorter
/// (the discs of a round and one turn's placements and emperor move, or a
/// few jokers), so the cap only guards against a position that never
/// reaches a draw, which the rules do not allow.
pub const MAX_LINE: usize = 32;

/// The line after `mv` in `game`: `mv`, then `follow`'s move wherever it
/// has a legal one and the planner's elsewhere, until a draw is due or the
/// game is over. Empty if `mv` is not legal in `game`.
pub(crate) fn expected(
    game: &Game,
    mv: Move,
    mut follow: impl FnMut(&Game) -> Option<Move>,
) -> Vec<Move> {
    let mut position = game.clone();
    let mv = position.canonical(mv);
    if position.play(mv).is_err() {
        return Vec::new();
    }
    let mut line = vec![mv];
    while line.len() < MAX_LINE && !matches!(position.phase(), Phase::Draw | Phase::Over) {
        let next = follow(&position)
            .filter(|mv| position.is_legal(mv))
            .or_else(|| planned_move(&position));
        let Some(next) = next else { break };
        if position.play(next).is_err() {
            break;
        }
        line.push(next);
    }
    line
}

/// The planner's move for the player to act in `game`: its disc, its
/// joker, or the next step of its best turn (placements court first, then
/// the emperor move). Deterministic: the planner's randomness is off.
pub(crate) fn planned_move(game: &Game) -> Option<Move> {
    let seat = game.to_act()?;
    let planned = match game.phase() {
        // With no exploration the planner draws no random number, so any
        // seed gives the same disc.
        Phase::Disc => planned_disc(game, &mut GameRng::seed_from_u64(0), 0),
        Phase::Joker => planned_joker(game),
        Phase::Place | Phase::Move => {
            let reach = game.emperor_reach().max(1);
            let left = game.left_to_place() as u32;
            best_plan(game, seat, left, reach).and_then(|plan| {
                if game.phase() == Phase::Place {
                    plan.placements(game).next()
                } else {
                    Some(Move::Emperor { steps: plan.steps })
                }
            })
        }
        Phase::Draw | Phase::Over => None,
    };
    planned
        .filter(|mv| game.is_legal(mv))
        .or_else(|| game.nth_legal_move(0))
}

#[cfg(test)]
mod tests {
    use carolus_rules::{RecordedGame, Variant};

    use super::*;

    /// Positions at every decision of a random game of `players`.
    fn decisions(players: usize, seed: u64) -> Vec<Game> {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut game = RecordedGame::from_rng(players, Variant::for_players(players), &mut rng)
            .unwrap()
            .game()
            .clone();
        let mut positions = Vec::new();
        while !game.is_over() {
            if game.draw_due().is_none() {
                positions.push(game.clone());
            }
            game.play_random(&mut rng);
        }
        positions
    }

    #[test]
    fn a_line_starts_with_the_move_and_stops_at_the_next_draw_or_the_end() {
        for players in 2..=4 {
            for game in decisions(players, players as u64).iter().step_by(7) {
                let first = game.nth_legal_move(0).unwrap();
                let line = expected(game, first, |_| None);
                assert_eq!(line.first(), Some(&game.canonical(first)));
                let mut position = game.clone();
                for mv in &line {
                    assert!(
                        !matches!(position.phase(), Phase::Draw | Phase::Over),
                        "{line:?}"
                    );
                    position.play(*mv).unwrap();
                }
                assert!(
                    matches!(position.phase(), Phase::Draw | Phase::Over),
                    "the line goes on to the draw: {line:?}"
                );
            }
        }
    }

    #[test]
    fn a_line_follows_its_guide_where_it_has_a_legal_move() {
        let game = decisions(2, 5)
            .into_iter()
            .find(|game| game.phase() == Phase::Place && game.left_to_place() == 3)
            .unwrap();
        let court = "place R court".parse::<Move>().unwrap();
        // A guide that always asks for a red knight at court: followed while
        // the reserve holds red knights and placements are due, the
        // planner's moves after that.
        let first = game.nth_legal_move(0).unwrap();
        let line = expected(&game, first, |_| Some(court));
        let mut after = game.clone();
        after.play(first).unwrap();
        let reds = after.reserve(after.to_act().unwrap())[carolus_rules::Family::Red] as usize;
        let due = reds.min(after.left_to_place());
        assert!(line[1..=due].iter().all(|mv| *mv == court), "{line:?}");
        assert!(line[due + 1..].iter().all(|mv| *mv != court), "{line:?}");
        assert!(expected(&game, Move::Emperor { steps: 9 }, |_| None).is_empty());
    }
}
