//! The ring of territories, drawn as one table whose merged regions are
//! single shapes.
//!
//! Every territory has a slot (see [`crate::layout`]); neighbouring slots
//! share a border. The border between two slots of the same region is left
//! out, so a region of several territories reads as one box — also around a
//! corner of the ring and across the seam between 15 and 1. Border cells are
//! first marked on a grid, the shared ones inside a region are removed, and
//! each remaining cell gets the box-drawing character that joins it to its
//! neighbours.
//!
//! A region's contents (knights by family with counts, castles and their
//! owner, the emperor, where the emperor could land) are written once, into
//! the largest straight part of its shape.

use carolus_rules::{FamilyCounts, Game, Phase, TERRITORY_COUNT, Territory};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::app::{App, Pick};
use crate::canvas::{self, put, put_line};
use crate::layout::{Kind, Layout, Side, side_of};
use crate::theme::Theme;
use crate::words;

const UP: u8 = 1;
const DOWN: u8 = 2;
const LEFT: u8 = 4;
const RIGHT: u8 = 8;

/// The box-drawing character joining a border cell to the neighbours in
/// `mask`.
fn box_char(mask: u8) -> &'static str {
    match mask {
        m if m == LEFT | RIGHT => "─",
        m if m == UP | DOWN => "│",
        m if m == DOWN | RIGHT => "┌",
        m if m == DOWN | LEFT => "┐",
        m if m == UP | RIGHT => "└",
        m if m == UP | LEFT => "┘",
        m if m == UP | DOWN | RIGHT => "├",
        m if m == UP | DOWN | LEFT => "┤",
        m if m == DOWN | LEFT | RIGHT => "┬",
        m if m == UP | LEFT | RIGHT => "┴",
        m if m == UP | DOWN | LEFT | RIGHT => "┼",
        LEFT => "╴",
        RIGHT => "╶",
        UP => "╵",
        DOWN => "╷",
        _ => " ",
    }
}

/// The cells of the board: which are borders, and which region each inside
/// cell belongs to.
struct Grid {
    area: Rect,
    line: Vec<bool>,
    region: Vec<Option<usize>>,
}

impl Grid {
    fn index(&self, x: i32, y: i32) -> Option<usize> {
        let (ax, ay) = (i32::from(self.area.x), i32::from(self.area.y));
        let (w, h) = (i32::from(self.area.width), i32::from(self.area.height));
        (x >= ax && y >= ay && x < ax + w && y < ay + h).then(|| ((y - ay) * w + (x - ax)) as usize)
    }

    fn is_line(&self, x: i32, y: i32) -> bool {
        self.index(x, y).is_some_and(|i| self.line[i])
    }

    fn region_at(&self, x: i32, y: i32) -> Option<usize> {
        self.index(x, y).and_then(|i| self.region[i])
    }
}

/// The grid of `layout`'s board for the regions of `game`.
fn grid(game: &Game, layout: &Layout) -> Grid {
    let area = layout.board;
    let size = usize::from(area.width) * usize::from(area.height);
    let mut grid = Grid {
        area,
        line: vec![false; size],
        region: vec![None; size],
    };
    for (t, slot) in layout.slots.iter().enumerate() {
        let Some(territory) = Territory::from_index(t) else {
            continue;
        };
        let region = game.region_index(territory);
        for y in slot.top()..slot.bottom() {
            for x in slot.left()..slot.right() {
                let Some(i) = grid.index(i32::from(x), i32::from(y)) else {
                    continue;
                };
                let edge = x == slot.left()
                    || y == slot.top()
                    || x + 1 == slot.right()
                    || y + 1 == slot.bottom();
                if edge {
                    grid.line[i] = true;
                } else {
                    grid.region[i] = Some(region);
                }
            }
        }
    }
    // A border with the same region on both sides is inside that region.
    let mut merged = Vec::new();
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            let (x, y) = (i32::from(x), i32::from(y));
            if !grid.is_line(x, y) {
                continue;
            }
            let across = |a: Option<usize>, b: Option<usize>| a.is_some() && a == b;
            let vertical = across(grid.region_at(x, y - 1), grid.region_at(x, y + 1));
            let horizontal = across(grid.region_at(x - 1, y), grid.region_at(x + 1, y));
            if vertical {
                merged.push((x, y, grid.region_at(x, y - 1)));
            } else if horizontal {
                merged.push((x, y, grid.region_at(x - 1, y)));
            }
        }
    }
    for (x, y, region) in merged {
        if let Some(i) = grid.index(x, y) {
            grid.line[i] = false;
            grid.region[i] = region;
        }
    }
    grid
}

