//! Property tests of the rules engine over random games of every player
//! count (2, 3 and the 4-player team game).
//!
//! Each case plays a whole game to its end from a proptest-chosen seed and
//! sequence of choices, and checks after every move what must hold in every
//! position: the board stays a partition into clockwise regions, knights are
//! neither made nor lost, neighbouring regions never share an owner, castle
//! counts agree, exactly the legal tokens are accepted (and a refused one
//! changes nothing), and the game's record replays to the same position.
//!
//! The default number of cases keeps `cargo test` fast; set `PROPTEST_CASES`
//! to run more.

use std::collections::HashSet;

use carolus_rules::{
    Destination, Disc, DiscSet, Family, FamilyCounts, Game, GameRng, Knight, Move, Owner, Phase,
    RandomSource, Record, RecordedGame, Region, Seat, Setup, StateView, TERRITORY_COUNT, Territory,
    Variant, result_of,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// The most steps a case plays. Random games end after about 200 steps;
/// the cap only keeps a broken end condition from hanging the test run.
const MAX_STEPS: usize = 5_000;

/// Proptest's configuration: a moderate number of cases unless
/// `PROPTEST_CASES` asks for more, and no regression files, because the
/// project keeps its test files to a fixed set.
fn config(cases: u32) -> ProptestConfig {
    let mut config = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
    }
    config.failure_persistence = None;
    config
}

/// The variant a random game of `players` players plays.
fn variant(players: usize) -> Variant {
    Variant::for_players(players)
}

/// Picks the moves of a random game: the chance draws from a seeded
/// generator, the decisions from proptest's choices (so that a failing case
/// shrinks), and from the generator once the choices run out.
struct Chooser {
    rng: GameRng,
    choices: Vec<u32>,
    used: usize,
}

impl Chooser {
    fn new(seed: u64, choices: Vec<u32>) -> Chooser {
        Chooser {
            rng: GameRng::seed_from_u64(seed),
            choices,
            used: 0,
        }
    }

    /// The next move of `game`, or `None` when it is over.
    fn next(&mut self, game: &Game) -> Option<Move> {
        if game.is_over() {
            return None;
        }
        if let Some(draw) = game.sample_draw(&mut self.rng) {
            return Some(Move::Draw(draw));
        }
        let count = game.legal_move_count();
        let choice = match self.choices.get(self.used) {
            Some(&choice) => choice,
            None => self.rng.next_u32(),
        };
        self.used += 1;
        game.nth_legal_move(choice as usize % count)
    }
}

/// Every token a test can think of: every disc, every placement to the
/// court and to every territory, every emperor move, every joker, and draws
/// of every size the notation allows.
fn token_space() -> Vec<String> {
    let mut tokens = Vec::new();
    for n in 1..=5 {
        tokens.push(format!("disc {n}"));
    }
    for family in Family::ALL {
        tokens.push(format!("place {family} court"));
        for t in 1..=TERRITORY_COUNT {
            tokens.push(format!("place {family} {t}"));
        }
        tokens.push(format!("joker {family}"));
    }
    for k in 1..=15 {
        tokens.push(format!("move {k}"));
    }
    for size in 1..=9 {
        let mixed: String = "RGBYPJ".chars().cycle().take(size).collect();
        tokens.push(format!("draw {mixed}"));
        tokens.push(format!("draw {}", "J".repeat(size)));
    }
    tokens
}

/// The size of the draw due in round `round`, by the rulings: the initial
/// reserve in the set-up (7, 9 or 7), the knights of a turn afterwards
/// (3, 4 or 3).
fn due_draw_size(players: usize, round: u32) -> usize {
    match (players, round) {
        (3, 0) => 9,
        (_, 0) => 7,
        (3, _) => 4,
        _ => 3,
    }
}

/// The castle target of a game with `players` players.
fn castle_target(players: usize) -> usize {
    if players == 3 { 8 } else { 10 }
}

