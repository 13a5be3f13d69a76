// Stepping through a game: the slider and buttons over the states of a
// record (from `POST /api/replay`), for a game on the server and for a
// record opened from a file (/replay).

import { request } from "./api.js";
import { drawBoard, drawSeat, familyLegend, seatColour } from "./board.js";
import { t } from "./i18n.js";
import { el } from "./page.js";
import { describeMove, describeResult } from "./words.js";

/** A position in a list of states, with the controls that move it. */
export class Replayer {
  constructor(states, onChange) {
    this.states = states;
    this.at = Math.max(0, states.length - 1);
    this.onChange = onChange;
  }

  state() {
    return this.states[this.at];
  }

  last() {
    return this.states.length - 1;
  }

  go(at) {
    this.at = Math.min(Math.max(0, at), this.last());
    this.onChange();
  }

  /** New states arrived (a running game went on), or fewer (a decision
   * was taken back). */
  extend(states) {
    this.states = states;
    this.at = Math.min(this.at, this.last());
  }

  /** The slider and buttons, made once and kept in step with the
   * position (made again, a slider being dragged would lose its grip). */
  controls() {
    if (!this.elements) {
      const slider = el("input", { type: "range", min: 0, class: "replay-slider", "aria-label": t("replay-position") });
      slider.addEventListener("input", () => this.go(Number(slider.value)));
      const button = (label, title, target) => {
        const b = el("button", { type: "button", class: "secondary", title, "aria-label": title }, label);
        b.addEventListener("click", () => this.go(target()));
        return b;
      };
      this.slider = slider;
      this.label = el("span", { class: "replay-at" });
      this.elements = [
        button("⏮", t("replay-first"), () => 0),
        button("◀", t("replay-back"), () => this.at - 1),
        slider,
        button("▶", t("replay-forward"), () => this.at + 1),
        button("⏭", t("replay-last"), () => this.last()),
        this.label,
      ];
    }
    this.slider.max = String(this.last());
    this.slider.value = String(this.at);
    this.label.textContent = t("replay-at", { at: this.at, total: this.last() });
    return this.elements;
  }

  /** Puts the controls into `bar`, unless they are there already. */
  showIn(bar) {
    const controls = this.controls();
    if (bar.firstChild !== controls[0]) bar.replaceChildren(...controls);
  }
}

/** The page /replay: a record from a file, stepped through. */
export function showRecordPage(main) {
  const input = el("input", { type: "file", accept: ".json,application/json", id: "record-file" });
  const drop = el("label", { class: "drop", for: "record-file" }, t("record-drop"));
  const error = el("p", { class: "error", role: "alert", hidden: true });
  const viewer = el("div", { class: "record-viewer" });
  const section = el("section", { class: "record-page" },
    el("h1", {}, t("record-title")), el("p", {}, t("record-intro")), drop, input, error, viewer);
  main.replaceChildren(section);

  async function open(file) {
    error.hidden = true;
    let record;
    try {
      record = JSON.parse(await file.text());
    } catch (problem) {
      error.hidden = false;
      error.textContent = t("record-not-json", { file: file.name, problem: problem.message });
      return;
    }
    if (record === null || typeof record !== "object" || Array.isArray(record)) {
      error.hidden = false;
      error.textContent = t("record-not-object", { file: file.name });
      return;
    }
    try {
      const replay = await request("POST", "/api/replay", { body: record });
      if (replay.error) {
        error.hidden = false;
        error.textContent = `${file.name}: ${replay.error}`;
      }
      if (replay.states.length > 0) showRecord(viewer, record, replay.states);
      else viewer.replaceChildren();
    } catch (problem) {
      error.hidden = false;
      error.textContent = `${file.name}: ${problem.message}`;
    }
  }

  input.addEventListener("change", () => input.files[0] && open(input.files[0]));
  drop.addEventListener("dragover", (event) => event.preventDefault());
  drop.addEventListener("drop", (event) => {
    event.preventDefault();
    const file = event.dataTransfer.files[0];
    if (file) open(file);
  });
}

/** Draws a record's states with a slider, its players and its log. */
function showRecord(container, record, states) {
  const names = states[0].seats.map((_, seat) => (record.names && record.names[seat]) || t("seat-n", { seat }));
  const board = el("div", { class: "board-area" });
  const bar = el("div", { class: "replay-bar" });
  const seats = el("section", { class: "seats" });
  const log = el("ol", { class: "log-list" });
  const outcome = el("p", { class: "result" });
  const replayer = new Replayer(states, draw);
  record.moves.slice(0, states.length - 1).forEach((token, index) => {
    const item = el("li", { "data-move": index + 1 }, el("span", { class: "move-number" }, `${index + 1}.`), " ",
      describeMove(token, states[index], states[index + 1], names));
    item.addEventListener("click", () => replayer.go(index + 1));
    log.append(item);
  });
  container.replaceChildren(el("div", { class: "table" },
    el("div", { class: "play" }, board, familyLegend(), bar),
    el("div", { class: "side" }, outcome, seats, el("section", { class: "log" }, el("h2", {}, t("game-log")), log))));

  function draw() {
    const state = replayer.state();
    board.replaceChildren(drawBoard(state, { names }));
    replayer.showIn(bar);
    outcome.textContent = describeResult(state, names);
    seats.replaceChildren(...state.seats.map((_, seat) => el("article", { class: "seat-card", "data-seat": seat },
      el("header", {}, el("span", { class: `swatch owner-${seatColour(state, seat)}` }), el("span", { class: "seat-name" }, names[seat]),
        el("span", { class: "castles" }, t("castles-count", { count: state.seats[seat].castles, target: state.castles_to_win }))),
      drawSeat(state, seat, { name: names[seat] }))));
    for (const item of log.children) item.classList.toggle("current", Number(item.dataset.move) === replayer.at);
  }
  draw();
}
