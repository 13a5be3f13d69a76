//! Whole games and single decisions driven by keys and clicks, the way a
//! person plays: every key pressed is chosen from what the screen offers.

mod support;

use carolus_rules::{Destination, Family, Move, Phase, Record, Seat};
use carolus_tui::{
    Event, InlineThinker, Key, Language, Leaving, MessageKind, Pick, PromptKind, ReviewStatus,
    Screen, Session, ThinkRequest, Thinker,
};
use support::{
    buffer, press, random_record, rows, scratch_directory, screen, session, session_from, settle,
    speaking, type_text,
};

/// The labels of the buttons on the prompt line, as drawn at 80×24.
fn offered(session: &Session<InlineThinker>) -> Vec<String> {
    let rows = rows(&buffer(session.app(), 80, 24));
    let prompt = &rows[21];
    let mut labels = Vec::new();
    let mut rest = prompt.as_str();
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find(']') else {
            break;
        };
        labels.push(rest[open + 1..open + close].to_owned());
        rest = &rest[open + close + 1..];
    }
    labels
}

/// The keys that select the button `label` of the step at hand.
fn keys_for(label: &str) -> Vec<Key> {
    let first = label.chars().next().unwrap_or(' ');
    if label == "court" {
        return vec![Key::Char('c')];
    }
    if let Some((steps, _)) = label.split_once('→') {
        return steps.chars().map(Key::Char).collect();
    }
    if label.contains('×') || label.chars().all(|c| c.is_ascii_alphabetic()) {
        // A family (R×3) or a joker's family (red): its letter.
        return vec![Key::Char(first.to_ascii_lowercase())];
    }
    label.chars().map(Key::Char).collect()
}

/// The message on the screen, or nothing.
fn message_text(session: &Session<InlineThinker>) -> String {
    session
        .app()
        .message()
        .map(|message| message.text.clone())
        .unwrap_or_default()
}

/// Plays `steps` steps of the game: a person takes the option under the
/// cursor, a computer moves.
fn play_on(session: &mut Session<InlineThinker>, steps: usize) {
    for _ in 0..steps {
        if session.app().human_to_act().is_some() {
            press(session, Key::Enter);
        } else {
            settle(session);
        }
    }
}

/// Plays people's decisions by keys until the game ends; the computers
/// answer through the inline thinker. Returns the number of key presses.
fn play_to_the_end(session: &mut Session<InlineThinker>) -> usize {
    let mut presses = 0;
    for step in 0..20_000 {
        if session.app().game().is_over() {
            return presses;
        }
        if session.app().human_to_act().is_none() {
            assert!(
                session.pump(),
                "nobody moves at step {step}:\n{}",
                screen(session.app(), 80, 24)
            );
            continue;
        }
        let labels = offered(session);
        let choices: Vec<&String> = labels.iter().filter(|l| *l != "back").collect();
        assert!(
            !choices.is_empty(),
            "no options offered:\n{}",
            screen(session.app(), 80, 24)
        );
        // Vary the choice a little, so that knights also go to regions.
        let label = choices[step % choices.len().min(3)];
        let joker = matches!(session.app().pick(), Pick::Joker { .. });
        for key in keys_for(label) {
            press(session, key);
            presses += 1;
        }
        // A family letter assigns a joker at once and opens a knight's
        // destinations; everything else waits for Enter.
        if !joker
            && (!matches!(session.app().pick(), Pick::Destination { .. })
                || label == "court"
                || label.parse::<u8>().is_ok())
        {
            press(session, Key::Enter);
            presses += 1;
        }
        assert_ne!(
            session.app().message().map(|m| m.kind),
            Some(MessageKind::Error),
            "a key from the screen was refused: {:?}",
            session.app().message()
        );
    }
    panic!("the game did not end");
}

fn assert_finished(session: &Session<InlineThinker>) {
    let app = session.app();
    assert!(app.game().is_over());
    assert_eq!(app.screen(), &Screen::Result);
    let text = screen(app, 80, 24);
    assert!(text.contains("Game over"), "{text}");
    assert!(text.contains("win"), "{text}");
    // The record replays to the very position on the screen.
    let replayed = app.record().replay().unwrap();
    assert_eq!(&replayed, app.game());
    assert!(app.record().result.is_some());
}

#[test]
fn a_person_plays_a_whole_game_against_level_2() {
    let mut session = session(2, 21, &[(1, 2)]);
    let presses = play_to_the_end(&mut session);
    assert!(presses > 20);
    assert_finished(&session);
    assert!(
        session.app().estimate().is_some(),
        "the computer's estimate is kept"
    );
}

#[test]
fn a_person_plays_a_three_player_game_against_levels_1_and_3() {
    let mut session = session(3, 5, &[(0, 1), (2, 3)]);
    play_to_the_end(&mut session);
    assert_finished(&session);
}

#[test]
fn the_same_seed_and_keys_give_the_same_game() {
    let mut first = session(2, 8, &[(1, 3)]);
    let mut second = session(2, 8, &[(1, 3)]);
    play_to_the_end(&mut first);
    play_to_the_end(&mut second);
    assert_eq!(first.app().record().moves, second.app().record().moves);
}

/// A session of two people, advanced to the choice of discs of round 2,
/// where the second chooser cannot repeat the first one's disc.
fn two_people_at_round_two() -> Session<InlineThinker> {
    let mut session = session(2, 4, &[]);
    while !(session.app().game().round() == 2 && session.app().game().phase() == Phase::Disc) {
        press(&mut session, Key::Enter);
        assert!(session.app().game().round() <= 2);
    }
    session
}

#[test]
fn a_disc_already_shown_is_refused_with_the_reason() {
    let mut session = two_people_at_round_two();
    let first = session.app().game().to_act().unwrap();
    press(&mut session, Key::Char('5'));
    press(&mut session, Key::Enter);
    assert_eq!(
        session.app().game().chosen_disc(first).map(|d| d.number()),
        Some(5)
    );
    let before = session.app().record().moves.len();
    press(&mut session, Key::Char('5'));
    let message = session.app().message().unwrap();
    assert_eq!(message.kind, MessageKind::Error);
    assert!(
        message.text.contains("disc 5 was already chosen"),
        "{}",
        message.text
    );
    assert!(screen(session.app(), 80, 24).contains("already chosen"));
    press(&mut session, Key::Char('9'));
    assert!(session.app().message().unwrap().text.contains("no disc 9"));
    assert_eq!(
        session.app().record().moves.len(),
        before,
        "nothing was played"
    );
}

#[test]
fn a_family_not_in_the_reserve_is_refused() {
    let mut session = two_people_at_round_two();
    press(&mut session, Key::Enter);
    press(&mut session, Key::Enter);
    assert_eq!(session.app().game().phase(), Phase::Place);
    let seat = session.app().game().to_act().unwrap();
    let missing = Family::ALL
        .into_iter()
        .find(|&f| session.app().game().reserve(seat)[f] == 0);
    if let Some(family) = missing {
        press(
            &mut session,
            Key::Char(family.letter().to_ascii_lowercase()),
        );
        let message = session.app().message().unwrap();
        assert_eq!(message.kind, MessageKind::Error);
        assert!(message.text.contains("reserve"), "{}", message.text);
        assert!(matches!(session.app().pick(), Pick::Family { .. }));
    }
    // A click on the ring before choosing a family explains what to do.
    session.send(Event::Click { x: 40, y: 3 });
    assert!(session.app().message().unwrap().text.contains("family"));
    // A key that means nothing here says so.
    press(&mut session, Key::Char('z'));
    assert_eq!(session.app().message().unwrap().kind, MessageKind::Error);
}

