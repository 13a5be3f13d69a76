//! Moves, outcomes and results in words, for the game log and the panels:
//! "Anna places a red knight in region 4." — in the game's language.
//!
//! Tokens are the notation of machines; people read sentences. Every
//! sentence is built from the position before the move and the engine's
//! own answer about what the move does ([`crate::preview`]), and worded by
//! the catalogs: the log's sentences are the ones the browser client's log
//! uses (`log-…`, `outcome-…`), so that both say a move the same way.

use carolus_core::session::SeatInfo;
use carolus_l10n::Catalog;
use carolus_rules::{
    Destination, DiscSet, Family, Game, IllegalMove, Knight, Move, Owner, Phase, Seat, Territory,
};

use crate::preview::{self, EmperorOutcome, Resolution, Scores};

/// What kind of line a log entry is, for its style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryKind {
    /// A new round begins.
    Round,
    /// A player's decision.
    Action,
    /// What followed from it: control, castles, mergers.
    Consequence,
    /// A chance draw.
    Chance,
    /// The end of the game.
    End,
}

/// One line of the game log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The index in the record of the move that produced the line, so that
    /// an undo can drop exactly the lines of the moves it takes back.
    pub index: usize,
    pub kind: EntryKind,
    pub text: String,
}

/// The name of `seat` (a seat the game does not have, which no caller
/// asks for, is "?").
pub fn seat_name(seats: &[SeatInfo], seat: Seat) -> &str {
    seats
        .get(seat.index())
        .map_or("?", |info| info.name.as_str())
}

/// The name of an owner of castles: a player, or a team ("Anna & Clara").
pub fn owner_name(seats: &[SeatInfo], owner: Owner) -> String {
    match owner {
        Owner::Seat(seat) => seat_name(seats, seat).to_owned(),
        Owner::Team(team) => {
            let [a, b] = team.seats();
            format!("{} & {}", seat_name(seats, a), seat_name(seats, b))
        }
    }
}

/// Whether an owner is a team, for the verbs of the sentences about it
/// ("Anna & Clara build"): the `team` variable of the catalogs.
fn team(owner: Owner) -> &'static str {
    match owner {
        Owner::Seat(_) => "no",
        Owner::Team(_) => "yes",
    }
}

/// A short badge for an owner, at most `width` characters: the name cut
/// short, or for a team its partners' seat numbers ("0+2"), as the seat
/// table and `--ai` number them.
pub fn owner_badge(seats: &[SeatInfo], owner: Owner, width: usize) -> String {
    match owner {
        Owner::Seat(seat) => seat_name(seats, seat).chars().take(width.max(1)).collect(),
        Owner::Team(team) => {
            let [a, b] = team.seats();
            let badge = format!("{}+{}", a.index(), b.index());
            badge.chars().take(width.max(1)).collect()
        }
    }
}

/// The castle colour of an owner (a seat, or a team in the team game), as
/// the rulebooks give them: black, white and grey.
pub fn owner_colour(tr: &Catalog, owner: Owner) -> String {
    match owner.index() {
        0 => tr!(tr, "colour-black"),
        1 => tr!(tr, "colour-white"),
        _ => tr!(tr, "colour-grey"),
    }
}

/// The castle colour of an owner as one mark whose shape tells it without
/// colours too: ● black, ○ white, ◐ grey.
pub fn owner_mark(owner: Owner) -> &'static str {
    match owner.index() {
        0 => "●",
        1 => "○",
        _ => "◐",
    }
}

/// "red", "green", … ("Rot", "Grün", … in German): the family's name in
/// the catalogs, which the browser client uses too.
pub fn family_word(tr: &Catalog, family: Family) -> String {
    match family {
        Family::Red => tr!(tr, "family-R"),
        Family::Green => tr!(tr, "family-G"),
        Family::Blue => tr!(tr, "family-B"),
        Family::Yellow => tr!(tr, "family-Y"),
        Family::Pink => tr!(tr, "family-P"),
    }
}

/// The territories of a region for people: "4", "6–8" or "14–2".
pub fn span(territories: &[Territory]) -> String {
    match territories {
        [] => String::new(),
        [only] => only.to_string(),
        [first, .., last] => format!("{first}–{last}"),
    }
}

