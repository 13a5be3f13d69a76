//! The inside of the ring: every seat's court (with the families it
//! controls marked), reserve, discs and castles in playing order, who
//! controls each family, and the decision at hand — with, for the emperor,
//! what every possible move would do. In the compact layout the newest log
//! lines fill what room is left.

use carolus_core::estimates;
use carolus_rules::{Disc, Family, FamilyCounts, Game, Phase, Seat};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::ai::Purpose;
use crate::app::{App, Estimate, Pick};
use crate::canvas::{self, put, put_line};
use crate::layout::{Kind, Layout};
use crate::log_view;
use crate::preview;
use crate::theme::Theme;
use crate::words;

/// The widths of the seat table's columns.
struct Columns {
    name: u16,
    /// Whether the castle colour is written out ("black") or only marked
    /// (●), for narrow screens.
    colour_word: bool,
    family: u16,
    win: u16,
}

/// The seat number (as `--ai` takes it) and the mark of the seat to act.
const SEAT: u16 = 3;
/// The castle colour written out ("black " in English), before the
/// catalog's words are measured.
const COLOUR_WORD: u16 = 6;
const KIND: u16 = 4;
const CASTLES: u16 = 5;
const DISCS: u16 = 8;
/// The narrowest name column that still shows the default names whole.
const NAME: u16 = 6;

impl Columns {
    /// The columns for a table `width` cells wide, with a column for the
    /// win chances if there is an `estimate`, and castle colours written
    /// out taking `colour_word` cells (the longest word and a space).
    fn new(width: u16, estimate: bool, colour_word: u16) -> Columns {
        let fixed = |written: bool, family: u16, win: u16| {
            let colour = if written { colour_word } else { 2 };
            SEAT + colour + KIND + CASTLES + 2 * (5 * family + 1) + DISCS + win
        };
        let win = if estimate { 6 } else { 0 };
        // The roomiest arrangement that leaves the names their room.
        let choices = [
            (true, 3, win),
            (true, 3, 0),
            (true, 2, win),
            (true, 2, 0),
            (false, 2, 0),
        ];
        let (colour_word, family, win) = choices
            .into_iter()
            .find(|&(word, family, win)| width >= fixed(word, family, win) + NAME)
            .unwrap_or((false, 2, 0));
        let name = width
            .saturating_sub(fixed(colour_word, family, win))
            .clamp(4, 16);
        Columns {
            name,
            colour_word,
            family,
            win,
        }
    }
}

/// Draws the centre of the ring.
pub fn draw(app: &App, layout: &Layout, buf: &mut Buffer) {
    let area = layout.centre;
    if area.width < 4 || area.height == 0 {
        return;
    }
    let inner = Rect::new(area.x + 1, area.y, area.width - 2, area.height);
    let mut y = inner.y;
    y = seat_table(app, app.game(), app.estimate(), inner, y, buf);
    y = control_line(app, app.game(), inner, y, buf);
    let bottom = inner.bottom();
    // The wide layout has room for the playing order and the race to the
    // castle target.
    if layout.kind == Kind::Wide {
        let extra = standings(app, usize::from(inner.width));
        if y + extra.len() as u16 + 6 < bottom {
            y += 1;
            for line in &extra {
                put_line(buf, inner.x, y, line, inner.width);
                y += 1;
            }
        }
    }
    if y >= bottom {
        return;
    }
    let (lines, focus) = decision(app, inner.width);
    let mut room = usize::from(bottom - y);
    if room > lines.len() + 2 && !lines.is_empty() {
        put(
            buf,
            inner.x,
            y,
            &"─".repeat(usize::from(inner.width)),
            app.theme().border(),
            inner.width,
        );
        y += 1;
        room -= 1;
    }
    // Keep the focused line (the emperor option under the cursor) in view.
    let first = match focus {
        Some(focus) if lines.len() > room => {
            (focus + 1).saturating_sub(room).min(lines.len() - room)
        }
        _ => 0,
    };
    for line in lines.iter().skip(first).take(room) {
        put_line(buf, inner.x, y, line, inner.width);
        y += 1;
    }
    // The compact layout has no side panel, so the newest log lines go here.
    if layout.kind == Kind::Compact && y < bottom {
        let height = bottom - y;
        if !lines.is_empty() && height > 1 {
            y += 1;
        }
        // Whole entries only, newest last.
        let groups = log_view::grouped(app, usize::from(inner.width), true);
        for line in &log_view::tail(&groups, usize::from(bottom - y)) {
            put_line(buf, inner.x, y, line, inner.width);
            y += 1;
        }
    }
}

