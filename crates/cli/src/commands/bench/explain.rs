//! `carolus bench --explain`: how fast and how useful explanations are.
//!
//! Speed: a level-4 hint and its explanation (the search, the expected
//! lines, their facts and the words), timed on one core over positions
//! from games of two and three players and of the team game, from the
//! opening, the middle and the last decisions; and the review of whole
//! games as carolus-core's `review` makes it (every decision of the people
//! screened by a quick search, each person's likeliest costly ones
//! searched again by the explaining bot and explained, the costliest
//! picked). With `--compare`, the review is set beside the review of the
//! same games by a search of every decision with the explaining bot
//! (today's whole analysis), made with two seeds: how many of that
//! reference's decisions the review picks too, and how many the reference
//! picks again under the other seed, which is as far as it agrees with
//! itself.
//!
//! Usefulness: the share of the hints' explanations whose words state a
//! concrete fact (not merely that nothing changes hands), and the share of
//! the review's better moves whose words start with a fact that the move
//! played lacks.
//!
//! The games come from the seed (1 unless given), played by a greedy bot
//! with noise, so the positions are the same on every run; the times
//! depend on the machine and its load. Each time is taken twice: on the
//! clock, and as the processor time of the thread that did the work (on
//! Unix), which a machine shared with other work changes far less.

use std::io::Write;
use std::time::Instant;

use carolus_ai::{BotSpec, Budget, think};
use carolus_core::explain::{Claim, Explanation, Line, explain_analysis};
use carolus_core::review::{self, Plan, Review};
use carolus_rules::{Game, GameRng, Record, RecordedGame, Seat, Variant};
use serde::Serialize;

use super::timing::{Percentiles, millis, thread_time};

/// The bot that explains unless told otherwise: level 4 on one core.
pub const SPEC: &str = "mcts:level=4,threads=1";

/// The noise of the greedy bot that plays the games positions come from.
const NOISE: f64 = 0.2;

/// What the explanation benchmark measured, as `--json` prints it.
#[derive(Debug, Serialize)]
pub struct Report {
    seed: String,
    bot: String,
    positions: usize,
    /// Milliseconds for a hint and its explanation: median, 95th
    /// percentile and maximum.
    hint_ms: Percentiles,
    /// Of that, the explanation alone (lines, facts, words).
    explanation_ms: Percentiles,
    /// The thread's processor time for a hint and its explanation (0 where
    /// the system does not say).
    hint_cpu_ms: Percentiles,
    /// Hints whose words state a concrete fact.
    hints_with_a_fact: usize,
    /// Of them, those whose words state that something changes hands or
    /// can: control, a castle, a merge, the end, a lead, a region within
    /// the emperor's reach that would change hands, a side close to the
    /// target, few regions left.
    hints_with_a_change: usize,
    games: usize,
    /// Seconds for the review of a whole game: mean and maximum.
    review_s_mean: f64,
    review_s_max: f64,
    /// The same in the thread's processor time.
    review_cpu_s_mean: f64,
    review_cpu_s_max: f64,
    /// Better moves shown by the reviews, and those whose words start with
    /// a fact the move played lacks.
    better_moves: usize,
    better_with_a_lacking_fact: usize,
    /// The review's screening search and how many decisions a person it
    /// searches again.
    screen: Option<String>,
    shortlist: usize,
    /// Deep searches the reviews made (screenings not counted).
    deep_searches: usize,
    /// With `--compare`: of the decisions the reference (every decision
    /// searched by the explaining bot) shows, how many the review shows
    /// too, and how many the reference shows again under another seed.
    #[serde(skip_serializing_if = "Option::is_none")]
    compared: Option<Compared>,
}

#[derive(Debug, Serialize)]
struct Compared {
    /// Decisions the reference shows.
    reference: usize,
    /// Of them, those the review shows.
    review_same: usize,
    /// Of them, those the reference with the other seed shows.
    reseeded_same: usize,
    /// The reference's time, for comparison: mean seconds of processor
    /// time a game.
    reference_cpu_s_mean: f64,
}

/// What the explanation benchmark is asked to do.
pub struct Settings {
    pub spec: BotSpec,
    pub plan: Plan,
    pub seed: u64,
    pub positions: usize,
    pub reviews: usize,
    pub compare: bool,
}

/// A game of `players` played to its end by noisy greedy bots.
fn greedy_game(players: usize, seed: u64) -> anyhow::Result<Record> {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut game = RecordedGame::from_rng(players, Variant::for_players(players), &mut rng)?;
    let mut bot = BotSpec::Greedy { noise: NOISE }.build(seed);
    while !game.game().is_over() {
        if game.game().draw_due().is_some() {
            game.play_random(&mut rng);
            continue;
        }
        let mv = think(bot.as_mut(), game.game(), &Budget::default())?.best;
        game.play(mv)?;
    }
    Ok(game.into_record())
}

