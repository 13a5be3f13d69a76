//! The win-chance estimates of a game: the chances people read, and every
//! estimate over a game kept in its record.
//!
//! Bots report a share of the win per seat ([`carolus_ai::Analysis::win`]).
//! People read chances by who wins together: a seat, or in the team game a
//! team, whose chance is its partners' shares added ([`owner_chances`],
//! [`seat_chance`], [`mover_chance`]). The terminal game and `carolus
//! analyse` show them with these functions, so that a figure means the
//! same on every screen.
//!
//! Every time a computer player moves or gives a hint, it estimates
//! everybody's chance to win. A [`Trail`] keeps one reading per position,
//! so that a front end can show how the chances went, the way a chess
//! program draws its evaluation over a game. A saved game keeps its trail
//! in the record's free-form `meta`, under [`META_KEY`], so that the
//! estimates survive saving and loading.

use carolus_rules::{Game, Owner, Seat};
use serde_json::{Value, json};

use crate::protocol::round;

/// The key of a record's `meta` under which a saved game keeps its
/// estimates: `[{"moves": 12, "win": [0.61, 0.39]}, …]`.
pub const META_KEY: &str = "estimates";

/// Everybody's chance grouped by who wins together: one value per owner of
/// `game` (a seat, or a team in the team game), in the order of
/// [`Game::owners`]. A team's chance is its seats' shares added, so that a
/// sure win of the team is 1.
pub fn owner_chances(game: &Game, win: &[f64]) -> Vec<(Owner, f64)> {
    game.owners()
        .map(|owner| {
            let chance = owner.seats().filter_map(|seat| win.get(seat.index())).sum();
            (owner, chance)
        })
        .collect()
}

/// The chance that `seat` wins: in the team game its team's, since partners
/// win together, rather than the half of it the bots report per seat.
/// `None` for a seat the estimate does not cover.
pub fn seat_chance(game: &Game, win: &[f64], seat: Seat) -> Option<f64> {
    game.owner_of(seat)
        .seats()
        .map(|member| win.get(member.index()))
        .sum()
}

/// A bot's value of a move for its mover, `share` being the mover's seat's
/// share as the bots report it, as the chance that the mover wins: in the
/// team game the team's, twice the seat's share.
pub fn mover_chance(game: &Game, seat: Seat, share: f64) -> f64 {
    share * game.owner_of(seat).seats().count() as f64
}

/// One estimate of the game: everybody's chance to win at the position
/// after the record's first `moves` moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    pub moves: usize,
    /// Chance of winning by seat.
    pub win: Vec<f64>,
}

/// The estimates of one game, in the order of the positions they are about.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trail {
    readings: Vec<Reading>,
}

impl Trail {
    /// Adds the estimate of the position after `moves` moves. A second
    /// estimate of the same position (a hint, then another) replaces the
    /// first; estimates of later positions, which can only be left from a
    /// line that was taken back, are dropped.
    pub fn record(&mut self, moves: usize, win: Vec<f64>) {
        self.take_back_to(moves);
        if self.readings.last().is_some_and(|last| last.moves == moves) {
            self.readings.pop();
        }
        self.readings.push(Reading { moves, win });
    }

    /// Forgets the estimates of positions after the first `moves` moves,
    /// when the game is taken back to there. The estimate of that very
    /// position stays true: the same position comes back.
    pub fn take_back_to(&mut self, moves: usize) {
        self.readings.retain(|reading| reading.moves <= moves);
    }

    /// Takes out the estimates of positions after the first `moves` moves
    /// and returns them, in order, for a redo to bring back.
    pub fn split_off(&mut self, moves: usize) -> Vec<Reading> {
        let keep = self
            .readings
            .iter()
            .position(|reading| reading.moves > moves)
            .unwrap_or(self.readings.len());
        self.readings.split_off(keep)
    }

    /// Forgets everything, for another game.
    pub fn clear(&mut self) {
        self.readings.clear();
    }

    pub fn readings(&self) -> &[Reading] {
        &self.readings
    }

    /// The readings as JSON, for a saved game's `meta`; chances have four
    /// decimals, as in the bot protocol.
    pub fn to_json(&self) -> Value {
        let readings: Vec<Value> = self
            .readings
            .iter()
            .map(|reading| {
                let win: Vec<f64> = reading.win.iter().map(|&p| round(p)).collect();
                json!({ "moves": reading.moves, "win": win })
            })
            .collect();
        Value::Array(readings)
    }