#[test]
fn the_emperor_refuses_more_steps_than_the_disc() {
    let mut session = two_people_at_round_two();
    press(&mut session, Key::Char('1'));
    press(&mut session, Key::Enter);
    press(&mut session, Key::Enter);
    // The first in action order holds disc 1 and may take one step only.
    while session.app().game().phase() == Phase::Place {
        press(&mut session, Key::Enter);
    }
    assert_eq!(session.app().game().phase(), Phase::Move);
    let max = session.app().game().legal_move_count();
    press(&mut session, Key::Char('5'));
    if max < 5 {
        let refusal = message_text(&session);
        let allowed = if max == 1 {
            "only 1 step".to_owned()
        } else {
            format!("1 to {max} steps")
        };
        assert_eq!(
            refusal,
            format!("The emperor can move {allowed} now, not 5.")
        );
    }
    // The screen shows where each step lands and what would happen there.
    let text = screen(session.app(), 80, 24);
    assert!(text.contains("1 → region"), "{text}");
    assert!(text.contains("→1"), "{text}");
}

/// Each seat's draws in `record`, in order, as tokens.
fn draws_by_seat(record: &Record) -> Vec<Vec<String>> {
    let mut game = record.start().unwrap();
    let mut draws = vec![Vec::new(); game.players()];
    for mv in &record.moves {
        if let (Move::Draw(_), Some(due)) = (mv, game.draw_due()) {
            draws[due.seat.index()].push(mv.to_string());
        }
        game.play(*mv).unwrap();
    }
    draws
}

#[test]
fn undo_does_not_change_the_knights_still_to_come() {
    let mut session = session(2, 31, &[(1, 1)]);
    let step = |session: &mut Session<InlineThinker>| {
        if session.app().human_to_act().is_some() {
            press(session, Key::Enter);
        } else {
            settle(session);
        }
    };
    for _ in 0..30 {
        step(&mut session);
    }
    press(&mut session, Key::Char('u'));
    press(&mut session, Key::Char('u'));
    let undone = session.app().record().moves.len();
    for _ in 0..30 {
        step(&mut session);
    }
    let first = draws_by_seat(session.app().record());
    // Play on from the undone position once more, differently: whatever is
    // decided, every seat must draw the same knights in the same order.
    let mut again = session.app().record().clone();
    again.moves.truncate(undone);
    let before = draws_by_seat(&again);
    for (seat, draws) in first.iter().enumerate() {
        assert!(draws.len() > before[seat].len() || draws.len() >= 2);
    }
    for _ in 0..6 {
        press(&mut session, Key::Char('u'));
    }
    for _ in 0..40 {
        if session.app().human_to_act().is_some() {
            press(&mut session, Key::Right);
        }
        step(&mut session);
    }
    let second = draws_by_seat(session.app().record());
    for seat in 0..2 {
        let common = first[seat].len().min(second[seat].len());
        assert!(common >= 2, "seat {seat} drew too little to compare");
        assert_eq!(first[seat][..common], second[seat][..common], "seat {seat}");
    }
}

#[test]
fn undo_goes_back_to_the_persons_previous_decision() {
    let mut session = session(2, 12, &[(1, 1)]);
    play_on(&mut session, 40);
    let human = Seat::new(0).unwrap();
    let record = session.app().record().clone();
    let log_before = session.app().log().len();
    press(&mut session, Key::Char('u'));
    let after = session.app().record();
    assert!(after.moves.len() < record.moves.len());
    assert_eq!(after.moves[..], record.moves[..after.moves.len()]);
    assert_eq!(session.app().game().to_act(), Some(human));
    assert!(session.app().log().len() < log_before);
    assert!(
        session
            .app()
            .message()
            .unwrap()
            .text
            .starts_with("Took back")
    );
    // Undo again and again: never past the first decision.
    for _ in 0..200 {
        press(&mut session, Key::Char('u'));
    }
    assert!(
        session
            .app()
            .message()
            .unwrap()
            .text
            .contains("no decision of yours")
    );
}

#[test]
fn redo_plays_again_what_undo_took_back() {
    let mut session = session(2, 12, &[(1, 1)]);
    play_on(&mut session, 40);
    let played = session.app().record().clone();
    let log = session.app().log().len();
    let estimates = session.app().trail().readings().to_vec();
    assert!(!session.app().can_redo(), "nothing was taken back yet");
    // Take back decisions until the computer's last estimates go too.
    let mut undos = 0;
    while session.app().trail().readings().len() == estimates.len() {
        press(&mut session, Key::Char('u'));
        undos += 1;
        assert!(undos < 10, "the computer has moved within a few decisions");
    }
    let undone = session.app().record().moves.len();
    assert!(session.app().can_redo());
    let shown = screen(session.app(), 120, 36);
    assert!(shown.contains("^R redo"), "{shown}");

    // One redo per undo, each up to the person's next decision.
    press(&mut session, Key::Ctrl('r'));
    assert!(session.app().record().moves.len() > undone);
    assert!(session.app().human_to_act().is_some());
    assert!(message_text(&session).starts_with("Played"));
    for _ in 1..undos {
        press(&mut session, Key::Ctrl('r'));
    }
    assert_eq!(session.app().record().moves, played.moves);
    assert_eq!(session.app().log().len(), log, "the log is whole again");
    assert_eq!(
        session.app().trail().readings(),
        estimates,
        "and so is the graph"
    );
    assert!(!session.app().can_redo());
    assert!(!screen(session.app(), 120, 36).contains("^R redo"));
    press(&mut session, Key::Ctrl('r'));
    assert!(message_text(&session).contains("nothing to redo"));

    // Playing the same moves again keeps the rest to redo; a different one
    // forgets it, since it would not fit the new line of play.
    press(&mut session, Key::Char('u'));
    press(&mut session, Key::Char('u'));
    let at = session.app().record().moves.len();
    let (first, second) = (played.moves[at], played.moves[at + 1]);
    assert_eq!(first.to_string(), "place R court");
    assert_eq!(second.to_string(), "place G court");
    for key in [Key::Char('r'), Key::Char('c'), Key::Enter] {
        press(&mut session, key);
    }
    assert_eq!(session.app().record().moves[at..], [first]);
    assert!(session.app().can_redo(), "the same move keeps the rest");
    for key in [Key::Char('g'), Key::Char('5'), Key::Enter] {
        press(&mut session, key);
    }
    let other = session.app().record().moves[at + 1];
    assert!(
        matches!(other, Move::Place { family: Family::Green, to } if to != Destination::Court),
        "{other}"
    );
    assert!(!session.app().can_redo(), "another move forgets the rest");
    press(&mut session, Key::Ctrl('r'));
    assert!(message_text(&session).contains("nothing to redo"));
}

