//! A fast, approximate turn planner: for each emperor move within reach it
//! finds which families to take over through the court and how many knights
//! to add to the target region so that the region falls to the player, and
//! what that is worth in castles.
//!
//! It works on counts only (no copies of the game), so it costs well under a
//! microsecond. The tree search uses it for its playout policy and its move
//! priors, and the greedy bot for choosing discs, where the exact turn search
//! cannot run because the player does not act yet.

use carolus_rules::{
    Destination, Disc, FAMILY_COUNT, Family, Game, MAX_SEATS, Move, Phase, RandomSource, Seat,
};

use crate::eval::{control_sides, side_count, side_of, unique_leader};

/// The most emperor steps a turn can have: the largest disc.
pub const MAX_STEPS: usize = 5;

/// Value of taking over a family through the court, beyond this turn's region.
const TAKEOVER_BONUS: f64 = 0.25;
/// Value of a spare knight put into the court to strengthen control.
const SPARE_BONUS: f64 = 0.03;

/// One planned turn: knights to the court, knights to the target region and
/// the emperor's steps.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TurnPlan {
    /// Emperor steps, 1 or more.
    pub steps: u8,
    /// The index in `Game::regions` of the target region.
    pub target: usize,
    /// Knights of each family for the court.
    pub court: [u8; FAMILY_COUNT],
    /// Knights of each family for the target region.
    pub region: [u8; FAMILY_COUNT],
    /// The estimated worth in castles for the player, relative to the others.
    pub value: f64,
}

impl TurnPlan {
    /// The placements of the plan in a fixed order, court first.
    pub fn placements(&self, game: &Game) -> impl Iterator<Item = Move> + use<> {
        let target = game
            .regions()
            .get(self.target)
            .map(|region| region.name())
            .unwrap_or_else(|| game.regions()[0].name());
        let court = self.court;
        let region = self.region;
        let to_court = Family::ALL.into_iter().flat_map(move |family| {
            std::iter::repeat_n(
                Move::Place {
                    family,
                    to: Destination::Court,
                },
                court[family.index()] as usize,
            )
        });
        let to_region = Family::ALL.into_iter().flat_map(move |family| {
            std::iter::repeat_n(
                Move::Place {
                    family,
                    to: Destination::Region(target),
                },
                region[family.index()] as usize,
            )
        });
        to_court.chain(to_region)
    }
}

/// The best plan for each number of emperor steps from 1 to `reach`
/// (index `steps - 1`), for `seat` placing `placements` knights from
/// `reserve` now.
pub fn plans_by_steps(
    game: &Game,
    seat: Seat,
    placements: u32,
    reach: usize,
) -> ([TurnPlan; MAX_STEPS], usize) {
    let mut plans = [TurnPlan::default(); MAX_STEPS];
    let regions = game.regions();
    let region_count = regions.len();
    let reach = reach.min(region_count).min(MAX_STEPS);
    let sides = side_count(game);
    let me = side_of(game, seat);
    let control = control_sides(game);
    let reserve = game.reserve(seat).0;

    // Knights needed in the court to take over each family this turn.
    let mut need = [u32::MAX; FAMILY_COUNT];
    for family in Family::ALL {
        let f = family.index();
        if control[f] == Some(me) {
            continue;
        }
        let strongest_other = Seat::all(game.players())
            .filter(|&other| other != seat)
            .map(|other| game.court(other)[family])
            .max()
            .unwrap_or(0);
        let required = (strongest_other + 1).saturating_sub(game.court(seat)[family]);
        if required >= 1 && required <= reserve[f] && required <= placements {
            need[f] = required;
        }
    }

    let takeable = (0..FAMILY_COUNT)
        .filter(|&f| need[f] != u32::MAX)
        .fold(0u32, |mask, f| mask | (1 << f));
    // Every subset of the families that can be taken over this turn.
    let mut subsets = [0u32; 1 << FAMILY_COUNT];
    let mut subset_count = 0;
    let mut subset = takeable;
    loop {
        subsets[subset_count] = subset;
        subset_count += 1;
        if subset == 0 {
            break;
        }
        subset = (subset - 1) & takeable;
    }

    for steps in 1..=reach {
        let target = (game.emperor() + steps) % region_count;
        let region = &regions[target];
        let knights = region.knights().0;
        let owner = region.owner_index();
        let castles = region.castles() as u32;
        let mut best = TurnPlan {
            steps: steps as u8,
            target,
            value: f64::NEG_INFINITY,
            ..TurnPlan::default()
        };
        for &mask in &subsets[..subset_count] {
            let used: u32 = (0..FAMILY_COUNT)
                .filter(|f| mask & (1 << f) != 0)
                .map(|f| need[f])
                .sum();
            if used > placements {
                continue;
            }
            let mut scores = [0u32; MAX_SEATS];
            let mut spare_controlled = 0;
            for f in 0..FAMILY_COUNT {
                let side = if mask & (1 << f) != 0 {
                    Some(me)
                } else {
                    control[f]
                };
                if let Some(side) = side {
                    scores[side] += knights[f];
                }
                if side == Some(me) {
                    let taken = if mask & (1 << f) != 0 { need[f] } else { 0 };
                    spare_controlled += reserve[f] - taken;
                }
            }
            if let Some(owner) = owner {
                scores[owner] += castles;
            }
            let left = placements - used;
            let added = left.min(spare_controlled);
            scores[me] += added;
            let mut value = castle_swing(&scores[..sides], me, owner, castles);
            value += TAKEOVER_BONUS * mask.count_ones() as f64;
            value += SPARE_BONUS * (left - added) as f64;
            if value > best.value {
                best.value = value;
                best.court = [0; FAMILY_COUNT];
                best.region = [0; FAMILY_COUNT];
                let mut remaining = reserve;
                for f in 0..FAMILY_COUNT {
                    if mask & (1 << f) != 0 {
                        best.court[f] = need[f] as u8;
                        remaining[f] -= need[f];
                    }
                }
                let controlled = |f: usize| mask & (1 << f) != 0 || control[f] == Some(me);
                fill(&mut best.region, &mut remaining, added, controlled);
                fill(&mut best.court, &mut remaining, left - added, |_| true);
            }
        }
        plans[steps - 1] = best;
    }
    (plans, reach)
}

