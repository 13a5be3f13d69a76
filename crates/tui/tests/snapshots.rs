//! Rendered positions compared with the text snapshots in
//! `tests/snapshots/`: a fresh game, merged regions across the seam, and a
//! finished team game, each in the compact (80×24) and a wide layout.

mod support;

use carolus_rules::{Game, Phase, Record};
use carolus_tui::{App, Event, PlayConfig, Screen};
use ratatui::style::Color;
use support::{assert_snapshot, buffer, random_record, screen, session_from};

fn fresh_game() -> App {
    let mut config = PlayConfig::new_game(2, 7);
    config.names = Some(vec!["Anna".to_owned(), "Bruno".to_owned()]);
    let mut app = App::new(config).unwrap();
    app.start();
    app
}

/// The first random two-player game (by seed) in which a region spans the
/// seam between territories 15 and 1, at a moment a person must decide.
fn seam_record() -> Record {
    let across_the_seam = |game: &Game| {
        game.regions()[0].first().number() != 1
            && matches!(game.phase(), Phase::Place | Phase::Disc)
    };
    (0..500)
        .find_map(|seed| random_record(2, seed, across_the_seam))
        .expect("some random game merges across the seam")
}

fn finished_team_record() -> Record {
    random_record(4, 3, Game::is_over).expect("a finished team game")
}

#[test]
fn a_fresh_game_compact() {
    assert_snapshot("fresh_80x24", &screen(&fresh_game(), 80, 24));
}

#[test]
fn a_fresh_game_wide() {
    assert_snapshot("fresh_200x60", &screen(&fresh_game(), 200, 60));
}

#[test]
fn merged_regions_across_the_seam() {
    let record = seam_record();
    let session = session_from(record, 1, true);
    let app = session.app();
    let first = &app.game().regions()[0];
    assert!(first.len() >= 2 && first.first().number() != 1);
    let text = screen(app, 80, 24);
    // The border between 15 and 1 is gone: the two top-left slots of the
    // ring are one shape, so no T-junction joins them at the corner.
    assert_snapshot("seam_80x24", &text);
    assert_snapshot("seam_120x40", &screen(app, 120, 40));
}

#[test]
fn a_finished_team_game() {
    let session = session_from(finished_team_record(), 5, true);
    let app = session.app();
    assert!(app.game().is_over());
    assert_eq!(app.screen(), &Screen::Result);
    let text = screen(app, 80, 24);
    assert!(text.contains("Game over"));
    assert!(text.contains("Team 0") && text.contains("Team 1"));
    assert_snapshot("team_over_80x24", &text);
    assert_snapshot("team_over_200x60", &screen(app, 200, 60));
}

#[test]
fn no_color_means_no_colour_at_all() {
    let record = seam_record();
    let session = session_from(record, 1, false);
    for (width, height) in [(80, 24), (200, 60)] {
        let buffer = buffer(session.app(), width, height);
        for cell in &buffer.content {
            assert_eq!(cell.fg, Color::Reset, "a coloured cell: {cell:?}");
            assert_eq!(cell.bg, Color::Reset, "a coloured cell: {cell:?}");
        }
    }
}

#[test]
fn colours_are_never_rgb_or_indexed() {
    let session = session_from(seam_record(), 1, true);
    let buffer = buffer(session.app(), 200, 60);
    for cell in &buffer.content {
        for colour in [cell.fg, cell.bg] {
            assert!(
                !matches!(colour, Color::Rgb(..) | Color::Indexed(_)),
                "{cell:?}"
            );
        }
    }
}

#[test]
fn every_screen_size_draws_without_panicking() {
    let mut app = fresh_game();
    for (width, height) in [
        (1, 1),
        (20, 5),
        (79, 24),
        (80, 23),
        (80, 24),
        (81, 25),
        (119, 31),
        (120, 32),
        (300, 90),
    ] {
        app.handle(Event::Resize { width, height });
        let text = screen(&app, width, height);
        if width < 80 || height < 24 {
            assert!(
                text.contains("needs") || width < 30,
                "{width}×{height}:\n{text}"
            );
        }
    }
}

/// A game of people at `players` seats, round 3 or later, where a person
/// places a knight after every seat has chosen its disc.
fn placing_record(players: usize) -> Record {
    let placing = |game: &Game| game.round() >= 3 && game.phase() == Phase::Place;
    (0..200)
        .find_map(|seed| random_record(players, seed, placing))
        .expect("some random game reaches round 3")
}

#[test]
fn every_screen_shows_what_a_decision_needs_for_every_player_count() {
    for players in [2, 3, 4] {
        let record = placing_record(players);
        let session = session_from(record, 1, true);
        let app = session.app();
        let game = app.game();
        let target = game.config().castle_target;
        for (width, height) in [(80, 24), (100, 32), (170, 45)] {
            let text = screen(app, width, height);
            if width == 80 {
                assert_snapshot(&format!("placing_{players}_80x24"), &text);
            }
            let seen = |what: &str| {
                assert!(
                    text.contains(what),
                    "{players} players at {width}×{height} lack {what:?}:\n{text}"
                );
            };
            // Every seat by its number (the one --ai takes), its whole
            // name and its castle colour; its chosen disc.
            for seat in carolus_rules::Seat::all(players) {
                let name = &app.seats()[seat.index()].name;
                let row = text
                    .lines()
                    .find(|line| {
                        line.contains(&format!(" {}  {name}", seat.index()))
                            || line.contains(&format!(" {}▸ {name}", seat.index()))
                    })
                    .unwrap_or_else(|| {
                        panic!("{players} players at {width}×{height}: no row for seat {seat} {name}:\n{text}")
                    });
                let owner = game.owner_of(seat).index();
                let colour = [["●", "black"], ["○", "white"], ["◐", "grey"]][owner];
                assert!(
                    colour.iter().any(|mark| row.contains(mark)),
                    "{players} players at {width}×{height}: seat {seat} shows no colour: {row}"
                );
                let disc = game.chosen_disc(seat).expect("every seat chose a disc");
                assert!(
                    row.contains(&format!("▸{disc}")),
                    "{players} players at {width}×{height}: seat {seat}'s disc is cut off: {row}"
                );
            }
            // The race: the castle target and the regions left.
            seen(&format!("⌂/{target}"));
            seen(&format!("{} regions left", game.regions().len()));
            // The keys: help always, and the log and the graph at least by `?`.
            seen("? ");
        }
    }
}
