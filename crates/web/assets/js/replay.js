// Stepping through a game: the slider and buttons over the states of a
// record (from `POST /api/replay`), for a game on the server and for a
// record opened from a file (/replay).

import { request } from "./api.js";
import { failure } from "./refusals.js";
import { drawBoard, drawSeat, familyLegend, seatColour } from "./board.js";
import { t } from "./i18n.js";
import { el, showInView, svg } from "./page.js";
import { describeMove, describeResult } from "./words.js";

/** The buttons' icons, drawn (a font may lack ⏮ and ⏭): bars and
 * triangles in the button's text colour. */
const ICONS = {
  first: "M3 2h2.5v12H3z M14 2v12L6 8z",
  back: "M12 2v12L4 8z",
  forward: "M4 2v12l8-6z",
  last: "M10.5 2H13v12h-2.5z M2 2v12l8-6z",
};

function icon(name) {
  return svg("svg", { class: "icon", viewBox: "0 0 16 16", width: 16, height: 16, "aria-hidden": "true", focusable: "false" },
    svg("path", { d: ICONS[name] }));
}

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
      const button = (name, title, target) => {
        const b = el("button", { type: "button", class: "secondary icon-button", title, "aria-label": title, "data-step": name }, icon(name));
        b.addEventListener("click", () => this.go(target()));
        return b;
      };
      this.slider = slider;
      this.label = el("span", { class: "replay-at" });
      this.elements = [
        button("first", t("replay-first"), () => 0),
        button("back", t("replay-back"), () => this.at - 1),
        slider,
        button("forward", t("replay-forward"), () => this.at + 1),
        button("last", t("replay-last"), () => this.last()),
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
  // The browser's own file button speaks the browser's language, not the
  // page's: it is hidden, and the labelled drop zone opens the picker.
  const input = el("input", { type: "file", class: "visually-hidden", accept: ".json,.jsonl,application/json,application/jsonl,application/x-ndjson", id: "record-file" });
  const drop = el("label", { class: "drop", for: "record-file" }, t("record-drop"));
  const error = el("p", { class: "error", role: "alert", hidden: true });
  const chooser = el("p", { class: "record-chooser", hidden: true });
  const viewer = el("div", { class: "record-viewer" });
  const section = el("section", { class: "record-page" },
    el("h1", {}, t("record-title")), el("p", {}, t("record-intro")), input, drop, error, chooser, viewer);
  main.replaceChildren(section);

  const fail = (text) => {
    error.hidden = false;
    error.textContent = text;
  };

  /** Replays `record` (line `line` of the file, if it has several) and shows it from its first move. */
  async function show(file, record, line) {
    error.hidden = true;
    const where = line === null ? file.name : t("record-where-line", { file: file.name, line });
    try {
      const replay = await request("POST", "/api/replay", { body: record });
      // What the server could replay is shown, and where it stopped is said.
      if (replay.problem) fail(problemText(where, replay.problem));
      if (replay.states.length > 0) showRecord(viewer, record, replay.states);
      else viewer.replaceChildren();
    } catch (problem) {
      // The record was not answered: too large, or the server busy or
      // out of reach.
      fail(t(failure(problem).status === 413 ? "record-too-large" : "record-error-replay", { where }));
      viewer.replaceChildren();
    }
  }

  async function open(file) {
    error.hidden = true;
    chooser.hidden = true;
    viewer.replaceChildren();
    const read = readRecords(await file.text());
    if (read.error) {
      fail(t(read.error.id, { file: file.name, ...read.error.args }));
      return;
    }
    const records = read.records;
    if (records.length > 1) {
      // A file of several games (`carolus random`, `carolus match
      // --records`): one is shown at a time, the first to begin with.
      const select = el("select", { id: "record-game" }, records.map(({ line }, k) =>
        el("option", { value: k }, t("record-game-option", { game: k + 1, line }))));
      select.addEventListener("change", () => show(file, records[select.value].record, records[select.value].line));
      chooser.replaceChildren(el("label", { for: "record-game" }, t("record-games", { count: records.length })), " ", select);
      chooser.hidden = false;
    }
    await show(file, records[0].record, records.length > 1 || read.lines ? records[0].line : null);
  }

  input.addEventListener("change", () => input.files[0] && open(input.files[0]));
  drop.addEventListener("dragover", (event) => event.preventDefault());
  drop.addEventListener("drop", (event) => {
    event.preventDefault();
    const file = event.dataTransfer.files[0];
    if (file) open(file);
  });
}

/**
 * Says in the reader's language what stopped the server's replay of a
 * record (the `problem` of `POST /api/replay`) and where.
 */
