//! The rulings of RULES.md as behaviour tests: one named test for each
//! ruling of the standard game for 2 or 3 players (RULES.md's [R1] to [R13])
//! and of the 4-player team game ([T1] to [T7]), and for the state view of
//! NOTATION.md, so that the list of test names reads like the rulebook.
//!
//! Every position is built through the public API only, from a set-up the
//! test chooses and move tokens it chooses; draws are moves, so the tests
//! decide every knight. Each test asserts the exact outcome (castles, owners,
//! regions, control, order) so that a wrong engine makes it fail.
//!
//! Most tests play on [`common::BOARD`]:
//!
//! ```text
//!  1 Y   2 G   3 B   4 R   5 P   6 G   7 R   8 Y
//!  9 B  10 P  11 B  12 Y  13 R  14 G  15 P
//! ```

mod common;

use std::ops::RangeInclusive;

use carolus_rules::{
    Disc, DiscSet, Family, Game, GameRng, IllegalMove, Knight, Move, Owner, Phase, Record,
    RecordedGame, SetupError, StateView, Variant,
};
use common::*;
use serde_json::json;

// ----- Scenarios shared by several tests ----------------------------------
//
// A ruling about castles or mergers needs a few rounds of play before it can
// be seen. The scenarios below script those rounds once; the tests replay
// them and check the ruling at the point where it applies.

/// Plays on while every player does the same thing, one emperor step per
/// action turn, until the emperor has landed on every territory of
/// `landings` in turn: a player choosing a disc takes the highest disc
/// allowed; the acting player puts all knights of the turn, of the family
/// `letter`, on the territory the emperor lands on next, moves the emperor
/// one step onto it and, unless that ended the game, draws the same knights
/// again. The game must not end before the last landing.
///
/// Whoever controls `letter` wins each of those territories, so this builds
/// one growing region for that player (or team), one merger at a time.
fn feed_and_step(game: &mut Game, letter: char, landings: RangeInclusive<u8>) {
    let per_turn = usize::from(game.config().knights_per_turn);
    let draw: String = std::iter::repeat_n(letter, per_turn).collect();
    for landing in landings {
        assert!(
            !game.is_over(),
            "the game ended before the emperor reached territory {landing}"
        );
        while game.phase() == Phase::Disc {
            let highest = legal_discs(game).pop().expect("a disc is always allowed");
            play(game, &highest);
        }
        for _ in 0..per_turn {
            play(game, &format!("place {letter} {landing}"));
        }
        play(game, "move 1");
        if !game.is_over() {
            play(game, &format!("draw {draw}"));
        }
    }
}

/// Two players with only red knights. Seat 0 takes red with its first
/// knight and builds on territory 2; seat 1 is now to act. From here on every
/// red knight on the board counts for seat 0.
fn red_run_for_two() -> Game {
    let mut game = started(BOARD, &[0, 1], &["RRRRRRR", "RRRRRRR"]);
    play_all(
        &mut game,
        &[
            "disc 1",
            "disc 2",
            "place R court",
            "place R 2",
            "place R 2",
            "move 1",
            "draw RRR",
        ],
    );
    game
}

/// Two players with red and green knights. Seat 0 controls red and wins
/// territories 2–8 one after the other; seat 1 controls green and then wins
/// territories 9 up to `last_green`, one after the other.
fn two_halves(last_green: u8) -> Game {
    let mut game = started(BOARD, &[0, 1], &["RRRRGGG", "RRRRGGG"]);
    play_all(
        &mut game,
        &[
            "disc 1",
            "disc 2",
            // Seat 0 takes red and wins territory 2 (two red against a green
            // knight nobody controls yet).
            "place R court",
            "place R 2",
            "place R 2",
            "move 1",
            "draw RRR",
            // Seat 1 takes green but feeds red to territory 3, which seat 0
            // therefore wins.
            "place G court",
            "place R 3",
            "place R 3",
            "move 1",
            "draw GRR",
        ],
    );
    feed_and_step(&mut game, 'R', 4..=8);
    feed_and_step(&mut game, 'G', 9..=last_green);
    game
}

/// The position of [`two_halves`] with four regions left — `[1]`,
/// `[2..8]` (seat 0, 7 castles), `[9..14]` (seat 1, 6 castles) and `[15]` —
/// the emperor on `[9..14]`, and seat 1 to place with disc 5.
fn four_regions_left() -> Game {
    let game = two_halves(14);
    assert_eq!(
        regions(&game),
        [vec![1], run(2, 8), run(9, 14), vec![15]],
        "the scenario should leave four regions"
    );
    assert_eq!(game.phase(), Phase::Place);
    assert_eq!(to_act(&game), Some(1));
    assert_eq!(game.chosen_disc(seat(1)), Disc::new(5));
    game
}

/// The seam story, two players, seat 0 with red and seat 1 with green.
/// Round 1: seat 0 takes red and builds on territory 2 (disc 1); seat 1
/// moves the emperor to territory 6, where nothing happens (disc 4).
const SEAM_ROUND_1: &[&str] = &[
    "disc 1",
    "disc 4",
    "place R court",
    "place R 2",
    "place R 14",
    "move 1",
    "draw RRR",
    "place G 8",
    "place G 8",
    "place G 8",
    "move 4",
    "draw GGG",
];
/// Round 2: seat 0 moves to territory 10 (nothing happens); seat 1 moves to
/// territory 14, which seat 0 wins with the red knight placed in round 1.
const SEAM_ROUND_2: &[&str] = &[
    "disc 4",
    "disc 5",
    "place R 15",
    "place R court",
    "place R court",
    "move 4",
    "draw RRR",
    "place G 8",
    "place G 8",
    "place G 8",
    "move 4",
    "draw GGG",
];
/// Round 3, both discs and seat 0's turn: it wins territory 15, which joins
/// territory 14.
const SEAM_ROUND_3_SEAT_0: &[&str] = &[
    "disc 2",
    "disc 3",
    "place R 1",
    "place R court",
    "place R court",
    "move 1",
    "draw RRR",
];
/// Round 3, seat 1's turn: the emperor crosses the seam to territory 1,
/// which seat 0 wins; it joins `[14, 15]` and `[2]` on both sides.
const SEAM_ROUND_3_SEAT_1: &[&str] = &["place G 8", "place G 8", "place G 8", "move 1", "draw GGG"];

/// The start of the seam story: seat 0 draws seven red knights, seat 1
/// seven green ones.
fn seam_start() -> Game {
    started(BOARD, &[0, 1], &["RRRRRRR", "GGGGGGG"])
}

/// The seam story played to its end (round 4 waits for discs).
fn seam_story() -> Game {
    let mut game = seam_start();
    for part in [
        SEAM_ROUND_1,
        SEAM_ROUND_2,
        SEAM_ROUND_3_SEAT_0,
        SEAM_ROUND_3_SEAT_1,
    ] {
        play_all(&mut game, part);
    }
    game
}

/// Two players contest territories 2 and 3. Seat 0 (blue) wins both and they
/// merge into `[2, 3]` with two castles; seat 1 (green) piles green knights
/// there, takes green in round 2 and adds `extra_green` more, and the emperor
/// comes back to `[2, 3]` in round 3. There seat 0 scores 3 blue knights plus
/// 2 castles = 5, and seat 1 scores 4 + `extra_green` green knights.
fn contest_for_2_and_3(extra_green: usize) -> Game {
    let mut game = started(BOARD, &[0, 1], &["BBBBBBB", "GGGGGGG"]);
    play_all(
        &mut game,
        &[
            "disc 1",
            "disc 2",
            // Seat 0 takes blue and wins territory 2: two blue knights
            // against one green knight that nobody controls.
            "place B court",
            "place B 2",
            "place B 2",
            "move 1",
            "draw BBB",
            // Seat 1 piles green knights on territory 2, which count for
            // nobody yet, and moves to territory 3, which seat 0 wins.
            "place G 2",
            "place G 2",
            "place G 2",
            "move 1",
            "draw GGG",
        ],
    );
    assert_eq!(
        regions(&game)[1],
        [2, 3],
        "territories 2 and 3 should merge"
    );
    // Round 2: seat 0 moves four regions to territory 7, where nothing
    // happens. Seat 1 takes green, adds its extra green knights to
    // territory 2 and moves five regions to territory 12, nothing again.
    play_all(
        &mut game,
        &[
            "disc 4",
            "disc 5",
            "place B court",
            "place B court",
            "place B court",
            "move 4",
            "draw BBB",
            "place G court",
        ],
    );
    for i in 0..2 {
        play(
            &mut game,
            if i < extra_green {
                "place G 2"
            } else {
                "place G court"
            },
        );
    }
    play_all(&mut game, &["move 5", "draw GGG"]);
    // Round 3: seat 0 moves three regions to territory 15; seat 1 moves two
    // regions, over territory 1, back to [2, 3].
    play_all(
        &mut game,
        &[
            "disc 3",
            "disc 4",
            "place B court",
            "place B court",
            "place B court",
            "move 3",
            "draw BBB",
            "place G court",
            "place G court",
            "place G court",
            "move 2",
        ],
    );
    assert_eq!(emperor_region(&game), [2, 3]);
    game
}

