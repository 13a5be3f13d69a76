// The win-chance graph of a finished game, from the server's analysis
// (`GET /api/games/{id}/analysis`): one line for each seat (each team in
// the team game) across the game's moves, the moves that cost their player
// much marked, and the position on view shown as a line.

import { ownerColour } from "./board.js";
import { t } from "./i18n.js";
import { svg } from "./page.js";

const WIDTH = 600;
const HEIGHT = 180;
const PAD = 24;

/** Whether a decision of the analysis cost its player much, and how much. */
export function mistakeOf(decision, analysis) {
  if (decision.cost === null || decision.cost < analysis.mistake) return null;
  return decision.cost >= 3 * analysis.mistake ? "??" : "?";
}

/**
 * The graph. `state` names the owners' colours; `at` is the position on
 * view; `onPick(moves)` jumps to a position; `mistakeTitle(decision)`
 * says a marked decision in words.
 */
export function drawGraph(analysis, state, names, at, onPick, mistakeTitle) {
  const length = Math.max(1, analysis.length);
  const x = (moves) => PAD + ((WIDTH - 2 * PAD) * moves) / length;
  const y = (chance) => PAD / 2 + (HEIGHT - PAD) * (1 - chance);
  const owners = analysis.decisions.length ? analysis.decisions[0].chances.length : 0;
  const root = svg("svg", {
    class: "graph",
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: "img",
    "aria-label": t("graph-label"),
  });
  root.append(
    svg("line", { class: "graph-axis", x1: PAD, x2: WIDTH - PAD, y1: y(0.5), y2: y(0.5) }),
    svg("text", { class: "graph-tick", x: 2, y: y(1) + 4 }, "100%"),
    svg("text", { class: "graph-tick", x: 2, y: y(0) + 4 }, "0%"),
  );
  for (let owner = 0; owner < owners; owner += 1) {
    const points = analysis.decisions.map((d) => `${x(d.index - 1).toFixed(1)},${y(d.chances[owner]).toFixed(1)}`);
    const colour = ownerColour(owner);
    const label = state.teams ? state.teams[owner].map((seat) => names[seat]).join(" + ") : names[owner];
    root.append(svg("polyline", { class: `graph-line owner-${colour}`, points: points.join(" "), "data-owner": owner },
      svg("title", {}, label)));
  }
  for (const decision of analysis.decisions) {
    const mark = mistakeOf(decision, analysis);
    if (!mark) continue;
    const owner = state.teams ? decision.seat % 2 : decision.seat;
    root.append(svg("circle", {
      class: `graph-mistake${mark === "??" ? " blunder" : ""}`,
      cx: x(decision.index - 1), cy: y(decision.chances[owner]), r: mark === "??" ? 6 : 4,
      "data-move": decision.index,
    }, svg("title", {}, mistakeTitle(decision))));
  }
  if (at !== null && at !== undefined) {
    root.append(svg("line", { class: "graph-now", x1: x(at), x2: x(at), y1: 4, y2: HEIGHT - 4 }));
  }
  root.addEventListener("click", (event) => {
    const box = root.getBoundingClientRect();
    const moves = Math.round(((event.clientX - box.left) / box.width * WIDTH - PAD) / (WIDTH - 2 * PAD) * length);
    onPick(Math.min(Math.max(moves, 0), analysis.length));
  });
  return root;
}