/// The name of the region holding `territory` in `game` (its smallest
/// territory), as the log and the prompts give it.
fn region_name(game: &Game, territory: Territory) -> String {
    game.regions()
        .get(game.region_index(territory))
        .map_or(territory, |region| region.name())
        .to_string()
}

/// The counts of a draw in words: "2 red, 1 green and a joker".
fn draw_words(tr: &Catalog, knights_drawn: &[Knight]) -> String {
    let mut parts = Vec::new();
    for outcome in Knight::OUTCOMES {
        let count = knights_drawn.iter().filter(|&&k| k == outcome).count();
        if count == 0 {
            continue;
        }
        parts.push(match outcome {
            Knight::Family(family) => tr!(
                tr,
                "knights-of-family",
                count = count,
                family = family_word(tr, family)
            ),
            // Drawn: "einen Joker" in German, where the page's `jokers`
            // (a label) says "ein Joker".
            Knight::Joker => tr!(tr, "tui-drawn-jokers", count = count),
        });
    }
    join_and(tr, &parts)
}

/// "a", "a and b", "a, b and c" (with the language's "and").
pub fn join_and(tr: &Catalog, parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [only] => only.clone(),
        [init @ .., last] => tr!(tr, "tui-list-and", first = init.join(", "), last = last),
    }
}

