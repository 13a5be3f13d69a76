// The win-chance graph of a finished game, from the server's analysis
// (`GET /api/games/{id}/analysis`): one line for each seat (each team in
// the team game) across the game's moves, an axis of rounds under it, a
// legend naming each line in its castles' colour, and the moves the
// analysis marked (`?`, `??`: the server decides which, see ANALYSIS.md)
// drawn on the lines and listed in words beneath, which is also the
// graph's text for screen readers.

import { ownerColour, ownerLabel } from "./board.js";
import { t } from "./i18n.js";
import { el, svg } from "./page.js";

const WIDTH = 420;
const HEIGHT = 190;
const LEFT = 34;
const RIGHT = 8;
const TOP = 8;
const BOTTOM = 30;

/** The round of every position 0..length, from the states the page holds
 * (null where a state is missing). */
function roundsOf(states, length) {
  return Array.from({ length: length + 1 }, (_, k) => (states[k] ? states[k].round : null));
}

/** The positions where a round begins, with the round, thinned so that
 * their labels keep apart. */
function roundTicks(rounds, x) {
  const starts = [];
  rounds.forEach((round, position) => {
    if (round !== null && round > 0 && (position === 0 || rounds[position - 1] !== round)) starts.push({ position, round });
  });
  const span = starts.length > 1 ? x(starts[starts.length - 1].position) - x(starts[0].position) : WIDTH;
  const room = span / Math.max(1, starts.length - 1);
  const every = [1, 2, 5, 10].find((n) => room * n >= 22) || 20;
  return starts.filter(({ round }) => round === 1 || round % every === 0);
}

/**
 * The graph and its legend and list of marks, as elements. `state` (the
 * last position) names the owners; `states` are the positions, for the
 * rounds; `at` is the position on view; `onPick(moves)` jumps to a
 * position; `mistakeTitle(decision)` says a marked decision in words.
 */
export function drawGraph(analysis, state, states, names, at, onPick, mistakeTitle) {
  const length = Math.max(1, analysis.length);
  const x = (moves) => LEFT + ((WIDTH - LEFT - RIGHT) * moves) / length;
  const y = (chance) => TOP + (HEIGHT - TOP - BOTTOM) * (1 - chance);
  const owners = analysis.decisions.length ? analysis.decisions[0].chances.length : 0;
  const root = svg("svg", {
    class: "graph",
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: "img",
    "aria-label": t("graph-label"),
  });
  root.append(
    svg("line", { class: "graph-axis", x1: LEFT, x2: WIDTH - RIGHT, y1: y(0.5), y2: y(0.5) }),
    svg("line", { class: "graph-frame", x1: LEFT, x2: WIDTH - RIGHT, y1: y(0), y2: y(0) }),
    svg("text", { class: "graph-tick", x: LEFT - 4, y: y(1) + 4, "text-anchor": "end" }, "100%"),
    svg("text", { class: "graph-tick", x: LEFT - 4, y: y(0.5) + 4, "text-anchor": "end" }, "50%"),
    svg("text", { class: "graph-tick", x: LEFT - 4, y: y(0) + 4, "text-anchor": "end" }, "0%"),
  );
  // The rounds under the lines: a tick where each round begins.
  const axis = svg("g", { class: "graph-rounds", "aria-hidden": "true" });
  for (const { position, round } of roundTicks(roundsOf(states, analysis.length), x)) {
    axis.append(svg("line", { class: "graph-round", x1: x(position), x2: x(position), y1: y(0), y2: y(0) + 4 }),
      svg("text", { class: "graph-tick", x: x(position), y: y(0) + 15, "text-anchor": "middle", "data-round": round }, round));
  }
  axis.append(svg("text", { class: "graph-axis-title", x: (LEFT + WIDTH - RIGHT) / 2, y: HEIGHT - 2, "text-anchor": "middle" },
    t("graph-rounds")));
  root.append(axis);

  const legend = el("ul", { class: "graph-legend" });
  for (let owner = 0; owner < owners; owner += 1) {
    const points = analysis.decisions.map((d) => `${x(d.index - 1).toFixed(1)},${y(d.chances[owner]).toFixed(1)}`);
    const colour = ownerColour(owner);
    const label = ownerLabel(state, owner, names);
    root.append(svg("polyline", { class: `graph-line owner-${colour}`, points: points.join(" "), "data-owner": owner },
      svg("title", {}, label)));
    legend.append(el("li", { class: "graph-legend-item", "data-owner": owner },
      svg("svg", { viewBox: "0 0 28 12", width: 28, height: 12, "aria-hidden": "true" },
        svg("line", { class: `graph-line owner-${colour}`, x1: 1, x2: 27, y1: 6, y2: 6 })),
      el("span", { class: `swatch owner-${colour}`, title: t(`colour-${colour}`) }),
      el("span", { class: "graph-legend-name" }, label),
      el("span", { class: "visually-hidden" }, ` (${t(`colour-${colour}`)})`)));
  }

  const marked = analysis.decisions.filter((decision) => decision.mark);
  const list = el("ol", { class: "graph-marks", "aria-label": t("graph-marks-label") });
  for (const decision of marked) {
    const owner = state.teams ? decision.seat % 2 : decision.seat;
    const blunder = decision.mark === "??";
    const words = mistakeTitle(decision);
    root.append(svg("g", { class: `graph-mistake${blunder ? " blunder" : ""}`, "data-move": decision.index, "data-mark": decision.mark },
      svg("title", {}, `${decision.mark} ${words}`),
      svg("circle", { cx: x(decision.index - 1), cy: y(decision.chances[owner]), r: blunder ? 6 : 4 })));
    const round = states[decision.index - 1] ? states[decision.index - 1].round : null;
    const item = el("li", { "data-move": decision.index, "data-mark": decision.mark },
      el("button", { type: "button", class: "graph-mark-button" },
        el("span", { class: `mark${blunder ? " blunder" : ""}`, "aria-label": t(blunder ? "graph-blunder" : "graph-mistake") }, decision.mark),
        " ",
        el("span", { class: "graph-mark-where" }, round === null
          ? t("graph-mark-move", { move: decision.index })
          : t("graph-mark-move-round", { move: decision.index, round })),
        " ", words));
    item.querySelector("button").addEventListener("click", () => onPick(decision.index));
    list.append(item);
  }

  if (at !== null && at !== undefined) {
    root.append(svg("line", { class: "graph-now", x1: x(at), x2: x(at), y1: TOP - 4, y2: y(0) }));
  }
  root.addEventListener("click", (event) => {
    const box = root.getBoundingClientRect();
    const moves = Math.round(((event.clientX - box.left) / box.width * WIDTH - LEFT) / (WIDTH - LEFT - RIGHT) * length);
    onPick(Math.min(Math.max(moves, 0), analysis.length));
  });
  const explained = el("p", { class: "muted graph-explained" }, t("graph-explained", {
    mistake: Math.round(analysis.mistake * 100),
    blunder: Math.round((analysis.blunder ?? analysis.mistake) * 100),
    blunders: analysis.blunders ?? 0,
  }));
  const none = marked.length === 0 ? el("p", { class: "muted" }, t("graph-no-marks")) : null;
  return [legend, root, explained, none, marked.length ? list : null].filter(Boolean);
}