    /// Reads the readings [`Trail::to_json`] wrote for a record of `moves`
    /// moves and `players` seats. Each must be about a position of that
    /// record, after the one before it, with a chance from 0 to 1 for every
    /// seat; the error names the first reading that is not, and why.
    pub fn from_json(value: &Value, moves: usize, players: usize) -> Result<Trail, String> {
        let Some(items) = value.as_array() else {
            return Err(format!("`{META_KEY}` is not an array"));
        };
        let mut trail = Trail::default();
        for (i, item) in items.iter().enumerate() {
            let at = |what: &str| format!("`{META_KEY}[{i}]`: {what}");
            let reading_moves = item
                .get("moves")
                .and_then(Value::as_u64)
                .and_then(|n| usize::try_from(n).ok())
                .ok_or_else(|| at("`moves` is not a count of moves"))?;
            if reading_moves > moves {
                return Err(at(&format!(
                    "move {reading_moves} is past the record's {moves} moves"
                )));
            }
            if trail
                .readings
                .last()
                .is_some_and(|last| last.moves >= reading_moves)
            {
                return Err(at("not after the reading before it"));
            }
            let win: Vec<f64> = item
                .get("win")
                .and_then(Value::as_array)
                .and_then(|chances| chances.iter().map(Value::as_f64).collect::<Option<_>>())
                .filter(|win: &Vec<f64>| {
                    win.len() == players && win.iter().all(|p| (0.0..=1.0).contains(p))
                })
                .ok_or_else(|| at(&format!("`win` is not {players} chances from 0 to 1")))?;
            trail.readings.push(Reading {
                moves: reading_moves,
                win,
            });
        }
        Ok(trail)
    }

    /// For each owner of `game`, its chance at every reading, oldest first.
    pub fn series(&self, game: &Game) -> Vec<(Owner, Vec<f64>)> {
        owner_series(game, self.readings.iter().map(|reading| &reading.win[..]))
    }
}

/// For each owner of `game`, its chance in each of `chances` (every seat's
/// chances, one slice per estimate), in the order of the estimates.
pub fn owner_series<'a>(
    game: &Game,
    chances: impl IntoIterator<Item = &'a [f64]>,
) -> Vec<(Owner, Vec<f64>)> {
    let mut series: Vec<(Owner, Vec<f64>)> =
        game.owners().map(|owner| (owner, Vec::new())).collect();
    for win in chances {
        for ((_, values), (_, chance)) in series.iter_mut().zip(owner_chances(game, win)) {
            values.push(chance);
        }
    }
    series
}

#[cfg(test)]
mod tests {
    use super::*;
    use carolus_rules::{RecordedGame, Variant};

    fn new_game(players: usize) -> Game {
        let variant = Variant::for_players(players);
        RecordedGame::from_seed(players, variant, 1)
            .unwrap()
            .game()
            .clone()
    }

    #[test]
    fn partners_share_their_team_s_chance() {
        let team_game = new_game(4);
        let chances = owner_chances(&team_game, &[0.3, 0.1, 0.4, 0.2]);
        assert_eq!(chances.len(), 2);
        assert!((chances[0].1 - 0.7).abs() < 1e-12, "{chances:?}");
        assert!((chances[1].1 - 0.3).abs() < 1e-12, "{chances:?}");
        let three = owner_chances(&new_game(3), &[0.5, 0.3, 0.2]);
        assert_eq!(
            three.iter().map(|&(_, c)| c).collect::<Vec<_>>(),
            [0.5, 0.3, 0.2]
        );
    }

    #[test]
    fn a_partner_s_chance_is_the_team_s() {
        let team_game = new_game(4);
        let win = [0.3, 0.1, 0.4, 0.2];
        let chance = |i| seat_chance(&team_game, &win, Seat::new(i).unwrap()).unwrap();
        assert!((chance(0) - 0.7).abs() < 1e-12);
        assert!((chance(2) - 0.7).abs() < 1e-12);
        assert!((chance(3) - 0.3).abs() < 1e-12);
        let seat = Seat::new(1).unwrap();
        assert!((mover_chance(&team_game, seat, 0.45) - 0.9).abs() < 1e-12);

        let three = new_game(3);
        let seat = Seat::new(2).unwrap();
        assert_eq!(seat_chance(&three, &[0.5, 0.3, 0.2], seat), Some(0.2));
        assert_eq!(mover_chance(&three, seat, 0.2), 0.2);
        assert_eq!(
            seat_chance(&three, &[0.5, 0.5], seat),
            None,
            "no value for seat 2"
        );
    }

