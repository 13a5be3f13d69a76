//! Honesty: every fact of every explanation holds when its line is played
//! again through the rules engine and read in the state view.
//!
//! The positions come from games of two and three players and of the team
//! game, played by a greedy bot with noise, taken from the first rounds,
//! the middle and the last decisions before the end. At each, the hint
//! (the search's own choice) or the move the game went on with is
//! explained by a small tree search of a fixed number of iterations, so
//! that the test is the same on every run. The check reads the structured
//! facts, never the words: each pointer's value in the state view after
//! `at` moves (and before the move, for `was`), and what each kind of fact
//! claims, recomputed from the state views alone.

use carolus_ai::{BotSpec, Budget};
use carolus_core::explain::{Claim, Explanation, Fact, Line, explain};
use carolus_rules::{Game, GameRng, Move, Phase, RecordedGame, StateView, Variant};
use serde_json::Value;

/// How many positions each game gives.
const PER_GAME: usize = 18;

/// Positions from a game of `players` seated with noisy greedy bots, from
/// the opening, the middle and the end, each with the move the game went on
/// with.
fn positions(players: usize, seed: u64) -> Vec<(Game, Move)> {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut game = RecordedGame::from_rng(players, Variant::for_players(players), &mut rng)
        .unwrap()
        .game()
        .clone();
    let mut bot = BotSpec::Greedy { noise: 0.2 }.build(seed);
    let mut decisions = Vec::new();
    while !game.is_over() {
        if game.draw_due().is_some() {
            game.play_random(&mut rng);
            continue;
        }
        let mv = bot.choose(&game, &Budget::default()).unwrap().best;
        decisions.push((game.clone(), mv));
        game.play(mv).unwrap();
    }
    let count = decisions.len();
    // A third from the first rounds, a third spread over the middle, a
    // third from the last decisions.
    let third = PER_GAME / 3;
    let mut picked: Vec<usize> = (0..third).map(|i| 1 + 3 * i).collect();
    picked.extend((0..third).map(|i| count / 4 + i * (count / 2) / third));
    picked.extend((0..third).map(|i| count - 1 - i));
    picked
        .into_iter()
        .filter_map(|i| decisions.get(i).cloned())
        .collect()
}

/// The state views of `game` and of the positions after each move of
/// `moves`, every move played with the engine's checks.
fn replay(game: &Game, moves: &[Move]) -> Vec<Value> {
    let mut position = game.clone();
    let mut views = vec![view(&position)];
    for (i, mv) in moves.iter().enumerate() {
        assert!(
            !matches!(position.phase(), Phase::Draw | Phase::Over),
            "move {} of {moves:?} comes after a draw is due or the game ended",
            i + 1
        );
        position
            .play(*mv)
            .unwrap_or_else(|e| panic!("move {} of {moves:?}: {e}", i + 1));
        views.push(view(&position));
    }
    assert!(
        moves.len() == carolus_ai::MAX_LINE
            || matches!(position.phase(), Phase::Draw | Phase::Over),
        "the line {moves:?} stops before the next draw is due"
    );
    views
}

fn view(game: &Game) -> Value {
    serde_json::to_value(StateView::of(game)).unwrap()
}

fn number(value: &Value) -> usize {
    value
        .as_u64()
        .unwrap_or_else(|| panic!("{value} is a number")) as usize
}

fn seat_or_null(value: &Value) -> Option<usize> {
    value.as_u64().map(|n| n as usize)
}

/// The seats of owner `owner` in `view`: the seat, or the team's seats.
fn seats_of(view: &Value, owner: usize) -> Vec<usize> {
    match view["teams"].as_array() {
        Some(teams) => teams[owner]
            .as_array()
            .unwrap()
            .iter()
            .map(number)
            .collect(),
        None => vec![owner],
    }
}

fn owners(view: &Value) -> usize {
    view["teams"]
        .as_array()
        .map_or(number(&view["players"]), Vec::len)
}

