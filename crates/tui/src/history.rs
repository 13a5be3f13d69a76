//! The game's history read back from its record: the log in words for a
//! loaded game, and the point an undo returns to.
//!
//! An undo does not reverse moves one by one; it cuts the record back to
//! just before the move it takes back and replays the rest, which by the
//! record's definition gives exactly the earlier position.

use carolus_rules::{Record, Seat};

use crate::config::SeatInfo;
use crate::words::{self, Entry};

/// The log of every move in `record`, up to the first that does not play.
pub fn log_of(record: &Record, seats: &[SeatInfo]) -> Vec<Entry> {
    let Ok(mut game) = record.start() else {
        return Vec::new();
    };
    let mut log = Vec::new();
    for (index, &mv) in record.moves.iter().enumerate() {
        log.extend(words::describe(&game, mv, index, seats));
        if game.play(mv).is_err() {
            break;
        }
    }
    log
}

/// The index in `record` of the last decision (not a draw) made by a seat
/// for which `chooses` holds, if there is one.
pub fn last_decision_by(record: &Record, chooses: impl Fn(Seat) -> bool) -> Option<usize> {
    let mut game = record.start().ok()?;
    let mut last = None;
    for (index, &mv) in record.moves.iter().enumerate() {
        if mv.is_decision() && game.to_act().is_some_and(&chooses) {
            last = Some(index);
        }
        game.play(mv).ok()?;
    }
    last
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config;
    use carolus_rules::{GameRng, RecordedGame, Variant};

    #[test]
    fn the_log_covers_every_move_and_undo_finds_the_last_decision() {
        let mut rng = GameRng::seed_from_u64(2);
        let mut game = RecordedGame::from_seed(2, Variant::STANDARD, 2).unwrap();
        for _ in 0..60 {
            game.play_random(&mut rng);
        }
        let seats = config::seats(2, None, &[]).unwrap();
        let log = log_of(game.record(), &seats);
        let last = log.last().unwrap();
        assert_eq!(last.index, game.record().moves.len() - 1);

        let zero = Seat::new(0).unwrap();
        let index = last_decision_by(game.record(), |s| s == zero).unwrap();
        assert!(game.record().moves[index].is_decision());
        let mut before = game.record().clone();
        before.moves.truncate(index);
        assert_eq!(before.replay().unwrap().to_act(), Some(zero));
        assert_eq!(last_decision_by(game.record(), |_| false), None);
    }
}
