// The game's log (every move in words, the computer's marks on the costly
// ones, the move on view highlighted, and, once the game is over or to a
// spectator, "Why?" on every decision: the move against the computer's
// best, in the server's sentences) and, once the game is over, the
// computer's analysis with its win-chance graph and the review: for each
// person at the table, the decisions that cost them most, the move played
// and the computer's choice drawn side by side on the board as it was,
// with the server's sentences.

import { drawGraph } from "../graph.js";
import { drawBoard } from "../board.js";
import { language, t } from "../i18n.js";
import { el } from "../page.js";
import { refusal } from "../refusals.js";
import { describeChoice, describeMove } from "../words.js";
import { names } from "../names.js";
import { mayExplainLog } from "./model.js";

/** The log's items; a click on one replays the game at that move. */
export function drawLog(model, dispatch) {
  const seatNames = names(model);
  const decisions = new Map((model.analysis ? model.analysis.decisions : []).map((d) => [d.index, d]));
  const explainable = mayExplainLog(model);
  return model.moves.map((token, index) => {
    const before = model.states[index];
    const after = model.states[index + 1];
    const text = before ? describeMove(token, before, after, seatNames) : token;
    const decision = decisions.get(index + 1);
    const mark = decision && decision.mark;
    const item = el("li", { "data-move": index + 1, class: before && before.decider === null ? "chance" : undefined },
      el("span", { class: "move-number" }, `${index + 1}.`), " ", text,
      mark ? el("span", { class: `mistake${mark === "??" ? " blunder" : ""}`, title: mistakeTitle(model, decision) }, ` ${mark}`) : null,
      explainable && before && before.decider !== null ? whyButton(index, dispatch) : null,
      model.explained && model.explained.index === index ? explanation(model, before) : null);
    item.addEventListener("click", () => dispatch({ type: "replay-go", at: index + 1, show: true }));
    return item;
  });
}

/** "Why?" on the log's move `index`: explains it and shows the board as it
 * was before it. */
function whyButton(index, dispatch) {
  const button = el("button", {
    type: "button", class: "secondary why-button", "aria-label": t("why-move-label", { number: index + 1 }),
    "data-focus": `why:${index}`,
  }, t("why-button"));
  button.addEventListener("click", (event) => {
    // Not the item's own click, which shows the position after the move.
    event.stopPropagation();
    dispatch({ type: "explain-move", index });
  });
  return button;
}

/** The explanation of the log's move on view: the server's sentences, and
 * what the move was worth against the computer's choice. */
function explanation(model, before) {
  const { answer, error } = model.explained;
  if (error) return el("p", { class: "why-text error", role: "status" }, refusal("explain", error));
  if (!answer) return el("p", { class: "why-text muted", role: "status" }, t("why-thinking"));
  const best = before ? describeChoice(answer.best, before, false) : answer.best;
  let verdict;
  if (answer.value === null) verdict = t("why-not-weighed", { best });
  else if (answer.best === answer.move || Math.round(answer.value * 100) === 0) verdict = t("why-best");
  else verdict = t("why-worse", { best, points: Math.abs(Math.round(answer.value * 100)) });
  return el("p", { class: "why-text", role: "status" }, answer.text, " ", verdict);
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
  if (model.analysisError) return [heading, el("p", { class: "error" }, refusal("analysis", model.analysisError))];
  // The marks are said in words from the positions before them: the
  // spinner stays until the page holds every position too.
  if (!model.analysis || model.states.length < model.moves.length + 1) {
    return [heading, el("p", { class: "analysis-waiting", role: "status" },
      el("span", { class: "spinner", "aria-hidden": "true" }), t("analysis-waiting"))];
  }
  // A game that ended before anybody decided anything (abandoned at its
  // start) has no chances to draw.
  if (model.analysis.decisions.length === 0) return [heading, el("p", { class: "muted analysis-empty" }, t("analysis-no-decisions"))];
  return [heading, ...drawGraph(model.analysis, model.latest, model.states, names(model), model.replayAt, (moves) =>
    dispatch({ type: "replay-go", at: moves, show: true }), (decision) => mistakeTitle(model, decision)),
  ...drawReview(model, dispatch)];
}

/** The review of a finished game's analysis: a button that opens it, and
 * for each person (a seat that is not the computer's) the decisions that
 * cost them most. */
function drawReview(model, dispatch) {
  const review = model.analysis.review;
  if (!review) return [];
  const toggle = el("button", {
    type: "button", class: "secondary review-toggle", "aria-expanded": model.reviewOpen ? "true" : "false",
    "aria-controls": "review", "data-focus": "review-toggle",
  }, t(model.reviewOpen ? "review-hide" : "review-open"));
  toggle.addEventListener("click", () => dispatch({ type: "toggle-review" }));
  if (!model.reviewOpen) return [toggle];
  const seatNames = names(model);
  const people = model.seats.map((_, seat) => seat).filter((seat) => !model.seats[seat].ai);
  const items = people.flatMap((seat) => (review[seat] || []).map((decision) => reviewItem(model, decision, seatNames, dispatch)));
  const body = items.length > 0
    ? el("ol", { class: "review-list" }, items)
    : el("p", { class: "muted" }, t(people.length > 0 ? "review-none" : "review-no-people"));
  return [toggle, el("section", { class: "review", id: "review", "aria-label": t("review-title") }, el("h3", {}, t("review-title")), body)];
}

/** One decision of the review: who, when and what it cost; the move
 * played and the better one, each on the board as it was, with its
 * sentences; and a button that shows the position on the table. */
function reviewItem(model, decision, seatNames, dispatch) {
  const before = model.states[decision.index - 1];
  const side = (which, label) => {
    const move = decision[which];
    const text = move.text[language()] || move.text.en;
    return el("div", { class: `review-move ${which}` },
      el("p", { class: "review-label" }, el("strong", {}, label), " ", before ? describeChoice(move.move, before, false) : move.move),
      // The sentences say what the boards show.
      before ? el("div", { class: "review-board", "aria-hidden": "true" }, drawBoard(before, { names: seatNames, hint: move.move })) : null,
      el("p", { class: "why-text" }, text));
  };
  const show = el("button", { type: "button", class: "secondary", "data-focus": `review-show:${decision.index}` }, t("review-show"));
  show.addEventListener("click", () => dispatch({ type: "replay-go", at: decision.index - 1 }));
  const again = el("button", { type: "button", class: "secondary review-try", "data-focus": `review-try:${decision.index}` }, t("review-try"));
  again.addEventListener("click", () => dispatch({ type: "try-again", index: decision.index, seat: decision.seat }));
  return el("li", { class: "review-item", "data-move": decision.index },
    el("h4", {}, t("review-decision", { name: seatNames[decision.seat], number: decision.index, points: Math.round(decision.cost * 100) })),
    el("div", { class: "review-pair" }, side("played", t("review-played")), side("best", t("review-better"))),
    el("div", { class: "review-actions" }, show, again));
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