/// Puts `count` knights into `slots`, always taking from the allowed family
/// with the most knights left in `remaining`.
fn fill(
    slots: &mut [u8; FAMILY_COUNT],
    remaining: &mut [u32; FAMILY_COUNT],
    count: u32,
    allowed: impl Fn(usize) -> bool,
) {
    for _ in 0..count {
        let pick = (0..FAMILY_COUNT)
            .filter(|&f| allowed(f) && remaining[f] > 0)
            .max_by_key(|&f| remaining[f]);
        let Some(f) = pick else {
            return;
        };
        remaining[f] -= 1;
        slots[f] += 1;
    }
}

/// What the resolution of a region with these side scores is worth to side
/// `me`, in castles relative to the average opponent.
fn castle_swing(scores: &[u32], me: usize, owner: Option<usize>, castles: u32) -> f64 {
    let sides = scores.len();
    let Some((winner, _, _)) = unique_leader(scores) else {
        return 0.0;
    };
    let mut delta = [0.0f64; MAX_SEATS];
    match owner {
        None => delta[winner] += 1.0,
        Some(owner) if owner != winner => {
            delta[winner] += f64::from(castles);
            delta[owner] -= f64::from(castles);
        }
        Some(_) => {}
    }
    let others: f64 = (0..sides).filter(|&s| s != me).map(|s| delta[s]).sum();
    delta[me] - others / (sides.saturating_sub(1).max(1)) as f64
}

/// The best plan over every emperor move within `reach`.
pub fn best_plan(game: &Game, seat: Seat, placements: u32, reach: usize) -> Option<TurnPlan> {
    let (plans, reach) = plans_by_steps(game, seat, placements, reach);
    plans[..reach]
        .iter()
        .copied()
        .max_by(|a, b| a.value.total_cmp(&b.value))
}

/// What choosing each disc is worth to the player to act in the disc phase:
/// the best plan within the disc's reach, less a small cost for spending a
/// high disc. Indexed by disc number minus one.
pub fn disc_values(game: &Game, seat: Seat) -> [f64; 5] {
    let per_turn = u32::from(game.config().knights_per_turn);
    let (plans, reach) = plans_by_steps(game, seat, per_turn, MAX_STEPS);
    let mut values = [f64::NEG_INFINITY; 5];
    let mut best_so_far = f64::NEG_INFINITY;
    for (index, value) in values.iter_mut().enumerate() {
        if index < reach {
            best_so_far = best_so_far.max(plans[index].value);
        }
        // A disc beyond the number of regions reaches no further.
        *value = best_so_far - 0.08 * index as f64;
    }
    values
}

