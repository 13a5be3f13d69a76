//! Drawing the review after a game ([`crate::app::Screen::Review`]): while it is
//! worked out, its progress; then one decision a page, the ring as it was
//! before the decision with the move played and the better one marked on
//! the board (each in its own style, with a word), and in the centre
//! the move made and the better one with their "why?" sentences, side by
//! side where the centre is wide enough and one after the other where it
//! is not. The footer holds the page's heading and keys.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::app::{App, ReviewStatus, Reviewed};
use crate::canvas::{self, put};
use crate::layout::Layout;
use crate::render::{popup as popup_box, popup_of_lines};
use crate::ring::{self, Marks, Tag};
use crate::words;

/// From this inner width of the centre on, the two moves stand side by
/// side.
const SIDE_BY_SIDE: u16 = 56;

/// Draws the review's page `page` (or its progress) over the screen.
pub fn draw(app: &App, layout: &Layout, page: usize, buf: &mut Buffer) {
    let tr = app.tr();
    let theme = app.theme();
    let text_lines = |texts: Vec<String>| -> Vec<Line<'static>> {
        let mut lines: Vec<Line> = texts
            .into_iter()
            .flat_map(|text| canvas::wrap(&text, 60))
            .map(|line| Line::from(Span::styled(line, theme.text())))
            .collect();
        lines.push(Line::default());
        lines.push(Line::from(Span::styled(
            tr!(tr, "tui-any-key-back"),
            theme.dim(),
        )));
        lines
    };
    let title = tr!(tr, "tui-review-title");
    match app.review_status() {
        None => {}
        Some(ReviewStatus::Working(progress)) => {
            let spinner = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏']
                [(app.now().as_millis() / 100 % 10) as usize];
            let text = tr!(
                tr,
                "tui-review-working",
                done = progress.done,
                total = progress.total
            );
            let lines = text_lines(vec![format!("{spinner} {text}")]);
            popup_of_lines(app, layout.area, &title, &lines, 40, buf);
        }
        Some(ReviewStatus::Failed(error)) => {
            let lines = text_lines(vec![tr!(tr, "tui-review-failed", error = error.as_str())]);
            popup_of_lines(app, layout.area, &title, &lines, 40, buf);
        }
        Some(ReviewStatus::Ready(shown)) => match shown.get(page) {
            None => {
                let lines = text_lines(vec![tr!(tr, "tui-review-none")]);
                popup_of_lines(app, layout.area, &title, &lines, 40, buf);
            }
            Some(item) => decision(app, layout, item, page, shown.len(), buf),
        },
    }
}