/// What the ring highlights.
pub struct Marks {
    emperor: usize,
    cursor: Option<usize>,
    /// Regions the emperor may land on, with the steps it takes.
    landings: Vec<(usize, u8)>,
    /// The steps under the cursor, when choosing the emperor's move.
    selected_steps: Option<u8>,
    /// Words pinned to regions, their borders drawn in the words' style.
    tags: Vec<Tag>,
}

/// A word pinned to a region, such as the review's marks of the move
/// played and the better one: written on the region's border where it
/// fits there (its short form if the word does not), else inside it, and
/// the region's border drawn in its style.
#[derive(Clone, Debug)]
pub struct Tag {
    pub region: usize,
    pub word: String,
    pub short: String,
    pub style: Style,
}

impl Marks {
    /// The emperor of `game`, and `cursor` on a region, for a position
    /// shown as it was (the review's).
    pub fn plain(game: &Game, cursor: Option<usize>) -> Marks {
        Marks {
            emperor: game.emperor(),
            cursor,
            landings: Vec::new(),
            selected_steps: None,
            tags: Vec::new(),
        }
    }

    /// These marks with `tags` pinned to their regions.
    pub fn tagged(self, tags: Vec<Tag>) -> Marks {
        Marks { tags, ..self }
    }
}

fn marks(app: &App) -> Marks {
    let game = app.game();
    let mut marks = Marks {
        emperor: game.emperor(),
        cursor: app.cursor_region(),
        landings: Vec::new(),
        selected_steps: None,
        tags: Vec::new(),
    };
    if let Pick::Emperor { .. } = app.pick()
        && game.phase() == Phase::Move
    {
        for steps in crate::choices::steps(game) {
            if let Some(region) = crate::preview::landing(game, steps) {
                marks.landings.push((region, steps));
            }
        }
        if let Some(carolus_rules::Move::Emperor { steps }) = app.selected_move() {
            marks.selected_steps = Some(steps);
        }
    }
    marks
}

/// Draws the ring of `app`'s game into `buf`.
pub fn draw(app: &App, layout: &Layout, buf: &mut Buffer) {
    draw_game(app, app.game(), &marks(app), layout, buf);
}

