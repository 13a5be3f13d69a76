//! The state of a game on screen and everything that changes it.
//!
//! [`App::handle`] takes one [`Event`] and returns the [`Effect`]s it asks
//! for; it never blocks, reads no clock and does no I/O, so that tests can
//! play whole games by sending keys. Rendering reads the state through the
//! accessors and changes nothing.
//!
//! The app is one state split by what it shows and does, each part an
//! `impl App` of its own module:
//!
//! - `screens` — what fills the screen ([`Screen`]) and the keys of each;
//! - `selection` — the cursor on the options of the decision at hand
//!   ([`Pick`]);
//! - `prompt_line` — the prompt and its options as buttons;
//! - `play` — playing a move and going on to the next decision;
//! - `log` — the game log in words;
//! - `messages` — refusals and notices ([`Message`]);
//! - `thinking` — computer players and their estimates ([`Thinking`],
//!   [`Estimate`]); `hints` — asking for a hint, showing it and saying
//!   why;
//! - `lesson` — the guided first game's lessons (`--learn`);
//! - `review` — the review after a game: each person's costliest
//!   decisions, worked out off the screen's thread ([`ReviewStatus`]),
//!   and trying one again;
//! - `undo` — undo and redo; `files` — saving and opening
//!   ([`PromptKind`]); `leaving` — quitting and new games ([`Leaving`]);
//! - `mouse` — clicks, resolved by [`crate::hit`].
//!
//! Architecture Invariant: nothing here imports a drawing module (`render`,
//! `ring`, `centre`, `prompt`, `log_view`); what a click hits comes from
//! `hit`, which the drawing uses too.

mod files;
mod hints;
mod leaving;
mod lesson;
mod log;
mod messages;
mod mouse;
mod play;
mod prompt_line;
mod review;
mod screens;
mod selection;
mod thinking;
mod undo;

use std::time::Duration;

use carolus_ai::Level;
use carolus_core::lessons;
use carolus_core::session::{self, SeatError, SeatInfo};
use carolus_l10n::Catalog;
use carolus_rules::{
    Destination, Game, GameRng, RandomSource, Record, RecordedGame, Seat, SeatDraws, Setup, Variant,
};
use ratatui::layout::Rect;

use crate::config::{self, PlayConfig, Start};
use crate::event::{Effect, Event};
use crate::history;
use crate::theme::Theme;
use crate::words::Entry;

pub use files::PromptKind;
use files::SeveralGames;
pub use leaving::Leaving;
pub use messages::{Message, MessageKind};
pub use review::{ReviewStatus, Reviewed};
pub use screens::Screen;
pub use selection::Pick;
pub use thinking::{Estimate, Thinking};

/// The app: the game at the table (a session of carolus-core) and the
/// state of the screen.
pub struct App {
    /// The game, its seats, undo and redo, and the estimates. Chance comes
    /// from one stream per seat, so that one seed fixes a game and a seat's
    /// n-th draw is the same whatever is played before it.
    session: session::Session<SeatDraws>,
    /// The seed of the draw streams, for a game opened from a file.
    draw_seed: u64,
    seed: u64,
    theme: Theme,
    /// The messages of the game's language.
    tr: &'static Catalog,
    screen: Screen,
    pick: Pick,
    /// The last destination a person chose, offered first next time.
    last_destination: Option<Destination>,
    /// A territory number being typed, for two-digit numbers.
    typed: u8,
    log: Vec<Entry>,
    /// Lines the log panel is scrolled up from the newest.
    log_scroll: usize,
    message: Option<Message>,
    thinking: Option<Thinking>,
    estimate: Option<Estimate>,
    hint: Option<hints::Hint>,
    area: Rect,
    now: Duration,
    next_id: u64,
    /// The file last saved to or loaded from.
    path: Option<String>,
    /// A file of several games whose game is being asked for.
    several: Option<SeveralGames>,
    /// Whether the game has moves that were not saved.
    dirty: bool,
    quit: bool,
    /// The seed of the next new game (`n`), drawn from this game's seed so
    /// that one seed fixes a whole evening of games.
    next_seed: u64,
    /// A file `o` offers before any other, such as a game kept when a
    /// terminal went away.
    offered: Option<String>,
    /// A file that exists and that the person, asked, may replace by
    /// saving to it again.
    may_replace: Option<String>,
    /// Whether the game was left with unsaved moves without a question
    /// (Ctrl-C), so that the event loop keeps them.
    left_unsaved: bool,
    /// The recovery file the game on the table was opened from: once the
    /// game is saved elsewhere it is no longer needed.
    recovered: Option<String>,
    /// In the guided first game, the learner's progress through its
    /// lessons (carolus-core's `lessons`).
    lesson: Option<lessons::Progress>,
    /// The review of the finished game, once `v` asked for it.
    reviewing: Option<review::Reviewing>,
}

/// A session of `game` with `seats`, drawing from the streams of
/// `draw_seed` moved on past the draws the record already holds, so that a
/// game opened from a file continues as its seed says.
fn table(
    game: RecordedGame,
    draw_seed: u64,
    seats: Vec<SeatInfo>,
) -> Result<session::Session<SeatDraws>, SeatError> {
    let mut draws = SeatDraws::from_seed(draw_seed);
    // The record has been replayed by the caller, so skipping cannot fail;
    // if it did, fresh streams are still fair draws.
    if draws.skip_drawn(game.record()).is_err() {
        draws = SeatDraws::from_seed(draw_seed);
    }
    session::Session::new(game, draws, seats)
}

