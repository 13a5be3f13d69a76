//! One game of a match: the seats' players, the set's draws, and forfeits.
//!
//! A player that cannot give a legal move in time (an external program
//! that crashed, fell silent, answered garbage or an illegal move; a
//! built-in bot that failed) forfeits: the game stops there, every seat of
//! that bot loses, and the other seats share the win. The reason goes into
//! the record's `meta` and `result`, and into the match summary.

use std::time::Duration;

use carolus_rules::{Record, RecordedGame, Seat, result_of};
use serde_json::{Map, Value, json};

use crate::duplicate::{Deal, Plan};
use crate::failure::bad_input;
use crate::players::BotChoice;

/// The most decisions a game may take. Games end on their own long before
/// (a few hundred decisions), but nothing in the rules forces players who
/// avoid winning regions to stop, and a match must not hang on them; a game
/// cut off here counts as a win shared by every seat.
const MAX_DECISIONS: usize = 20_000;

/// How one game of a match went.
#[derive(Debug)]
pub struct Outcome {
    pub set: u64,
    pub rotation: usize,
    /// The bot (index into the match's bots) in each seat.
    pub seats: Vec<usize>,
    /// The winning seats.
    pub winners: Vec<usize>,
    /// Why the game stopped early, if it did.
    pub forfeit: Option<Forfeit>,
    /// Whether the game was cut off at [`MAX_DECISIONS`].
    pub unfinished: bool,
    /// The game's record, with names, result and meta.
    pub record: Record,
}

/// A game lost by a seat that had no legal move to give.
#[derive(Clone, Debug)]
pub struct Forfeit {
    pub seat: usize,
    /// The bot in that seat.
    pub bot: usize,
    /// The number (from 1) of the move that was due in the record.
    pub move_number: usize,
    pub reason: String,
}

/// The settings every game of a match shares.
pub struct Table<'a> {
    pub bots: &'a [BotChoice],
    pub plan: &'a Plan,
    /// Thinking time per move.
    pub time: Duration,
    /// Extra time an external program has before it counts as silent.
    pub grace: Duration,
    /// Extra time on top of that for an external program's first answer
    /// in a game, which includes its start-up.
    pub startup: Duration,
    /// The match's master seed, for the records' meta.
    pub master_seed: u64,
}

#[cfg(test)]
impl<'a> Table<'a> {
    /// A table for tests: 100 ms a move, 100 ms of grace and a second for
    /// start-up.
    pub fn quick(bots: &'a [BotChoice], plan: &'a Plan, master_seed: u64) -> Table<'a> {
        Table {
            bots,
            plan,
            time: Duration::from_millis(100),
            grace: Duration::from_millis(100),
            startup: Duration::from_secs(1),
            master_seed,
        }
    }
}