/// Each owner's score in region `index` of `view`, by ruling 9.
fn scores(view: &Value, index: usize) -> Vec<u32> {
    let region = &view["regions"][index];
    (0..owners(view))
        .map(|owner| {
            let seats = seats_of(view, owner);
            let knights: usize = ["R", "G", "B", "Y", "P"]
                .iter()
                .filter(|f| seat_or_null(&view["control"][**f]).is_some_and(|s| seats.contains(&s)))
                .map(|f| number(&region["knights"][*f]))
                .sum();
            let castles = if seat_or_null(&region["owner"]) == Some(owner) {
                number(&region["castles"])
            } else {
                0
            };
            (knights + castles) as u32
        })
        .collect()
}

fn leader(scores: &[u32]) -> Option<usize> {
    let top = *scores.iter().max()?;
    (top > 0 && scores.iter().filter(|s| **s == top).count() == 1)
        .then(|| scores.iter().position(|s| *s == top).unwrap())
}

/// The index of the region named `name` (its smallest territory) in `view`.
fn region_named(view: &Value, name: u8) -> usize {
    view["regions"]
        .as_array()
        .unwrap()
        .iter()
        .position(|region| {
            let territories: Vec<usize> = region["territories"]
                .as_array()
                .unwrap()
                .iter()
                .map(number)
                .collect();
            territories.iter().min() == Some(&usize::from(name))
        })
        .unwrap_or_else(|| panic!("no region {name}"))
}

fn region_name(view: &Value, index: usize) -> u8 {
    view["regions"][index]["territories"]
        .as_array()
        .unwrap()
        .iter()
        .map(number)
        .min()
        .unwrap() as u8
}

