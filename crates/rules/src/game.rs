//! The game state and its rules: who decides what, which moves are legal, and
//! what each move does.
//!
//! [`Game`] is a plain value (no heap, `Copy`-cheap to clone) so that search
//! can copy it freely. Its fields are private: every change goes through
//! [`Game::play`], which checks the move and leaves the state untouched when
//! it is illegal, or through [`Game::play_unchecked`], the fast path for
//! callers that only ever play moves the game itself generated.

use std::fmt;

use thiserror::Error;

use crate::moves::{Destination, Draw, MAX_DRAW, Move};
use crate::region::Region;
use crate::rng::RandomSource;
use crate::setup::{Config, Setup, SetupError, Variant};
use crate::types::{
    Disc, DiscSet, FAMILY_COUNT, Family, FamilyCounts, Knight, MAX_SEATS, NTH_SET_BIT, Owner, Seat,
    TERRITORY_COUNT, Team, Territory,
};

/// Marks "nobody" in the compact per-family and per-region owner fields.
const NOBODY: u8 = u8::MAX;

/// The most legal moves any position has: five families, each to the court
/// or to any of fifteen regions.
pub const MAX_LEGAL_MOVES: usize = FAMILY_COUNT * (1 + TERRITORY_COUNT);

/// What the game waits for. Serialized by its name in the state view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// A chance draw is due: a reserve is being filled.
    Draw,
    /// The player who just drew must assign a joker.
    Joker,
    /// A player chooses a disc for the round.
    Disc,
    /// The acting player places a knight from the reserve.
    Place,
    /// The acting player moves the emperor.
    Move,
    /// The game has ended.
    Over,
}

impl Phase {
    /// The phase's name in the state view.
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Draw => "draw",
            Phase::Joker => "joker",
            Phase::Disc => "disc",
            Phase::Place => "place",
            Phase::Move => "move",
            Phase::Over => "over",
        }
    }

    /// What a player does in this phase, for messages: "choose a disc".
    pub const fn task(self) -> &'static str {
        match self {
            Phase::Draw => "draw knights",
            Phase::Joker => "assign a joker",
            Phase::Disc => "choose a disc",
            Phase::Place => "place a knight",
            Phase::Move => "move the emperor",
            Phase::Over => "do nothing: the game is over",
        }
    }

    /// The phase in which a move of this kind is played.
    const fn of_move(mv: &Move) -> Phase {
        match mv {
            Move::Disc(_) => Phase::Disc,
            Move::Place { .. } => Phase::Place,
            Move::Emperor { .. } => Phase::Move,
            Move::Joker(_) => Phase::Joker,
            Move::Draw(_) => Phase::Draw,
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A chance event that is due: `seat` draws `size` knights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawDue {
    pub seat: Seat,
    pub size: usize,
}

/// Why a move cannot be played in this position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IllegalMove {
    #[error("the game is over")]
    GameOver,
    #[error("a draw of {size} knights for seat {seat} is due, not a decision")]
    DrawDue { seat: Seat, size: usize },
    #[error("no draw is due: seat {seat} is to {}", .phase.task())]
    NoDrawDue { seat: Seat, phase: Phase },
    #[error("this draw must hold exactly {expected} knights, not {found}")]
    DrawSize { expected: usize, found: usize },
    #[error("seat {seat} is to {}, not to {}", .phase.task(), .attempted.task())]
    WrongPhase {
        seat: Seat,
        phase: Phase,
        attempted: Phase,
    },
    #[error("disc {disc} has already been used (unused: {})", list_discs(*.unused))]
    DiscUsed { disc: Disc, unused: DiscSet },
    #[error("disc {disc} was already chosen this round, and discs nobody chose are left: {}", list_discs(*.allowed))]
    DiscTaken { disc: Disc, allowed: DiscSet },
    #[error("there is no {family} knight in the reserve")]
    NotInReserve { family: Family },
    #[error("the emperor can move 1 to {max} steps here, not {steps}")]
    Steps { steps: u8, max: u8 },
}

fn list_discs(discs: DiscSet) -> String {
    discs
        .iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A fixed-capacity list of moves, filled without touching the heap.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_LEGAL_MOVES],
    len: usize,
}

