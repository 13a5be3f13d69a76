//! `carolus play`'s settings, checked before the screen is taken over: a
//! mistake is one line on stderr, whether the terminal game could start or
//! not (these tests run without a terminal).

use crate::support::{carolus, file};

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