/// What assigning a joker to each family is worth to `seat`: families its
/// side controls first, then those it is close to taking over.
pub fn joker_values(game: &Game, seat: Seat) -> [f64; FAMILY_COUNT] {
    let me = side_of(game, seat);
    let control = control_sides(game);
    let mut on_board = [0u32; FAMILY_COUNT];
    for region in game.regions() {
        for (total, count) in on_board.iter_mut().zip(region.knights().0) {
            *total += count;
        }
    }
    Family::ALL.map(|family| {
        let f = family.index();
        let strongest_other = Seat::all(game.players())
            .filter(|&other| other != seat)
            .map(|other| game.court(other)[family])
            .max()
            .unwrap_or(0);
        let gap = f64::from(strongest_other) - f64::from(game.court(seat)[family]);
        let base = if control[f] == Some(me) {
            1.0
        } else {
            0.6 - 0.2 * gap.max(0.0)
        };
        base + 0.03 * f64::from(on_board[f]) - 0.05 * f64::from(game.reserve(seat)[family])
    })
}

/// Plays the rest of the current turn by the planner: the placements still
/// due and the emperor move. Returns false if the game was not in a place
/// or move phase.
pub fn play_planned_turn<R: RandomSource>(game: &mut Game, rng: &mut R, exploration: u32) -> bool {
    let Some(seat) = game.to_act() else {
        return false;
    };
    if !matches!(game.phase(), Phase::Place | Phase::Move) {
        return false;
    }
    let reach = game.emperor_reach().max(1);
    let left = game.left_to_place() as u32;
    let plan = match best_plan(game, seat, left, reach) {
        Some(plan) if exploration == 0 || rng.below(exploration) != 0 => plan,
        _ => {
            // Now and then a random emperor move keeps playouts varied.
            let reach = reach.min(game.regions().len()).clamp(1, MAX_STEPS);
            let steps = 1 + rng.below(reach as u32) as usize;
            let (plans, _) = plans_by_steps(game, seat, left, reach);
            plans[steps - 1]
        }
    };
    for placement in plan.placements(game) {
        if game.play(placement).is_err() {
            break;
        }
    }
    // Should the plan have fallen short of the placements due, random ones
    // fill in, so the turn always completes.
    while game.phase() == Phase::Place {
        if game.play_random(rng).is_none() {
            return false;
        }
    }
    if game.phase() == Phase::Move
        && game.play(Move::Emperor { steps: plan.steps }).is_err()
        && game.play_random(rng).is_none()
    {
        return false;
    }
    true
}

/// The disc the planner prefers for the player to act, with some noise.
pub fn planned_disc<R: RandomSource>(game: &Game, rng: &mut R, exploration: u32) -> Option<Move> {
    let seat = game.to_act()?;
    if game.phase() != Phase::Disc {
        return None;
    }
    let count = game.legal_move_count();
    if count == 0 {
        return None;
    }
    if exploration != 0 && rng.below(exploration) == 0 {
        return game.nth_legal_move(rng.below(count as u32) as usize);
    }
    best_disc(game, &disc_values(game, seat))
}

/// The legal disc worth most by `values` (a seat's [`disc_values`]) to the
/// player to choose, or `None` outside the disc phase.
pub fn best_disc(game: &Game, values: &[f64; 5]) -> Option<Move> {
    (0..game.legal_move_count())
        .filter_map(|i| game.nth_legal_move(i))
        .filter(|mv| matches!(mv, Move::Disc(_)))
        .max_by(|a, b| disc_value(values, a).total_cmp(&disc_value(values, b)))
}

/// The value of a disc move from a table indexed by disc number minus one.
pub fn disc_value(values: &[f64; 5], mv: &Move) -> f64 {
    match mv {
        Move::Disc(disc) => values[disc_slot(*disc)],
        _ => f64::NEG_INFINITY,
    }
}

fn disc_slot(disc: Disc) -> usize {
    usize::from(disc.number().clamp(1, 5)) - 1
}

/// The joker assignment the planner prefers for the player to act.
pub fn planned_joker(game: &Game) -> Option<Move> {
    let seat = game.to_act()?;
    let values = joker_values(game, seat);
    Family::ALL
        .into_iter()
        .max_by(|a, b| values[a.index()].total_cmp(&values[b.index()]))
        .map(Move::Joker)
}

/// Plays one step of the planner's playout policy: the draw if one is due,
/// a whole turn in the place or move phase, else a disc or joker choice.
/// Returns false when the game is over.
pub fn playout_step<R: RandomSource>(game: &mut Game, rng: &mut R, exploration: u32) -> bool {
    match game.phase() {
        Phase::Over => false,
        Phase::Draw => game.play_random(rng).is_some(),
        Phase::Place | Phase::Move => play_planned_turn(game, rng, exploration),
        Phase::Disc => match planned_disc(game, rng, exploration) {
            Some(mv) => game.play(mv).is_ok() || game.play_random(rng).is_some(),
            None => game.play_random(rng).is_some(),
        },
        Phase::Joker => match planned_joker(game) {
            Some(mv) => game.play(mv).is_ok() || game.play_random(rng).is_some(),
            None => game.play_random(rng).is_some(),
        },
    }
}