impl MoveList {
    fn new() -> MoveList {
        MoveList {
            moves: [Move::Emperor { steps: 1 }; MAX_LEGAL_MOVES],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// A position of Carolus Magnus, from the set-up to the end.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    config: Config,
    /// Regions clockwise, starting with the one that holds territory 1.
    regions: [Region; TERRITORY_COUNT],
    region_count: u8,
    /// For each territory, the index of the region holding it.
    territory_region: [u8; TERRITORY_COUNT],
    /// Index into `regions` of the emperor's region.
    emperor: u8,
    courts: [FamilyCounts; MAX_SEATS],
    reserves: [FamilyCounts; MAX_SEATS],
    /// The seat controlling each family, or `NOBODY`.
    control: [u8; FAMILY_COUNT],
    /// Castles on the board for each side (seat, or team in the team game).
    castles: [u8; MAX_SEATS],
    /// Jokers drawn and not yet assigned, by seat.
    jokers: [u8; MAX_SEATS],
    unused_discs: [DiscSet; MAX_SEATS],
    /// The disc each seat chose this round, or 0 before choosing.
    chosen: [u8; MAX_SEATS],
    /// The playing order: choosing order in the disc phase, action order after.
    order: [u8; MAX_SEATS],
    phase: Phase,
    /// Position in `order` of the seat to act.
    cursor: u8,
    /// Knights placed so far in the current turn.
    placed: u8,
    /// The seats that won, as a bit set; empty until the game is over.
    winners: u8,
    round: u32,
}

impl Game {
    /// The position at the start of a game: knights on the territories, the
    /// emperor on territory 1, empty courts and reserves, and the first
    /// initial draw due.
    pub fn from_setup(setup: &Setup) -> Result<Game, SetupError> {
        let config = setup.validate()?;
        Ok(Game::from_parts(config, &setup.territories, &setup.order))
    }

    /// Builds the starting position from validated parts.
    fn from_parts(
        config: Config,
        territories: &[Family; TERRITORY_COUNT],
        seats: &[usize],
    ) -> Game {
        let mut regions = [Region::EMPTY; TERRITORY_COUNT];
        let mut territory_region = [0u8; TERRITORY_COUNT];
        for (i, family) in territories.iter().enumerate() {
            regions[i] = Region::single(i as u8, *family);
            territory_region[i] = i as u8;
        }
        let mut order = [0u8; MAX_SEATS];
        for (slot, &seat) in order.iter_mut().zip(seats) {
            *slot = seat as u8;
        }
        Game {
            config,
            regions,
            region_count: TERRITORY_COUNT as u8,
            territory_region,
            emperor: 0,
            courts: [FamilyCounts::ZERO; MAX_SEATS],
            reserves: [FamilyCounts::ZERO; MAX_SEATS],
            control: [NOBODY; FAMILY_COUNT],
            castles: [0; MAX_SEATS],
            jokers: [0; MAX_SEATS],
            unused_discs: [DiscSet::FULL; MAX_SEATS],
            chosen: [0; MAX_SEATS],
            order,
            phase: Phase::Draw,
            cursor: 0,
            placed: 0,
            winners: 0,
            round: 0,
        }
    }

    // ----- Reading the position -------------------------------------------

    /// The numbers this game plays with.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// How many people play.
    pub fn players(&self) -> usize {
        self.config.players as usize
    }

    /// The rules variant.
    pub fn variant(&self) -> Variant {
        self.config.variant()
    }

    /// What the game waits for.
    #[inline]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether the game has ended.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// 0 during the set-up, then 1, 2, … from the first choice of discs.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The seat to decide, or whose reserve is being filled when a draw is
    /// due; `None` when the game is over.
    #[inline]
    pub fn to_act(&self) -> Option<Seat> {
        if self.phase == Phase::Over {
            None
        } else {
            Some(self.seat_at(self.cursor as usize))
        }
    }

    /// The current playing order: the choosing order while discs are being
    /// chosen, the action order afterwards.
    pub fn order(&self) -> impl ExactSizeIterator<Item = Seat> + '_ {
        self.order[..self.players()]
            .iter()
            .map(|&s| Seat::new(s as usize).unwrap_or(FIRST_SEAT))
    }

    /// The regions clockwise, starting with the one that holds territory 1.
    #[inline]
    pub fn regions(&self) -> &[Region] {
        &self.regions[..self.region_count as usize]
    }

    /// The index in [`Game::regions`] of the region holding `territory`.
    #[inline]
    pub fn region_index(&self, territory: Territory) -> usize {
        self.territory_region[territory.index()] as usize
    }

    /// The index in [`Game::regions`] of the emperor's region.
    #[inline]
    pub fn emperor(&self) -> usize {
        self.emperor as usize
    }

    /// The seat controlling `family`, if any.
    #[inline]
    pub fn controller(&self, family: Family) -> Option<Seat> {
        Seat::new(self.control[family.index()] as usize)
    }

    /// The knights in `seat`'s court.
    #[inline]
    pub fn court(&self, seat: Seat) -> &FamilyCounts {
        &self.courts[seat.index()]
    }

    /// The knights in `seat`'s reserve.
    #[inline]
    pub fn reserve(&self, seat: Seat) -> &FamilyCounts {
        &self.reserves[seat.index()]
    }

    /// Jokers `seat` has drawn and not yet assigned.
    pub fn pending_jokers(&self, seat: Seat) -> usize {
        self.jokers[seat.index()] as usize
    }

    /// `seat`'s unused discs.
    pub fn unused_discs(&self, seat: Seat) -> DiscSet {
        self.unused_discs[seat.index()]
    }

    /// The disc `seat` chose this round, if it has chosen.
    pub fn chosen_disc(&self, seat: Seat) -> Option<Disc> {
        Disc::new(self.chosen[seat.index()])
    }

    /// Knights the acting player has placed so far this turn.
    pub fn placed_this_turn(&self) -> usize {
        self.placed as usize
    }

    /// Knights the acting player still has to place this turn (0 outside the
    /// place phase).
    pub fn left_to_place(&self) -> usize {
        if self.phase == Phase::Place {
            (self.config.knights_per_turn - self.placed) as usize
        } else {
            0
        }
    }

    /// Who owns regions and castles for `seat`: the seat itself, or its team.
    #[inline]
    pub fn owner_of(&self, seat: Seat) -> Owner {
        if self.config.teams {
            Owner::Team(seat.team())
        } else {
            Owner::Seat(seat)
        }
    }

    /// The castles on the board that count for `seat`: its own, or its team's
    /// in the team game.
    pub fn castles(&self, seat: Seat) -> usize {
        self.castles[self.side_of(seat.index() as u8) as usize] as usize
    }

    /// The castles on the board of `owner`.
    pub fn castles_of(&self, owner: Owner) -> usize {
        self.castles[owner.index()] as usize
    }

    /// The owners of this game: every seat, or both teams.
    pub fn owners(&self) -> impl Iterator<Item = Owner> + '_ {
        (0..self.config.sides()).map(move |i| self.owner_from_index(i as u8))
    }

