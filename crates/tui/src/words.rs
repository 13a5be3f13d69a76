//! Moves, outcomes and results in words, for the game log and the panels:
//! "Anna places a red knight in region 4".
//!
//! Tokens are the notation of machines; people read sentences. Every
//! sentence is built from the position before the move and the engine's
//! own answer about what the move does ([`crate::preview`]).

use carolus_rules::{Destination, Family, Game, Knight, Move, Owner, Seat, Territory};

use crate::config::CASTLE_COLOURS;
use crate::preview::{self, Resolution, Scores};
use carolus_core::session::SeatInfo;

/// What kind of line a log entry is, for its style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryKind {
    /// A new round begins.
    Round,
    /// A player's decision.
    Action,
    /// What followed from it: control, castles, mergers.
    Consequence,
    /// A chance draw.
    Chance,
    /// The end of the game.
    End,
}

/// One line of the game log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The index in the record of the move that produced the line, so that
    /// an undo can drop exactly the lines of the moves it takes back.
    pub index: usize,
    pub kind: EntryKind,
    pub text: String,
}

/// The name of `seat`.
pub fn seat_name(seats: &[SeatInfo], seat: Seat) -> &str {
    seats
        .get(seat.index())
        .map_or("somebody", |info| info.name.as_str())
}

/// The name of an owner of castles: a player, or a team ("Anna & Clara").
pub fn owner_name(seats: &[SeatInfo], owner: Owner) -> String {
    match owner {
        Owner::Seat(seat) => seat_name(seats, seat).to_owned(),
        Owner::Team(team) => {
            let [a, b] = team.seats();
            format!("{} & {}", seat_name(seats, a), seat_name(seats, b))
        }
    }
}

/// A short badge for an owner, at most `width` characters: the name cut
/// short, or for a team its partners' seat numbers ("0+2"), as the seat
/// table and `--ai` number them.
pub fn owner_badge(seats: &[SeatInfo], owner: Owner, width: usize) -> String {
    match owner {
        Owner::Seat(seat) => seat_name(seats, seat).chars().take(width.max(1)).collect(),
        Owner::Team(team) => {
            let [a, b] = team.seats();
            let badge = format!("{}+{}", a.index(), b.index());
            badge.chars().take(width.max(1)).collect()
        }
    }
}

/// The castle colour of an owner (a seat, or a team in the team game), as
/// the rulebooks give them: black, white and grey.
pub fn owner_colour(owner: Owner) -> &'static str {
    CASTLE_COLOURS.get(owner.index()).copied().unwrap_or("grey")
}

/// The castle colour of an owner as one mark whose shape tells it without
/// colours too: ● black, ○ white, ◐ grey.
pub fn owner_mark(owner: Owner) -> &'static str {
    match owner.index() {
        0 => "●",
        1 => "○",
        _ => "◐",
    }
}

/// Picks the verb form for an owner: teams are plural.
fn verb(owner: Owner, singular: &'static str, plural: &'static str) -> &'static str {
    match owner {
        Owner::Seat(_) => singular,
        Owner::Team(_) => plural,
    }
}

/// "red", "green", …
pub fn family_word(family: Family) -> &'static str {
    family.colour_name()
}

/// The territories of a region for people: "4", "6–8" or "14–2".
pub fn span(territories: &[Territory]) -> String {
    match territories {
        [] => String::new(),
        [only] => only.to_string(),
        [first, .., last] => format!("{first}–{last}"),
    }
}

/// "a red knight", "3 red knights".
fn knights(count: usize, family: &str) -> String {
    match count {
        1 => format!("a {family} knight"),
        n => format!("{n} {family} knights"),
    }
}

/// The counts of a draw in words: "2 red, a green and a joker".
fn draw_words(knights_drawn: &[Knight]) -> String {
    let mut parts = Vec::new();
    for outcome in Knight::OUTCOMES {
        let count = knights_drawn.iter().filter(|&&k| k == outcome).count();
        if count == 0 {
            continue;
        }
        let word = match outcome {
            Knight::Family(family) => family_word(family),
            Knight::Joker => "joker",
        };
        parts.push(match (count, outcome) {
            (1, Knight::Joker) => "a joker".to_owned(),
            (n, Knight::Joker) => format!("{n} jokers"),
            (1, _) => format!("a {word}"),
            (n, _) => format!("{n} {word}"),
        });
    }
    join_and(&parts)
}