/// `count` positions of `record`: a third from its first decisions, a third
/// spread over its middle, a third from its last.
fn positions(record: &Record, count: usize) -> anyhow::Result<Vec<Game>> {
    let mut decisions = Vec::new();
    record.replay_with(|game| {
        if !game.is_over() && game.draw_due().is_none() {
            decisions.push(game.clone());
        }
    })?;
    let total = decisions.len();
    let (first, middle) = (count / 3, count / 3);
    let last = count - first - middle;
    let mut picked: Vec<usize> = (0..first).map(|i| 1 + 3 * i).collect();
    picked.extend((0..middle).map(|i| total / 4 + i * (total / 2) / middle));
    picked.extend((0..last).map(|i| total.saturating_sub(1 + i)));
    Ok(picked
        .into_iter()
        .filter_map(|i| decisions.get(i).cloned())
        .collect())
}

/// Whether the words of `explanation` state a fact that `fits`.
fn states(explanation: &Explanation, fits: impl Fn(&Claim) -> bool) -> bool {
    explanation.sentences().iter().any(|(sentence, of)| {
        let line = match of {
            carolus_core::explain::words::LineOf::Explained => &explanation.explained,
            carolus_core::explain::words::LineOf::Alternative(i) => &explanation.alternatives[*i],
        };
        sentence
            .fact
            .and_then(|i| line.facts.get(i))
            .is_some_and(|fact| fits(&fact.claim))
    })
}

/// Whether `claim` says that something changes hands, or can.
fn is_a_change(claim: &Claim) -> bool {
    match claim {
        Claim::Control { .. }
        | Claim::Castle { .. }
        | Claim::Merge { .. }
        | Claim::End { .. }
        | Claim::Near { .. }
        | Claim::Regions { .. } => true,
        Claim::Lead { leader, before, .. } => leader != before,
        Claim::Reach { regions, .. } => regions.iter().any(|target| target.gains),
        _ => false,
    }
}

/// Whether the words of `better` beside `played` start with a fact that
/// `played` lacks.
fn starts_with_a_lacking_fact(better: &Line, played: &Line) -> bool {
    better
        .sentences_against(played)
        .first()
        .and_then(|sentence| sentence.fact)
        .and_then(|i| better.facts.get(i))
        .is_some_and(|fact| fact.is_lacking_in(played))
}

pub fn run(settings: &Settings) -> anyhow::Result<Report> {
    let Settings {
        spec,
        seed,
        positions: count,
        reviews: games,
        ..
    } = settings;
    let (seed, count, games) = (*seed, *count, *games);
    // The players of each game in turn: two, three, the team game.
    let player_counts = [2, 3, 4];
    let mut hint = Vec::new();
    let mut explanation = Vec::new();
    let mut hint_cpu = Vec::new();
    let mut with_a_fact = 0;
    let mut with_a_change = 0;
    // Two games of each kind, the positions shared out among them.
    let sources: Vec<usize> = player_counts.iter().flat_map(|&p| [p, p]).collect();
    for (i, players) in sources.iter().enumerate() {
        let record = greedy_game(*players, seed.wrapping_add(i as u64))?;
        let wanted = (count - hint.len()).div_ceil(sources.len() - i);
        for game in positions(&record, wanted)? {
            let mut bot = spec.build(seed);
            let (start, cpu) = (Instant::now(), thread_time());
            let analysis = think(bot.as_mut(), &game, &Budget::default())?;
            let searched = start.elapsed();
            let explained = explain_analysis(&game, analysis.best, bot.as_ref(), &analysis)?;
            let _ = explained.sentences();
            let total = start.elapsed();
            hint_cpu.push(millis(thread_time() - cpu));
            hint.push(millis(total));
            explanation.push(millis(total - searched));
            with_a_fact += usize::from(states(&explained, Claim::is_concrete));
            with_a_change += usize::from(states(&explained, is_a_change));
        }
    }

    let mut review_seconds = Vec::new();
    let mut review_cpu = Vec::new();
    let mut better_moves = 0;
    let mut lacking = 0;
    let mut deep_searches = 0;
    let mut compared = settings.compare.then_some(Compared {
        reference: 0,
        review_same: 0,
        reseeded_same: 0,
        reference_cpu_s_mean: 0.0,
    });
    for game in 0..games {
        let players = player_counts[game % player_counts.len()];
        let record = greedy_game(players, seed.wrapping_add(100 + game as u64))?;
        // The games have no `meta.levels`: every seat counts as a person.
        let seats = review::people(&record);
        let (start, cpu) = (Instant::now(), thread_time());
        let made = review::review(
            &record,
            &settings.plan,
            &seats,
            seed,
            &Budget::default(),
            |_| {},
        )?;
        let mut reviewed = Vec::new();
        for seat in Seat::all(players) {
            reviewed.extend(made.costliest(seat));
        }
        review_seconds.push(start.elapsed().as_secs_f64());
        review_cpu.push((thread_time() - cpu).as_secs_f64());
        deep_searches += made.decisions.len();
        if let Some(compared) = &mut compared {
            let exhaustive = Plan::exhaustive(spec.clone());
            let cpu = thread_time();
            let reference = reviewed_by(&record, &exhaustive, &seats, seed)?;
            compared.reference_cpu_s_mean +=
                (thread_time() - cpu).as_secs_f64() / games.max(1) as f64;
            let reseeded = reviewed_by(&record, &exhaustive, &seats, seed.wrapping_add(1))?;
            let (same, total) = review::agreement(&made, &reference);
            compared.reference += total;
            compared.review_same += same;
            compared.reseeded_same += review::agreement(&reseeded, &reference).0;
        }
        for decision in reviewed {
            let Some(explained) = &decision.explanation else {
                continue;
            };
            if let Some(better) = explained.better() {
                better_moves += 1;
                lacking += usize::from(starts_with_a_lacking_fact(better, &explained.explained));
            }
        }
    }
    Ok(Report {
        seed: seed.to_string(),
        bot: spec.to_string(),
        positions: hint.len(),
        hint_ms: Percentiles::of(hint),
        explanation_ms: Percentiles::of(explanation),
        hint_cpu_ms: Percentiles::of(hint_cpu),
        hints_with_a_fact: with_a_fact,
        hints_with_a_change: with_a_change,
        games,
        review_s_mean: review_seconds.iter().sum::<f64>() / review_seconds.len().max(1) as f64,
        review_s_max: review_seconds.iter().copied().fold(0.0, f64::max),
        review_cpu_s_mean: review_cpu.iter().sum::<f64>() / review_cpu.len().max(1) as f64,
        review_cpu_s_max: review_cpu.iter().copied().fold(0.0, f64::max),
        better_moves,
        better_with_a_lacking_fact: lacking,
        screen: settings.plan.screen.as_ref().map(ToString::to_string),
        shortlist: settings.plan.shortlist,
        deep_searches,
        compared,
    })
}

