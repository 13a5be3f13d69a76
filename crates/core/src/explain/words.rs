//! An explanation in words: the facts worth saying chosen by their
//! salience, each said by one message of the Fluent catalogs
//! (carolus-l10n, the `explain-…` messages), and the whole in the JSON
//! shape that `carolus analyse --explain --json` and the API answer.
//!
//! A sentence is built from exactly one fact ([`Sentence::fact`]), so
//! every sentence states something the rules check; the only other
//! sentence, `explain-instead`, names the better move whose fact follows.

use carolus_l10n::{Arg, Catalog};
use carolus_rules::{Family, Game, Move, Seat};
use serde::Serialize;

use super::{Claim, Explanation, Fact, Line};
use crate::protocol::round;

/// A message variable's value before it is put into words.
#[derive(Clone, Debug, PartialEq)]
pub enum Word {
    Number(usize),
    /// A seat, said by its name.
    Seat(usize),
    /// What owns regions: a seat, or a team in the team game.
    Owner(usize),
    /// Several seats, said as a list.
    Seats(Vec<usize>),
    Family(Family),
    /// A move, in the notation.
    Move(Move),
    /// Whether owners are teams (the team game): `yes` or `no`, for the
    /// messages that also say which partner did it.
    Teams,
}

/// One sentence: a message of the catalogs and its variables.
#[derive(Clone, Debug, PartialEq)]
pub struct Sentence {
    /// The message's id.
    pub id: &'static str,
    pub args: Vec<(&'static str, Word)>,
    /// The index of the fact it states in its line's facts; none for
    /// `explain-instead`, which introduces the next sentence's line.
    pub fact: Option<usize>,
}

/// Who the words speak of: each seat's name, and whether owners are teams.
#[derive(Clone, Debug, PartialEq)]
pub struct Names {
    seats: Vec<String>,
    teams: bool,
}

impl Names {
    /// The names of `game`'s seats: `names` where given (a record's
    /// `names`), the catalog's "Seat N" otherwise.
    pub fn new(catalog: &Catalog, game: &Game, names: Option<&[String]>) -> Names {
        let seats = Seat::all(game.players())
            .map(|seat| {
                names
                    .and_then(|names| names.get(seat.index()))
                    .filter(|name| !name.trim().is_empty())
                    .cloned()
                    .unwrap_or_else(|| {
                        catalog.format("seat-n", &[("seat", Arg::from(seat.index()))])
                    })
            })
            .collect();
        Names {
            seats,
            teams: game.variant().teams,
        }
    }

    fn seat(&self, seat: usize) -> String {
        self.seats.get(seat).cloned().unwrap_or_default()
    }

    fn owner(&self, catalog: &Catalog, owner: usize) -> String {
        if !self.teams {
            return self.seat(owner);
        }
        // Team t is seats t and t + 2 (NOTATION.md).
        catalog.format(
            "explain-team",
            &[
                ("first", Arg::from(self.seat(owner))),
                ("second", Arg::from(self.seat(owner + 2))),
            ],
        )
    }