/// Checks everything that must hold in every position. `drawn` is the
/// number of knights drawn since the set-up.
fn check_position(game: &Game, drawn: u32) -> Result<(), TestCaseError> {
    check_board(game)?;
    check_knights(game, drawn)?;
    check_owners_and_castles(game)?;
    check_control(game)?;
    check_progress(game)?;
    check_view(game)?;
    Ok(())
}

/// Territories 1–15 are partitioned into regions that run clockwise and
/// follow one another around the ring, the first holding territory 1, and
/// `region_index` agrees with `regions()`.
fn check_board(game: &Game) -> Result<(), TestCaseError> {
    let regions = game.regions();
    prop_assert!(!regions.is_empty());
    prop_assert!(game.emperor() < regions.len(), "emperor off the board");
    let one = Territory::new(1).unwrap();
    prop_assert!(regions[0].contains(one), "the first region must hold 1");
    let mut seen = [0u8; TERRITORY_COUNT];
    for (i, region) in regions.iter().enumerate() {
        let territories: Vec<Territory> = region.territories().collect();
        prop_assert_eq!(territories.len(), region.len());
        prop_assert!(region.len() >= 1);
        for pair in territories.windows(2) {
            prop_assert_eq!(pair[1].index(), (pair[0].index() + 1) % TERRITORY_COUNT);
        }
        // The next region starts right after this one ends.
        let next = &regions[(i + 1) % regions.len()];
        let last = territories[territories.len() - 1];
        prop_assert_eq!(next.first().index(), (last.index() + 1) % TERRITORY_COUNT);
        let smallest = territories.iter().min().copied().unwrap();
        prop_assert_eq!(region.name(), smallest, "a region is named by its smallest");
        for t in &territories {
            seen[t.index()] += 1;
            prop_assert_eq!(game.region_index(*t), i);
            prop_assert!(region.contains(*t));
        }
    }
    prop_assert!(seen.iter().all(|&n| n == 1), "not a partition: {:?}", seen);
    Ok(())
}

/// No knight is made or lost: the fifteen of the set-up and every knight
/// drawn are on the board, in courts, in reserves or waiting as jokers.
fn check_knights(game: &Game, drawn: u32) -> Result<(), TestCaseError> {
    let on_board: u32 = game.regions().iter().map(|r| r.knights().total()).sum();
    let mut elsewhere = 0u32;
    for seat in Seat::all(game.players()) {
        elsewhere += game.court(seat).total() + game.reserve(seat).total();
        elsewhere += game.pending_jokers(seat) as u32;
    }
    prop_assert_eq!(on_board + elsewhere, 15 + drawn);
    Ok(())
}

/// Neighbouring regions never share an owner (mergers join them), and the
/// castles on the board agree with every owner's total: a region has
/// castles exactly when it has an owner, never more than its territories.
fn check_owners_and_castles(game: &Game) -> Result<(), TestCaseError> {
    let regions = game.regions();
    let count = regions.len();
    if count >= 2 {
        for i in 0..count {
            let a = regions[i].owner_index();
            let b = regions[(i + 1) % count].owner_index();
            prop_assert!(
                a.is_none() || a != b,
                "regions {} and {} are neighbours with the same owner",
                i,
                (i + 1) % count
            );
        }
    }
    let owners: Vec<Owner> = game.owners().collect();
    let mut totals = vec![0usize; owners.len()];
    for (i, region) in regions.iter().enumerate() {
        prop_assert_eq!(region.owner_index().is_some(), region.castles() > 0);
        prop_assert!(region.castles() <= region.len());
        // Each castle was built in a region of one territory and mergers
        // and takeovers keep the count, so an owned region has exactly one
        // castle per territory.
        if region.owner_index().is_some() {
            prop_assert_eq!(region.castles(), region.len());
        }
        if let Some(owner) = region.owner_index() {
            prop_assert!(owner < owners.len());
            totals[owner] += region.castles();
            prop_assert_eq!(game.region_owner(i), Some(owners[owner]));
        } else {
            prop_assert_eq!(game.region_owner(i), None);
        }
    }
    for (owner, total) in owners.iter().zip(&totals) {
        prop_assert_eq!(game.castles_of(*owner), *total, "castles of {}", owner);
    }
    for seat in Seat::all(game.players()) {
        prop_assert_eq!(game.castles(seat), game.castles_of(game.owner_of(seat)));
    }
    Ok(())
}