    #[test]
    fn a_position_estimated_again_keeps_one_reading() {
        let mut trail = Trail::default();
        trail.record(3, vec![0.5, 0.5]);
        trail.record(9, vec![0.6, 0.4]);
        trail.record(9, vec![0.7, 0.3]);
        assert_eq!(trail.readings().len(), 2);
        assert_eq!(trail.readings()[1].win, [0.7, 0.3]);
    }

    #[test]
    fn taking_back_forgets_the_positions_after_it() {
        let mut trail = Trail::default();
        for moves in [3, 9, 15, 21] {
            trail.record(moves, vec![0.5, 0.5]);
        }
        trail.take_back_to(15);
        let kept: Vec<usize> = trail.readings().iter().map(|r| r.moves).collect();
        assert_eq!(kept, [3, 9, 15]);
        // An estimate of an earlier position means the later ones were
        // taken back.
        trail.record(5, vec![0.2, 0.8]);
        let kept: Vec<usize> = trail.readings().iter().map(|r| r.moves).collect();
        assert_eq!(kept, [3, 5]);
        trail.clear();
        assert!(trail.readings().is_empty());
    }

    #[test]
    fn a_trail_survives_json() {
        let mut trail = Trail::default();
        trail.record(4, vec![0.123456, 0.876544]);
        trail.record(9, vec![1.0, 0.0]);
        let json = trail.to_json();
        assert_eq!(
            json.to_string(),
            r#"[{"moves":4,"win":[0.1235,0.8765]},{"moves":9,"win":[1.0,0.0]}]"#
        );
        let back = Trail::from_json(&json, 9, 2).unwrap();
        assert_eq!(back.readings()[0].win, [0.1235, 0.8765]);
        assert_eq!(back.readings()[1], trail.readings()[1]);
    }

    #[test]
    fn bad_saved_estimates_say_which_and_why() {
        let bad = |text: &str, moves: usize| {
            let value: Value = serde_json::from_str(text).unwrap();
            Trail::from_json(&value, moves, 2).unwrap_err()
        };
        assert_eq!(bad("{}", 9), "`estimates` is not an array");
        assert_eq!(
            bad(r#"[{"moves": 4, "win": [0.5, 0.5]}, {"moves": -1}]"#, 9),
            "`estimates[1]`: `moves` is not a count of moves"
        );
        assert_eq!(
            bad(r#"[{"moves": 12, "win": [0.5, 0.5]}]"#, 9),
            "`estimates[0]`: move 12 is past the record's 9 moves"
        );
        assert_eq!(
            bad(
                r#"[{"moves": 4, "win": [0.5, 0.5]}, {"moves": 4, "win": [0.5, 0.5]}]"#,
                9
            ),
            "`estimates[1]`: not after the reading before it"
        );
        for win in [
            "[0.5]",
            "[0.5, 0.5, 0.0]",
            "[0.5, \"x\", 0.5]",
            "[1.5, -0.5]",
            "5",
        ] {
            assert_eq!(
                bad(&format!(r#"[{{"moves": 4, "win": {win}}}]"#), 9),
                "`estimates[0]`: `win` is not 2 chances from 0 to 1",
                "{win}"
            );
        }
    }

    #[test]
    fn the_series_follow_the_readings_per_owner() {
        let mut trail = Trail::default();
        trail.record(1, vec![0.1, 0.2, 0.3, 0.4]);
        trail.record(2, vec![0.4, 0.3, 0.2, 0.1]);
        let series = trail.series(&new_game(4));
        assert_eq!(series.len(), 2);
        assert_eq!(series[0].1.len(), 2);
        assert!((series[0].1[0] - 0.4).abs() < 1e-12);
        assert!((series[1].1[1] - 0.4).abs() < 1e-12);
    }
}
