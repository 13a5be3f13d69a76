//! Rated games' updates (issue 67): what a finished rated game's result
//! means for the ratings of the accounts at its seats, and the one place
//! that applies it.
//!
//! The rating itself (Weng-Lin, the computer levels' anchors) is
//! `carolus_accounts::rating`'s; the rows are `store/ratings.rs`'s. Here a
//! game's result JSON becomes each seat's [`Finish`]: the winners first,
//! then the others by their castles (equal castles tie); a seat that timed
//! out (`timed_out`) or left (`abandoned`) is last whatever its castles.
//!
//! A person's seat that no account owns (its owner could not be written
//! when it was created) plays as a newcomer whose rating is kept nowhere:
//! it still moves the others as an opponent of that strength would.

use carolus_accounts::rating::{
    Finish, Mode, Player, Rating, RatingError, Seat, rate_free_for_all, rate_team_game,
};
use serde_json::Value;

use crate::store::{Store, StoreError};
use crate::table::{self, Table};

/// The mode of a game of `players` seats (four: the team game).
pub fn mode(players: usize) -> Option<Mode> {
    Mode::ALL.into_iter().find(|mode| mode.seats() == players)
}

/// Each seat's finish, from a finished game's `result` (see the module's
/// documentation). In the team game (seats 0 and 2 against 1 and 3), each
/// seat's place is its team's: first if the team has a winner.
pub fn finishes(result: &Value, seats: usize, teams: bool) -> Vec<Finish> {
    let listed = |field: &str, seat: usize| {
        result[field]
            .as_array()
            .is_some_and(|list| list.iter().any(|value| value.as_u64() == Some(seat as u64)))
    };
    let castles = |seat: usize| result["castles"][seat].as_u64().unwrap_or(0);
    let key = |seat: usize| {
        if teams {
            (listed("winners", seat) || listed("winners", (seat + 2) % 4), 0)
        } else {
            (listed("winners", seat), castles(seat))
        }
    };
    let left = |seat: usize| {
        if listed("abandoned", seat) {
            Some(Finish::Abandoned)
        } else if listed("timed_out", seat) {
            Some(Finish::TimedOut)
        } else {
            None
        }
    };
    (0..seats)
        .map(|seat| {
            left(seat).unwrap_or_else(|| {
                let better = (0..seats)
                    .filter(|&other| left(other).is_none() && key(other) > key(seat))
                    .count();
                let place = if teams { better.min(1) } else { better };
                Finish::Place(u8::try_from(place + 1).unwrap_or(u8::MAX))
            })
        })
        .collect()
}

/// The ratings after the game: for each owned seat in `before` (seat,
/// account, rating before), its rating after. Every other seat plays as
/// its anchor (the computer) or as a newcomer (a person with no account).
pub fn rate(
    mode: Mode,
    players: &[Option<u8>],
    finishes: &[Finish],
    before: &[(usize, i64, Rating)],
) -> Result<Vec<(usize, Rating)>, RatingError> {
    let seats: Vec<Seat> = players
        .iter()
        .zip(finishes)
        .enumerate()
        .map(|(index, (level, &finish))| Seat {
            player: match level {
                Some(level) => Player::Computer(*level),
                None => Player::Person(
                    before
                        .iter()
                        .find(|(seat, _, _)| *seat == index)
                        .map_or(Rating::NEWCOMER, |(_, _, rating)| *rating),
                ),
            },
            finish,
        })
        .collect();
    let after = if mode == Mode::Teams {
        let [a, b, c, d] = <[Seat; 4]>::try_from(seats.as_slice()).map_err(|_| {
            RatingError::SeatCount {
                mode,
                expected: 4,
                given: seats.len(),
            }
        })?;
        let [[s0, s2], [s1, s3]] = rate_team_game([[a, c], [b, d]])?;
        vec![s0, s1, s2, s3]
    } else {
        rate_free_for_all(mode, &seats)?
    };
    Ok(before
        .iter()
        .filter_map(|&(seat, _, _)| Some((seat, *after.get(seat)?)))
        .collect())
}