/// Ruling 7 in every position: a family is controlled exactly when some
/// court holds one of its knights (the first knight in a court always takes
/// it), and its controller's court holds at least as many as any other.
fn check_control(game: &Game) -> Result<(), TestCaseError> {
    for family in Family::ALL {
        let counts: Vec<u32> = Seat::all(game.players())
            .map(|s| game.court(s)[family])
            .collect();
        let most = counts.iter().copied().max().unwrap_or(0);
        match game.controller(family) {
            None => prop_assert_eq!(most, 0, "{} is in a court but uncontrolled", family),
            Some(seat) => {
                prop_assert!(seat.index() < game.players());
                prop_assert_eq!(counts[seat.index()], most, "controller of {}", family);
            }
        }
    }
    Ok(())
}

/// Rulings 5, 11 and 13 in every position: the unused discs are never
/// empty, the set-up is round 0, and the game is over exactly when a side
/// reached the target or fewer than four regions remain, with everybody on
/// the highest total winning.
fn check_progress(game: &Game) -> Result<(), TestCaseError> {
    for seat in Seat::all(game.players()) {
        prop_assert!(!game.unused_discs(seat).is_empty());
    }
    if game.round() == 0 {
        prop_assert!(matches!(game.phase(), Phase::Draw | Phase::Joker));
    }
    let target = castle_target(game.players());
    let totals: Vec<usize> = game.owners().map(|o| game.castles_of(o)).collect();
    let ended = totals.iter().any(|&c| c >= target) || game.regions().len() < 4;
    prop_assert_eq!(game.is_over(), ended, "castles {:?}", totals);
    let winners: Vec<Seat> = game.winners().collect();
    if game.is_over() {
        prop_assert_eq!(game.to_act(), None);
        let best = totals.iter().copied().max().unwrap_or(0);
        let expected: Vec<Seat> = Seat::all(game.players())
            .filter(|&s| game.castles(s) == best)
            .collect();
        prop_assert_eq!(winners, expected);
    } else {
        prop_assert!(winners.is_empty());
        prop_assert!(game.to_act().is_some());
    }
    Ok(())
}

/// The state view says what the game says, in the notation's terms.
fn check_view(game: &Game) -> Result<(), TestCaseError> {
    let view = StateView::of(game);
    prop_assert_eq!(view.players, game.players());
    prop_assert_eq!(view.phase, game.phase());
    prop_assert_eq!(view.round, game.round());
    prop_assert_eq!(view.emperor, game.emperor());
    prop_assert_eq!(view.regions.len(), game.regions().len());
    prop_assert_eq!(view.regions[0].territories.contains(&1), true);
    for (region, shown) in game.regions().iter().zip(&view.regions) {
        let territories: Vec<u8> = region.territories().map(|t| t.number()).collect();
        prop_assert_eq!(&shown.territories, &territories);
        prop_assert_eq!(shown.owner, region.owner_index());
        prop_assert_eq!(shown.castles, region.castles());
    }
    prop_assert_eq!(view.to_act, game.to_act().map(Seat::index));
    let phase_name = serde_json::to_value(view.phase).unwrap();
    prop_assert_eq!(phase_name, serde_json::json!(game.phase().name()));
    if matches!(game.phase(), Phase::Draw | Phase::Over) {
        prop_assert!(view.legal.is_empty());
    } else {
        prop_assert!(!view.legal.is_empty());
    }
    prop_assert_eq!(view.teams.is_some(), game.players() == 4);
    let order: Vec<usize> = game.order().map(Seat::index).collect();
    prop_assert_eq!(&view.order, &order);
    let winners: Vec<usize> = game.winners().map(Seat::index).collect();
    prop_assert_eq!(&view.winners, &winners);
    for family in Family::ALL {
        prop_assert_eq!(
            view.control.get(family),
            game.controller(family).map(Seat::index)
        );
    }
    prop_assert_eq!(view.seats.len(), game.players());
    for (seat, shown) in Seat::all(game.players()).zip(&view.seats) {
        for family in Family::ALL {
            prop_assert_eq!(shown.court.get(family), game.court(seat)[family]);
            prop_assert_eq!(shown.reserve.get(family), game.reserve(seat)[family]);
        }
        let discs: Vec<u8> = game.unused_discs(seat).iter().map(|d| d.number()).collect();
        prop_assert_eq!(&shown.discs, &discs);
        prop_assert!(
            shown.discs.windows(2).all(|w| w[0] < w[1]),
            "discs ascending"
        );
        prop_assert_eq!(shown.disc, game.chosen_disc(seat).map(|d| d.number()));
        prop_assert_eq!(shown.castles, game.castles(seat));
        prop_assert_eq!(shown.jokers, game.pending_jokers(seat));
    }
    Ok(())
}

