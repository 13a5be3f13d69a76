//! The facts of a line: the line played through the rules engine, and what
//! changed at each move read from the positions and their state views.
//!
//! Every pointer's value is read from the state view of the position it is
//! about, never computed beside it, so that a fact shows exactly what
//! `carolus replay` would print there.

use carolus_rules::{Destination, Family, Game, Move, Owner, Phase, Seat, StateView};
use serde_json::Value;

use super::{Claim, Fact, Pointer, Target};

/// How far from the castle target a side counts as close to winning.
const NEAR_CASTLES: usize = 2;

/// From how few regions on the fact that the game is close to its end by
/// merging is worth stating: at five, one merge of three regions ends it.
const FEW_REGIONS: usize = 5;

/// `line` played from `game` as far as its moves are legal, and the facts
/// that hold along it.
pub fn facts_of_line(game: &Game, line: &[Move]) -> (Vec<Move>, Vec<Fact>) {
    let mut positions = vec![game.clone()];
    let mut moves = Vec::with_capacity(line.len());
    for &mv in line {
        let mut next = positions[positions.len() - 1].clone();
        let mv = next.canonical(mv);
        if next.play(mv).is_err() {
            break;
        }
        moves.push(mv);
        positions.push(next);
    }
    let views: Vec<Value> = positions.iter().map(view).collect();
    let mut found = Finder {
        positions: &positions,
        views: &views,
        facts: Vec::new(),
    };
    for (index, &mv) in moves.iter().enumerate() {
        found.step(index + 1, mv);
    }
    found.end_of_line();
    (moves, found.facts)
}

/// The state view of `game` as JSON.
fn view(game: &Game) -> Value {
    serde_json::to_value(StateView::of(game)).unwrap_or(Value::Null)
}

/// The unique highest score above 0 among `scores`, as ruling 9 decides a
/// region.
pub(crate) fn leader(scores: &[u32]) -> Option<usize> {
    let top = *scores.iter().max()?;
    let mut at_top = scores.iter().enumerate().filter(|(_, s)| **s == top);
    let (first, _) = at_top.next()?;
    (top > 0 && at_top.next().is_none()).then_some(first)
}

/// Each owner's score in region `index` of `game`.
fn scores(game: &Game, index: usize) -> Vec<u32> {
    let owners = game.owners().count();
    game.region_scores(index)[..owners].to_vec()
}

/// The name (smallest territory) of region `index`.
fn name(game: &Game, index: usize) -> u8 {
    game.regions()
        .get(index)
        .map_or(0, |region| region.name().number())
}

struct Finder<'a> {
    /// The position before the line and after each of its moves.
    positions: &'a [Game],
    views: &'a [Value],
    facts: Vec<Fact>,
}

