// A game's table (/games/{id}): the page's input and output around the
// pure model of table/model.js. Events (WebSocket messages, answers of the
// server, a person's picks) go through `update`; the effects it returns are
// carried out here; then each part of the table (table/ring.js,
// table/seats.js, table/controls.js, table/log.js, table/clocks.js) is
// drawn again if what it shows changed.
//
// The page keeps the record's moves and the state after each of them,
// both from the server: updates come over the WebSocket, the states for
// the log and the replay from `POST /api/replay`, and what each move of the
// emperor would do from `POST /api/outcomes`. The moves offered are exactly
// the state's `legal` list.
//
// Keyboard focus stays where the person put it: an element that can hold
// focus carries a `data-focus` key, and when drawing replaces the focused
// element, the focus moves to the new element with the same key, or to the
// next choice there is; what changed is said in a polite live region.

import { account } from "./account.js";
import { ApiError, forgetToken, heldTokens, keepPendingToken, keepToken, request, watchGame } from "./api.js";
import { language, t } from "./i18n.js";
import { el, showBanner, showInView } from "./page.js";
import { failure, refusal } from "./refusals.js";
import { familyLegend } from "./board.js";
import { Replayer } from "./replay.js";
import { describeMove } from "./words.js";
import { tickClocks } from "./table/clocks.js";
import { drawTools, drawTurn } from "./table/controls.js";
import { drawAnalysis, drawLog, highlightLog } from "./table/log.js";
import { initial, myTurn, record, shownState, start, update } from "./table/model.js";
import { drawLesson, keepLesson, markLesson, storedLesson } from "./table/lesson.js";
import { names } from "./names.js";
import { drawRing, markExplained, markLastMove } from "./table/ring.js";
import { People } from "./table/people.js";
import { RatingChanges } from "./table/ratings.js";
import { drawSeats, listenForDrags } from "./table/seats.js";

/** How a browser tab's title says that it is this person's turn. */
const TURN_MARK = "▶";

export async function showTable(main, id) {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const linked = fragment.get("token");
  if (linked) {
    keepPendingToken(id, linked);
    // The token stays on this device, not in the address bar where it
    // would be shared along with the page.
    history.replaceState(null, "", location.pathname + location.search);
  }
  let view;
  try {
    view = await request("GET", `/api/games/${id}`);
  } catch (error) {
    main.replaceChildren(el("section", { class: "notice" },
      el("h1", {}, t("game-not-found-title")),
      el("p", {}, error.status === 404 ? t("game-not-found", { id }) : refusal("game", failure(error))),
      el("p", {}, el("a", { href: "/" }, t("back-to-lobby")))));
    return null;
  }
  await seatsOfAccount(id);
  return new Table(main, id, view);
}

/** On a device that holds no token of game `id`, the signed-in person's
 * seats of it (GET /api/games/{id}/mine), kept like a seat link's token,
 * so that a game started elsewhere is played here too. */
async function seatsOfAccount(id) {
  const held = heldTokens(id);
  if (!account() || Object.keys(held.seats).length > 0 || held.pending.length > 0) return;
  try {
    const mine = await request("GET", `/api/games/${id}/mine`);
    for (const { seat, token } of mine.seats) keepToken(id, seat, token);
  } catch {
    // 404: no seat of it is this person's; they watch, as anyone may.
  }
}

/** The parts of the table, each drawn again only when what it reads changed. */
const PARTS = {
  ring: (m) => [shownState(m), m.selected, m.pending, m.outcomes, m.replayAt, m.seats, m.held, m.status, m.hint, m.previous],
  seats: (m) => [shownState(m), m.seats, m.held, m.selected, m.pending, m.chances, m.thinking, m.status, m.replayAt, m.hint, m.latest, m.moves.length],
  turn: (m) => [m.latest, m.status, m.pending, m.error, m.notice, m.hint, m.why, m.selected, m.outcomes, m.seats, m.held, m.thinking,
    m.replayAt],
  tools: (m) => [m.replayAt === null, m.held, m.seats, m.status, m.pending, m.moves.length, m.states.length],
  log: (m) => [m.moves, m.states, m.analysis, m.seats, m.status, m.latest, m.held, m.explained],
  analysis: (m) => [m.status, m.analysis, m.analysisError, m.replayAt, m.reviewOpen, m.states, m.seats],
  lesson: (m) => [m.lesson && m.lesson.step, m.lesson && m.lesson.error, m.lesson && m.lesson.at === m.moves.length, m.pending,
    m.replayAt, m.latest],
};