/// Every legal token parses, is canonical, and is accepted; the legal list
/// has no duplicates; and across the whole token space exactly the legal
/// moves (after canonicalisation) and draws of the due size are accepted,
/// every refused token leaving the position exactly as it was.
fn check_moves(game: &Game, tokens: &[String]) -> Result<(), TestCaseError> {
    let list = game.legal_moves();
    prop_assert_eq!(list.len(), game.legal_move_count());
    for (n, mv) in list.iter().enumerate() {
        prop_assert_eq!(game.nth_legal_move(n), Some(*mv));
    }
    prop_assert_eq!(game.nth_legal_move(list.len()), None);
    let legal: HashSet<Move> = list.iter().copied().collect();
    prop_assert_eq!(legal.len(), list.len(), "duplicates in {:?}", list);
    let tokens_listed: HashSet<String> = list.iter().map(Move::to_string).collect();
    prop_assert_eq!(tokens_listed, legal_by_the_rulings(game), "legal moves");
    for token in StateView::of(game).legal {
        let mv: Move = token.parse().map_err(|e| {
            TestCaseError::fail(format!("legal token {token:?} does not parse: {e}"))
        })?;
        prop_assert_eq!(game.canonical(mv).to_string(), token.clone());
        prop_assert!(legal.contains(&mv));
        let mut after = game.clone();
        prop_assert!(after.play(mv).is_ok(), "legal {} refused", token);
    }
    let draw_size =
        (game.phase() == Phase::Draw).then(|| due_draw_size(game.players(), game.round()));
    for token in tokens {
        let mv: Move = token.parse().unwrap();
        let expected = match mv {
            Move::Draw(draw) => draw_size == Some(draw.len()),
            other => legal.contains(&game.canonical(other)),
        };
        let mut after = game.clone();
        let accepted = after.play(mv).is_ok();
        prop_assert_eq!(
            accepted,
            expected,
            "token {} in phase {}",
            token,
            game.phase()
        );
        prop_assert_eq!(game.is_legal(&mv), expected);
        if accepted {
            // Naming a region by any of its territories plays the same move.
            let mut canonical = game.clone();
            canonical.play(game.canonical(mv)).unwrap();
            prop_assert_eq!(&after, &canonical);
        } else {
            prop_assert_eq!(&after, game, "refusing {} changed the position", token);
        }
    }
    Ok(())
}

// ----- The rulings as an oracle -----------------------------------------------
//
// The checks below compute from the public state of the position before a
// move what the rulings say must follow, independently of how the engine
// computes it, and compare with the engine's position after the move.

