//! Constructed positions with an obviously right decision, which the greedy
//! bot and the tree search must find.

mod common;

use carolus_ai::{Bot, BotSpec, Budget};
use carolus_rules::{Family, Game, Move, Phase, Seat};
use common::{position, red_against_green};

/// Lets `bot` play the turn of the player to act, up to the draw after it.
fn play_turn(bot: &mut dyn Bot, game: &mut Game) {
    while matches!(game.phase(), Phase::Place | Phase::Move) {
        let analysis = bot.choose(game, &Budget::default()).expect("a decision");
        game.play(analysis.best).expect("a legal move");
    }
}

fn seat(index: usize) -> Seat {
    Seat::new(index).expect("a seat")
}

#[test]
fn the_bots_take_a_castle_that_is_there_for_the_taking() {
    // Seat 0 holds only red: one red knight in the court takes red over, and
    // two more in any region within reach win it (nobody else scores).
    // Greedy takes the castle. The tree search may instead put all three
    // red knights into the court, where no draw of seat 1 can soon overturn
    // red: searched deeply enough it values that turn higher (about 0.69
    // against 0.57 for the castle at 60 000 iterations; with the PUCT
    // constant of 1 one seed in two still locked into the castle line).
    for spec in ["greedy", "mcts:iterations=3000,threads=1"] {
        let mut game = red_against_green();
        let mut bot = spec.parse::<BotSpec>().expect("a spec").build(1);
        play_turn(bot.as_mut(), &mut game);
        assert_eq!(game.controller(Family::Red), Some(seat(0)), "{spec}");
        let castle = game.castles(seat(0)) == 1;
        let safe_court = game.court(seat(0))[Family::Red] == 3;
        if spec == "greedy" {
            assert!(castle, "{spec} missed its castle");
        } else {
            assert!(castle || safe_court, "{spec} did neither");
        }
    }
}

#[test]
fn the_bots_move_the_emperor_to_the_only_region_they_win() {
    // Red is seat 0's and two red knights stand on territory 3; the emperor
    // on territory 1 may go 1 to 3 steps. Only 2 steps wins a castle; 1 and
    // 3 steps end on regions that nobody wins.
    let game = position(
        "RGBYPRGBYPRGBYP",
        &[0, 1],
        &[
            "draw RRRRRRR",
            "draw GGGGGGG",
            "disc 3",
            "disc 5",
            "place R court",
            "place R 3",
            "place R 3",
        ],
    );
    assert_eq!(game.phase(), Phase::Move);
    for spec in ["greedy", "mcts:iterations=2000,threads=1"] {
        let mut bot = spec.parse::<BotSpec>().expect("a spec").build(1);
        let analysis = bot.choose(&game, &Budget::default()).expect("a decision");
        assert_eq!(analysis.best, Move::Emperor { steps: 2 }, "{spec}");
        // Only the evaluation is asked who leads after the castle: the
        // search's estimate sits near even here and falls for seat 0 the
        // deeper it searches seat 1's reply (seat 1 holds seven knights and
        // the larger disc).
        if spec == "greedy" {
            assert!(analysis.win[0] > analysis.win[1], "{:?}", analysis.win);
        }
    }
}

#[test]
fn the_bots_avoid_handing_the_opponent_a_castle() {
    // Seat 1 controls green: one green knight stands on territory 3 and
    // three on territory 4. Seat 0, holding red only, acts with disc 3 from
    // territory 2. Stopping on 3 or 4 without outscoring green hands seat 1
    // a castle. Both bots must avoid that and take over red; greedy also
    // takes the castle that red can win at once, while the tree search
    // (having played the game on) prefers a court of three red knights that
    // no draw can soon overturn, and stops where nobody wins.
    let game = position(
        "RBGYPRGBYPRGBYP",
        &[1, 0],
        &[
            "draw GGGGGGG",
            "draw RRRRRRR",
            "disc 1",
            "disc 3",
            "place G court",
            "place G 4",
            "place G 4",
            "move 1",
            "draw BBB",
        ],
    );
    assert_eq!(game.phase(), Phase::Place);
    assert_eq!(game.to_act(), Some(seat(0)));
    for spec in ["greedy", "mcts:iterations=3000,threads=1"] {
        let mut game = game.clone();
        let mut bot = spec.parse::<BotSpec>().expect("a spec").build(1);
        play_turn(bot.as_mut(), &mut game);
        assert_eq!(game.castles(seat(1)), 0, "{spec} handed over a castle");
        assert_eq!(game.controller(Family::Red), Some(seat(0)), "{spec}");
        if spec == "greedy" {
            assert_eq!(game.castles(seat(0)), 1, "{spec} missed its castle");
        }
    }
}

#[test]
fn greedy_turns_a_first_round_joker_into_the_family_it_lacks() {
    // Nobody controls a family yet, so the evaluation values every colour of
    // the joker alike. The bot then follows the turn planner, which spreads
    // a reserve over the families: pink, the only one seat 0 drew none of.
    let mut game = position("RGBYPRGBYPRGBYP", &[0, 1], &["draw RRGGBYJ"]);
    assert_eq!(game.phase(), Phase::Joker);
    assert_eq!(game.to_act(), Some(seat(0)));
    let mut bot = "greedy".parse::<BotSpec>().expect("a spec").build(1);
    let analysis = bot.choose(&game, &Budget::default()).expect("a decision");
    assert_eq!(analysis.best, Move::Joker(Family::Pink));
    game.play(analysis.best).expect("a legal move");
}
