//! Writing text into the screen buffer without ever writing outside it.
//!
//! ratatui's buffer panics on a position outside its area. Every write of
//! this crate goes through these helpers, which clip instead, so that no
//! screen size or text length can crash the game.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// Writes `text` at (`x`, `y`), at most `max` cells wide and never past the
/// buffer's edge. Returns the column after the last cell written.
pub fn put(buf: &mut Buffer, x: u16, y: u16, text: &str, style: Style, max: u16) -> u16 {
    let area = buf.area;
    if y < area.top() || y >= area.bottom() || x < area.left() || x >= area.right() {
        return x;
    }
    let room = (area.right() - x).min(max);
    let (end, _) = buf.set_stringn(x, y, text, usize::from(room), style);
    end
}

/// Writes the spans of `line` one after the other, clipped at `max` cells.
pub fn put_line(buf: &mut Buffer, x: u16, y: u16, line: &Line<'_>, max: u16) -> u16 {
    let mut at = x;
    let end = x.saturating_add(max);
    for span in &line.spans {
        if at >= end {
            break;
        }
        at = put(
            buf,
            at,
            y,
            &span.content,
            line.style.patch(span.style),
            end - at,
        );
    }
    at
}

/// Writes `line` centred in `rect`'s row `y`.
pub fn put_centred(buf: &mut Buffer, rect: Rect, y: u16, line: &Line<'_>) {
    let width = line.width() as u16;
    let x = rect.x + rect.width.saturating_sub(width) / 2;
    put_line(buf, x, y, line, rect.width);
}

/// Blanks `rect` (clipped to the buffer) with `style`.
pub fn clear(buf: &mut Buffer, rect: Rect, style: Style) {
    let rect = rect.intersection(buf.area);
    for y in rect.top()..rect.bottom() {
        for x in rect.left()..rect.right() {
            if let Some(cell) = buf.cell_mut((x, y)) {
                cell.reset();
                cell.set_style(style);
            }
        }
    }
}

/// The width of `text` on screen.
pub fn width(text: &str) -> u16 {
    Span::raw(text).width().min(usize::from(u16::MAX)) as u16
}

/// `text` cut to `max` cells, with an ellipsis when something was cut.
pub fn truncate(text: &str, max: usize) -> String {
    if Span::raw(text).width() <= max {
        return text.to_owned();
    }
    if max == 0 {
        return String::new();
    }
    let mut out = String::new();
    for c in text.chars() {
        if Span::raw(out.as_str()).width() + 1 >= max {
            break;
        }
        out.push(c);
    }
    out.push('…');
    out
}

/// `text` broken into lines of at most `width` cells at spaces (a word
/// longer than a line is cut).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let needed = Span::raw(word).width() + usize::from(!line.is_empty());
        if !line.is_empty() && Span::raw(line.as_str()).width() + needed > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
        while Span::raw(line.as_str()).width() > width {
            let head: String = line.chars().take(width).collect();
            let rest: String = line.chars().skip(width).collect();
            lines.push(head);
            line = rest;
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_outside_the_buffer_are_clipped() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 5, 2));
        assert_eq!(put(&mut buf, 3, 0, "abcdef", Style::new(), 99), 5);
        assert_eq!(put(&mut buf, 0, 7, "x", Style::new(), 9), 0);
        assert_eq!(put(&mut buf, 9, 0, "x", Style::new(), 9), 9);
        clear(&mut buf, Rect::new(3, 1, 40, 40), Style::new());
        assert_eq!(buf[(3, 0)].symbol(), "a");
        assert_eq!(buf[(4, 0)].symbol(), "b");
    }

    #[test]
    fn wrapping_breaks_at_spaces() {
        assert_eq!(
            wrap("the emperor moves two steps", 12),
            ["the emperor", "moves two", "steps"]
        );
        assert_eq!(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        assert_eq!(wrap("", 4), [""]);
    }

    #[test]
    fn truncation_marks_the_cut() {
        assert_eq!(truncate("Bartholomew", 6), "Barth…");
        assert_eq!(truncate("Anna", 6), "Anna");
        assert_eq!(truncate("Anna", 0), "");
    }
}
