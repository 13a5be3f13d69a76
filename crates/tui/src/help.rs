//! The help screen's text: the rules in brief and every key.
//!
//! Kept short enough to read in one go; RULES.md has the full rules.

/// The help text, one entry per line; lines starting with `# ` are headings.
pub const HELP: &[&str] = &[
    "# The game",
    "Charlemagne travels round his empire. Where he stops, the strongest",
    "following builds a castle. Most castles at the end wins. The game ends at",
    "once when someone reaches the target (10 castles with 2 players, 8 with 3,",
    "10 for a team) or fewer than four regions are left.",
    "",
    "# A round",
    "1. Everybody chooses a disc (1-5). You must pick a number nobody has shown",
    "   this round if you can. Used discs come back when all five are used.",
    "2. The lowest disc acts first; ties keep the choosing order.",
    "3. On your turn, place 3 knights (4 with 3 players) from your reserve, each",
    "   into your court or any region. Court knights win control of their",
    "   family when your court holds strictly more of it than any other.",
    "4. Move the emperor clockwise 1 up to your disc's number of regions.",
    "5. There, each side scores the knights of the families it controls plus",
    "   its own castles. A unique highest score builds a castle, or takes over",
    "   all the castles of another owner. Ties and zero scores do nothing.",
    "6. An owned region merges with neighbours of the same owner.",
    "7. Draw 3 new knights (4 with 3 players); a joker (J) becomes any family.",
    "",
    "Team game (4 players): seats 0+2 (black) play against 1+3 (white).",
    "Control is personal; regions and castles belong to the team.",
    "",
    "# The table",
    "The ring shows territories 1-15 clockwise, merged regions as one box:",
    "knights as R2 G1 (red, green, blue, yellow, pink), castles as ⌂ with",
    "their owner, and the EMPEROR. In the centre, a row per seat: its number",
    "(# — the number --ai takes; ▸ = to act), name, castle colour (● black,",
    "○ white, ◐ grey), AI and level for a computer, castles against the",
    "target (⌂/10), court (marked cells = families you control), reserve,",
    "unused discs (· = used) and the disc chosen this round (▸3). The top",
    "line counts the regions left: the game ends when fewer than four are.",
    "On a wide screen the Analysis panel shows the computer's latest estimate",
    "of everybody's chance to win and, once it has made two, a graph of all",
    "its estimates so far (a line per seat or team, ▁ 0% … █ 100%). The",
    "result screen shows the graph too, w shows it on any screen, and saved",
    "games keep it. Under \"Moves weighed\" the computer's choice comes first",
    "(the tree search's is its most searched move, not always the highest",
    "chance); each move shows the chance it leaves the mover. In the team",
    "game every chance shown is a team's: partners win together.",
    "",
    "# Keys",
    "←→ ↑↓ Tab      move between the options",
    "Enter, Space   take the option under the cursor",
    "1-5            choose a disc, or the emperor's steps",
    "r g b y p      choose a family: the knight to place, or the joker's",
    "1-15, c        when placing: a territory's region, or your court",
    "Esc            back from choosing where a knight goes",
    "h              hint: what the computer would play (level 4, or a",
    "               stronger computer at the table)",
    "u              undo: back to your previous decision",
    "Ctrl-R         redo: play again what undo took back",
    "s / o          save the game / open (load) a saved game",
    "n              a new game with the same seats (asks first if moves",
    "               are unsaved, as o and q do)",
    "l              the whole game log; PgUp/PgDn scroll the log panel",
    "w              win chances: the graph of the computer's estimates",
    "e              the result, once the game is over",
    "? or F1        this help",
    "q              quit (Ctrl-C quits at once, keeping unsaved moves in",
    "               a recovery file that the next start offers)",
    "",
    "Mouse: click an option in the bottom line, a region on the ring or your",
    "row in the table (your court). A region click places the chosen knight;",
    "for the emperor, the first click shows the outcome and the second moves.",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_fits_the_compact_screen_width() {
        for line in HELP {
            assert!(line.chars().count() <= 76, "too long: {line}");
        }
    }
}