/// The table of seats: seat number, name, castle colour, kind, castles,
/// court, reserve, discs.
/// Draws the seats of `position` as they stand there (for the table's own
/// game, or a position of its past such as the review's), each seat's
/// row and who controls each family, from row `y` of `area`; returns the
/// row below.
pub fn position(app: &App, game: &Game, area: Rect, y: u16, buf: &mut Buffer) -> u16 {
    let y = seat_table(app, game, None, area, y, buf);
    control_line(app, game, area, y, buf)
}

fn seat_table(
    app: &App,
    game: &Game,
    estimate: Option<&Estimate>,
    area: Rect,
    y: u16,
    buf: &mut Buffer,
) -> u16 {
    let theme = app.theme();
    let tr = app.tr();
    let colours: Vec<String> = game
        .owners()
        .map(|owner| words::owner_colour(tr, owner))
        .collect();
    let colour_word = colours
        .iter()
        .map(|colour| canvas::width(colour) + 1)
        .max()
        .unwrap_or(COLOUR_WORD);
    let columns = Columns::new(area.width, estimate.is_some(), colour_word);
    let family_width = usize::from(columns.family) * 5;
    let colour_width = if columns.colour_word { colour_word } else { 2 };
    let target = game.config().castle_target;

    let mut header = vec![
        Span::raw(pad("#", SEAT)),
        Span::raw(pad(
            &tr!(tr, "tui-column-player"),
            columns.name + colour_width + KIND,
        )),
        Span::raw(pad(&format!("⌂/{target}"), CASTLES)),
        Span::raw(pad(&tr!(tr, "court"), family_width as u16 + 1)),
        Span::raw(pad(&tr!(tr, "reserve"), family_width as u16 + 1)),
        Span::raw(pad(&tr!(tr, "discs"), DISCS)),
    ];
    if columns.win > 0 {
        // Right-aligned over the percentages, so that a heading as long
        // as the discs' column is never joined to it.
        let win = canvas::truncate(&tr!(tr, "tui-column-win"), usize::from(columns.win));
        header.push(Span::raw(format!(
            "{win:>width$}",
            width = usize::from(columns.win)
        )));
    }
    put_line(
        buf,
        area.x,
        y,
        &Line::from(header).style(theme.dim()),
        area.width,
    );

    let acting = (!game.is_over()).then(|| game.to_act()).flatten();
    for seat in Seat::all(game.players()) {
        let row = y + 1 + seat.index() as u16;
        if row >= area.bottom() {
            break;
        }
        let here = acting == Some(seat);
        let mut spans = vec![Span::styled(
            pad(
                &format!("{}{}", seat.index(), if here { "▸" } else { "" }),
                SEAT,
            ),
            if here { theme.key() } else { theme.dim() },
        )];
        let name = canvas::truncate(
            words::seat_name(app.seats(), seat),
            usize::from(columns.name) - 1,
        );
        spans.push(Span::styled(
            pad(&name, columns.name),
            if here { theme.title() } else { theme.text() },
        ));
        let owner = game.owner_of(seat);
        let colour = if columns.colour_word {
            words::owner_colour(tr, owner)
        } else {
            words::owner_mark(owner).to_owned()
        };
        spans.push(Span::styled(colour.clone(), theme.owner(owner.index())));
        spans.push(Span::raw(" ".repeat(
            usize::from(colour_width).saturating_sub(usize::from(canvas::width(&colour))),
        )));
        let kind = match app.ai_level(seat) {
            Some(level) => tr!(tr, "tui-ai-level", level = level.to_string()),
            None => String::new(),
        };
        spans.push(Span::styled(pad(&kind, KIND), theme.dim()));
        spans.push(Span::styled(
            format!("{:>3}", game.castles(seat)),
            theme.owner(owner.index()),
        ));
        spans.push(Span::raw("  "));
        spans.extend(families(theme, game.court(seat), columns.family, |f| {
            game.controller(f) == Some(seat)
        }));
        spans.push(Span::raw(" "));
        spans.extend(families(theme, game.reserve(seat), columns.family, |_| {
            false
        }));
        spans.push(Span::raw(" "));
        spans.extend(discs(theme, game, seat));
        if columns.win > 0
            && let Some(estimate) = estimate
            && let Some(win) = estimates::seat_chance(&estimate.game, &estimate.win, seat)
        {
            spans.push(Span::styled(format!("{:>4.0}%", win * 100.0), theme.text()));
        }
        put_line(buf, area.x, row, &Line::from(spans), area.width);
    }
    y + 1 + game.players() as u16
}