/// The legal tokens of a position as the rulings define them: ruling 5 for
/// discs, ruling 7 for placements (one token per region, named by its
/// smallest territory), ruling 8 for the emperor, any family for a joker,
/// and nothing while a draw is due or once the game is over.
fn legal_by_the_rulings(game: &Game) -> HashSet<String> {
    let mut tokens = HashSet::new();
    let Some(seat) = game.to_act() else {
        return tokens;
    };
    match game.phase() {
        Phase::Disc => {
            let unused: Vec<Disc> = game.unused_discs(seat).iter().collect();
            let taken: Vec<Disc> = Seat::all(game.players())
                .filter(|&other| other != seat)
                .filter_map(|other| game.chosen_disc(other))
                .collect();
            let fresh: Vec<Disc> = unused
                .iter()
                .copied()
                .filter(|d| !taken.contains(d))
                .collect();
            let allowed = if fresh.is_empty() { unused } else { fresh };
            tokens.extend(allowed.iter().map(|d| format!("disc {}", d.number())));
        }
        Phase::Place => {
            for family in game.reserve(seat).present() {
                tokens.insert(format!("place {family} court"));
                for region in game.regions() {
                    let smallest = region.territories().map(|t| t.number()).min().unwrap();
                    tokens.insert(format!("place {family} {smallest}"));
                }
            }
        }
        Phase::Move => {
            let disc = game
                .chosen_disc(seat)
                .map_or(0, |d| usize::from(d.number()));
            for k in 1..=disc.min(game.regions().len()) {
                tokens.insert(format!("move {k}"));
            }
        }
        Phase::Joker => {
            tokens.extend(Family::ALL.iter().map(|f| format!("joker {f}")));
        }
        Phase::Draw | Phase::Over => {}
    }
    tokens
}

/// The sum of two knight counts.
fn plus(a: &FamilyCounts, b: &FamilyCounts) -> FamilyCounts {
    let mut sum = *a;
    for family in Family::ALL {
        sum[family] += b[family];
    }
    sum
}

/// Every owner's castle total, by owner index.
fn totals(game: &Game) -> Vec<usize> {
    game.owners().map(|o| game.castles_of(o)).collect()
}

/// Checks what a move did against the rulings: the knights it moved,
/// family control (ruling 7), the discs and action order (rulings 5 and 6),
/// the emperor's region (rulings 8–10) and who is to act next (rulings 3
/// and 13).
fn check_transition(before: &Game, mv: Move, after: &Game) -> Result<(), TestCaseError> {
    let seat = before
        .to_act()
        .expect("a move was played, so somebody acted");
    check_knights_moved(before, seat, mv, after)?;
    check_control_after(before, seat, mv, after)?;
    match mv {
        Move::Disc(disc) => check_discs_after(before, seat, disc, after)?,
        Move::Emperor { steps } => check_resolution(before, usize::from(steps), after)?,
        _ => {}
    }
    check_next_to_act(before, seat, mv, after)
}

/// Draws fill the drawing seat's reserve (jokers wait), jokers become
/// knights of their family, and a placement moves one knight from the
/// reserve to the court or to the region named.
fn check_knights_moved(
    before: &Game,
    seat: Seat,
    mv: Move,
    after: &Game,
) -> Result<(), TestCaseError> {
    let mut reserve = *before.reserve(seat);
    let mut jokers = before.pending_jokers(seat);
    let mut court = *before.court(seat);
    match mv {
        Move::Draw(draw) => {
            for knight in draw.knights() {
                match knight {
                    Knight::Family(family) => reserve[*family] += 1,
                    Knight::Joker => jokers += 1,
                }
            }
        }
        Move::Joker(family) => {
            reserve[family] += 1;
            jokers -= 1;
        }
        Move::Place { family, to } => {
            reserve[family] -= 1;
            match to {
                Destination::Court => court[family] += 1,
                Destination::Region(territory) => {
                    let mut expected = *before.regions()[before.region_index(territory)].knights();
                    expected[family] += 1;
                    let region = &after.regions()[after.region_index(territory)];
                    prop_assert_eq!(region.knights(), &expected, "placing {}", mv);
                }
            }
        }
        Move::Disc(_) | Move::Emperor { .. } => {}
    }
    prop_assert_eq!(after.reserve(seat), &reserve, "reserve after {}", mv);
    prop_assert_eq!(after.pending_jokers(seat), jokers, "jokers after {}", mv);
    prop_assert_eq!(after.court(seat), &court, "court after {}", mv);
    Ok(())
}

