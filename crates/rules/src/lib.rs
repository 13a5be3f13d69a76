//! The rules of Carolus Magnus (Leo Colovini) for 2 and 3 players and the
//! 4-player team game: an exact, fast engine with the project's notation.
//!
//! This crate does no I/O. It knows positions ([`Game`]), moves ([`Move`])
//! and their tokens, game records ([`Record`]) and the JSON state view
//! ([`StateView`]); programs around it read files, draw screens and talk to
//! networks.
//!
//! ```
//! use carolus_rules::{Game, Move, RecordedGame, Variant};
//!
//! // A seeded two-player game, advanced through its initial draws.
//! let mut recorded = RecordedGame::from_seed(2, Variant::STANDARD, 7).unwrap();
//! let game = recorded.game();
//! assert!(game.phase() == carolus_rules::Phase::Joker || game.phase() == carolus_rules::Phase::Disc);
//!
//! // Every legal move is a token in canonical form, and plays.
//! let first = recorded.game().legal_moves()[0];
//! let token = first.to_string();
//! assert_eq!(token.parse::<Move>(), Ok(first));
//! recorded.play(first).unwrap();
//!
//! // An illegal move is refused and changes nothing.
//! let before: Game = recorded.game().clone();
//! assert!(recorded.play("move 5".parse().unwrap()).is_err());
//! assert_eq!(recorded.game(), &before);
//! ```

mod deal;
mod game;
mod moves;
mod record;
mod region;
pub mod rng;
mod setup;
mod stream;
mod types;
mod view;

pub use deal::{DrawSource, SeatDraws};
pub use game::{DrawDue, Game, IllegalMove, MAX_LEGAL_MOVES, MoveList, Phase};
pub use moves::{Destination, Draw, MAX_DRAW, Move, ParseMoveError};
pub use record::{
    RECORD_FORMAT, Record, RecordError, RecordedGame, ReplayError, abandoned_result,
    kind_of as json_kind, result_of,
};
pub use region::Region;
pub use rng::{GameRng, RandomSource};
pub use setup::{Config, Setup, SetupError, Variant};
pub use stream::RecordStream;
pub use types::{
    Disc, DiscSet, FAMILY_COUNT, Family, FamilyCounts, Knight, MAX_SEATS, Owner, ParseWordError,
    Seat, TERRITORY_COUNT, Team, Territory,
};
pub use view::{FamilyMap, RegionView, SeatView, StateView};