#[test]
fn save_and_load_round_trip_through_a_file() {
    let dir = scratch_directory("round-trip");
    let path = dir.join("saved.json");
    let path_text = path.to_string_lossy().into_owned();

    let mut session = session(2, 33, &[(1, 2)]);
    play_on(&mut session, 12);
    press(&mut session, Key::Char('s'));
    assert!(matches!(session.app().screen(), Screen::Prompt { .. }));
    press(&mut session, Key::Ctrl('u'));
    type_text(&mut session, &path_text);
    press(&mut session, Key::Enter);
    assert!(
        session.app().message().unwrap().text.starts_with("Saved"),
        "{:?}",
        session.app().message()
    );
    let saved = session.app().record().clone();
    let text = std::fs::read_to_string(&path).unwrap();
    let read = Record::from_json(&text).unwrap();
    assert_eq!(read.moves, saved.moves);
    assert_eq!(
        read.names,
        Some(vec!["Anna".to_owned(), "Bruno".to_owned()])
    );
    // The computer's estimates so far are saved with the game.
    let estimates = session.app().trail().readings().to_vec();
    assert!(!estimates.is_empty());
    let saved_estimates = &read.meta.as_ref().unwrap()["estimates"];
    assert_eq!(saved_estimates.as_array().unwrap().len(), estimates.len());

    // Play on, then load the saved game back.
    while session.app().record().moves.len() < saved.moves.len() + 5 {
        if session.app().human_to_act().is_some() {
            press(&mut session, Key::Enter);
        } else {
            settle(&mut session);
        }
    }
    // Opening the saved game would leave the moves played since behind:
    // any key but y keeps them.
    press(&mut session, Key::Char('o'));
    assert_eq!(session.app().screen(), &Screen::Confirm(Leaving::Open));
    press(&mut session, Key::Esc);
    assert_eq!(session.app().screen(), &Screen::Board);
    press(&mut session, Key::Char('o'));
    press(&mut session, Key::Char('y'));
    press(&mut session, Key::Ctrl('u'));
    type_text(&mut session, &path_text);
    press(&mut session, Key::Enter);
    settle(&mut session);
    assert!(session.app().message().unwrap().text.starts_with("Loaded"));
    assert_eq!(
        session.app().record().moves[..saved.moves.len()],
        saved.moves[..]
    );
    // The graph comes back with the game (to the four decimals saved);
    // the computer may already have estimated again since.
    let loaded = session.app().trail().readings();
    assert!(loaded.len() >= estimates.len());
    for (back, before) in loaded.iter().zip(&estimates) {
        assert_eq!(back.moves, before.moves);
        for (p, q) in back.win.iter().zip(&before.win) {
            assert!((p - q).abs() <= 5e-5, "{back:?} was {before:?}");
        }
    }

    // A file that is not a record is refused and changes nothing.
    std::fs::write(dir.join("bad.json"), "{\"format\": 3}").unwrap();
    let before = session.app().record().moves.clone();
    press(&mut session, Key::Char('o'));
    press(&mut session, Key::Ctrl('u'));
    type_text(&mut session, &dir.join("bad.json").to_string_lossy());
    press(&mut session, Key::Enter);
    assert_eq!(session.app().message().unwrap().kind, MessageKind::Error);
    assert_eq!(session.app().record().moves, before);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A two-player game of people at round 3, as a file saved with
/// `estimates` in its meta would hold it.
fn saved_with_estimates(estimates: serde_json::Value) -> Record {
    let mut record = random_record(2, 4, |game| game.round() == 3).unwrap();
    let mut meta = serde_json::Map::new();
    meta.insert("estimates".to_owned(), estimates);
    record.meta = Some(meta);
    record
}

#[test]
fn an_opened_game_draws_its_saved_graph_before_anyone_estimates_again() {
    let record = saved_with_estimates(serde_json::json!([
        {"moves": 1, "win": [0.5, 0.5]},
        {"moves": 6, "win": [0.9, 0.1]},
        {"moves": 9, "win": [0.8, 0.2]}
    ]));
    let session = session_from(record, 4, false);
    assert!(session.app().estimate().is_none());
    let wide = screen(session.app(), 120, 40);
    let graphs = graphs_on(&wide, 2);
    assert_eq!(graphs.len(), 1, "{wide}");
    assert_eq!(graphs[0][0], ("Anna".to_owned(), 3), "{wide}");
    assert!(wide.contains("Anna      ▅█▇"), "{wide}");
    assert!(wide.contains("Bruno     ▅▁▂"), "{wide}");
}

#[test]
fn a_saved_game_with_unreadable_estimates_loads_without_them() {
    let record = saved_with_estimates(serde_json::json!([
        {"moves": 1, "win": [0.5, 0.5]},
        {"moves": 100000, "win": [0.5, 0.5]}
    ]));
    let moves = record.moves.clone();

    // Opened from the command line.
    let opened = session_from(record.clone(), 4, false);
    let message = opened.app().message().expect("a notice");
    assert_eq!(message.kind, MessageKind::Notice);
    assert_eq!(
        message.text,
        format!(
            "The game's win-chance estimates were left out: `estimates[1]`: move 100000 is past \
             the record's {} moves.",
            moves.len()
        )
    );
    assert!(opened.app().trail().readings().is_empty());
    assert_eq!(opened.app().record().moves, moves);

    // Opened from the game.
    let dir = scratch_directory("bad-estimates");
    std::fs::write(dir.join("bad.json"), record.to_json_pretty()).unwrap();
    let mut session = session(2, 12, &[]).with_directory(&dir);
    press(&mut session, Key::Char('o'));
    press(&mut session, Key::Ctrl('u'));
    type_text(&mut session, "bad.json");
    press(&mut session, Key::Enter);
    let message = session.app().message().expect("a notice");
    assert_eq!(message.kind, MessageKind::Notice);
    assert!(
        message
            .text
            .starts_with("Loaded bad.json, without its win-chance estimates: `estimates[1]`"),
        "{message:?}"
    );
    assert_eq!(session.app().record().moves, moves);
    assert!(session.app().trail().readings().is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_name_without_a_directory_is_saved_in_the_sessions_directory() {
    let dir = scratch_directory("relative-name");
    let mut session = session(2, 12, &[]).with_directory(&dir);
    press(&mut session, Key::Enter);
    let played = session.app().record().moves.clone();
    assert!(!played.is_empty());

    press(&mut session, Key::Char('s'));
    press(&mut session, Key::Ctrl('u'));
    type_text(&mut session, "short.json");
    press(&mut session, Key::Enter);
    assert_eq!(
        session.app().message().unwrap().text,
        "Saved the game to short.json.",
        "the message names the file as it was typed"
    );
    let text = std::fs::read_to_string(dir.join("short.json")).expect("saved in the directory");
    assert_eq!(Record::from_json(&text).unwrap().moves, played);

    // Loading by the same name reads the same file back.
    press(&mut session, Key::Enter);
    assert_ne!(session.app().record().moves, played);
    press(&mut session, Key::Char('o'));
    // The move just played is not saved: opening a game asks first.
    assert_eq!(session.app().screen(), &Screen::Confirm(Leaving::Open));
    press(&mut session, Key::Char('y'));
    press(&mut session, Key::Ctrl('u'));
    type_text(&mut session, "short.json");
    press(&mut session, Key::Enter);
    assert!(session.app().message().unwrap().text.starts_with("Loaded"));
    assert_eq!(session.app().record().moves, played);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_mouse_chooses_discs_and_places_knights() {
    let mut session = session(2, 4, &[]);
    while session.app().game().phase() != Phase::Disc {
        press(&mut session, Key::Enter);
    }
    // Click the first disc button on the prompt line (row 21 at 80×24).
    let rows = rows(&buffer(session.app(), 80, 24));
    let x = rows[21].find('[').unwrap() as u16;
    let before = session.app().record().moves.len();
    session.send(Event::Click { x: x + 1, y: 21 });
    assert_eq!(session.app().record().moves.len(), before + 1);
    press(&mut session, Key::Enter);
    assert_eq!(session.app().game().phase(), Phase::Place);
    // Choose a family by key, then click territory 9's slot (bottom right).
    let seat = session.app().game().to_act().unwrap();
    let family = Family::ALL
        .into_iter()
        .find(|&f| session.app().game().reserve(seat)[f] > 0)
        .unwrap();
    press(
        &mut session,
        Key::Char(family.letter().to_ascii_lowercase()),
    );
    session.send(Event::Click { x: 72, y: 17 });
    let last = *session.app().record().moves.last().unwrap();
    assert_eq!(last.to_string(), format!("place {} 9", family.letter()));
}

#[test]
fn hints_point_at_a_legal_move() {
    let mut session = session(2, 6, &[(1, 1)]);
    settle(&mut session);
    assert!(session.app().human_to_act().is_some());
    press(&mut session, Key::Char('h'));
    settle(&mut session);
    let hint = session.app().hint().expect("a hint");
    assert!(session.app().game().is_legal(&hint));
    // The hint's estimate joins the win-chance graph at this position.
    let last = session.app().trail().readings().last().expect("a reading");
    assert_eq!(last.moves, session.app().record().moves.len());
    assert!(session.app().message().unwrap().text.starts_with("Hint:"));
    if !matches!(hint, Move::Place { .. }) {
        assert_eq!(session.app().selected_move(), Some(hint));
    }
}

/// Every win-chance graph on the screen: for each, its lines as the name
/// in front and the number of columns of blocks drawn after it.
fn graphs_on(text: &str, owners: usize) -> Vec<Vec<(String, usize)>> {
    const BLOCKS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
    const HEADING: &str = "Chances so far";
    let rows: Vec<Vec<char>> = text.lines().map(|row| row.chars().collect()).collect();
    let mut graphs = Vec::new();
    for (y, row) in text.lines().enumerate() {
        for (byte, _) in row.match_indices(HEADING) {
            let x = row[..byte].chars().count();
            let lines = rows[y + 1..=y + owners]
                .iter()
                .map(|row| {
                    let name: String = row[x..x + 10].iter().collect();
                    let columns = row[x + 10..]
                        .iter()
                        .take_while(|c| BLOCKS.contains(c))
                        .count();
                    (name.trim().to_owned(), columns)
                })
                .collect();
            graphs.push(lines);
        }
    }
    graphs
}

#[test]
fn the_result_screen_draws_the_computers_estimates_over_the_game() {
    let mut session = session(2, 12, &[(0, 2), (1, 4)]);
    play_to_the_end(&mut session);
    assert_finished(&session);
    let app = session.app();
    // Each computer decision estimated everybody's chances once.
    let decisions = app
        .record()
        .moves
        .iter()
        .filter(|m| m.is_decision())
        .count();
    assert_eq!(app.trail().readings().len(), decisions);
    let text = screen(app, 80, 24);
    assert!(
        text.contains(&format!("Chances so far ({decisions} estimates):")),
        "{text}"
    );
    // A line per seat, a column for every few decisions, at most 40.
    let per_column = decisions.div_ceil(40);
    let graphs = graphs_on(&text, 2);
    assert_eq!(graphs.len(), 1, "{text}");
    for ((name, columns), seat) in graphs[0].iter().zip(app.seats()) {
        assert_eq!(name, &seat.name, "{text}");
        assert_eq!(*columns, decisions.div_ceil(per_column), "{text}");
    }
    // The wide layout also draws it in the analysis panel beside the board.
    let wide = screen(app, 200, 60);
    assert_eq!(graphs_on(&wide, 2).len(), 2, "{wide}");

    // w shows it as wide as the screen allows, at most 100 columns.
    press(&mut session, Key::Char('w'));
    for (width, most) in [(80, 66), (200, 100)] {
        let text = screen(session.app(), width, 24);
        let graphs = graphs_on(&text, 2);
        assert_eq!(graphs.len(), 1, "{text}");
        let per_column = decisions.div_ceil(most);
        assert_eq!(graphs[0][0].1, decisions.div_ceil(per_column), "{text}");
    }
    press(&mut session, Key::Char('x'));
    assert_eq!(session.app().screen(), &Screen::Board);
}

#[test]
fn the_team_game_draws_a_graph_line_per_team() {
    let mut session = session(4, 3, &[(0, 1), (1, 1), (2, 1), (3, 1)]);
    play_to_the_end(&mut session);
    let text = screen(session.app(), 80, 24);
    let graphs = graphs_on(&text, 2);
    assert_eq!(graphs.len(), 1, "{text}");
    // Each team's line is labelled with its seats' numbers.
    assert_eq!(graphs[0][0].0, "0+2", "{text}");
    assert_eq!(graphs[0][1].0, "1+3", "{text}");
    assert!(graphs[0].iter().all(|&(_, columns)| columns > 0), "{text}");
}

#[test]
fn taking_back_forgets_the_estimates_of_the_positions_taken_back() {
    let mut session = session(2, 12, &[(1, 2)]);
    play_to_the_end(&mut session);
    let before = session.app().trail().readings().len();
    // Ten decisions of the person back: a few turns, past some of the
    // computer's decisions.
    for _ in 0..10 {
        press(&mut session, Key::Char('u'));
    }
    let app = session.app();
    let moves = app.record().moves.len();
    assert!(app.trail().readings().len() < before);
    assert!(
        app.trail().readings().iter().all(|r| r.moves <= moves),
        "an estimate of a position that was taken back is kept"
    );
    // The computer's decisions still in the record keep their estimates.
    let computer = Seat::new(1).unwrap();
    let mut game = app.record().start().unwrap();
    let mut computer_decisions = 0;
    for mv in &app.record().moves {
        if mv.is_decision() && game.to_act() == Some(computer) {
            computer_decisions += 1;
        }
        game.play(*mv).unwrap();
    }
    assert_eq!(app.trail().readings().len(), computer_decisions);
}

#[test]
fn keys_while_the_computer_thinks_are_refused_politely() {
    // A thinker that never answers keeps the computer thinking.
    struct Silent;
    impl carolus_tui::Thinker for Silent {
        fn start(&mut self, _: carolus_tui::ThinkRequest) {}
        fn cancel(&mut self) {}
        fn poll(&mut self) -> Option<carolus_tui::ThinkReply> {
            None
        }
        fn start_review(&mut self, _: carolus_tui::ReviewRequest) {}
        fn cancel_review(&mut self) {}
        fn poll_review(&mut self) -> Option<carolus_tui::ReviewUpdate> {
            None
        }
    }
    let three = carolus_ai::Level::new(3).unwrap();
    let config = carolus_tui::PlayConfig::new_game(2, 1).with_ai(&[(0, three), (1, three)]);
    let app = carolus_tui::App::new(config).unwrap();
    let mut session = Session::new(app, Silent);
    session.start();
    session.send(Event::Tick(std::time::Duration::from_millis(1500)));
    session.send(Event::Key(Key::Enter));
    assert!(
        session
            .app()
            .message()
            .unwrap()
            .text
            .contains("is thinking")
    );
    let text = screen(session.app(), 80, 24);
    assert!(text.contains("is thinking… 1.5s"), "{text}");
    // Quitting stops the thinking and ends.
    session.send(Event::Key(Key::Ctrl('c')));
    assert!(session.app().should_quit());
}

#[test]
fn help_log_and_quit_screens_open_and_close() {
    let mut session = session(2, 2, &[]);
    press(&mut session, Key::Char('?'));
    assert!(screen(session.app(), 80, 24).contains("Charlemagne travels"));
    for _ in 0..4 {
        press(&mut session, Key::PageDown);
    }
    let keys = screen(session.app(), 80, 24);
    assert!(
        keys.contains("hint: what the computer would play"),
        "{keys}"
    );
    assert!(keys.contains("win chances: the graph"), "{keys}");
    press(&mut session, Key::Esc);
    assert_eq!(session.app().screen(), &Screen::Board);
    press(&mut session, Key::Char('l'));
    assert!(screen(session.app(), 80, 24).contains("Game log"));
    press(&mut session, Key::Esc);
    // Without estimates the graph's screen says where they come from.
    press(&mut session, Key::Char('w'));
    assert_eq!(session.app().screen(), &Screen::Chances);
    let text = screen(session.app(), 80, 24);
    assert!(
        text.contains("Win chances") && text.contains("No graph yet"),
        "{text}"
    );
    press(&mut session, Key::Esc);
    assert_eq!(session.app().screen(), &Screen::Board);
    press(&mut session, Key::Enter);
    press(&mut session, Key::Char('q'));
    assert_eq!(
        session.app().screen(),
        &Screen::Confirm(carolus_tui::Leaving::Quit)
    );
    press(&mut session, Key::Char('n'));
    assert!(!session.app().should_quit());
    press(&mut session, Key::Char('q'));
    press(&mut session, Key::Char('y'));
    assert!(session.app().should_quit());
}

#[test]
fn random_keys_and_clicks_never_panic() {
    let keys = [
        Key::Enter,
        Key::Esc,
        Key::Left,
        Key::Right,
        Key::Up,
        Key::Down,
        Key::Tab,
        Key::BackTab,
        Key::Home,
        Key::End,
        Key::PageUp,
        Key::PageDown,
        Key::Backspace,
        Key::F(1),
        Key::Char('r'),
        Key::Char('g'),
        Key::Char('b'),
        Key::Char('y'),
        Key::Char('p'),
        Key::Char('c'),
        Key::Char('h'),
        Key::Char('u'),
        Key::Char('l'),
        Key::Char('e'),
        Key::Char('1'),
        Key::Char('2'),
        Key::Char('3'),
        Key::Char('5'),
        Key::Char('0'),
        Key::Char('?'),
        Key::Char('s'),
        Key::Char('é'),
        Key::Char(' '),
    ];
    // The keys include `s`, Enter and letters, so the session saves games
    // under random names: they go to a directory of the test's own.
    let dir = scratch_directory("random-keys");
    let mut session = session(3, 99, &[(2, 1)]).with_directory(&dir);
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for step in 0..2000 {
        let roll = next();
        match roll % 10 {
            0 => session.send(Event::Click {
                x: (next() % 90) as u16,
                y: (next() % 30) as u16,
            }),
            1 if step % 50 == 0 => session.send(Event::Resize {
                width: (next() % 220) as u16,
                height: (next() % 70) as u16,
            }),
            2 => session.send(Event::Scroll {
                up: next() % 2 == 0,
            }),
            _ => press(&mut session, keys[(next() % keys.len() as u64) as usize]),
        }
        settle(&mut session);
        // Drawing is the slow part in a debug build; every few steps is
        // enough to meet every screen.
        if step % 4 == 0 {
            let area = session.app().area();
            let _ = screen(session.app(), area.width.max(1), area.height.max(1));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn in_the_team_game_every_chance_shown_is_a_team_s() {
    // Partners win together, so a person's chance is their team's: the
    // bots report half of it per seat, and the screen adds the halves up.
    let mut session = session(4, 5, &[(1, 1), (2, 1), (3, 1)]);
    settle(&mut session);
    assert_eq!(session.app().human_to_act(), Seat::new(0));
    press(&mut session, Key::Char('h'));
    settle(&mut session);
    let app = session.app();
    let estimate = app.estimate().expect("the hint's estimate");
    let ours = estimate.win[0] + estimate.win[2];
    let theirs = estimate.win[1] + estimate.win[3];
    let percent = |chance: f64| format!("{:.0}%", chance * 100.0);
    let message = &app.message().expect("the hint").text;
    assert!(
        message.ends_with(&format!("(estimated chance to win: {}).", percent(ours))),
        "{message}"
    );

    let text = screen(app, 200, 60);
    // A team's badge gives its seats' numbers.
    for (a, b, chance) in [(0, 2, ours), (1, 3, theirs)] {
        let badge = format!("{a}+{b}");
        let bar = text
            .lines()
            .find_map(|row| {
                let at = row.find(&format!("│{badge} "))?;
                Some(row[at..].trim_end_matches([' ', '│']).to_owned())
            })
            .unwrap_or_else(|| panic!("no bar for {badge}: {text}"));
        assert!(bar.ends_with(&percent(chance)), "{bar}");
    }
    // The table's Win column gives both partners their team's chance.
    for (seat, chance) in [(0, ours), (1, theirs), (2, ours), (3, theirs)] {
        let name = &app.seats()[seat].name;
        let row = text
            .lines()
            .find(|row| {
                row.contains(&format!(" {name} "))
                    && (row.contains("black") || row.contains("white"))
            })
            .unwrap_or_else(|| panic!("no table row for {name}: {text}"));
        assert!(
            row.contains(&format!("  {}  ", percent(chance))),
            "{name}: {row}"
        );
    }
}

#[test]
fn hints_come_from_level_4_or_a_stronger_computer_at_the_table() {
    let level_of_hint = |mut session: Session<InlineThinker>| {
        settle(&mut session);
        assert!(session.app().human_to_act().is_some());
        press(&mut session, Key::Char('h'));
        settle(&mut session);
        let estimate = session.app().estimate().expect("the hint's estimate");
        assert_eq!(estimate.purpose, carolus_tui::Purpose::Hint);
        estimate.level.number()
    };
    assert_eq!(level_of_hint(session(2, 3, &[])), 4, "only people play");
    assert_eq!(level_of_hint(session(2, 3, &[(1, 2)])), 4, "never weaker");
    assert_eq!(level_of_hint(session(3, 3, &[(1, 1), (2, 5)])), 5);
}

#[test]
fn opening_a_file_of_several_games_asks_which_one() {
    let dir = scratch_directory("several-games");
    let path = dir.join("match.jsonl");
    let records: Vec<Record> = (1..=3)
        .map(|seed| random_record(2, seed, |game| game.round() > seed as u32).expect("a game"))
        .collect();
    let lines: Vec<String> = records.iter().map(|record| record.to_json()).collect();
    std::fs::write(&path, lines.join("\n")).unwrap();
    let path_text = path.to_string_lossy().into_owned();
    let open = |session: &mut Session<InlineThinker>| {
        press(session, Key::Char('o'));
        press(session, Key::Ctrl('u'));
        type_text(session, &path_text);
        press(session, Key::Enter);
    };

    let mut session = session(2, 3, &[]);
    let before = session.app().record().clone();
    open(&mut session);
    assert_eq!(
        session.app().screen(),
        &Screen::Prompt {
            kind: PromptKind::Game { count: 3 },
            text: String::new()
        }
    );
    assert_eq!(session.app().several_games_path(), Some(path_text.as_str()));
    let drawn = screen(session.app(), 80, 24);
    assert!(drawn.contains("Open one of several games"), "{drawn}");
    assert!(drawn.contains("Which game, 1 to 3?"), "{drawn}");

    // A number out of range is refused, and the game on the table stays.
    type_text(&mut session, "4");
    press(&mut session, Key::Enter);
    let message = session.app().message().unwrap();
    assert_eq!(message.kind, MessageKind::Error);
    assert_eq!(
        message.text,
        format!("{path_text} holds games 1 to 3, not \"4\"; press o to open it again.")
    );
    assert_eq!(session.app().record().moves, before.moves, "nothing lost");

    // Esc gives up without opening anything.
    open(&mut session);
    press(&mut session, Key::Esc);
    assert_eq!(session.app().screen(), &Screen::Board);
    assert_eq!(session.app().several_games_path(), None);
    assert_eq!(session.app().record().moves, before.moves);

    // The game asked for is the one opened, and saving does not suggest
    // the file of several games, which it would overwrite.
    open(&mut session);
    type_text(&mut session, "2");
    press(&mut session, Key::Enter);
    assert_eq!(session.app().record().moves, records[1].moves);
    let message = session.app().message().unwrap();
    assert_eq!(message.text, format!("Loaded game 2 of {path_text}."));
    press(&mut session, Key::Char('s'));
    let Screen::Prompt { text, .. } = session.app().screen() else {
        panic!("the save prompt is open");
    };
    assert_ne!(text, &path_text);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_broken_game_in_a_file_of_several_is_refused_by_its_number() {
    let dir = scratch_directory("several-games-broken");
    let path = dir.join("match.jsonl");
    let good = random_record(2, 1, |game| game.round() >= 2)
        .expect("a game")
        .to_json();
    std::fs::write(
        &path,
        format!("{good}\n{good}\n{{\"format\": \"carolus-record/1\"}}\n"),
    )
    .unwrap();
    let path_text = path.to_string_lossy().into_owned();

    let mut session = session(2, 3, &[]);
    let before = session.app().record().clone();
    press(&mut session, Key::Char('o'));
    press(&mut session, Key::Ctrl('u'));
    type_text(&mut session, &path_text);
    press(&mut session, Key::Enter);
    type_text(&mut session, "3");
    press(&mut session, Key::Enter);
    let message = session.app().message().unwrap();
    assert_eq!(message.kind, MessageKind::Error);
    assert!(
        message.text.starts_with(&format!("{path_text}: game 3: ")),
        "{}",
        message.text
    );
    assert_eq!(session.app().record().moves, before.moves, "nothing lost");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_family_letter_assigns_a_joker_at_once_as_it_picks_a_knight_to_place() {
    // Seed 7 deals Bruno two jokers to assign before anything else.
    let mut session = session(2, 7, &[]);
    assert!(matches!(session.app().pick(), Pick::Joker { .. }));
    let before = session.app().record().moves.len();
    press(&mut session, Key::Char('g'));
    let record = session.app().record();
    assert_eq!(record.moves.len(), before + 1);
    assert_eq!(record.moves[before].to_string(), "joker G");
    // The second joker is asked for in words that count what is left.
    assert!(matches!(session.app().pick(), Pick::Joker { .. }));
    let text = screen(session.app(), 80, 24);
    assert!(
        text.contains("Choose the family your joker becomes"),
        "{text}"
    );
}

#[test]
fn n_starts_a_new_game_with_the_same_seats_asking_first_if_moves_are_unsaved() {
    let mut session = session(2, 8, &[(1, 3)]);
    play_on(&mut session, 6);
    let old_seed = session.app().seed();
    press(&mut session, Key::Char('n'));
    assert_eq!(session.app().screen(), &Screen::Confirm(Leaving::NewGame));
    press(&mut session, Key::Esc);
    assert_eq!(session.app().screen(), &Screen::Board);
    let kept = session.app().record().moves.len();
    assert!(kept > 0);
    press(&mut session, Key::Char('n'));
    press(&mut session, Key::Char('y'));
    settle(&mut session);
    let app = session.app();
    assert_ne!(app.seed(), old_seed, "a new deal");
    assert_eq!(app.seats()[0].name, "Anna");
    assert!(app.is_human(Seat::new(0).unwrap()));
    assert_eq!(
        app.ai_level(Seat::new(1).unwrap())
            .map(|level| level.number()),
        Some(3)
    );
    assert!(message_text(&session).starts_with("A new game with the same seats"));
    assert!(!session.app().has_unsaved_moves());
    // The same seed gives the same next game: one seed fixes an evening.
    let mut again = support::session(2, 8, &[(1, 3)]);
    press(&mut again, Key::Char('n'));
    assert_eq!(again.app().seed(), session.app().seed());
}

#[test]
fn a_saved_game_brings_back_its_computer_players_unless_told_otherwise() {
    let dir = scratch_directory("computer-seats");
    let path = dir.join("against-level-2.json");
    let mut session = session(2, 33, &[(1, 2)]);
    play_on(&mut session, 8);
    std::fs::write(&path, session.app().save_text()).unwrap();
    let saved = Record::from_json(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(
        saved.meta.as_ref().unwrap()["levels"],
        serde_json::json!([null, 2])
    );

    // Continued as a person would with `carolus play --load`.
    let level_at = |app: &carolus_tui::App, seat: usize| {
        app.ai_level(Seat::new(seat).unwrap())
            .map(|level| level.number())
    };
    let mut config = carolus_tui::PlayConfig::new_game(2, 1);
    config.start = carolus_tui::Start::Record(Box::new(saved.clone()));
    let app = carolus_tui::App::new(config.clone()).unwrap();
    assert_eq!((level_at(&app, 0), level_at(&app, 1)), (None, Some(2)));
    // `--ai` replaces them, by number or by name; `--ai none` (an empty
    // list) makes everybody a person.
    let four = carolus_ai::Level::new(4).unwrap();
    config.ai = Some(vec![("anna".to_owned(), four)]);
    let app = carolus_tui::App::new(config.clone()).unwrap();
    assert_eq!((level_at(&app, 0), level_at(&app, 1)), (Some(4), None));
    config.ai = Some(Vec::new());
    let app = carolus_tui::App::new(config.clone()).unwrap();
    assert_eq!((level_at(&app, 0), level_at(&app, 1)), (None, None));
    config.ai = Some(vec![("Zoe".to_owned(), four)]);
    let refused = carolus_tui::App::new(config).err().unwrap();
    assert!(refused.contains("there is no seat \"Zoe\""), "{refused}");

    // Opened with o at a table of people, the computer takes its seat again.
    let mut people = session_from(
        random_record(2, 5, |game| game.round() == 2).unwrap(),
        3,
        true,
    );
    press(&mut people, Key::Char('o'));
    press(&mut people, Key::Ctrl('u'));
    type_text(&mut people, &path.to_string_lossy());
    press(&mut people, Key::Enter);
    settle(&mut people);
    assert!(
        message_text(&people).starts_with("Loaded"),
        "{}",
        message_text(&people)
    );
    assert_eq!(level_at(people.app(), 1), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn saving_over_another_file_asks_first_and_ctrl_c_keeps_unsaved_moves() {
    let dir = scratch_directory("no-overwrite");
    std::fs::write(dir.join("precious.json"), "somebody's other game").unwrap();
    let mut session = session(2, 4, &[]).with_directory(&dir);
    play_on(&mut session, 4);
    press(&mut session, Key::Char('s'));
    press(&mut session, Key::Ctrl('u'));
    type_text(&mut session, "precious.json");
    press(&mut session, Key::Enter);
    assert_eq!(
        message_text(&session),
        "precious.json exists already: s and Enter again replace it."
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("precious.json")).unwrap(),
        "somebody's other game"
    );
    assert!(session.app().has_unsaved_moves());
    // Asked, the person may replace it: the prompt offers it again.
    press(&mut session, Key::Char('s'));
    press(&mut session, Key::Enter);
    assert_eq!(message_text(&session), "Saved the game to precious.json.");
    let saved = std::fs::read_to_string(dir.join("precious.json")).unwrap();
    assert!(Record::from_json(&saved).is_ok());
    // The game's own file is saved again without a question.
    play_on(&mut session, 2);
    press(&mut session, Key::Char('s'));
    press(&mut session, Key::Enter);
    assert_eq!(message_text(&session), "Saved the game to precious.json.");

    // Ctrl-C quits at once, and says that moves were left unsaved.
    assert!(!session.app().left_unsaved_moves());
    play_on(&mut session, 2);
    press(&mut session, Key::Ctrl('c'));
    assert!(session.app().should_quit());
    assert!(session.app().left_unsaved_moves());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_recovered_game_saved_elsewhere_takes_its_recovery_file_away() {
    let dir = scratch_directory("recovered");
    let kept = random_record(2, 6, |game| game.round() == 2).unwrap();
    std::fs::write(dir.join("interrupted-6.json"), kept.to_json()).unwrap();
    // The event loop offers the kept game at the start; o and Enter open it.
    let mut app = carolus_tui::App::new(carolus_tui::PlayConfig::new_game(2, 9)).unwrap();
    app.offer_to_open(
        "interrupted-6.json",
        "An interrupted game was kept in interrupted-6.json: o and Enter continue it.".to_owned(),
    );
    let mut session =
        Session::new(app, InlineThinker::new(9, support::fixed_budget())).with_directory(&dir);
    session.send(Event::Resize {
        width: 80,
        height: 24,
    });
    session.start();
    press(&mut session, Key::Char('o'));
    press(&mut session, Key::Enter);
    assert_eq!(session.app().record().moves, kept.moves);
    play_on(&mut session, 2);
    // Saving suggests a file of the person's own, not the recovery file;
    // once the game's moves are safe there the recovery file, which would
    // be offered at every start, goes.
    press(&mut session, Key::Char('s'));
    let Screen::Prompt { text, .. } = session.app().screen() else {
        panic!("s asks for a file name");
    };
    assert_ne!(text, "interrupted-6.json");
    press(&mut session, Key::Ctrl('u'));
    type_text(&mut session, "continued.json");
    press(&mut session, Key::Enter);
    assert_eq!(
        message_text(&session),
        "Saved the game to continued.json; its recovery file is removed."
    );
    assert!(dir.join("continued.json").exists());
    assert!(!dir.join("interrupted-6.json").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Presses Enter for every decision a person makes, until the game ends.
fn enter_to_the_end(session: &mut Session<InlineThinker>) {
    for _ in 0..20_000 {
        if session.app().game().is_over() {
            return;
        }
        if session.app().human_to_act().is_some() {
            press(session, Key::Enter);
        } else {
            assert!(session.pump(), "nobody moves");
        }
    }
    panic!("the game did not end");
}

#[test]
fn a_german_game_is_played_and_told_in_german_from_start_to_end() {
    let mut session = speaking(Language::German, 2, 21, &[(1, 1)]);
    while session.app().human_to_act().is_none() {
        assert!(session.pump(), "nobody moves");
    }
    // A key that does nothing is refused in German, naming the key.
    press(&mut session, Key::Char('z'));
    assert_eq!(
        message_text(&session),
        "„z“ bewirkt hier nichts; ? zeigt die Tasten."
    );
    // The help explains the keys in German; the keys stay the same.
    press(&mut session, Key::Char('?'));
    assert!(screen(session.app(), 80, 24).contains("Karl der Große"));
    for _ in 0..6 {
        press(&mut session, Key::PageDown);
    }
    let help = screen(session.app(), 80, 24);
    assert!(help.contains("Strg-R         wiederholen"), "{help}");
    press(&mut session, Key::Esc);
    // A decision taken asks before quitting, in German.
    play_on(&mut session, 3);
    press(&mut session, Key::Char('q'));
    let asked = screen(session.app(), 80, 24);
    assert!(
        asked.contains("Beenden?") && asked.contains("ungespeicherte Züge"),
        "{asked}"
    );
    press(&mut session, Key::Esc);
    enter_to_the_end(&mut session);
    let over = screen(session.app(), 80, 24);
    assert!(over.contains("Partie beendet"), "{over}");
    assert!(over.contains("Burgen"), "{over}");
    // The log tells the game in German sentences, none in English.
    let log: Vec<&str> = session
        .app()
        .log()
        .iter()
        .map(|e| e.text.as_str())
        .collect();
    assert!(
        log.iter().any(|line| line.contains(" wählt Scheibe ")),
        "{log:#?}"
    );
    assert!(
        log.iter().any(|line| line.contains("zieht den Kaiser")),
        "{log:#?}"
    );
    for english in [" chooses ", " places ", " moves the emperor", " draws "] {
        assert!(!log.iter().any(|line| line.contains(english)), "{log:#?}");
    }
}

#[test]
fn the_engines_refusal_is_told_in_french() {
    let mut session = speaking(Language::French, 2, 4, &[]);
    while !(session.app().game().round() == 2 && session.app().game().phase() == Phase::Disc) {
        press(&mut session, Key::Enter);
    }
    press(&mut session, Key::Char('5'));
    press(&mut session, Key::Enter);
    press(&mut session, Key::Char('5'));
    let message = session.app().message().unwrap();
    assert_eq!(message.kind, MessageKind::Error);
    assert!(
        message.text.starts_with(
            "Vous ne pouvez pas choisir le disque 5\u{a0}: le disque 5 a déjà été choisi"
        ),
        "{}",
        message.text
    );
    press(&mut session, Key::Char('9'));
    assert_eq!(
        message_text(&session),
        "Il n'y a pas de disque 9\u{a0}; les disques vont de 1 à 5."
    );
}

/// The text inside the overlay titled `title` at 80×24: each row's cells
/// between the box's borders, trimmed, joined by spaces.
fn overlay_text(session: &Session<InlineThinker>, title: &str) -> String {
    let rows = rows(&buffer(session.app(), 80, 24));
    let top = rows
        .iter()
        .position(|row| row.contains(title))
        .unwrap_or_else(|| panic!("no box titled {title}:\n{}", rows.join("\n")));
    let cells: Vec<char> = rows[top].chars().collect();
    let left = cells
        .iter()
        .position(|c| matches!(c, '┌' | '╭'))
        .expect("the box's corner");
    let right = cells
        .iter()
        .rposition(|c| matches!(c, '┐' | '╮'))
        .expect("the box's other corner");
    let mut inside = Vec::new();
    for row in &rows[top + 1..] {
        let cells: Vec<char> = row.chars().collect();
        if matches!(cells.get(left), Some('└' | '╰')) {
            break;
        }
        let line: String = cells[left + 1..right].iter().collect();
        let line = line.trim();
        if !line.is_empty() {
            inside.push(line.to_owned());
        }
    }
    inside.join(" ")
}

#[test]
fn x_explains_the_hint_in_the_words_of_the_game_s_language() {
    for (language, title) in [(Language::English, "Why "), (Language::German, "Warum ")] {
        let mut session = speaking(language, 2, 5, &[]);
        settle(&mut session);
        let seat = session.app().human_to_act().expect("a person decides");
        let game = session.app().game().clone();
        press(&mut session, Key::Char('h'));
        settle(&mut session);
        let hint = session.app().hint().expect("a hint");
        let footer = rows(&buffer(session.app(), 80, 24))[23].clone();
        assert!(footer.contains(" x "), "{language}: x is offered: {footer}");

        // The same search as the hint's: a thinker of the same seed and
        // iteration budget, asked at the hint's level.
        let mut thinker = InlineThinker::new(5, support::fixed_budget());
        thinker.start(ThinkRequest {
            id: 1,
            seat,
            level: carolus_ai::Level::HINT,
            purpose: carolus_tui::Purpose::Hint,
            game: game.clone(),
            lesson_at: None,
        });
        let reply = thinker.poll().expect("an answer");
        let explanation = reply
            .explanation
            .expect("a hint comes with its explanation")
            .expect("the hint can be explained");
        assert_eq!(explanation.mv(), game.canonical(hint));
        let catalog = carolus_l10n::catalog(language);
        let names: Vec<String> = session
            .app()
            .seats()
            .iter()
            .map(|seat| seat.name.clone())
            .collect();
        let expected = explanation.text(
            catalog,
            &carolus_core::explain::Names::new(catalog, &game, Some(&names)),
        );
        assert!(!expected.trim().is_empty(), "{language}: words to show");

        press(&mut session, Key::Char('x'));
        assert!(
            matches!(session.app().screen(), Screen::Why { .. }),
            "{language}: {:?}",
            session.app().message()
        );
        let shown = overlay_text(&session, title);
        let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            shown.contains(&words(&expected)),
            "{language}: expected {expected:?} in:\n{}",
            screen(session.app(), 80, 24)
        );
        // Any key goes back to the table, the hint still under the cursor.
        press(&mut session, Key::Esc);
        assert_eq!(session.app().screen(), &Screen::Board);
        assert_eq!(session.app().hint(), Some(hint));
    }
}

#[test]
fn x_before_any_hint_says_there_is_none_to_explain() {
    let mut session = session(2, 5, &[]);
    settle(&mut session);
    press(&mut session, Key::Char('x'));
    assert_eq!(session.app().screen(), &Screen::Board);
    let message = session.app().message().expect("a message");
    assert_eq!(message.kind, MessageKind::Error);
    assert_eq!(
        message.text,
        "No hint to explain: press h for a hint first, then x for why."
    );
    // A hint for a decision that was then played is gone too.
    press(&mut session, Key::Char('h'));
    settle(&mut session);
    assert!(session.app().hint().is_some());
    while session.app().hint().is_some() {
        press(&mut session, Key::Enter);
    }
    press(&mut session, Key::Char('x'));
    assert!(message_text(&session).starts_with("No hint to explain"));
}

#[test]
fn the_guided_game_s_lesson_is_in_the_footer_and_m_k_and_capital_k_work_there() {
    let mut config = carolus_tui::PlayConfig::new_game(2, 1);
    config.start = carolus_tui::Start::Lesson;
    config.language = Language::German;
    let app = carolus_tui::App::new(config).expect("the guided game starts");
    let mut session = Session::new(app, InlineThinker::new(1, support::fixed_budget()));
    session.send(Event::Resize {
        width: 80,
        height: 24,
    });
    session.start();
    settle(&mut session);
    let footer = |session: &Session<InlineThinker>| {
        let rows = rows(&buffer(session.app(), 80, 24));
        (rows[22].clone(), rows[23].clone())
    };
    let (lesson, keys) = footer(&session);
    assert!(lesson.starts_with("Lektion 1/9: "), "{lesson}");
    assert!(keys.contains("m zeig es mir"), "{keys}");
    // m plays the lesson's disc: the court lesson follows.
    press(&mut session, Key::Char('m'));
    settle(&mut session);
    assert!(
        footer(&session).0.starts_with("Lektion 2/9: "),
        "{:?}",
        footer(&session)
    );
    press(&mut session, Key::Char('k'));
    assert!(
        footer(&session).0.starts_with("Lektion 3/9: "),
        "{:?}",
        footer(&session)
    );
    press(&mut session, Key::Char('K'));
    let (lesson, keys) = footer(&session);
    assert!(lesson.contains("Du kennst jetzt die Regeln"), "{lesson}");
    assert!(
        !keys.contains(" m "),
        "nothing to show once the lessons are skipped: {keys}"
    );
}

#[test]
fn after_a_game_the_review_shows_the_persons_costliest_decisions_and_tries_one_again() {
    let mut session = session(2, 21, &[(1, 2)]);
    play_to_the_end(&mut session);
    assert_finished(&session);
    let text = screen(session.app(), 80, 24);
    assert!(
        text.contains("v: review"),
        "the result offers the review:\n{text}"
    );
    press(&mut session, Key::Char('v'));
    // The inline thinker has worked the review out; its progress and its
    // result arrive as the event loop would deliver them.
    settle(&mut session);
    let Some(ReviewStatus::Ready(shown)) = session.app().review_status().cloned() else {
        panic!("the review is ready: {:?}", session.app().review_status());
    };
    assert!(!shown.is_empty() && shown.len() <= 3);
    assert!(shown.iter().all(|item| item.seat == Seat::new(0).unwrap()));
    for (page, item) in shown.iter().enumerate() {
        assert_eq!(session.app().screen(), &Screen::Review { page });
        for (width, height) in [(80, 24), (170, 45)] {
            let text = screen(session.app(), width, height);
            assert!(
                text.contains(&format!("move {}:", item.index)),
                "the heading names the decision:\n{text}"
            );
            assert!(
                text.contains("Played: ") && text.contains("Better: "),
                "{text}"
            );
            // The sentences' first words are on the screen.
            for said in [&item.played_text, &item.best_text] {
                let start: String = said
                    .split_whitespace()
                    .take(2)
                    .collect::<Vec<_>>()
                    .join(" ");
                assert!(text.contains(&start), "{start:?} on\n{text}");
            }
            assert!(text.contains("t: try again from here"), "{text}");
            // Each move that names a region is marked on it, in words where
            // the regions have room for them.
            if width >= 170 {
                for (mv, mark) in [(item.played, "◆ played"), (item.best, "★ better")] {
                    assert_eq!(
                        item.region_of(mv).is_some(),
                        text.contains(mark),
                        "{mark} for {mv}:\n{text}"
                    );
                }
            }
        }
        press(&mut session, Key::Right);
    }
    press(&mut session, Key::Left);
    let page = shown.len().saturating_sub(2);
    assert_eq!(session.app().screen(), &Screen::Review { page });
    press(&mut session, Key::Char('t'));
    let app = session.app();
    assert_eq!(app.screen(), &Screen::Board);
    assert!(!app.game().is_over());
    assert_eq!(app.record().moves.len(), shown[page].index - 1);
    assert_eq!(app.human_to_act(), Some(shown[page].seat));
    assert_eq!(app.game(), &shown[page].game, "the position as it was");
    assert!(message_text(&session).contains(&format!("before move {}", shown[page].index)));
}