    /// The winning seats, in seat order; empty until the game is over.
    pub fn winners(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::all(self.players()).filter(move |s| self.winners & (1 << s.index()) != 0)
    }

    /// The draw that is due, if the game waits for chance.
    #[inline]
    pub fn draw_due(&self) -> Option<DrawDue> {
        if self.phase == Phase::Draw {
            Some(DrawDue {
                seat: self.seat_at(self.cursor as usize),
                size: self.draw_size(),
            })
        } else {
            None
        }
    }

    /// A random draw for the draw that is due: every knight one of the six
    /// equally likely outcomes, each a uniform integer below 6 from `rng`.
    pub fn sample_draw<R: RandomSource>(&self, rng: &mut R) -> Option<Draw> {
        let due = self.draw_due()?;
        let mut knights = [Knight::Joker; MAX_DRAW];
        for knight in &mut knights[..due.size] {
            *knight = Knight::OUTCOMES[rng.below(6) as usize];
        }
        Draw::new(&knights[..due.size])
    }

    /// A new game from `rng`, exactly as `Game::from_setup(&Setup::random(..))`
    /// would build it from the same generator, but without allocating: the
    /// start of every random playout.
    pub fn random<R: RandomSource>(players: usize, variant: Variant, rng: &mut R) -> Option<Game> {
        let config = Config::new(players, variant)?;
        let mut territories = Setup::unshuffled_territories();
        rng.shuffle(&mut territories);
        let mut order = [0usize, 1, 2, 3];
        rng.shuffle(&mut order[..players]);
        Some(Game::from_parts(config, &territories, &order[..players]))
    }

    /// Plays one uniformly random step: the due draw (each knight one of six
    /// equally likely outcomes) or a legal move, every legal token equally
    /// likely. Returns what it played, or `None` when the game is over.
    ///
    /// This is the playout step of simulations and search. It draws from
    /// `rng` differently from picking `nth_legal_move(rng.below(count))`
    /// (a placement takes its family and its destination separately, which
    /// is the same uniform choice over the pairs) and acts on the choice
    /// directly instead of building a move and dispatching on it again.
    #[inline]
    pub fn play_random<R: RandomSource>(&mut self, rng: &mut R) -> Option<Move> {
        let seat = self.order[self.cursor as usize] as usize;
        match self.phase {
            Phase::Over => None,
            Phase::Draw => {
                let size = self.draw_size();
                let mut knights = [Knight::Joker; MAX_DRAW];
                let mut counts = [0u8; FAMILY_COUNT + 1];
                for knight in &mut knights[..size] {
                    let outcome = rng.below(6) as usize;
                    *knight = Knight::OUTCOMES[outcome];
                    counts[outcome] += 1;
                }
                self.receive_draw(seat, &counts);
                Some(Move::Draw(Draw::from_array(knights, size)))
            }
            Phase::Joker => {
                let family = Family::ALL[rng.below(FAMILY_COUNT as u32) as usize];
                self.assign_joker(seat, family);
                Some(Move::Joker(family))
            }
            Phase::Disc => {
                let allowed = self.allowed_discs();
                let disc = allowed.nth(rng.below(allowed.len() as u32) as usize)?;
                self.choose_disc(seat, disc);
                Some(Move::Disc(disc))
            }
            Phase::Place => {
                let families = self.reserve_families();
                let pick = rng.below(families.count_ones()) as usize;
                let family = Family::from_index(nth_set_bit(families, pick))?;
                let to = rng.below(1 + self.region_count as u32) as usize;
                let destination = if to == 0 {
                    self.place(seat, family, None);
                    Destination::Court
                } else {
                    self.place(seat, family, Some(to - 1));
                    Destination::Region(self.regions[to - 1].name())
                };
                Some(Move::Place {
                    family,
                    to: destination,
                })
            }
            Phase::Move => {
                let steps = 1 + rng.below(self.max_steps() as u32) as u8;
                self.move_emperor(steps);
                Some(Move::Emperor { steps })
            }
        }
    }

