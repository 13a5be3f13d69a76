//! `carolus play`'s settings, checked before the screen is taken over: a
//! mistake is one line on stderr, whether the terminal game could start or
//! not (these tests run without a terminal).

use crate::support::{Terminal, carolus, file};

#[test]
fn computer_seats_are_named_by_number_or_name_and_each_seat_once() {
    let refused = |args: &[&str]| carolus(args, None).assert_bad_input().to_owned();
    assert_eq!(
        refused(&["play", "--ai", "1=2,1=3"]),
        "seat 1 is given a computer player twice; give each seat once"
    );
    assert_eq!(
        refused(&["play", "--ai", "Zoe=3", "--names", "Ann,Ben"]),
        "there is no seat \"Zoe\": the seats are 0 Ann, 1 Ben (a number or a name)"
    );
    assert_eq!(
        refused(&["play", "--ai", "2=3"]),
        "there is no seat \"2\": the seats are 0 Anna, 1 Bruno (a number or a name)"
    );
    // A seat named right passes the settings and stops only at the missing
    // terminal.
    let run = carolus(&["play", "--ai", "ben=3", "--names", "Ann,Ben"], None);
    assert!(
        run.assert_bad_input().contains("needs a terminal"),
        "{run:?}"
    );
    assert!(
        refused(&["play", "--think", "0"]).contains("no time at all"),
        "a computer cannot think in no time"
    );
}

#[test]
fn a_saved_game_whose_computer_seats_do_not_read_is_refused_naming_the_file() {
    let record = carolus(&["new", "--seed", "3"], None);
    let mut value: serde_json::Value = record.json();
    value["meta"] = serde_json::json!({"levels": [null, 9]});
    let path = file("play-bad-levels.json", &value.to_string());
    let message = carolus(&["play", "--load", path.to_str().unwrap()], None)
        .assert_bad_input()
        .to_owned();
    assert_eq!(
        message,
        format!(
            "{}: meta.levels[1]: 9 is not null or a level 1 to 5",
            path.display()
        )
    );
}

#[test]
fn an_unknown_language_is_one_line_naming_the_languages_there_are() {
    let refused = carolus(&["play", "--lang", "es"], None)
        .assert_bad_input()
        .to_owned();
    assert!(
        refused.contains("\"es\" is not a language of the game: give en, de or fr"),
        "{refused}"
    );
    // A locale's name is not a language code: --lang takes the code.
    assert!(
        carolus(&["play", "--lang", "de_DE"], None)
            .assert_bad_input()
            .contains("give en, de or fr")
    );
}

/// Starts `carolus play ARGS` on an 80×24 pseudo-terminal with the locale
/// variables `locale` (and no others), waits for `marker` on the screen,
/// presses q and returns everything the program wrote; `None` without
/// python3.
fn played_on_a_terminal(args: &[&str], locale: &[(&str, &str)], marker: &str) -> Option<String> {
    let home = std::env::temp_dir().join(format!(
        "carolus-play-lang-{}-{}",
        std::process::id(),
        marker.len()
    ));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    let mut words = vec!["play", "--seed", "5"];
    words.extend_from_slice(args);
    let printed = Terminal {
        args: &words,
        marker: Some(marker),
        key: Some("q"),
        locale: Some(locale),
        home: Some(&home),
    }
    .run();
    let _ = std::fs::remove_dir_all(&home);
    printed
}

#[test]
fn the_game_speaks_the_language_of_lang_else_of_the_environment() {
    // --lang de: the key line and the words of the table are German, and
    // so is the sentence printed when the game is left.
    let Some(german) = played_on_a_terminal(&["--lang", "de"], &[("LANG", "fr_FR.UTF-8")], "Hilfe")
    else {
        return;
    };
    assert!(
        german.contains("Vorrat") && german.contains("Scheiben"),
        "{german}"
    );
    assert!(german.contains("Partie in Runde 0 verlassen."), "{german}");
    // Without --lang, LANG decides...
    let french = played_on_a_terminal(&[], &[("LANG", "fr_FR.UTF-8")], "aide").unwrap();
    assert!(french.contains("Réserve"), "{french}");
    assert!(french.contains("Partie quittée à la manche 0."), "{french}");
    // ...unless LC_ALL says otherwise: C is English.
    let english =
        played_on_a_terminal(&[], &[("LANG", "de_DE.UTF-8"), ("LC_ALL", "C")], "help").unwrap();
    assert!(english.contains("Left the game in round 0."), "{english}");
}

#[test]
fn play_learn_starts_the_guided_game_with_its_first_lesson_in_the_footer() {
    let refused = carolus(&["play", "--learn", "--seed", "3"], None)
        .assert_bad_input()
        .to_owned();
    assert!(
        refused.contains("'--learn' cannot be used with '--seed <N>'"),
        "the guided game's deal is its own: {refused}"
    );
    let home = std::env::temp_dir().join(format!("carolus-play-learn-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    let printed = Terminal {
        args: &["play", "--learn", "--lang", "de"],
        marker: Some("Lektion 1/9"),
        key: Some("q"),
        locale: Some(&[]),
        home: Some(&home),
    }
    .run();
    let _ = std::fs::remove_dir_all(&home);
    let Some(printed) = printed else {
        return;
    };
    assert!(printed.contains("Scheibe"), "{printed}");
}
