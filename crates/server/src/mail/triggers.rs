//! Which mails a committed change calls for: pure logic over what the
//! tables before and after the change say, so that it is tested without a
//! database, a network or a clock.
//!
//! A turn's mail goes to the person whose decision the game now awaits,
//! when the decision passed to them with this change (a turn is several
//! decisions of one seat: the first of them is what they are told of) and
//! the game is played by correspondence (a days-per-move clock) or they
//! are not connected to the table. At most one per game and turn: the
//! event's key names the game, its take backs and the record's length,
//! and the outbox keeps one mail per key and address. Whether the person
//! came to the table meanwhile is checked again when the mail is sent.
//!
//! A game that has ended calls for a mail to every person at it.

use carolus_rules::Seat;

use crate::api::Status;
use crate::table::{Clock, Player, Table};

/// What the triggers read of a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    pub game: String,
    pub status: Status,
    /// The seat whose decision the game awaits, if a person decides it
    /// (a person's seat whose time has not run out).
    pub person_to_act: Option<usize>,
    /// The seats of people (claimed or created as a person's).
    pub people: Vec<usize>,
    pub length: usize,
    pub takebacks: u32,
    pub correspondence: bool,
}

impl Facts {
    pub fn of(table: &Table) -> Facts {
        let status = table.status();
        let person_to_act = table.position().to_act().map(Seat::index).filter(|&seat| {
            status == Status::Running
                && matches!(table.seats[seat].player, Player::Person { .. })
                && !table.seats[seat].timed_out
        });
        Facts {
            game: table.id.clone(),
            status,
            person_to_act,
            people: table
                .seats
                .iter()
                .enumerate()
                .filter(|(_, seat)| {
                    matches!(
                        seat.player,
                        Player::Person {
                            token_hash: Some(_)
                        }
                    )
                })
                .map(|(index, _)| index)
                .collect(),
            length: table.length(),
            takebacks: table.takebacks,
            correspondence: matches!(table.clock, Some(Clock::Correspondence { .. })),
        }
    }
}

/// Something that happened to a game that people may be told of by mail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The game awaits `seat`'s decision, at `ply` moves after `takebacks`
    /// take backs.
    Turn {
        game: String,
        seat: usize,
        ply: usize,
        takebacks: u32,
    },
    /// The game ended; `people` are its people's seats.
    Ended { game: String, people: Vec<usize> },
}

impl Event {
    /// The event's key in the outbox: one mail per key and address.
    pub fn key(&self) -> String {
        match self {
            Event::Turn {
                game,
                ply,
                takebacks,
                ..
            } => format!("turn:{game}:{takebacks}:{ply}"),
            Event::Ended { game, .. } => format!("ended:{game}"),
        }
    }

    pub fn game(&self) -> &str {
        match self {
            Event::Turn { game, .. } | Event::Ended { game, .. } => game,
        }
    }

    /// The seats whose people are written to.
    pub fn seats(&self) -> Vec<usize> {
        match self {
            Event::Turn { seat, .. } => vec![*seat],
            Event::Ended { people, .. } => people.clone(),
        }
    }
}

/// The mails the change from `before` to `after` calls for, with the seats
/// connected to the table as `connected` (a seat missing from it is not).
pub fn events(before: &Facts, after: &Facts, connected: &[bool]) -> Vec<Event> {
    if after.status == Status::Over {
        if before.status == Status::Over {
            return Vec::new();
        }
        return vec![Event::Ended {
            game: after.game.clone(),
            people: after.people.clone(),
        }];
    }
    let Some(seat) = after.person_to_act else {
        return Vec::new();
    };
    // The same person deciding on within their turn is told nothing new;
    // a take back hands the decision back, which is news.
    let passed_to_them = before.person_to_act != Some(seat)
        || before.status != Status::Running
        || after.takebacks != before.takebacks;
    let away = !connected.get(seat).copied().unwrap_or(false);
    if passed_to_them && (after.correspondence || away) {
        vec![Event::Turn {
            game: after.game.clone(),
            seat,
            ply: after.length,
            takebacks: after.takebacks,
        }]
    } else {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(person_to_act: Option<usize>, length: usize) -> Facts {
        Facts {
            game: "abcdefghijkm".to_owned(),
            status: Status::Running,
            person_to_act,
            people: vec![0, 1],
            length,
            takebacks: 0,
            correspondence: false,
        }
    }

    #[test]
    fn a_turn_passing_to_a_person_away_from_the_table_calls_for_one_mail() {
        let before = facts(Some(0), 10);
        let after = facts(Some(1), 11);
        let events = events(&before, &after, &[true, false]);
        assert_eq!(
            events,
            vec![Event::Turn {
                game: "abcdefghijkm".to_owned(),
                seat: 1,
                ply: 11,
                takebacks: 0
            }]
        );
        assert_eq!(events[0].key(), "turn:abcdefghijkm:0:11");
        assert_eq!(events[0].seats(), vec![1]);
    }

    #[test]
    fn a_person_at_the_table_gets_no_mail_unless_the_game_is_by_correspondence() {
        let before = facts(Some(0), 10);
        let after = facts(Some(1), 11);
        assert!(events(&before, &after, &[false, true]).is_empty());
        let correspondence = Facts {
            correspondence: true,
            ..after.clone()
        };
        assert_eq!(events(&before, &correspondence, &[false, true]).len(), 1);
        // A seat the task knows no connection of is away.
        assert_eq!(events(&before, &after, &[]).len(), 1);
    }

    #[test]
    fn decisions_within_ones_own_turn_call_for_no_more_mails() {
        let before = facts(Some(1), 11);
        let after = facts(Some(1), 12);
        assert!(events(&before, &after, &[false, false]).is_empty());
        // Unless a take back handed the decision back.
        let taken_back = Facts {
            takebacks: 1,
            length: 9,
            ..after.clone()
        };
        let events = events(&before, &taken_back, &[false, false]);
        assert_eq!(events[0].key(), "turn:abcdefghijkm:1:9");
    }

    #[test]
    fn the_computer_or_a_timed_out_seat_to_act_calls_for_no_mail() {
        let before = facts(Some(0), 10);
        let after = facts(None, 11);
        assert!(events(&before, &after, &[false, false]).is_empty());
    }

    #[test]
    fn a_game_becoming_running_tells_its_first_person_to_act() {
        let before = Facts {
            status: Status::Open,
            person_to_act: None,
            ..facts(None, 3)
        };
        let after = facts(Some(0), 3);
        assert_eq!(events(&before, &after, &[false, false]).len(), 1);
    }

    #[test]
    fn a_game_that_ends_tells_every_person_once() {
        let before = facts(Some(0), 99);
        let over = Facts {
            status: Status::Over,
            person_to_act: None,
            ..facts(None, 100)
        };
        let ended = events(&before, &over, &[true, true]);
        assert_eq!(
            ended,
            vec![Event::Ended {
                game: "abcdefghijkm".to_owned(),
                people: vec![0, 1]
            }]
        );
        assert_eq!(ended[0].key(), "ended:abcdefghijkm");
        assert!(events(&over, &over, &[false, false]).is_empty());
    }
}
