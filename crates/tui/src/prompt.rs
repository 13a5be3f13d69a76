//! Drawing the prompt line: the parts of `App::prompt_line`, each at the
//! place [`hit::place`] gives it, the same place a click is matched
//! against.

use ratatui::buffer::Buffer;

use crate::app::App;
use crate::canvas::put;
use crate::hit;
use crate::layout::Layout;

/// Draws the prompt line into its row of the footer.
pub fn draw(app: &App, layout: &Layout, buf: &mut Buffer) {
    let row = layout.prompt_row();
    let parts = app.prompt_line();
    let placed = hit::place(parts.iter().map(|part| part.text.as_str()), row);
    for (part, (x, width)) in parts.iter().zip(placed) {
        put(buf, x, row.y, &part.text, part.style, width);
    }
}