/// A routine action turn for the disc tests: three red knights to the court,
/// one emperor step, three red knights drawn.
const RED_TURN: &[&str] = &[
    "place R court",
    "place R court",
    "place R court",
    "move 1",
    "draw RRR",
];

// ----- RULES.md [R1]: families ------------------------------------------

#[test]
fn families_are_written_r_g_b_y_p_and_a_joker_is_j() {
    let letters: String = Family::ALL.iter().map(|f| f.letter()).collect();
    assert_eq!(letters, "RGBYP");
    let Move::Draw(draw) = parse("draw RGBYPJ") else {
        panic!("a draw token should be a draw");
    };
    let drawn: Vec<Knight> = draw.knights().to_vec();
    let mut expected: Vec<Knight> = Family::ALL.map(Knight::Family).to_vec();
    expected.push(Knight::Joker);
    assert_eq!(drawn, expected);
    // A joker is not a family: it cannot be placed or be what a joker becomes.
    assert!("place J court".parse::<Move>().is_err());
    assert!("joker J".parse::<Move>().is_err());
    assert!("place r court".parse::<Move>().is_err());
}

// ----- RULES.md [R2]: territories and regions ---------------------------

#[test]
fn each_of_the_15_territories_starts_as_its_own_region() {
    let game = game(BOARD, &[0, 1]);
    let singles: Vec<Vec<u8>> = (1..=15).map(|t| vec![t]).collect();
    assert_eq!(regions(&game), singles);
    for number in 1..=15u8 {
        assert_eq!(
            game.region_index(territory(number)),
            usize::from(number) - 1
        );
        assert_eq!(region_at(&game, number).name(), territory(number));
    }
}

#[test]
fn a_region_is_named_by_its_smallest_territory_and_any_of_its_territories_refers_to_it() {
    let mut game = seam_story();
    let seam = region_at(&game, 14);
    assert_eq!(seam.name(), territory(1));
    for number in [14, 15, 1, 2] {
        assert_eq!(game.region_index(territory(number)), 0);
        assert_eq!(
            game.canonical(parse(&format!("place G {number}"))),
            parse("place G 1")
        );
    }
    // Round 4: seat 1 acts first and places green knights naming the
    // region by three different territories; all land in the same region.
    play_all(&mut game, &["disc 3", "disc 1"]);
    assert_eq!(to_act(&game), Some(1));
    play_all(&mut game, &["place G 14", "place G 2", "place G 1"]);
    assert_eq!(region_at(&game, 15).knights(), &knights("RRRRGGGGGYP"));
}

// ----- RULES.md [R3]: set-up ----------------------------------------------

#[test]
fn setup_puts_three_knights_of_each_family_and_the_emperor_on_territory_1() {
    let game = game(BOARD, &[1, 0]);
    for (i, letter) in BOARD.chars().enumerate() {
        let number = u8::try_from(i + 1).unwrap();
        assert_eq!(
            region_at(&game, number).knights(),
            &knights(&letter.to_string())
        );
    }
    for letter in "RGBYP".chars() {
        let on_board: u32 = game
            .regions()
            .iter()
            .map(|r| r.knights()[family(letter)])
            .sum();
        assert_eq!(on_board, 3, "family {letter}");
        assert_eq!(controller(&game, letter), None);
    }
    assert_eq!(emperor_region(&game), [1]);
    assert_eq!(game.round(), 0);
    assert_eq!(game.phase(), Phase::Draw);
    assert_eq!(order(&game), [1, 0]);
    for s in 0..2 {
        assert_eq!(game.court(seat(s)), &knights(""));
        assert_eq!(game.reserve(seat(s)), &knights(""));
        assert_eq!(game.unused_discs(seat(s)), DiscSet::FULL);
        assert_eq!(game.castles(seat(s)), 0);
    }
}

#[test]
fn a_setup_needs_exactly_three_knights_of_each_family() {
    let mut four_reds = setup(BOARD, &[0, 1]);
    four_reds.territories[0] = Family::Red;
    assert_eq!(
        Game::from_setup(&four_reds),
        Err(SetupError::KnightCount {
            family: Family::Red,
            count: 4
        })
    );
}

#[test]
fn the_initial_order_is_a_permutation_of_the_seats() {
    for bad in [vec![0, 0], vec![0, 2], vec![0], vec![0, 1, 2]] {
        let mut wrong = setup(BOARD, &[0, 1]);
        wrong.order = bad.clone();
        assert!(
            matches!(Game::from_setup(&wrong), Err(SetupError::Order { .. })),
            "order {bad:?} should be refused"
        );
    }
    assert_eq!(order(&game(BOARD, &[2, 0, 1])), [2, 0, 1]);
}

#[test]
fn the_initial_playing_order_is_random() {
    // Every order of three seats turns up among a few dozen random set-ups.
    let mut rng = GameRng::seed_from_u64(2024);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..60 {
        let setup = carolus_rules::Setup::random(3, Variant::STANDARD, &mut rng);
        assert!(setup.validate().is_ok());
        seen.insert(setup.order);
    }
    assert_eq!(seen.len(), 6, "orders seen: {seen:?}");
}

#[test]
fn each_player_draws_the_initial_reserve_in_playing_order() {
    let mut game = game(BOARD, &[1, 0]);
    let due = game.draw_due().unwrap();
    assert_eq!((due.seat.index(), due.size), (1, 7));
    play(&mut game, "draw RRRRRRR");
    assert_eq!(game.reserve(seat(1)), &knights("RRRRRRR"));
    let due = game.draw_due().unwrap();
    assert_eq!((due.seat.index(), due.size), (0, 7));
    assert_eq!(game.round(), 0);
    play(&mut game, "draw GGGGGGG");
    assert_eq!(game.reserve(seat(0)), &knights("GGGGGGG"));
    assert_eq!(game.phase(), Phase::Disc);
    assert_eq!(game.round(), 1);
    assert_eq!(to_act(&game), Some(1));
}

#[test]
fn the_initial_reserve_is_7_with_two_players_9_with_three_and_7_in_the_team_game() {
    for (order, size) in [
        (&[0, 1][..], 7),
        (&[0, 1, 2][..], 9),
        (&[0, 1, 2, 3][..], 7),
    ] {
        let mut game = game(BOARD, order);
        for _ in order {
            assert_eq!(game.draw_due().unwrap().size, size);
            let short = format!("draw {}", "R".repeat(size - 1));
            assert_eq!(
                refuse(&mut game, &short),
                IllegalMove::DrawSize {
                    expected: size,
                    found: size - 1
                }
            );
            if size < 9 {
                let long = format!("draw {}", "R".repeat(size + 1));
                assert!(matches!(
                    refuse(&mut game, &long),
                    IllegalMove::DrawSize { .. }
                ));
            }
            play(&mut game, &format!("draw {}", "R".repeat(size)));
        }
        assert_eq!(game.phase(), Phase::Disc);
    }
}

#[test]
fn jokers_of_the_initial_reserve_are_assigned_before_the_next_player_draws() {
    let mut game = game(BOARD, &[1, 0]);
    play(&mut game, "draw RRRRRJJ");
    assert_eq!(game.phase(), Phase::Joker);
    assert_eq!(to_act(&game), Some(1));
    assert_eq!(game.pending_jokers(seat(1)), 2);
    assert!(matches!(
        refuse(&mut game, "draw GGGGGGG"),
        IllegalMove::NoDrawDue { .. }
    ));
    play(&mut game, "joker B");
    assert_eq!(game.phase(), Phase::Joker, "one joker is still unassigned");
    play(&mut game, "joker P");
    assert_eq!(game.reserve(seat(1)), &knights("RRRRRBP"));
    assert_eq!(game.pending_jokers(seat(1)), 0);
    let due = game.draw_due().expect("now the next player draws");
    assert_eq!(due.seat.index(), 0);
}

// ----- RULES.md [R4]: draws ----------------------------------------------

#[test]
fn every_drawn_knight_is_one_of_six_equally_likely_outcomes() {
    let game = game(BOARD, &[0, 1]);
    let mut rng = GameRng::seed_from_u64(6);
    let mut counts = [0u32; 6];
    let draws = 10_000;
    for _ in 0..draws {
        let draw = game.sample_draw(&mut rng).expect("a draw is due");
        assert_eq!(draw.len(), 7);
        for knight in draw.knights() {
            let i = Knight::OUTCOMES.iter().position(|k| k == knight).unwrap();
            counts[i] += 1;
        }
    }
    // 70,000 knights: each outcome is expected 11,667 times with a standard
    // deviation of about 99, so 600 is a generous but telling margin.
    let expected = 7 * draws / 6;
    for (knight, count) in Knight::OUTCOMES.iter().zip(counts) {
        assert!(
            count.abs_diff(expected) < 600,
            "{knight} drawn {count} times, expected about {expected}"
        );
    }
    let started = started(BOARD, &[0, 1], &["RRRRRRR", "GGGGGGG"]);
    assert!(started.sample_draw(&mut rng).is_none(), "no draw is due");
}

