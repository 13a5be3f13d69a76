//! Computer players behind a small trait, so that the screen never waits
//! for them and tests can run them deterministically.
//!
//! [`Thinker`] takes a [`ThinkRequest`] (a position, a level, a purpose)
//! and later yields a [`ThinkReply`]. [`BackgroundThinker`] runs each
//! search on its own thread with a stop flag, so the event loop keeps
//! drawing the spinner and answering keys; [`InlineThinker`] answers at
//! once on the caller's thread, for tests with fixed iteration budgets.
//! Both keep one bot per seat and level between decisions, since bots keep
//! plans and search trees from one move to the next.
//!
//! The review after a game ([`ReviewRequest`], carolus-core's `review`)
//! runs behind the same trait: on a thread of its own in the game, with
//! its progress sent as it goes and a stop flag, and at once in tests.
//!
//! A hint's answer carries its explanation ([`carolus_core::explain`]),
//! made from the hint's own search by the bot that has just searched, on
//! the same thread: the lines the bot expects are its search's, and
//! asking for them costs well under a millisecond beside the search.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::{Duration, Instant};

use carolus_ai::{Analysis, Bot, Budget, Level, ThinkError};
use carolus_core::explain::{self, Explanation};
use carolus_core::lessons;
use carolus_core::review::{self, Plan, Progress, Review};
use carolus_rules::rng::SplitMix64;
use carolus_rules::{Game, RandomSource, Record, Seat};

use crate::config::ThinkLimits;

/// Why a computer player is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Purpose {
    /// To play its own seat's move.
    Play,
    /// To suggest a move to a person.
    Hint,
}

/// A position to think about.
#[derive(Clone, Debug)]
pub struct ThinkRequest {
    /// Matches the reply to the request; stale replies are ignored.
    pub id: u64,
    /// The seat to decide.
    pub seat: Seat,
    /// The level of the computer player.
    pub level: Level,
    pub purpose: Purpose,
    pub game: Game,
    /// In the guided first game, the record's length: the computer's own
    /// move is then the lesson's reply (carolus-core's `lessons::reply`),
    /// so that the lessons come when they matter.
    pub lesson_at: Option<usize>,
}

/// The answer to a [`ThinkRequest`].
#[derive(Clone, Debug)]
pub struct ThinkReply {
    pub id: u64,
    pub purpose: Purpose,
    /// The analysis, or why there is none.
    pub result: Result<Analysis, String>,
    /// For a hint: what its move does and allows, or why that could not
    /// be worked out; `None` for a computer player's own move.
    pub explanation: Option<Result<Explanation, String>>,
}

/// A finished game to review: each person's costliest decisions.
#[derive(Clone, Debug)]
pub struct ReviewRequest {
    /// Matches the updates to the request; stale ones are ignored.
    pub id: u64,
    pub record: Record,
    /// The seats reviewed: the people.
    pub seats: Vec<Seat>,
}

/// What a review running for the app says.
#[derive(Clone, Debug)]
pub enum ReviewUpdate {
    /// It has done `progress.done` of `progress.total` searches.
    Progress { id: u64, progress: Progress },
    /// It has finished: the review, or why there is none.
    Done {
        id: u64,
        result: Result<Review, String>,
    },
}

/// Something that thinks about positions for the app.
pub trait Thinker {
    /// Starts thinking; the answer comes from [`Thinker::poll`].
    fn start(&mut self, request: ThinkRequest);
    /// Stops thinking; an answer that was due is dropped.
    fn cancel(&mut self);
    /// The next answer, if one is ready.
    fn poll(&mut self) -> Option<ThinkReply>;
    /// Starts a review, in place of any under way; its progress and result
    /// come from [`Thinker::poll_review`].
    fn start_review(&mut self, request: ReviewRequest);
    /// Stops the review under way; nothing more of it comes.
    fn cancel_review(&mut self);
    /// The next word of the review under way, if there is one.
    fn poll_review(&mut self) -> Option<ReviewUpdate>;
}

