//! The state of a game on screen and everything that changes it.
//!
//! [`App::handle`] takes one [`Event`] and returns the [`Effect`]s it asks
//! for; it never blocks, reads no clock and does no I/O, so that tests can
//! play whole games by sending keys. Rendering reads the state through the
//! accessors here and changes nothing.
//!
//! A person's decision is taken in small steps that are kept in [`Pick`]:
//! which option the cursor is on, and for a placement whether the family
//! has been chosen yet. Only options from the engine's legal moves can be
//! selected; anything else is refused with a message saying why.

use std::time::Duration;

use carolus_ai::{Candidate, Level};
use carolus_core::estimates::{self, Trail};
use carolus_core::session::{self, RedoError, SeatError, SeatInfo, SeatKind, UndoError};
use carolus_l10n::Catalog;
use carolus_rules::{
    Destination, Disc, Family, Game, GameRng, Move, Phase, RandomSource, Record, RecordStream,
    RecordedGame, Seat, SeatDraws, Setup, Territory, Variant,
};
use ratatui::layout::Rect;
use serde_json::Value;

use crate::ai::{Purpose, ThinkReply, ThinkRequest};
use crate::choices;
use crate::config::{self, PlayConfig, Start};
use crate::event::{Effect, Event, Key};
use crate::history;
use crate::layout::{Kind, Layout};
use crate::prompt::{self, Action};
use crate::theme::Theme;
use crate::words::{self, Entry};

/// What fills the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The table.
    Board,
    /// Rules summary and keys, scrolled down by `scroll` lines.
    Help { scroll: u16 },
    /// The whole game log, scrolled up by `scroll` lines from the newest.
    Log { scroll: usize },
    /// A file name is being typed.
    Prompt { kind: PromptKind, text: String },
    /// "The game has unsaved moves": asked before something would leave
    /// them behind.
    Confirm(Leaving),
    /// The result of the finished game.
    Result,
    /// The win-chance graph of the game so far, as wide as the screen
    /// allows.
    Chances,
}

/// What would leave a game's unsaved moves behind, and so is asked first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaving {
    /// Quitting the program.
    Quit,
    /// Opening a saved game in place of this one.
    Open,
    /// Starting a new game with the same seats.
    NewGame,
}

impl Leaving {
    /// What `y` does, in the words of the question.
    pub fn action(self, tr: &Catalog) -> String {
        match self {
            Leaving::Quit => tr!(tr, "tui-leave-quit"),
            Leaving::Open => tr!(tr, "tui-leave-open"),
            Leaving::NewGame => tr!(tr, "tui-leave-new"),
        }
    }
}

/// What a typed line is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromptKind {
    /// The file to save the game to.
    Save,
    /// The file to open a game from.
    Load,
    /// Which game to open of a file that holds `count` of them one after
    /// another (the JSON lines of match records).
    Game { count: usize },
}

/// A file of several games, read and waiting for the person to say which
/// one to open.
#[derive(Clone, Debug)]
struct SeveralGames {
    path: String,
    /// The text of each game, in the file's order.
    records: Vec<String>,
}

/// Where a game being opened comes from: a file of one game, or one game of
/// a file of several.
#[derive(Clone, Debug)]
enum Source {
    File(String),
    GameOf { path: String, game: usize },
}

impl Source {
    /// What leads a message about the game's contents, as `carolus replay`
    /// words it: the file's name, and the game's number in a file of
    /// several.
    fn prefix(&self, tr: &Catalog) -> String {
        match self {
            Source::File(path) => path.clone(),
            Source::GameOf { path, game } => {
                tr!(tr, "tui-file-game", path = path, game = *game)
            }
        }
    }

    /// The game as a notice names it.
    fn described(&self, tr: &Catalog) -> String {
        match self {
            Source::File(path) => path.clone(),
            Source::GameOf { path, game } => {
                tr!(tr, "tui-game-of-file", game = *game, path = path)
            }
        }
    }

    /// The file that saving should suggest next: the one opened, but never
    /// a file of several games, which a save would overwrite with one.
    fn path_to_save(&self) -> Option<String> {
        match self {
            Source::File(path) => Some(path.clone()),
            Source::GameOf { .. } => None,
        }
    }
}

/// The step a person is at in the decision at hand; the cursors index the
/// options of the `choices` module.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// Nothing to decide for a person: a computer plays, or the game is over.
    Wait,
    Disc {
        cursor: usize,
    },
    Joker {
        cursor: usize,
    },
    /// Choosing which family to place.
    Family {
        cursor: usize,
    },
    /// Choosing where the knight of `family` goes.
    Destination {
        family: Family,
        cursor: usize,
    },
    Emperor {
        cursor: usize,
    },
}

/// How a message is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MessageKind {
    /// A refusal or failure.
    Error,
    /// Information, such as a hint or "saved".
    Notice,
}

/// The line under the prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub kind: MessageKind,
    pub text: String,
}

/// A computer player at work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thinking {
    pub id: u64,
    pub seat: Seat,
    pub level: Level,
    pub purpose: Purpose,
    /// When it started, in the time of [`Event::Tick`].
    pub since: Duration,
}

/// The latest estimate of a computer player: everyone's chances to win.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Who estimated (the seat it played or hinted for).
    pub seat: Seat,
    pub level: Level,
    pub purpose: Purpose,
    /// Chance of winning by seat, summing to 1.
    pub win: Vec<f64>,
    /// The moves it weighed, best first (at most a few).
    pub candidates: Vec<Candidate>,
    /// Iterations or positions searched.
    pub iterations: u64,
    /// The position the estimate is about.
    pub game: Game,
}

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
    hint: Option<Move>,
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
}

