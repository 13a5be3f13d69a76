//! Drawing the app: `render(&App, &mut Frame)` and the parts that are not
//! the ring or the centre — the title bar, the footer (prompt, message,
//! keys), the side panel of the wide layout and the overlays (help, log,
//! file name, quit, result, a screen too small).
//!
//! Rendering reads the app and changes nothing; the same [`Layout`] is used
//! for mouse clicks (the `hit` module), so both agree on where everything
//! is.

use carolus_ai::BotSpec;
use carolus_core::estimates;
use carolus_core::session::SeatInfo;
use carolus_rules::{Owner, Phase, Seat};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Widget};

use crate::ai::Purpose;
use crate::app::{App, Leaving, MessageKind, Pick, PromptKind, Screen};
use crate::canvas::{self, put, put_centred, put_line};
use crate::centre;
use crate::graph;
use crate::help;
use crate::layout::{Kind, Layout, MIN_HEIGHT, MIN_WIDTH};
use crate::log_view;
use crate::prompt;
use crate::ring;
use crate::words;

/// Draws the whole screen.
pub fn render(app: &App, frame: &mut Frame) {
    let area = frame.area();
    draw(app, area, frame.buffer_mut());
}

/// Draws the whole screen into `buf`.
pub fn draw(app: &App, area: Rect, buf: &mut Buffer) {
    let layout = Layout::compute(area);
    if layout.kind == Kind::TooSmall {
        too_small(app, area, buf);
        return;
    }
    header(app, &layout, buf);
    ring::draw(app, &layout, buf);
    centre::draw(app, &layout, buf);
    if let Some(side) = layout.side {
        side_panel(app, side, buf);
    }
    footer(app, &layout, buf);
    match app.screen() {
        Screen::Board => {}
        Screen::Help { scroll } => help(app, area, *scroll, buf),
        Screen::Log { scroll } => full_log(app, area, *scroll, buf),
        Screen::Prompt { kind, text } => file_prompt(app, area, *kind, text, buf),
        Screen::Confirm(leaving) => confirm(app, *leaving, area, buf),
        Screen::Result => result(app, area, buf),
        Screen::Chances => chances(app, area, buf),
        Screen::Why { title, text } => why(app, area, title, text, buf),
        Screen::Review { page } => crate::review_view::draw(app, &layout, *page, buf),
    }
}

fn too_small(app: &App, area: Rect, buf: &mut Buffer) {
    if area.width == 0 || area.height == 0 {
        return;
    }
    let y = area.y + area.height / 2;
    let tr = app.tr();
    let lines = [
        tr!(tr, "tui-too-small", width = MIN_WIDTH, height = MIN_HEIGHT),
        tr!(
            tr,
            "tui-too-small-now",
            width = area.width,
            height = area.height
        ),
        tr!(tr, "tui-too-small-enlarge"),
    ];
    for (i, text) in lines.iter().enumerate() {
        let row = (y + i as u16).saturating_sub(1);
        if row < area.bottom() {
            let shown = canvas::truncate(text, usize::from(area.width));
            put_centred(
                buf,
                area,
                row,
                &Line::from(Span::styled(shown, app.theme().title())),
            );
        }
    }
}

/// What the player to act is doing, for the title bar.
fn task(app: &App) -> String {
    let tr = app.tr();
    let game = app.game();
    let Some(seat) = game.to_act() else {
        return tr!(tr, "game-over");
    };
    let name = words::seat_name(app.seats(), seat);
    let task = match game.phase() {
        Phase::Place => tr!(
            tr,
            "tui-task-place",
            number = game.placed_this_turn() + 1,
            total = game.placed_this_turn() + game.left_to_place()
        ),
        phase => words::task_words(tr, phase),
    };
    tr!(tr, "tui-task-of", name = name, task = task)
}