class Table {
  constructor(main, id, view) {
    this.main = main;
    this.model = initial(id, view, heldTokens(id), Date.now(), storedLesson(id));
    this.drawn = {};
    this.wasMyTurn = false;
    this.announced = null;
    this.sound = {
      on: () => localStorage.getItem("carolus.sound") === "on",
      set: (on) => {
        localStorage.setItem("carolus.sound", on ? "on" : "off");
        if (on && "Notification" in window && Notification.permission === "default") Notification.requestPermission();
      },
    };
    // Between people: who left, abandonment, invitations, the rematch.
    this.people = new People(id, view, () => {
      if (!this.stopped) this.render();
    });
    // A rated game's ratings, and their changes once it is over.
    this.ratings = new RatingChanges(id, view, () => {
      if (!this.stopped) this.render();
    });
    this.build();
    const held = this.model.held;
    const firstToken = Object.values(held.seats)[0] || held.pending[0];
    this.connection = watchGame(id, {
      since: () => ({ from: this.model.moves.length, takebacks: this.model.takebacks }),
      token: firstToken,
      onMessage: (message) => this.dispatch({ type: "message", message, at: Date.now() }),
      onConnection: (up) => {
        showBanner(up ? null : t("connection-lost"));
        this.dispatch({ type: "connection", up });
      },
    });
    this.clockTimer = setInterval(() => tickClocks(this.root, this.model, Date.now()), 1000);
    const [model, effects] = start(this.model);
    this.model = model;
    this.render();
    this.run(effects);
  }

  stop() {
    this.stopped = true;
    this.people.stop();
    this.ratings.stop();
    if (this.connection) this.connection.close();
    clearInterval(this.clockTimer);
    showBanner(null);
  }

  /** The table's frame, made once: the parts are drawn into it. */
  build() {
    const dispatch = (event) => this.dispatch(event);
    this.root = el("div", { class: "table" });
    this.boardArea = el("div", {});
    const boardArea = el("section", { class: "board-area", "aria-label": t("board-label") }, this.boardArea, familyLegend());
    this.replayBar = el("div", { class: "replay-bar" });
    this.turn = el("section", { class: "turn", tabindex: -1, "aria-label": t("turn-label") });
    this.live = el("p", { class: "visually-hidden", "aria-live": "polite", "data-live": "" });
    this.seatList = el("section", { class: "seats", "aria-label": t("players") });
    this.tools = el("div", { class: "tools" });
    this.logList = el("ol", { class: "log-list" });
    const log = el("section", { class: "log" }, el("h2", {}, t("game-log")), this.logList);
    this.analysisArea = el("section", { class: "analysis", hidden: true });
    // The guided game's lesson sits beside the board (above it on a
    // phone), never over what it points at.
    this.lessonPanel = el("section", { class: "lesson-panel", hidden: true, "aria-label": t("learn-title"), "aria-live": "polite" });
    const side = el("div", { class: "side" }, this.lessonPanel, this.turn, this.ratings.element, this.live, this.seatList, this.people.element, this.tools,
      this.analysisArea);
    this.root.append(el("div", { class: "play" }, boardArea, this.replayBar), side, log);
    listenForDrags(this.seatList, dispatch);
    this.replayer = new Replayer([], () => dispatch({ type: "replay-go", at: this.replayer.at }));
    this.main.replaceChildren(this.root);
  }

  dispatch(event) {
    if (this.stopped) return;
    if (event.type === "message") this.people.observe(this.model, event.message);
    const [model, effects] = update(this.model, event);
    this.model = model;
    this.render();
    this.run(effects);
  }