/// The review's plan: the hints' level explains, as `carolus analyse
/// --explain` and the browser's review do, after carolus-core's screening.
fn review_plan() -> Plan {
    Plan::new(Level::HINT.spec())
}

/// Runs the review of `request` within `budget`, telling `tell` of its
/// progress and then its result; the review's bots are seeded from `seed`.
fn run_review(
    request: &ReviewRequest,
    seed: u64,
    budget: &Budget,
    mut tell: impl FnMut(ReviewUpdate),
) {
    let id = request.id;
    let result = review::review(
        &request.record,
        &review_plan(),
        &request.seats,
        seed,
        budget,
        |progress| tell(ReviewUpdate::Progress { id, progress }),
    )
    .map_err(|error| error.to_string());
    tell(ReviewUpdate::Done { id, result });
}

/// The budget of a review's searches: the levels' own iteration caps, an
/// iteration limit where one is given (tests), never the clock.
fn review_budget(limits: ThinkLimits, stop: Option<Arc<AtomicBool>>) -> Budget {
    Budget {
        time: None,
        iterations: limits.iterations,
        stop,
    }
}

/// Which bot answers a request: hints get their own, so that a hint does
/// not disturb the plans of a computer player at the table.
type BotKey = (Purpose, Seat, Level);

/// The bots between decisions, built on first use.
struct Shelf {
    seed: u64,
    bots: HashMap<BotKey, Box<dyn Bot>>,
}

impl Shelf {
    fn new(seed: u64) -> Shelf {
        Shelf {
            seed,
            bots: HashMap::new(),
        }
    }

    /// The bot for `key`, taken off the shelf or newly built.
    fn take(&mut self, key: BotKey) -> Box<dyn Bot> {
        if let Some(bot) = self.bots.remove(&key) {
            return bot;
        }
        // Every bot gets its own seed from the game's, so that a game with
        // a fixed seed and iteration budget plays the same every time.
        let mut mixer = SplitMix64::new(self.seed);
        let salt = (key.1.index() as u64) << 8
            | u64::from(key.2.number())
            | ((key.0 == Purpose::Hint) as u64) << 16;
        let seed = mixer.next_u64() ^ salt;
        key.2.spec().build(SplitMix64::new(seed).next_u64())
    }

    /// Puts a bot back, unless a newer one took its place meanwhile.
    fn put(&mut self, key: BotKey, bot: Box<dyn Bot>) {
        self.bots.entry(key).or_insert(bot);
    }
}

fn key_of(request: &ThinkRequest) -> BotKey {
    (request.purpose, request.seat, request.level)
}

fn budget(limits: ThinkLimits, stop: Option<Arc<AtomicBool>>) -> Budget {
    Budget {
        time: limits.time,
        iterations: limits.iterations,
        stop,
    }
}

/// Runs one search through [`carolus_ai::think`], so that a faulty bot (a
/// panic, an illegal move) cannot take the screen down with it; the error
/// is a sentence for the message line.
fn think(bot: &mut dyn Bot, game: &Game, budget: &Budget) -> Result<Analysis, String> {
    carolus_ai::think(bot, game, budget).map_err(|error| match error {
        // The bot's own reason says it all.
        ThinkError::Refused(reason) => reason.to_string(),
        failure => failure.to_string(),
    })
}

/// Answers `request` with `bot`: its search, and for a hint the
/// explanation of the hint's move from that same search.
fn answer(bot: &mut dyn Bot, request: &ThinkRequest, budget: &Budget) -> ThinkReply {
    let result = match (request.lesson_at, request.purpose) {
        (Some(length), Purpose::Play) => {
            lessons::reply(&request.game, length).map_err(|error| error.to_string())
        }
        _ => think(bot, &request.game, budget),
    };
    let explanation = match (&result, request.purpose) {
        (Ok(analysis), Purpose::Hint) => Some(
            explain::explain_analysis(&request.game, analysis.best, bot, analysis)
                .map_err(|error| error.to_string()),
        ),
        _ => None,
    };
    ThinkReply {
        id: request.id,
        purpose: request.purpose,
        result,
        explanation,
    }
}