/// Draws the ring of `game` (the table's, or a position of its past) with
/// `marks` into `buf`, in the words and colours of `app`.
pub fn draw_game(app: &App, game: &Game, marks: &Marks, layout: &Layout, buf: &mut Buffer) {
    let theme = app.theme();
    let tr = app.tr();
    let grid = grid(game, layout);

    // Borders, styled after the regions they surround.
    for y in grid.area.top()..grid.area.bottom() {
        for x in grid.area.left()..grid.area.right() {
            let (xi, yi) = (i32::from(x), i32::from(y));
            if !grid.is_line(xi, yi) {
                continue;
            }
            let mut mask = 0;
            for (dx, dy, bit) in [(0, -1, UP), (0, 1, DOWN), (-1, 0, LEFT), (1, 0, RIGHT)] {
                if grid.is_line(xi + dx, yi + dy) {
                    mask |= bit;
                }
            }
            let mut near = Vec::with_capacity(8);
            for dy in -1..=1 {
                for dx in -1..=1 {
                    if let Some(region) = grid.region_at(xi + dx, yi + dy) {
                        near.push(region);
                    }
                }
            }
            let tagged = marks.tags.iter().find(|tag| near.contains(&tag.region));
            let style = if marks.cursor.is_some_and(|c| near.contains(&c)) {
                theme.cursor_border()
            } else if let Some(tag) = tagged {
                tag.style
            } else if near.contains(&marks.emperor) {
                theme.emperor_border()
            } else {
                theme.border()
            };
            put(buf, x, y, box_char(mask), style, 1);
        }
    }

    // Territory numbers on each slot's outer edge.
    for (t, slot) in layout.slots.iter().enumerate() {
        let Some(territory) = Territory::from_index(t) else {
            continue;
        };
        let region = game.region_index(territory);
        let label = format!(" {} ", territory.number());
        let rows = match side_of(t) {
            Side::Bottom => [slot.bottom().saturating_sub(1), slot.top()],
            _ => [slot.top(), slot.bottom().saturating_sub(1)],
        };
        let style = if region == marks.emperor {
            theme.emperor_border()
        } else {
            theme.dim()
        };
        for y in rows {
            let x = slot.x + 1;
            let free =
                (x..x + canvas::width(&label)).all(|x| grid.is_line(i32::from(x), i32::from(y)));
            if free && slot.width > canvas::width(&label) + 2 {
                put(buf, x, y, &label, style, slot.width.saturating_sub(2));
                break;
            }
        }
    }

    // Contents, once per region.
    for (index, region) in game.regions().iter().enumerate() {
        let segments = segments(game, layout, index, region.first());
        let Some(main) = segments
            .iter()
            .copied()
            .max_by_key(|r| u32::from(r.width) * u32::from(r.height))
        else {
            continue;
        };
        for other in segments.iter().filter(|&&r| r != main) {
            let text = tr!(tr, "tui-ring-region", region = region.name().to_string());
            let shown = canvas::truncate(&text, usize::from(other.width));
            put(buf, other.x, other.y, &shown, theme.dim(), other.width);
        }
        let mut tail: Vec<Line> = Vec::new();
        if region.castles() > 0
            && let Some(owner) = game.region_owner(index)
        {
            let castles = region.castles();
            let glyphs = if castles <= 4 {
                "⌂".repeat(castles)
            } else {
                format!("⌂×{castles}")
            };
            let room = usize::from(main.width).saturating_sub(castles.min(5) + 2);
            let badge = words::owner_badge(app.seats(), owner, room.max(1));
            tail.push(Line::from(vec![
                Span::styled(glyphs, theme.owner(owner.index())),
                Span::raw(" "),
                Span::styled(badge, theme.owner(owner.index())),
            ]));
        }
        if index == marks.emperor {
            // The word whole, or its short form: never a word cut short.
            let word = tr!(tr, "tui-ring-emperor");
            let word = if canvas::width(&word) <= main.width {
                word
            } else {
                tr!(tr, "tui-ring-emperor-short")
            };
            tail.push(Line::from(Span::styled(word, theme.emperor())));
        }
        for tag in marks.tags.iter().filter(|tag| tag.region == index) {
            if !tag_on_border(&grid, index, main, tag, buf) {
                tail.push(Line::from(Span::styled(tag.word.clone(), tag.style)));
            }
        }
        // Castles and the emperor must never be lost for want of room, so
        // the knights give way first.
        let height = usize::from(main.height);
        let room = height.saturating_sub(tail.len());
        let bars = layout.kind == Kind::Wide;
        let empty = tr!(tr, "no-knights");
        let mut lines = knight_lines(
            theme,
            &empty,
            region.knights(),
            main.width,
            main.height,
            bars,
        );
        if region.knights().present().next().is_none() && lines.len() > room {
            // Half of "no knights" could say the opposite; an empty region
            // says it well enough by showing no knights.
            lines.clear();
        }
        lines.truncate(room);
        lines.extend(tail);
        let excess = lines.len().saturating_sub(height);
        lines.drain(..excess);
        for (row, line) in lines.iter().enumerate() {
            put_line(buf, main.x, main.y + row as u16, line, main.width);
        }
        if let Some(&(_, steps)) = marks.landings.iter().find(|(r, _)| *r == index) {
            let label = format!("→{steps}");
            let style = if marks.selected_steps == Some(steps) {
                theme.selected()
            } else {
                theme.landing()
            };
            let x = main.right().saturating_sub(canvas::width(&label));
            put(
                buf,
                x,
                main.bottom().saturating_sub(1),
                &label,
                style,
                main.width,
            );
        }
    }
}

