// The game's log (every move in words, the computer's marks on the costly
// ones, the move on view highlighted) and, once the game is over, the
// computer's analysis with its win-chance graph.

import { drawGraph } from "../graph.js";
import { t } from "../i18n.js";
import { el } from "../page.js";
import { describeChoice, describeMove } from "../words.js";
import { names } from "../names.js";

/** The log's items; a click on one replays the game at that move. */
export function drawLog(model, dispatch) {
  const seatNames = names(model);
  const decisions = new Map((model.analysis ? model.analysis.decisions : []).map((d) => [d.index, d]));
  return model.moves.map((token, index) => {
    const before = model.states[index];
    const after = model.states[index + 1];
    const text = before ? describeMove(token, before, after, seatNames) : token;
    const decision = decisions.get(index + 1);
    const mark = decision && decision.mark;
    const item = el("li", { "data-move": index + 1, class: before && before.decider === null ? "chance" : undefined },
      el("span", { class: "move-number" }, `${index + 1}.`), " ", text,
      mark ? el("span", { class: `mistake${mark === "??" ? " blunder" : ""}`, title: mistakeTitle(model, decision) }, ` ${mark}`) : null);
    item.addEventListener("click", () => dispatch({ type: "replay-go", at: index + 1, show: true }));
    return item;
  });
}

/** Marks the move on view in the log's `list`. */
export function highlightLog(list, model) {
  const at = model.replayAt ?? model.moves.length;
  for (const item of list.children) item.classList.toggle("current", Number(item.dataset.move) === at);
}

/** The analysis panel's content, or null while the game runs. */
export function drawAnalysis(model, dispatch) {
  if (model.status !== "over") return null;
  const heading = el("h2", {}, t("analysis-title"));
  if (model.analysisError) return [heading, el("p", { class: "error" }, model.analysisError)];
  // The marks are said in words from the positions before them: the
  // spinner stays until the page holds every position too.
  if (!model.analysis || model.states.length < model.moves.length + 1) {
    return [heading, el("p", { class: "analysis-waiting", role: "status" },
      el("span", { class: "spinner", "aria-hidden": "true" }), t("analysis-waiting"))];
  }
  return [heading, ...drawGraph(model.analysis, model.latest, model.states, names(model), model.replayAt, (moves) =>
    dispatch({ type: "replay-go", at: moves, show: true }), (decision) => mistakeTitle(model, decision))];
}

/** A decision the computer marked, in words: what was chosen, what it preferred, and what that cost. */
function mistakeTitle(model, decision) {
  const before = model.states[decision.index - 1];
  return t("mistake-title", {
    name: names(model)[decision.seat],
    move: before ? describeChoice(decision.played, before, false) : decision.played,
    best: before ? describeChoice(decision.best, before, false) : decision.best,
    cost: Math.round(decision.cost * 100),
  });
}