    // ----- Legal moves -----------------------------------------------------

    /// Every legal move of the player to act, in canonical form. Empty when a
    /// draw is due or the game is over.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        let count = self.legal_move_count();
        for i in 0..count {
            if let Some(mv) = self.nth_legal_move(i) {
                list.push(mv);
            }
        }
        list
    }

    /// How many legal moves there are, without listing them.
    #[inline]
    pub fn legal_move_count(&self) -> usize {
        match self.phase {
            Phase::Disc => self.allowed_discs().len(),
            Phase::Place => {
                self.reserve_families().count_ones() as usize * (1 + self.region_count as usize)
            }
            Phase::Move => self.max_steps() as usize,
            Phase::Joker => FAMILY_COUNT,
            Phase::Draw | Phase::Over => 0,
        }
    }

    /// The `n`-th legal move in the order of [`Game::legal_moves`], without
    /// listing the others: the cheap way to pick a uniformly random move.
    #[inline]
    pub fn nth_legal_move(&self, n: usize) -> Option<Move> {
        match self.phase {
            Phase::Disc => self.allowed_discs().nth(n).map(Move::Disc),
            Phase::Place => {
                let per_family = 1 + self.region_count as usize;
                let families = self.reserve_families();
                if n / per_family >= families.count_ones() as usize {
                    return None;
                }
                let family = Family::from_index(nth_set_bit(families, n / per_family))?;
                let to = match n % per_family {
                    0 => Destination::Court,
                    r => Destination::Region(self.regions[r - 1].name()),
                };
                Some(Move::Place { family, to })
            }
            Phase::Move => {
                (n < self.max_steps() as usize).then_some(Move::Emperor { steps: n as u8 + 1 })
            }
            Phase::Joker => Family::from_index(n).map(Move::Joker),
            Phase::Draw | Phase::Over => None,
        }
    }

    /// The canonical form of `mv`: a placement names its region by the
    /// region's smallest territory. Other moves are already canonical.
    pub fn canonical(&self, mv: Move) -> Move {
        match mv {
            Move::Place {
                family,
                to: Destination::Region(territory),
            } => Move::Place {
                family,
                to: Destination::Region(self.regions[self.region_index(territory)].name()),
            },
            other => other,
        }
    }

    /// Whether `mv` can be played now.
    pub fn is_legal(&self, mv: &Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Checks `mv` against the position, saying why it cannot be played.
    pub fn check(&self, mv: &Move) -> Result<(), IllegalMove> {
        let seat = self.seat_at(self.cursor as usize);
        match (self.phase, mv) {
            (Phase::Over, _) => Err(IllegalMove::GameOver),
            (Phase::Draw, Move::Draw(draw)) => {
                let expected = self.draw_size();
                if draw.len() == expected {
                    Ok(())
                } else {
                    Err(IllegalMove::DrawSize {
                        expected,
                        found: draw.len(),
                    })
                }
            }
            (Phase::Draw, _) => Err(IllegalMove::DrawDue {
                seat,
                size: self.draw_size(),
            }),
            (phase, Move::Draw(_)) => Err(IllegalMove::NoDrawDue { seat, phase }),
            (Phase::Joker, Move::Joker(_)) => Ok(()),
            (Phase::Disc, Move::Disc(disc)) => {
                let unused = self.unused_discs[seat.index()];
                if !unused.contains(*disc) {
                    return Err(IllegalMove::DiscUsed {
                        disc: *disc,
                        unused,
                    });
                }
                let allowed = self.allowed_discs();
                if allowed.contains(*disc) {
                    Ok(())
                } else {
                    Err(IllegalMove::DiscTaken {
                        disc: *disc,
                        allowed,
                    })
                }
            }
            (Phase::Place, Move::Place { family, .. }) => {
                if self.reserves[seat.index()][*family] > 0 {
                    Ok(())
                } else {
                    Err(IllegalMove::NotInReserve { family: *family })
                }
            }
            (Phase::Move, Move::Emperor { steps }) => {
                let max = self.max_steps();
                if (1..=max).contains(steps) {
                    Ok(())
                } else {
                    Err(IllegalMove::Steps { steps: *steps, max })
                }
            }
            (phase, mv) => Err(IllegalMove::WrongPhase {
                seat,
                phase,
                attempted: Phase::of_move(mv),
            }),
        }
    }

    // ----- Playing ---------------------------------------------------------

    /// Plays `mv` if it is legal; otherwise says why and leaves the position
    /// exactly as it was.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check(&mv)?;
        self.apply(mv);
        Ok(())
    }

    /// Plays `mv` without checking it: the fast path for callers that only
    /// play moves from [`Game::legal_moves`], [`Game::nth_legal_move`] or
    /// [`Game::sample_draw`] of this very position.
    ///
    /// An illegal move leaves the position meaningless (though memory-safe);
    /// debug builds catch it with an assertion.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        debug_assert_eq!(self.check(&mv), Ok(()), "play_unchecked({mv})");
        self.apply(mv);
    }

    fn apply(&mut self, mv: Move) {
        let seat = self.order[self.cursor as usize] as usize;
        match mv {
            Move::Draw(draw) => {
                let mut counts = [0u8; FAMILY_COUNT + 1];
                for knight in draw.knights() {
                    match knight {
                        Knight::Family(family) => counts[family.index()] += 1,
                        Knight::Joker => counts[FAMILY_COUNT] += 1,
                    }
                }
                self.receive_draw(seat, &counts);
            }
            Move::Joker(family) => self.assign_joker(seat, family),
            Move::Disc(disc) => self.choose_disc(seat, disc),
            Move::Place { family, to } => {
                let region = match to {
                    Destination::Court => None,
                    Destination::Region(territory) => {
                        Some(self.territory_region[territory.index()] as usize)
                    }
                };
                self.place(seat, family, region);
            }
            Move::Emperor { steps } => self.move_emperor(steps),
        }
    }

    /// Adds a draw, given as counts per family with jokers last, to `seat`'s
    /// reserve; its jokers wait to be assigned.
    #[inline]
    fn receive_draw(&mut self, seat: usize, counts: &[u8; FAMILY_COUNT + 1]) {
        let reserve = &mut self.reserves[seat].0;
        for family in 0..FAMILY_COUNT {
            reserve[family] += u32::from(counts[family]);
        }
        self.jokers[seat] += counts[FAMILY_COUNT];
        if self.jokers[seat] > 0 {
            self.phase = Phase::Joker;
        } else {
            self.after_draw();
        }
    }

    #[inline]
    fn assign_joker(&mut self, seat: usize, family: Family) {
        self.reserves[seat][family] += 1;
        self.jokers[seat] -= 1;
        if self.jokers[seat] == 0 {
            self.after_draw();
        }
    }

    /// Ruling 7: a knight from the reserve to the court (`None`) or to a region.
    #[inline]
    fn place(&mut self, seat: usize, family: Family, region: Option<usize>) {
        self.reserves[seat][family] -= 1;
        match region {
            None => self.place_in_court(seat, family),
            Some(region) => self.regions[region].knights[family] += 1,
        }
        self.placed += 1;
        if self.placed == self.config.knights_per_turn {
            self.phase = Phase::Move;
        }
    }

    /// Ruling 5: the disc is used; the set refills the moment the fifth disc
    /// is used. When everybody has chosen, ruling 6 sets the action order.
    fn choose_disc(&mut self, seat: usize, disc: Disc) {
        let unused = self.unused_discs[seat].without(disc);
        self.unused_discs[seat] = if unused.is_empty() {
            DiscSet::FULL
        } else {
            unused
        };
        self.chosen[seat] = disc.number();
        if (self.cursor as usize) + 1 < self.players() {
            self.cursor += 1;
        } else {
            self.sort_action_order();
            self.cursor = 0;
            self.placed = 0;
            self.phase = Phase::Place;
        }
    }

    /// Ascending disc numbers; equal numbers keep their choosing order. An
    /// insertion sort is stable and the fastest for at most four seats.
    fn sort_action_order(&mut self) {
        let n = self.players();
        for i in 1..n {
            let mut j = i;
            while j > 0
                && self.chosen[self.order[j - 1] as usize] > self.chosen[self.order[j] as usize]
            {
                self.order.swap(j - 1, j);
                j -= 1;
            }
        }
    }

    /// Ruling 7: control goes to the placing player only if their court now
    /// holds strictly more knights of the family than every other court.
    fn place_in_court(&mut self, seat: usize, family: Family) {
        self.courts[seat][family] += 1;
        if self.control[family.index()] as usize == seat {
            return;
        }
        let count = self.courts[seat][family];
        let strictly_most = (0..self.players())
            .filter(|&other| other != seat)
            .all(|other| self.courts[other][family] < count);
        if strictly_most {
            self.control[family.index()] = seat as u8;
        }
    }

    /// Rulings 8 to 11: move, resolve the region, merge, and check the end.
    fn move_emperor(&mut self, steps: u8) {
        // At most one full circuit, so one subtraction wraps it.
        let mut emperor = self.emperor + steps;
        if emperor >= self.region_count {
            emperor -= self.region_count;
        }
        self.emperor = emperor;
        self.resolve_region(self.emperor as usize);
        if self.regions[self.emperor as usize].owner != NOBODY {
            self.emperor = self.merge_around(self.emperor as usize) as u8;
        }
        if self.end_reached() {
            self.finish();
        } else {
            self.phase = Phase::Draw;
        }
    }

    /// Ruling 9: a unique highest score wins the region; it builds a castle
    /// in an empty region or takes over all castles of another owner.
    fn resolve_region(&mut self, index: usize) {
        let scores = self.side_scores(index);
        let sides = &scores[..self.config.sides()];
        let best = sides.iter().copied().max().unwrap_or(0);
        let leaders = sides.iter().filter(|&&score| score == best).count();
        if leaders != 1 || best == 0 {
            return;
        }
        let winner = sides.iter().position(|&score| score == best).unwrap_or(0);
        let region = &mut self.regions[index];
        if region.castles == 0 {
            region.castles = 1;
            region.owner = winner as u8;
            self.castles[winner] += 1;
        } else if region.owner as usize != winner {
            self.castles[region.owner as usize] -= region.castles;
            self.castles[winner] += region.castles;
            region.owner = winner as u8;
        }
    }

    /// Ruling 9's scores in region `index`, by side (seat, or team in the
    /// team game; the slots after the last side are 0): knights of the
    /// families each side controls plus its own castles there.
    #[inline]
    fn side_scores(&self, index: usize) -> [u32; MAX_SEATS] {
        let region = &self.regions[index];
        // Scores by side, with a last slot that collects what nobody
        // controls: adding unconditionally avoids a branch per family.
        let mut scores = [0u32; MAX_SEATS + 1];
        let slots = self.score_slots();
        for family in 0..FAMILY_COUNT {
            // A seat index, or NOBODY clamped to the slot after the seats.
            let slot = slots[(self.control[family] as usize).min(MAX_SEATS)];
            scores[slot as usize] += region.knights.0[family];
        }
        let owner_slot = if region.owner == NOBODY {
            MAX_SEATS
        } else {
            region.owner as usize
        };
        scores[owner_slot] += u32::from(region.castles);
        let mut by_side = [0u32; MAX_SEATS];
        by_side.copy_from_slice(&scores[..MAX_SEATS]);
        by_side
    }

    /// The score slot of each seat (its side), and for "nobody" the slot
    /// after the seats: a lookup instead of a branch per family.
    #[inline]
    fn score_slots(&self) -> [u8; MAX_SEATS + 1] {
        if self.config.teams {
            [0, 1, 0, 1, MAX_SEATS as u8]
        } else {
            [0, 1, 2, 3, MAX_SEATS as u8]
        }
    }

    /// Ruling 10: merge the region with same-owner neighbours on both sides,
    /// across the seam, until none is left. Returns the merged region's index.
    fn merge_around(&mut self, mut index: usize) -> usize {
        let owner = self.regions[index].owner;
        let mut merged = false;
        while self.region_count > 1 {
            let count = self.region_count as usize;
            let next = (index + 1) % count;
            let previous = (index + count - 1) % count;
            if self.regions[next].owner == owner {
                index = self.merge_pair(index, next);
            } else if self.regions[previous].owner == owner {
                index = self.merge_pair(previous, index);
            } else {
                break;
            }
            merged = true;
        }
        if merged {
            self.reindex_territories();
        }
        index
    }

    /// Joins region `second` into its counter-clockwise neighbour `first`
    /// and returns the index of the joined region. Across the seam the result
    /// holds territory 1, so it takes index 0.
    fn merge_pair(&mut self, first: usize, second: usize) -> usize {
        let count = self.region_count as usize;
        let absorbed = self.regions[second];
        let (keep, remove) = if second == 0 {
            // `first` is the last region; the joined region holds territory 1.
            let last = self.regions[first];
            let head = &mut self.regions[0];
            head.first = last.first;
            head.absorb(&last);
            (0, first)
        } else {
            self.regions[first].absorb(&absorbed);
            (first, second)
        };
        self.regions.copy_within(remove + 1..count, remove);
        // The freed slot is cleared so that equal positions stay equal (and
        // hash alike) however their regions came to be merged.
        self.regions[count - 1] = Region::EMPTY;
        self.region_count -= 1;
        if keep > remove { keep - 1 } else { keep }
    }

    /// Rebuilds the territory-to-region map after mergers by walking the
    /// ring once from the first region's first territory.
    fn reindex_territories(&mut self) {
        let mut territory = self.regions[0].first as usize;
        for index in 0..self.region_count as usize {
            for _ in 0..self.regions[index].len {
                self.territory_region[territory] = index as u8;
                territory += 1;
                if territory == TERRITORY_COUNT {
                    territory = 0;
                }
            }
        }
    }

    /// Ruling 11: the castle target or fewer than four regions.
    fn end_reached(&self) -> bool {
        let target = self.config.castle_target;
        self.region_count < 4
            || self.castles[..self.config.sides()]
                .iter()
                .any(|&c| c >= target)
    }

    /// Ruling 11: everybody with the highest castle total wins.
    fn finish(&mut self) {
        let sides = self.config.sides();
        let best = self.castles[..sides].iter().copied().max().unwrap_or(0);
        self.winners = 0;
        for seat in 0..self.players() {
            if self.castles[self.side_of(seat as u8) as usize] == best {
                self.winners |= 1 << seat;
            }
        }
        self.phase = Phase::Over;
    }

    /// After a seat's draw and its jokers: the next initial draw, the next
    /// action turn, or a new round.
    fn after_draw(&mut self) {
        if self.round == 0 && (self.cursor as usize) + 1 < self.players() {
            self.cursor += 1;
            self.phase = Phase::Draw;
        } else if self.round > 0 && (self.cursor as usize) + 1 < self.players() {
            self.cursor += 1;
            self.placed = 0;
            self.phase = Phase::Place;
        } else {
            self.round += 1;
            self.chosen = [0; MAX_SEATS];
            self.cursor = 0;
            self.phase = Phase::Disc;
        }
    }

    // ----- Helpers ---------------------------------------------------------

    #[inline]
    fn seat_at(&self, position: usize) -> Seat {
        Seat::new(self.order[position] as usize).unwrap_or(FIRST_SEAT)
    }

    /// The side (seat, or team in the team game) a seat's castles count for.
    #[inline]
    fn side_of(&self, seat: u8) -> u8 {
        if self.config.teams { seat % 2 } else { seat }
    }

    fn owner_from_index(&self, side: u8) -> Owner {
        if self.config.teams {
            Owner::Team(Team::new(side as usize).unwrap_or(Team::ALL[0]))
        } else {
            Owner::Seat(Seat::new(side as usize).unwrap_or(FIRST_SEAT))
        }
    }

    /// The owner of region `index`, if it has one.
    pub fn region_owner(&self, index: usize) -> Option<Owner> {
        let owner = self.regions.get(index)?.owner;
        (owner != NOBODY).then(|| self.owner_from_index(owner))
    }

    /// The scores in region `index` as ruling 9 counts them if the emperor
    /// stopped there now, indexed by [`Owner::index`]: the knights of the
    /// families the owner controls (either partner's, in the team game) plus
    /// the owner's castles in the region. Entries past the last owner, and
    /// all entries for a region that does not exist, are 0.
    pub fn region_scores(&self, index: usize) -> [u32; MAX_SEATS] {
        if index >= self.region_count as usize {
            return [0; MAX_SEATS];
        }
        self.side_scores(index)
    }

    /// The index of the region where the emperor would stop after `steps`
    /// steps clockwise from where he stands (the complete circuit included),
    /// whether or not the move is legal now.
    pub fn landing(&self, steps: u8) -> usize {
        (self.emperor as usize + steps as usize) % self.region_count as usize
    }

    fn draw_size(&self) -> usize {
        if self.round == 0 {
            self.config.initial_reserve as usize
        } else {
            self.config.knights_per_turn as usize
        }
    }

    /// Ruling 5: unused discs nobody else chose this round, or, if there are
    /// none, every unused disc.
    fn allowed_discs(&self) -> DiscSet {
        let seat = self.order[self.cursor as usize] as usize;
        let mut taken = DiscSet::EMPTY;
        for &other in &self.order[..self.cursor as usize] {
            if let Some(disc) = Disc::new(self.chosen[other as usize]) {
                taken = taken.with(disc);
            }
        }
        let unused = self.unused_discs[seat];
        let fresh = unused.difference(taken);
        if fresh.is_empty() { unused } else { fresh }
    }

    /// How far the player to act may move the emperor (ruling 8: up to the
    /// chosen disc's number, and at most once round); 0 before a disc is
    /// chosen or when nobody is to act.
    pub fn emperor_reach(&self) -> usize {
        if self.phase == Phase::Over {
            0
        } else {
            self.max_steps() as usize
        }
    }

    /// Ruling 8: up to the disc's number, and at most once around.
    fn max_steps(&self) -> u8 {
        let seat = self.order[self.cursor as usize] as usize;
        self.chosen[seat].min(self.region_count)
    }

    /// The families in the acting player's reserve, as a bit set.
    #[inline]
    fn reserve_families(&self) -> u32 {
        let reserve = &self.reserves[self.order[self.cursor as usize] as usize];
        let mut mask = 0;
        for family in 0..FAMILY_COUNT {
            if reserve.0[family] > 0 {
                mask |= 1 << family;
            }
        }
        mask
    }
}