    fn list(&self, catalog: &Catalog, seats: &[usize]) -> String {
        let mut names = seats.iter().map(|&seat| self.seat(seat));
        let first = names.next().unwrap_or_default();
        names.fold(first, |all, next| {
            catalog.format(
                "explain-and",
                &[("first", Arg::from(all)), ("second", Arg::from(next))],
            )
        })
    }
}

/// The facts of `line` in the order they are worth saying: most salient
/// first, and of equal salience the earlier.
fn by_salience(line: &Line) -> Vec<usize> {
    let mut order: Vec<usize> = (0..line.facts.len()).collect();
    order.sort_by_key(|&i| {
        let fact = &line.facts[i];
        (std::cmp::Reverse(fact.claim.salience()), fact.at)
    });
    order
}

impl Explanation {
    /// The sentences that explain the move, one to three: the two most
    /// salient facts of its line; when the move is not the bot's choice,
    /// the most salient fact of its line that the better move's lacks,
    /// then the better move and the most salient fact of its line that the
    /// move's line lacks (the most salient fact, where none is lacking).
    pub fn sentences(&self) -> Vec<(Sentence, LineOf)> {
        let own = by_salience(&self.explained);
        let mut said = Vec::new();
        let better = if self.is_best() { None } else { self.better() };
        match better {
            None => {
                for &i in own.iter().take(2) {
                    said.push((sentence(&self.explained.facts[i], i), LineOf::Explained));
                }
            }
            Some(better) => {
                if let Some(&i) = self.explained.worth_saying_against(better).first() {
                    said.push((sentence(&self.explained.facts[i], i), LineOf::Explained));
                }
                let index = self
                    .alternatives
                    .iter()
                    .position(|line| std::ptr::eq(line, better))
                    .unwrap_or(0);
                if let Some(i) = better.worth_saying_against(&self.explained).first() {
                    said.push((
                        Sentence {
                            id: "explain-instead",
                            args: vec![("move", Word::Move(self.best))],
                            fact: None,
                        },
                        LineOf::Alternative(index),
                    ));
                    said.push((sentence(&better.facts[*i], *i), LineOf::Alternative(index)));
                }
            }
        }
        said
    }

    /// The explanation in words: [`Explanation::sentences`] formatted.
    pub fn text(&self, catalog: &Catalog, names: &Names) -> String {
        let sentences: Vec<Sentence> = self.sentences().into_iter().map(|(s, _)| s).collect();
        format_all(catalog, names, &sentences)
    }

    /// The explanation in the JSON shape of the API; each alternative's
    /// text says first what it brings that the move explained does not.
    pub fn report(&self, catalog: &Catalog, names: &Names) -> Report {
        Report {
            mv: self.mv().to_string(),
            best: self.best.to_string(),
            value: self.explained.value.map(round),
            line: tokens(&self.explained.moves),
            facts: self.explained.facts.clone(),
            text: self.text(catalog, names),
            alternatives: self
                .alternatives
                .iter()
                .map(|line| Alternative {
                    mv: line.first().map(|mv| mv.to_string()).unwrap_or_default(),
                    value: line.value.map(round),
                    line: tokens(&line.moves),
                    facts: line.facts.clone(),
                    text: line.text_against(&self.explained, catalog, names),
                })
                .collect(),
        }
    }
}

impl Line {
    /// The indices of this line's facts in the order they are worth saying
    /// against `other`: the facts `other` lacks first, most salient first,
    /// then the rest.
    fn worth_saying_against(&self, other: &Line) -> Vec<usize> {
        let (mut lacking, rest): (Vec<usize>, Vec<usize>) = by_salience(self)
            .into_iter()
            .partition(|&i| self.facts[i].is_lacking_in(other));
        lacking.extend(rest);
        lacking
    }

    /// Up to two sentences of this line against `other`: what it brings
    /// that `other` does not, first (for the better move beside the move
    /// played, in a review).
    pub fn sentences_against(&self, other: &Line) -> Vec<Sentence> {
        self.worth_saying_against(other)
            .into_iter()
            .take(2)
            .map(|i| sentence(&self.facts[i], i))
            .collect()
    }

    /// The line's own sentences: its two most salient facts.
    pub fn sentences(&self) -> Vec<Sentence> {
        by_salience(self)
            .into_iter()
            .take(2)
            .map(|i| sentence(&self.facts[i], i))
            .collect()
    }

    /// [`Line::sentences_against`] formatted.
    pub fn text_against(&self, other: &Line, catalog: &Catalog, names: &Names) -> String {
        format_all(catalog, names, &self.sentences_against(other))
    }