#[test]
fn the_supply_is_unlimited_so_any_draw_of_the_right_size_is_accepted() {
    // Three players draw 27 red knights between them, nine times as many as
    // a family has on the board, and more after their turns.
    let mut game = started(BOARD, &[0, 1, 2], &["RRRRRRRRR"; 3]);
    play_all(
        &mut game,
        &[
            "disc 1",
            "disc 2",
            "disc 3",
            "place R 15",
            "place R 15",
            "place R 15",
            "place R 15",
            "move 1",
            "draw RRRR",
        ],
    );
    assert_eq!(game.reserve(seat(0)), &knights("RRRRRRRRR"));
}

#[test]
fn a_joker_is_assigned_to_any_family_before_play_goes_on() {
    let mut game = started(BOARD, &[0, 1], &["RRRRRRR", "GGGGGGG"]);
    play_all(
        &mut game,
        &[
            "disc 1",
            "disc 2",
            "place R 15",
            "place R 15",
            "place R 15",
            "move 1",
            "draw RJJ",
        ],
    );
    assert_eq!(game.phase(), Phase::Joker);
    assert_eq!(to_act(&game), Some(0));
    assert_eq!(
        legal(&game),
        ["joker B", "joker G", "joker P", "joker R", "joker Y"]
    );
    assert!(matches!(
        refuse(&mut game, "place G court"),
        IllegalMove::WrongPhase { .. }
    ));
    play_all(&mut game, &["joker Y", "joker Y"]);
    assert_eq!(game.reserve(seat(0)), &knights("RRRRRYY"));
    assert_eq!(game.phase(), Phase::Place);
    assert_eq!(to_act(&game), Some(1));
}

// ----- RULES.md [R5]: choosing discs -------------------------------------

/// The disc story: two players, seat 1 choosing first. The rounds are
/// scripted so that in round 5 both players have only disc 5 left.
fn disc_story_until_round(round: u32) -> Game {
    let mut game = started(BOARD, &[1, 0], &["RRRRRRR", "RRRRRRR"]);
    let rounds: [[&str; 2]; 4] = [
        ["disc 1", "disc 2"], // seat 1, seat 0: action order [1, 0]
        ["disc 2", "disc 1"], // seat 1, seat 0: action order [0, 1]
        ["disc 3", "disc 4"], // seat 0, seat 1: action order [0, 1]
        ["disc 4", "disc 3"], // seat 0, seat 1: action order [1, 0]
    ];
    for discs in rounds.iter().take(round as usize - 1) {
        play_all(&mut game, discs);
        play_all(&mut game, RED_TURN);
        play_all(&mut game, RED_TURN);
    }
    assert_eq!(game.round(), round);
    assert_eq!(game.phase(), Phase::Disc);
    game
}

#[test]
fn a_disc_nobody_chose_this_round_must_be_preferred() {
    let mut game = disc_story_until_round(3);
    assert_eq!(order(&game), [0, 1]);
    play(&mut game, "disc 3");
    assert_eq!(to_act(&game), Some(1));
    let unused: Vec<u8> = game
        .unused_discs(seat(1))
        .iter()
        .map(|d| d.number())
        .collect();
    assert_eq!(unused, [3, 4, 5]);
    assert_eq!(legal_discs(&game), ["disc 4", "disc 5"]);
    assert!(matches!(
        refuse(&mut game, "disc 3"),
        IllegalMove::DiscTaken { .. }
    ));
    play(&mut game, "disc 4");
}

#[test]
fn a_used_disc_cannot_be_chosen_again_until_the_set_refills() {
    // Round 3: seat 0 chooses first and has used discs 2 and 1.
    let mut game = disc_story_until_round(3);
    assert_eq!(to_act(&game), Some(0));
    for used in ["disc 1", "disc 2"] {
        assert!(matches!(
            refuse(&mut game, used),
            IllegalMove::DiscUsed { .. }
        ));
    }
    assert_eq!(legal_discs(&game), ["disc 3", "disc 4", "disc 5"]);
}

#[test]
fn a_repeated_disc_is_allowed_only_when_every_unused_disc_was_chosen() {
    let mut game = disc_story_until_round(5);
    assert_eq!(order(&game), [1, 0]);
    let only_five = DiscSet::EMPTY.with(Disc::new(5).unwrap());
    assert_eq!(game.unused_discs(seat(1)), only_five);
    assert_eq!(game.unused_discs(seat(0)), only_five);
    play(&mut game, "disc 5");
    // Seat 0's only unused disc was chosen by seat 1, so it may repeat it.
    assert_eq!(legal_discs(&game), ["disc 5"]);
    play(&mut game, "disc 5");
    assert_eq!(game.chosen_disc(seat(0)), Disc::new(5));
    assert_eq!(game.chosen_disc(seat(1)), Disc::new(5));
}

#[test]
fn the_disc_set_refills_when_the_fifth_disc_is_used() {
    let mut game = disc_story_until_round(5);
    play(&mut game, "disc 5");
    assert_eq!(
        game.unused_discs(seat(1)),
        DiscSet::FULL,
        "the set refills the moment disc 5 is used, not at the next round"
    );
    play(&mut game, "disc 5");
    assert_eq!(game.unused_discs(seat(0)), DiscSet::FULL);
    // The refilled set is immediately usable in round 6.
    play_all(&mut game, RED_TURN);
    play_all(&mut game, RED_TURN);
    assert_eq!(game.round(), 6);
    assert_eq!(legal_discs(&game).len(), 5);
}

// ----- RULES.md [R6]: action order ----------------------------------------

#[test]
fn players_act_in_ascending_disc_order() {
    let mut game = started(BOARD, &[0, 1, 2], &["RRRRRRRRR"; 3]);
    play_all(&mut game, &["disc 4", "disc 2", "disc 5"]);
    assert_eq!(order(&game), [1, 0, 2]);
    assert_eq!(game.phase(), Phase::Place);
    assert_eq!(to_act(&game), Some(1));
}

#[test]
fn equal_discs_act_in_choosing_order() {
    let mut game = disc_story_until_round(5);
    // Seat 1 chooses first, so it acts first although seat 0 has the lower
    // seat number and both show 5.
    play_all(&mut game, &["disc 5", "disc 5"]);
    assert_eq!(order(&game), [1, 0]);
    assert_eq!(to_act(&game), Some(1));
}

#[test]
fn the_action_order_is_the_choosing_order_of_the_next_round() {
    let mut game = started(BOARD, &[0, 1, 2], &["RRRRRRRRR"; 3]);
    play_all(&mut game, &["disc 4", "disc 2", "disc 5"]);
    for _ in 0..3 {
        play_all(
            &mut game,
            &[
                "place R 15",
                "place R 15",
                "place R 15",
                "place R 15",
                "move 1",
                "draw RRRR",
            ],
        );
    }
    assert_eq!(game.round(), 2);
    assert_eq!(game.phase(), Phase::Disc);
    assert_eq!(order(&game), [1, 0, 2]);
    let mut choosers = Vec::new();
    for disc in ["disc 1", "disc 2", "disc 3"] {
        choosers.push(to_act(&game).unwrap());
        play(&mut game, disc);
    }
    assert_eq!(choosers, [1, 0, 2]);
}

// ----- RULES.md [R7]: deploying --------------------------------------------

#[test]
fn a_turn_places_three_knights_with_two_players_and_four_with_three() {
    for (order, per_turn) in [(&[0, 1][..], 3), (&[0, 1, 2][..], 4)] {
        let reserve = "R".repeat(if per_turn == 3 { 7 } else { 9 });
        let reserves = vec![reserve.as_str(); order.len()];
        let mut game = started(BOARD, order, &reserves);
        for disc in 1..=order.len() {
            play(&mut game, &format!("disc {disc}"));
        }
        for placed in 0..per_turn {
            assert_eq!(game.phase(), Phase::Place);
            assert_eq!(game.left_to_place(), per_turn - placed);
            assert!(matches!(
                refuse(&mut game, "move 1"),
                IllegalMove::WrongPhase { .. }
            ));
            play(&mut game, "place R 15");
        }
        assert_eq!(game.phase(), Phase::Move);
        assert!(matches!(
            refuse(&mut game, "place R 15"),
            IllegalMove::WrongPhase { .. }
        ));
        play(&mut game, "move 1");
        assert_eq!(game.draw_due().unwrap().size, per_turn);
    }
}

