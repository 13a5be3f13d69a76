//! The hand-written static evaluation shared by the greedy bot and the tree
//! search: castles, family control and its margins, the regions the emperor
//! can reach next, and the threats that the players' reserves pose.
//!
//! The evaluation first scores each *side* (a seat, or a team in the team
//! game) in castle units, then turns the scores into estimated win chances
//! with a softmax whose temperature shrinks as the game nears its end, when
//! a lead of one castle decides more than it does early on.

use carolus_rules::{FAMILY_COUNT, Family, Game, MAX_SEATS, Seat};

/// One number for each seat (entries past the player count are zero).
pub type SeatValues = [f64; MAX_SEATS];

/// How far clockwise the emperor can move next at most: the largest disc.
const LARGEST_DISC: usize = 5;

/// The weights of the evaluation, in castle units.
///
/// They are public so that experiments (the match harness in `examples/`)
/// can tune them; the defaults are the tuned values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EvalWeights {
    /// A castle on the board.
    pub castle: f64,
    /// The share of a region's stake credited to its current leader when the
    /// emperor can reach it next (1 to 5 steps away).
    pub near_region: f64,
    /// The same share for regions out of the emperor's next reach.
    pub far_region: f64,
    /// Confidence in a lead that no opponent's reserve can overturn.
    pub safe_lead: f64,
    /// Confidence in a lead of two or more that a reserve could overturn.
    pub clear_lead: f64,
    /// Confidence in a lead of one that a reserve could overturn.
    pub thin_lead: f64,
    /// Controlling a family, before counting its knights on the board.
    pub control_base: f64,
    /// Controlling a family, for each of its knights in the regions.
    pub control_per_knight: f64,
    /// The factor on a control that an opponent can take next turn.
    pub control_vulnerable: f64,
    /// A reserve knight of a family the side controls.
    pub reserve_controlled: f64,
    /// A reserve knight of any other family.
    pub reserve_other: f64,
    /// An unassigned joker.
    pub joker: f64,
    /// The softmax temperature at the start, in castle units.
    pub temperature: f64,
    /// How much of the temperature is gone when the game is about to end.
    pub temperature_endgame: f64,
}

impl Default for EvalWeights {
    fn default() -> EvalWeights {
        EvalWeights {
            castle: 1.0,
            near_region: 0.35,
            far_region: 0.12,
            safe_lead: 0.9,
            clear_lead: 0.6,
            thin_lead: 0.4,
            control_base: 0.15,
            control_per_knight: 0.03,
            control_vulnerable: 0.5,
            reserve_controlled: 0.03,
            reserve_other: 0.01,
            joker: 0.04,
            temperature: 1.0,
            temperature_endgame: 0.6,
        }
    }
}

/// The side (seat, or team in the team game) whose castles count for `seat`.
#[inline]
pub fn side_of(game: &Game, seat: Seat) -> usize {
    game.owner_of(seat).index()
}

/// How many sides compete for regions.
#[inline]
pub fn side_count(game: &Game) -> usize {
    game.config().sides()
}

/// The side controlling each family, if any.
#[inline]
pub fn control_sides(game: &Game) -> [Option<usize>; FAMILY_COUNT] {
    Family::ALL.map(|family| game.controller(family).map(|seat| side_of(game, seat)))
}

/// The value of a finished game for each seat: 1 for a win, 1/k for a win
/// shared by k seats, 0 for a loss. In the team game both partners win, so
/// each holds half of the team's victory and the values still sum to 1.
pub fn outcome(game: &Game) -> SeatValues {
    let mut values = [0.0; MAX_SEATS];
    let winners = game.winners().count();
    if winners == 0 {
        return values;
    }
    let share = 1.0 / winners as f64;
    for seat in game.winners() {
        values[seat.index()] = share;
    }
    values
}