/// Writes `tag` on the border above or below `main` (the inside of region
/// `index`'s largest straight part), right-aligned, where its word or its
/// short form fits on border cells that no other region touches and that
/// hold nothing but the border yet; returns whether it did.
fn tag_on_border(grid: &Grid, index: usize, main: Rect, tag: &Tag, buf: &mut Buffer) -> bool {
    let rows = [main.y.checked_sub(1), Some(main.bottom())];
    for word in [&tag.word, &tag.short] {
        let label = format!(" {word} ");
        let width = canvas::width(&label);
        // One cell of border stays at the corner.
        let Some(x) = main.right().checked_sub(width + 1) else {
            continue;
        };
        if x < main.x {
            continue;
        }
        for y in rows.into_iter().flatten() {
            let free = (x..x + width).all(|x| {
                let (xi, yi) = (i32::from(x), i32::from(y));
                let ours = |region: Option<usize>| region.is_none_or(|r| r == index);
                grid.is_line(xi, yi)
                    && ours(grid.region_at(xi, yi - 1))
                    && ours(grid.region_at(xi, yi + 1))
                    && buf.cell((x, y)).is_some_and(|cell| cell.symbol() == "─")
            });
            if free {
                put(buf, x, y, &label, tag.style, width);
                return true;
            }
        }
    }
    false
}

/// The inside rectangles of the straight parts of region `index`: its slots
/// grouped by side of the ring, each group as one rectangle.
fn segments(game: &Game, layout: &Layout, index: usize, first: Territory) -> Vec<Rect> {
    let mut parts: Vec<(Side, Rect)> = Vec::new();
    let mut territory = first.index();
    for _ in 0..TERRITORY_COUNT {
        let Some(t) = Territory::from_index(territory) else {
            break;
        };
        if game.region_index(t) != index {
            break;
        }
        let side = side_of(territory);
        let slot = layout.slots[territory];
        match parts.last_mut() {
            Some((last, rect)) if *last == side => *rect = rect.union(slot),
            _ => parts.push((side, slot)),
        }
        territory = (territory + 1) % TERRITORY_COUNT;
    }
    parts
        .into_iter()
        .map(|(_, r)| {
            Rect::new(
                r.x + 1,
                r.y + 1,
                r.width.saturating_sub(2),
                r.height.saturating_sub(2),
            )
        })
        .filter(|r| r.width > 0 && r.height > 0)
        .collect()
}