fn header(app: &App, layout: &Layout, buf: &mut Buffer) {
    let theme = app.theme();
    let tr = app.tr();
    let game = app.game();
    let row = layout.header;
    canvas::clear(buf, row, theme.header());
    let target = game.config().castle_target;
    // Most needed first: the regions left (the game ends below four) are
    // shown only here; the castle target is in the seat table's heading
    // too, and the seats are in the table.
    let regions = game.regions().len();
    let mut left = vec![
        " CAROLUS MAGNUS".to_owned(),
        tr!(tr, "round", round = game.round()),
        tr!(tr, "tui-regions-left", count = regions),
        tr!(tr, "tui-castles-win", target = target),
    ];
    if row.width >= 100 {
        left.push(match game.players() {
            2 => tr!(tr, "players-2"),
            3 => tr!(tr, "players-3"),
            _ => tr!(tr, "players-4"),
        });
    }
    // The task matters most, so it is never cut; the other pieces give
    // way, whole pieces at a time from the end, and the game's name before
    // the round and the regions left (which longer languages need room
    // for).
    let right = format!("{} │ ? {} ", task(app), tr!(tr, "tui-key-help"));
    let right = canvas::truncate(&right, usize::from(row.width));
    let right_width = canvas::width(&right);
    let room = row.width.saturating_sub(right_width + 1);
    let fits = |pieces: &[String]| canvas::width(&pieces.join(" │ ")) <= room;
    while left.len() > 3 && !fits(&left) {
        left.pop();
    }
    if !fits(&left) {
        // Without the name, the pieces start one space in, as it did.
        left.remove(0);
        left[0].insert(0, ' ');
        while left.len() > 1 && !fits(&left) {
            left.pop();
        }
    }
    let left = left.join(" │ ");
    put(
        buf,
        row.x,
        row.y,
        &canvas::truncate(&left, usize::from(room)),
        theme.header(),
        room,
    );
    put(
        buf,
        row.right() - right_width,
        row.y,
        &right,
        theme.header(),
        row.width,
    );
}

fn footer(app: &App, layout: &Layout, buf: &mut Buffer) {
    let theme = app.theme();
    prompt::draw(app, layout, buf);
    let row = layout.message_row();
    if let Some(message) = app.message() {
        let style = match message.kind {
            MessageKind::Error => theme.error(),
            MessageKind::Notice => theme.notice(),
        };
        let shown = canvas::truncate(&message.text, usize::from(row.width));
        put(buf, row.x, row.y, &shown, style, row.width);
    } else if let Some(line) = app.lesson_line() {
        // The guided game's lesson, where messages go when there is none.
        let shown = canvas::truncate(&line, usize::from(row.width));
        put(buf, row.x, row.y, &shown, theme.notice(), row.width);
    }
    let row = layout.keys_row();
    let mut spans = Vec::new();
    let mut used = 0;
    let (hints, gap) = fitting_key_hints(app, row.width);
    for (key, what) in hints {
        // Whole hints only: a cut-off key is worse than none.
        let width = canvas::width(key) + canvas::width(&what) + 1;
        if used + width > row.width {
            break;
        }
        used += width + gap;
        spans.push(Span::styled(key, theme.key()));
        spans.push(Span::styled(
            format!(" {what}{}", " ".repeat(usize::from(gap))),
            theme.dim(),
        ));
    }
    put_line(buf, row.x, row.y, &Line::from(spans), row.width);
}