/// How far a scrolling key moves down a text: a line or a page.
fn scroll_step(key: Key) -> Option<i16> {
    match key {
        Key::Up => Some(-1),
        Key::Down => Some(1),
        Key::PageUp => Some(-10),
        Key::PageDown => Some(10),
        _ => None,
    }
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
        };
        let draw_seed = rng.next_u64();
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

    // ----- Reading the state ----------------------------------------------

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

    pub fn theme(&self) -> Theme {
        self.theme
    }

    /// The messages of the game's language.
    pub fn tr(&self) -> &'static Catalog {
        self.tr
    }

    pub fn screen(&self) -> &Screen {
        &self.screen
    }

    pub fn pick(&self) -> Pick {
        self.pick
    }

    pub fn log(&self) -> &[Entry] {
        &self.log
    }

    pub fn log_scroll(&self) -> usize {
        self.log_scroll
    }

    pub fn message(&self) -> Option<&Message> {
        self.message.as_ref()
    }

    pub fn thinking(&self) -> Option<Thinking> {
        self.thinking
    }

    pub fn estimate(&self) -> Option<&Estimate> {
        self.estimate.as_ref()
    }

    /// The estimates made during this game, for the win-chance graph.
    pub fn trail(&self) -> &Trail {
        self.session.trail()
    }

    /// The move a hint suggested for the decision at hand.
    pub fn hint(&self) -> Option<Move> {
        self.hint
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

    /// Whether there are moves an undo took back that Ctrl-R plays again.
    pub fn can_redo(&self) -> bool {
        self.session.can_redo()
    }

    /// Whether a person plays `seat`.
    pub fn is_human(&self, seat: Seat) -> bool {
        self.session.is_human(seat)
    }

    /// The level of the computer player at `seat`, if one plays it.
    pub fn ai_level(&self, seat: Seat) -> Option<Level> {
        self.session.level(seat)
    }

    /// The move the cursor is on, if the cursor is on a complete move.
    pub fn selected_move(&self) -> Option<Move> {
        let game = self.game();
        match self.pick {
            Pick::Wait | Pick::Family { .. } => None,
            Pick::Disc { cursor } => choices::discs(game).get(cursor).map(|&d| Move::Disc(d)),
            Pick::Joker { cursor } => choices::joker_families(game)
                .get(cursor)
                .map(|&f| Move::Joker(f)),
            Pick::Destination { family, cursor } => choices::destinations(game, family)
                .get(cursor)
                .map(|&to| Move::Place { family, to }),
            Pick::Emperor { cursor } => choices::steps(game)
                .get(cursor)
                .map(|&steps| Move::Emperor { steps }),
        }
    }

    /// The region index the cursor points at on the ring, if any.
    pub fn cursor_region(&self) -> Option<usize> {
        let game = self.game();
        match self.selected_move()? {
            Move::Place { to, .. } => choices::region_of(game, to),
            Move::Emperor { steps } => crate::preview::landing(game, steps),
            _ => None,
        }
    }

    // ----- Events ---------------------------------------------------------

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
            Event::Saved(result) => {
                match result {
                    Ok(path) => {
                        self.dirty = false;
                        self.may_replace = None;
                        self.path = Some(path.clone());
                        if let Some(kept) = self.recovered.take().filter(|kept| *kept != path) {
                            self.notice(tr!(self.tr, "tui-saved-recovered", path = &path));
                            return vec![Effect::Forget { path: kept }];
                        }
                        self.notice(tr!(self.tr, "tui-saved", path = &path));
                    }
                    Err(error) => self.refuse(tr!(self.tr, "tui-save-failed", error = error)),
                }
                Vec::new()
            }
            Event::SaveWouldReplace { path } => {
                self.refuse(tr!(self.tr, "tui-save-would-replace", path = &path));
                self.may_replace = Some(path);
                Vec::new()
            }
            Event::Loaded { path, text } => self.on_loaded(path, text),
            Event::Key(key) => self.on_key(key),
            Event::Click { x, y } => self.on_click(x, y),
            Event::Scroll { up } => {
                self.scroll(up, 3);
                Vec::new()
            }
        }
    }

    fn on_key(&mut self, key: Key) -> Vec<Effect> {
        if key == Key::Ctrl('c') {
            // Ctrl-C does not ask; the event loop keeps the unsaved moves.
            self.left_unsaved = self.dirty && !self.game().is_over();
            return self.quit_now();
        }
        match self.screen.clone() {
            // The help text scrolls down from its top; the log scrolls up
            // from its newest line. Any other key goes back to the board.
            Screen::Help { scroll } => {
                self.screen = match (key, scroll_step(key)) {
                    (Key::Char(' '), _) => Screen::Help {
                        scroll: scroll.saturating_add(10),
                    },
                    (Key::Home, _) => Screen::Help { scroll: 0 },
                    (_, Some(step)) => Screen::Help {
                        scroll: scroll.saturating_add_signed(step),
                    },
                    (_, None) => Screen::Board,
                };
                Vec::new()
            }
            Screen::Log { scroll } => {
                self.screen = match (key, scroll_step(key)) {
                    (Key::End, _) => Screen::Log { scroll: 0 },
                    (_, Some(step)) => Screen::Log {
                        scroll: scroll.saturating_add_signed(-isize::from(step)),
                    },
                    (_, None) => Screen::Board,
                };
                Vec::new()
            }
            Screen::Prompt { kind, mut text } => match key {
                Key::Esc => {
                    self.screen = Screen::Board;
                    self.several = None;
                    Vec::new()
                }
                Key::Enter => self.submit(kind, text),
                Key::Backspace => {
                    text.pop();
                    self.screen = Screen::Prompt { kind, text };
                    Vec::new()
                }
                Key::Ctrl('u') => {
                    self.screen = Screen::Prompt {
                        kind,
                        text: String::new(),
                    };
                    Vec::new()
                }
                Key::Char(c) if !c.is_control() && text.chars().count() < 240 => {
                    text.push(c);
                    self.screen = Screen::Prompt { kind, text };
                    Vec::new()
                }
                _ => Vec::new(),
            },
            Screen::Chances => {
                self.screen = Screen::Board;
                Vec::new()
            }
            Screen::Confirm(leaving) => match key {
                Key::Char('y' | 'Y') | Key::Enter => self.leave(leaving),
                Key::Char('q') if leaving == Leaving::Quit => self.leave(leaving),
                _ => {
                    self.screen = Screen::Board;
                    Vec::new()
                }
            },
            Screen::Result => match key {
                Key::Char('q') => self.quit_now(),
                Key::Char('s') => self.open_prompt(PromptKind::Save),
                Key::Char('o') => self.ask_before(Leaving::Open),
                Key::Char('n') => self.ask_before(Leaving::NewGame),
                Key::Char('u') => self.undo(),
                Key::Ctrl('r') => self.redo(),
                Key::Char('?') | Key::F(1) => {
                    self.screen = Screen::Help { scroll: 0 };
                    Vec::new()
                }
                Key::Char('w') => {
                    self.screen = Screen::Chances;
                    Vec::new()
                }
                _ => {
                    self.screen = Screen::Board;
                    Vec::new()
                }
            },
            Screen::Board => self.on_board_key(key),
        }
    }

    fn on_board_key(&mut self, key: Key) -> Vec<Effect> {
        match key {
            Key::Char('?') | Key::F(1) => {
                self.screen = Screen::Help { scroll: 0 };
                return Vec::new();
            }
            Key::Char('l') => {
                self.screen = Screen::Log { scroll: 0 };
                return Vec::new();
            }
            Key::Char('w') => {
                self.screen = Screen::Chances;
                return Vec::new();
            }
            Key::Char('q') => return self.ask_before(Leaving::Quit),
            Key::Char('s') => return self.open_prompt(PromptKind::Save),
            Key::Char('o') => return self.ask_before(Leaving::Open),
            Key::Char('n') => return self.ask_before(Leaving::NewGame),
            Key::Char('u') => return self.undo(),
            Key::Ctrl('r') => return self.redo(),
            Key::Char('h') => return self.ask_hint(),
            Key::Char('e') if self.game().is_over() => {
                self.screen = Screen::Result;
                return Vec::new();
            }
            Key::PageUp => {
                self.scroll(true, 5);
                return Vec::new();
            }
            Key::PageDown => {
                self.scroll(false, 5);
                return Vec::new();
            }
            _ => {}
        }
        if self.human_to_act().is_none() {
            if key == Key::Esc {
                self.message = None;
            } else if let Some(thinking) = self.thinking.filter(|t| t.purpose == Purpose::Play) {
                let name = words::seat_name(self.seats(), thinking.seat).to_owned();
                self.refuse(tr!(self.tr, "tui-refuse-thinking", name = name));
            } else if self.game().is_over() {
                self.refuse(tr!(self.tr, "tui-refuse-over"));
            }
            return Vec::new();
        }
        self.on_pick_key(key)
    }

    /// Keys that move the cursor or decide, while a person is to act.
    fn on_pick_key(&mut self, key: Key) -> Vec<Effect> {
        let count = self.option_count();
        match key {
            Key::Left | Key::Up | Key::BackTab => self.move_cursor(-1, count),
            Key::Right | Key::Down | Key::Tab => self.move_cursor(1, count),
            Key::Home => self.set_cursor(0),
            Key::End => self.set_cursor(count.saturating_sub(1)),
            Key::Enter | Key::Char(' ') => return self.confirm(),
            Key::Esc => {
                if let Pick::Destination { family, .. } = self.pick {
                    let cursor = self.family_cursor(family);
                    self.pick = Pick::Family { cursor };
                }
                self.message = None;
            }
            Key::Char(c) if c.is_ascii_digit() => self.on_digit(c as u8 - b'0'),
            Key::Char(c) => {
                if let Some(family) = Family::from_letter(c.to_ascii_uppercase()) {
                    return self.on_family_letter(family);
                } else if c == 'c' && matches!(self.pick, Pick::Destination { .. }) {
                    self.choose_destination(Destination::Court);
                } else {
                    self.refuse(tr!(self.tr, "tui-refuse-key", key = c.to_string()));
                }
            }
            _ => {}
        }
        Vec::new()
    }

    /// How many options the current step has.
    pub fn option_count(&self) -> usize {
        let game = self.game();
        match self.pick {
            Pick::Wait => 0,
            Pick::Disc { .. } => choices::discs(game).len(),
            Pick::Joker { .. } => choices::joker_families(game).len(),
            Pick::Family { .. } => choices::families(game).len(),
            Pick::Destination { family, .. } => choices::destinations(game, family).len(),
            Pick::Emperor { .. } => choices::steps(game).len(),
        }
    }

    fn move_cursor(&mut self, delta: isize, count: usize) {
        if count == 0 {
            return;
        }
        let cursor = self.cursor().unwrap_or(0) as isize;
        let next = (cursor + delta).rem_euclid(count as isize) as usize;
        self.set_cursor(next);
    }

    fn cursor(&self) -> Option<usize> {
        match self.pick {
            Pick::Wait => None,
            Pick::Disc { cursor }
            | Pick::Joker { cursor }
            | Pick::Family { cursor }
            | Pick::Destination { cursor, .. }
            | Pick::Emperor { cursor } => Some(cursor),
        }
    }

    fn set_cursor(&mut self, value: usize) {
        self.typed = 0;
        match &mut self.pick {
            Pick::Wait => {}
            Pick::Disc { cursor }
            | Pick::Joker { cursor }
            | Pick::Family { cursor }
            | Pick::Destination { cursor, .. }
            | Pick::Emperor { cursor } => *cursor = value,
        }
    }

    /// A digit: a disc, a number of steps, or a territory (two digits for
    /// 10–15, typed one after the other).
    fn on_digit(&mut self, digit: u8) {
        let game = self.game().clone();
        match self.pick {
            Pick::Disc { .. } => {
                let Some(disc) = Disc::new(digit) else {
                    self.refuse(tr!(self.tr, "tui-refuse-no-disc", disc = digit));
                    return;
                };
                match choices::discs(&game).iter().position(|&d| d == disc) {
                    Some(index) => self.set_cursor(index),
                    None => self.refuse_move(&game, Move::Disc(disc)),
                }
            }
            Pick::Emperor { .. } => {
                let steps = choices::steps(&game);
                match steps.iter().position(|&s| s == digit) {
                    Some(index) => self.set_cursor(index),
                    None => {
                        let most = steps.last().copied().unwrap_or(1);
                        self.refuse(tr!(self.tr, "tui-refuse-steps", most = most, steps = digit));
                    }
                }
            }
            Pick::Destination { family, .. } => {
                let number = match self.typed * 10 + digit {
                    n @ 10..=15 if self.typed > 0 => n,
                    _ => digit,
                };
                let Some(territory) = Territory::new(number) else {
                    self.typed = 0;
                    self.refuse(tr!(self.tr, "tui-refuse-territory-zero"));
                    return;
                };
                let index = game.region_index(territory);
                let destinations = choices::destinations(&game, family);
                if let Some(cursor) = destinations
                    .iter()
                    .position(|&to| choices::region_of(&game, to) == Some(index))
                {
                    self.set_cursor(cursor);
                    self.message = None;
                }
                // Remember a leading 1, which may begin 10 to 15.
                self.typed = if number == 1 { 1 } else { 0 };
            }
            Pick::Joker { .. } | Pick::Family { .. } => {
                self.refuse(tr!(self.tr, "tui-refuse-digit-family"));
            }
            Pick::Wait => {}
        }
    }

    /// A family's letter chooses that family at once, wherever a family
    /// is asked for: a joker becomes it, and a knight of it is taken from
    /// the reserve to be placed. (Digits only move the cursor, since a
    /// number is often typed on the way to another, such as 1 before 12.)
    fn on_family_letter(&mut self, family: Family) -> Vec<Effect> {
        let game = self.game().clone();
        match self.pick {
            Pick::Joker { .. } => {
                if choices::joker_families(&game).contains(&family) {
                    return self.play_human(Move::Joker(family));
                }
                self.refuse_move(&game, Move::Joker(family));
            }
            Pick::Family { .. } | Pick::Destination { .. } => {
                if choices::families(&game).contains(&family) {
                    self.pick = Pick::Destination {
                        family,
                        cursor: self.destination_cursor(family),
                    };
                    self.message = None;
                } else {
                    self.refuse(tr!(
                        self.tr,
                        "tui-refuse-not-in-reserve",
                        family = words::family_word(self.tr, family)
                    ));
                }
            }
            Pick::Disc { .. } => self.refuse(tr!(self.tr, "tui-refuse-letter-disc")),
            Pick::Emperor { .. } => self.refuse(tr!(self.tr, "tui-refuse-letter-emperor")),
            Pick::Wait => {}
        }
        Vec::new()
    }

    /// Where the cursor starts for a knight of `family`: the last place a
    /// knight went, else the court.
    fn destination_cursor(&self, family: Family) -> usize {
        let game = self.game();
        let destinations = choices::destinations(game, family);
        self.last_destination
            .map(|last| game.canonical(Move::Place { family, to: last }))
            .and_then(|mv| match mv {
                Move::Place { to, .. } => destinations.iter().position(|&d| d == to),
                _ => None,
            })
            .unwrap_or(0)
    }

    fn family_cursor(&self, family: Family) -> usize {
        choices::families(self.game())
            .iter()
            .position(|&f| f == family)
            .unwrap_or(0)
    }

    fn choose_destination(&mut self, to: Destination) {
        let Pick::Destination { family, .. } = self.pick else {
            return;
        };
        let game = self.game();
        if let Some(cursor) = choices::destinations(game, family)
            .iter()
            .position(|&d| d == to)
        {
            self.set_cursor(cursor);
        }
    }

    /// Enter: takes the step the cursor is on.
    fn confirm(&mut self) -> Vec<Effect> {
        if let Pick::Family { cursor } = self.pick {
            if let Some(&family) = choices::families(self.game()).get(cursor) {
                self.pick = Pick::Destination {
                    family,
                    cursor: self.destination_cursor(family),
                };
            }
            return Vec::new();
        }
        match self.selected_move() {
            Some(mv) => self.play_human(mv),
            None => Vec::new(),
        }
    }

    fn refuse(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            kind: MessageKind::Error,
            text: text.into(),
        });
    }

    fn notice(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            kind: MessageKind::Notice,
            text: text.into(),
        });
    }

    /// Refuses `mv` with the engine's own reason.
    fn refuse_move(&mut self, game: &Game, mv: Move) {
        let reason = match game.check(&mv) {
            Err(error) => words::illegal_words(self.tr, self.seats(), &error),
            Ok(()) => tr!(self.tr, "tui-illegal-other"),
        };
        self.refuse(tr!(
            self.tr,
            "tui-refuse-move",
            action = words::move_words(self.tr, game, mv),
            reason = reason
        ));
    }

    // ----- Playing --------------------------------------------------------

    fn play_human(&mut self, mv: Move) -> Vec<Effect> {
        let mut effects = Vec::new();
        if self.thinking.take().is_some() {
            // A hint still being worked out is for a position about to go.
            effects.push(Effect::CancelThinking);
        }
        if let Move::Place { to, .. } = mv {
            self.last_destination = Some(to);
        }
        match self.apply(mv) {
            Ok(()) => {
                self.message = None;
                effects.extend(self.advance());
            }
            Err(error) => self.refuse(error),
        }
        effects
    }

    /// Plays `mv` and writes it into the log.
    fn apply(&mut self, mv: Move) -> Result<(), String> {
        let before = self.game().clone();
        let index = self.record().moves.len();
        let result = self.session.play(mv);
        result.map_err(|error| {
            tr!(
                self.tr,
                "tui-move-failed",
                token = mv.to_string(),
                reason = words::illegal_words(self.tr, self.seats(), &error)
            )
        })?;
        self.log_played(before, index, &[mv]);
        self.decided();
        Ok(())
    }

    /// Writes `moves`, played from `before` as the record's moves from
    /// `index` on, into the log.
    fn log_played(&mut self, mut before: Game, index: usize, moves: &[Move]) {
        for (offset, &mv) in moves.iter().enumerate() {
            let seats = self.session.seats();
            self.log
                .extend(words::describe(self.tr, &before, mv, index + offset, seats));
            if before.play(mv).is_err() {
                break;
            }
        }
    }

    /// After decisions were played: the game has moves nobody saved, a
    /// hint is for a position gone, and the log shows the newest lines.
    fn decided(&mut self) {
        self.dirty = true;
        self.hint = None;
        self.log_scroll = 0;
    }

    /// After a move: the draws that are due, the next person's first step,
    /// the result screen, or the next computer's thinking.
    fn advance(&mut self) -> Vec<Effect> {
        let before = self.game().clone();
        let start = self.record().moves.len();
        let drawn = self.session.draw_while_due();
        if !drawn.is_empty() {
            self.log_played(before, start, &drawn);
        }
        self.reset_pick();
        // A refusal from while the computer was thinking is stale once it
        // is a person's turn again.
        if self.human_to_act().is_some()
            && self
                .message
                .as_ref()
                .is_some_and(|m| m.kind == MessageKind::Error)
        {
            self.message = None;
        }
        if self.game().is_over() {
            if self.screen == Screen::Board {
                self.screen = Screen::Result;
            }
            return Vec::new();
        }
        self.schedule()
    }

    /// The first step of the decision at hand, for a person.
    fn reset_pick(&mut self) {
        self.typed = 0;
        if self.human_to_act().is_none() {
            self.pick = Pick::Wait;
            return;
        }
        let previous = self.pick;
        self.pick = match self.game().phase() {
            Phase::Disc => Pick::Disc { cursor: 0 },
            Phase::Joker => Pick::Joker { cursor: 0 },
            Phase::Place => {
                // Placing several knights of one family in a row is common,
                // so the cursor stays on the family just placed.
                let cursor = match previous {
                    Pick::Destination { family, .. } => self.family_cursor(family),
                    _ => 0,
                };
                Pick::Family { cursor }
            }
            Phase::Move => Pick::Emperor { cursor: 0 },
            Phase::Draw | Phase::Over => Pick::Wait,
        };
    }

    /// Asks a computer player for its move if one is to act.
    fn schedule(&mut self) -> Vec<Effect> {
        if self.thinking.is_some() {
            return Vec::new();
        }
        match self.session.computer_to_act() {
            Some((seat, level)) => vec![self.think(seat, level, Purpose::Play)],
            None => Vec::new(),
        }
    }

    fn think(&mut self, seat: Seat, level: Level, purpose: Purpose) -> Effect {
        let id = self.next_id;
        self.next_id += 1;
        self.thinking = Some(Thinking {
            id,
            seat,
            level,
            purpose,
            since: self.now,
        });
        Effect::Think(Box::new(ThinkRequest {
            id,
            seat,
            level,
            purpose,
            game: self.game().clone(),
        }))
    }

    fn on_thought(&mut self, reply: ThinkReply) -> Vec<Effect> {
        let Some(thinking) = self.thinking.filter(|t| t.id == reply.id) else {
            return Vec::new();
        };
        self.thinking = None;
        let game = self.game().clone();
        let analysis = match reply.result {
            Ok(analysis) => Some(analysis),
            Err(error) => {
                self.refuse(tr!(self.tr, "tui-computer-failed", error = error));
                None
            }
        };
        if let Some(analysis) = &analysis {
            self.session.record_estimate(analysis.win.clone());
            self.estimate = Some(Estimate {
                seat: thinking.seat,
                level: thinking.level,
                purpose: thinking.purpose,
                win: analysis.win.clone(),
                candidates: analysis.candidates.iter().take(8).cloned().collect(),
                iterations: analysis.iterations,
                game: game.clone(),
            });
        }
        match thinking.purpose {
            Purpose::Hint => {
                if let Some(analysis) = analysis {
                    self.show_hint(&game, thinking.seat, analysis.best, &analysis.win);
                }
                Vec::new()
            }
            Purpose::Play => {
                // A computer player that failed (its move is checked by
                // `carolus_ai::think`) would stall the game; the first legal
                // move keeps it going, and the message says what happened.
                let chosen = match analysis {
                    Some(analysis) => Some(analysis.best),
                    None => game.legal_moves().first().copied(),
                };
                let Some(mv) = chosen else {
                    return Vec::new();
                };
                match self.apply(mv) {
                    Ok(()) => self.advance(),
                    Err(error) => {
                        self.refuse(error);
                        Vec::new()
                    }
                }
            }
        }
    }

    fn show_hint(&mut self, game: &Game, seat: Seat, mv: Move, win: &[f64]) {
        self.hint = Some(mv);
        let action = words::move_words(self.tr, game, mv);
        let text = match estimates::seat_chance(game, win, seat) {
            Some(chance) => tr!(
                self.tr,
                "tui-hint-chance",
                action = action,
                percent = format!("{:.0}", chance * 100.0)
            ),
            None => tr!(self.tr, "tui-hint", action = action),
        };
        self.notice(text);
        // Point the cursor at the suggestion; Enter then plays it.
        match mv {
            Move::Disc(disc) => {
                if let Some(i) = choices::discs(game).iter().position(|&d| d == disc) {
                    self.pick = Pick::Disc { cursor: i };
                }
            }
            Move::Joker(family) => {
                if let Some(i) = choices::joker_families(game)
                    .iter()
                    .position(|&f| f == family)
                {
                    self.pick = Pick::Joker { cursor: i };
                }
            }
            Move::Place { family, to } => {
                if let Some(i) = choices::destinations(game, family)
                    .iter()
                    .position(|&d| d == to)
                {
                    self.pick = Pick::Destination { family, cursor: i };
                }
            }
            Move::Emperor { steps } => {
                if let Some(i) = choices::steps(game).iter().position(|&s| s == steps) {
                    self.pick = Pick::Emperor { cursor: i };
                }
            }
            Move::Draw(_) => {}
        }
    }

    fn ask_hint(&mut self) -> Vec<Effect> {
        let Some(seat) = self.human_to_act() else {
            self.refuse(tr!(self.tr, "tui-hint-not-yours"));
            return Vec::new();
        };
        if self.thinking.is_some() {
            self.notice(tr!(self.tr, "tui-hint-still"));
            return Vec::new();
        }
        self.notice(tr!(self.tr, "tui-hint-thinking"));
        let level = self.session.hint_level();
        vec![self.think(seat, level, Purpose::Hint)]
    }

    // ----- Undo, save, load, quit -----------------------------------------

    /// Takes back everything since the last decision a person made.
    fn undo(&mut self) -> Vec<Effect> {
        let undone = match self.session.undo() {
            Ok(undone) => undone,
            Err(UndoError::NoDecision) => {
                self.refuse(tr!(self.tr, "tui-undo-nothing"));
                return Vec::new();
            }
            Err(UndoError::Replay(error)) => {
                self.refuse(tr!(self.tr, "tui-undo-failed", error = error.to_string()));
                return Vec::new();
            }
        };
        let mut effects = Vec::new();
        if self.thinking.take().is_some() {
            effects.push(Effect::CancelThinking);
        }
        self.log.retain(|entry| entry.index < undone.index);
        self.log_scroll = 0;
        self.hint = None;
        self.dirty = true;
        self.screen = Screen::Board;
        self.pick = Pick::Wait;
        self.reset_pick();
        let mover = self.name_to_act();
        self.notice(tr!(
            self.tr,
            "tui-undone",
            count = undone.taken,
            name = mover
        ));
        effects.extend(self.schedule());
        effects
    }

    /// The name of the seat to decide, or nothing when the game is over.
    fn name_to_act(&self) -> String {
        self.game()
            .to_act()
            .map(|seat| words::seat_name(self.seats(), seat).to_owned())
            .unwrap_or_default()
    }

    /// Plays again what undo took back: the person's decision and every
    /// move after it, up to the next decision a person makes.
    fn redo(&mut self) -> Vec<Effect> {
        if !self.session.can_redo() {
            self.refuse(tr!(self.tr, "tui-redo-nothing"));
            return Vec::new();
        }
        let mut effects = Vec::new();
        if self.thinking.take().is_some() {
            effects.push(Effect::CancelThinking);
        }
        let before = self.game().clone();
        let redone = match self.session.redo() {
            Ok(redone) => redone,
            Err(RedoError::Nothing) => return effects,
        };
        if !redone.moves.is_empty() {
            self.log_played(before, redone.index, &redone.moves);
            self.decided();
        }
        if let Some((mv, error)) = redone.stopped {
            let reason = words::illegal_words(self.tr, self.seats(), &error);
            self.refuse(tr!(
                self.tr,
                "tui-redo-stopped",
                token = mv.to_string(),
                reason = reason
            ));
        }
        self.screen = Screen::Board;
        let replayed = redone.moves.len();
        if replayed > 0 {
            let mover = self.name_to_act();
            self.notice(if mover.is_empty() {
                tr!(self.tr, "tui-redone-over", count = replayed)
            } else {
                tr!(self.tr, "tui-redone", count = replayed, name = mover)
            });
        }
        effects.extend(self.advance());
        effects
    }

    /// Offers `path` as the file `o` opens, saying so with `notice`; the
    /// event loop offers a game kept when a terminal went away.
    pub fn offer_to_open(&mut self, path: &str, notice: String) {
        self.offered = Some(path.to_owned());
        self.notice(notice);
    }

    fn open_prompt(&mut self, kind: PromptKind) -> Vec<Effect> {
        let offered = match kind {
            PromptKind::Load => self.offered.clone(),
            PromptKind::Save => self.may_replace.clone(),
            PromptKind::Game { .. } => None,
        };
        let text = offered
            .or_else(|| self.path.clone())
            .unwrap_or_else(|| format!("carolus-{}.json", self.seed));
        self.screen = Screen::Prompt { kind, text };
        Vec::new()
    }

    fn submit(&mut self, kind: PromptKind, text: String) -> Vec<Effect> {
        let path = text.trim().to_owned();
        self.screen = Screen::Board;
        if let PromptKind::Game { .. } = kind {
            return self.open_one_of_several(&path);
        }
        if path.is_empty() {
            self.refuse(tr!(self.tr, "tui-no-file-name"));
            return Vec::new();
        }
        match kind {
            PromptKind::Save => {
                // The game's own file, or one the person was asked about,
                // may be replaced; any other existing file is asked about.
                let replace = self.path.as_deref() == Some(path.as_str())
                    || self.may_replace.as_deref() == Some(path.as_str());
                vec![Effect::Save {
                    path,
                    text: self.save_text(),
                    replace,
                }]
            }
            PromptKind::Load => vec![Effect::Load { path }],
            PromptKind::Game { .. } => Vec::new(),
        }
    }

    /// The file of several games whose game is being asked for, if any.
    pub fn several_games_path(&self) -> Option<&str> {
        self.several.as_ref().map(|several| several.path.as_str())
    }

    /// Opens game `typed` (from 1) of the file of several games waiting in
    /// `several`; a number out of range, or a game that does not read, is
    /// refused and the file forgotten, so that `o` starts afresh.
    fn open_one_of_several(&mut self, typed: &str) -> Vec<Effect> {
        let Some(SeveralGames { path, records }) = self.several.take() else {
            return Vec::new();
        };
        let chosen = typed
            .parse::<usize>()
            .ok()
            .and_then(|game| Some((game, records.get(game.checked_sub(1)?)?)));
        let Some((game, text)) = chosen else {
            self.refuse(tr!(
                self.tr,
                "tui-several-out-of-range",
                path = &path,
                count = records.len(),
                typed = format!("{typed:?}")
            ));
            return Vec::new();
        };
        let source = Source::GameOf { path, game };
        match Record::from_json(text) {
            Ok(record) => self.open_record(record, source),
            Err(error) => {
                self.refuse(format!("{}: {error}", source.prefix(self.tr)));
                Vec::new()
            }
        }
    }

    /// Whether moves were played since the game was last saved or loaded.
    pub fn has_unsaved_moves(&self) -> bool {
        self.dirty
    }

    /// Whether the person quit without being asked (Ctrl-C) while moves
    /// were unsaved, which the event loop keeps in a recovery file.
    pub fn left_unsaved_moves(&self) -> bool {
        self.left_unsaved
    }

    /// The game as a saved file holds it: the record with the names, the
    /// seed and the estimates, indented, ending in a newline.
    pub fn save_text(&self) -> String {
        let mut text = self.record().to_json_pretty();
        text.push('\n');
        text
    }

    /// Notes the game's seed in the record's `meta`, unless the record
    /// came with one.
    fn note_seed(&mut self) {
        let seed = Value::String(self.seed.to_string());
        self.session.add_meta("seed", seed);
    }

    fn on_loaded(&mut self, path: String, text: Result<String, String>) -> Vec<Effect> {
        let text = match text {
            Ok(text) => text,
            Err(error) => {
                self.refuse(tr!(self.tr, "tui-read-failed", path = &path, error = error));
                return Vec::new();
            }
        };
        let error = match Record::from_json(&text) {
            Ok(record) => return self.open_record(record, Source::File(path)),
            Err(error) => error,
        };
        // Match records and `carolus random` write one game a line, which
        // does not read as one record: ask which game to open.
        let stream = RecordStream::scan(&text);
        if stream.complete() < 2 {
            self.refuse(format!("{path}: {error}"));
            return Vec::new();
        }
        let records: Vec<String> = (0..stream.complete())
            .filter_map(|index| stream.get(index))
            .map(str::to_owned)
            .collect();
        let count = records.len();
        self.several = Some(SeveralGames { path, records });
        self.screen = Screen::Prompt {
            kind: PromptKind::Game { count },
            text: String::new(),
        };
        Vec::new()
    }

    /// Opens the game of `record`, which came from `source`; a record that
    /// does not replay is refused with the reason and the game on the table
    /// stays as it was.
    fn open_record(&mut self, record: Record, source: Source) -> Vec<Effect> {
        let names = record.names.clone();
        let saved_ai = match session::saved_levels(&record) {
            Ok(saved) => saved,
            Err(error) => {
                self.refuse(format!("{}: {error}", source.prefix(self.tr)));
                return Vec::new();
            }
        };
        let game = match RecordedGame::from_record(record) {
            Ok(game) => game,
            Err(error) => {
                self.refuse(format!("{}: {error}", source.prefix(self.tr)));
                return Vec::new();
            }
        };
        let players = game.game().players();
        // The computer players sit where the record says they sat; a record
        // that does not say (written before it was kept, or elsewhere)
        // keeps those of the table at their seats.
        let ai: Vec<(usize, Level)> = saved_ai.unwrap_or_else(|| {
            self.seats()
                .iter()
                .enumerate()
                .filter_map(|(i, s)| match s.kind {
                    SeatKind::Ai { level } if i < players => Some((i, level)),
                    _ => None,
                })
                .collect()
        });
        let names = names.filter(|n| n.len() == players).or_else(|| {
            (self.seats().len() == players)
                .then(|| self.seats().iter().map(|s| s.name.clone()).collect())
        });
        let seats = match session::seats(players, names.as_deref(), &ai) {
            Ok(seats) => seats,
            Err(_) => match session::seats(players, None, &ai) {
                Ok(seats) => seats,
                Err(error) => {
                    self.refuse(format!("{}: {error}", source.prefix(self.tr)));
                    return Vec::new();
                }
            },
        };
        let opened = match table(game, self.draw_seed, seats) {
            Ok(opened) => opened,
            Err(error) => {
                self.refuse(format!("{}: {error}", source.prefix(self.tr)));
                return Vec::new();
            }
        };
        let mut effects = Vec::new();
        if self.thinking.take().is_some() {
            effects.push(Effect::CancelThinking);
        }
        let unread = opened.unread_estimates().map(str::to_owned);
        self.session = opened;
        self.note_seed();
        self.log = history::log_of(self.tr, self.record(), self.seats());
        self.log_scroll = 0;
        self.estimate = None;
        self.hint = None;
        self.dirty = false;
        self.recovered = match &source {
            Source::File(path) if self.offered.as_deref() == Some(path.as_str()) => {
                Some(path.clone())
            }
            _ => None,
        };
        self.offered = None;
        // A recovered game is saved somewhere of the person's choosing, not
        // back into the data directory, which is offered at every start.
        self.path = match self.recovered {
            Some(_) => None,
            None => source.path_to_save(),
        };
        self.screen = Screen::Board;
        self.pick = Pick::Wait;
        let described = source.described(self.tr);
        match unread {
            None => self.notice(tr!(self.tr, "tui-loaded", game = described)),
            Some(error) => self.notice(tr!(
                self.tr,
                "tui-loaded-without-estimates",
                game = described,
                error = error
            )),
        }
        effects.extend(self.advance());
        effects
    }

    /// Does what `leaving` asks at once if no unsaved move would be left
    /// behind, and otherwise asks first. A finished game's moves are not
    /// asked about: its result has been shown.
    fn ask_before(&mut self, leaving: Leaving) -> Vec<Effect> {
        if self.dirty && !self.game().is_over() {
            self.screen = Screen::Confirm(leaving);
            return Vec::new();
        }
        self.leave(leaving)
    }

    fn leave(&mut self, leaving: Leaving) -> Vec<Effect> {
        match leaving {
            Leaving::Quit => self.quit_now(),
            Leaving::Open => self.open_prompt(PromptKind::Load),
            Leaving::NewGame => self.new_game(),
        }
    }

    /// A new game at this table: the same number of players, the same
    /// names and computer players in the same seats, a new deal.
    fn new_game(&mut self) -> Vec<Effect> {
        let ai: Vec<(usize, Level)> = self
            .seats()
            .iter()
            .enumerate()
            .filter_map(|(seat, info)| match info.kind {
                SeatKind::Ai { level } => Some((seat, level)),
                SeatKind::Human => None,
            })
            .collect();
        let mut config = PlayConfig::new_game(self.game().players(), self.next_seed).with_ai(&ai);
        config.names = Some(self.seats().iter().map(|seat| seat.name.clone()).collect());
        config.colour = self.theme.has_colour();
        config.language = self.tr.language();
        let mut fresh = match App::new(config) {
            Ok(fresh) => fresh,
            Err(error) => {
                self.refuse(tr!(self.tr, "tui-new-game-failed", error = error));
                return Vec::new();
            }
        };
        let mut effects = Vec::new();
        if self.thinking.take().is_some() {
            effects.push(Effect::CancelThinking);
        }
        // The screen, the clock and the numbering of thinking requests go on,
        // so that a late answer about the old game is recognised as stale.
        fresh.area = self.area;
        fresh.now = self.now;
        fresh.next_id = self.next_id;
        *self = fresh;
        self.notice(tr!(self.tr, "tui-new-game", seed = self.seed.to_string()));
        effects.extend(self.advance());
        effects
    }

    fn quit_now(&mut self) -> Vec<Effect> {
        self.quit = true;
        let mut effects = Vec::new();
        if self.thinking.take().is_some() {
            effects.push(Effect::CancelThinking);
        }
        effects.push(Effect::Quit);
        effects
    }

    fn scroll(&mut self, up: bool, lines: usize) {
        match &mut self.screen {
            Screen::Help { scroll } => {
                *scroll = if up {
                    scroll.saturating_sub(lines as u16)
                } else {
                    scroll.saturating_add(lines as u16)
                };
            }
            Screen::Log { scroll } => {
                *scroll = if up {
                    scroll.saturating_add(lines)
                } else {
                    scroll.saturating_sub(lines)
                };
            }
            _ => {
                self.log_scroll = if up {
                    (self.log_scroll + lines).min(self.log.len())
                } else {
                    self.log_scroll.saturating_sub(lines)
                };
            }
        }
    }

    // ----- The mouse --------------------------------------------------------

    fn on_click(&mut self, x: u16, y: u16) -> Vec<Effect> {
        match self.screen {
            Screen::Board => {}
            Screen::Result | Screen::Help { .. } | Screen::Log { .. } | Screen::Chances => {
                self.screen = Screen::Board;
                return Vec::new();
            }
            Screen::Prompt { .. } | Screen::Confirm(_) => return Vec::new(),
        }
        let layout = Layout::compute(self.area);
        if layout.kind == Kind::TooSmall {
            return Vec::new();
        }
        let prompt_row = layout.prompt_row();
        if y == prompt_row.y {
            let action = prompt::buttons(self, prompt_row)
                .into_iter()
                .find(|b| x >= b.x && x < b.x + b.width)
                .map(|b| b.action);
            return match action {
                Some(action) => self.on_action(action),
                None => Vec::new(),
            };
        }
        if let Some(territory) = layout.slot_at(x, y) {
            return self.on_region_click(territory);
        }
        if let Some(seat) = crate::centre::seat_row_at(self, &layout, x, y)
            && self.human_to_act() == Some(seat)
            && matches!(self.pick, Pick::Destination { .. })
        {
            self.choose_destination(Destination::Court);
            return self.confirm();
        }
        Vec::new()
    }

    /// A click on a button of the prompt line.
    pub fn on_action(&mut self, action: Action) -> Vec<Effect> {
        match action {
            Action::Select(index) => {
                if let Pick::Family { .. } = self.pick {
                    self.set_cursor(index);
                    return self.confirm();
                }
                if self.cursor() == Some(index) || !matches!(self.pick, Pick::Emperor { .. }) {
                    self.set_cursor(index);
                    return self.confirm();
                }
                self.set_cursor(index);
                Vec::new()
            }
            Action::Back => {
                self.on_pick_key(Key::Esc);
                Vec::new()
            }
            Action::Result => {
                self.screen = Screen::Result;
                Vec::new()
            }
        }
    }

    fn on_region_click(&mut self, territory_index: usize) -> Vec<Effect> {
        let Some(territory) = Territory::from_index(territory_index) else {
            return Vec::new();
        };
        let game = self.game().clone();
        let region = game.region_index(territory);
        match self.pick {
            Pick::Destination { family, .. } => {
                let destinations = choices::destinations(&game, family);
                match destinations
                    .iter()
                    .position(|&to| choices::region_of(&game, to) == Some(region))
                {
                    Some(index) => {
                        self.set_cursor(index);
                        self.confirm()
                    }
                    None => Vec::new(),
                }
            }
            Pick::Family { .. } => {
                self.refuse(tr!(self.tr, "tui-refuse-region-family"));
                Vec::new()
            }
            Pick::Emperor { cursor } => {
                let steps = choices::steps(&game);
                match steps
                    .iter()
                    .position(|&s| crate::preview::landing(&game, s) == Some(region))
                {
                    Some(index) if index == cursor => self.confirm(),
                    Some(index) => {
                        self.set_cursor(index);
                        Vec::new()
                    }
                    None => {
                        self.refuse(tr!(self.tr, "tui-refuse-unreachable"));
                        Vec::new()
                    }
                }
            }
            _ => Vec::new(),
        }
    }
}
