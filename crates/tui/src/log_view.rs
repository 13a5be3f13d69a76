//! The game log as styled lines, for the side panel, the compact centre and
//! the full-screen log.

use ratatui::text::{Line, Span};

use crate::app::App;
use crate::canvas;
use crate::words::EntryKind;

/// Every log entry as lines of at most `width` cells: wrapped when `wrap`
/// is set, else cut to one line each. Oldest first.
pub fn lines(app: &App, width: usize, wrap: bool) -> Vec<Line<'static>> {
    grouped(app, width, wrap).into_iter().flatten().collect()
}

/// As [`lines`], with the lines of each entry kept together, so that a
/// short window can show whole entries only.
pub fn grouped(app: &App, width: usize, wrap: bool) -> Vec<Vec<Line<'static>>> {
    let theme = app.theme();
    let mut groups = Vec::new();
    for entry in app.log() {
        let mut lines = Vec::new();
        let (text, style, indent) = match entry.kind {
            EntryKind::Round => (format!("── {} ──", entry.text), theme.title(), ""),
            EntryKind::Action => (entry.text.clone(), theme.text(), ""),
            EntryKind::Consequence => (entry.text.clone(), theme.notice(), "  "),
            EntryKind::Chance => (entry.text.clone(), theme.dim(), ""),
            EntryKind::End => (entry.text.clone(), theme.winner(), ""),
        };
        let room = width.saturating_sub(indent.len()).max(1);
        if wrap {
            // Continuation lines are indented by two more cells.
            let narrower = room.saturating_sub(2).max(1);
            for (i, part) in canvas::wrap(&text, narrower).into_iter().enumerate() {
                let lead = if i == 0 { indent } else { "  " };
                lines.push(Line::from(Span::styled(format!("{lead}{part}"), style)));
            }
        } else {
            let shown = canvas::truncate(&text, room);
            lines.push(Line::from(Span::styled(format!("{indent}{shown}"), style)));
        }
        groups.push(lines);
    }
    groups
}

/// The newest whole entries that fit in `rows` rows, oldest first.
pub fn tail(groups: &[Vec<Line<'static>>], rows: usize) -> Vec<Line<'static>> {
    let mut used = 0;
    let mut first = groups.len();
    while first > 0 && used + groups[first - 1].len() <= rows {
        first -= 1;
        used += groups[first].len();
    }
    groups[first..].iter().flatten().cloned().collect()
}

/// The lines that fit in `height` rows, `scroll` lines up from the newest.
pub fn window(lines: &[Line<'static>], height: usize, scroll: usize) -> Vec<Line<'static>> {
    let end = lines
        .len()
        .saturating_sub(scroll)
        .max(height.min(lines.len()));
    let start = end.saturating_sub(height);
    lines[start..end].to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_stay_inside_the_log() {
        let lines: Vec<Line<'static>> = (0..10).map(|i| Line::from(i.to_string())).collect();
        let text = |w: Vec<Line>| w.iter().map(|l| l.to_string()).collect::<Vec<_>>();
        assert_eq!(text(window(&lines, 3, 0)), ["7", "8", "9"]);
        assert_eq!(text(window(&lines, 3, 2)), ["5", "6", "7"]);
        assert_eq!(text(window(&lines, 3, 99)), ["0", "1", "2"]);
        assert_eq!(text(window(&lines, 30, 0)).len(), 10);
        assert!(window(&[], 3, 1).is_empty());
    }
}
