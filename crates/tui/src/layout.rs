//! Where everything goes on the screen, as a pure function of its size.
//!
//! The ring of fifteen territories runs clockwise around the edge of the
//! board: six along the top (1–6, left to right), two down the right side
//! (7–8), five along the bottom (9–13, right to left) and two up the left
//! side (14–15). Neighbouring slots share their borders, so that the ring
//! reads as one table and merged regions can be drawn as one shape by
//! leaving out the borders between their slots (see the `ring` module). The
//! courts and the rest of the table sit in the centre.
//!
//! Two layouts: **compact** for anything from 80×24, and **wide** from
//! 120×32, which adds a side panel for the game log and the computer's
//! analysis. Rendering and mouse hit-testing both call [`Layout::compute`],
//! so a click always lands on what was drawn there.

use carolus_rules::TERRITORY_COUNT;
use ratatui::layout::Rect;

/// The smallest screen the game is drawn on.
pub const MIN_WIDTH: u16 = 80;
/// The smallest screen the game is drawn on.
pub const MIN_HEIGHT: u16 = 24;
/// From this width (and [`WIDE_HEIGHT`]) on, the wide layout is used.
pub const WIDE_WIDTH: u16 = 120;
/// From this height (and [`WIDE_WIDTH`]) on, the wide layout is used.
pub const WIDE_HEIGHT: u16 = 32;

/// Territory slots along each side of the ring, clockwise from the top.
const TOP: usize = 6;
const RIGHT: usize = 2;
const BOTTOM: usize = 5;
const LEFT: usize = 2;
const _: () = assert!(TOP + RIGHT + BOTTOM + LEFT == TERRITORY_COUNT);

/// Rows of the footer: the prompt, a message line and the key hints.
pub const FOOTER_ROWS: u16 = 3;

/// Which arrangement the screen uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Smaller than 80×24: only a request to enlarge the window is shown.
    TooSmall,
    /// The ring over the whole width; the log is an overlay.
    Compact,
    /// The ring beside a side panel with the log and the analysis.
    Wide,
}

/// A side of the ring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Top,
    Right,
    Bottom,
    Left,
}

/// The side of the ring territory `index` (0–14) lies on.
pub fn side_of(index: usize) -> Side {
    if index < TOP {
        Side::Top
    } else if index < TOP + RIGHT {
        Side::Right
    } else if index < TOP + RIGHT + BOTTOM {
        Side::Bottom
    } else {
        Side::Left
    }
}

/// The rectangles of one screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub kind: Kind,
    /// The whole screen.
    pub area: Rect,
    /// The title bar.
    pub header: Rect,
    /// The ring and its centre.
    pub board: Rect,
    /// Each territory's slot, borders included; neighbours share a border.
    pub slots: [Rect; TERRITORY_COUNT],
    /// The inside of the ring: courts, reserves, discs, the decision.
    pub centre: Rect,
    /// The side panel of the wide layout.
    pub side: Option<Rect>,
    /// The prompt, message and key lines at the bottom.
    pub footer: Rect,
}

