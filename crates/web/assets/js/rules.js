// The rules in the project's own words (the catalogs hold them in every
// language), with the board drawn as it looks in play: a key to what is on
// the screen, how to play on this site, and worked examples (a castle
// built, two regions joining) drawn by the board's own code on positions
// the server replays from a short record. Nothing here is a copy of a
// rule: the positions and what the moves did come from the engine, and the
// sentences under the examples are the log's own (words.js).

import { request } from "./api.js";
import { drawBoard, drawSeat, familyLegend, pieceSample, regionName, seatColour } from "./board.js";
import { t } from "./i18n.js";
import { el } from "./page.js";
import { failure, refusal } from "./refusals.js";
import { describeMove } from "./words.js";

/** A two-player game's first one and a half rounds: NOTATION.md's worked
 * example (Bruno builds a castle), then Anna builds one in territory 4 and
 * next round one in territory 5, and the two regions join. */
const EXAMPLE = {
  format: "carolus-record/1",
  players: 2,
  setup: { territories: "RGBYPRGBYPRGBYP", order: [1, 0] },
  names: ["Anna", "Bruno"],
  moves: ["draw BBJYYPG", "joker B", "draw RRRGGPY", "disc 2", "disc 3",
    "place B court", "place B 2", "place B 3", "move 2", "draw RGY",
    "place R court", "place R 4", "place G court", "move 1", "draw RRP",
    "disc 4", "disc 1", "place R 5", "place R 5", "place Y court", "move 1"],
};

/** The position the figure shows: after Bruno's first turn and draw. */
const FIGURE_AT = 10;
/** The worked examples: the move (counted from 1) whose before and after are drawn. */
const EXAMPLES = [
  { title: "rules-example-castle-title", intro: "rules-example-castle", move: 9 },
  { title: "rules-example-merge-title", intro: "rules-example-merge", move: 21 },
];

/** The key to the screen: a piece as the board draws it, and what it is. */
const KEY = [
  ["emperor", "rules-key-emperor"],
  ["knight", "rules-key-knight"],
  ["castle", "rules-key-castle"],
  ["control", "rules-key-control"],
  ["control-open", "rules-key-control-open"],
  ["target", "rules-key-target"],
  ["territory", "rules-key-territory"],
];

const SECTIONS = [
  ["rules-goal-title", ["rules-goal"]],
  ["rules-pieces-title", ["rules-pieces-families", "rules-pieces-ring", "rules-pieces-player"]],
  ["rules-setup-title", ["rules-setup"]],
  ["rules-discs-title", ["rules-discs", "rules-order"]],
  ["rules-turn-title", ["rules-place", "rules-control", "rules-move", "rules-score", "rules-merge", "rules-refill"]],
  ["rules-end-title", ["rules-end"]],
  ["rules-teams-title", ["rules-teams"]],
];

/** How to play on this site, point by point. */
const PLAYING = ["rules-play-point", "rules-play-drag", "rules-play-keys", "rules-play-disc", "rules-play-emperor",
  "rules-play-log"];

export async function showRules(main) {
  const figure = el("figure", { class: "rules-figure" });
  const examples = el("div", { class: "rules-examples" });
  const article = el("article", { class: "rules" }, el("h1", {}, t("rules-title")), el("p", { class: "lead" }, t("rules-lead")),
    el("p", {}, el("a", { href: "/learn", "data-action": "learn" }, t("learn-rules-link"))), figure,
    el("h2", {}, t("rules-key-title")),
    el("ul", { class: "rules-key" }, KEY.map(([kind, text]) => el("li", { "data-key": kind }, pieceSample(kind), el("span", {}, t(text))))),
    el("h2", {}, t("rules-play-title")),
    el("ul", { class: "rules-play" }, PLAYING.map((id) => el("li", {}, t(id)))));
  for (const [title, paragraphs] of SECTIONS) {
    article.append(el("h2", {}, t(title)), ...paragraphs.map((id) => el("p", {}, t(id))));
    if (title === "rules-turn-title") article.append(examples);
  }
  main.replaceChildren(article);
  let states;
  try {
    states = (await request("POST", "/api/replay", { body: EXAMPLE })).states;
  } catch (problem) {
    const said = refusal("example", failure(problem));
    figure.replaceChildren(el("p", { class: "error" }, said));
    examples.replaceChildren(el("p", { class: "error" }, said));
    return;
  }
  const names = EXAMPLE.names;
  const state = states[FIGURE_AT];
  figure.replaceChildren(el("div", {}, drawBoard(state, { names }), familyLegend()),
    el("div", { class: "rules-seats" }, state.seats.map((_, seat) => el("section", { class: "rules-seat", "data-seat": seat },
      el("h3", {}, el("span", { class: `swatch owner-${seatColour(state, seat)}` }), " ",
        t("rules-seat-caption", { name: names[seat], colour: t(`colour-${seatColour(state, seat)}`) })),
      drawSeat(state, seat, { name: names[seat] })))),
    el("figcaption", {}, t("rules-figure")));
  examples.replaceChildren(...EXAMPLES.map((example) => workedExample(example, states, names)));
}

/** One worked example: the position before a move of the emperor, with
 * the regions he may go to numbered as the table numbers them, and after. */
function workedExample({ title, intro, move }, states, names) {
  const before = states[move - 1];
  const after = states[move];
  const targets = new Map(before.landings.map((landing, k) => [landing, {
    badge: String(k + 1),
    label: t("move-emperor-to", { steps: k + 1, region: regionName(before.regions[landing]) }),
  }]));
  const said = describeMove(EXAMPLE.moves[move - 1], before, after, names);
  return el("section", { class: "rules-example", "data-example": title },
    el("h3", {}, t(title)),
    el("p", {}, t(intro)),
    el("div", { class: "rules-example-boards" },
      el("figure", { "data-position": move - 1 }, drawBoard(before, { names, targets }),
        el("figcaption", {}, t("rules-example-before", { name: names[before.to_act], disc: before.seats[before.to_act].disc }))),
      el("figure", { "data-position": move }, drawBoard(after, { names }),
        el("figcaption", {}, t("rules-example-after", { what: said })))));
}