/// Applies the update of `table`, a finished rated game, once across
/// every server on the store (see `store/ratings.rs`): answers whether
/// this call applied it. A game that is not rated or not over changes
/// nothing.
pub async fn apply(store: &Store, table: &Table, now_ms: i64) -> Result<bool, StoreError> {
    let Some(result) = table.record().result.as_ref() else {
        return Ok(false);
    };
    let players = table.seats.len();
    let Some(mode) = mode(players).filter(|_| table.hosting.rated) else {
        return Ok(false);
    };
    let levels: Vec<Option<u8>> = table
        .seats
        .iter()
        .map(|seat| match seat.player {
            table::Player::Computer { level } => Some(level.number()),
            table::Player::Person { .. } => None,
        })
        .collect();
    let finishes = finishes(result, players, mode == Mode::Teams);
    let owners = store.seat_accounts(&table.id).await?;
    let id = table.id.clone();
    store
        .apply_rating(
            &table.id,
            mode,
            &owners,
            now_ms,
            Box::new(move |before| {
                rate(mode, &levels, &finishes, before).unwrap_or_else(|error| {
                    // The result was made by this server's rules: a
                    // refusal is a bug, logged, and the game stays
                    // marked so that it is not tried for ever.
                    tracing::error!(game = %id, %error, "a rated game could not be rated");
                    Vec::new()
                })
            }),
        )
        .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn places_follow_the_winners_then_the_castles() {
        let result = json!({"winners": [1], "castles": [4, 9, 4], "rounds": 7});
        assert_eq!(
            finishes(&result, 3, false),
            [Finish::Place(2), Finish::Place(1), Finish::Place(2)]
        );
        let result = json!({"winners": [2], "castles": [5, 3, 9], "rounds": 7});
        assert_eq!(
            finishes(&result, 3, false),
            [Finish::Place(2), Finish::Place(3), Finish::Place(1)]
        );
    }

    #[test]
    fn a_seat_that_timed_out_or_left_is_last_whatever_its_castles() {
        let result = json!({"winners": [0], "castles": [9, 2, 8], "timed_out": [0]});
        assert_eq!(
            finishes(&result, 3, false),
            [Finish::TimedOut, Finish::Place(2), Finish::Place(1)]
        );
        let result = json!({"winners": [], "abandoned": [1], "castles": [3, 9]});
        assert_eq!(
            finishes(&result, 2, false),
            [Finish::Place(1), Finish::Abandoned]
        );
    }

    #[test]
    fn a_team_game_places_both_partners_with_their_team() {
        let result = json!({"winners": [1, 3], "castles": [9, 2, 8, 1]});
        assert_eq!(
            finishes(&result, 4, true),
            [
                Finish::Place(2),
                Finish::Place(1),
                Finish::Place(2),
                Finish::Place(1)
            ]
        );
    }

    #[test]
    fn three_players_are_rated_in_the_order_of_the_result() {
        let result = json!({"winners": [2], "castles": [5, 3, 9]});
        let places = finishes(&result, 3, false);
        let before: Vec<(usize, i64, Rating)> =
            (0..3).map(|seat| (seat, seat as i64 + 1, Rating::NEWCOMER)).collect();
        let after = rate(Mode::ThreePlayers, &[None, None, None], &places, &before).unwrap();
        let mu = |seat: usize| after.iter().find(|(s, _)| *s == seat).unwrap().1.mu;
        assert!(mu(2) > mu(0) && mu(0) > mu(1), "{after:?}");
    }

    #[test]
    fn a_computer_seat_is_not_rated_and_a_team_game_maps_its_seats() {
        let result = json!({"winners": [0, 2], "castles": [9, 2, 8, 1]});
        let places = finishes(&result, 4, true);
        let before = [(0, 1, Rating::NEWCOMER), (1, 2, Rating::NEWCOMER)];
        let after = rate(Mode::Teams, &[None, None, Some(3), Some(3)], &places, &before).unwrap();
        assert_eq!(after.len(), 2);
        assert!(after[0].1.mu > 25.0 && after[1].1.mu < 25.0, "{after:?}");
    }
}