/// Every side's score in castle units under `weights`.
pub fn side_scores(game: &Game, weights: &EvalWeights) -> SeatValues {
    let sides = side_count(game);
    let players = game.players();
    let control = control_sides(game);
    let mut scores = [0.0; MAX_SEATS];

    for (side, score) in scores.iter_mut().enumerate().take(sides) {
        *score += weights.castle * castles_of_side(game, side) as f64;
    }

    let usable = usable_knights(game, &control);

    let regions = game.regions();
    let region_count = regions.len();
    let emperor = game.emperor();
    let on_board = knights_on_board(game);
    for (index, region) in regions.iter().enumerate() {
        let mut region_scores = [0u32; MAX_SEATS];
        for (family, side) in control.iter().enumerate() {
            if let Some(side) = side {
                region_scores[*side] += region.knights().0[family];
            }
        }
        let owner = region.owner_index();
        if let Some(owner) = owner {
            region_scores[owner] += region.castles() as u32;
        }
        let Some((leader, best, second)) = unique_leader(&region_scores[..sides]) else {
            continue;
        };
        let challenger = strongest_challenger(&region_scores[..sides], &usable, leader);
        let confidence = if best > challenger {
            weights.safe_lead
        } else if best >= second + 2 {
            weights.clear_lead
        } else {
            weights.thin_lead
        };
        let distance = (index + region_count - emperor) % region_count;
        let reachable = (1..=LARGEST_DISC).contains(&distance)
            || (distance == 0 && region_count <= LARGEST_DISC);
        let reach = if reachable {
            weights.near_region
        } else {
            weights.far_region
        };
        let share = reach * confidence * weights.castle;
        match owner {
            None => scores[leader] += share,
            Some(owner) if owner != leader => {
                let castles = region.castles() as f64;
                scores[leader] += share * castles;
                scores[owner] -= share * castles;
            }
            Some(_) => {}
        }
    }

    for family in Family::ALL {
        let Some(holder) = game.controller(family) else {
            continue;
        };
        let side = side_of(game, holder);
        let vulnerable = control_is_vulnerable(game, family, holder);
        let worth =
            weights.control_base + weights.control_per_knight * on_board[family.index()] as f64;
        scores[side] += if vulnerable {
            worth * weights.control_vulnerable
        } else {
            worth
        };
    }

    for seat in Seat::all(players) {
        let side = side_of(game, seat);
        let reserve = game.reserve(seat);
        for family in Family::ALL {
            let weight = if control[family.index()] == Some(side) {
                weights.reserve_controlled
            } else {
                weights.reserve_other
            };
            scores[side] += weight * reserve[family] as f64;
        }
        scores[side] += weights.joker * game.pending_jokers(seat) as f64;
    }
    scores
}

/// What each side could add to a region in one turn, by side: its reserve
/// knights of the families it controls (`control`, from [`control_sides`])
/// and its jokers, at most one turn's worth.
pub fn usable_knights(game: &Game, control: &[Option<usize>; FAMILY_COUNT]) -> [u32; MAX_SEATS] {
    let per_turn = u32::from(game.config().knights_per_turn);
    let mut usable = [0u32; MAX_SEATS];
    for seat in Seat::all(game.players()) {
        let side = side_of(game, seat);
        let reserve = game.reserve(seat);
        let mut knights = game.pending_jokers(seat) as u32;
        for family in Family::ALL {
            if control[family.index()] == Some(side) {
                knights += reserve[family];
            }
        }
        usable[side] += knights;
    }
    for knights in &mut usable[..side_count(game)] {
        *knights = (*knights).min(per_turn);
    }
    usable
}

/// Whether a seat of another side could take `family` from `holder` next
/// turn, with the knights of its reserve and its jokers put into its court.
pub fn control_is_vulnerable(game: &Game, family: Family, holder: Seat) -> bool {
    let per_turn = u32::from(game.config().knights_per_turn);
    let side = side_of(game, holder);
    let held = game.court(holder)[family];
    Seat::all(game.players()).any(|other| {
        side_of(game, other) != side && {
            let supply = game.reserve(other)[family] + game.pending_jokers(other) as u32;
            game.court(other)[family] + supply.min(per_turn) > held
        }
    })
}

/// The knights of each family in the regions.
pub fn knights_on_board(game: &Game) -> [u32; FAMILY_COUNT] {
    let mut on_board = [0u32; FAMILY_COUNT];
    for region in game.regions() {
        for (total, count) in on_board.iter_mut().zip(region.knights().0) {
            *total += count;
        }
    }
    on_board
}

/// The highest score in a region that a side other than `leader` could
/// reach in one turn: its score there plus its usable knights
/// ([`usable_knights`]).
pub fn strongest_challenger(scores: &[u32], usable: &[u32; MAX_SEATS], leader: usize) -> u32 {
    scores
        .iter()
        .enumerate()
        .filter(|&(side, _)| side != leader)
        .map(|(side, score)| score + usable[side])
        .max()
        .unwrap_or(0)
}

/// The castles on the board of `side`.
#[inline]
pub fn castles_of_side(game: &Game, side: usize) -> usize {
    // Every seat of a side shows the side's total, and seat `side` always
    // belongs to side `side` (seats 0 and 1 are the first seats of the teams).
    Seat::new(side).map_or(0, |seat| game.castles(seat))
}

/// The unique highest of `scores` with the runner-up's score, or `None` when
/// the highest is shared or zero (a region nobody wins).
#[inline]
pub fn unique_leader(scores: &[u32]) -> Option<(usize, u32, u32)> {
    let mut leader = 0;
    let mut best = 0;
    let mut second = 0;
    let mut shared = false;
    for (side, &score) in scores.iter().enumerate() {
        if score > best {
            second = best;
            best = score;
            leader = side;
            shared = false;
        } else if score == best {
            shared = true;
            second = score;
        } else if score > second {
            second = score;
        }
    }
    (!shared && best > 0).then_some((leader, best, second))
}

/// How close the game is to its end, from 0 at the start to 1 when a side
/// is about to reach the castle target or the board is about to shrink below
/// four regions.
pub fn progress(game: &Game) -> f64 {
    let target = f64::from(game.config().castle_target).max(1.0);
    let most = (0..side_count(game))
        .map(|side| castles_of_side(game, side))
        .max()
        .unwrap_or(0) as f64;
    let by_castles = most / target;
    let by_regions = (15.0 - game.regions().len() as f64) / 11.0;
    by_castles.max(by_regions).clamp(0.0, 1.0)
}

