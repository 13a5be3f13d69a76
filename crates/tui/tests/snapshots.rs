//! Rendered positions compared with the text snapshots in
//! `tests/snapshots/`: a fresh game, merged regions across the seam, and a
//! finished team game, each in the compact (80×24) and a wide layout; and
//! the screens of a decision at every supported size, for every number of
//! players, in English, German and French (whose words are longer).

mod support;

use carolus_l10n::{Arg, catalog};
use carolus_rules::{Game, Phase, Record};
use carolus_tui::{App, Event, Language, PlayConfig, Screen};
use ratatui::style::Color;
use support::{assert_snapshot, buffer, random_record, screen, session_from, session_in};

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
fn every_screen_shows_what_a_decision_needs_in_every_language_and_player_count() {
    for language in Language::ALL {
        let tr = catalog(language);
        for players in [2, 3, 4] {
            let record = placing_record(players);
            let session = session_in(record, 1, true, language);
            let app = session.app();
            let game = app.game();
            let target = game.config().castle_target;
            let acting = game.to_act().expect("a seat places a knight");
            for (width, height) in [(80, 24), (100, 32), (170, 45)] {
                let text = screen(app, width, height);
                if width == 80 {
                    let name = match language {
                        Language::English => format!("placing_{players}_80x24"),
                        other => format!("placing_{players}_80x24_{other}"),
                    };
                    assert_snapshot(&name, &text);
                }
                let at = format!("{language}, {players} players at {width}×{height}");
                let seen = |what: &str| {
                    assert!(text.contains(what), "{at} lacks {what:?}:\n{text}");
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
                        .unwrap_or_else(|| panic!("{at}: no row for seat {seat} {name}:\n{text}"));
                    let owner = game.owner_of(seat).index();
                    let colour = [
                        ["●", "○", "◐"][owner].to_owned(),
                        tr.text(["colour-black", "colour-white", "colour-grey"][owner]),
                    ];
                    assert!(
                        colour.iter().any(|mark| row.contains(mark.as_str())),
                        "{at}: seat {seat} shows no colour: {row}"
                    );
                    let disc = game.chosen_disc(seat).expect("every seat chose a disc");
                    assert!(
                        row.contains(&format!("▸{disc}")),
                        "{at}: seat {seat}'s disc is cut off: {row}"
                    );
                }
                // The table's headings whole, never joined to the next.
                let heading = text
                    .lines()
                    .find(|line| line.contains(&format!("⌂/{target}")))
                    .unwrap_or_else(|| panic!("{at}: no castle target:\n{text}"));
                for id in ["court", "reserve", "discs"] {
                    assert!(
                        heading.contains(&format!(" {} ", tr.text(id)))
                            || heading.ends_with(&format!(" {}", tr.text(id))),
                        "{at}: the heading {id} is cut or joined: {heading}"
                    );
                }
                // The race: the castle target and the regions left.
                seen(&tr.format(
                    "tui-regions-left",
                    &[("count", Arg::from(game.regions().len()))],
                ));
                // The decision: who places which knight, in full.
                let name = &app.seats()[acting.index()].name;
                seen(&tr.format(
                    "tui-prompt-place",
                    &[
                        ("name", Arg::from(name.as_str())),
                        ("number", Arg::from(game.placed_this_turn() + 1)),
                        (
                            "total",
                            Arg::from(game.placed_this_turn() + game.left_to_place()),
                        ),
                    ],
                ));
                // The keys: the families to pick, and help (which lists the
                // log and the graph) always.
                let keys = text
                    .lines()
                    .rev()
                    .find(|line| !line.is_empty())
                    .unwrap_or("");
                let family = tr.text("tui-key-family");
                assert!(
                    keys.contains(&format!("r g b y p {family}"))
                        || keys.contains(&format!("rgbyp {family}")),
                    "{at}: the family keys are cut: {keys}"
                );
                assert!(
                    keys.contains(&format!("? {}", tr.text("tui-key-help")))
                        || keys.contains(&format!("? {}", tr.text("tui-key-all"))),
                    "{at}: no help key: {keys}"
                );
            }
        }
    }
}

#[test]
fn a_german_table_speaks_german_and_a_french_one_french() {
    let record = placing_record(2);
    let german = screen(
        session_in(record.clone(), 1, true, Language::German).app(),
        100,
        32,
    );
    for word in [
        "Runde",
        "Regionen übrig",
        "Spieler",
        "Hof",
        "Vorrat",
        "Scheiben",
        "Kontrolle",
    ] {
        assert!(german.contains(word), "no {word:?}:\n{german}");
    }
    assert!(
        german.contains("wählt Scheibe"),
        "the log is German:\n{german}"
    );
    let french = screen(session_in(record, 1, true, Language::French).app(), 100, 32);
    for word in [
        "Manche",
        "régions restantes",
        "Joueur",
        "Cour",
        "Réserve",
        "Disques",
    ] {
        assert!(french.contains(word), "no {word:?}:\n{french}");
    }
    assert!(
        french.contains("choisit le disque"),
        "the log is French:\n{french}"
    );
    for english in ["Reserve ", "Player", "regions left", "chooses disc"] {
        assert!(
            !german.contains(english),
            "English {english:?} in German:\n{german}"
        );
    }
}