/// The knights of a region as lines of at most `width` cells: one family
/// per line with a bar when there is room, else `R2 G1` on as few lines as
/// possible (without spaces if that saves a line); `empty` (wrapped) when
/// there are none.
fn knight_lines(
    theme: Theme,
    empty: &str,
    knights: &FamilyCounts,
    width: u16,
    height: u16,
    bars: bool,
) -> Vec<Line<'static>> {
    let present: Vec<_> = knights.present().collect();
    let width = usize::from(width);
    if present.is_empty() {
        return canvas::wrap(empty, width)
            .into_iter()
            .map(|line| Line::from(Span::styled(line, theme.dim())))
            .collect();
    }
    // The wide layout's tall slots show a bar per family.
    if bars && usize::from(height) >= present.len() + 2 && width >= 10 {
        return present
            .iter()
            .map(|&family| {
                let count = knights[family] as usize;
                let bar = "■".repeat(count.min(width.saturating_sub(5)));
                Line::from(vec![
                    Span::styled(
                        format!("{}{count:>2} ", family.letter()),
                        theme.family(family),
                    ),
                    Span::styled(bar, theme.family(family)),
                ])
            })
            .collect();
    }
    let items: Vec<(String, Style)> = present
        .iter()
        .map(|&f| (format!("{}{}", f.letter(), knights[f]), theme.family(f)))
        .collect();
    let spaced: usize = items.iter().map(|(t, _)| t.len()).sum::<usize>() + items.len() - 1;
    let packed: usize = items.iter().map(|(t, _)| t.len()).sum();
    let separator = if spaced <= width || packed > width {
        " "
    } else {
        ""
    };
    let mut lines = Vec::new();
    let mut spans: Vec<Span> = Vec::new();
    let mut used = 0;
    for (text, style) in items {
        let need = text.len() + if spans.is_empty() { 0 } else { separator.len() };
        if used + need > width && !spans.is_empty() {
            lines.push(Line::from(std::mem::take(&mut spans)));
            used = 0;
        }
        if !spans.is_empty() {
            spans.push(Span::raw(separator));
            used += separator.len();
        }
        used += text.len();
        spans.push(Span::styled(text, style));
    }
    if !spans.is_empty() {
        lines.push(Line::from(spans));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use carolus_rules::Family;

    fn text(lines: &[Line]) -> Vec<String> {
        lines
            .iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect()
    }

    #[test]
    fn knights_pack_tighter_only_when_needed() {
        let theme = Theme::new(false);
        let mut counts = FamilyCounts::ZERO;
        for family in Family::ALL {
            counts[family] = 1;
        }
        assert_eq!(
            text(&knight_lines(theme, "no knights", &counts, 14, 3, false)),
            ["R1 G1 B1 Y1 P1"]
        );
        assert_eq!(
            text(&knight_lines(theme, "no knights", &counts, 12, 3, false)),
            ["R1G1B1Y1P1"]
        );
        counts[Family::Red] = 12;
        counts[Family::Pink] = 10;
        assert_eq!(
            text(&knight_lines(theme, "no knights", &counts, 8, 3, false)),
            ["R12 G1", "B1 Y1", "P10"]
        );
        assert_eq!(
            text(&knight_lines(
                theme,
                "no knights",
                &FamilyCounts::ZERO,
                8,
                3,
                false
            )),
            ["no", "knights"]
        );
    }

    /// The review's two marks on every region of a new game (regions of
    /// one territory: the least room there is), at the smallest compact
    /// screen, the smallest wide one and a roomy one: each mark is written
    /// once, on its region's border or inside it, never elsewhere.
    #[test]
    fn tags_are_written_once_on_or_in_their_region() {
        use crate::{App, Event, PlayConfig};
        use ratatui::layout::Position;

        for (width, height) in [(80, 24), (120, 32), (170, 45)] {
            let mut app = App::new(PlayConfig::new_game(2, 7)).expect("a new game");
            app.start();
            app.handle(Event::Resize { width, height });
            let layout = Layout::compute(app.area());
            let game = app.game().clone();
            let theme = Theme::new(false);
            for region in 0..game.regions().len() {
                let tags = vec![
                    Tag {
                        region,
                        word: "◆ played".into(),
                        short: "◆".into(),
                        style: theme.cursor_border(),
                    },
                    Tag {
                        region,
                        word: "★ better".into(),
                        short: "★".into(),
                        style: theme.better(),
                    },
                ];
                let marks = Marks::plain(&game, None).tagged(tags);
                let mut buf = Buffer::empty(app.area());
                draw_game(&app, &game, &marks, &layout, &mut buf);
                let slots: Vec<Rect> = (0..TERRITORY_COUNT)
                    .filter(|&t| {
                        Territory::from_index(t).is_some_and(|t| game.region_index(t) == region)
                    })
                    .map(|t| layout.slots[t])
                    .collect();
                for glyph in ["◆", "★"] {
                    let found: Vec<Position> = buf
                        .area
                        .positions()
                        .filter(|&at| buf[at].symbol() == glyph)
                        .collect();
                    assert_eq!(
                        found.len(),
                        1,
                        "{glyph} in region {region} at {width}×{height}: {found:?}"
                    );
                    assert!(
                        slots.iter().any(|slot| slot.contains(found[0])),
                        "{glyph} of region {region} at {:?}, outside {slots:?} ({width}×{height})",
                        found[0]
                    );
                }
            }
        }
    }

    #[test]
    fn box_characters_join_their_neighbours() {
        assert_eq!(box_char(UP | DOWN | LEFT), "┤");
        assert_eq!(box_char(LEFT | RIGHT), "─");
        assert_eq!(box_char(0), " ");
    }
}