/// The scores of a region above zero, highest first: "Anna 3, Bruno 1".
pub fn scores_words(seats: &[SeatInfo], scores: &Scores) -> String {
    let mut sorted: Scores = scores.iter().copied().filter(|&(_, s)| s > 0).collect();
    sorted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.index().cmp(&b.0.index())));
    sorted
        .iter()
        .map(|&(owner, score)| format!("{} {score}", owner_badge(seats, owner, 12)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What resolving a region does, as the game log's sentence: "Anna builds
/// a castle."
pub fn resolution_words(tr: &Catalog, seats: &[SeatInfo], resolution: &Resolution) -> String {
    match *resolution {
        Resolution::Build(owner) => tr!(
            tr,
            "outcome-build",
            name = owner_name(seats, owner),
            team = team(owner)
        ),
        Resolution::TakeOver {
            winner,
            from,
            castles,
        } => tr!(
            tr,
            "outcome-take",
            name = owner_name(seats, winner),
            team = team(winner),
            other = owner_name(seats, from),
            castles = castles
        ),
        Resolution::Hold(owner) => tr!(
            tr,
            "outcome-keep",
            name = owner_name(seats, owner),
            team = team(owner)
        ),
        Resolution::Tie { score } => tr!(tr, "tui-outcome-tie", score = score),
        Resolution::NoScore => tr!(tr, "outcome-nothing"),
    }
}

/// The winners of a finished game in a sentence.
pub fn result_words(tr: &Catalog, game: &Game, seats: &[SeatInfo]) -> String {
    let winners: Vec<Seat> = game.winners().collect();
    let owners: Vec<Owner> = {
        let mut owners: Vec<Owner> = winners.iter().map(|&s| game.owner_of(s)).collect();
        owners.dedup();
        owners
    };
    let castles = winners.first().map_or(0, |&s| game.castles(s));
    match owners.as_slice() {
        [] => tr!(tr, "game-over"),
        // A team wins together: its castles are the team's, not each
        // partner's.
        [team @ Owner::Team(_)] => tr!(
            tr,
            "tui-result-team",
            names = owner_name(seats, *team),
            castles = castles
        ),
        many => {
            let names: Vec<String> = many.iter().map(|&o| owner_name(seats, o)).collect();
            tr!(
                tr,
                "result",
                count = many.len(),
                names = join_and(tr, &names),
                castles = castles
            )
        }
    }
}

/// The log lines of `mv`, played in `before` (the position before it) as
/// the move at index `index` of the record.
pub fn describe(
    tr: &Catalog,
    before: &Game,
    mv: Move,
    index: usize,
    seats: &[SeatInfo],
) -> Vec<Entry> {
    let Some(seat) = before.to_act() else {
        return Vec::new();
    };
    let mut after = before.clone();
    if after.play(mv).is_err() {
        return Vec::new();
    }
    let name = seat_name(seats, seat);
    let mut entries = Vec::new();
    let mut push = |kind: EntryKind, text: String| entries.push(Entry { index, kind, text });

    match mv {
        Move::Disc(disc) => push(
            EntryKind::Action,
            tr!(tr, "log-disc", name = name, disc = disc.number()),
        ),
        Move::Joker(family) => push(
            EntryKind::Action,
            tr!(
                tr,
                "log-joker",
                name = name,
                family = family_word(tr, family)
            ),
        ),
        Move::Draw(draw) => {
            let knights = draw_words(tr, draw.knights());
            let text = if before.round() == 0 {
                tr!(tr, "tui-log-draw-start", name = name, knights = knights)
            } else {
                tr!(tr, "log-draw", name = name, knights = knights)
            };
            push(EntryKind::Chance, text);
        }
        Move::Place { family, to } => {
            let family_name = family_word(tr, family);
            match to {
                Destination::Court => {
                    push(
                        EntryKind::Action,
                        tr!(tr, "log-place-court", name = name, family = &family_name),
                    );
                    let (was, now) = (before.controller(family), after.controller(family));
                    if was != now
                        && let Some(now) = now
                    {
                        let text = match was {
                            Some(old) => tr!(
                                tr,
                                "tui-log-control-from",
                                name = seat_name(seats, now),
                                family = &family_name,
                                other = seat_name(seats, old)
                            ),
                            None => tr!(
                                tr,
                                "tui-log-control",
                                name = seat_name(seats, now),
                                family = &family_name
                            ),
                        };
                        push(EntryKind::Consequence, text);
                    }
                }
                Destination::Region(territory) => {
                    push(
                        EntryKind::Action,
                        tr!(
                            tr,
                            "log-place",
                            name = name,
                            family = &family_name,
                            region = region_name(before, territory)
                        ),
                    );
                }
            }
        }
        Move::Emperor { steps } => {
            if let Some(outcome) = preview::emperor_move(before, steps) {
                push(
                    EntryKind::Action,
                    tr!(
                        tr,
                        "log-move",
                        name = name,
                        steps = steps,
                        region = outcome.name.to_string()
                    ),
                );
                push(EntryKind::Consequence, outcome_words(tr, seats, &outcome));
                if let Some(merge) = merge_words(tr, &outcome) {
                    push(EntryKind::Consequence, merge);
                }
            }
        }
    }
    if after.round() > before.round() && after.round() > 0 {
        push(EntryKind::Round, tr!(tr, "round", round = after.round()));
    }
    if after.is_over() {
        push(
            EntryKind::End,
            tr!(
                tr,
                "tui-game-over-result",
                result = result_words(tr, &after, seats)
            ),
        );
    }
    entries
}

/// What an emperor move does in the region he stops in, with the scores
/// there when anybody scores: "Anna builds a castle. Scores: Anna 3,
/// Bruno 1."
pub fn outcome_words(tr: &Catalog, seats: &[SeatInfo], outcome: &EmperorOutcome) -> String {
    let resolution = capitalise(&resolution_words(tr, seats, &outcome.resolution));
    if outcome.scores.iter().any(|&(_, s)| s > 0) {
        tr!(
            tr,
            "tui-outcome-scores",
            outcome = resolution,
            scores = scores_words(seats, &outcome.scores)
        )
    } else {
        resolution
    }
}

/// The regions an emperor move joins, if it joins any: "3 regions join
/// into region 14–2."
pub fn merge_words(tr: &Catalog, outcome: &EmperorOutcome) -> Option<String> {
    let merged = outcome.merged.as_ref()?;
    Some(capitalise(&tr!(
        tr,
        "outcome-merge",
        count = outcome.joined,
        region = span(merged)
    )))
}

/// `text` with its first letter in upper case.
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A move for people, without the player's name: "place a red knight in
/// region 4", "choose disc 3".
pub fn move_words(tr: &Catalog, game: &Game, mv: Move) -> String {
    match mv {
        Move::Disc(disc) => tr!(tr, "tui-move-disc", disc = disc.number()),
        Move::Joker(family) => tr!(tr, "tui-move-joker", family = family_word(tr, family)),
        Move::Draw(draw) => tr!(
            tr,
            "tui-move-draw",
            knights = draw_words(tr, draw.knights())
        ),
        Move::Place {
            family,
            to: Destination::Court,
        } => tr!(tr, "tui-move-court", family = family_word(tr, family)),
        Move::Place {
            family,
            to: Destination::Region(territory),
        } => tr!(
            tr,
            "tui-move-region",
            family = family_word(tr, family),
            region = region_name(game, territory)
        ),
        Move::Emperor { steps } => tr!(tr, "tui-move-emperor", steps = steps),
    }
}

/// A move in a few words, for narrow lists: "red → court", "pink → region
/// 4", "emperor 2 → region 7".
pub fn short_move(tr: &Catalog, game: &Game, mv: Move) -> String {
    match mv {
        Move::Place {
            family,
            to: Destination::Court,
        } => tr!(tr, "tui-short-court", family = family_word(tr, family)),
        Move::Place {
            family,
            to: Destination::Region(territory),
        } => tr!(
            tr,
            "tui-short-region",
            family = family_word(tr, family),
            region = region_name(game, territory)
        ),
        Move::Emperor { steps } => match preview::emperor_move(game, steps) {
            Some(outcome) => tr!(
                tr,
                "tui-short-emperor",
                steps = steps,
                region = outcome.name.to_string()
            ),
            None => tr!(tr, "tui-short-emperor-steps", steps = steps),
        },
        Move::Joker(family) => tr!(tr, "tui-short-joker", family = family_word(tr, family)),
        Move::Disc(disc) => tr!(tr, "tui-short-disc", disc = disc.number()),
        Move::Draw(_) => move_words(tr, game, mv),
    }
}

/// What a player is to do in `phase`, as the title bar and refusals say it:
/// "choose a disc".
pub fn task_words(tr: &Catalog, phase: Phase) -> String {
    match phase {
        Phase::Draw => tr!(tr, "tui-task-draw"),
        Phase::Joker => tr!(tr, "tui-task-joker"),
        Phase::Disc => tr!(tr, "tui-task-disc"),
        Phase::Place => tr!(tr, "tui-task-place-any"),
        Phase::Move => tr!(tr, "tui-task-move"),
        Phase::Over => tr!(tr, "game-over"),
    }
}

/// Why the engine refuses a move, in the game's language. The engine's own
/// messages (`IllegalMove`'s `Display`) are English, for the command line
/// and the records' tools; the terminal game reads the reason's fields and
/// says it with the catalogs.
pub fn illegal_words(tr: &Catalog, seats: &[SeatInfo], error: &IllegalMove) -> String {
    let discs = |set: DiscSet| {
        set.iter()
            .map(|disc| disc.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match error {
        IllegalMove::GameOver => tr!(tr, "tui-illegal-over"),
        IllegalMove::DrawDue { .. }
        | IllegalMove::NoDrawDue { .. }
        | IllegalMove::DrawSize { .. } => tr!(tr, "tui-illegal-other"),
        IllegalMove::WrongPhase { seat, phase, .. } => tr!(
            tr,
            "tui-illegal-phase",
            name = seat_name(seats, *seat),
            task = task_words(tr, *phase)
        ),
        IllegalMove::DiscUsed { disc, unused } => tr!(
            tr,
            "tui-illegal-disc-used",
            disc = disc.number(),
            unused = discs(*unused)
        ),
        IllegalMove::DiscTaken { disc, allowed } => tr!(
            tr,
            "tui-illegal-disc-taken",
            disc = disc.number(),
            allowed = discs(*allowed)
        ),
        IllegalMove::NotInReserve { family } => {
            tr!(tr, "tui-illegal-reserve", family = family_word(tr, *family))
        }
        IllegalMove::Steps { steps, max } => {
            tr!(tr, "tui-illegal-steps", steps = *steps, max = *max)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carolus_core::session::{self, SeatKind};
    use carolus_l10n::{Language, catalog};
    use carolus_rules::{RecordedGame, Variant};

    fn people(n: usize) -> Vec<SeatInfo> {
        session::seats(n, None, &[]).unwrap()
    }

    /// A two-player game at its first placement into a region, and that
    /// placement.
    fn first_placement() -> (Game, Move) {
        let recorded = RecordedGame::from_seed(2, Variant::STANDARD, 5).unwrap();
        let mut game = recorded.game().clone();
        let mut rng = carolus_rules::GameRng::seed_from_u64(5);
        while game.phase() != Phase::Place {
            game.play_random(&mut rng).unwrap();
        }
        let mv = game
            .legal_moves()
            .iter()
            .copied()
            .find(|m| {
                matches!(
                    m,
                    Move::Place {
                        to: Destination::Region(_),
                        ..
                    }
                )
            })
            .unwrap();
        (game, mv)
    }

    #[test]
    fn placements_read_as_the_browser_logs_sentences_in_every_language() {
        let (game, mv) = first_placement();
        let seats = people(2);
        let mover = seat_name(&seats, game.to_act().unwrap()).to_owned();
        let Move::Place {
            family,
            to: Destination::Region(t),
        } = mv
        else {
            unreachable!()
        };
        let english = catalog(Language::English);
        let entries = describe(english, &game, mv, 7, &seats);
        assert_eq!(
            entries[0].text,
            format!(
                "{mover} places a {} knight in region {t}.",
                family_word(english, family)
            )
        );
        assert_eq!(entries[0].index, 7);
        let german = catalog(Language::German);
        assert_eq!(
            describe(german, &game, mv, 7, &seats)[0].text,
            format!(
                "{mover} setzt einen Ritter der Familie {} in Region {t}.",
                family_word(german, family)
            )
        );
        let french = catalog(Language::French);
        assert_eq!(
            describe(french, &game, mv, 7, &seats)[0].text,
            format!(
                "{mover} place un chevalier {} dans la région {t}.",
                family_word(french, family)
            )
        );
    }

    #[test]
    fn draws_group_their_knights() {
        let draw: Move = "draw RRGJ".parse().unwrap();
        let Move::Draw(draw) = draw else {
            unreachable!()
        };
        let words = |language| draw_words(catalog(language), draw.knights());
        assert_eq!(words(Language::English), "2 red, 1 green and a joker");
        assert_eq!(words(Language::German), "Rot (2), Grün (1) und einen Joker");
        assert_eq!(words(Language::French), "rouge (2), vert (1) et un joker");
    }

    #[test]
    fn teams_are_named_by_both_partners_and_take_plural_verbs() {
        let mut seats = people(4);
        seats[1].kind = SeatKind::Ai {
            level: carolus_ai::Level::new(2).unwrap(),
        };
        let team = Owner::Team(carolus_rules::Team::new(1).unwrap());
        let english = catalog(Language::English);
        assert_eq!(owner_name(&seats, team), "Bruno & David");
        // A badge gives the seats' numbers, as the seat table and --ai do.
        assert_eq!(owner_badge(&seats, team, 5), "1+3");
        assert_eq!(
            (owner_colour(english, team), owner_mark(team)),
            ("white".to_owned(), "○")
        );
        assert_eq!(
            resolution_words(english, &seats, &Resolution::Build(team)),
            "Bruno & David build a castle."
        );
        assert_eq!(
            resolution_words(catalog(Language::German), &seats, &Resolution::Build(team)),
            "Bruno & David bauen eine Burg."
        );
        let one = Owner::Seat(Seat::new(0).unwrap());
        assert_eq!(
            resolution_words(catalog(Language::French), &seats, &Resolution::Build(one)),
            "Anna construit un château."
        );
    }

    #[test]
    fn spans_name_first_and_last_territory() {
        let t = |n| Territory::new(n).unwrap();
        assert_eq!(span(&[t(14), t(15), t(1), t(2)]), "14–2");
        assert_eq!(span(&[t(4)]), "4");
        let parts = ["a".to_owned(), "b".to_owned(), "c".to_owned()];
        assert_eq!(join_and(catalog(Language::English), &parts), "a, b and c");
        assert_eq!(join_and(catalog(Language::French), &parts), "a, b et c");
    }

    #[test]
    fn the_engines_reasons_are_said_in_the_games_language() {
        let (game, _) = first_placement();
        let seats = people(2);
        let missing = Family::ALL
            .into_iter()
            .find(|&f| game.reserve(game.to_act().unwrap())[f] == 0)
            .expect("a reserve of 7 lacks some family");
        let error = game
            .check(&Move::Place {
                family: missing,
                to: Destination::Court,
            })
            .unwrap_err();
        let german = catalog(Language::German);
        assert_eq!(
            illegal_words(german, &seats, &error),
            format!(
                "Im Vorrat ist kein Ritter der Familie {}",
                family_word(german, missing)
            )
        );
    }
}
