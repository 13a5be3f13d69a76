//! Helpers shared by the behaviour tests of the rules crate.
//!
//! The tests build every position honestly through the public API: a set-up
//! they choose (the knights on the territories and the initial order) and
//! move tokens they choose. Draws are moves too (`draw RRGJ…`), so a test
//! decides every knight that enters the game. The helpers below only make
//! those scripts short and make their failures say which token failed and
//! why; they never reach into the engine.

// Each integration test file compiles this module as its own copy and uses a
// different part of it, so unused helpers are expected in every one of them.
#![allow(dead_code)]

use carolus_rules::{
    Family, FamilyCounts, Game, IllegalMove, Move, Owner, Phase, Region, Seat, Setup, StateView,
    Team, Territory, Variant,
};

/// The board most tests play on, territories 1–15 clockwise:
///
/// ```text
///  1 Y   2 G   3 B   4 R   5 P   6 G   7 R   8 Y
///  9 B  10 P  11 B  12 Y  13 R  14 G  15 P
/// ```
///
/// Territory 1 holds a yellow knight so that a test can pass the emperor
/// over the seam without red or green (the families tests usually hand out)
/// deciding the region there.
pub const BOARD: &str = "YGBRPGRYBPBYRGP";

/// The set-up with `territories` (fifteen family letters) and the initial
/// playing `order`; four seats mean the team game.
pub fn setup(territories: &str, order: &[usize]) -> Setup {
    let players = order.len();
    let families: Vec<Family> = territories.chars().map(family).collect();
    Setup {
        players,
        variant: Variant::for_players(players),
        territories: families
            .try_into()
            .unwrap_or_else(|v: Vec<Family>| panic!("{} territories, not 15", v.len())),
        order: order.to_vec(),
    }
}

/// A new game from [`setup`], waiting for the first initial draw.
pub fn game(territories: &str, order: &[usize]) -> Game {
    let setup = setup(territories, order);
    Game::from_setup(&setup).unwrap_or_else(|e| panic!("set-up {setup:?} refused: {e}"))
}

/// A new game whose initial draws are played: `reserves[i]` is the draw of
/// the `i`-th seat in the playing order (no jokers, so no joker moves are
/// needed). The game then waits for the first disc.
pub fn started(territories: &str, order: &[usize], reserves: &[&str]) -> Game {
    let mut game = game(territories, order);
    for reserve in reserves {
        play(&mut game, &format!("draw {reserve}"));
    }
    assert_eq!(
        game.phase(),
        Phase::Disc,
        "the initial draws should be over"
    );
    game
}

/// The move a token stands for; a malformed token is a mistake in the test.
pub fn parse(token: &str) -> Move {
    token
        .parse()
        .unwrap_or_else(|e| panic!("token {token:?} does not parse: {e}"))
}

/// Plays one token, panicking with the token, the reason and the position
/// if the engine refuses it.
pub fn play(game: &mut Game, token: &str) {
    let mv = parse(token);
    if let Err(reason) = game.play(mv) {
        panic!(
            "{token:?} refused: {reason} (phase {}, seat to act {:?}, round {})",
            game.phase(),
            game.to_act().map(Seat::index),
            game.round()
        );
    }
}

/// Plays every token in turn; the panic names the first refused one and its
/// place in the list.
pub fn play_all(game: &mut Game, tokens: &[&str]) {
    for (i, token) in tokens.iter().enumerate() {
        let mv = parse(token);
        if let Err(reason) = game.play(mv) {
            panic!(
                "token {} of {} ({token:?}) refused: {reason} (phase {}, seat to act {:?}, round {})",
                i + 1,
                tokens.len(),
                game.phase(),
                game.to_act().map(Seat::index),
                game.round()
            );
        }
    }
}

/// Plays a token that must be refused, checks that the refusal left the
/// position exactly as it was, and returns the reason.
pub fn refuse(game: &mut Game, token: &str) -> IllegalMove {
    let before = game.clone();
    let reason = match game.play(parse(token)) {
        Ok(()) => panic!("{token:?} was accepted but should have been refused"),
        Err(reason) => reason,
    };
    assert_eq!(game, &before, "refusing {token:?} changed the position");
    reason
}

