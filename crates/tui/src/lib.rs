//! Carolus Magnus in the terminal: a full-screen table for people and
//! computer players.
//!
//! The crate is split the way such programs stay testable:
//!
//! - [`App`] holds the state and its pure update function
//!   [`App::handle`]`(Event) -> Vec<Effect>`: no terminal, no clock, no
//!   files. Every option it offers comes from the engine's legal moves.
//! - [`render()`] draws an `&App` into a ratatui frame, in a compact
//!   layout from 80×24 and a wide one from 120×32 ([`layout`]). The
//!   update never imports the drawing: what a click lands on comes from
//!   the crate's `hit` module, which places the prompt's buttons for the
//!   drawing too.
//! - [`Session`] carries out the effects (files, computer thinking) and
//!   feeds the answers back; [`run`] adds the terminal and its event loop.
//! - Computer players run behind the [`Thinker`] trait: on background
//!   threads in the game, inline with fixed budgets in tests.
//! - Every word on the screen is a message of carolus-l10n's catalogs, in
//!   the language of [`PlayConfig::language`] (English, German or French),
//!   asked for with the crate's `tr!` macro so that a test can list every
//!   message the crate uses.
//! - [`graph`] draws the computers' estimates over a game (carolus-core's
//!   `Trail`) as a win-chance graph; `carolus analyse` draws its graph with
//!   it too.
//!
//! ```
//! use carolus_tui::{App, Event, Key, PlayConfig};
//!
//! let mut app = App::new(PlayConfig::new_game(2, 7)).unwrap();
//! app.start();
//! app.handle(Event::Key(Key::Enter));
//! assert_eq!(app.record().moves.iter().filter(|m| m.is_decision()).count() > 0, true);
//! ```

/// The message `$id` of the catalog `$catalog`, with its variables given as
/// `name = value` (text or numbers): `tr!(tr, "log-disc", name = "Anna",
/// disc = 3)`. Every message the crate shows goes through this macro with
/// its id written out, so that the catalog test (tests/messages.rs) finds
/// each id and its variables in the source and checks them against the
/// catalogs of every language.
macro_rules! tr {
    ($catalog:expr, $id:literal) => {
        $catalog.text($id)
    };
    ($catalog:expr, $id:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $catalog.format($id, &[$((stringify!($name), carolus_l10n::Arg::from($value))),+])
    };
}

mod ai;
mod app;
mod canvas;
mod centre;
mod choices;
mod config;
mod event;
pub mod graph;
mod help;
mod history;
mod hit;
pub mod layout;
mod log_view;
mod preview;
mod prompt;
mod recovery;
mod render;
mod review_view;
mod ring;
mod runtime;
mod session;
mod signals;
mod terminal;
mod theme;
mod words;

pub use ai::{
    BackgroundThinker, InlineThinker, Purpose, ReviewRequest, ReviewUpdate, ThinkReply,
    ThinkRequest, Thinker,
};
pub use app::{
    App, Estimate, Leaving, Message, MessageKind, Pick, PromptKind, ReviewStatus, Reviewed, Screen,
    Thinking,
};
pub use carolus_core::session::{SeatInfo, SeatKind};
pub use carolus_l10n::{Language, UnknownLanguage};
pub use config::{PlayConfig, Start, ThinkLimits};
pub use event::{Effect, Event, Key};
pub use hit::Action;
pub use render::{draw, render};
pub use runtime::{Outcome, PlayError, run};
pub use session::Session;
pub use theme::Theme;