impl Finder<'_> {
    /// The pointer `pointer` and its value in the view after `at` moves.
    fn read(&self, at: usize, pointer: String) -> Pointer {
        let value = self.views[at]
            .pointer(&pointer)
            .cloned()
            .unwrap_or(Value::Null);
        Pointer { pointer, value }
    }

    /// Adds a fact holding after `at` moves at `holds`, whose `was`
    /// pointers are read before the move.
    fn add(&mut self, claim: Claim, at: usize, holds: Vec<String>, was: Vec<String>) {
        let holds = holds.into_iter().map(|p| self.read(at, p)).collect();
        let was = was.into_iter().map(|p| self.read(0, p)).collect();
        self.facts.push(Fact {
            claim,
            at,
            holds,
            was,
        });
    }

    /// The facts of the `at`-th move of the line, `mv`.
    fn step(&mut self, at: usize, mv: Move) {
        let (before, after) = (&self.positions[at - 1], &self.positions[at]);
        let Some(actor) = before.to_act() else {
            return;
        };
        let players = before.players();
        for family in Family::ALL {
            let (was, now) = (before.controller(family), after.controller(family));
            if let Some(seat) = now.filter(|&now| Some(now) != was) {
                let (knights, against) = court_counts(after, family, seat, players);
                let mut holds = vec![
                    format!("/control/{family}"),
                    format!("/seats/{}/court/{family}", seat.index()),
                ];
                if let Some(from) = was {
                    holds.push(format!("/seats/{}/court/{family}", from.index()));
                }
                self.add(
                    Claim::Control {
                        family,
                        seat: seat.index(),
                        from: was.map(Seat::index),
                        knights,
                        against,
                    },
                    at,
                    holds,
                    vec![format!("/control/{family}")],
                );
            }
        }
        match mv {
            Move::Place {
                family,
                to: Destination::Court,
            } if at == 1 && before.controller(family) == after.controller(family) => {
                let (knights, against) = court_counts(after, family, actor, players);
                self.add(
                    Claim::Court {
                        family,
                        seat: actor.index(),
                        knights,
                        against,
                        controller: after.controller(family).map(Seat::index),
                    },
                    at,
                    vec![
                        format!("/seats/{}/court/{family}", actor.index()),
                        format!("/control/{family}"),
                    ],
                    Vec::new(),
                );
            }
            Move::Place {
                family,
                to: Destination::Region(territory),
            } if at == 1 => {
                let index = after.region_index(territory);
                let now = scores(after, index);
                let then = scores(before, before.region_index(territory));
                self.add(
                    Claim::Lead {
                        region: name(after, index),
                        leader: leader(&now),
                        before: leader(&then),
                        scores: now,
                    },
                    at,
                    vec![
                        format!("/regions/{index}/territories"),
                        format!("/regions/{index}/knights/{family}"),
                    ],
                    Vec::new(),
                );
            }
            Move::Joker(family) if at == 1 => {
                let seat = actor.index();
                self.add(
                    Claim::Reserve {
                        family,
                        seat,
                        knights: after.reserve(actor)[family],
                    },
                    at,
                    vec![format!("/seats/{seat}/reserve/{family}")],
                    Vec::new(),
                );
            }
            Move::Disc(disc) if at == 1 => self.reach(actor, disc.number()),
            Move::Emperor { steps } => self.emperor(at, actor, steps),
            _ => {}
        }
        if after.is_over() && !before.is_over() {
            let winners: Vec<usize> = after.winners().map(Seat::index).collect();
            let mut holds = vec!["/phase".to_owned(), "/winners".to_owned()];
            holds.extend(winners.iter().map(|w| format!("/seats/{w}/castles")));
            self.add(Claim::End { winners }, at, holds, Vec::new());
        }
    }

    /// Where `seat`'s disc `disc`, just chosen, lets the emperor go: the
    /// regions in reach when its emperor move is due in the line, or only
    /// how far if the line ends before that.
    fn reach(&mut self, seat: Seat, disc: u8) {
        let due = self
            .positions
            .iter()
            .position(|game| game.phase() == Phase::Move && game.to_act() == Some(seat));
        let s = seat.index();
        let side = self.positions[0].owner_of(seat).index();
        let mut holds = vec![format!("/seats/{s}/disc")];
        let mut regions = Vec::new();
        let (at, steps) = match due {
            // The line ends before the seat's emperor move: only how far.
            None => (1, usize::from(disc).min(self.positions[1].regions().len())),
            Some(at) => {
                let game = &self.positions[at];
                holds.extend(["/phase", "/to_act", "/emperor"].map(str::to_owned));
                for step in 1..=game.emperor_reach() {
                    let index = game.landing(step as u8);
                    let scores = scores(game, index);
                    let winner = leader(&scores);
                    let owner = game.regions()[index].owner_index();
                    holds.push(format!("/regions/{index}/territories"));
                    regions.push(Target {
                        region: name(game, index),
                        steps: step,
                        winner,
                        gains: winner.is_some() && winner != owner,
                        scores,
                    });
                }
                (at, game.emperor_reach())
            }
        };
        self.add(
            Claim::Reach {
                seat: s,
                side,
                disc,
                steps,
                regions,
            },
            at,
            holds,
            Vec::new(),
        );
    }

    /// The facts of an emperor move of `steps` by `actor`, the `at`-th move.
    fn emperor(&mut self, at: usize, actor: Seat, steps: u8) {
        let (before, after) = (&self.positions[at - 1], &self.positions[at]);
        let landing = before.landing(steps);
        let from = before.region_owner(landing);
        let here = after.emperor();
        let owner = after.region_owner(here);
        let region = name(after, here);
        match owner {
            Some(owner) if Some(owner) != from => {
                let mut holds = vec![
                    "/emperor".to_owned(),
                    format!("/regions/{here}/owner"),
                    format!("/regions/{here}/castles"),
                ];
                let seats: Vec<String> = owner
                    .seats()
                    .map(|seat| format!("/seats/{}/castles", seat.index()))
                    .collect();
                holds.extend(seats.iter().cloned());
                self.add(
                    Claim::Castle {
                        region,
                        owner: owner.index(),
                        from: from.map(Owner::index),
                        taken: if from.is_some() {
                            before.regions()[landing].castles()
                        } else {
                            0
                        },
                        castles: after.regions()[here].castles(),
                        by: actor.index(),
                    },
                    at,
                    holds,
                    seats,
                );
            }
            _ => self.add(
                Claim::Stop {
                    region: name(before, landing),
                    scores: scores(before, landing),
                    by: actor.index(),
                },
                at,
                vec!["/emperor".to_owned(), format!("/regions/{here}/owner")],
                Vec::new(),
            ),
        }
        let (was, now) = (before.regions().len(), after.regions().len());
        if now < was
            && let Some(owner) = owner
        {
            self.add(
                Claim::Merge {
                    region,
                    territories: after.regions()[here].len(),
                    joined: was - now + 1,
                    owner: owner.index(),
                },
                at,
                vec![
                    format!("/regions/{here}/territories"),
                    format!("/regions/{here}/owner"),
                ],
                Vec::new(),
            );
        }
    }

    /// What holds where the line ends: sides close to the castle target,
    /// few regions left, or that nothing changed hands at all.
    fn end_of_line(&mut self) {
        let at = self.positions.len() - 1;
        let game = &self.positions[at];
        if !game.is_over() {
            let target = usize::from(game.config().castle_target);
            for owner in game.owners() {
                let castles = game.castles_of(owner);
                if castles < target && target - castles <= NEAR_CASTLES {
                    let seat = owner.seats().next().map_or(0, Seat::index);
                    self.add(
                        Claim::Near {
                            owner: owner.index(),
                            castles,
                            target,
                        },
                        at,
                        vec![format!("/seats/{seat}/castles")],
                        Vec::new(),
                    );
                }
            }
            let left = game.regions().len();
            if left <= FEW_REGIONS {
                self.add(
                    Claim::Regions { left },
                    at,
                    vec![format!("/regions/{}/territories", left - 1)],
                    Vec::new(),
                );
            }
        }
        let changed = self.facts.iter().any(|fact| {
            matches!(
                fact.claim,
                Claim::Control { .. }
                    | Claim::Castle { .. }
                    | Claim::Merge { .. }
                    | Claim::End { .. }
            )
        });
        if !changed && at > 0 {
            let mut pointers = vec!["/control".to_owned()];
            pointers.extend(
                Seat::all(game.players()).map(|seat| format!("/seats/{}/castles", seat.index())),
            );
            self.add(Claim::Quiet, at, pointers.clone(), pointers);
        }
    }
}