fn court_against(view: &Value, family: &str, seat: usize) -> u32 {
    view["seats"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .filter(|(s, _)| *s != seat)
        .map(|(_, s)| number(&s["court"][family]) as u32)
        .max()
        .unwrap_or(0)
}

/// Checks `fact` of `line` against the views of its replay.
fn check(fact: &Fact, line: &Line, views: &[Value]) {
    let at = fact.at;
    assert!(
        at <= line.moves.len(),
        "{fact:?} lies beyond {:?}",
        line.moves
    );
    let (now, before, start) = (&views[at], &views[at.saturating_sub(1)], &views[0]);
    for pointer in &fact.holds {
        assert_eq!(
            now.pointer(&pointer.pointer),
            Some(&pointer.value),
            "{fact:?} after {at} moves of {:?}",
            line.moves
        );
    }
    for pointer in &fact.was {
        assert_eq!(
            start.pointer(&pointer.pointer),
            Some(&pointer.value),
            "{fact:?}"
        );
    }
    let family_of = |family: &carolus_rules::Family| family.to_string();
    match &fact.claim {
        Claim::Control {
            family,
            seat,
            from,
            knights,
            against,
        } => {
            let f = family_of(family);
            assert_eq!(seat_or_null(&now["control"][&f]), Some(*seat), "{fact:?}");
            assert_eq!(seat_or_null(&before["control"][&f]), *from, "{fact:?}");
            assert_ne!(from, &Some(*seat));
            assert_eq!(number(&now["seats"][seat]["court"][&f]) as u32, *knights);
            assert_eq!(court_against(now, &f, *seat), *against, "{fact:?}");
            assert!(knights > against);
        }
        Claim::Court {
            family,
            seat,
            knights,
            against,
            controller,
        } => {
            let f = family_of(family);
            assert_eq!(at, 1);
            assert_eq!(seat_or_null(&now["control"][&f]), *controller);
            assert_eq!(seat_or_null(&start["control"][&f]), *controller);
            assert_eq!(number(&now["seats"][seat]["court"][&f]) as u32, *knights);
            assert_eq!(court_against(now, &f, *seat), *against);
        }
        Claim::Lead {
            region,
            leader: lead,
            before: was,
            scores: claimed,
        } => {
            assert_eq!(at, 1);
            let index = region_named(now, *region);
            assert_eq!(&scores(now, index), claimed, "{fact:?}");
            assert_eq!(leader(claimed), *lead);
            assert_eq!(leader(&scores(start, region_named(start, *region))), *was);
        }
        Claim::Reserve {
            family,
            seat,
            knights,
        } => {
            assert_eq!(
                number(&now["seats"][seat]["reserve"][family_of(family)]) as u32,
                *knights
            );
        }
        Claim::Reach {
            seat,
            side,
            disc,
            steps,
            regions,
        } => {
            assert_eq!(now["seats"][seat]["disc"], Value::from(*disc));
            let count = now["regions"].as_array().unwrap().len();
            assert_eq!(*steps, usize::from(*disc).min(count), "{fact:?}");
            assert_eq!(*side, owner_of_seat(now, *seat));
            if !regions.is_empty() {
                assert_eq!(now["phase"], "move");
                assert_eq!(seat_or_null(&now["to_act"]), Some(*seat));
                assert_eq!(regions.len(), *steps);
                let emperor = number(&now["emperor"]);
                for target in regions {
                    let index = (emperor + target.steps) % count;
                    assert_eq!(region_name(now, index), target.region, "{fact:?}");
                    let claimed = scores(now, index);
                    assert_eq!(claimed, target.scores, "{fact:?}");
                    assert_eq!(leader(&claimed), target.winner);
                    let owner = seat_or_null(&now["regions"][index]["owner"]);
                    assert_eq!(
                        target.gains,
                        target.winner.is_some() && target.winner != owner
                    );
                }
            }
        }
        Claim::Castle {
            region,
            owner,
            from,
            taken,
            castles,
            by,
        } => {
            let Move::Emperor { steps } = line.moves[at - 1] else {
                panic!("{fact:?} follows no emperor move");
            };
            assert_eq!(seat_or_null(&before["to_act"]), Some(*by));
            let here = number(&now["emperor"]);
            assert_eq!(region_name(now, here), *region);
            assert_eq!(seat_or_null(&now["regions"][here]["owner"]), Some(*owner));
            assert_eq!(number(&now["regions"][here]["castles"]), *castles);
            let count = before["regions"].as_array().unwrap().len();
            let landing = (number(&before["emperor"]) + usize::from(steps)) % count;
            let previous = &before["regions"][landing];
            assert_eq!(seat_or_null(&previous["owner"]), *from, "{fact:?}");
            assert_eq!(
                *taken,
                if from.is_some() {
                    number(&previous["castles"])
                } else {
                    0
                }
            );
            assert_eq!(leader(&scores(before, landing)), Some(*owner), "{fact:?}");
        }
        Claim::Stop {
            region,
            scores: claimed,
            by,
        } => {
            let Move::Emperor { steps } = line.moves[at - 1] else {
                panic!("{fact:?} follows no emperor move");
            };
            assert_eq!(seat_or_null(&before["to_act"]), Some(*by));
            let count = before["regions"].as_array().unwrap().len();
            let landing = (number(&before["emperor"]) + usize::from(steps)) % count;
            assert_eq!(region_name(before, landing), *region);
            assert_eq!(&scores(before, landing), claimed);
            let owner = seat_or_null(&before["regions"][landing]["owner"]);
            let winner = leader(claimed);
            assert!(winner.is_none() || winner == owner, "{fact:?}");
            assert_eq!(now["regions"].as_array().unwrap().len(), count);
        }
        Claim::Merge {
            region,
            territories,
            joined,
            owner,
        } => {
            let was = before["regions"].as_array().unwrap().len();
            let is = now["regions"].as_array().unwrap().len();
            assert_eq!(is + joined - 1, was, "{fact:?}");
            let here = number(&now["emperor"]);
            assert_eq!(region_name(now, here), *region);
            assert_eq!(
                now["regions"][here]["territories"]
                    .as_array()
                    .unwrap()
                    .len(),
                *territories
            );
            assert_eq!(seat_or_null(&now["regions"][here]["owner"]), Some(*owner));
        }
        Claim::End { winners } => {
            assert_eq!(now["phase"], "over");
            assert_ne!(before["phase"], "over");
            let listed: Vec<usize> = now["winners"]
                .as_array()
                .unwrap()
                .iter()
                .map(number)
                .collect();
            assert_eq!(&listed, winners);
        }
        Claim::Near {
            owner,
            castles,
            target,
        } => {
            let seat = seats_of(now, *owner)[0];
            assert_eq!(number(&now["seats"][seat]["castles"]), *castles);
            let expected = if number(&now["players"]) == 3 { 8 } else { 10 };
            assert_eq!(*target, expected);
            assert!(castles < target && target - castles <= 2);
            assert_eq!(at, line.moves.len());
        }
        Claim::Regions { left } => {
            assert_eq!(now["regions"].as_array().unwrap().len(), *left);
            assert!(*left <= 5);
        }
        Claim::Quiet => {
            for view in views {
                assert_eq!(view["control"], start["control"], "{fact:?}");
                for (seat, state) in view["seats"].as_array().unwrap().iter().enumerate() {
                    assert_eq!(state["castles"], start["seats"][seat]["castles"]);
                }
            }
        }
    }
}

fn owner_of_seat(view: &Value, seat: usize) -> usize {
    match view["teams"].as_array() {
        Some(_) => seat % 2,
        None => seat,
    }
}

fn check_line(game: &Game, line: &Line) {
    assert!(!line.moves.is_empty());
    let views = replay(game, &line.moves);
    for fact in &line.facts {
        check(fact, line, &views);
    }
}

fn check_explanation(game: &Game, explanation: &Explanation) {
    check_line(game, &explanation.explained);
    for line in &explanation.alternatives {
        check_line(game, line);
    }
    // The words state facts of the lines and nothing else.
    for (sentence, of) in explanation.sentences() {
        let line = match of {
            carolus_core::explain::words::LineOf::Explained => &explanation.explained,
            carolus_core::explain::words::LineOf::Alternative(i) => &explanation.alternatives[i],
        };
        match sentence.fact {
            Some(i) => assert!(i < line.facts.len()),
            None => assert_eq!(sentence.id, "explain-instead"),
        }
    }
}

#[test]
fn every_fact_of_every_explanation_holds_when_its_line_is_replayed() {
    let spec: BotSpec = "mcts:iterations=48,threads=1".parse().unwrap();
    let mut explained = 0;
    let mut kinds = std::collections::BTreeSet::new();
    for players in [2, 3, 4] {
        for seed in 0..4 {
            for (i, (game, played)) in positions(players, 10 * players as u64 + seed)
                .into_iter()
                .enumerate()
            {
                let mut bot = spec.build(seed);
                // Half the hints, half the moves played.
                let mv = if i % 2 == 0 {
                    bot.choose(&game, &Budget::default()).unwrap().best
                } else {
                    played
                };
                let explanation = explain(&game, mv, bot.as_mut(), &Budget::default()).unwrap();
                assert_eq!(explanation.mv(), game.canonical(mv));
                check_explanation(&game, &explanation);
                for fact in explanation
                    .alternatives
                    .iter()
                    .chain([&explanation.explained])
                    .flat_map(|line| &line.facts)
                {
                    kinds.insert(serde_json::to_value(fact).unwrap()["kind"].to_string());
                }
                explained += 1;
            }
        }
    }
    assert!(explained >= 200, "{explained} positions");
    // The positions bring out every kind of fact.
    for kind in [
        "control", "court", "lead", "reserve", "reach", "castle", "stop", "merge", "end", "near",
        "regions", "quiet",
    ] {
        assert!(
            kinds.contains(&format!("\"{kind}\"")),
            "no {kind} fact in {kinds:?}"
        );
    }
}