/// A key and what it does, for the key line.
type KeyHint = (&'static str, String);

/// The keys worth showing now, most useful first.
fn key_hints(app: &App) -> Vec<KeyHint> {
    let mut keys = decision_keys(app);
    keys.extend(general_keys(app, false));
    keys
}

/// The keys of the decision at hand.
fn decision_keys(app: &App) -> Vec<KeyHint> {
    let tr = app.tr();
    let mut keys = Vec::new();
    if app.game().is_over() {
        keys.extend([
            ("e", tr!(tr, "tui-key-result")),
            ("n", tr!(tr, "tui-key-new")),
        ]);
    } else if app.human_to_act().is_some() {
        match app.pick() {
            Pick::Destination { .. } => {
                keys.extend([
                    ("←→ 1-15", tr!(tr, "tui-key-region")),
                    ("c", tr!(tr, "tui-key-court")),
                    ("⏎", tr!(tr, "tui-key-place")),
                    ("Esc", tr!(tr, "tui-key-back")),
                ]);
            }
            Pick::Family { .. } => keys.extend([
                ("r g b y p", tr!(tr, "tui-key-family")),
                ("⏎", tr!(tr, "tui-key-take")),
            ]),
            Pick::Disc { .. } => keys.extend([
                ("1-5 ←→", tr!(tr, "tui-key-disc")),
                ("⏎", tr!(tr, "tui-key-choose")),
            ]),
            Pick::Emperor { .. } => keys.extend([
                ("1-5 ←→", tr!(tr, "tui-key-steps")),
                ("⏎", tr!(tr, "tui-key-move")),
            ]),
            Pick::Joker { .. } => keys.extend([
                ("r g b y p", tr!(tr, "tui-key-family")),
                ("⏎", tr!(tr, "tui-key-assign")),
            ]),
            Pick::Wait => {}
        }
        if app.lesson_step().is_some_and(|step| step.show_me.is_some()) {
            keys.push(("m", tr!(tr, "tui-key-show-me")));
        }
        if app.lesson_step().is_some_and(|step| step.lesson.is_some()) {
            keys.extend([
                ("k", tr!(tr, "tui-key-skip")),
                ("K", tr!(tr, "tui-key-skip-all")),
            ]);
        }
        keys.push(("h", tr!(tr, "tui-key-hint")));
        // `x` is offered only when there is a hint to explain.
        if app.hint().is_some() {
            keys.push(("x", tr!(tr, "tui-key-why")));
        }
    }
    keys
}

/// The keys that work on every turn; `short` pairs some of them up, for
/// narrow screens.
fn general_keys(app: &App, short: bool) -> Vec<KeyHint> {
    let tr = app.tr();
    let mut keys = vec![
        ("?", tr!(tr, "tui-key-help")),
        ("q", tr!(tr, "tui-key-quit")),
    ];
    match (short, app.can_redo()) {
        (true, true) => keys.push((
            "u/^R",
            format!("{}/{}", tr!(tr, "tui-key-undo"), tr!(tr, "tui-key-redo")),
        )),
        (false, true) => keys.extend([
            ("u", tr!(tr, "tui-key-undo")),
            ("^R", tr!(tr, "tui-key-redo")),
        ]),
        (_, false) => keys.push(("u", tr!(tr, "tui-key-undo"))),
    }
    if short {
        keys.push((
            "s/o",
            format!("{}/{}", tr!(tr, "tui-key-save"), tr!(tr, "tui-key-open")),
        ));
    } else {
        keys.extend([
            ("s", tr!(tr, "tui-key-save")),
            ("o", tr!(tr, "tui-key-open")),
        ]);
    }
    keys.extend([
        ("l", tr!(tr, "tui-key-log")),
        ("w", tr!(tr, "tui-key-chances")),
    ]);
    keys
}

/// The key line that fits `width`: every key with two spaces between, or
/// one space, or some keys paired up; if even that is too long, the
/// decision's keys and as many others as fit, with `?` (which lists them
/// all) kept.
fn fitting_key_hints(app: &App, width: u16) -> (Vec<KeyHint>, u16) {
    let length = |keys: &[KeyHint], gap: u16| -> u16 {
        keys.iter()
            .map(|(key, what)| canvas::width(key) + canvas::width(what) + 1 + gap)
            .sum::<u16>()
            .saturating_sub(gap)
    };
    let full = key_hints(app);
    if length(&full, 2) <= width {
        return (full, 2);
    }
    if length(&full, 1) <= width {
        return (full, 1);
    }
    // Short: the family keys run together, and some keys pair up.
    let mut short: Vec<KeyHint> = decision_keys(app)
        .into_iter()
        .map(|(key, what)| (if key == "r g b y p" { "rgbyp" } else { key }, what))
        .collect();
    short.extend(general_keys(app, true));
    if length(&short, 1) <= width {
        return (short, 1);
    }
    let mut kept: Vec<KeyHint> = decision_keys(app)
        .into_iter()
        .map(|(key, what)| (if key == "r g b y p" { "rgbyp" } else { key }, what))
        .collect();
    kept.push(("?", tr!(app.tr(), "tui-key-all")));
    for key in general_keys(app, true).into_iter().skip(1) {
        let mut tried = kept.clone();
        tried.insert(tried.len() - 1, key);
        if length(&tried, 1) <= width {
            kept = tried;
        }
    }
    (kept, 1)
}

/// The side panel of the wide layout: the computer's analysis over the log.
fn side_panel(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let analysis = analysis_lines(app, usize::from(area.width.saturating_sub(2)));
    let height = (analysis.len() as u16 + 2).clamp(3, area.height / 2);
    let top = Rect::new(area.x, area.y, area.width, height);
    let block = Block::bordered()
        .title(format!(" {} ", tr!(app.tr(), "tui-analysis")))
        .border_style(theme.border())
        .title_style(theme.title());
    let inner = block.inner(top);
    block.render(top, buf);
    for (i, line) in analysis.iter().take(usize::from(inner.height)).enumerate() {
        put_line(buf, inner.x, inner.y + i as u16, line, inner.width);
    }

    let rest = Rect::new(
        area.x,
        top.bottom(),
        area.width,
        area.height.saturating_sub(height),
    );
    if rest.height < 3 {
        return;
    }
    let scrolled = app.log_scroll();
    let title = if scrolled > 0 {
        format!(" {} ", tr!(app.tr(), "tui-log-scrolled", lines = scrolled))
    } else {
        format!(" {} ", tr!(app.tr(), "tui-log"))
    };
    let block = Block::bordered()
        .title(title)
        .border_style(theme.border())
        .title_style(theme.title());
    let inner = block.inner(rest);
    block.render(rest, buf);
    let groups = log_view::grouped(app, usize::from(inner.width), true);
    let shown = if scrolled == 0 {
        log_view::tail(&groups, usize::from(inner.height))
    } else {
        let lines: Vec<Line<'static>> = groups.into_iter().flatten().collect();
        log_view::window(&lines, usize::from(inner.height), scrolled)
    };
    for (i, line) in shown.iter().enumerate() {
        put_line(buf, inner.x, inner.y + i as u16, line, inner.width);
    }
}

/// The computer's view: who is thinking, everyone's chances, the moves weighed.
fn analysis_lines(app: &App, width: usize) -> Vec<Line<'static>> {
    let theme = app.theme();
    let tr = app.tr();
    let seats = app.seats();
    let mut lines = Vec::new();
    if let Some(thinking) = app.thinking() {
        let (frame, seconds) = app.spinner().unwrap_or(('·', 0.0));
        let seconds = tr.decimal(seconds, 1);
        let what = match thinking.purpose {
            Purpose::Play => tr!(
                tr,
                "tui-thinking-for",
                name = words::seat_name(seats, thinking.seat),
                seconds = seconds
            ),
            Purpose::Hint => tr!(tr, "tui-hint-working", seconds = seconds),
        };
        lines.push(Line::from(vec![
            Span::styled(format!("{frame} "), theme.key()),
            Span::styled(what, theme.title()),
        ]));
    }
    let Some(estimate) = app.estimate() else {
        if lines.is_empty() {
            // Hints are for decisions still to make, so a finished game
            // does not offer one.
            let note = if app.human_to_act().is_some() {
                tr!(tr, "tui-no-estimate-hint")
            } else {
                tr!(tr, "tui-no-estimate")
            };
            for text in canvas::wrap(&note, width) {
                lines.push(Line::from(Span::styled(text, theme.dim())));
            }
        }
        // A loaded game brings its graph but no latest estimate.
        lines.extend(graph_lines(app, width));
        return lines;
    };
    let level = estimate.level.to_string();
    let who = match estimate.purpose {
        Purpose::Play => tr!(
            tr,
            "tui-estimate-by",
            name = words::seat_name(seats, estimate.seat),
            level = &level
        ),
        Purpose::Hint => tr!(tr, "tui-estimate-by-hint", level = &level),
    };
    // The greedy levels look one turn ahead and value the position
    // reached, which is a rough guide rather than a measured chance; say so.
    let how = if matches!(estimate.level.spec(), BotSpec::Greedy { .. }) {
        tr!(tr, "tui-estimate-rough")
    } else {
        // As text: a count of playouts can pass any float's exact range.
        tr!(
            tr,
            "tui-estimate-playouts",
            count = estimate.iterations.to_string()
        )
    };
    let heading = tr!(tr, "tui-estimate-heading", who = who, how = how);
    for text in canvas::wrap(&heading, width) {
        lines.push(Line::from(Span::styled(text, theme.dim())));
    }
    let name_width = 10;
    let bar_width = width.saturating_sub(name_width + 6).max(1);
    // One bar per side: in the team game partners win together, so the bar
    // is the team's chance, named as in the graph below.
    for (owner, chance) in estimates::owner_chances(&estimate.game, &estimate.win) {
        let filled = ((chance.clamp(0.0, 1.0) * bar_width as f64).round() as usize).min(bar_width);
        lines.push(Line::from(vec![
            Span::raw(format!(
                "{:<name_width$}",
                owner_label(seats, owner, name_width - 1)
            )),
            Span::styled("█".repeat(filled), owner_bar(app, owner)),
            Span::styled("░".repeat(bar_width - filled), theme.dim()),
            Span::raw(format!("{:>4.0}%", chance * 100.0)),
        ]));
    }
    if !estimate.candidates.is_empty() {
        lines.push(Line::from(Span::styled(
            tr!(tr, "tui-moves-weighed"),
            theme.dim(),
        )));
        for candidate in estimate.candidates.iter().take(5) {
            // Some bots score candidates on their own scale rather than as
            // a chance; a number outside 0–1 is shown as it is.
            let value = if (0.0..=1.0).contains(&candidate.value) {
                let chance =
                    estimates::mover_chance(&estimate.game, estimate.seat, candidate.value);
                format!("{:>4.0}%", chance * 100.0)
            } else {
                format!("{:>5.2}", candidate.value)
            };
            let text = format!(
                "{value}  {}",
                words::short_move(tr, &estimate.game, candidate.mv)
            );
            lines.push(Line::from(canvas::truncate(&text, width)));
        }
    }
    lines.extend(graph_lines(app, width));
    lines
}