  /** Carries out `effects`: input and output, answered by more events. */
  run(effects) {
    for (const effect of effects) {
      switch (effect.type) {
        case "fetch-states":
          this.fetchStates();
          break;
        case "fetch-outcomes":
          request("POST", "/api/outcomes", { body: effect.record })
            .then((answer) => this.dispatch({ type: "outcomes", at: effect.at, outcomes: answer.outcomes }))
            .catch((error) => this.dispatch({ type: "outcomes-failed", at: effect.at, failure: failure(error) }));
          break;
        case "fetch-analysis":
          this.pollAnalysis();
          break;
        case "fetch-chances":
          request("GET", `/api/games/${this.model.id}/chances`)
            .then((answer) => this.dispatch({ type: "chances", at: effect.at, answer }))
            // The estimate is a nicety: without it the table is complete.
            .catch(() => {});
          break;
        case "fetch-hint":
          // The hint's reasons come in the reader's language.
          request("POST", `/api/games/${this.model.id}/hint?lang=${language()}`, { token: effect.token })
            .then((hint) => this.dispatch({ type: "hint", at: effect.at, hint }))
            .catch((error) => this.dispatch({ type: "hint-failed", failure: failure(error) }));
          break;
        case "fetch-explain":
          // The seats named as this page names them, so that the
          // sentences speak of the players the reader sees.
          request("POST", "/api/explain", { body: { record: { ...effect.record, names: names(this.model) }, move: effect.move, lang: language() } })
            .then((answer) => this.dispatch({ type: "explained", index: effect.index, answer }))
            .catch((error) => this.dispatch({ type: "explain-failed", index: effect.index, failure: failure(error) }));
          break;
        case "practice":
          // A new game from the position, this device holding the person's
          // seat; its table is a page of its own.
          request("POST", "/api/games/practice", { body: { record: effect.record, name: effect.name, level: effect.level } })
            .then((created) => {
              const seat = created.seats[0];
              keepToken(created.id, seat.seat, seat.token);
              location.assign(`/games/${created.id}`);
            })
            .catch((error) => this.dispatch({ type: "practice-failed", failure: failure(error) }));
          break;
        case "send":
          // The update over the WebSocket shows what the change did (if the
          // connection is down, it brings it when it is back).
          request("POST", `/api/games/${this.model.id}/${effect.path}`, { body: effect.body, token: effect.token })
            .catch((error) => this.dispatch({ type: "refused", action: effect.action, failure: failure(error), stale: isStale(error, effect.stale) }));
          break;
        case "claim":
          request("POST", `/api/games/${this.model.id}/seats/${effect.seat}`, { body: { name: effect.name } })
            .then((answer) => this.dispatch({ type: "claimed", seat: answer.seat, token: answer.token }))
            .catch((error) => this.dispatch({ type: "claim-failed", failure: failure(error) }));
          break;
        case "keep-token":
          keepToken(this.model.id, effect.seat, effect.token);
          break;
        case "fetch-lesson":
          request("POST", "/api/lessons/step", {
            body: { record: effect.record, progress: effect.progress, skip: effect.skip, lang: language() },
          })
            .then((answer) => this.dispatch(answer.error
              ? { type: "lesson-failed", failure: failure(null) }
              : { type: "lesson", at: effect.at, answer }))
            .catch((error) => this.dispatch({ type: "lesson-failed", failure: failure(error) }));
          break;
        case "keep-lesson":
          keepLesson(this.model.id, effect.progress);
          break;
        case "forget-tokens":
          for (const token of effect.tokens) forgetToken(this.model.id, token);
          break;
        case "authenticate":
          this.connection.authenticate(effect.token);
          break;
        case "reconnect":
          this.connection.reconnect();
          break;
        case "show-board":
          showInView(this.boardArea);
          break;
        case "focus-target": {
          const target = this.root.querySelector(".region.target, .court.target");
          if (target) target.focus({ preventScroll: true });
          break;
        }
        default:
          break;
      }
    }
  }

  /** Fetches the states the page lacks, one request at a time, so that
   * answers to updates in quick succession cannot overtake each other. */
  fetchStates() {
    this.filling = (this.filling || Promise.resolve()).then(async () => {
      const model = this.model;
      if (model.states.length === model.moves.length + 1) return;
      const from = Math.max(0, model.states.length - 1);
      try {
        const replay = await request("POST", `/api/replay?from=${from}`, { body: record(model) });
        this.dispatch({ type: "states", moves: model.moves.length, from, states: replay.states });
      } catch (error) {
        this.dispatch({ type: "states-failed", failure: failure(error) });
      }
    });
  }

  /** Asks for the computer's analysis of the finished game, again every
   * two seconds while it is being made. */
  async pollAnalysis() {
    for (let attempt = 0; attempt < 150 && !this.stopped; attempt += 1) {
      try {
        const answer = await request("GET", `/api/games/${this.model.id}/analysis`);
        if (answer && answer.decisions) {
          this.dispatch({ type: "analysis", answer });
          return;
        }
      } catch (error) {
        this.dispatch({ type: "analysis-failed", failure: failure(error) });
        return;
      }
      await new Promise((done) => setTimeout(done, 2000));
    }
  }

  // ---- Drawing -----------------------------------------------------------

