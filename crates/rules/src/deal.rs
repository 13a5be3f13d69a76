//! Where chance draws come from: any random source, or one stream per seat.
//!
//! A [`DrawSource`] supplies the draw that is due in a position. Every
//! [`RandomSource`] is one (it samples the draw knight by knight, as
//! [`Game::sample_draw`] does). [`SeatDraws`] is the other: each seat draws
//! from its own stream, so seat s's n-th draw is the same knights whatever
//! happened before it. That is what makes duplicate matches fair (every
//! seating of the bots meets the same luck) and undo honest (taking moves
//! back does not change the knights still to come).

use crate::game::Game;
use crate::moves::{Draw, Move};
use crate::record::{Record, ReplayError};
use crate::rng::{GameRng, RandomSource, SplitMix64};
use crate::types::MAX_SEATS;

/// Something that can make the draw due in a position.
pub trait DrawSource {
    /// The draw due in `game`, or `None` when no draw is due.
    fn draw(&mut self, game: &Game) -> Option<Draw>;
}

impl<R: RandomSource> DrawSource for R {
    fn draw(&mut self, game: &Game) -> Option<Draw> {
        game.sample_draw(self)
    }
}

/// One stream of draws per seat.
///
/// Seat s's stream is a [`GameRng`]; its draws are sampled exactly as
/// [`Game::sample_draw`] samples them, so a seat's n-th draw depends only on
/// the stream's seed and on the sizes of the draws before it (which the
/// rules fix: the initial reserve, then one turn's worth each time).
#[derive(Clone, Debug)]
pub struct SeatDraws {
    streams: [GameRng; MAX_SEATS],
}

impl SeatDraws {
    /// Streams for every seat from one seed: seat s's stream is seeded with
    /// the (s+1)-th output of SplitMix64 started at `seed`.
    pub fn from_seed(seed: u64) -> SeatDraws {
        let mut mixer = SplitMix64::new(seed);
        let seeds = [(); MAX_SEATS].map(|()| mixer.next_u64());
        SeatDraws::from_seeds(&seeds)
    }

    /// Streams with the given seed for each seat, from seat 0; seats
    /// without a seed here get seed 0.
    pub fn from_seeds(seeds: &[u64]) -> SeatDraws {
        let mut streams = [(); MAX_SEATS].map(|()| GameRng::seed_from_u64(0));
        for (stream, &seed) in streams.iter_mut().zip(seeds) {
            *stream = GameRng::seed_from_u64(seed);
        }
        SeatDraws { streams }
    }

    /// Advances the streams past every draw in `record`, so that the next
    /// draws continue where the record leaves off: the streams a game had
    /// after those moves, whatever was played and taken back in between.
    ///
    /// Fails where the record does not replay.
    pub fn skip_drawn(&mut self, record: &Record) -> Result<(), ReplayError> {
        let mut game = record.start()?;
        for (i, mv) in record.moves.iter().enumerate() {
            if let (Move::Draw(_), Some(due)) = (mv, game.draw_due()) {
                // Sampling again from the seat's stream moves it on exactly
                // as the original draw did; the knights themselves are the
                // record's.
                let _ = game.sample_draw(&mut self.streams[due.seat.index()]);
            }
            game.play(*mv).map_err(|error| ReplayError::Move {
                index: i + 1,
                token: mv.to_string(),
                error,
            })?;
        }
        Ok(())
    }
}

impl DrawSource for SeatDraws {
    fn draw(&mut self, game: &Game) -> Option<Draw> {
        let due = game.draw_due()?;
        game.sample_draw(&mut self.streams[due.seat.index()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::RecordedGame;
    use crate::setup::{Setup, Variant};

    #[test]
    fn a_seats_draws_do_not_depend_on_what_happened_before_them() {
        let setup = Setup::random(2, Variant::STANDARD, &mut GameRng::seed_from_u64(3));
        let seat_draws = |choice_seed: u64| -> Vec<(usize, Draw)> {
            let mut game = RecordedGame::new(setup.clone()).unwrap();
            let mut draws = SeatDraws::from_seed(77);
            let mut choices = GameRng::seed_from_u64(choice_seed);
            let mut seen = Vec::new();
            for _ in 0..200 {
                if let Some(draw) = draws.draw(game.game()) {
                    let seat = game.game().draw_due().unwrap().seat.index();
                    seen.push((seat, draw));
                    game.play(Move::Draw(draw)).unwrap();
                } else if game.play_random(&mut choices).is_none() {
                    break;
                }
            }
            seen
        };
        let (first, second) = (seat_draws(1), seat_draws(2));
        for seat in 0..2 {
            let of = |all: &[(usize, Draw)]| -> Vec<Draw> {
                all.iter()
                    .filter(|(s, _)| *s == seat)
                    .map(|(_, d)| *d)
                    .collect()
            };
            let (a, b) = (of(&first), of(&second));
            let common = a.len().min(b.len());
            assert!(common >= 3);
            assert_eq!(a[..common], b[..common]);
        }
    }

    #[test]
    fn skipping_the_drawn_continues_the_streams_where_the_record_stops() {
        let setup = Setup::random(3, Variant::STANDARD, &mut GameRng::seed_from_u64(5));
        let mut game = RecordedGame::new(setup).unwrap();
        let mut draws = SeatDraws::from_seed(9);
        let mut choices = GameRng::seed_from_u64(4);
        for _ in 0..120 {
            if let Some(draw) = draws.draw(game.game()) {
                game.play(Move::Draw(draw)).unwrap();
            } else {
                game.play_random(&mut choices);
            }
        }
        while game.game().draw_due().is_none() {
            game.play_random(&mut choices);
        }
        let mut resumed = SeatDraws::from_seed(9);
        resumed.skip_drawn(game.record()).unwrap();
        assert_eq!(resumed.draw(game.game()), draws.draw(game.game()));
    }
}
