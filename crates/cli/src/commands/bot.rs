//! `carolus bot`: a computer player speaking the bot protocol on stdin and
//! stdout, one JSON line each way (see [`carolus_core::protocol`] and
//! BOTS.md).
//!
//! The command serves until standard input ends, then exits with status 0.
//! Every request line gets exactly one answer line, flushed at once: a move,
//! or `{"error": …}` for a request that cannot be answered, after which it
//! goes on serving. One bot instance serves every request, so that a search
//! tree grown for one position helps with the next; it is told of a new game
//! whenever a request's set-up differs from the one before.
//!
//! **Time.** The answer must arrive within the request's `time_ms` plus 100
//! ms, counted from the moment the request line has been read. The search is
//! given `time_ms` less what reading and replaying the record took, less a
//! safety margin for finishing the search (joining threads, merging their
//! trees) and writing the answer: a tenth of the time, at least 5 and at
//! most 50 ms. BOTS.md (`carolus bot`, "Timing") has how close the
//! answers come.

use std::io::{self, BufRead, IsTerminal, Read, Write};
use std::time::{Duration, Instant};

use carolus_ai::{Bot, BotSpec, Budget, Level, ThinkError, think};
use carolus_core::protocol::{Answer, Refusal, Request};
use carolus_rules::Setup;

use crate::seed;

/// Play as a computer player over the bot protocol (JSON lines on stdin and stdout).
///
/// Each request line `{"record": <carolus-record/1>, "time_ms": 1000}` is
/// answered with one line `{"move": "<token>", "info": {"win": [..],
/// "iterations": n, "best": [..], "ms": t}}` for the position at the end of
/// the record, or `{"error": "<what and where>"}` if the request cannot be
/// answered. Unknown request fields are ignored, among them the `"state"`
/// (a carolus-state/1 view with the `legal` moves) that `carolus match`
/// adds for simple external bots. The program serves until standard input
/// ends. BOTS.md describes the protocol.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The bot: random, greedy or mcts, with options as in
    /// `mcts:threads=1` or `greedy:noise=0.1` [default: mcts].
    #[arg(long, value_name = "SPEC", conflicts_with = "level")]
    ai: Option<BotSpec>,

    /// The bot of a level for people, from 1 (beginner) to 5 (strongest).
    #[arg(long, value_name = "1-5")]
    level: Option<Level>,

    /// The seed of the bot's own random choices [default: a fresh one from
    /// the operating system].
    #[arg(long, value_name = "S", value_parser = crate::args::between::<u64>(0, u64::MAX))]
    seed: Option<u64>,
}

/// The longest request line served; a longer one is answered with an error
/// and skipped, so that no input can make the program hold unbounded memory.
/// A record of a whole long game is well under 100 kB.
const MAX_LINE: usize = 16 << 20;

pub fn run(args: &Args, out: &mut impl Write) -> anyhow::Result<()> {
    let spec = match (&args.ai, args.level) {
        (Some(spec), _) => spec.clone(),
        (None, Some(level)) => level.spec(),
        (None, None) => BotSpec::MCTS,
    };
    let seed = seed::given_or_fresh(args.seed)?;
    let mut server = Server::new(spec, seed);
    let stdin = io::stdin();
    // A person who started the bot at a terminal would otherwise see it
    // wait without a word; stdout stays the protocol's, so this goes to
    // stderr, and a program driving the bot never sees it.
    if stdin.is_terminal() {
        let _ = writeln!(
            io::stderr(),
            "carolus bot: waiting for requests, one JSON line each \
             ({{\"record\": …, \"time_ms\": 1000}}, see BOTS.md); Ctrl-D ends"
        );
    }
    let mut input = stdin.lock();
    let mut line = Vec::new();
    loop {
        line.clear();
        let read = (&mut input)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut line)?;
        if read == 0 {
            return Ok(());
        }
        // The clock starts when the whole line is in: waiting for the
        // client to finish writing is not the bot's time.
        let received = Instant::now();
        let answer = if line.len() > MAX_LINE && !line.ends_with(b"\n") {
            skip_rest_of_line(&mut input)?;
            Refusal::new(format!("the request line is longer than {MAX_LINE} bytes")).line()
        } else {
            let text = line.strip_suffix(b"\n").unwrap_or(&line);
            server.answer(text, received)
        };
        writeln!(out, "{answer}")?;
        out.flush()?;
    }
}