#[test]
fn a_knight_goes_from_the_reserve_to_ones_own_court_or_to_any_region() {
    let mut game = started(BOARD, &[0, 1], &["RRRRRRB", "GGGGGGG"]);
    play_all(&mut game, &["disc 1", "disc 2"]);
    // Two families in the reserve, each to the court or one of 15 regions.
    let tokens = legal(&game);
    assert_eq!(tokens.len(), 2 * 16);
    for letter in ["R", "B"] {
        assert!(tokens.contains(&format!("place {letter} court")));
        for t in 1..=15 {
            assert!(tokens.contains(&format!("place {letter} {t}")));
        }
    }
    assert_eq!(
        refuse(&mut game, "place G court"),
        IllegalMove::NotInReserve {
            family: Family::Green
        }
    );
    play_all(&mut game, &["place B court", "place R 9"]);
    assert_eq!(game.court(seat(0)), &knights("B"));
    assert_eq!(game.court(seat(1)), &knights(""));
    assert_eq!(game.reserve(seat(0)), &knights("RRRRR"));
    assert_eq!(region_at(&game, 9).knights(), &knights("BR"));
    assert!(matches!(
        refuse(&mut game, "place B court"),
        IllegalMove::NotInReserve { .. }
    ));
}

/// Two players with red knights only: seat 0 places one red knight in its
/// court and seat 1 is about to place.
fn one_red_in_court_of_seat_0() -> Game {
    let mut game = started(BOARD, &[0, 1], &["RRRRRRR", "RRRRRRR"]);
    play_all(
        &mut game,
        &[
            "disc 1",
            "disc 2",
            "place R court",
            "place R 15",
            "place R 15",
            "move 1",
            "draw RRR",
        ],
    );
    game
}

#[test]
fn control_is_gained_with_strictly_more_knights() {
    let mut game = started(BOARD, &[0, 1], &["RRRRRRR", "RRRRRRR"]);
    play_all(&mut game, &["disc 1", "disc 2"]);
    assert_eq!(controller(&game, 'R'), None);
    play(&mut game, "place R court");
    assert_eq!(controller(&game, 'R'), Some(0), "1 red knight against 0");
}

#[test]
fn control_is_kept_on_a_tie() {
    let mut game = one_red_in_court_of_seat_0();
    play(&mut game, "place R court");
    assert_eq!(game.court(seat(1))[Family::Red], 1);
    assert_eq!(
        controller(&game, 'R'),
        Some(0),
        "1 against 1: seat 0 keeps red"
    );
}

#[test]
fn control_is_not_gained_on_a_tie() {
    // Three players: seat 0 takes red with 1 knight, seat 1 with 2; seat 2
    // reaches 2 as well, ties, and does not gain red; its third knight does.
    let mut game = started(BOARD, &[0, 1, 2], &["RRRRRRRRR"; 3]);
    play_all(
        &mut game,
        &[
            "disc 1",
            "disc 2",
            "disc 3",
            "place R court",
            "place R 15",
            "place R 15",
            "place R 15",
            "move 1",
            "draw RRRR",
            "place R court",
            "place R court",
            "place R 15",
            "place R 15",
            "move 1",
            "draw RRRR",
        ],
    );
    assert_eq!(controller(&game, 'R'), Some(1));
    play_all(&mut game, &["place R court", "place R court"]);
    assert_eq!(game.court(seat(2))[Family::Red], 2);
    assert_eq!(controller(&game, 'R'), Some(1), "2 against 2 gains nothing");
    play(&mut game, "place R court");
    assert_eq!(controller(&game, 'R'), Some(2), "3 against 2 gains red");
}

#[test]
fn control_passes_to_a_court_with_strictly_more_knights() {
    let mut game = one_red_in_court_of_seat_0();
    play_all(&mut game, &["place R court", "place R court"]);
    assert_eq!(controller(&game, 'R'), Some(1), "2 against 1");
}

#[test]
fn control_is_re_evaluated_after_every_placement_in_a_court_and_only_there() {
    let mut game = one_red_in_court_of_seat_0();
    // Knights placed in a region never change control.
    play(&mut game, "place R 5");
    assert_eq!(controller(&game, 'R'), Some(0));
    // Within the same turn, the second red knight in seat 1's court takes
    // red at once, before the turn is over.
    play(&mut game, "place R court");
    assert_eq!(controller(&game, 'R'), Some(0));
    play(&mut game, "place R court");
    assert_eq!(controller(&game, 'R'), Some(1));
    assert_eq!(game.phase(), Phase::Move);
}

// ----- RULES.md [R8]: moving the emperor -----------------------------------

#[test]
fn the_emperor_moves_clockwise_at_least_one_and_at_most_the_disc_number_of_regions() {
    let mut game = seam_start();
    play_all(&mut game, &SEAM_ROUND_1[..5]);
    // Seat 0 chose disc 1.
    assert_eq!(legal(&game), ["move 1"]);
    assert_eq!(
        refuse(&mut game, "move 2"),
        IllegalMove::Steps { steps: 2, max: 1 }
    );
    assert!("move 0".parse::<Move>().is_err(), "the emperor cannot stay");
    play_all(&mut game, &SEAM_ROUND_1[5..10]);
    // Seat 1 chose disc 4 and the emperor stands on territory 2.
    assert_eq!(legal(&game), ["move 1", "move 2", "move 3", "move 4"]);
    assert!(matches!(
        refuse(&mut game, "move 5"),
        IllegalMove::Steps { steps: 5, max: 4 }
    ));
    play(&mut game, "move 4");
    assert_eq!(emperor_region(&game), [6], "four regions clockwise from 2");
}

#[test]
fn a_merged_region_is_one_step_for_the_emperor() {
    // Four regions of 1, 7, 6 and 1 territories; the emperor on [9..14].
    let base = four_regions_left();
    let landings = [vec![15], vec![1], run(2, 8), run(9, 14)];
    for (steps, landing) in (1..=4).zip(landings) {
        let mut game = base.clone();
        play_all(
            &mut game,
            &["place G court", "place G court", "place G court"],
        );
        play(&mut game, &format!("move {steps}"));
        assert_eq!(emperor_region(&game), landing, "after {steps} steps");
    }
}

#[test]
fn k_equal_to_the_number_of_regions_is_a_complete_circuit_back_to_the_same_region() {
    let mut game = four_regions_left();
    play_all(
        &mut game,
        &["place G court", "place G court", "place G court", "move 4"],
    );
    assert_eq!(game.emperor(), 2);
    assert_eq!(emperor_region(&game), run(9, 14));
    // Seat 1 wins its own region again, which changes nothing.
    assert_eq!(owner_at(&game, 9), Some(1));
    assert_eq!(region_at(&game, 9).castles(), 6);
    assert_eq!(castle_totals(&game), [7, 6]);
    assert_eq!(regions(&game).len(), 4);
    assert_eq!(game.phase(), Phase::Draw);
}

#[test]
fn the_emperor_never_moves_more_steps_than_there_are_regions() {
    let mut game = four_regions_left();
    play_all(
        &mut game,
        &["place G court", "place G court", "place G court"],
    );
    // Seat 1 shows disc 5, but there are only four regions.
    assert_eq!(legal(&game), ["move 1", "move 2", "move 3", "move 4"]);
    assert_eq!(
        refuse(&mut game, "move 5"),
        IllegalMove::Steps { steps: 5, max: 4 }
    );
}

// ----- RULES.md [R9]: resolving ---------------------------------------------

#[test]
fn region_scores_count_controlled_knights_and_own_castles() {
    // Seat 1 has 5 green knights against 3 blue ones, but seat 0's two
    // castles bring it to 5 as well: a tie, so seat 0 stays the owner.
    let tie = contest_for_2_and_3(1);
    assert_eq!(region_at(&tie, 2).knights(), &knights("GGGGGBBB"));
    assert_eq!(owner_at(&tie, 2), Some(0));
    assert_eq!(castle_totals(&tie), [2, 0]);
    // One more green knight (6 against 5) wins the region.
    let win = contest_for_2_and_3(2);
    assert_eq!(owner_at(&win, 2), Some(1));
}

#[test]
fn knights_count_for_whoever_controls_their_family() {
    // Seat 1 places red knights on territory 3 and moves there itself, but
    // red belongs to seat 0, which therefore wins territory 3.
    let mut game = red_run_for_two();
    play_all(
        &mut game,
        &["place R 3", "place R 3", "place R 3", "move 1"],
    );
    assert_eq!(owner_at(&game, 3), Some(0));
    assert_eq!(castle_totals(&game), [2, 0]);
}

