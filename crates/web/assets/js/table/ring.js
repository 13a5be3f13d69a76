// The table's ring: the board drawn from the state on view, with the
// regions a person may pick now lit and named by what picking them does.

import { drawBoard, familyName, regionName } from "../board.js";
import { t } from "../i18n.js";
import { emperorOutcome } from "../words.js";
import { regionTargets, shownState } from "./model.js";
import { names } from "../names.js";

/** What picking a region means, in words, for its accessible name. */
function targetLabel(model, state, index, target) {
  const region = regionName(state.regions[index]);
  if (target.family) return { badge: "+", label: t("place-in-region", { family: familyName(target.family), region }) };
  const after = model.outcomes && model.outcomes.get(target.token);
  const outcome = after ? emperorOutcome(state, after, target.steps, names(model)) : "";
  return {
    badge: String(target.steps),
    label: `${t("move-emperor-to", { steps: target.steps, region })} ${outcome}`.trim(),
  };
}

/** The board for `model`; picks are sent to `dispatch`. */
export function drawRing(model, dispatch) {
  const state = shownState(model);
  const live = model.replayAt === null;
  const targets = new Map();
  if (live) {
    for (const [index, target] of regionTargets(model)) targets.set(index, targetLabel(model, state, index, target));
  }
  return drawBoard(state, {
    names: names(model),
    targets,
    onRegion: (index) => dispatch({ type: "pick-region", index }),
    previous: live ? model.previous : null,
    lastMove: live ? lastMove(model) : null,
    hint: live && model.hint ? model.hint.move : null,
  });
}

/** The newest move of the record, if the page has the state it was played in. */
function lastMove(model) {
  const index = model.moves.length - 1;
  if (index < 0 || !model.states[index]) return null;
  return { token: model.moves[index], before: model.states[index] };
}

/**
 * Marks on the table the newest decision that led to the position on view:
 * the territory a knight was placed in, the court it went to, the region
 * the emperor went to, the disc chosen. Drawn over what is there (a class
 * on the piece), so that the ring need not be drawn again when the states
 * that say who made the decision arrive.
 */
export function markLastMove(root, model) {
  for (const marked of root.querySelectorAll(".last-move")) marked.classList.remove("last-move");
  const at = model.replayAt ?? model.moves.length;
  let index = Math.min(at, model.states.length) - 1;
  while (index >= 0 && model.states[index].decider === null) index -= 1;
  if (index < 0) return;
  const before = model.states[index];
  const seat = before.decider;
  const [verb, first, second] = model.moves[index].split(" ");
  let element = null;
  if (verb === "place" && second === "court") {
    element = root.querySelector(`.seat-card[data-seat="${seat}"] .court`);
  } else if (verb === "place") {
    const territory = root.querySelector(`.board [data-territory="${Number(second)}"]`);
    element = territory && territory.closest(".region").querySelector(".region-shape");
  } else if (verb === "move") {
    const landed = before.regions[before.landings[Number(first) - 1]];
    const territory = landed && root.querySelector(`.board [data-territory="${landed.territories[0]}"]`);
    element = territory && territory.closest(".region").querySelector(".region-shape");
  } else if (verb === "disc") {
    element = root.querySelector(`.seat-card[data-seat="${seat}"] [data-disc="${Number(first)}"]`);
  }
  if (element) element.classList.add("last-move");
}

/** The facts whose reasons are on view: the hint's while its "Why?" is
 * open, or those of the log's move explained while the board shows the
 * position before it. */
function factsOnView(model) {
  if (model.replayAt === null) return model.why && model.hint ? model.hint.facts || [] : [];
  const explained = model.explained;
  if (!explained || !explained.answer || model.replayAt !== explained.index) return [];
  return explained.answer.facts;
}

/**
 * Marks on the board the regions that the reasons on view name (a castle
 * built or taken there, the emperor stopping there, a lead, a merge): a
 * fact names a region by its smallest territory, which the board knows.
 * Drawn over what is there, as `markLastMove` is.
 */
export function markExplained(root, model) {
  for (const marked of root.querySelectorAll(".explained")) marked.classList.remove("explained");
  for (const fact of factsOnView(model)) {
    if (typeof fact.region !== "number") continue;
    const territory = root.querySelector(`.board [data-territory="${fact.region}"]`);
    const shape = territory && territory.closest(".region").querySelector(".region-shape");
    if (shape) shape.classList.add("explained");
  }
}