/// `seat`'s knights of `family` at court and the most at any other court.
fn court_counts(game: &Game, family: Family, seat: Seat, players: usize) -> (u32, u32) {
    let against = Seat::all(players)
        .filter(|&other| other != seat)
        .map(|other| game.court(other)[family])
        .max()
        .unwrap_or(0);
    (game.court(seat)[family], against)
}

#[cfg(test)]
mod tests {
    use carolus_rules::{GameRng, Record, RecordedGame, Variant};

    use super::*;

    /// The worked example of NOTATION.md, after its first `moves` moves.
    fn worked_example(moves: usize) -> Game {
        let text = r#"{"format": "carolus-record/1", "players": 2,
            "setup": {"territories": "RGBYPRGBYPRGBYP", "order": [1, 0]},
            "moves": ["draw BBJYYPG", "joker B", "draw RRRGGPY", "disc 2", "disc 3",
                      "place B court", "place B 2", "place B 3", "move 2", "draw RGY"]}"#;
        let mut record = Record::from_json(text).unwrap();
        record.moves.truncate(moves);
        record.replay().unwrap()
    }

    fn tokens(line: &str) -> Vec<Move> {
        line.split(", ")
            .map(|token| token.parse().unwrap())
            .collect()
    }

    /// The claims of `line` played from `game`.
    fn claims(game: &Game, line: &str) -> Vec<Claim> {
        let (moves, facts) = facts_of_line(game, &tokens(line));
        assert_eq!(moves, tokens(line), "the whole line is legal");
        facts.into_iter().map(|fact| fact.claim).collect()
    }

    #[test]
    fn a_joker_is_said_by_the_knights_of_its_family_in_reserve() {
        // Seat 1 drew two blue knights and a joker.
        let facts = claims(&worked_example(1), "joker B");
        assert!(facts.contains(&Claim::Reserve {
            family: Family::Blue,
            seat: 1,
            knights: 3,
        }));
    }

    #[test]
    fn a_disc_says_how_far_the_emperor_can_go_and_what_each_region_would_give() {
        // Seat 1 chooses 2, seat 0 then 3: seat 1 acts first, places its
        // three blue knights and can reach regions 2 and 3, both of which
        // its blue knights would win.
        let game = worked_example(3);
        let (_, facts) = facts_of_line(
            &game,
            &tokens("disc 2, disc 3, place B court, place B 2, place B 3"),
        );
        let reach = facts
            .iter()
            .find(|fact| matches!(fact.claim, Claim::Reach { .. }))
            .unwrap();
        assert_eq!(reach.at, 5, "where seat 1's emperor move is due");
        let Claim::Reach {
            seat: 1,
            side: 1,
            disc: 2,
            steps: 2,
            regions,
        } = &reach.claim
        else {
            panic!("{reach:?}");
        };
        let named: Vec<(u8, Option<usize>, bool)> = regions
            .iter()
            .map(|target| (target.region, target.winner, target.gains))
            .collect();
        assert_eq!(named, [(2, Some(1), true), (3, Some(1), true)]);
        assert_eq!(reach.holds[0].pointer, "/seats/1/disc");
        assert_eq!(reach.holds[0].value, 2);
    }

    #[test]
    fn a_knight_at_court_that_outnumbers_every_other_court_takes_control() {
        let fact = &facts_of_line(&worked_example(5), &tokens("place B court")).1[0];
        assert_eq!(
            fact.claim,
            Claim::Control {
                family: Family::Blue,
                seat: 1,
                from: None,
                knights: 1,
                against: 0,
            }
        );
        assert_eq!((fact.at, fact.holds[0].pointer.as_str()), (1, "/control/B"));
        assert_eq!(fact.holds[0].value, 1);
        assert_eq!(fact.was[0].value, Value::Null, "nobody held blue before");
    }

    #[test]
    fn a_knight_in_a_region_says_who_leads_there_now_and_before() {
        // Region 2 holds a green knight that nobody controls; seat 1's blue
        // knight gives it the lead.
        let facts = claims(&worked_example(6), "place B 2");
        assert_eq!(
            facts[0],
            Claim::Lead {
                region: 2,
                leader: Some(1),
                before: None,
                scores: vec![0, 1],
            }
        );
    }

    #[test]
    fn an_emperor_move_that_wins_a_free_region_builds_a_castle() {
        let (_, facts) = facts_of_line(&worked_example(8), &tokens("move 2"));
        let castle = &facts[0];
        assert_eq!(
            castle.claim,
            Claim::Castle {
                region: 3,
                owner: 1,
                from: None,
                taken: 0,
                castles: 1,
                by: 1,
            }
        );
        assert_eq!(castle.was[0].pointer, "/seats/1/castles");
        assert_eq!(
            (castle.was[0].value.clone(), castle.holds[3].value.clone()),
            (0.into(), 1.into())
        );
        // The line ends at seat 1's draw.
        assert_eq!(facts.len(), 1, "{facts:?}");
    }

    /// The first decision of seeded random games of `players` with a move
    /// whose one-move line has a fact that `fits`: an emperor move unless
    /// `placing`, a placement at court if it is.
    fn seeded(players: usize, placing: bool, fits: impl Fn(&Claim) -> bool) -> (Game, Move, Fact) {
        for seed in 0..200 {
            let mut rng = GameRng::seed_from_u64(seed);
            let mut game = RecordedGame::from_rng(players, Variant::for_players(players), &mut rng)
                .unwrap()
                .game()
                .clone();
            while !game.is_over() {
                if game.draw_due().is_none() {
                    let kind = |mv: &&Move| {
                        matches!(
                            (placing, mv),
                            (false, Move::Emperor { .. })
                                | (
                                    true,
                                    Move::Place {
                                        to: Destination::Court,
                                        ..
                                    }
                                )
                        )
                    };
                    for mv in game.legal_moves().iter().filter(kind) {
                        let (_, facts) = facts_of_line(&game, &[*mv]);
                        if let Some(fact) = facts.into_iter().find(|f| fits(&f.claim)) {
                            return (game, *mv, fact);
                        }
                    }
                }
                game.play_random(&mut rng);
            }
        }
        panic!("no seeded game has the fact");
    }

    #[test]
    fn an_emperor_stop_without_a_unique_winner_changes_nothing() {
        let (game, mv, fact) = seeded(3, false, |claim| matches!(claim, Claim::Stop { .. }));
        let Move::Emperor { steps } = mv else {
            panic!("{mv}")
        };
        let landing = game.landing(steps);
        let Claim::Stop { scores: s, .. } = &fact.claim else {
            unreachable!()
        };
        let winner = leader(s);
        assert!(winner.is_none() || winner == game.regions()[landing].owner_index());
        let mut after = game.clone();
        after.play(mv).unwrap();
        assert_eq!(after.regions(), game.regions(), "no castle, no merge");
    }

    #[test]
    fn a_region_won_next_to_one_of_the_same_owner_merges_with_it() {
        let (game, mv, fact) = seeded(2, false, |claim| matches!(claim, Claim::Merge { .. }));
        let Claim::Merge { joined, .. } = fact.claim else {
            unreachable!()
        };
        let mut after = game.clone();
        after.play(mv).unwrap();
        assert_eq!(after.regions().len() + joined - 1, game.regions().len());
        assert!(joined >= 2);
    }

    #[test]
    fn a_region_taken_from_another_owner_takes_its_castles() {
        let (game, mv, fact) = seeded(3, false, |claim| {
            matches!(claim, Claim::Castle { from: Some(_), .. })
        });
        let Claim::Castle {
            from: Some(from),
            owner,
            taken,
            ..
        } = fact.claim
        else {
            unreachable!()
        };
        let Move::Emperor { steps } = mv else {
            panic!("{mv}")
        };
        let landing = &game.regions()[game.landing(steps)];
        assert_eq!(landing.owner_index(), Some(from));
        assert_eq!(landing.castles(), taken);
        assert_ne!(owner, from);
    }

    #[test]
    fn the_move_that_ends_the_game_names_its_winners() {
        let (game, mv, fact) = seeded(2, false, |claim| matches!(claim, Claim::End { .. }));
        let mut after = game.clone();
        after.play(mv).unwrap();
        assert!(after.is_over());
        let winners: Vec<usize> = after.winners().map(Seat::index).collect();
        assert_eq!(fact.claim, Claim::End { winners });
        assert_eq!(fact.holds[0].value, "over");
    }

    #[test]
    fn the_end_of_a_line_says_who_is_close_to_the_castles_and_how_few_regions_are_left() {
        let (game, mv, fact) = seeded(2, false, |claim| matches!(claim, Claim::Near { .. }));
        let Claim::Near {
            owner,
            castles,
            target,
        } = fact.claim
        else {
            unreachable!()
        };
        let mut after = game.clone();
        after.play(mv).unwrap();
        assert_eq!(after.castles(Seat::all(2).nth(owner).unwrap()), castles);
        assert_eq!(target, 10);
        assert!(target - castles <= NEAR_CASTLES);
        let (game, mv, fact) = seeded(2, false, |claim| matches!(claim, Claim::Regions { .. }));
        let mut after = game.clone();
        after.play(mv).unwrap();
        assert_eq!(
            fact.claim,
            Claim::Regions {
                left: after.regions().len()
            }
        );
        assert!(after.regions().len() <= FEW_REGIONS);
    }

    #[test]
    fn a_knight_at_court_that_changes_no_control_counts_the_courts() {
        let (game, mv, fact) = seeded(
            3,
            true,
            |claim| matches!(claim, Claim::Court { controller: Some(c), seat, .. } if c != seat),
        );
        let Claim::Court {
            family,
            knights,
            against,
            controller: Some(controller),
            ..
        } = fact.claim
        else {
            unreachable!()
        };
        let mut after = game.clone();
        after.play(mv).unwrap();
        let seat = game.to_act().unwrap();
        assert_eq!(after.court(seat)[family], knights);
        assert!(
            knights <= against,
            "the court does not outnumber the others"
        );
        assert_eq!(after.controller(family).map(Seat::index), Some(controller));
    }

    #[test]
    fn a_line_where_nothing_changes_hands_says_so() {
        // Choosing a disc at the start of a round changes no hands.
        let game = worked_example(3);
        let facts = claims(&game, "disc 1");
        assert!(facts.contains(&Claim::Quiet), "{facts:?}");
        // But a line that builds a castle is not quiet.
        assert!(!claims(&worked_example(8), "move 2").contains(&Claim::Quiet));
    }
}
