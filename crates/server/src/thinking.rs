//! The computer players' threads: a fixed number of worker threads that
//! search positions for every game on the server.
//!
//! Searches never run on the async runtime, whose few threads must stay
//! free to answer requests; and there are only so many of them at once, so
//! that a hundred games against the computer queue up instead of starving
//! the server. Each search builds its bot afresh and drops it afterwards:
//! no search tree outlives its move, so a game's memory between moves is
//! its record alone. An explanation ("why?", `POST /api/explain` and the
//! hint's words) needs the bot that searched, to ask it for the lines it
//! expects, so it is worked out on the same thread right after the search.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::thread;
use std::time::Duration;

use carolus_ai::{Analysis, BotSpec, Budget, Level, ThinkError, think};
use carolus_core::explain::{ExplainError, Explanation, explain_analysis};
use carolus_core::lessons;
use carolus_rules::{Game, Move, RandomSource};
use tokio::sync::oneshot;

use crate::secret::OsRandom;

/// One position to search.
struct Job {
    game: Game,
    level: Level,
    time: Duration,
    /// For the guided first game, the record's length: the computer then
    /// answers as the lesson fixes it (carolus-core's `lessons::reply`).
    lesson_at: Option<usize>,
    task: Task,
}

/// What a search is for, and where its answer goes.
enum Task {
    /// The bot's move and estimates.
    Think(oneshot::Sender<Result<Analysis, ThinkError>>),
    /// The same, and the explanation of `mv` (the bot's own choice when
    /// none) from that search.
    Explain {
        mv: Option<Move>,
        answer: oneshot::Sender<Result<Explained, ExplainError>>,
    },
}

impl Task {
    fn is_closed(&self) -> bool {
        match self {
            Task::Think(answer) => answer.is_closed(),
            Task::Explain { answer, .. } => answer.is_closed(),
        }
    }
}

/// A search's answer with the explanation of a move in its position.
pub struct Explained {
    pub analysis: Analysis,
    pub explanation: Explanation,
}

/// The pool of search threads. Cheap to clone: clones share the threads.
#[derive(Clone)]
pub struct Thinkers {
    jobs: mpsc::Sender<Job>,
    queued: Arc<AtomicUsize>,
    stop: Arc<AtomicBool>,
}