/// The columns of the result screen's win-chance graph, a glance at the
/// game; `w` shows a wider one.
const GRAPH_COLUMNS: usize = 40;

/// The columns of the graph `w` shows, at most: a column per decision for
/// most of a two-player game.
const WIDE_GRAPH_COLUMNS: usize = 100;

/// The win-chance graph of the game so far: a line of blocks per seat (per
/// team in the team game), a column per estimate, or per few estimates
/// when there are more than fit in `width`. Nothing until there are two
/// estimates, since one is not yet a course.
fn graph_lines(app: &App, width: usize) -> Vec<Line<'static>> {
    let readings = app.trail().readings().len();
    if readings < 2 {
        return Vec::new();
    }
    let theme = app.theme();
    let seats = app.seats();
    let name_width = 10;
    let columns = width.saturating_sub(name_width).max(1);
    let per_column = graph::values_per_column(readings, columns);
    let heading = tr!(app.tr(), "tui-chances-so-far", count = readings);
    let mut lines = vec![Line::from(Span::styled(
        canvas::truncate(&heading, width),
        theme.dim(),
    ))];
    for (owner, values) in app.trail().series(app.game()) {
        let name = owner_label(seats, owner, name_width - 1);
        lines.push(Line::from(vec![
            Span::raw(format!("{name:<name_width$}")),
            Span::styled(graph::sparkline(&values, per_column), owner_bar(app, owner)),
        ]));
    }
    lines
}