/// One decision of the review on the board as it was.
fn decision(
    app: &App,
    layout: &Layout,
    item: &Reviewed,
    page: usize,
    pages: usize,
    buf: &mut Buffer,
) {
    let tr = app.tr();
    let theme = app.theme();
    canvas::clear(buf, layout.board, theme.text());
    canvas::clear(buf, layout.footer, theme.text());
    if let Some(side) = layout.side {
        canvas::clear(buf, side, theme.text());
        index(app, side, page, buf);
    }
    // The move played and the better one, each in its own style on the
    // board and in the centre, so that the eye links them.
    let played_style = theme.cursor_border();
    let better_style = theme.better();
    let tag = |mv, word: String, short: String, style| {
        item.region_of(mv).map(|region| Tag {
            region,
            word,
            short,
            style,
        })
    };
    let tags = [
        tag(
            item.played,
            tr!(tr, "tui-review-mark-played"),
            tr!(tr, "tui-review-mark-played-short"),
            played_style,
        ),
        tag(
            item.best,
            tr!(tr, "tui-review-mark-better"),
            tr!(tr, "tui-review-mark-better-short"),
            better_style,
        ),
    ];
    let marks = Marks::plain(&item.game, None).tagged(tags.into_iter().flatten().collect());
    ring::draw_game(app, &item.game, &marks, layout, buf);

    let centre = layout.centre;
    let inner = Rect::new(
        centre.x + 1,
        centre.y,
        centre.width.saturating_sub(2),
        centre.height,
    );
    canvas::clear(buf, centre, theme.text());
    let played = (
        tr!(
            tr,
            "tui-review-played",
            action = words::move_words(tr, &item.game, item.played)
        ),
        item.played_text.as_str(),
        played_style,
    );
    let better = (
        tr!(
            tr,
            "tui-review-better",
            action = words::move_words(tr, &item.game, item.best)
        ),
        item.best_text.as_str(),
        better_style,
    );
    let side_by_side = inner.width >= SIDE_BY_SIDE;
    let half = inner.width.saturating_sub(2) / 2;
    let needed = if side_by_side {
        rows(&played, half).max(rows(&better, half))
    } else {
        rows(&played, inner.width) + 1 + rows(&better, inner.width)
    };
    // The seats as they stood (courts, reserves, discs, control) above
    // the two moves, where there is room for both; the moves come first.
    let seats = item.game.players() as u16 + 3;
    let top = if seats + needed <= inner.height {
        let below = crate::centre::position(app, &item.game, inner, inner.y, buf);
        (below + 1).min(inner.bottom())
    } else {
        inner.y
    };
    let inner = Rect::new(inner.x, top, inner.width, inner.bottom() - top);
    if side_by_side {
        column(
            app,
            Rect::new(inner.x, inner.y, half, inner.height),
            &played,
            buf,
        );
        let right = Rect::new(inner.x + half + 2, inner.y, half, inner.height);
        column(app, right, &better, buf);
    } else {
        let used = column(app, inner, &played, buf);
        let below = (used + 1).min(inner.height);
        let rest = Rect::new(inner.x, inner.y + below, inner.width, inner.height - below);
        column(app, rest, &better, buf);
    }

    let heading = tr!(
        tr,
        "tui-review-heading",
        name = words::seat_name(app.seats(), item.seat),
        index = item.index,
        points = format!("{:.1}", item.points),
        page = page + 1,
        pages = pages
    );
    put(
        buf,
        layout.footer.x + 1,
        layout.prompt_row().y,
        &heading,
        theme.title(),
        layout.footer.width.saturating_sub(2),
    );
    put(
        buf,
        layout.footer.x + 1,
        layout.keys_row().y,
        &tr!(tr, "tui-review-keys"),
        theme.dim(),
        layout.footer.width.saturating_sub(2),
    );
}

/// The rows a move's label and sentences take at `width`.
fn rows((label, text, _): &(String, &str, Style), width: u16) -> u16 {
    let width = usize::from(width.max(1));
    (canvas::wrap(label, width).len() + canvas::wrap(text, width).len()) as u16
}

/// A move's label and its sentences in `area`; returns the rows used.
fn column(
    app: &App,
    area: Rect,
    (label, text, label_style): &(String, &str, Style),
    buf: &mut Buffer,
) -> u16 {
    let theme = app.theme();
    if area.height == 0 || area.width == 0 {
        return 0;
    }
    let width = usize::from(area.width);
    let label = canvas::wrap(label, width)
        .into_iter()
        .map(|line| (line, *label_style));
    let said = canvas::wrap(text, width)
        .into_iter()
        .map(|line| (line, theme.text()));
    let mut y = area.y;
    for (line, style) in label.chain(said) {
        if y >= area.bottom() {
            break;
        }
        put(buf, area.x, y, &line, style, area.width);
        y += 1;
    }
    y - area.y
}

/// The wide layout's side panel: every decision of the review, the one
/// shown marked, so that the whole review is in view.
fn index(app: &App, area: Rect, page: usize, buf: &mut Buffer) {
    let Some(ReviewStatus::Ready(shown)) = app.review_status() else {
        return;
    };
    let tr = app.tr();
    let theme = app.theme();
    let inner = popup_box(app, area, &tr!(tr, "tui-review-title"), buf);
    for (i, item) in shown.iter().enumerate() {
        let y = inner.y + i as u16;
        if y >= inner.bottom() {
            break;
        }
        let line = tr!(
            tr,
            "tui-review-entry",
            name = words::seat_name(app.seats(), item.seat),
            index = item.index,
            points = format!("{:.1}", item.points)
        );
        let (mark, style) = if i == page {
            ("▸ ", theme.title())
        } else {
            ("  ", theme.text())
        };
        put(
            buf,
            inner.x,
            y,
            &format!("{mark}{line}"),
            style,
            inner.width,
        );
    }
}