/// Reads and drops input up to and including the next line break.
fn skip_rest_of_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok(());
        }
        match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => {
                input.consume(end + 1);
                return Ok(());
            }
            None => {
                let len = buffer.len();
                input.consume(len);
            }
        }
    }
}

/// The one bot and what it needs to remember between requests.
struct Server {
    spec: BotSpec,
    seed: u64,
    bot: Box<dyn Bot>,
    /// The set-up of the previous request, to notice a new game.
    setup: Option<Setup>,
}

impl Server {
    fn new(spec: BotSpec, seed: u64) -> Server {
        let bot = spec.build(seed);
        Server {
            spec,
            seed,
            bot,
            setup: None,
        }
    }

    /// The answer line to one request line.
    fn answer(&mut self, line: &[u8], received: Instant) -> String {
        let request = match Request::read(line).and_then(|request| {
            request.decision_due()?;
            Ok(request)
        }) {
            Ok(request) => request,
            Err(error) => return Refusal::new(error.to_string()).line(),
        };
        if self.setup.as_ref() != Some(&request.record.setup) {
            self.bot.new_game();
            self.setup = Some(request.record.setup.clone());
        }
        let budget = Budget::time(search_time(request.time, received.elapsed()));
        // A failure inside the AI must not end the service: the client gets
        // an error line for this request and a fresh bot serves the next.
        match think(self.bot.as_mut(), &request.game, &budget) {
            Ok(analysis) => Answer::from_analysis(&analysis, received.elapsed()).line(),
            Err(ThinkError::Refused(error)) => Refusal::new(error.to_string()).line(),
            Err(ThinkError::Panicked(_) | ThinkError::Illegal { .. }) => {
                self.seed = self.seed.wrapping_add(1);
                self.bot = self.spec.build(self.seed);
                self.setup = None;
                Refusal::new(
                    "internal error: the bot failed on this position (please report it with the request)",
                )
                .line()
            }
        }
    }
}

/// The time the search may take of a request's `allowed` time, when
/// `spent` has already gone on reading it.
fn search_time(allowed: Duration, spent: Duration) -> Duration {
    let margin = (allowed / 10).clamp(Duration::from_millis(5), Duration::from_millis(50));
    allowed.saturating_sub(spent).saturating_sub(margin)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_leaves_a_margin_that_grows_with_the_time() {
        let ms = Duration::from_millis;
        assert_eq!(search_time(ms(1000), ms(3)), ms(947));
        assert_eq!(search_time(ms(100), ms(0)), ms(90));
        assert_eq!(search_time(ms(20), ms(1)), ms(14));
        assert_eq!(search_time(ms(0), ms(1)), ms(0));
        assert_eq!(search_time(ms(10_000), ms(0)), ms(9950));
    }

    #[test]
    fn a_server_answers_and_refuses() {
        let mut server = Server::new(BotSpec::Random, 1);
        let game =
            carolus_rules::RecordedGame::from_seed(3, carolus_rules::Variant::STANDARD, 2).unwrap();
        let line = Request::new(
            game.record().clone(),
            game.game().clone(),
            Duration::from_millis(50),
        )
        .line();
        let answer = server.answer(line.as_bytes(), Instant::now());
        let value: serde_json::Value = serde_json::from_str(&answer).unwrap();
        assert!(value["move"].is_string(), "{answer}");
        let answer = server.answer(b"nonsense", Instant::now());
        assert!(answer.starts_with("{\"error\":"), "{answer}");
    }
}