    /// The line's own sentences formatted.
    pub fn text(&self, catalog: &Catalog, names: &Names) -> String {
        format_all(catalog, names, &self.sentences())
    }
}

/// Which line of an explanation a sentence's fact belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineOf {
    Explained,
    /// The alternative at this index of [`Explanation::alternatives`].
    Alternative(usize),
}

fn tokens(moves: &[Move]) -> Vec<String> {
    moves.iter().map(Move::to_string).collect()
}

/// An explanation as the API answers it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    #[serde(rename = "move")]
    pub mv: String,
    pub best: String,
    pub value: Option<f64>,
    pub line: Vec<String>,
    pub facts: Vec<Fact>,
    pub text: String,
    pub alternatives: Vec<Alternative>,
}

/// One alternative of a [`Report`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Alternative {
    #[serde(rename = "move")]
    pub mv: String,
    pub value: Option<f64>,
    pub line: Vec<String>,
    pub facts: Vec<Fact>,
    pub text: String,
}

/// The sentence that states `fact`, the `index`-th of its line.
pub fn sentence(fact: &Fact, index: usize) -> Sentence {
    use Word::{Family as F, Number as N, Owner as O, Seat as S};
    let (id, args): (&'static str, Vec<(&'static str, Word)>) = match &fact.claim {
        Claim::Control {
            family,
            seat,
            from,
            knights,
            against,
        } => {
            let mut args = courts(*seat, *family, *knights, *against);
            match from {
                Some(from) => {
                    args.push(("other", S(*from)));
                    ("explain-control-from", args)
                }
                None => ("explain-control", args),
            }
        }
        Claim::Court {
            family,
            seat,
            knights,
            against,
            controller,
        } => {
            let mut args = courts(*seat, *family, *knights, *against);
            match controller {
                Some(controller) if controller == seat => ("explain-court-keeps", args),
                Some(controller) => {
                    args.push(("other", S(*controller)));
                    ("explain-court-short", args)
                }
                None => ("explain-court-tie", args),
            }
        }
        Claim::Lead {
            region,
            leader: Some(leader),
            scores,
            ..
        } => (
            "explain-lead",
            vec![
                ("region", N(usize::from(*region))),
                ("name", O(*leader)),
                ("score", N(scores[*leader] as usize)),
                ("against", N(runner_up(scores, *leader) as usize)),
            ],
        ),
        Claim::Lead { region, scores, .. } => (
            "explain-lead-none",
            vec![
                ("region", N(usize::from(*region))),
                (
                    "score",
                    N(scores.iter().copied().max().unwrap_or(0) as usize),
                ),
            ],
        ),
        Claim::Reserve {
            family,
            seat,
            knights,
        } => (
            "explain-reserve",
            vec![
                ("name", S(*seat)),
                ("family", F(*family)),
                ("knights", N(*knights as usize)),
            ],
        ),
        Claim::Reach {
            seat,
            side,
            disc,
            steps,
            regions,
        } => {
            let mine = regions
                .iter()
                .find(|target| target.gains && target.winner == Some(*side));
            let theirs = regions.iter().find(|target| target.gains);
            let mut args = vec![
                ("name", S(*seat)),
                ("disc", N(usize::from(*disc))),
                ("steps", N(*steps)),
            ];
            match mine.or(theirs) {
                Some(target) => {
                    args.push(("region", N(usize::from(target.region))));
                    args.push(("other", O(target.winner.unwrap_or(0))));
                    ("explain-reach-gives", args)
                }
                None if regions.is_empty() => ("explain-reach", args),
                None => ("explain-reach-nothing", args),
            }
        }
        Claim::Castle {
            region,
            owner,
            from: None,
            by,
            ..
        } => (
            "explain-castle",
            vec![
                ("name", O(*owner)),
                ("region", N(usize::from(*region))),
                ("by", S(*by)),
                ("team", Word::Teams),
            ],
        ),
        Claim::Castle {
            region,
            owner,
            from: Some(from),
            taken,
            by,
            ..
        } => (
            "explain-castle-taken",
            vec![
                ("name", O(*owner)),
                ("region", N(usize::from(*region))),
                ("other", O(*from)),
                ("castles", N(*taken)),
                ("by", S(*by)),
                ("team", Word::Teams),
            ],
        ),
        Claim::Stop { region, .. } => ("explain-stop", vec![("region", N(usize::from(*region)))]),
        Claim::Merge {
            region,
            territories,
            joined,
            ..
        } => (
            "explain-merge",
            vec![
                ("region", N(usize::from(*region))),
                ("count", N(*joined)),
                ("territories", N(*territories)),
            ],
        ),
        Claim::End { winners } => (
            "explain-end",
            vec![
                ("names", Word::Seats(winners.clone())),
                ("count", N(winners.len())),
            ],
        ),
        Claim::Near {
            owner,
            castles,
            target,
        } => (
            "explain-near",
            vec![("name", O(*owner)), ("count", N(target - castles))],
        ),
        Claim::Regions { left } => ("explain-regions", vec![("count", N(*left))]),
        Claim::Quiet => ("explain-quiet", Vec::new()),
    };
    Sentence {
        id,
        args,
        fact: Some(index),
    }
}