/// `text` padded with spaces to `width` cells.
fn pad(text: &str, width: u16) -> String {
    let shown = canvas::truncate(text, usize::from(width));
    let fill = usize::from(width).saturating_sub(usize::from(canvas::width(&shown)));
    format!("{shown}{}", " ".repeat(fill))
}

/// The five family counts as `R2 G· …`, with marked cells where `marked`.
fn families(
    theme: Theme,
    counts: &FamilyCounts,
    cell: u16,
    marked: impl Fn(Family) -> bool,
) -> Vec<Span<'static>> {
    Family::ALL
        .into_iter()
        .map(|family| {
            let count = counts[family];
            let text = if count == 0 {
                format!("{}·", family.letter())
            } else {
                format!("{}{count}", family.letter())
            };
            let style = if marked(family) {
                theme.controlled(family)
            } else if count == 0 {
                theme.dim()
            } else {
                theme.family(family)
            };
            Span::styled(pad(&text, cell), style)
        })
        .collect()
}

/// Unused discs as digits, used ones as dots, then the chosen disc.
fn discs(theme: Theme, game: &Game, seat: Seat) -> Vec<Span<'static>> {
    let unused = game.unused_discs(seat);
    let set: String = Disc::ALL
        .iter()
        .map(|&d| {
            if unused.contains(d) {
                char::from(b'0' + d.number())
            } else {
                '·'
            }
        })
        .collect();
    let mut spans = vec![Span::styled(set, theme.text())];
    if let Some(disc) = game.chosen_disc(seat) {
        spans.push(Span::styled(format!(" ▸{disc}"), theme.key()));
    }
    spans
}

/// The playing order and each owner's castles against the target.
fn standings(app: &App, width: usize) -> Vec<Line<'static>> {
    let game = app.game();
    let theme = app.theme();
    let tr = app.tr();
    let seats = app.seats();
    let mut lines = Vec::new();
    let mut order = vec![Span::styled(
        format!("{}  ", tr!(tr, "tui-order")),
        theme.dim(),
    )];
    for (i, seat) in game.order().enumerate() {
        if i > 0 {
            order.push(Span::styled(" ▸ ", theme.dim()));
        }
        let disc = game
            .chosen_disc(seat)
            .map(|d| format!(" ({d})"))
            .unwrap_or_default();
        let style = if game.to_act() == Some(seat) && !game.is_over() {
            theme.key()
        } else {
            theme.text()
        };
        order.push(Span::styled(
            format!("{}{disc}", words::seat_name(seats, seat)),
            style,
        ));
    }
    lines.push(Line::from(order));
    let target = usize::from(game.config().castle_target);
    let name_width = 16;
    for owner in game.owners() {
        let castles = game.castles_of(owner);
        let room = width.saturating_sub(name_width + 18).max(target);
        let scale = room / target.max(1);
        let filled = (castles * scale).min(room);
        let empty = (target * scale).saturating_sub(filled);
        lines.push(Line::from(vec![
            Span::styled(
                format!(
                    "{:<name_width$}",
                    canvas::truncate(&words::owner_name(seats, owner), name_width - 1)
                ),
                theme.text(),
            ),
            Span::styled("█".repeat(filled), theme.owner(owner.index())),
            Span::styled("·".repeat(empty), theme.dim()),
            Span::styled(
                format!(
                    " {}",
                    tr!(tr, "castles-count", count = castles, target = target)
                ),
                theme.dim(),
            ),
        ]));
    }
    // A sentence, wrapped rather than cut: some languages need two lines.
    let note = tr!(tr, "tui-regions-left-end", count = game.regions().len());
    for line in canvas::wrap(&note, width) {
        lines.push(Line::from(Span::styled(line, theme.dim())));
    }
    lines
}

