// The guided first game's lesson panel: the lesson's words, progress,
// "Show me", "Skip", "Skip all" and "Leave", and the mark on what the
// lesson points at. Everything it shows comes from the server
// (`POST /api/lessons/step`): the page keeps no rule of the lessons, only
// the learner's progress on this device, so that the game can be left and
// taken up again.

import { request, keepToken } from "../api.js";
import { t } from "../i18n.js";
import { el } from "../page.js";
import { refusal } from "../refusals.js";
import { lessonStep, mayPick, mySeats } from "./model.js";

/** Where this device keeps its guided game: `{game, progress}`. */
const LESSON_KEY = "carolus.lesson";

/** The guided game this device plays, if any: `{game, progress}`. */
export function lessonGame() {
  try {
    const kept = JSON.parse(localStorage.getItem(LESSON_KEY) || "null");
    return kept && typeof kept.game === "string" ? kept : null;
  } catch {
    return null;
  }
}

/** The learner's progress in game `id`, if this device keeps it. */
export function storedLesson(id) {
  const kept = lessonGame();
  return kept && kept.game === id && kept.progress ? kept.progress : null;
}

/** Keeps the learner's progress in game `id`. */
export function keepLesson(id, progress) {
  localStorage.setItem(LESSON_KEY, JSON.stringify({ game: id, progress }));
}

/** Starts a guided first game for `name` and keeps its token and progress;
 * answers the game's id. */
export async function startLesson(name) {
  const created = await request("POST", "/api/lessons", { body: { name } });
  for (const { seat, token } of created.seats) keepToken(created.id, seat, token);
  keepLesson(created.id, { lesson: 0, at: 0 });
  return created.id;
}

function button(label, attributes, action) {
  const element = el("button", { type: "button", ...attributes }, label);
  element.addEventListener("click", action);
  return element;
}

/** The lesson panel's contents, or null when the game is no guided game. */
export function drawLesson(model, dispatch) {
  const lesson = model.lesson;
  if (!lesson) return null;
  const step = lesson.step;
  const parts = [];
  if (step) {
    const shown = Math.min(step.index + 1, step.count);
    parts.push(el("div", { class: "lesson-head" },
      el("h2", {}, t("learn-title")),
      el("span", { class: "lesson-count", "data-lesson-index": step.index }, t("learn-progress", { lesson: shown, count: step.count }))));
    parts.push(el("progress", { max: step.count, value: step.index, "aria-hidden": "true" }));
    parts.push(el("p", { class: "lesson-text", "data-lesson": step.lesson || "", "data-message": step.message,
      "data-active": String(step.active) }, step.text));
    const live = model.replayAt === null;
    const buttons = [];
    if (step.show_me && live && mayPick(model) && lessonStep(model) === step) {
      buttons.push(button(t("learn-show-me"), { class: "primary", "data-action": "lesson-show", "data-focus": "lesson-show",
        "data-move": step.show_me }, () => dispatch({ type: "lesson-show" })));
    }
    if (step.lesson !== null) {
      buttons.push(button(t("learn-skip"), { class: "secondary", "data-action": "lesson-skip", "data-focus": "lesson-skip" },
        () => dispatch({ type: "lesson-skip", all: false })));
      buttons.push(button(t("learn-skip-all"), { class: "secondary", "data-action": "lesson-skip-all", "data-focus": "lesson-skip-all" },
        () => dispatch({ type: "lesson-skip", all: true })));
    }
    buttons.push(el("a", { href: "/", class: "button secondary", "data-action": "lesson-leave" }, t("learn-leave")));
    parts.push(el("div", { class: "lesson-buttons" }, buttons));
  }
  if (lesson.error) parts.push(el("p", { class: "error", role: "alert" }, refusal("lesson", lesson.error)));
  return parts;
}

/** Marks on the table what the active lesson points at (a class on the
 * piece, as the last move is marked): the court, a region, a disc, or a
 * family's knights in the reserve and its joker button; for a placement
 * also the knight to pick. */
export function markLesson(root, model) {
  for (const marked of root.querySelectorAll(".lesson-mark")) marked.classList.remove("lesson-mark");
  const step = lessonStep(model);
  if (!step || !step.active || !step.highlight || model.replayAt !== null) return;
  const seat = mySeats(model)[0];
  const card = root.querySelector(`.seat-card[data-seat="${seat}"]`);
  const marks = [];
  const highlight = step.highlight;
  if (highlight.kind === "court" && card) {
    marks.push(card.querySelector(".court"));
  } else if (highlight.kind === "region") {
    const territory = root.querySelector(`.board [data-territory="${highlight.region}"]`);
    marks.push(territory && territory.closest(".region").querySelector(".region-shape"));
  } else if (highlight.kind === "disc" && card) {
    marks.push(card.querySelector(`[data-disc="${highlight.disc}"]`));
  } else if (highlight.kind === "family") {
    if (card) marks.push(card.querySelector(`[data-reserve] [data-family="${highlight.family}"]`));
    marks.push(root.querySelector(`[data-focus="choice:joker ${highlight.family}"]`));
  }
  // A placement's knight: the first word after `place` is its family.
  const [verb, family] = (step.show_me || "").split(" ");
  if (verb === "place" && card && !model.selected) marks.push(card.querySelector(`[data-reserve] [data-family="${family}"]`));
  for (const element of marks) if (element) element.classList.add("lesson-mark");
}