impl Layout {
    /// The layout of a screen of `area`.
    pub fn compute(area: Rect) -> Layout {
        let mut layout = Layout {
            kind: Kind::TooSmall,
            area,
            header: Rect::default(),
            board: Rect::default(),
            slots: [Rect::default(); TERRITORY_COUNT],
            centre: Rect::default(),
            side: None,
            footer: Rect::default(),
        };
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            return layout;
        }
        layout.kind = if area.width >= WIDE_WIDTH && area.height >= WIDE_HEIGHT {
            Kind::Wide
        } else {
            Kind::Compact
        };
        layout.header = Rect::new(area.x, area.y, area.width, 1);
        layout.footer = Rect::new(area.x, area.bottom() - FOOTER_ROWS, area.width, FOOTER_ROWS);
        let body = Rect::new(
            area.x,
            area.y + 1,
            area.width,
            area.height - 1 - FOOTER_ROWS,
        );
        layout.board = body;
        if layout.kind == Kind::Wide {
            let side_width = (area.width / 4).clamp(36, 56);
            layout.board = Rect::new(body.x, body.y, body.width - side_width, body.height);
            layout.side = Some(Rect::new(
                layout.board.right(),
                body.y,
                side_width,
                body.height,
            ));
        }
        let (slots, centre) = ring(layout.board);
        layout.slots = slots;
        layout.centre = centre;
        layout
    }

    /// The territory (index 0–14) whose slot holds the point, preferring a
    /// slot's inside over a border shared with a neighbour.
    pub fn slot_at(&self, x: u16, y: u16) -> Option<usize> {
        if self.kind == Kind::TooSmall {
            return None;
        }
        let inside = |r: &Rect| x > r.x && x + 1 < r.right() && y > r.y && y + 1 < r.bottom();
        let on = |r: &Rect| x >= r.x && x < r.right() && y >= r.y && y < r.bottom();
        self.slots
            .iter()
            .position(inside)
            .or_else(|| self.slots.iter().position(on))
    }

    /// The prompt row of the footer.
    pub fn prompt_row(&self) -> Rect {
        Rect::new(self.footer.x, self.footer.y, self.footer.width, 1)
    }

    /// The message row of the footer.
    pub fn message_row(&self) -> Rect {
        Rect::new(self.footer.x, self.footer.y + 1, self.footer.width, 1)
    }

    /// The key-hint row of the footer.
    pub fn keys_row(&self) -> Rect {
        Rect::new(self.footer.x, self.footer.y + 2, self.footer.width, 1)
    }
}

/// Evenly spaced borders: `parts + 1` positions from `start` to `end`.
fn borders(start: u16, end: u16, parts: usize) -> Vec<u16> {
    let span = u32::from(end.saturating_sub(start));
    let parts = parts.max(1) as u32;
    (0..=parts)
        .map(|i| start + ((i * span + parts / 2) / parts) as u16)
        .collect()
}