/// A side's name in the Analysis panel, at most `width` cells: a player's
/// name, or a team's badge ("A+C").
fn owner_label(seats: &[SeatInfo], owner: Owner, width: usize) -> String {
    match owner {
        Owner::Seat(seat) => canvas::truncate(words::seat_name(seats, seat), width),
        Owner::Team(_) => words::owner_badge(seats, owner, width),
    }
}

fn owner_bar(app: &App, owner: Owner) -> Style {
    let theme = app.theme();
    if theme.has_colour() {
        theme.key()
    } else {
        theme.owner(owner.index())
    }
}

/// A rectangle of `width`×`height` centred in `area` (clipped to it).
fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    )
}

/// A cleared, bordered box; returns its inside.
pub(crate) fn popup(app: &App, area: Rect, title: &str, buf: &mut Buffer) -> Rect {
    Clear.render(area, buf);
    let block = Block::bordered()
        .title(format!(" {title} "))
        .border_style(app.theme().title())
        .title_style(app.theme().title());
    let inner = block.inner(area);
    block.render(area, buf);
    inner
}

fn help(app: &App, area: Rect, scroll: u16, buf: &mut Buffer) {
    let rect = centred(area, 80, area.height);
    let inner = popup(app, rect, &tr!(app.tr(), "tui-help-title"), buf);
    let theme = app.theme();
    let height = usize::from(inner.height);
    let lines = help::lines(app.tr());
    let first = usize::from(scroll).min(lines.len().saturating_sub(height));
    for (i, line) in lines.iter().skip(first).take(height).enumerate() {
        let style = if line.heading {
            theme.title()
        } else {
            theme.text()
        };
        put(
            buf,
            inner.x + 1,
            inner.y + i as u16,
            &line.text,
            style,
            inner.width.saturating_sub(1),
        );
    }
}

