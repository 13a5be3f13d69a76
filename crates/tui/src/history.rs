//! The game's history read back from its record: the log in words for a
//! loaded game. (The point an undo returns to is carolus-core's
//! `session::last_decision_by`.)

use carolus_core::session::SeatInfo;
use carolus_l10n::Catalog;
use carolus_rules::Record;

use crate::words::{self, Entry};

/// The log of every move in `record`, up to the first that does not play.
pub fn log_of(tr: &Catalog, record: &Record, seats: &[SeatInfo]) -> Vec<Entry> {
    let Ok(mut game) = record.start() else {
        return Vec::new();
    };
    let mut log = Vec::new();
    for (index, &mv) in record.moves.iter().enumerate() {
        log.extend(words::describe(tr, &game, mv, index, seats));
        if game.play(mv).is_err() {
            break;
        }
    }
    log
}

#[cfg(test)]
mod tests {
    use super::*;
    use carolus_core::session;
    use carolus_rules::{GameRng, RecordedGame, Variant};

    #[test]
    fn the_log_covers_every_move() {
        let mut rng = GameRng::seed_from_u64(2);
        let mut game = RecordedGame::from_seed(2, Variant::STANDARD, 2).unwrap();
        for _ in 0..60 {
            game.play_random(&mut rng);
        }
        let seats = session::seats(2, None, &[]).unwrap();
        let log = log_of(
            carolus_l10n::catalog(carolus_l10n::Language::English),
            game.record(),
            &seats,
        );
        let last = log.last().unwrap();
        assert_eq!(last.index, game.record().moves.len() - 1);
    }
}
