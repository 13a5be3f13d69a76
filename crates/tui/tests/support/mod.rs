//! Helpers shared by the integration tests: drawing the app into ratatui's
//! `TestBackend`, reading the screen back as text, comparing it with the
//! snapshots under `tests/snapshots/`, and driving a session by keys.
//!
//! Snapshots are plain text files, one screen row per line with trailing
//! spaces removed. Run the tests with `UPDATE_SNAPSHOTS=1` to write them
//! afresh after an intended change, then review the diff.

#![allow(dead_code)]

use std::path::PathBuf;

use carolus_ai::Level;
use carolus_rules::{GameRng, Record, RecordedGame, Variant};
use carolus_tui::{
    App, Event, InlineThinker, Key, Language, PlayConfig, Session, Start, ThinkLimits, render,
};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;

/// Draws `app` on a screen of `width`×`height` and returns the buffer.
pub fn buffer(app: &App, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|frame| render(app, frame))
        .expect("drawing never fails on a test terminal");
    terminal.backend().buffer().clone()
}

/// The rows of a buffer as text, without trailing spaces.
pub fn rows(buffer: &Buffer) -> Vec<String> {
    let width = buffer.area.width as usize;
    buffer
        .content
        .chunks(width)
        .map(|cells| {
            let row: String = cells.iter().map(|c| c.symbol()).collect();
            row.trim_end().to_owned()
        })
        .collect()
}

/// The screen of `app` as text.
pub fn screen(app: &App, width: u16, height: u16) -> String {
    let mut text = rows(&buffer(app, width, height)).join("\n");
    text.push('\n');
    text
}

/// Compares `actual` with the snapshot `name`, or writes it when
/// `UPDATE_SNAPSHOTS` is set.
pub fn assert_snapshot(name: &str, actual: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(format!("{name}.txt"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("a snapshot folder");
        std::fs::write(&path, actual).expect("the snapshot is written");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| {
        panic!(
            "no snapshot {}; run with UPDATE_SNAPSHOTS=1 to write it",
            path.display()
        )
    });
    if expected != actual {
        let diff: Vec<String> = expected
            .lines()
            .zip(actual.lines())
            .enumerate()
            .filter(|(_, (e, a))| e != a)
            .map(|(i, (e, a))| format!("row {i}:\n  expected {e:?}\n  actual   {a:?}"))
            .collect();
        panic!(
            "snapshot {name} differs (UPDATE_SNAPSHOTS=1 rewrites it):\n{}\n\nactual screen:\n{actual}",
            diff.join("\n")
        );
    }
}

/// Iteration budgets that make every level reproducible.
pub fn fixed_budget() -> ThinkLimits {
    ThinkLimits {
        time: None,
        iterations: Some(200),
    }
}

/// A fresh, empty directory for one test's files, under the system's
/// temporary directory and named after the test and this process.
pub fn scratch_directory(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("carolus-tui-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the test's directory is created");
    dir
}

/// A session of a new game of `players` with computers at `ai`, as (seat,
/// level number).
pub fn session(players: usize, seed: u64, ai: &[(usize, u8)]) -> Session<InlineThinker> {
    speaking(Language::English, players, seed, ai)
}

/// As [`session`], in `language`.
pub fn speaking(
    language: Language,
    players: usize,
    seed: u64,
    ai: &[(usize, u8)],
) -> Session<InlineThinker> {
    let ai: Vec<(usize, Level)> = ai
        .iter()
        .map(|&(seat, level)| (seat, Level::new(level).expect("a level from 1 to 5")))
        .collect();
    let mut config = PlayConfig::new_game(players, seed).with_ai(&ai);
    config.think = fixed_budget();
    config.language = language;
    let app = App::new(config).expect("a valid configuration");
    let mut session = Session::new(app, InlineThinker::new(seed, fixed_budget()));
    session.send(Event::Resize {
        width: 80,
        height: 24,
    });
    session.start();
    session
}

/// A session continuing `record`, people at every seat.
pub fn session_from(record: Record, seed: u64, colour: bool) -> Session<InlineThinker> {
    session_in(record, seed, colour, Language::English)
}

/// A session continuing `record`, people at every seat, in `language`.
pub fn session_in(
    record: Record,
    seed: u64,
    colour: bool,
    language: Language,
) -> Session<InlineThinker> {
    let mut config = PlayConfig::new_game(record.setup.players, seed);
    config.start = Start::Record(Box::new(record));
    config.colour = colour;
    config.language = language;
    let app = App::new(config).expect("a valid record");
    let mut session = Session::new(app, InlineThinker::new(seed, fixed_budget()));
    session.send(Event::Resize {
        width: 80,
        height: 24,
    });
    session.start();
    session
}

/// Presses a key.
pub fn press(session: &mut Session<InlineThinker>, key: Key) {
    session.send(Event::Key(key));
}

/// Presses the keys of `text`, one character each.
pub fn type_text(session: &mut Session<InlineThinker>, text: &str) {
    for c in text.chars() {
        press(session, Key::Char(c));
    }
}

/// Delivers every computer answer that is ready.
pub fn settle(session: &mut Session<InlineThinker>) {
    while session.pump() {}
}

/// A random game of `players`, played from `seed` until `stop` holds for
/// the position (or the game ends); returns its record.
pub fn random_record(
    players: usize,
    seed: u64,
    stop: impl Fn(&carolus_rules::Game) -> bool,
) -> Option<Record> {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut game = RecordedGame::from_rng(players, Variant::for_players(players), &mut rng).ok()?;
    loop {
        if stop(game.game()) {
            return Some(game.into_record());
        }
        game.play_random(&mut rng)?;
    }
}