/// Answers every request at once, on the caller's thread.
pub struct InlineThinker {
    shelf: Shelf,
    limits: ThinkLimits,
    ready: Vec<ThinkReply>,
    reviewed: Vec<ReviewUpdate>,
}

impl InlineThinker {
    /// A thinker whose bots are seeded from `seed`, thinking within `limits`
    /// (an iteration limit makes the tree search levels reproducible).
    pub fn new(seed: u64, limits: ThinkLimits) -> InlineThinker {
        InlineThinker {
            shelf: Shelf::new(seed),
            limits,
            ready: Vec::new(),
            reviewed: Vec::new(),
        }
    }
}

impl Thinker for InlineThinker {
    fn start(&mut self, request: ThinkRequest) {
        let key = key_of(&request);
        let mut bot = self.shelf.take(key);
        let reply = answer(bot.as_mut(), &request, &budget(self.limits, None));
        self.shelf.put(key, bot);
        self.ready.push(reply);
    }

    fn cancel(&mut self) {
        self.ready.clear();
    }

    fn poll(&mut self) -> Option<ThinkReply> {
        (!self.ready.is_empty()).then(|| self.ready.remove(0))
    }

    fn start_review(&mut self, request: ReviewRequest) {
        self.reviewed.clear();
        let budget = review_budget(self.limits, None);
        let mut told = Vec::new();
        run_review(&request, self.shelf.seed, &budget, |update| {
            told.push(update)
        });
        self.reviewed = told;
    }

    fn cancel_review(&mut self) {
        self.reviewed.clear();
    }

    fn poll_review(&mut self) -> Option<ReviewUpdate> {
        (!self.reviewed.is_empty()).then(|| self.reviewed.remove(0))
    }
}

/// What a search thread sends back: the reply and the bot, for reuse.
struct Finished {
    key: BotKey,
    bot: Option<Box<dyn Bot>>,
    reply: ThinkReply,
}

/// Thinks on background threads, one search at a time.
pub struct BackgroundThinker {
    shelf: Shelf,
    limits: ThinkLimits,
    /// A computer player's move is shown only after this long, so that
    /// people can follow quick players; hints come as soon as they are ready.
    min_think: Duration,
    sender: Sender<Finished>,
    receiver: Receiver<Finished>,
    /// The search under way: its id, its stop flag and when it started.
    current: Option<(u64, Arc<AtomicBool>, Instant)>,
    /// A reply held back until the minimum thinking time has passed.
    held: Option<(ThinkReply, Instant)>,
    /// The review under way: its updates and its stop flag.
    review: Option<(Receiver<ReviewUpdate>, Arc<AtomicBool>)>,
}

impl BackgroundThinker {
    pub fn new(seed: u64, limits: ThinkLimits, min_think: Duration) -> BackgroundThinker {
        let (sender, receiver) = mpsc::channel();
        BackgroundThinker {
            shelf: Shelf::new(seed),
            limits,
            min_think,
            sender,
            receiver,
            current: None,
            held: None,
            review: None,
        }
    }
}