#[test]
fn the_winner_builds_a_castle_in_an_empty_region() {
    let mut game = seam_start();
    play_all(&mut game, &SEAM_ROUND_1[..6]);
    // Territory 2 held a green knight nobody controls and now a red one of
    // seat 0: 1 against 0.
    assert_eq!(owner_at(&game, 2), Some(0));
    assert_eq!(region_at(&game, 2).castles(), 1);
    assert_eq!(game.region_owner(1), Some(Owner::Seat(seat(0))));
    assert_eq!(castle_totals(&game), [1, 0]);
    assert_eq!(regions(&game).len(), 15, "no neighbour to merge with");
}

#[test]
fn a_takeover_replaces_all_castles() {
    let game = contest_for_2_and_3(2);
    assert_eq!(regions(&game)[1], [2, 3]);
    assert_eq!(owner_at(&game, 2), Some(1));
    assert_eq!(region_at(&game, 2).castles(), 2);
    assert_eq!(castle_totals(&game), [0, 2]);
    assert_eq!(game.castles_of(Owner::Seat(seat(0))), 0);
    assert_eq!(game.castles_of(Owner::Seat(seat(1))), 2);
}

#[test]
fn nothing_changes_for_the_owner() {
    // Seat 0 scores 5 against 4 in its own region: it wins, and the owner
    // adds no castle.
    let game = contest_for_2_and_3(0);
    assert_eq!(owner_at(&game, 2), Some(0));
    assert_eq!(region_at(&game, 2).castles(), 2);
    assert_eq!(castle_totals(&game), [2, 0]);
}

#[test]
fn nothing_happens_on_a_tie() {
    let mut game = started(BOARD, &[0, 1], &["RRRRRRR", "GGGGGGG"]);
    play_all(
        &mut game,
        &[
            "disc 1",
            "disc 4",
            // Seat 0 takes red and puts a red knight next to the green one
            // on territory 6.
            "place R court",
            "place R 6",
            "place R court",
            "move 1",
            "draw RRR",
            // Seat 1 takes green and moves to territory 6: 1 against 1.
            "place G court",
            "place G court",
            "place G court",
            "move 4",
        ],
    );
    assert_eq!(emperor_region(&game), [6]);
    assert_eq!(region_at(&game, 6).knights(), &knights("GR"));
    assert_eq!(owner_at(&game, 6), None);
    assert_eq!(region_at(&game, 6).castles(), 0);
    assert_eq!(castle_totals(&game), [0, 0]);
}

#[test]
fn a_score_of_zero_never_wins() {
    // Nobody controls a family, so everybody scores 0 on territory 2 even
    // though it holds four knights.
    let mut game = started(BOARD, &[0, 1], &["RRRRRRR", "GGGGGGG"]);
    play_all(
        &mut game,
        &[
            "disc 1",
            "disc 2",
            "place R 2",
            "place R 2",
            "place R 2",
            "move 1",
        ],
    );
    assert_eq!(region_at(&game, 2).knights(), &knights("GRRR"));
    assert_eq!(owner_at(&game, 2), None);
    assert_eq!(castle_totals(&game), [0, 0]);
}

// ----- RULES.md [R10]: merging ------------------------------------------------

#[test]
fn a_region_merges_with_a_counter_clockwise_neighbour_of_the_same_owner() {
    let mut game = seam_start();
    for part in [SEAM_ROUND_1, SEAM_ROUND_2] {
        play_all(&mut game, part);
    }
    assert_eq!(owner_at(&game, 14), Some(0));
    play_all(&mut game, &SEAM_ROUND_3_SEAT_0[..6]);
    assert_eq!(regions(&game).len(), 14);
    assert_eq!(regions(&game).last().unwrap(), &[14, 15]);
    assert_eq!(region_at(&game, 15).castles(), 2);
    assert_eq!(owner_at(&game, 15), Some(0));
}

#[test]
fn a_region_merges_on_both_sides_at_once() {
    let game = seam_story();
    // Territory 1 joined [14, 15] counter-clockwise and [2] clockwise.
    assert_eq!(regions(&game)[0], [14, 15, 1, 2]);
    assert_eq!(regions(&game).len(), 12);
    assert_eq!(region_at(&game, 1).castles(), 4);
    assert_eq!(owner_at(&game, 1), Some(0));
    assert_eq!(castle_totals(&game), [4, 0]);
}

#[test]
fn regions_merge_across_the_seam_from_15_to_1() {
    let game = seam_story();
    let expected: Vec<Vec<u8>> = std::iter::once(vec![14, 15, 1, 2])
        .chain((3..=13).map(|t| vec![t]))
        .collect();
    assert_eq!(regions(&game), expected);
    for number in [14, 15, 1, 2] {
        assert_eq!(game.region_index(territory(number)), 0);
    }
    assert_eq!(game.region_index(territory(13)), 11);
}

#[test]
fn mergers_repeat_until_no_neighbour_has_the_owner() {
    // Territories 2 to 8 are won one after the other; each new one joins
    // the growing region, which ends next to seat 1's region at 9.
    let mut game = two_halves(9);
    assert_eq!(regions(&game)[1], run(2, 8));
    assert_eq!(region_at(&game, 2).castles(), 7);
    assert_eq!(owner_at(&game, 9), Some(1));
    // Regions of different owners stay apart.
    assert_eq!(regions(&game)[2], [9]);
    // The next green win joins territory 9 but not seat 0's region.
    feed_and_step(&mut game, 'G', 10..=10);
    assert_eq!(regions(&game)[1..3], [run(2, 8), vec![9, 10]]);
}

#[test]
fn knights_and_castles_add_up_when_regions_merge() {
    let game = seam_story();
    // 14: G + R, 15: P + R, 1: Y + R, 2: G + R.
    assert_eq!(region_at(&game, 1).knights(), &knights("GRPRYRGR"));
    assert_eq!(region_at(&game, 1).castles(), 4);
}

#[test]
fn the_emperor_stays_in_the_merged_region() {
    let game = seam_story();
    assert_eq!(game.emperor(), 0);
    assert_eq!(emperor_region(&game), [14, 15, 1, 2]);
    let mut game = seam_start();
    for part in [SEAM_ROUND_1, SEAM_ROUND_2] {
        play_all(&mut game, part);
    }
    play_all(&mut game, &SEAM_ROUND_3_SEAT_0[..6]);
    assert_eq!(game.emperor(), 13);
    assert_eq!(emperor_region(&game), [14, 15]);
}

// ----- RULES.md [R11]: the end --------------------------------------------------

#[test]
fn the_game_ends_at_once_when_a_player_reaches_10_castles_with_two_players() {
    let mut game = red_run_for_two();
    feed_and_step(&mut game, 'R', 3..=10);
    assert_eq!(castle_totals(&game), [9, 0]);
    assert!(!game.is_over(), "9 castles are not the end");
    feed_and_step(&mut game, 'R', 11..=11);
    assert_eq!(castle_totals(&game), [10, 0]);
    assert_eq!(game.phase(), Phase::Over);
    assert_eq!(winners(&game), [0]);
    assert_eq!(
        regions(&game),
        [vec![1], run(2, 11), vec![12], vec![13], vec![14], vec![15]]
    );
}

#[test]
fn the_game_ends_at_8_castles_with_three_players() {
    let mut game = started(BOARD, &[0, 1, 2], &["RRRRRRRRR"; 3]);
    play_all(
        &mut game,
        &[
            "disc 1",
            "disc 2",
            "disc 3",
            "place R court",
            "place R 2",
            "place R 2",
            "place R 2",
            "move 1",
            "draw RRRR",
        ],
    );
    feed_and_step(&mut game, 'R', 3..=8);
    assert_eq!(castle_totals(&game), [7, 0, 0]);
    assert!(!game.is_over(), "7 castles are not the end");
    feed_and_step(&mut game, 'R', 9..=9);
    assert_eq!(castle_totals(&game), [8, 0, 0]);
    assert!(game.is_over());
    assert_eq!(winners(&game), [0]);
}

#[test]
fn four_regions_are_not_yet_the_end() {
    let game = four_regions_left();
    assert!(!game.is_over());
}

#[test]
fn the_game_ends_when_fewer_than_four_regions_remain() {
    let game = two_halves(15);
    assert_eq!(regions(&game), [vec![1], run(2, 8), run(9, 15)]);
    assert_eq!(castle_totals(&game), [7, 7], "nobody reached the target");
    assert!(game.is_over());
}

#[test]
fn nobody_draws_after_the_end() {
    let mut game = red_run_for_two();
    feed_and_step(&mut game, 'R', 3..=11);
    assert!(game.is_over());
    assert_eq!(game.draw_due(), None);
    assert_eq!(to_act(&game), None);
    assert!(game.legal_moves().is_empty());
    assert_eq!(refuse(&mut game, "draw RRR"), IllegalMove::GameOver);
    assert_eq!(refuse(&mut game, "disc 1"), IllegalMove::GameOver);
    assert_eq!(refuse(&mut game, "place R court"), IllegalMove::GameOver);
    assert_eq!(refuse(&mut game, "move 1"), IllegalMove::GameOver);
    assert_eq!(refuse(&mut game, "joker R"), IllegalMove::GameOver);
}