export function problemText(where, problem) {
  switch (problem.kind) {
    case "field":
    case "setup":
      return t(`record-problem-${problem.kind}`, { where, field: problem.field });
    case "malformed":
    case "illegal":
      return t(`record-problem-${problem.kind}`, { where, move: problem.index, token: problem.token });
    case "not_a_record":
      return t("record-problem-not-a-record", { where });
    default:
      return t("record-problem-other", { where });
  }
}

/**
 * The records of a file's `text`: one JSON object (a `.json` record, laid
 * out over any number of lines), or one object a line (JSON Lines, as
 * `carolus random` and `carolus match --records` write them; NOTATION.md).
 * Resolves to `{records: [{record, line}], lines}` or to `{error: {id,
 * args}}` naming the line and column of the first fault.
 */
export function readRecords(text) {
  const whole = parseJson(text);
  if (whole.value !== undefined) {
    if (!isObject(whole.value)) return { error: { id: "record-not-object", args: {} } };
    return { records: [{ record: whole.value, line: 1 }], lines: false };
  }
  const lines = text.split("\n");
  const filled = lines.map((content, k) => ({ content, line: k + 1 })).filter(({ content }) => content.trim() !== "");
  if (filled.length === 0) return { error: { id: "record-empty", args: {} } };
  // A file whose first line is a record by itself is read as JSON Lines;
  // any other is one JSON document, and its fault is the document's.
  if (filled.length < 2 || parseJson(filled[0].content).value === undefined) {
    return { error: { id: "record-not-json-at", args: { ...whole.at, found: whole.found || "end" } } };
  }
  const records = [];
  for (const { content, line } of filled) {
    const parsed = parseJson(content);
    if (parsed.value === undefined) {
      return { error: { id: "record-line-not-json", args: { line, column: parsed.at.column, found: parsed.found || "end" } } };
    }
    if (!isObject(parsed.value)) return { error: { id: "record-line-not-object", args: { line } } };
    records.push({ record: parsed.value, line });
  }
  return { records, lines: true };
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** `text` parsed, or where it stops being JSON: `{value}` or `{at: {line,
 * column}, found}`, `found` being the character there (empty at the end of
 * the text). Browsers word their parse errors differently and some give
 * no position, so the place is found here. */
function parseJson(text) {
  try {
    return { value: JSON.parse(text) };
  } catch {
    const offset = jsonFault(text);
    const before = text.slice(0, offset).split("\n");
    return { at: { line: before.length, column: before[before.length - 1].length + 1 }, found: text.charAt(offset) };
  }
}

/** The offset of the first character at which `text` stops being JSON
 * (its length if the text ends too early): a reader of the grammar that
 * only follows it. */
function jsonFault(text) {
  let at = 0;
  const space = () => {
    while (at < text.length && " \t\n\r".includes(text[at])) at += 1;
  };
  const fail = () => {
    throw at;
  };
  const expect = (word) => {
    for (const char of word) {
      if (text[at] !== char) fail();
      at += 1;
    }
  };
  const string = () => {
    expect("\"");
    while (at < text.length && text[at] !== "\"") {
      if (text.charCodeAt(at) < 0x20) fail();
      if (text[at] === "\\") {
        at += 1;
        if (text[at] === "u") {
          at += 1;
          for (let k = 0; k < 4; k += 1, at += 1) if (!/[0-9a-fA-F]/.test(text[at] || "")) fail();
          continue;
        }
        if (!"\"\\/bfnrt".includes(text[at] || "x")) fail();
      }
      at += 1;
    }
    expect("\"");
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at));
    if (!match || match[0] === "-") fail();
    at += match[0].length;
  };
  const value = () => {
    space();
    const char = text[at];
    if (char === "{") {
      at += 1;
      space();
      if (text[at] === "}") {
        at += 1;
        return;
      }
      for (;;) {
        space();
        string();
        space();
        expect(":");
        value();
        space();
        if (text[at] === ",") at += 1;
        else return expect("}");
      }
    } else if (char === "[") {
      at += 1;
      space();
      if (text[at] === "]") {
        at += 1;
        return;
      }
      for (;;) {
        value();
        space();
        if (text[at] === ",") at += 1;
        else return expect("]");
      }
    } else if (char === "\"") {
      string();
    } else if (char === "t") {
      expect("true");
    } else if (char === "f") {
      expect("false");
    } else if (char === "n") {
      expect("null");
    } else {
      number();
    }
  };
  try {
    value();
    space();
    // Something after a whole value.
    return at;
  } catch (offset) {
    return Math.min(offset, text.length);
  }
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
  // A record opens at its first move (the start, if it has none).
  replayer.at = Math.min(1, replayer.last());
  record.moves.slice(0, states.length - 1).forEach((token, index) => {
    const item = el("li", { "data-move": index + 1 }, el("span", { class: "move-number" }, `${index + 1}.`), " ",
      describeMove(token, states[index], states[index + 1], names));
    item.addEventListener("click", () => {
      replayer.go(index + 1);
      showInView(board);
    });
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