/// Ruling 7: only a knight placed in a court changes control, and only in
/// favour of the placing player, when its court now holds strictly more
/// knights of the family than every other court.
fn check_control_after(
    before: &Game,
    seat: Seat,
    mv: Move,
    after: &Game,
) -> Result<(), TestCaseError> {
    for family in Family::ALL {
        let expected = match mv {
            Move::Place {
                family: placed,
                to: Destination::Court,
            } if placed == family => {
                let count = after.court(seat)[family];
                let strictly_most = Seat::all(after.players())
                    .filter(|&other| other != seat)
                    .all(|other| after.court(other)[family] < count);
                if strictly_most {
                    Some(seat)
                } else {
                    before.controller(family)
                }
            }
            _ => before.controller(family),
        };
        prop_assert_eq!(
            after.controller(family),
            expected,
            "{} after {}",
            family,
            mv
        );
    }
    Ok(())
}

/// Ruling 5: the chosen disc is used, and the set refills the moment the
/// fifth disc is used. Ruling 6: once everybody has chosen, the action
/// order is the choosing order sorted stably by disc number.
fn check_discs_after(
    before: &Game,
    seat: Seat,
    disc: Disc,
    after: &Game,
) -> Result<(), TestCaseError> {
    let left = before.unused_discs(seat).without(disc);
    let expected = if left.is_empty() { DiscSet::FULL } else { left };
    prop_assert_eq!(after.unused_discs(seat), expected);
    prop_assert_eq!(after.chosen_disc(seat), Some(disc));
    if after.phase() == Phase::Place {
        let mut expected: Vec<Seat> = before.order().collect();
        expected.sort_by_key(|&s| after.chosen_disc(s));
        let actual: Vec<Seat> = after.order().collect();
        prop_assert_eq!(actual, expected, "action order");
    } else {
        prop_assert!(before.order().eq(after.order()), "the choosing order stays");
    }
    Ok(())
}

/// Rulings 8–10: the emperor lands `steps` regions clockwise; a unique
/// highest positive score (controlled knights plus own castles) wins the
/// region, building a castle in an empty region or taking over all castles
/// of another owner; the region then joins its neighbours of the same owner
/// on both sides, and the emperor stays in the joined region.
fn check_resolution(before: &Game, steps: usize, after: &Game) -> Result<(), TestCaseError> {
    let regions = before.regions();
    let count = regions.len();
    let landing_index = (before.emperor() + steps) % count;
    let landing: Region = regions[landing_index];

    let mut scores = vec![0usize; before.owners().count()];
    for family in Family::ALL {
        if let Some(controller) = before.controller(family) {
            scores[before.owner_of(controller).index()] += landing.knights()[family] as usize;
        }
    }
    if let Some(owner) = landing.owner_index() {
        scores[owner] += landing.castles();
    }
    let best = scores.iter().copied().max().unwrap_or(0);
    let leaders: Vec<usize> = (0..scores.len()).filter(|&i| scores[i] == best).collect();
    let winner = (best > 0 && leaders.len() == 1).then(|| leaders[0]);

    let mut expected_totals = totals(before);
    let mut castles = landing.castles();
    if let Some(winner) = winner {
        match landing.owner_index() {
            None => {
                castles = 1;
                expected_totals[winner] += 1;
            }
            Some(owner) if owner != winner => {
                expected_totals[owner] -= castles;
                expected_totals[winner] += castles;
            }
            Some(_) => {}
        }
    }
    let owner = winner.or(landing.owner_index());
    prop_assert_eq!(totals(after), expected_totals, "castle totals");

    // Walk clockwise, then counter-clockwise, over neighbours of the same
    // owner; the regions passed are the ones that join.
    let mut joined = vec![landing_index];
    if let Some(owner) = owner {
        for direction in [1, count - 1] {
            let mut i = landing_index;
            loop {
                i = (i + direction) % count;
                if joined.contains(&i) || regions[i].owner_index() != Some(owner) {
                    break;
                }
                joined.push(i);
            }
        }
    }
    let mut knights = FamilyCounts::ZERO;
    let mut territories = 0;
    for &i in &joined {
        knights = plus(&knights, regions[i].knights());
        territories += regions[i].len();
        if i != landing_index {
            castles += regions[i].castles();
        }
    }
    let merged = &after.regions()[after.emperor()];
    prop_assert!(
        merged.contains(landing.first()),
        "the emperor left its region"
    );
    prop_assert_eq!(merged.owner_index(), owner);
    prop_assert_eq!(merged.castles(), castles);
    prop_assert_eq!(merged.len(), territories);
    prop_assert_eq!(merged.knights(), &knights);
    prop_assert_eq!(after.regions().len(), count + 1 - joined.len());
    Ok(())
}