/// The review of `record` by `plan`, seeded with `seed`.
fn reviewed_by(record: &Record, plan: &Plan, seats: &[Seat], seed: u64) -> anyhow::Result<Review> {
    Ok(review::review(
        record,
        plan,
        seats,
        seed,
        &Budget::default(),
        |_| {},
    )?)
}

fn share(part: usize, whole: usize) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

/// The report in words.
pub fn write_text(out: &mut impl Write, report: &Report) -> std::io::Result<()> {
    let Report {
        hint_ms: h,
        explanation_ms: e,
        hint_cpu_ms: c,
        ..
    } = report;
    writeln!(
        out,
        "explanations of hints by {}, {} positions (seed {}):",
        report.bot, report.positions, report.seed
    )?;
    writeln!(
        out,
        "  a hint and its explanation: p50 {:.0} ms, p95 {:.0} ms, max {:.0} ms (the explanation alone: p50 {:.1} ms, p95 {:.1} ms)",
        h.p50, h.p95, h.max, e.p50, e.p95
    )?;
    writeln!(
        out,
        "  in processor time: p50 {:.0} ms, p95 {:.0} ms, max {:.0} ms",
        c.p50, c.p95, c.max
    )?;
    writeln!(
        out,
        "  {} of {} ({:.1}%) state a concrete fact beyond \"it scores best\"",
        report.hints_with_a_fact,
        report.positions,
        share(report.hints_with_a_fact, report.positions)
    )?;
    writeln!(
        out,
        "  {} of {} ({:.1}%) state that something changes hands or can (control, a castle, a lead, a region in reach, ...)",
        report.hints_with_a_change,
        report.positions,
        share(report.hints_with_a_change, report.positions)
    )?;
    match &report.screen {
        Some(screen) => writeln!(
            out,
            "reviews of {} whole games (every decision screened by {screen}, {} of each person's searched again and explained; {} deep searches):",
            report.games, report.shortlist, report.deep_searches
        )?,
        None => writeln!(
            out,
            "reviews of {} whole games (every decision analysed and explained):",
            report.games
        )?,
    }
    writeln!(
        out,
        "  a game: {:.1} s on average, {:.1} s at most; in processor time {:.1} s and {:.1} s",
        report.review_s_mean,
        report.review_s_max,
        report.review_cpu_s_mean,
        report.review_cpu_s_max
    )?;
    writeln!(
        out,
        "  {} of {} better moves ({:.1}%) start with a fact the move played lacks",
        report.better_with_a_lacking_fact,
        report.better_moves,
        share(report.better_with_a_lacking_fact, report.better_moves)
    )?;
    if let Some(c) = &report.compared {
        writeln!(
            out,
            "  against every decision searched by {} ({:.1} s of processor time a game): the review shows {} of its {} decisions ({:.1}%); the same search with another seed shows {} ({:.1}%)",
            report.bot,
            c.reference_cpu_s_mean,
            c.review_same,
            c.reference,
            share(c.review_same, c.reference),
            c.reseeded_same,
            share(c.reseeded_same, c.reference)
        )?;
    }
    Ok(())
}