/// Who controls each family.
fn control_line(app: &App, game: &Game, area: Rect, y: u16, buf: &mut Buffer) -> u16 {
    if y >= area.bottom() {
        return y;
    }
    let theme = app.theme();
    let label = format!("{} ", tr!(app.tr(), "tui-control"));
    let holders: Vec<String> = Family::ALL
        .into_iter()
        .map(|family| match game.controller(family) {
            Some(seat) => words::seat_name(app.seats(), seat).to_owned(),
            None => "–".to_owned(),
        })
        .collect();
    // Each family takes its letter, a space and its holder's name, with
    // two spaces between families. The names are whole when they fit, and
    // else cut to the longest length that lets every family be seen.
    let length = |most: usize| -> usize {
        let names: usize = holders
            .iter()
            .map(|name| usize::from(canvas::width(name)).min(most))
            .sum();
        usize::from(canvas::width(&label)) + 5 * 2 + names + 4 * 2
    };
    let longest = holders
        .iter()
        .map(|name| usize::from(canvas::width(name)))
        .max()
        .unwrap_or(1);
    let name_width = (1..=longest)
        .rev()
        .find(|&most| length(most) <= usize::from(area.width))
        .unwrap_or(1);
    let mut spans = vec![Span::styled(label, theme.dim())];
    for (family, holder) in Family::ALL.into_iter().zip(&holders) {
        spans.push(Span::styled(
            family.letter().to_string(),
            theme.family(family),
        ));
        let holder = canvas::truncate(holder, name_width);
        spans.push(Span::raw(format!(" {holder}  ")));
    }
    put_line(buf, area.x, y, &Line::from(spans), area.width);
    y + 1
}

