// The rules in the project's own words (the catalogs hold them in every
// language), with the board drawn as it looks in play: the position after
// the first turn of NOTATION.md's worked example, replayed by the server.

import { request } from "./api.js";
import { drawBoard, drawSeat, familyLegend } from "./board.js";
import { t } from "./i18n.js";
import { el } from "./page.js";

const EXAMPLE = {
  format: "carolus-record/1",
  players: 2,
  setup: { territories: "RGBYPRGBYPRGBYP", order: [1, 0] },
  names: ["Anna", "Bruno"],
  moves: ["draw BBJYYPG", "joker B", "draw RRRGGPY", "disc 2", "disc 3",
    "place B court", "place B 2", "place B 3", "move 2", "draw RGY"],
};

const SECTIONS = [
  ["rules-goal-title", ["rules-goal"]],
  ["rules-pieces-title", ["rules-pieces-families", "rules-pieces-ring", "rules-pieces-player"]],
  ["rules-setup-title", ["rules-setup"]],
  ["rules-discs-title", ["rules-discs", "rules-order"]],
  ["rules-turn-title", ["rules-place", "rules-control", "rules-move", "rules-score", "rules-merge", "rules-refill"]],
  ["rules-end-title", ["rules-end"]],
  ["rules-teams-title", ["rules-teams"]],
];

export async function showRules(main) {
  const figure = el("figure", { class: "rules-figure" });
  const article = el("article", { class: "rules" }, el("h1", {}, t("rules-title")), el("p", { class: "lead" }, t("rules-lead")),
    el("p", {}, el("a", { href: "/learn", "data-action": "learn" }, t("learn-rules-link"))), figure);
  for (const [title, paragraphs] of SECTIONS) {
    article.append(el("h2", {}, t(title)), ...paragraphs.map((id) => el("p", {}, t(id))));
  }
  main.replaceChildren(article);
  try {
    const replay = await request("POST", "/api/replay", { body: EXAMPLE });
    const state = replay.states[replay.states.length - 1];
    figure.replaceChildren(el("div", {}, drawBoard(state, { names: EXAMPLE.names }), familyLegend()),
      el("div", { class: "rules-seats" }, state.seats.map((_, seat) => drawSeat(state, seat, { name: EXAMPLE.names[seat] }))),
      el("figcaption", {}, t("rules-figure")));
  } catch (problem) {
    figure.replaceChildren(el("p", { class: "error" }, problem.message));
  }
}