impl App {
    /// A game as `config` asks; the message says what is wrong otherwise.
    pub fn new(config: PlayConfig) -> Result<App, String> {
        // The set-up comes first from the seed's generator, then the seed
        // of the draw streams, so one seed fixes the whole game.
        let mut rng = GameRng::seed_from_u64(config.seed);
        let (game, record_names, saved_ai) = match config.start {
            Start::New { players } => {
                let variant = Variant::for_players(players);
                let setup = Setup::random(players, variant, &mut rng);
                let game = RecordedGame::new(setup).map_err(|error| error.to_string())?;
                (game, None, None)
            }
            Start::Record(record) => {
                let names = record.names.clone();
                let saved = session::saved_levels(&record)?;
                let game = RecordedGame::from_record(*record).map_err(|error| error.to_string())?;
                (game, names, saved)
            }
            Start::Lesson => {
                let computer = Level::new(lessons::OPPONENT_LEVEL).map_err(|e| e.to_string())?;
                let seats = (0..2).filter(|&seat| seat != lessons::LEARNER);
                let ai = seats.map(|seat| (seat, computer)).collect();
                (lessons::deal(), None, Some(ai))
            }
        };
        // The guided game's draws are its deal's; a saved guided game goes
        // on with them, and with its lessons where the record leaves them.
        let learning = lessons::is_lesson(game.record());
        let lesson = learning
            .then(|| lessons::advance(game.record(), lessons::Progress::default()).ok())
            .flatten();
        let draw_seed = if learning {
            rng.next_u64();
            lessons::SEED
        } else {
            rng.next_u64()
        };
        let next_seed = rng.next_u64();
        let players = game.game().players();
        let names = config
            .names
            .or_else(|| record_names.filter(|names| names.len() == players));
        // The seats' names are settled first, so that `--ai` may name a seat
        // by its player.
        let people =
            session::seats(players, names.as_deref(), &[]).map_err(|error| error.to_string())?;
        let ai = match &config.ai {
            Some(given) => {
                let names: Vec<&str> = people.iter().map(|seat| seat.name.as_str()).collect();
                given
                    .iter()
                    .map(|(named, level)| Ok((config::seat_named(named, &names)?, *level)))
                    .collect::<Result<Vec<_>, String>>()?
            }
            None => saved_ai.unwrap_or_default(),
        };
        let seats =
            session::seats(players, names.as_deref(), &ai).map_err(|error| error.to_string())?;
        let session = table(game, draw_seed, seats).map_err(|error| error.to_string())?;
        let mut app = App {
            session,
            draw_seed,
            seed: config.seed,
            theme: Theme::new(config.colour),
            tr: carolus_l10n::catalog(config.language),
            screen: Screen::Board,
            pick: Pick::Wait,
            last_destination: None,
            typed: 0,
            log: Vec::new(),
            log_scroll: 0,
            message: None,
            thinking: None,
            estimate: None,
            hint: None,
            area: Rect::new(0, 0, 80, 24),
            now: Duration::ZERO,
            next_id: 1,
            path: None,
            several: None,
            dirty: false,
            quit: false,
            next_seed,
            offered: None,
            may_replace: None,
            left_unsaved: false,
            recovered: None,
            lesson,
            reviewing: None,
        };
        if let Some(error) = app.session.unread_estimates() {
            let text = tr!(app.tr, "tui-estimates-left-out", error = error);
            app.notice(text);
        }
        app.note_seed();
        app.log = history::log_of(app.tr, app.record(), app.seats());
        Ok(app)
    }

    /// Starts play: the draws that are due and the first computer move.
    pub fn start(&mut self) -> Vec<Effect> {
        self.advance()
    }

    /// The position.
    pub fn game(&self) -> &Game {
        self.session.game()
    }

    /// The record of the game so far, with names, the seed and the
    /// estimates.
    pub fn record(&self) -> &Record {
        self.session.record()
    }

    /// The seats at the table.
    pub fn seats(&self) -> &[SeatInfo] {
        self.session.seats()
    }

    /// The colours of the screen.
    pub fn theme(&self) -> Theme {
        self.theme
    }

    /// The messages of the game's language.
    pub fn tr(&self) -> &'static Catalog {
        self.tr
    }

    /// What fills the screen.
    pub fn screen(&self) -> &Screen {
        &self.screen
    }

    /// The time of the last tick.
    pub fn now(&self) -> Duration {
        self.now
    }

    /// The seed of the game's draws.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Whether the app has asked to end.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The screen size the app last heard of.
    pub fn area(&self) -> Rect {
        self.area
    }

    /// The seat a person decides for now, if any.
    pub fn human_to_act(&self) -> Option<Seat> {
        self.session.person_to_act()
    }

    /// Whether a person plays `seat`.
    pub fn is_human(&self, seat: Seat) -> bool {
        self.session.is_human(seat)
    }

    /// The level of the computer player at `seat`, if one plays it.
    pub fn ai_level(&self, seat: Seat) -> Option<Level> {
        self.session.level(seat)
    }

    /// Handles one event and returns what the world should do.
    pub fn handle(&mut self, event: Event) -> Vec<Effect> {
        match event {
            Event::Tick(now) => {
                self.now = now;
                Vec::new()
            }
            Event::Resize { width, height } => {
                self.area = Rect::new(0, 0, width, height);
                Vec::new()
            }
            Event::Thought(reply) => self.on_thought(reply),
            Event::Review(update) => self.on_review(update),
            Event::Saved(result) => self.on_saved(result),
            Event::SaveWouldReplace { path } => self.on_save_would_replace(path),
            Event::Loaded { path, text } => self.on_loaded(path, text),
            Event::Key(key) => self.on_key(key),
            Event::Click { x, y } => self.on_click(x, y),
            Event::Scroll { up } => {
                self.scroll(up, 3);
                Vec::new()
            }
        }
    }
}