fn full_log(app: &App, area: Rect, scroll: usize, buf: &mut Buffer) {
    let rect = centred(area, area.width.min(100), area.height);
    let inner = popup(app, rect, &tr!(app.tr(), "tui-log-title"), buf);
    let lines = log_view::lines(app, usize::from(inner.width.saturating_sub(1)), true);
    let shown = log_view::window(&lines, usize::from(inner.height), scroll);
    for (i, line) in shown.iter().enumerate() {
        put_line(
            buf,
            inner.x + 1,
            inner.y + i as u16,
            line,
            inner.width.saturating_sub(1),
        );
    }
}

fn file_prompt(app: &App, area: Rect, kind: PromptKind, text: &str, buf: &mut Buffer) {
    let theme = app.theme();
    let tr = app.tr();
    let rect = centred(area, 70, 6);
    let title = match kind {
        PromptKind::Save => tr!(tr, "tui-save-title"),
        PromptKind::Load => tr!(tr, "tui-open-title"),
        PromptKind::Game { .. } => tr!(tr, "tui-several-title"),
    };
    let inner = popup(app, rect, &title, buf);
    let label = match kind {
        PromptKind::Save => tr!(tr, "tui-save-label"),
        PromptKind::Load => tr!(tr, "tui-open-label"),
        // The question first: a long file name is what the width cuts.
        PromptKind::Game { count } => tr!(
            tr,
            "tui-several-label",
            count = count,
            path = app.several_games_path().unwrap_or("")
        ),
    };
    put(buf, inner.x + 1, inner.y, &label, theme.text(), inner.width);
    // Show the end of a long name, where the typing happens.
    let room = usize::from(inner.width.saturating_sub(3));
    let chars: Vec<char> = text.chars().collect();
    let visible: String = chars[chars.len().saturating_sub(room)..].iter().collect();
    let end = put(
        buf,
        inner.x + 1,
        inner.y + 2,
        &visible,
        theme.title(),
        inner.width,
    );
    put(buf, end, inner.y + 2, "█", theme.key(), 1);
    put(
        buf,
        inner.x + 1,
        inner.y + 3,
        &tr!(tr, "tui-prompt-keys"),
        theme.dim(),
        inner.width,
    );
}

fn confirm(app: &App, leaving: Leaving, area: Rect, buf: &mut Buffer) {
    let tr = app.tr();
    let title = match leaving {
        Leaving::Quit => tr!(tr, "tui-confirm-quit"),
        Leaving::Open => tr!(tr, "tui-confirm-open"),
        Leaving::NewGame => tr!(tr, "tui-confirm-new"),
    };
    let question = tr!(tr, "tui-unsaved");
    let keys = tr!(tr, "tui-confirm-keys", action = leaving.action(tr));
    // As wide as the longest line needs (the languages differ), at least
    // as wide as it was.
    let width = [&title, &question, &keys]
        .iter()
        .map(|text| canvas::width(text))
        .max()
        .unwrap_or(0)
        .saturating_add(4)
        .max(50);
    let rect = centred(area, width, 5);
    let inner = popup(app, rect, &title, buf);
    put(
        buf,
        inner.x + 1,
        inner.y,
        &question,
        app.theme().text(),
        inner.width,
    );
    put(
        buf,
        inner.x + 1,
        inner.y + 2,
        &keys,
        app.theme().dim(),
        inner.width,
    );
}

/// The win-chance graph on a screen of its own, as wide as fits.
fn chances(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let tr = app.tr();
    let width = usize::from(area.width.saturating_sub(4)).min(WIDE_GRAPH_COLUMNS + 10);
    let mut lines = graph_lines(app, width);
    if lines.is_empty() {
        let text = tr!(tr, "tui-no-graph");
        for line in canvas::wrap(&text, width.min(60)) {
            lines.push(Line::from(Span::styled(line, theme.text())));
        }
    } else {
        lines.push(Line::from(Span::styled("▁ 0% … █ 100%", theme.dim())));
    }
    lines.push(Line::default());
    lines.push(Line::from(Span::styled(
        tr!(tr, "tui-any-key-back"),
        theme.dim(),
    )));
    popup_of_lines(app, area, &tr!(tr, "tui-chances-title"), &lines, 0, buf);
}