  render() {
    const model = this.model;
    const dispatch = (event) => this.dispatch(event);
    const focus = this.focusBefore();
    const changed = (part) => {
      const inputs = PARTS[part](model);
      const before = this.drawn[part];
      if (before && before.length === inputs.length && before.every((value, k) => value === inputs[k])) return false;
      this.drawn[part] = inputs;
      return true;
    };
    if (changed("ring")) this.boardArea.replaceChildren(drawRing(model, dispatch));
    if (changed("seats")) keepInputs(this.seatList, drawSeats(model, dispatch, Date.now()));
    if (changed("turn")) this.turn.replaceChildren(...drawTurn(model, dispatch));
    if (changed("tools")) this.tools.replaceChildren(...drawTools(model, dispatch, this.sound));
    if (changed("log")) {
      this.logList.replaceChildren(...drawLog(model, dispatch));
      // The log scrolls within itself to its newest move; the page stays put.
      if (model.replayAt === null) this.logList.scrollTop = this.logList.scrollHeight;
    }
    if (changed("lesson")) {
      const lesson = drawLesson(model, dispatch);
      this.lessonPanel.hidden = lesson === null;
      // Whether the panel speaks of the position on the board (tests and
      // styles wait for it after a move).
      this.lessonPanel.dataset.current = String(Boolean(model.lesson && model.lesson.at === model.moves.length));
      this.lessonPanel.replaceChildren(...(lesson || []));
    }
    if (changed("analysis")) {
      const analysis = drawAnalysis(model, dispatch);
      this.analysisArea.hidden = analysis === null;
      this.analysisArea.replaceChildren(...(analysis || []));
    }
    this.people.draw(model, Date.now());
    this.ratings.draw(model.status === "over", names(model));
    highlightLog(this.logList, model);
    markLastMove(this.root, model);
    markExplained(this.root, model);
    markLesson(this.root, model);
    if (model.replayAt !== null) {
      this.replayer.extend(model.states);
      this.replayer.at = Math.min(model.replayAt, this.replayer.last());
      this.replayer.showIn(this.replayBar);
    } else {
      this.replayBar.replaceChildren();
    }
    this.restoreFocus(focus);
    this.announce();
    this.updateTitle();
  }

  /** What holds the focus in the table now: its key, and the element. */
  focusBefore() {
    const active = document.activeElement;
    if (!active || active === document.body || !this.root.contains(active)) return null;
    const keyed = active.closest("[data-focus]");
    return { element: active, key: keyed ? keyed.dataset.focus : null };
  }

  /** Puts the focus back where it was if drawing replaced that element:
   * on the element with the same key, else on the first choice offered,
   * else on the turn panel, never on the page's body. */
  restoreFocus(focus) {
    if (!focus || focus.element.isConnected) return;
    const same = focus.key && this.root.querySelector(`[data-focus="${CSS.escape(focus.key)}"]`);
    const next = same && !same.disabled ? same : this.root.querySelector(
      ".turn button:not([disabled]):not(.secondary), .seat-card.mine .choice, .region.target, .court.target");
    (next || this.turn).focus({ preventScroll: true });
  }

  /** Says the moves that arrived since the last time, in words, in the live region. */
  announce() {
    const model = this.model;
    const known = Math.min(model.moves.length, model.states.length - 1);
    if (this.announced === null) {
      if (known >= 0 && model.states.length > 0) this.announced = known;
      return;
    }
    if (known < this.announced) this.announced = known;
    if (known === this.announced) return;
    const seatNames = names(model);
    const said = [];
    for (let index = this.announced; index < known; index += 1) {
      said.push(describeMove(model.moves[index], model.states[index], model.states[index + 1], seatNames));
    }
    this.announced = known;
    this.live.textContent = said.join(" ");
  }

  updateTitle() {
    const mine = myTurn(this.model) && this.model.replayAt === null;
    document.title = mine ? `${TURN_MARK} ${t("your-turn")} · Carolus` : `${t("game-title", { id: this.model.id })} · Carolus`;
    if (mine && !this.wasMyTurn && this.sound.on()) announceTurn(t("your-turn"));
    this.wasMyTurn = mine;
  }
}

/** Whether a refusal came from a stale view, as the effect's `stale` rule says. */
function isStale(error, rule) {
  if (!(error instanceof ApiError) || error.status !== 409) return false;
  return rule === "any-conflict" || (rule === "conflict-with-length" && error.body.length !== undefined);
}

/** Replaces `container`'s children with `children`, keeping what was typed
 * into its text fields (matched by their `data-focus` keys). */
function keepInputs(container, children) {
  const typed = new Map();
  for (const input of container.querySelectorAll("input[type='text'][data-focus]")) typed.set(input.dataset.focus, input.value);
  container.replaceChildren(...children);
  for (const input of container.querySelectorAll("input[type='text'][data-focus]")) {
    if (typed.has(input.dataset.focus)) input.value = typed.get(input.dataset.focus);
  }
}

/** A short tone, and a notification when the page is not in view. */
function announceTurn(text) {
  try {
    const context = new AudioContext();
    const tone = context.createOscillator();
    const gain = context.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.4);
    tone.connect(gain).connect(context.destination);
    tone.start();
    tone.stop(context.currentTime + 0.4);
  } catch {
    // Without sound the title still says it.
  }
  if (document.hidden && "Notification" in window && Notification.permission === "granted") {
    new Notification("Carolus", { body: text });
  }
}