/// What to show about the decision at hand, wrapped to `width`, and the
/// line to keep in view.
fn decision(app: &App, width: u16) -> (Vec<Line<'static>>, Option<usize>) {
    let game = app.game();
    let theme = app.theme();
    let tr = app.tr();
    let seats = app.seats();
    let width = usize::from(width);
    let para = |text: &str, style: Style| -> Vec<Line<'static>> {
        canvas::wrap(text, width)
            .into_iter()
            .map(|l| Line::from(Span::styled(l, style)))
            .collect()
    };
    let mut lines = Vec::new();
    if game.is_over() {
        lines.extend(para(
            &tr!(
                tr,
                "tui-game-over-result",
                result = words::result_words(tr, game, seats)
            ),
            theme.winner(),
        ));
        lines.extend(para(&tr!(tr, "tui-over-keys"), theme.dim()));
        return (lines, None);
    }
    if let Some(thinking) = app.thinking().filter(|t| t.purpose == Purpose::Play) {
        let (frame, seconds) = app.spinner().unwrap_or(('·', 0.0));
        lines.push(Line::from(vec![
            Span::styled(format!("{frame} "), theme.key()),
            Span::styled(
                tr!(
                    tr,
                    "tui-centre-thinking",
                    name = words::seat_name(seats, thinking.seat),
                    level = thinking.level.to_string(),
                    seconds = tr.decimal(seconds, 1)
                ),
                theme.title(),
            ),
        ]));
        lines.extend(estimate_lines(app, width));
        return (lines, None);
    }
    let Some(seat) = app.human_to_act() else {
        lines.extend(estimate_lines(app, width));
        return (lines, None);
    };
    let mut focus = None;
    match app.pick() {
        Pick::Wait => {}
        Pick::Disc { .. } => {
            let shown: Vec<String> = game
                .order()
                .filter_map(|s| {
                    game.chosen_disc(s)
                        .map(|d| format!("{} {d}", words::seat_name(seats, s)))
                })
                .collect();
            lines.extend(para(&tr!(tr, "tui-choose-disc"), theme.text()));
            if !shown.is_empty() {
                lines.extend(para(
                    &tr!(tr, "tui-shown-this-round", discs = shown.join(", ")),
                    theme.dim(),
                ));
            }
        }
        Pick::Joker { .. } => {
            // The count is of the jokers still to assign, not of those
            // drawn: each is assigned by a move of its own.
            let jokers = game.pending_jokers(seat);
            lines.extend(para(
                &tr!(tr, "tui-choose-joker", count = jokers),
                theme.text(),
            ));
        }
        Pick::Family { .. } => {
            lines.extend(para(
                &tr!(tr, "tui-choose-family", count = game.left_to_place()),
                theme.text(),
            ));
        }
        Pick::Destination { family, .. } => {
            let family_name = words::family_word(tr, family);
            lines.extend(para(
                &words::capitalise(&tr!(tr, "tui-choose-destination", family = &family_name)),
                theme.text(),
            ));
            let court = match preview::court_control(game, family) {
                Some((Some(old), _)) => tr!(
                    tr,
                    "tui-court-takes-control",
                    family = &family_name,
                    name = words::seat_name(seats, old)
                ),
                Some((None, _)) => tr!(tr, "tui-court-gives-control", family = &family_name),
                None => tr!(tr, "tui-court-keeps-control", family = &family_name),
            };
            lines.extend(para(&court, theme.dim()));
        }
        Pick::Emperor { cursor } => {
            let options = preview::emperor_options(game);
            for (i, option) in options.iter().enumerate() {
                let mut text = tr!(
                    tr,
                    "tui-emperor-option",
                    steps = option.steps,
                    region = option.name.to_string(),
                    outcome = words::outcome_words(tr, seats, option)
                );
                if let Some(merge) = words::merge_words(tr, option) {
                    text.push(' ');
                    text.push_str(&merge);
                }
                if let Some(winners) = &option.winners {
                    let names: Vec<String> = winners
                        .iter()
                        .map(|&s| words::seat_name(seats, s).to_owned())
                        .collect();
                    text.push(' ');
                    text.push_str(&tr!(
                        tr,
                        "tui-emperor-ends",
                        count = names.len(),
                        names = words::join_and(tr, &names)
                    ));
                }
                let selected = i == cursor;
                if selected {
                    focus = Some(lines.len());
                }
                let marker = if selected { "▸ " } else { "  " };
                let shown = canvas::truncate(&format!("{marker}{text}"), width);
                lines.push(Line::from(Span::styled(
                    shown,
                    if selected {
                        theme.selected()
                    } else {
                        theme.text()
                    },
                )));
            }
        }
    }
    if game.phase() == Phase::Draw {
        lines.extend(para(&tr!(tr, "tui-drawing-knights"), theme.dim()));
    }
    (lines, focus)
}

/// The last computer estimate: everybody's chances to win.
pub fn estimate_lines(app: &App, width: usize) -> Vec<Line<'static>> {
    let Some(estimate) = app.estimate() else {
        return Vec::new();
    };
    let seats = app.seats();
    let tr = app.tr();
    // By side: in the team game partners win together.
    let chances: Vec<String> = estimates::owner_chances(&estimate.game, &estimate.win)
        .into_iter()
        .map(|(owner, p)| format!("{} {:.0}%", words::owner_name(seats, owner), p * 100.0))
        .collect();
    let who = words::seat_name(seats, estimate.seat);
    let text = match estimate.purpose {
        Purpose::Play => tr!(
            tr,
            "tui-estimate-of",
            name = who,
            chances = chances.join(" · ")
        ),
        Purpose::Hint => tr!(tr, "tui-estimate-of-hint", chances = chances.join(" · ")),
    };
    canvas::wrap(&text, width)
        .into_iter()
        .map(|l| Line::from(Span::styled(l, app.theme().dim())))
        .collect()
}