impl Thinker for BackgroundThinker {
    fn start(&mut self, request: ThinkRequest) {
        self.cancel();
        let key = key_of(&request);
        let stop = Arc::new(AtomicBool::new(false));
        self.current = Some((request.id, stop.clone(), Instant::now()));
        let mut bot = self.shelf.take(key);
        let budget = budget(self.limits, Some(stop));
        let sender = self.sender.clone();
        let (id, purpose) = (request.id, request.purpose);
        let spawned = std::thread::Builder::new()
            .name("carolus-ai".to_owned())
            .spawn(move || {
                let reply = answer(bot.as_mut(), &request, &budget);
                // A bot that failed may be in any state; build a new one.
                let bot = reply.result.is_ok().then_some(bot);
                // The receiver is gone only when the program is ending.
                let _ = sender.send(Finished { key, bot, reply });
            });
        if let Err(error) = spawned {
            let _ = self.sender.send(Finished {
                key,
                bot: None,
                reply: ThinkReply {
                    id,
                    purpose,
                    result: Err(format!(
                        "cannot start a thread for the computer player: {error}"
                    )),
                    explanation: None,
                },
            });
        }
    }

    fn cancel(&mut self) {
        if let Some((_, stop, _)) = self.current.take() {
            stop.store(true, Ordering::Relaxed);
        }
        self.held = None;
    }

    fn poll(&mut self) -> Option<ThinkReply> {
        while let Ok(finished) = self.receiver.try_recv() {
            if let Some(bot) = finished.bot {
                self.shelf.put(finished.key, bot);
            }
            let Some((id, _, started)) = &self.current else {
                continue;
            };
            if finished.reply.id != *id {
                continue;
            }
            let due = if finished.reply.purpose == Purpose::Play {
                *started + self.min_think
            } else {
                *started
            };
            self.current = None;
            self.held = Some((finished.reply, due));
        }
        match &self.held {
            Some((_, due)) if Instant::now() >= *due => self.held.take().map(|(reply, _)| reply),
            _ => None,
        }
    }

    fn start_review(&mut self, request: ReviewRequest) {
        self.cancel_review();
        let stop = Arc::new(AtomicBool::new(false));
        let budget = review_budget(self.limits, Some(stop.clone()));
        let (sender, receiver) = mpsc::channel();
        let seed = self.shelf.seed;
        let id = request.id;
        let spawned = std::thread::Builder::new()
            .name("carolus-review".to_owned())
            .spawn(move || {
                // The receiver is gone only when the review was given up.
                run_review(&request, seed, &budget, |update| {
                    let _ = sender.send(update);
                });
            });
        if let Err(error) = spawned {
            let (sender, receiver) = mpsc::channel();
            let _ = sender.send(ReviewUpdate::Done {
                id,
                result: Err(format!("cannot start a thread for the review: {error}")),
            });
            self.review = Some((receiver, stop));
            return;
        }
        self.review = Some((receiver, stop));
    }

    fn cancel_review(&mut self) {
        if let Some((_, stop)) = self.review.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }

    fn poll_review(&mut self) -> Option<ReviewUpdate> {
        let (receiver, _) = self.review.as_ref()?;
        let update = receiver.try_recv().ok()?;
        if matches!(update, ReviewUpdate::Done { .. }) {
            self.review = None;
        }
        Some(update)
    }
}