/// The family written `letter`.
pub fn family(letter: char) -> Family {
    Family::from_letter(letter).unwrap_or_else(|| panic!("{letter:?} is not a family"))
}

/// Seat number `index`.
pub fn seat(index: usize) -> Seat {
    Seat::new(index).unwrap_or_else(|| panic!("there is no seat {index}"))
}

/// Team number `index`.
pub fn team(index: usize) -> Team {
    Team::new(index).unwrap_or_else(|| panic!("there is no team {index}"))
}

/// Territory number `number` (1–15).
pub fn territory(number: u8) -> Territory {
    Territory::new(number).unwrap_or_else(|| panic!("there is no territory {number}"))
}

/// Knights counted by family from letters, e.g. `knights("RRG")`.
pub fn knights(letters: &str) -> FamilyCounts {
    let mut counts = FamilyCounts::ZERO;
    for letter in letters.chars() {
        counts[family(letter)] += 1;
    }
    counts
}

/// The territories of every region, clockwise, starting with the region
/// that holds territory 1.
pub fn regions(game: &Game) -> Vec<Vec<u8>> {
    game.regions()
        .iter()
        .map(|r| r.territories().map(|t| t.number()).collect())
        .collect()
}

/// The territories `first..=last` clockwise, across the seam if need be.
pub fn run(first: u8, last: u8) -> Vec<u8> {
    let mut territories = vec![first];
    let mut t = first;
    while t != last {
        t = t % 15 + 1;
        territories.push(t);
    }
    territories
}

/// The region holding territory `number`.
pub fn region_at(game: &Game, number: u8) -> &Region {
    &game.regions()[game.region_index(territory(number))]
}

/// The owner (seat, or team in the team game) of the region holding
/// territory `number`, as the state view numbers it.
pub fn owner_at(game: &Game, number: u8) -> Option<usize> {
    region_at(game, number).owner_index()
}

/// The territories of the region the emperor stands in.
pub fn emperor_region(game: &Game) -> Vec<u8> {
    game.regions()[game.emperor()]
        .territories()
        .map(|t| t.number())
        .collect()
}

/// Every seat's castle total, in seat order (its team's in the team game).
pub fn castle_totals(game: &Game) -> Vec<usize> {
    Seat::all(game.players()).map(|s| game.castles(s)).collect()
}

/// The seat controlling the family written `letter`, by number.
pub fn controller(game: &Game, letter: char) -> Option<usize> {
    game.controller(family(letter)).map(Seat::index)
}

/// The current playing order as seat numbers.
pub fn order(game: &Game) -> Vec<usize> {
    game.order().map(Seat::index).collect()
}

/// The winning seats by number.
pub fn winners(game: &Game) -> Vec<usize> {
    game.winners().map(Seat::index).collect()
}

/// The seat to act, by number.
pub fn to_act(game: &Game) -> Option<usize> {
    game.to_act().map(Seat::index)
}

/// Every legal token, sorted so that tests can compare lists.
pub fn legal(game: &Game) -> Vec<String> {
    let mut tokens: Vec<String> = game.legal_moves().iter().map(Move::to_string).collect();
    tokens.sort();
    tokens
}

/// The legal `disc N` tokens in ascending order.
pub fn legal_discs(game: &Game) -> Vec<String> {
    let mut discs: Vec<String> = legal(game)
        .into_iter()
        .filter(|t| t.starts_with("disc "))
        .collect();
    discs.sort();
    discs
}

/// The state view of `game` read back from its JSON, so that tests see the
/// notation exactly as other programs do.
pub fn view_json(game: &Game) -> serde_json::Value {
    serde_json::from_str(&StateView::of(game).to_json()).expect("the state view is JSON")
}

/// The owner of this game that `seat` builds castles for.
pub fn owner_of(game: &Game, seat_index: usize) -> Owner {
    game.owner_of(seat(seat_index))
}