/// Rulings 3 and 13: who acts next, in which phase and round. Discs go
/// around the choosing order; a turn is placements, the emperor and a draw
/// with its jokers; the initial draws go around the playing order before
/// round 1; and the round ends after the last player's draw.
fn check_next_to_act(
    before: &Game,
    seat: Seat,
    mv: Move,
    after: &Game,
) -> Result<(), TestCaseError> {
    let order: Vec<Seat> = before.order().collect();
    let position = order.iter().position(|&s| s == seat).unwrap();
    let next = order.get(position + 1).copied();
    let per_turn = usize::from(before.config().knights_per_turn);
    // After a reserve is filled (a draw and all its jokers): the next
    // player's initial draw or turn, or a new round of discs.
    let filled = || match (before.round(), next) {
        (0, Some(next)) => (Phase::Draw, Some(next), 0),
        (_, Some(next)) => (Phase::Place, Some(next), before.round()),
        (round, None) => (Phase::Disc, Some(order[0]), round + 1),
    };
    let (phase, to_act, round) = match mv {
        Move::Disc(_) => match next {
            Some(next) => (Phase::Disc, Some(next), before.round()),
            None => (Phase::Place, after.order().next(), before.round()),
        },
        Move::Place { .. } if before.placed_this_turn() + 1 < per_turn => {
            (Phase::Place, Some(seat), before.round())
        }
        Move::Place { .. } => (Phase::Move, Some(seat), before.round()),
        Move::Emperor { .. } if after.is_over() => (Phase::Over, None, before.round()),
        Move::Emperor { .. } => (Phase::Draw, Some(seat), before.round()),
        Move::Draw(draw) if draw.jokers() > 0 => (Phase::Joker, Some(seat), before.round()),
        Move::Joker(_) if before.pending_jokers(seat) > 1 => {
            (Phase::Joker, Some(seat), before.round())
        }
        Move::Draw(_) | Move::Joker(_) => filled(),
    };
    prop_assert_eq!(after.phase(), phase, "phase after {}", mv);
    prop_assert_eq!(after.to_act(), to_act, "seat to act after {}", mv);
    prop_assert_eq!(after.round(), round, "round after {}", mv);
    if let Some(due) = after.draw_due() {
        prop_assert_eq!(due.size, due_draw_size(after.players(), after.round()));
    }
    Ok(())
}