/// The slots of the ring around `board`, and the centre inside it.
fn ring(board: Rect) -> ([Rect; TERRITORY_COUNT], Rect) {
    let mut slots = [Rect::default(); TERRITORY_COUNT];
    let (x0, y0) = (board.x, board.y);
    let right = board.right().saturating_sub(1);
    let bottom = board.bottom().saturating_sub(1);
    let row_height = (board.height / 4).clamp(5, 9);

    let top = borders(x0, right, TOP);
    for i in 0..TOP {
        slots[i] = Rect::new(top[i], y0, top[i + 1] - top[i] + 1, row_height);
    }
    // The side columns line up with the corner slots of the top row.
    let left_x = x0;
    let left_width = top[1] - x0 + 1;
    let right_x = top[TOP - 1];
    let right_width = right - right_x + 1;

    let upper = y0 + row_height - 1;
    let lower = bottom + 1 - row_height;
    let rows = borders(upper, lower, RIGHT);
    for j in 0..RIGHT {
        slots[TOP + j] = Rect::new(right_x, rows[j], right_width, rows[j + 1] - rows[j] + 1);
    }
    let low = borders(x0, right, BOTTOM);
    for k in 0..BOTTOM {
        // Clockwise along the bottom is right to left.
        let (a, b) = (low[BOTTOM - 1 - k], low[BOTTOM - k]);
        slots[TOP + RIGHT + k] = Rect::new(a, lower, b - a + 1, row_height);
    }
    let rows = borders(upper, lower, LEFT);
    for k in 0..LEFT {
        // Clockwise up the left side is bottom to top.
        let (a, b) = (rows[LEFT - 1 - k], rows[LEFT - k]);
        slots[TOP + RIGHT + BOTTOM + k] = Rect::new(left_x, a, left_width, b - a + 1);
    }

    let centre = Rect::new(
        left_x + left_width,
        upper + 1,
        right_x.saturating_sub(left_x + left_width),
        lower.saturating_sub(upper + 1),
    );
    (slots, centre)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The inside of a slot, without its borders.
    fn inner(r: Rect) -> Rect {
        Rect::new(r.x + 1, r.y + 1, r.width - 2, r.height - 2)
    }

    fn check(width: u16, height: u16, kind: Kind) -> Layout {
        let area = Rect::new(0, 0, width, height);
        let layout = Layout::compute(area);
        assert_eq!(layout.kind, kind);
        for (i, slot) in layout.slots.iter().enumerate() {
            assert!(slot.width >= 12 && slot.height >= 5, "slot {i}: {slot:?}");
            assert!(layout.board.contains(slot.as_position()), "slot {i}");
            assert!(slot.right() <= layout.board.right() && slot.bottom() <= layout.board.bottom());
            for (j, other) in layout.slots.iter().enumerate() {
                if i != j {
                    assert!(
                        !inner(*slot).intersects(inner(*other)),
                        "slots {i} and {j} overlap"
                    );
                }
            }
            assert!(
                !inner(*slot).intersects(layout.centre),
                "slot {i} covers the centre"
            );
        }
        assert!(!layout.board.intersects(layout.footer));
        assert!(!layout.board.intersects(layout.header));
        assert_eq!(layout.footer.bottom(), height);
        layout
    }

    #[test]
    fn compact_at_80_by_24() {
        let layout = check(80, 24, Kind::Compact);
        assert_eq!(layout.side, None);
        assert_eq!(layout.board, Rect::new(0, 1, 80, 20));
        assert!(layout.centre.width >= 50, "{:?}", layout.centre);
        assert_eq!(layout.centre.height, 10);
        // Clockwise: 1 at the top left, 7 on the right, 9 at the bottom
        // right, 13 at the bottom left, 15 on the left above 14.
        assert_eq!(layout.slots[0].x, 0);
        assert_eq!(layout.slots[0].y, 1);
        assert_eq!(layout.slots[5].right(), 80);
        assert_eq!(layout.slots[6].right(), 80);
        assert_eq!(layout.slots[8].right(), 80);
        assert_eq!(layout.slots[12].x, 0);
        assert!(layout.slots[14].y < layout.slots[13].y);
    }

    #[test]
    fn wide_at_200_by_60() {
        let layout = check(200, 60, Kind::Wide);
        let side = layout.side.unwrap();
        assert_eq!(side.right(), 200);
        assert!(side.width >= 36);
        assert!(!side.intersects(layout.board));
        assert!(layout.centre.width >= 90 && layout.centre.height >= 30);
    }

    #[test]
    fn sizes_in_between_use_the_compact_layout() {
        check(119, 40, Kind::Compact);
        check(160, 31, Kind::Compact);
        check(120, 32, Kind::Wide);
    }

    #[test]
    fn small_screens_are_refused_without_panicking() {
        for (w, h) in [(0, 0), (79, 24), (80, 23), (1, 1)] {
            let layout = Layout::compute(Rect::new(0, 0, w, h));
            assert_eq!(layout.kind, Kind::TooSmall);
            assert_eq!(layout.slot_at(0, 0), None);
        }
    }

    #[test]
    fn clicks_find_their_slot() {
        let layout = Layout::compute(Rect::new(0, 0, 80, 24));
        for (i, slot) in layout.slots.iter().enumerate() {
            let centre = (slot.x + slot.width / 2, slot.y + slot.height / 2);
            assert_eq!(layout.slot_at(centre.0, centre.1), Some(i));
        }
        let c = layout.centre;
        assert_eq!(layout.slot_at(c.x + 2, c.y + 2), None);
    }

    #[test]
    fn sides_run_clockwise() {
        assert_eq!(side_of(0), Side::Top);
        assert_eq!(side_of(6), Side::Right);
        assert_eq!(side_of(8), Side::Bottom);
        assert_eq!(side_of(13), Side::Left);
    }
}