/// "a", "a and b", "a, b and c".
pub fn join_and(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [only] => only.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The scores of a region above zero, highest first: "Anna 3, Bruno 1".
pub fn scores_words(seats: &[SeatInfo], scores: &Scores) -> String {
    let mut sorted: Scores = scores.iter().copied().filter(|&(_, s)| s > 0).collect();
    sorted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.index().cmp(&b.0.index())));
    sorted
        .iter()
        .map(|&(owner, score)| format!("{} {score}", owner_badge(seats, owner, 12)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What resolving a region does, as a clause: "Anna builds a castle".
pub fn resolution_words(seats: &[SeatInfo], resolution: &Resolution) -> String {
    match *resolution {
        Resolution::Build(owner) => format!(
            "{} {} a castle",
            owner_name(seats, owner),
            verb(owner, "builds", "build")
        ),
        Resolution::TakeOver {
            winner,
            from,
            castles,
        } => format!(
            "{} {} over {} from {}",
            owner_name(seats, winner),
            verb(winner, "takes", "take"),
            if castles == 1 {
                "the castle".to_owned()
            } else {
                format!("{castles} castles")
            },
            owner_name(seats, from)
        ),
        Resolution::Hold(owner) => format!(
            "{} {} it: nothing changes",
            owner_name(seats, owner),
            verb(owner, "holds", "hold")
        ),
        Resolution::Tie { score } => format!("a tie at {score}: nothing happens"),
        Resolution::NoScore => "nobody scores: nothing happens".to_owned(),
    }
}

/// The winners of a finished game in a sentence.
pub fn result_words(game: &Game, seats: &[SeatInfo]) -> String {
    let winners: Vec<Seat> = game.winners().collect();
    let owners: Vec<Owner> = {
        let mut owners: Vec<Owner> = winners.iter().map(|&s| game.owner_of(s)).collect();
        owners.dedup();
        owners
    };
    let castles = winners.first().map_or(0, |&s| game.castles(s));
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    match owners.as_slice() {
        [] => "The game is over.".to_owned(),
        [only] => format!(
            "{} {} with {castles} castle{}.",
            owner_name(seats, *only),
            verb(*only, "wins", "win"),
            plural(castles)
        ),
        many => {
            let names: Vec<String> = many.iter().map(|&o| owner_name(seats, o)).collect();
            format!(
                "{} share the victory with {castles} castle{} each.",
                join_and(&names),
                plural(castles)
            )
        }
    }
}

/// The log lines of `mv`, played in `before` (the position before it) as
/// the move at index `index` of the record.
pub fn describe(before: &Game, mv: Move, index: usize, seats: &[SeatInfo]) -> Vec<Entry> {
    let Some(seat) = before.to_act() else {
        return Vec::new();
    };
    let mut after = before.clone();
    if after.play(mv).is_err() {
        return Vec::new();
    }
    let name = seat_name(seats, seat);
    let mut entries = Vec::new();
    let mut push = |kind: EntryKind, text: String| entries.push(Entry { index, kind, text });

    match mv {
        Move::Disc(disc) => push(EntryKind::Action, format!("{name} chooses disc {disc}")),
        Move::Joker(family) => push(
            EntryKind::Action,
            format!("{name} turns a joker into a {} knight", family_word(family)),
        ),
        Move::Draw(draw) => {
            let what = draw_words(draw.knights());
            let text = if before.round() == 0 {
                format!("{name} draws a starting reserve: {what}")
            } else {
                format!("{name} draws {what}")
            };
            push(EntryKind::Chance, text);
        }
        Move::Place { family, to } => {
            let what = knights(1, family_word(family));
            match to {
                Destination::Court => {
                    push(
                        EntryKind::Action,
                        format!("{name} places {what} in the court"),
                    );
                    let (was, now) = (before.controller(family), after.controller(family));
                    if was != now
                        && let Some(now) = now
                    {
                        let text = match was {
                            Some(old) => format!(
                                "{} takes control of {} from {}",
                                seat_name(seats, now),
                                family_word(family),
                                seat_name(seats, old)
                            ),
                            None => format!(
                                "{} takes control of {}",
                                seat_name(seats, now),
                                family_word(family)
                            ),
                        };
                        push(EntryKind::Consequence, text);
                    }
                }
                Destination::Region(territory) => {
                    let region = before.regions()[before.region_index(territory)].name();
                    push(
                        EntryKind::Action,
                        format!("{name} places {what} in region {region}"),
                    );
                }
            }
        }
        Move::Emperor { steps } => {
            if let Some(outcome) = preview::emperor_move(before, steps) {
                push(
                    EntryKind::Action,
                    format!(
                        "{name} moves the emperor {steps} step{} to region {}",
                        if steps == 1 { "" } else { "s" },
                        outcome.name
                    ),
                );
                let scores = if outcome.scores.iter().any(|&(_, s)| s > 0) {
                    format!(" ({})", scores_words(seats, &outcome.scores))
                } else {
                    String::new()
                };
                push(
                    EntryKind::Consequence,
                    format!(
                        "{}{scores}",
                        capitalise(&resolution_words(seats, &outcome.resolution))
                    ),
                );
                if let Some(merged) = &outcome.merged {
                    let name = merged.iter().min().copied().unwrap_or(outcome.name);
                    push(
                        EntryKind::Consequence,
                        format!("Regions merge into region {name} ({})", span(merged)),
                    );
                }
            }
        }
    }
    if after.round() > before.round() && after.round() > 0 {
        push(EntryKind::Round, format!("Round {}", after.round()));
    }
    if after.is_over() {
        push(
            EntryKind::End,
            format!("Game over. {}", result_words(&after, seats)),
        );
    }
    entries
}

/// `text` with its first letter in upper case.
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A move for people, without the player's name: "place a red knight in
/// region 4", "choose disc 3".
pub fn move_words(game: &Game, mv: Move) -> String {
    match mv {
        Move::Disc(disc) => format!("choose disc {disc}"),
        Move::Joker(family) => format!("turn the joker into {}", family_word(family)),
        Move::Draw(draw) => format!("draw {}", draw_words(draw.knights())),
        Move::Place {
            family,
            to: Destination::Court,
        } => format!("place a {} knight in the court", family_word(family)),
        Move::Place {
            family,
            to: Destination::Region(territory),
        } => {
            let region = game
                .regions()
                .get(game.region_index(territory))
                .map_or(territory, |r| r.name());
            format!("place a {} knight in region {region}", family_word(family))
        }
        Move::Emperor { steps } => format!(
            "move the emperor {steps} step{}",
            if steps == 1 { "" } else { "s" }
        ),
    }
}

/// A move in a few words, for narrow lists: "R → court", "P → region 4",
/// "emperor 2 → region 7".
pub fn short_move(game: &Game, mv: Move) -> String {
    match mv {
        Move::Place {
            family,
            to: Destination::Court,
        } => format!("{} → court", family_word(family)),
        Move::Place {
            family,
            to: Destination::Region(territory),
        } => {
            let region = game
                .regions()
                .get(game.region_index(territory))
                .map_or(territory, |r| r.name());
            format!("{} → region {region}", family_word(family))
        }
        Move::Emperor { steps } => match preview::emperor_move(game, steps) {
            Some(outcome) => format!("emperor {steps} → region {}", outcome.name),
            None => format!("emperor {steps}"),
        },
        Move::Joker(family) => format!("joker → {}", family_word(family)),
        Move::Disc(disc) => format!("disc {disc}"),
        Move::Draw(_) => move_words(game, mv),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carolus_core::session::{self, SeatKind};
    use carolus_rules::{Phase, RecordedGame, Variant};

    fn people(n: usize) -> Vec<SeatInfo> {
        session::seats(n, None, &[]).unwrap()
    }

    #[test]
    fn placements_read_as_sentences() {
        let recorded = RecordedGame::from_seed(2, Variant::STANDARD, 5).unwrap();
        let mut game = recorded.game().clone();
        let seats = people(2);
        // Get to the first placement.
        let mut rng = carolus_rules::GameRng::seed_from_u64(5);
        while game.phase() != Phase::Place {
            game.play_random(&mut rng).unwrap();
        }
        let mover = seat_name(&seats, game.to_act().unwrap()).to_owned();
        let mv = game
            .legal_moves()
            .iter()
            .copied()
            .find(|m| {
                matches!(
                    m,
                    Move::Place {
                        to: Destination::Region(_),
                        ..
                    }
                )
            })
            .unwrap();
        let Move::Place {
            family,
            to: Destination::Region(t),
        } = mv
        else {
            unreachable!()
        };
        let entries = describe(&game, mv, 7, &seats);
        assert_eq!(
            entries[0].text,
            format!(
                "{mover} places a {} knight in region {t}",
                family_word(family)
            )
        );
        assert_eq!(entries[0].index, 7);
    }

    #[test]
    fn draws_group_their_knights() {
        let draw: Move = "draw RRGJ".parse().unwrap();
        let Move::Draw(draw) = draw else {
            unreachable!()
        };
        assert_eq!(draw_words(draw.knights()), "2 red, a green and a joker");
    }

    #[test]
    fn teams_are_named_by_both_partners() {
        let mut seats = people(4);
        seats[1].kind = SeatKind::Ai {
            level: carolus_ai::Level::new(2).unwrap(),
        };
        let team = Owner::Team(carolus_rules::Team::new(1).unwrap());
        assert_eq!(owner_name(&seats, team), "Bruno & David");
        // A badge gives the seats' numbers, as the seat table and --ai do.
        assert_eq!(owner_badge(&seats, team, 5), "1+3");
        assert_eq!((owner_colour(team), owner_mark(team)), ("white", "○"));
        assert_eq!(
            resolution_words(&seats, &Resolution::Build(team)),
            "Bruno & David build a castle"
        );
    }

    #[test]
    fn spans_name_first_and_last_territory() {
        let t = |n| Territory::new(n).unwrap();
        assert_eq!(span(&[t(14), t(15), t(1), t(2)]), "14–2");
        assert_eq!(span(&[t(4)]), "4");
        assert_eq!(
            join_and(&["a".into(), "b".into(), "c".into()]),
            "a, b and c"
        );
    }
}