impl Drop for BackgroundThinker {
    fn drop(&mut self) {
        // A search still running stops at its next look at the flag; its
        // thread then ends on its own.
        self.cancel();
        self.cancel_review();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carolus_rules::{RecordedGame, Variant};

    fn request(id: u64, purpose: Purpose) -> ThinkRequest {
        let game = RecordedGame::from_seed(2, Variant::STANDARD, 9)
            .unwrap()
            .game()
            .clone();
        ThinkRequest {
            id,
            seat: game.to_act().unwrap(),
            level: Level::new(2).unwrap(),
            purpose,
            game,
            lesson_at: None,
        }
    }

    #[test]
    fn inline_answers_at_once_and_repeats_itself() {
        let limits = ThinkLimits {
            time: None,
            iterations: Some(50),
        };
        let mut first = InlineThinker::new(4, limits);
        let mut second = InlineThinker::new(4, limits);
        first.start(request(1, Purpose::Play));
        second.start(request(1, Purpose::Play));
        let a = first.poll().unwrap();
        let b = second.poll().unwrap();
        assert_eq!(a.id, 1);
        assert_eq!(a.result.unwrap().best, b.result.unwrap().best);
        assert!(first.poll().is_none());
    }

    #[test]
    fn a_hint_comes_with_the_explanation_of_its_move_and_a_move_without() {
        let limits = ThinkLimits {
            time: None,
            iterations: Some(50),
        };
        let mut thinker = InlineThinker::new(4, limits);
        thinker.start(request(1, Purpose::Hint));
        let hint = thinker.poll().unwrap();
        let best = hint.result.unwrap().best;
        let explanation = hint.explanation.expect("an explanation").unwrap();
        let game = request(1, Purpose::Hint).game;
        assert_eq!(explanation.mv(), game.canonical(best));
        assert!(explanation.is_best());
        thinker.start(request(2, Purpose::Play));
        assert!(thinker.poll().unwrap().explanation.is_none());
    }

    #[test]
    fn background_answers_without_blocking_and_ignores_cancelled_work() {
        let limits = ThinkLimits {
            time: Some(Duration::from_secs(2)),
            iterations: Some(50),
        };
        let mut thinker = BackgroundThinker::new(4, limits, Duration::ZERO);
        thinker.start(request(1, Purpose::Play));
        thinker.cancel();
        thinker.start(request(2, Purpose::Hint));
        let deadline = Instant::now() + Duration::from_secs(30);
        let reply = loop {
            if let Some(reply) = thinker.poll() {
                break reply;
            }
            assert!(Instant::now() < deadline, "no answer in time");
            std::thread::sleep(Duration::from_millis(5));
        };
        assert_eq!(reply.id, 2);
        assert!(reply.result.is_ok());
    }

    /// A finished random game of two, to review.
    fn finished(seed: u64) -> Record {
        let mut rng = carolus_rules::GameRng::seed_from_u64(seed);
        let mut game = RecordedGame::from_rng(2, Variant::STANDARD, &mut rng).unwrap();
        while game.play_random(&mut rng).is_some() {}
        game.into_record()
    }

    #[test]
    fn a_review_in_the_background_tells_its_progress_then_its_result() {
        let limits = ThinkLimits {
            time: None,
            iterations: Some(30),
        };
        let mut thinker = BackgroundThinker::new(4, limits, Duration::ZERO);
        let record = finished(3);
        let seats = vec![Seat::new(0).unwrap()];
        thinker.start_review(ReviewRequest {
            id: 7,
            record,
            seats,
        });
        let deadline = Instant::now() + Duration::from_secs(120);
        let mut progress = Vec::new();
        let review = loop {
            match thinker.poll_review() {
                Some(ReviewUpdate::Progress { id, progress: p }) => {
                    assert_eq!(id, 7);
                    progress.push(p);
                }
                Some(ReviewUpdate::Done { id, result }) => {
                    assert_eq!(id, 7);
                    break result.unwrap();
                }
                None => std::thread::sleep(Duration::from_millis(5)),
            }
            assert!(Instant::now() < deadline, "no review in time");
        };
        assert!(!progress.is_empty());
        let last = progress.last().unwrap();
        assert_eq!(last.done, last.total);
        assert!(review.decisions.iter().all(|d| d.seat.index() == 0));
        assert!(
            thinker.poll_review().is_none(),
            "nothing follows the result"
        );
    }

    #[test]
    fn a_cancelled_review_says_nothing_more() {
        let limits = ThinkLimits {
            time: None,
            iterations: Some(30),
        };
        let mut thinker = BackgroundThinker::new(4, limits, Duration::ZERO);
        thinker.start_review(ReviewRequest {
            id: 1,
            record: finished(5),
            seats: vec![Seat::new(0).unwrap(), Seat::new(1).unwrap()],
        });
        thinker.cancel_review();
        std::thread::sleep(Duration::from_millis(50));
        assert!(thinker.poll_review().is_none());
    }
}