/// The record written so far reads back and replays to the same position,
/// and a finished game's record carries its result.
fn check_record(recorded: &RecordedGame) -> Result<(), TestCaseError> {
    let text = recorded.record().to_json();
    let record = Record::from_json(&text)
        .map_err(|e| TestCaseError::fail(format!("the written record does not read: {e}")))?;
    prop_assert_eq!(&record, recorded.record());
    let replayed = record
        .replay()
        .map_err(|e| TestCaseError::fail(format!("the written record does not replay: {e}")))?;
    prop_assert_eq!(&replayed, recorded.game());
    let game = recorded.game();
    if game.is_over() {
        let result = record.result.as_ref();
        prop_assert_eq!(result, Some(&result_of(game)));
        let winners: Vec<usize> = game.winners().map(Seat::index).collect();
        prop_assert_eq!(&result.unwrap()["winners"], &serde_json::json!(winners));
    } else {
        prop_assert!(record.result.is_none());
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(12))]

    /// Plays whole random games, checking every invariant after every move
    /// and the whole token space in every position.
    #[test]
    fn random_games_keep_every_invariant(
        players in 2usize..=4,
        seed in any::<u64>(),
        choices in prop::collection::vec(any::<u32>(), 0..300),
    ) {
        let tokens = token_space();
        let mut chooser = Chooser::new(seed, choices);
        let setup = Setup::random(players, variant(players), &mut chooser.rng);
        let mut recorded = RecordedGame::new(setup).unwrap();
        let mut drawn = 0u32;
        check_position(recorded.game(), drawn)?;
        for _ in 0..MAX_STEPS {
            check_moves(recorded.game(), &tokens)?;
            let Some(mv) = chooser.next(recorded.game()) else { break };
            if let Move::Draw(draw) = mv {
                drawn += draw.len() as u32;
            }
            let before = recorded.game().clone();
            recorded.play(mv).map_err(|e| {
                TestCaseError::fail(format!("the chosen move {mv} was refused: {e}"))
            })?;
            check_transition(&before, mv, recorded.game())?;
            check_position(recorded.game(), drawn)?;
            check_record(&recorded)?;
        }
        prop_assert!(recorded.game().is_over(), "no end after {} steps", MAX_STEPS);
    }
}

proptest! {
    #![proptest_config(config(48))]

    /// `Game::play_random` plays only moves that were legal where it played
    /// them, in canonical form, and exactly as `play` would.
    #[test]
    fn play_random_only_plays_legal_moves(players in 2usize..=4, seed in any::<u64>()) {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut game = Game::random(players, variant(players), &mut rng).unwrap();
        let mut recorded = RecordedGame::new(Setup::random(
            players,
            variant(players),
            &mut GameRng::seed_from_u64(seed),
        ))
        .unwrap();
        let mut recorded_rng = rng.clone();
        for _ in 0..MAX_STEPS {
            let before = game.clone();
            let Some(mv) = game.play_random(&mut rng) else { break };
            prop_assert_eq!(before.check(&mv), Ok(()), "{} was not legal", mv);
            prop_assert_eq!(before.canonical(mv), mv, "{} is not canonical", mv);
            let mut checked = before.clone();
            checked.play(mv).unwrap();
            prop_assert_eq!(&checked, &game, "{} played differently", mv);
            // The recorded game draws the same random numbers and records
            // what it played.
            let recorded_mv = recorded.play_random(&mut recorded_rng);
            prop_assert_eq!(recorded_mv, Some(mv));
        }
        prop_assert!(game.is_over());
        prop_assert_eq!(recorded.game(), &game);
        prop_assert_eq!(recorded.record().replay().unwrap(), game);
    }

    /// A random game from a seed is the game of the random set-up from the
    /// same seed, and both leave the generator in the same state.
    #[test]
    fn game_random_is_the_game_of_setup_random(players in 2usize..=4, seed in any::<u64>()) {
        let mut direct_rng = GameRng::seed_from_u64(seed);
        let direct = Game::random(players, variant(players), &mut direct_rng).unwrap();
        let mut setup_rng = GameRng::seed_from_u64(seed);
        let setup = Setup::random(players, variant(players), &mut setup_rng);
        prop_assert_eq!(&direct, &Game::from_setup(&setup).unwrap());
        prop_assert_eq!(direct_rng.next_u64(), setup_rng.next_u64());
    }
}
