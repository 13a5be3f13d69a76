//! Saving and opening games: the file-name prompt, the answers of the
//! effects that write and read files, and the choice of one game in a
//! file of several.

use carolus_ai::Level;
use carolus_core::session::{self, SeatKind};
use carolus_l10n::Catalog;
use carolus_rules::{Record, RecordStream, RecordedGame};
use serde_json::Value;

use super::{App, Pick, Screen, table};
use crate::event::{Effect, Key};
use crate::history;

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
pub(super) struct SeveralGames {
    path: String,
    /// The text of each game, in the file's order.
    records: Vec<String>,
}

/// Where a game being opened comes from: a file of one game, or one game of
/// a file of several.
#[derive(Clone, Debug)]
enum Source {
    File(String),
    GameOf {
        path: String,
        game: usize,
    },
    /// The game on the table up to the decision at move `index`, tried
    /// again from the review.
    Review {
        index: usize,
    },
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
            Source::Review { index } => tr!(tr, "tui-review-again", index = *index),
        }
    }

    /// The game as a notice names it.
    fn described(&self, tr: &Catalog) -> String {
        match self {
            Source::File(path) => path.clone(),
            Source::GameOf { path, game } => {
                tr!(tr, "tui-game-of-file", game = *game, path = path)
            }
            Source::Review { index } => tr!(tr, "tui-review-again", index = *index),
        }
    }

    /// The file that saving should suggest next: the one opened, but never
    /// a file of several games, which a save would overwrite with one.
    fn path_to_save(&self) -> Option<String> {
        match self {
            Source::File(path) => Some(path.clone()),
            // Saving the position tried again must not replace the whole
            // game in its file.
            Source::GameOf { .. } | Source::Review { .. } => None,
        }
    }
}

impl App {
    /// A key while a file name (or a game's number) is being typed: Enter
    /// takes it, Esc goes back to the board.
    pub(super) fn on_prompt_key(
        &mut self,
        kind: PromptKind,
        mut text: String,
        key: Key,
    ) -> Vec<Effect> {
        match key {
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
        }
    }

    /// A save finished: the game is saved to `path`, or the save failed.
    pub(super) fn on_saved(&mut self, result: Result<String, String>) -> Vec<Effect> {
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

    /// A save that would have replaced the existing file `path`: saying
    /// so, and letting the next save to it go ahead.
    pub(super) fn on_save_would_replace(&mut self, path: String) -> Vec<Effect> {
        self.refuse(tr!(self.tr, "tui-save-would-replace", path = &path));
        self.may_replace = Some(path);
        Vec::new()
    }

    /// Offers `path` as the file `o` opens, saying so with `notice`; the
    /// event loop offers a game kept when a terminal went away.
    pub fn offer_to_open(&mut self, path: &str, notice: String) {
        self.offered = Some(path.to_owned());
        self.notice(notice);
    }

    /// Asks for a file name, offering the file most likely meant: a kept
    /// game to open, a file the person may replace, or the game's own.
    pub(super) fn open_prompt(&mut self, kind: PromptKind) -> Vec<Effect> {
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

    /// Enter on the file-name prompt: saves, reads or picks a game of a
    /// file of several.
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
    pub(super) fn note_seed(&mut self) {
        let seed = Value::String(self.seed.to_string());
        self.session.add_meta("seed", seed);
    }

    /// A file to open was read: a game opens, a file of several games asks
    /// which one, and anything else is refused with the reason.
    pub(super) fn on_loaded(&mut self, path: String, text: Result<String, String>) -> Vec<Effect> {
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

    /// The game of `record`, the table's game up to its decision at move
    /// `index`, played again from there (the review's `t`).
    pub(super) fn try_again(&mut self, record: Record, index: usize) -> Vec<Effect> {
        self.open_record(record, Source::Review { index })
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
        if self.reviewing.take().is_some() {
            effects.push(Effect::CancelReview);
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
}