/// Estimated win chances per seat, summing to 1: exact for a finished game,
/// a softmax of the side scores otherwise. In the team game each partner
/// holds half of the team's chance.
pub fn win_chances(game: &Game, weights: &EvalWeights) -> SeatValues {
    if game.is_over() {
        return outcome(game);
    }
    let scores = side_scores(game, weights);
    chances_from_scores(game, &scores, weights)
}

/// The temperature schedule of [`calibrated_chances`] for a game: `(t0, k,
/// e)` with temperature `t0 * (1 - k * progress^e)` in castle units.
///
/// Fitted by maximum likelihood on the results of games between greedy
/// bots (`examples/calibrate.rs`, 1200 to 1500 games per player count, every
/// disc and emperor decision a sample). The reliability tables it prints
/// show predicted and observed win rates within a few points of each other
/// in two-player games; with three players the leader's chance is still
/// underestimated by up to ten points when it is over 50%.
fn calibration(game: &Game) -> (f64, f64, f64) {
    match (game.players(), side_count(game)) {
        (3, _) => (7.6, 0.75, 1.0),
        (4, _) => (8.6, 0.75, 0.5),
        _ => (6.8, 0.65, 1.0),
    }
}

/// Estimated win chances per seat that mean what they say: the side scores
/// of the evaluation under a softmax whose temperature was fitted to the
/// results of real games (`calibration`). Exact for a finished game.
///
/// [`win_chances`] uses a much lower temperature (one castle at the start),
/// which sharpens the differences between moves for the bots' decisions
/// but claims a 97% chance for a lead of three castles in the first round,
/// when such a lead wins about 60% of games. What a bot *reports* to people
/// comes from here.
pub fn calibrated_chances(game: &Game, scores: &SeatValues) -> SeatValues {
    if game.is_over() {
        return outcome(game);
    }
    let (t0, k, e) = calibration(game);
    let temperature = (t0 * (1.0 - k * progress(game).powf(e))).max(0.05);
    softmax_by_side(game, scores, temperature)
}

/// [`calibrated_chances`] of a position.
pub fn honest_win_chances(game: &Game, weights: &EvalWeights) -> SeatValues {
    if game.is_over() {
        return outcome(game);
    }
    calibrated_chances(game, &side_scores(game, weights))
}

/// Turns side scores into win chances per seat (see [`win_chances`]).
pub fn chances_from_scores(game: &Game, scores: &SeatValues, weights: &EvalWeights) -> SeatValues {
    let temperature =
        (weights.temperature * (1.0 - weights.temperature_endgame * progress(game))).max(0.05);
    softmax_by_side(game, scores, temperature)
}

/// A softmax of the side scores at `temperature`, each side's chance split
/// evenly among its seats.
pub fn softmax_by_side(game: &Game, scores: &SeatValues, temperature: f64) -> SeatValues {
    let sides = side_count(game);
    let top = scores[..sides]
        .iter()
        .copied()
        .fold(f64::NEG_INFINITY, f64::max);
    let mut side_chances = [0.0; MAX_SEATS];
    let mut total = 0.0;
    for side in 0..sides {
        let weight = ((scores[side] - top) / temperature).exp();
        side_chances[side] = weight;
        total += weight;
    }
    let players = game.players();
    let seats_per_side = (players / sides.max(1)).max(1) as f64;
    let mut chances = [0.0; MAX_SEATS];
    for seat in Seat::all(players) {
        chances[seat.index()] = side_chances[side_of(game, seat)] / total / seats_per_side;
    }
    chances
}

#[cfg(test)]
mod tests {
    use super::*;
    use carolus_rules::{GameRng, Variant};

    #[test]
    fn leaders_must_be_unique_and_positive() {
        assert_eq!(unique_leader(&[3, 1]), Some((0, 3, 1)));
        assert_eq!(unique_leader(&[1, 4, 2]), Some((1, 4, 2)));
        assert_eq!(unique_leader(&[2, 2, 1]), None);
        assert_eq!(unique_leader(&[0, 0]), None);
        assert_eq!(unique_leader(&[1, 3, 3]), None);
    }

    #[test]
    fn win_chances_sum_to_one_for_every_player_count() {
        for players in 2..=4 {
            let mut rng = GameRng::seed_from_u64(players as u64);
            let Some(mut game) = Game::random(players, Variant::for_players(players), &mut rng)
            else {
                panic!("a random game exists for {players} players");
            };
            while !game.is_over() {
                let chances = win_chances(&game, &EvalWeights::default());
                let sum: f64 = chances.iter().sum();
                assert!((sum - 1.0).abs() < 1e-9, "{chances:?}");
                game.play_random(&mut rng);
            }
            let sum: f64 = outcome(&game).iter().sum();
            assert!((sum - 1.0).abs() < 1e-9);
        }
    }
}