/// Plays game `rotation` of the set dealt as `deal`.
pub fn play(table: &Table<'_>, deal: &Deal, rotation: usize) -> anyhow::Result<Outcome> {
    let seats = table.plan.seats(rotation).to_vec();
    let mut recorded = RecordedGame::new(deal.setup.clone())?;
    let mut streams = deal.draw_streams();
    let mut players = Vec::with_capacity(seats.len());
    for (seat, &bot) in seats.iter().enumerate() {
        let choice = &table.bots[bot];
        let player = choice
            .player(deal.bot_seed(rotation, seat), table.startup)
            .map_err(|reason| bad_input(format!("--bot {choice}: {reason}")))?;
        players.push(player);
    }

    let mut forfeit = None;
    let mut decisions = 0;
    let mut unfinished = false;
    while !recorded.game().is_over() {
        if recorded.game().draw_due().is_some() {
            recorded.draw_while_due(&mut streams);
            continue;
        }
        let Some(seat) = recorded.game().to_act() else {
            anyhow::bail!("nobody is to act in a game that is not over");
        };
        if decisions == MAX_DECISIONS {
            unfinished = true;
            break;
        }
        decisions += 1;
        let player = &mut players[seat.index()];
        let decided = player
            .decide(recorded.record(), recorded.game(), table.time, table.grace)
            .and_then(|mv| {
                recorded
                    .play(mv)
                    .map_err(|error| format!("played {mv}: {error}"))
            });
        if let Err(reason) = decided {
            forfeit = Some(Forfeit {
                seat: seat.index(),
                bot: seats[seat.index()],
                move_number: recorded.record().moves.len() + 1,
                reason,
            });
            break;
        }
    }
    // Stop external programs now rather than whenever the outcome is
    // dropped: the next game may need the cores.
    drop(players);

    let game = recorded.game();
    let winners: Vec<usize> = match (&forfeit, unfinished) {
        (Some(forfeit), _) => (0..seats.len())
            .filter(|&seat| seats[seat] != forfeit.bot)
            .collect(),
        (None, true) => (0..seats.len()).collect(),
        (None, false) => game.winners().map(Seat::index).collect(),
    };
    if forfeit.is_some() || unfinished {
        let mut result = result_of(game);
        if let Value::Object(fields) = &mut result {
            fields.insert("winners".to_owned(), json!(winners));
            match &forfeit {
                Some(forfeit) => {
                    fields.insert("forfeit".to_owned(), forfeit_value(forfeit, table));
                }
                None => {
                    fields.insert("unfinished".to_owned(), Value::Bool(true));
                }
            }
        }
        recorded.record_mut().result = Some(result);
    }
    let record = recorded.record_mut();
    record.names = Some(
        seats
            .iter()
            .map(|&bot| table.bots[bot].to_string())
            .collect(),
    );
    let mut meta = Map::new();
    meta.insert("set".to_owned(), json!(deal.set));
    meta.insert("rotation".to_owned(), json!(rotation));
    meta.insert("bots".to_owned(), json!(seats));
    meta.insert("set_seed".to_owned(), json!(deal.seed.to_string()));
    meta.insert(
        "match_seed".to_owned(),
        json!(table.master_seed.to_string()),
    );
    if let Some(forfeit) = &forfeit {
        meta.insert("forfeit".to_owned(), forfeit_value(forfeit, table));
    }
    if unfinished {
        meta.insert(
            "unfinished".to_owned(),
            json!(format!("cut off after {MAX_DECISIONS} decisions")),
        );
    }
    record.meta = Some(meta);

    Ok(Outcome {
        set: deal.set,
        rotation,
        seats,
        winners,
        forfeit,
        unfinished,
        record: recorded.into_record(),
    })
}

fn forfeit_value(forfeit: &Forfeit, table: &Table<'_>) -> Value {
    json!({
        "seat": forfeit.seat,
        "bot": table.bots.get(forfeit.bot).map(ToString::to_string),
        "move": forfeit.move_number,
        "reason": forfeit.reason,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use carolus_rules::Variant;

    #[test]
    fn a_game_between_built_in_bots_is_finished_and_replays() {
        let bots: Vec<BotChoice> = vec!["random".parse().unwrap(), "greedy".parse().unwrap()];
        let plan = Plan::new(2, 2).unwrap();
        let table = Table::quick(&bots, &plan, 1);
        let deal = Deal::new(0, 42, &plan, Variant::STANDARD);
        let outcome = play(&table, &deal, 1).unwrap();
        assert!(outcome.forfeit.is_none());
        assert_eq!(outcome.seats, [1, 0]);
        let game = outcome.record.replay().unwrap();
        assert!(game.is_over());
        let winners: Vec<usize> = game.winners().map(Seat::index).collect();
        assert_eq!(outcome.winners, winners);
        let meta = outcome.record.meta.unwrap();
        assert_eq!(meta["rotation"], 1);
        assert_eq!(outcome.record.names.unwrap(), ["greedy", "random"]);
    }

    #[test]
    fn a_bot_that_cannot_start_is_an_error_naming_it_not_a_forfeit() {
        let bots: Vec<BotChoice> = vec![
            "random".parse().unwrap(),
            "cmd:/nonexistent/carolus-bot".parse().unwrap(),
        ];
        let plan = Plan::new(2, 2).unwrap();
        let table = Table::quick(&bots, &plan, 1);
        let deal = Deal::new(0, 7, &plan, Variant::STANDARD);
        let error = play(&table, &deal, 0).unwrap_err();
        let message = error.to_string();
        assert!(
            message.starts_with("--bot cmd:/nonexistent/carolus-bot: cannot start"),
            "{message}"
        );
        assert!(error.downcast_ref::<crate::failure::BadInput>().is_some());
    }
}