/// The variables of a sentence about `seat`'s court: its name, the
/// family, its knights and the most at another court.
fn courts(seat: usize, family: Family, knights: u32, against: u32) -> Vec<(&'static str, Word)> {
    vec![
        ("name", Word::Seat(seat)),
        ("family", Word::Family(family)),
        ("knights", Word::Number(knights as usize)),
        ("against", Word::Number(against as usize)),
    ]
}

/// The highest score in `scores` other than `leader`'s.
fn runner_up(scores: &[u32], leader: usize) -> u32 {
    scores
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != leader)
        .map(|(_, s)| *s)
        .max()
        .unwrap_or(0)
}

/// `sentences` formatted and joined with spaces.
pub fn format_all(catalog: &Catalog, names: &Names, sentences: &[Sentence]) -> String {
    let texts: Vec<String> = sentences
        .iter()
        .map(|sentence| format(catalog, names, sentence))
        .collect();
    texts.join(" ")
}

/// One sentence formatted.
pub fn format(catalog: &Catalog, names: &Names, sentence: &Sentence) -> String {
    let args: Vec<(&str, Arg)> = sentence
        .args
        .iter()
        .map(|(name, word)| {
            let arg = match word {
                Word::Number(n) => Arg::from(*n),
                Word::Seat(seat) => Arg::from(names.seat(*seat)),
                Word::Owner(owner) => Arg::from(names.owner(catalog, *owner)),
                Word::Seats(seats) => Arg::from(names.list(catalog, seats)),
                Word::Family(family) => Arg::from(catalog.text(&format!("family-{family}"))),
                Word::Move(mv) => Arg::from(mv.to_string()),
                Word::Teams => Arg::from(if names.teams { "yes" } else { "no" }),
            };
            (*name, arg)
        })
        .collect();
    catalog.format(sentence.id, &args)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use carolus_l10n::{Language, catalog, variables};
    use carolus_rules::{RecordedGame, Variant};

    use super::super::Target;
    use super::*;

    /// A fact of every kind, and of every variant that is said by a
    /// message of its own.
    fn every_claim() -> Vec<Claim> {
        let target = |gains, winner| Target {
            region: 4,
            steps: 2,
            winner,
            gains,
            scores: vec![1, 2],
        };
        let court = |controller| Claim::Court {
            family: Family::Green,
            seat: 0,
            knights: 2,
            against: 2,
            controller,
        };
        let reach = |regions| Claim::Reach {
            seat: 1,
            side: 1,
            disc: 3,
            steps: 3,
            regions,
        };
        let control = |from| Claim::Control {
            family: Family::Red,
            seat: 1,
            from,
            knights: 3,
            against: 2,
        };
        let castle = |from, taken| Claim::Castle {
            region: 7,
            owner: 1,
            from,
            taken,
            castles: 2,
            by: 1,
        };
        let lead = |leader| Claim::Lead {
            region: 7,
            leader,
            before: None,
            scores: vec![2, 2],
        };
        vec![
            control(None),
            control(Some(0)),
            court(Some(0)),
            court(Some(1)),
            court(None),
            lead(Some(1)),
            lead(None),
            Claim::Reserve {
                family: Family::Pink,
                seat: 0,
                knights: 4,
            },
            reach(Vec::new()),
            reach(vec![target(true, Some(1))]),
            reach(vec![target(false, None)]),
            castle(None, 0),
            castle(Some(0), 3),
            Claim::Stop {
                region: 2,
                scores: vec![1, 1],
                by: 0,
            },
            Claim::Merge {
                region: 1,
                territories: 4,
                joined: 2,
                owner: 0,
            },
            Claim::End {
                winners: vec![0, 1],
            },
            Claim::Near {
                owner: 1,
                castles: 9,
                target: 10,
            },
            Claim::Regions { left: 5 },
            Claim::Quiet,
        ]
    }

    fn fact(claim: Claim) -> Fact {
        Fact {
            claim,
            at: 1,
            holds: Vec::new(),
            was: Vec::new(),
        }
    }

    #[test]
    fn every_sentence_is_a_message_of_every_catalog_with_the_same_variables() {
        let mut sentences: Vec<Sentence> = every_claim()
            .into_iter()
            .map(|claim| sentence(&fact(claim), 0))
            .collect();
        sentences.push(Sentence {
            id: "explain-instead",
            args: vec![("move", Word::Move("disc 3".parse().unwrap()))],
            fact: None,
        });
        // Every explanation message of the catalog is one of these (or
        // one of the two that name several seats).
        let ids: BTreeSet<&str> = sentences.iter().map(|s| s.id).collect();
        let english = variables(Language::English).unwrap();
        let catalogued: BTreeSet<&str> = english
            .keys()
            .map(String::as_str)
            .filter(|id| id.starts_with("explain-"))
            .filter(|id| !["explain-and", "explain-team"].contains(id))
            .collect();
        assert_eq!(ids, catalogued);
        for language in Language::ALL {
            let known = variables(language).unwrap();
            for sentence in &sentences {
                let asked: BTreeSet<String> = sentence
                    .args
                    .iter()
                    .map(|(name, _)| name.to_string())
                    .collect();
                assert_eq!(
                    known.get(sentence.id),
                    Some(&asked),
                    "{} in {language}",
                    sentence.id
                );
            }
            for id in ["explain-and", "explain-team"] {
                let pair = BTreeSet::from(["first".to_owned(), "second".to_owned()]);
                assert_eq!(known.get(id), Some(&pair), "{id} in {language}");
            }
        }
    }

    #[test]
    fn names_are_the_records_or_the_catalogs_and_a_team_is_its_two_seats() {
        let english = catalog(Language::English);
        let game = RecordedGame::from_seed(4, Variant::TEAMS, 1).unwrap();
        let given = ["Ada".to_owned(), String::new(), "Cy".to_owned()];
        let names = Names::new(english, game.game(), Some(&given));
        let castle = sentence(
            &fact(Claim::Castle {
                region: 7,
                owner: 0,
                from: Some(1),
                taken: 2,
                castles: 2,
                by: 2,
            }),
            0,
        );
        // In the team game the words say which partner moved the emperor.
        assert_eq!(
            format(english, &names, &castle),
            "Cy takes region 7 for Team Ada + Cy from Team Seat 1 + Seat 3 with its 2 castles."
        );
        let end = sentence(
            &fact(Claim::End {
                winners: vec![0, 2],
            }),
            0,
        );
        assert_eq!(
            format(catalog(Language::German), &names, &end),
            "Das Spiel endet, und Ada und Cy gewinnen."
        );
    }
}