/// Why the hint's move: the explanation's sentences, wrapped to fit the
/// compact screen.
fn why(app: &App, area: Rect, title: &str, text: &str, buf: &mut Buffer) {
    let theme = app.theme();
    let width = usize::from(area.width.saturating_sub(6)).clamp(1, 64);
    let mut lines: Vec<Line> = canvas::wrap(text, width)
        .into_iter()
        .map(|line| Line::from(Span::styled(line, theme.text())))
        .collect();
    lines.push(Line::default());
    lines.push(Line::from(Span::styled(
        tr!(app.tr(), "tui-any-key-back"),
        theme.dim(),
    )));
    let title_width = canvas::width(title).saturating_add(6);
    popup_of_lines(app, area, title, &lines, title_width, buf);
}

/// The end screen: castles per seat (and per team), and the winners.
fn result(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let tr = app.tr();
    let game = app.game();
    let seats = app.seats();
    let winners: Vec<Seat> = game.winners().collect();
    let mut lines: Vec<Line> = Vec::new();
    lines.push(Line::from(Span::styled(
        words::result_words(tr, game, seats),
        theme.winner(),
    )));
    lines.push(Line::from(Span::styled(
        tr!(
            tr,
            "tui-result-after",
            rounds = game.round(),
            regions = game.regions().len()
        ),
        theme.dim(),
    )));
    lines.push(Line::default());
    let mut owners: Vec<Owner> = game.owners().collect();
    owners.sort_by_key(|&o| std::cmp::Reverse(game.castles_of(o)));
    for owner in owners {
        let won = owner.seats().any(|seat| winners.contains(&seat));
        let colour = words::owner_colour(tr, owner);
        let label = match owner {
            Owner::Team(team) => {
                format!("{} ({colour})", tr!(tr, "team-of", team = team.to_string()))
            }
            Owner::Seat(_) => format!("{} ({colour})", words::owner_name(seats, owner)),
        };
        let castles = game.castles_of(owner);
        lines.push(Line::from(vec![
            Span::styled(
                format!(" {:<28}", canvas::truncate(&label, 27)),
                theme.title(),
            ),
            Span::styled(format!("⌂ {castles:>2} "), theme.owner(owner.index())),
            Span::styled(
                if won {
                    format!("  {}", tr!(tr, "tui-winner"))
                } else {
                    String::new()
                },
                theme.winner(),
            ),
        ]));
        if let Owner::Team(_) = owner {
            for seat in owner.seats() {
                lines.push(Line::from(Span::raw(format!(
                    "   {}",
                    words::seat_name(seats, seat)
                ))));
            }
        }
    }
    let graph = graph_lines(app, GRAPH_COLUMNS + 10);
    if !graph.is_empty() {
        lines.push(Line::default());
        lines.extend(graph);
    }
    lines.push(Line::default());
    lines.push(Line::from(Span::styled(
        tr!(tr, "tui-result-review"),
        theme.title(),
    )));
    lines.push(Line::from(Span::styled(
        tr!(tr, "tui-result-keys"),
        theme.dim(),
    )));
    popup_of_lines(app, area, &tr!(tr, "game-over"), &lines, 40, buf);
}

/// A popup just big enough for `lines` (and at least `min_width` wide),
/// centred in `area`, with a column of margin on the left.
pub(crate) fn popup_of_lines(
    app: &App,
    area: Rect,
    title: &str,
    lines: &[Line],
    min_width: u16,
    buf: &mut Buffer,
) {
    let width = lines.iter().map(|l| l.width()).max().unwrap_or(20) as u16 + 4;
    let rect = centred(area, width.max(min_width), lines.len() as u16 + 2);
    let inner = popup(app, rect, title, buf);
    for (i, line) in lines.iter().take(usize::from(inner.height)).enumerate() {
        put_line(
            buf,
            inner.x + 1,
            inner.y + i as u16,
            line,
            inner.width.saturating_sub(1),
        );
    }
}