#[test]
fn everybody_with_the_highest_castle_total_wins() {
    let game = two_halves(15);
    assert_eq!(winners(&game), [0, 1]);
    let result = carolus_rules::result_of(&game);
    assert_eq!(result["winners"], json!([0, 1]));
    assert_eq!(result["castles"], json!([7, 7]));
}

#[test]
fn a_takeover_may_carry_a_castle_total_past_the_target() {
    // Seat 1 takes red from seat 0 (2 knights against 1) and moves three
    // regions to seat 0's [2..8]: 21 red and 2 green knights against 7
    // castles. The 7 castles become seat 1's, and [2..8] joins [9..14].
    let mut game = four_regions_left();
    play_all(
        &mut game,
        &["place R court", "place R court", "place G court", "move 3"],
    );
    assert_eq!(controller(&game, 'R'), Some(1));
    assert_eq!(castle_totals(&game), [0, 13]);
    assert_eq!(regions(&game), [vec![1], run(2, 14), vec![15]]);
    assert_eq!(region_at(&game, 2).castles(), 13);
    assert!(game.is_over());
    assert_eq!(winners(&game), [1]);
}

// ----- RULES.md [R12]: public information ------------------------------------------

#[test]
fn courts_reserves_discs_and_castles_are_open_to_everybody() {
    let mut game = seam_start();
    play_all(&mut game, &SEAM_ROUND_1[..7]);
    let view = view_json(&game);
    let seats = view["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 2);
    assert_eq!(
        seats[0]["court"],
        json!({"R": 1, "G": 0, "B": 0, "Y": 0, "P": 0})
    );
    assert_eq!(
        seats[0]["reserve"],
        json!({"R": 7, "G": 0, "B": 0, "Y": 0, "P": 0})
    );
    assert_eq!(seats[0]["discs"], json!([2, 3, 4, 5]));
    assert_eq!(seats[0]["castles"], json!(1));
    assert_eq!(
        seats[1]["court"],
        json!({"R": 0, "G": 0, "B": 0, "Y": 0, "P": 0})
    );
    assert_eq!(
        seats[1]["reserve"],
        json!({"R": 0, "G": 7, "B": 0, "Y": 0, "P": 0})
    );
    assert_eq!(seats[1]["discs"], json!([1, 2, 3, 5]));
    assert_eq!(seats[1]["castles"], json!(0));
}

// ----- RULES.md [R13]: turn sequence ------------------------------------------------

#[test]
fn a_round_is_a_disc_for_everybody_then_deploy_move_and_draw_in_action_order() {
    let mut game = started(BOARD, &[0, 1], &["RRRRRRR", "RRRRRRR"]);
    let mut seen = Vec::new();
    let tokens = [
        "disc 3",
        "disc 1",
        "place R 15",
        "place R 15",
        "place R 15",
        "move 1",
        "draw RRR",
        "place R 15",
        "place R 15",
        "place R 15",
        "move 1",
        "draw RRR",
    ];
    for token in tokens {
        seen.push((game.phase(), to_act(&game).unwrap()));
        play(&mut game, token);
    }
    use Phase::{Disc, Draw, Move, Place};
    assert_eq!(
        seen,
        [
            (Disc, 0),
            (Disc, 1),
            (Place, 1),
            (Place, 1),
            (Place, 1),
            (Move, 1),
            (Draw, 1),
            (Place, 0),
            (Place, 0),
            (Place, 0),
            (Move, 0),
            (Draw, 0),
        ]
    );
    assert_eq!((game.phase(), game.round()), (Phase::Disc, 2));
    assert_eq!(to_act(&game), Some(1));
}

// ----- RULES.md [T1]–[T7]: the team game --------------------------------------------------------

#[test]
fn the_team_game_sets_seats_0_and_2_against_seats_1_and_3() {
    let game = game(BOARD, &[0, 1, 2, 3]);
    assert_eq!(game.variant(), Variant::TEAMS);
    for (s, t) in [(0, 0), (1, 1), (2, 0), (3, 1)] {
        assert_eq!(owner_of(&game, s), Owner::Team(team(t)));
    }
    let owners: Vec<Owner> = game.owners().collect();
    assert_eq!(owners, [Owner::Team(team(0)), Owner::Team(team(1))]);
    assert_eq!(view_json(&game)["teams"], json!([[0, 2], [1, 3]]));
    // Four players only play the team game, and the team game needs four.
    let mut standard = setup(BOARD, &[0, 1, 2, 3]);
    standard.variant = Variant::STANDARD;
    assert!(matches!(
        Game::from_setup(&standard),
        Err(SetupError::PlayerCount { players: 4, .. })
    ));
}

#[test]
fn each_team_player_starts_with_7_knights_and_places_and_draws_3_a_turn() {
    let mut game = game(BOARD, &[3, 1, 0, 2]);
    for s in [3, 1, 0, 2] {
        let due = game.draw_due().unwrap();
        assert_eq!((due.seat.index(), due.size), (s, 7));
        play(&mut game, "draw RRRRRRR");
    }
    play_all(&mut game, &["disc 1", "disc 2", "disc 3", "disc 4"]);
    assert_eq!(order(&game), [3, 1, 0, 2]);
    play_all(&mut game, &["place R 15", "place R 15", "place R 15"]);
    assert_eq!(game.phase(), Phase::Move);
    play(&mut game, "move 1");
    let due = game.draw_due().unwrap();
    assert_eq!((due.seat.index(), due.size), (3, 3));
}

#[test]
fn discs_and_action_order_run_over_all_four_players_and_partners_may_act_in_a_row() {
    let mut game = started(BOARD, &[0, 1, 2, 3], &["RRRRRRR"; 4]);
    play(&mut game, "disc 1");
    play(&mut game, "disc 4");
    // Seat 2 may not repeat its partner's disc while it has another.
    assert!(matches!(
        refuse(&mut game, "disc 1"),
        IllegalMove::DiscTaken { .. }
    ));
    play(&mut game, "disc 2");
    assert_eq!(legal_discs(&game), ["disc 3", "disc 5"]);
    play(&mut game, "disc 5");
    assert_eq!(order(&game), [0, 2, 1, 3]);
}

#[test]
fn family_control_is_individual_and_partners_courts_are_never_added_up() {
    let mut game = started(BOARD, &[0, 1, 2, 3], &["RRRRRRR"; 4]);
    play_all(&mut game, &["disc 1", "disc 4", "disc 2", "disc 5"]);
    // Seat 0 takes red with one knight.
    play(&mut game, "place R court");
    assert_eq!(controller(&game, 'R'), Some(0));
    play_all(
        &mut game,
        &["place R 15", "place R 15", "move 1", "draw RRR"],
    );
    // Its partner, seat 2, ties it and does not take red from seat 0.
    play(&mut game, "place R court");
    assert_eq!(controller(&game, 'R'), Some(0));
    play_all(
        &mut game,
        &["place R 15", "place R 15", "move 1", "draw RRR"],
    );
    // Seat 1 reaches 2 red knights: more than each partner's 1, though not
    // more than their 2 together, so seat 1 takes red.
    play_all(&mut game, &["place R court", "place R court"]);
    assert_eq!(controller(&game, 'R'), Some(1));
    assert_eq!(game.court(seat(0))[Family::Red], 1);
    assert_eq!(game.court(seat(2))[Family::Red], 1);
}

/// Four players, each with knights of one family: seat 0 red, seat 1
/// green, seat 2 blue, seat 3 pink; the action order is [0, 2, 1, 3].
/// Seat 0 and seat 2 take red and blue and each put one knight on territory
/// 8; seat 1 takes green, adds a green knight there and moves onto it.
fn team_round_until_seat_3() -> Game {
    let mut game = started(
        BOARD,
        &[0, 1, 2, 3],
        &["RRRRRRR", "GGGGGGG", "BBBBBBB", "PPPPPPP"],
    );
    play_all(
        &mut game,
        &[
            "disc 1",
            "disc 4",
            "disc 3",
            "disc 5",
            // Seat 0: the emperor to territory 2, where nobody scores.
            "place R court",
            "place R 8",
            "place R court",
            "move 1",
            "draw RRR",
            // Seat 2: the emperor to territory 5, where nobody scores.
            "place B court",
            "place B 8",
            "place B court",
            "move 3",
            "draw BBB",
            // Seat 1: the emperor to territory 8.
            "place G court",
            "place G 8",
            "place G court",
            "move 3",
            "draw GGG",
        ],
    );
    game
}

#[test]
fn a_team_scores_knights_of_families_controlled_by_either_partner() {
    // On territory 8 team 0 scores red (seat 0) and blue (seat 2): 2
    // against team 1's green 1, although each partner alone has only 1.
    let game = team_round_until_seat_3();
    assert_eq!(region_at(&game, 8).knights(), &knights("YRBG"));
    assert_eq!(owner_at(&game, 8), Some(0));
    assert_eq!(region_at(&game, 8).castles(), 1);
}

#[test]
fn castles_belong_to_teams() {
    let game = team_round_until_seat_3();
    assert_eq!(
        game.region_owner(game.region_index(territory(8))),
        Some(Owner::Team(team(0)))
    );
    assert_eq!(game.castles_of(Owner::Team(team(0))), 1);
    assert_eq!(game.castles_of(Owner::Team(team(1))), 0);
    assert_eq!(castle_totals(&game), [1, 0, 1, 0]);
    let view = view_json(&game);
    let seat_castles: Vec<_> = view["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["castles"].clone())
        .collect();
    assert_eq!(seat_castles, [json!(1), json!(0), json!(1), json!(0)]);
}

#[test]
fn mergers_join_regions_of_the_same_team() {
    let mut game = team_round_until_seat_3();
    // Seat 3 takes pink and moves to territory 9, whose blue knight wins it
    // for team 0 through seat 2; it joins territory 8.
    play_all(
        &mut game,
        &["place P court", "place P court", "place P court", "move 1"],
    );
    assert_eq!(regions(&game)[7], [8, 9]);
    assert_eq!(owner_at(&game, 9), Some(0));
    assert_eq!(region_at(&game, 9).castles(), 2);
    assert_eq!(castle_totals(&game), [2, 0, 2, 0]);
}

/// The team version of [`contest_for_2_and_3`]. Team 0 wins territories
/// 2 and 3 with seat 0's blue knights and they merge into `[2, 3]` with two
/// castles; seat 1 piles green knights there. In round 2 seats 2 and 3 (who
/// only ever put their knights on territory 15) move the emperor to 12 and
/// 13, where nobody scores; seat 1 takes green, adds `extra_green` green
/// knights to territory 2 and moves four regions back to `[2, 3]`. There
/// team 0 scores 3 blue knights plus 2 castles = 5, team 1 scores 4 +
/// `extra_green` green knights.
fn team_contest_for_2_and_3(extra_green: usize) -> Game {
    let mut game = started(
        BOARD,
        &[0, 1, 2, 3],
        &["BBBBBBB", "GGGGGGG", "YYYYYYY", "PPPPPPP"],
    );
    play_all(
        &mut game,
        &[
            "disc 1",
            "disc 2",
            "disc 3",
            "disc 4",
            // Seat 0 takes blue and wins territory 2 for team 0.
            "place B court",
            "place B 2",
            "place B 2",
            "move 1",
            "draw BBB",
            // Seat 1 piles green knights on 2; territory 3 goes to team 0.
            "place G 2",
            "place G 2",
            "place G 2",
            "move 1",
            "draw GGG",
            // Seats 2 and 3 move to territories 6 and 10: nobody scores.
            "place Y 15",
            "place Y 15",
            "place Y 15",
            "move 3",
            "draw YYY",
            "place P 15",
            "place P 15",
            "place P 15",
            "move 4",
            "draw PPP",
        ],
    );
    assert_eq!(regions(&game)[1], [2, 3]);
    assert_eq!(emperor_region(&game), [10]);
    // Round 2: the action order is seat 2 (disc 2), seat 3 (disc 3), seat
    // 1 (disc 4), seat 0 (disc 5).
    play_all(
        &mut game,
        &[
            "disc 5",
            "disc 4",
            "disc 2",
            "disc 3",
            "place Y 15",
            "place Y 15",
            "place Y 15",
            "move 2",
            "draw YYY",
            "place P 15",
            "place P 15",
            "place P 15",
            "move 1",
            "draw PPP",
            "place G court",
        ],
    );
    for i in 0..2 {
        play(
            &mut game,
            if i < extra_green {
                "place G 2"
            } else {
                "place G court"
            },
        );
    }
    play(&mut game, "move 4");
    assert_eq!(emperor_region(&game), [2, 3]);
    game
}

#[test]
fn a_team_scores_its_castles_in_a_region_too() {
    // Team 1 has 5 green knights against 3 blue ones, but team 0's two
    // castles bring it to 5 as well: a tie, so team 0 stays the owner.
    let tie = team_contest_for_2_and_3(1);
    assert_eq!(region_at(&tie, 2).knights(), &knights("GGGGGBBB"));
    assert_eq!(owner_at(&tie, 2), Some(0));
    assert_eq!(castle_totals(&tie), [2, 0, 2, 0]);
    // One more green knight (6 against 5) wins the region for team 1, and
    // both castles change hands.
    let win = team_contest_for_2_and_3(2);
    assert_eq!(owner_at(&win, 2), Some(1));
    assert_eq!(region_at(&win, 2).castles(), 2);
    assert_eq!(castle_totals(&win), [0, 2, 0, 2]);
}

#[test]
fn the_team_target_is_10_castles_and_both_partners_win() {
    let mut game = started(BOARD, &[0, 1, 2, 3], &["RRRRRRR"; 4]);
    play_all(
        &mut game,
        &[
            "disc 1",
            "disc 2",
            "disc 3",
            "disc 4",
            "place R court",
            "place R 2",
            "place R 2",
            "move 1",
            "draw RRR",
        ],
    );
    feed_and_step(&mut game, 'R', 3..=10);
    assert_eq!(castle_totals(&game), [9, 0, 9, 0]);
    assert!(!game.is_over());
    feed_and_step(&mut game, 'R', 11..=11);
    assert!(game.is_over());
    assert_eq!(castle_totals(&game), [10, 0, 10, 0]);
    assert_eq!(winners(&game), [0, 2]);
    assert_eq!(owner_at(&game, 2), Some(0), "the region belongs to team 0");
}

#[test]
fn equal_team_totals_share_the_victory() {
    // Team 0 (red, seat 0) wins territories 2–8, team 1 (green, seat 1)
    // territories 9–15: three regions remain, with 7 castles each.
    let mut game = started(BOARD, &[0, 1, 2, 3], &["RRRRGGG"; 4]);
    play_all(
        &mut game,
        &[
            "disc 1",
            "disc 2",
            "disc 3",
            "disc 4",
            "place R court",
            "place R 2",
            "place R 2",
            "move 1",
            "draw RRR",
            "place G court",
            "place R 3",
            "place R 3",
            "move 1",
            "draw GRR",
        ],
    );
    feed_and_step(&mut game, 'R', 4..=8);
    feed_and_step(&mut game, 'G', 9..=15);
    assert!(game.is_over());
    assert_eq!(regions(&game), [vec![1], run(2, 8), run(9, 15)]);
    assert_eq!(castle_totals(&game), [7, 7, 7, 7]);
    assert_eq!(winners(&game), [0, 1, 2, 3]);
}

// ----- NOTATION.md: the state view ------------------------------------------------------

#[test]
fn the_state_view_has_every_field_the_notation_fixes() {
    let game = game(BOARD, &[1, 0]);
    let view = view_json(&game);
    for field in [
        "players", "round", "phase", "to_act", "order", "emperor", "regions", "control", "seats",
        "winners", "legal",
    ] {
        assert!(view.get(field).is_some(), "field {field} is missing");
    }
    assert_eq!(view["players"], json!(2));
    assert_eq!(view["order"], json!([1, 0]));
    assert_eq!(
        view["control"],
        json!({"R": null, "G": null, "B": null, "Y": null, "P": null})
    );
    assert_eq!(
        view["regions"][0],
        json!({"territories": [1], "knights": {"R": 0, "G": 0, "B": 0, "Y": 1, "P": 0},
               "owner": null, "castles": 0})
    );
    assert_eq!(
        view["seats"][0],
        json!({"court": {"R": 0, "G": 0, "B": 0, "Y": 0, "P": 0},
               "reserve": {"R": 0, "G": 0, "B": 0, "Y": 0, "P": 0},
               "discs": [1, 2, 3, 4, 5], "disc": null, "castles": 0, "jokers": 0})
    );
    assert_eq!(view.get("teams"), None, "only the team game lists teams");
}

#[test]
fn the_state_view_has_round_0_during_set_up_then_counts_rounds_from_the_first_disc() {
    let mut game = game(BOARD, &[0, 1]);
    assert_eq!(view_json(&game)["round"], json!(0));
    play(&mut game, "draw RRRRRRR");
    assert_eq!(view_json(&game)["round"], json!(0));
    play(&mut game, "draw RRRRRRR");
    assert_eq!(view_json(&game)["round"], json!(1));
    play_all(&mut game, &["disc 1", "disc 2"]);
    play_all(&mut game, RED_TURN);
    assert_eq!(view_json(&game)["round"], json!(1));
    play_all(&mut game, RED_TURN);
    assert_eq!(view_json(&game)["round"], json!(2));
}

#[test]
fn the_state_view_names_every_phase() {
    let mut game = game(BOARD, &[0, 1]);
    let mut phases = vec![view_json(&game)["phase"].clone()];
    for token in [
        "draw RRRRRRJ",
        "joker R",
        "draw RRRRRRR",
        "disc 1",
        "disc 2",
        "place R 15",
        "place R 15",
        "place R 15",
    ] {
        play(&mut game, token);
        phases.push(view_json(&game)["phase"].clone());
    }
    assert_eq!(
        phases,
        [
            "draw", "joker", "draw", "disc", "disc", "place", "place", "place", "move",
        ]
        .map(|p| json!(p))
    );
    let mut over = red_run_for_two();
    feed_and_step(&mut over, 'R', 3..=11);
    assert_eq!(view_json(&over)["phase"], json!("over"));
}

#[test]
fn the_state_view_of_a_finished_game_has_winners_and_nobody_to_act() {
    let mut game = red_run_for_two();
    feed_and_step(&mut game, 'R', 3..=11);
    let view = view_json(&game);
    assert_eq!(view["to_act"], json!(null));
    assert_eq!(view["winners"], json!([0]));
    assert_eq!(view["legal"], json!([]));
}

#[test]
fn the_state_view_names_the_seat_to_act_and_the_seat_whose_reserve_is_drawn() {
    let mut game = game(BOARD, &[1, 0]);
    assert_eq!(view_json(&game)["to_act"], json!(1));
    play(&mut game, "draw RRRRRRR");
    assert_eq!(view_json(&game)["to_act"], json!(0));
    assert_eq!(view_json(&game)["winners"], json!([]));
}

#[test]
fn legal_is_empty_while_a_draw_is_due() {
    let mut game = game(BOARD, &[0, 1]);
    assert_eq!(view_json(&game)["legal"], json!([]));
    play_all(
        &mut game,
        &["draw RRRRRRR", "draw RRRRRRR", "disc 1", "disc 2"],
    );
    play_all(&mut game, &RED_TURN[..4]);
    assert_eq!(game.phase(), Phase::Draw);
    assert_eq!(view_json(&game)["legal"], json!([]));
}

#[test]
fn the_state_view_lists_regions_clockwise_from_the_one_holding_territory_1() {
    let game = seam_story();
    let view = view_json(&game);
    let regions = view["regions"].as_array().unwrap();
    assert_eq!(regions.len(), 12);
    assert_eq!(regions[0]["territories"], json!([14, 15, 1, 2]));
    assert_eq!(regions[0]["owner"], json!(0));
    assert_eq!(regions[0]["castles"], json!(4));
    assert_eq!(
        regions[0]["knights"],
        json!({"R": 4, "G": 2, "B": 0, "Y": 1, "P": 1})
    );
    for (i, t) in (3..=13).enumerate() {
        assert_eq!(regions[i + 1]["territories"], json!([t]));
    }
}

#[test]
fn the_emperor_is_an_index_into_the_regions_of_the_state_view() {
    let mut game = seam_start();
    play_all(&mut game, SEAM_ROUND_1);
    let view = view_json(&game);
    assert_eq!(view["emperor"], json!(5));
    assert_eq!(view["regions"][5]["territories"], json!([6]));
    let view = view_json(&seam_story());
    assert_eq!(view["emperor"], json!(0));
    assert_eq!(view["regions"][0]["territories"], json!([14, 15, 1, 2]));
}

#[test]
fn the_state_view_shows_unused_discs_ascending_and_the_chosen_disc() {
    let mut game = seam_start();
    play(&mut game, "disc 3");
    let view = view_json(&game);
    assert_eq!(view["seats"][0]["discs"], json!([1, 2, 4, 5]));
    assert_eq!(view["seats"][0]["disc"], json!(3));
    assert_eq!(view["seats"][1]["discs"], json!([1, 2, 3, 4, 5]));
    assert_eq!(view["seats"][1]["disc"], json!(null));
    assert_eq!(view["to_act"], json!(1));
}

#[test]
fn a_placement_names_its_region_by_the_smallest_territory_in_canonical_form() {
    let mut game = seam_story();
    play_all(&mut game, &["disc 3", "disc 1"]);
    // Seat 1 (green knights only) places: one token per region, each naming
    // the region's smallest territory.
    let mut expected = vec!["place G court".to_owned(), "place G 1".to_owned()];
    expected.extend((3..=13).map(|t| format!("place G {t}")));
    expected.sort();
    assert_eq!(legal(&game), expected);
    assert_eq!(StateView::of(&game).legal.len(), 13);
    assert_eq!(game.canonical(parse("place G 15")), parse("place G 1"));
    assert_eq!(game.canonical(parse("place G 7")), parse("place G 7"));
    assert_eq!(game.canonical(parse("move 2")), parse("move 2"));
}

#[test]
fn input_may_name_a_region_by_any_of_its_territories_and_records_write_the_canonical_one() {
    let setup = setup(BOARD, &[0, 1]);
    let mut recorded = RecordedGame::new(setup).unwrap();
    let mut tokens: Vec<&str> = vec!["draw RRRRRRR", "draw GGGGGGG"];
    for part in [
        SEAM_ROUND_1,
        SEAM_ROUND_2,
        SEAM_ROUND_3_SEAT_0,
        SEAM_ROUND_3_SEAT_1,
    ] {
        tokens.extend_from_slice(part);
    }
    tokens.extend(["disc 3", "disc 1", "place G 14", "place G 15", "place G 2"]);
    for token in &tokens {
        recorded
            .play(parse(token))
            .unwrap_or_else(|e| panic!("{token}: {e}"));
    }
    let written: Vec<String> = recorded
        .record()
        .moves
        .iter()
        .map(Move::to_string)
        .collect();
    assert_eq!(
        written[written.len() - 3..],
        ["place G 1", "place G 1", "place G 1"]
    );
    assert_eq!(
        region_at(recorded.game(), 1).knights(),
        &knights("RRRRGGGGGYP")
    );
}

#[test]
fn the_team_game_state_view_lists_teams_owners_by_team_and_team_castles() {
    let game = team_round_until_seat_3();
    let view = view_json(&game);
    assert_eq!(view["teams"], json!([[0, 2], [1, 3]]));
    assert_eq!(view["regions"][7]["territories"], json!([8]));
    assert_eq!(view["regions"][7]["owner"], json!(0));
    assert_eq!(view["players"], json!(4));
}

#[test]
fn the_example_record_of_the_notation_replays() {
    let text = r#"{
      "format": "carolus-record/1",
      "players": 2,
      "setup": { "territories": "RGBYPGRYBPBYRGP", "order": [1, 0] },
      "moves": ["draw RGJYBBP", "joker R", "draw PPGYRJB", "joker G", "disc 3", "disc 1",
                "place R court", "place Y 4", "place B 4", "move 1", "draw RGY"]
    }"#;
    let record = Record::from_json(text).expect("the example record reads");
    let game = record.replay().expect("the example record replays");
    assert_eq!(game.round(), 1);
    assert_eq!(order(&game), [0, 1]);
    assert_eq!(to_act(&game), Some(1));
    assert_eq!(game.phase(), Phase::Place);
    assert_eq!(game.court(seat(0)), &knights("R"));
    assert_eq!(controller(&game, 'R'), Some(0));
    assert_eq!(region_at(&game, 4).knights(), &knights("YYB"));
    // The emperor moved to territory 2, where seat 0 controls nothing.
    assert_eq!(emperor_region(&game), [2]);
    assert_eq!(castle_totals(&game), [0, 0]);
}

#[test]
fn an_abandoned_games_record_says_who_left_and_reads_back() {
    let mut game = RecordedGame::from_seed(2, Variant::STANDARD, 7).unwrap();
    game.draw_while_due(&mut GameRng::seed_from_u64(7));
    let left = [carolus_rules::Seat::new(1).unwrap()];
    let mut record = game.record().clone();
    record.result = Some(carolus_rules::abandoned_result(game.game(), &left));
    let text = record.to_json();
    let read = Record::from_json(&text).unwrap();
    assert_eq!(read.abandoned(), Some(left.to_vec()));
    assert!(!read.replay().unwrap().is_over(), "it stops before the end");
    assert_eq!(
        read.result.as_ref().unwrap()["winners"],
        serde_json::json!([])
    );
    // A record without it is no abandoned game.
    let mut finished = record.clone();
    finished.result = None;
    assert_eq!(finished.abandoned(), None);

    for (bad, says) in [
        ("[]", "names no seat; an abandoned game was left by someone"),
        ("[2]", "[0]: expected a seat from 0 to 1, found 2"),
        ("[1, 1]", "[1]: seat 1 is named twice"),
        ("1", "expected an array of seat numbers, found a number"),
    ] {
        let text = text.replace("\"abandoned\":[1]", &format!("\"abandoned\":{bad}"));
        let error = Record::from_json(&text).unwrap_err().to_string();
        assert_eq!(error, format!("field `result.abandoned`: {says}"), "{bad}");
    }
}