impl Thinkers {
    /// A pool of `threads` search threads (at least one).
    pub fn new(threads: usize) -> Thinkers {
        let (jobs, receiver) = mpsc::channel::<Job>();
        let receiver = Arc::new(Mutex::new(receiver));
        let queued = Arc::new(AtomicUsize::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        for index in 0..threads.max(1) {
            let receiver = Arc::clone(&receiver);
            let queued = Arc::clone(&queued);
            let stop = Arc::clone(&stop);
            thread::Builder::new()
                .name(format!("carolus-ai-{index}"))
                .spawn(move || work(&receiver, &queued, &stop))
                .expect("the operating system refused a search thread at start");
        }
        Thinkers { jobs, queued, stop }
    }

    /// Asks for the move of the computer at `level` in `game`, thinking at
    /// most `time`; in the guided first game, whose record has `lesson_at`
    /// moves, the lesson's reply instead. The answer comes on the returned
    /// channel; dropping it lets the search finish unheard.
    pub fn ask(
        &self,
        game: &Game,
        level: Level,
        time: Duration,
        lesson_at: Option<usize>,
    ) -> oneshot::Receiver<Result<Analysis, ThinkError>> {
        let (answer, receiver) = oneshot::channel();
        self.send(game, level, time, lesson_at, Task::Think(answer));
        receiver
    }

    /// Asks the computer at `level` to search `game` for at most `time`,
    /// as [`Thinkers::ask`], and to explain `mv` there from that search
    /// (its own choice when `mv` is none: a hint's "why?"). The move must
    /// be legal in `game`, else the answer says so.
    pub fn explain(
        &self,
        game: &Game,
        mv: Option<Move>,
        level: Level,
        time: Duration,
    ) -> oneshot::Receiver<Result<Explained, ExplainError>> {
        let (answer, receiver) = oneshot::channel();
        self.send(game, level, time, None, Task::Explain { mv, answer });
        receiver
    }

    fn send(
        &self,
        game: &Game,
        level: Level,
        time: Duration,
        lesson_at: Option<usize>,
        task: Task,
    ) {
        self.queued.fetch_add(1, Ordering::Relaxed);
        let job = Job {
            game: game.clone(),
            level,
            time,
            lesson_at,
            task,
        };
        if self.jobs.send(job).is_err() {
            // The threads are gone only when the process is ending; the
            // caller sees its channel closed.
            self.queued.fetch_sub(1, Ordering::Relaxed);
        }
    }

    /// Positions waiting for a free search thread.
    pub fn queued(&self) -> usize {
        self.queued.load(Ordering::Relaxed)
    }

    /// Stops every search under way at once (their answers are the best
    /// found so far) and every later one as soon as it starts: for shutting
    /// down.
    pub fn stop_all(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

fn work(receiver: &Mutex<mpsc::Receiver<Job>>, queued: &AtomicUsize, stop: &Arc<AtomicBool>) {
    loop {
        // A poisoned lock means another worker panicked outside a search,
        // which `think` prevents; the receiver itself is still sound.
        let job = match receiver.lock().unwrap_or_else(|e| e.into_inner()).recv() {
            Ok(job) => job,
            Err(_) => return,
        };
        queued.fetch_sub(1, Ordering::Relaxed);
        if job.task.is_closed() {
            continue;
        }
        let mut bot = one_thread(job.level.spec()).build(OsRandom.next_u64());
        let budget = Budget::time(job.time).with_stop(Arc::clone(stop));
        match job.task {
            // The guided game's computer answers as its lesson fixes it; a
            // hint or an explanation there is still the search's.
            Task::Think(answer) => {
                let analysis = match job.lesson_at {
                    Some(length) => lessons::reply(&job.game, length),
                    None => think(bot.as_mut(), &job.game, &budget),
                };
                let _ = answer.send(analysis);
            }
            Task::Explain { mv, answer } => {
                let analysis = think(bot.as_mut(), &job.game, &budget);
                let explained = analysis.map_err(ExplainError::from).and_then(|analysis| {
                    let mv = mv.unwrap_or(analysis.best);
                    let explanation = explain_analysis(&job.game, mv, bot.as_ref(), &analysis)?;
                    Ok(Explained {
                        analysis,
                        explanation,
                    })
                });
                let _ = answer.send(explained);
            }
        }
    }
}

/// `spec` searching on one thread: the pool's threads are the server's
/// unit of parallelism, one search each.
fn one_thread(spec: BotSpec) -> BotSpec {
    match spec {
        BotSpec::Mcts {
            level,
            ms,
            iterations,
            explore,
            playout,
            ..
        } => BotSpec::Mcts {
            level,
            ms,
            iterations,
            threads: Some(1),
            explore,
            playout,
        },
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use carolus_rules::{RecordedGame, Variant};

    use super::*;

    #[tokio::test]
    async fn a_computer_player_answers_a_legal_move_from_its_thread() {
        let thinkers = Thinkers::new(1);
        let game = RecordedGame::from_seed(2, Variant::STANDARD, 5).unwrap();
        for level in Level::all() {
            let answer = thinkers
                .ask(game.game(), level, Duration::from_millis(50), None)
                .await
                .unwrap()
                .unwrap();
            assert!(game.game().is_legal(&answer.best), "level {level}");
        }
        assert_eq!(thinkers.queued(), 0);
    }

    #[tokio::test]
    async fn an_explanation_is_worked_out_from_the_search_on_the_pool() {
        let thinkers = Thinkers::new(1);
        let game = RecordedGame::from_seed(3, Variant::STANDARD, 8).unwrap();
        let time = Duration::from_millis(30);
        // The computer's own choice, as a hint explains it.
        let hint = thinkers
            .explain(game.game(), None, Level::HINT, time)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(hint.explanation.best, hint.analysis.best);
        assert_eq!(
            hint.explanation.mv(),
            game.game().canonical(hint.analysis.best)
        );
        // Another legal move, against the computer's choice.
        let other = game
            .game()
            .legal_moves()
            .iter()
            .copied()
            .find(|mv| game.game().canonical(*mv) != hint.analysis.best)
            .unwrap();
        let explained = thinkers
            .explain(game.game(), Some(other), Level::HINT, time)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(explained.explanation.mv(), game.game().canonical(other));
        assert_eq!(
            explained.explanation.explained.moves[0],
            explained.explanation.mv()
        );
        assert_eq!(thinkers.queued(), 0);
    }

    #[tokio::test]
    async fn a_position_without_a_decision_is_refused_not_a_crash() {
        let thinkers = Thinkers::new(1);
        let game = RecordedGame::new(carolus_rules::Setup::random(
            2,
            Variant::STANDARD,
            &mut OsRandom,
        ))
        .unwrap();
        // A new game's first event is a draw, not a decision.
        let answer = thinkers
            .ask(game.game(), Level::MAX, Duration::from_millis(50), None)
            .await
            .unwrap();
        assert!(matches!(answer, Err(ThinkError::Refused(_))), "{answer:?}");
    }
}