/// The position of the `n`-th set bit of a five-bit `mask`.
#[inline]
fn nth_set_bit(mask: u32, n: usize) -> usize {
    NTH_SET_BIT[(mask & 0b1_1111) as usize][n.min(4)] as usize
}

/// Seat 0, the fallback where a seat index is known to be valid.
const FIRST_SEAT: Seat = match Seat::new(0) {
    Some(seat) => seat,
    None => unreachable!(),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::GameRng;

    fn new_game(players: usize, seed: u64) -> Game {
        let mut rng = GameRng::seed_from_u64(seed);
        let setup = Setup::random(players, Variant::for_players(players), &mut rng);
        Game::from_setup(&setup).expect("random set-ups are valid")
    }

    #[test]
    fn nth_legal_move_agrees_with_the_list_throughout_random_games() {
        for players in 2..=4 {
            let mut rng = GameRng::seed_from_u64(players as u64);
            let mut game = new_game(players, 11);
            while !game.is_over() {
                if let Some(draw) = game.sample_draw(&mut rng) {
                    game.play(Move::Draw(draw)).unwrap();
                    continue;
                }
                let list = game.legal_moves();
                assert_eq!(list.len(), game.legal_move_count());
                for (i, mv) in list.iter().enumerate() {
                    assert_eq!(game.nth_legal_move(i), Some(*mv));
                }
                assert_eq!(game.nth_legal_move(list.len()), None);
                let pick = list[rng.below(list.len() as u32) as usize];
                game.play(pick).unwrap();
            }
        }
    }

    #[test]
    fn landing_and_region_scores_predict_what_the_emperor_move_does() {
        let mut rng = GameRng::seed_from_u64(21);
        let mut checked = 0;
        for players in 2..=4 {
            let mut game = new_game(players, 40 + players as u64);
            while !game.is_over() {
                if game.phase() == Phase::Move {
                    for mv in game.legal_moves().iter() {
                        let Move::Emperor { steps } = *mv else {
                            panic!("only emperor moves are legal in the move phase");
                        };
                        let landing = game.landing(steps);
                        let first = game.regions()[landing].first();
                        let scores = game.region_scores(landing);
                        let sides = &scores[..game.config().sides()];
                        let best = *sides.iter().max().unwrap();
                        let unique = sides.iter().filter(|&&s| s == best).count() == 1;
                        let mut after = game.clone();
                        after.play(*mv).unwrap();
                        let stop = &after.regions()[after.emperor()];
                        assert!(stop.contains(first), "the emperor stops where landing said");
                        if unique && best > 0 {
                            let winner = sides.iter().position(|&s| s == best).unwrap();
                            assert_eq!(stop.owner_index(), Some(winner));
                        } else {
                            let before = &game.regions()[landing];
                            assert_eq!(stop.owner_index(), before.owner_index());
                        }
                        checked += 1;
                    }
                }
                game.play_random(&mut rng);
            }
        }
        assert!(checked > 50);
    }

    #[test]
    fn regions_freed_by_merging_leave_no_trace_in_the_position() {
        let mut rng = GameRng::seed_from_u64(8);
        let mut merges = 0;
        for players in 2..=4 {
            let mut game = new_game(players, 60 + players as u64);
            while game.play_random(&mut rng).is_some() {
                let count = game.regions().len();
                merges += TERRITORY_COUNT - count;
                assert!(game.regions[count..].iter().all(|r| *r == Region::EMPTY));
            }
        }
        assert!(merges > 0, "the games should have merged regions");
    }

    #[test]
    fn a_new_game_waits_for_the_first_players_initial_draw() {
        let game = new_game(3, 4);
        assert_eq!(game.phase(), Phase::Draw);
        assert_eq!(game.round(), 0);
        let due = game.draw_due().unwrap();
        assert_eq!(due.size, 9);
        assert_eq!(Some(due.seat), game.order().next());
        assert_eq!(game.regions().len(), 15);
        assert_eq!(game.emperor(), 0);
    }
}
