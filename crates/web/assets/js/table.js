// A game's table (/games/{id}): the board, the players, what the person at
// this device may do now, the game log, and the replay of the game so far.
//
// The page keeps the record's moves and the state after each of them,
// both from the server: updates come over the WebSocket, the states for
// the log and the replay from `POST /api/replay`, and what each move of the
// emperor would do from `POST /api/outcomes`. The moves offered are exactly
// the state's `legal` list.

import { ApiError, forgetToken, heldTokens, keepPendingToken, keepToken, request, seatLink, watchGame } from "./api.js";
import { cube, drawBoard, drawSeat, familyName, regionKey, regionName, regionOf, seatColour } from "./board.js";
import { t } from "./i18n.js";
import { el, showBanner, svg } from "./page.js";
import { describeMove, describeResult, emperorOutcome } from "./words.js";
import { Replayer } from "./replay.js";
import { drawGraph, mistakeOf } from "./graph.js";

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
      el("p", {}, error.status === 404 ? t("game-not-found", { id }) : error.message),
      el("p", {}, el("a", { href: "/" }, t("back-to-lobby")))));
    return null;
  }
  const table = new Table(main, id, view);
  await table.start();
  return table;
}

class Table {
  constructor(main, id, view) {
    this.main = main;
    this.id = id;
    this.setup = view.record;
    this.moves = [...view.record.moves];
    this.states = [];
    this.latest = view.state;
    this.previous = null;
    this.status = view.status;
    this.seats = view.seats;
    this.seatsAt = Date.now();
    this.thinking = view.thinking;
    this.hints = view.hints;
    this.clock = view.clock;
    this.players = view.players;
    this.selected = null;
    this.outcomes = null;
    this.hint = null;
    this.error = null;
    this.pending = false;
    this.connected = false;
    this.replay = null;
    this.wasMyTurn = false;
    this.held = heldTokens(id);
    this.analysis = null;
    this.analysisAsked = false;
    this.chances = null;
    this.takeBackAllowed = view.take_back;
    this.takebacks = view.takebacks;
    this.notice = null;
  }

  async start() {
    await this.fillStates();
    const firstToken = Object.values(this.held.seats)[0] || this.held.pending[0];
    this.connection = watchGame(this.id, {
      since: () => ({ from: this.moves.length, takebacks: this.takebacks }),
      token: firstToken,
      onMessage: (message) => this.receive(message),
      onConnection: (up) => {
        this.connected = up;
        showBanner(up ? null : t("connection-lost"));
      },
    });
    this.clockTimer = setInterval(() => this.tickClocks(), 1000);
    this.render();
    this.loadAnalysis();
    this.loadChances();
  }

  /** For spectators of a running game: every seat's chance of winning
   * now, as the computer sees it. Players see the chances only once the
   * game is over, in its analysis. */
  async loadChances() {
    if (this.status !== "running" || this.mySeats().length > 0 || this.latest.legal.length === 0) return;
    const at = this.moves.length;
    try {
      const answer = await request("GET", `/api/games/${this.id}/chances`);
      if (this.moves.length !== at || this.stopped) return;
      this.chances = answer;
      this.renderSeats(this.shownState());
    } catch {
      // The estimate is a nicety: without it the table is complete.
    }
  }

  /** Once the game is over, asks for the computer's analysis, again
   * every two seconds while it is being made. */
  async loadAnalysis() {
    if (this.status !== "over" || this.analysisAsked) return;
    this.analysisAsked = true;
    for (let attempt = 0; attempt < 150 && !this.stopped; attempt += 1) {
      try {
        const answer = await request("GET", `/api/games/${this.id}/analysis`);
        if (answer && answer.decisions) {
          this.analysis = answer;
          this.renderAnalysis();
          this.renderLog();
          return;
        }
      } catch (error) {
        this.analysisError = error.message;
        this.renderAnalysis();
        return;
      }
      this.renderAnalysis();
      await new Promise((done) => setTimeout(done, 2000));
    }
  }

  stop() {
    this.stopped = true;
    if (this.connection) this.connection.close();
    clearInterval(this.clockTimer);
    showBanner(null);
  }

  /** The record as the server has it so far. */
  record() {
    return { ...this.setup, moves: this.moves };
  }

  /** Fetches the states the page lacks, one request at a time, so that
   * answers to updates in quick succession cannot overtake each other. */
  fillStates() {
    this.filling = (this.filling || Promise.resolve()).then(async () => {
      const from = Math.max(0, this.states.length - 1);
      if (this.states.length === this.moves.length + 1) return;
      try {
        const replay = await request("POST", `/api/replay?from=${from}`, { body: this.record() });
        this.states.splice(from, this.states.length - from, ...replay.states);
      } catch (error) {
        this.error = error.message;
      }
    });
    return this.filling;
  }

  names() {
    return this.seats.map((seat) => seat.name || t("open-seat"));
  }

  /** The seats whose tokens this device holds. */
  mySeats() {
    return Object.keys(this.held.seats).map(Number);
  }

  tokenToAct() {
    const seat = this.latest.to_act;
    return seat === null ? null : this.held.seats[seat] || null;
  }

  myTurn() {
    return this.status === "running" && this.tokenToAct() !== null && this.latest.legal.length > 0 &&
      !(this.seats[this.latest.to_act] || {}).timed_out;
  }

  async receive(message) {
    switch (message.type) {
      case "update": {
        const tookBack = message.takebacks !== this.takebacks;
        if (tookBack) {
          // The record was shortened (and this update goes on from where):
          // what this page had past that point is gone.
          this.moves.length = Math.min(this.moves.length, message.from);
          this.states.length = Math.min(this.states.length, this.moves.length + 1);
          this.takebacks = message.takebacks;
          this.latest = message.state;
          this.previous = null;
          this.notice = t("decision-taken-back");
        }
        const known = this.moves.length;
        if (message.from > known) {
          // A gap: ask again from what this page has.
          this.connection.reconnect();
          return;
        }
        const fresh = message.moves.slice(known - message.from);
        this.moves.push(...fresh);
        this.status = message.status;
        this.updateSeats(message.seats);
        this.thinking = message.thinking;
        if (fresh.length > 0 || message.from === known) {
          this.previous = tookBack ? null : this.latest;
          this.latest = message.state;
        }
        if (fresh.length > 0 && !tookBack) this.notice = null;
        if (fresh.length > 0 || tookBack) {
          this.selected = null;
          this.outcomes = null;
          this.hint = null;
          this.error = null;
          this.pending = false;
        }
        this.render();
        if (fresh.length > 0 || tookBack) {
          await this.fillStates();
          this.renderLog();
          if (this.replay) this.replay.extend(this.states);
        }
        await this.prepareChoices();
        this.loadAnalysis();
        if (fresh.length > 0) this.loadChances();
        break;
      }
      case "seats":
        this.status = message.status;
        this.updateSeats(message.seats);
        this.render();
        break;
      case "thinking":
        this.thinking = message.seat;
        this.renderTurn();
        break;
      case "auth":
        this.learnSeat(message.seat);
        this.render();
        await this.prepareChoices();
        break;
      case "error":
        if ((message.status === 401 || message.status === 403) && this.held.pending.length > 0) {
          // A seat's link whose token is not this game's: forget it, so
          // that the page does not offer it again.
          for (const token of this.held.pending) forgetToken(this.id, token);
          this.held = heldTokens(this.id);
        }
        this.error = message.error;
        this.pending = false;
        this.renderTurn();
        break;
      default:
        break;
    }
  }

  updateSeats(seats) {
    if (seats) {
      this.seats = seats;
      this.seatsAt = Date.now();
    }
  }

  /** The WebSocket named the seat of the token it was given. */
  learnSeat(seat) {
    const token = Object.values(this.held.seats)[0] || this.held.pending[0];
    if (token && this.held.seats[seat] !== token) {
      keepToken(this.id, seat, token);
      this.held = heldTokens(this.id);
    }
  }

  /** In the emperor's phase, asks the server what each move would do. */
  async prepareChoices() {
    if (!this.myTurn() || this.latest.phase !== "move" || this.outcomes) return;
    const at = this.moves.length;
    try {
      const answer = await request("POST", "/api/outcomes", { body: this.record() });
      if (this.moves.length !== at) return;
      this.outcomes = new Map(answer.outcomes.map((outcome) => [outcome.move, outcome.state]));
      this.render();
    } catch (error) {
      this.error = error.message;
      this.renderTurn();
    }
  }

  async play(token) {
    if (!this.latest.legal.includes(token)) return;
    // Any 409 to a move means the record moved on under it.
    await this.sendAsSeat("moves", { move: token, at: this.moves.length }, this.tokenToAct(),
      (error) => error.status === 409);
  }

  /** Sends a seat's change (`POST /api/games/{id}/{path}`) with its token;
   * the update over the WebSocket shows what it did (if the connection is
   * down, it brings it when it is back). A refusal that `isStale` says
   * came from a stale view is told as such, any other in the server's
   * words. */
  async sendAsSeat(path, body, seatToken, isStale) {
    if (this.pending || !seatToken) return;
    this.pending = true;
    this.error = null;
    this.renderTurn();
    try {
      await request("POST", `/api/games/${this.id}/${path}`, { body, token: seatToken });
    } catch (error) {
      this.pending = false;
      this.error = error instanceof ApiError && isStale(error) ? t("error-stale") : error.message;
      this.renderTurn();
    }
  }

  /** Whether this device may take back its last decision now: a game
   * against the computer that allows it, running, with a decision of this
   * device's seat in the record. */
  canTakeBack() {
    if (!this.takeBackAllowed || this.status !== "running" || this.replay) return false;
    const mine = new Set(this.mySeats());
    const known = Math.min(this.moves.length, this.states.length - 1);
    for (let ply = 0; ply < known; ply += 1) {
      if (!this.moves[ply].startsWith("draw ") && mine.has(this.states[ply].to_act)) return true;
    }
    return false;
  }

  async takeBack() {
    const seat = this.mySeats()[0];
    // A 409 with the record's length is a stale view; one without (no
    // decision to take back, the game over) is said as the server says it.
    await this.sendAsSeat("takeback", { at: this.moves.length }, seat === undefined ? null : this.held.seats[seat],
      (error) => error.status === 409 && error.body.length !== undefined);
  }

  takeBackButton() {
    if (!this.canTakeBack()) return null;
    const button = el("button", { type: "button", class: "secondary", "data-action": "take-back", disabled: this.pending },
      t("take-back"));
    button.addEventListener("click", () => this.takeBack());
    return button;
  }

  async askHint() {
    const seatToken = this.tokenToAct();
    if (!seatToken) return;
    try {
      this.hint = await request("POST", `/api/games/${this.id}/hint`, { token: seatToken });
    } catch (error) {
      this.error = error.message;
    }
    this.renderTurn();
  }

  async claim(seat, name) {
    try {
      const answer = await request("POST", `/api/games/${this.id}/seats/${seat}`, { body: { name } });
      keepToken(this.id, answer.seat, answer.token);
      this.held = heldTokens(this.id);
      this.connection.authenticate(answer.token);
    } catch (error) {
      this.error = error.message;
    }
    this.render();
  }

  // ---- Drawing -----------------------------------------------------------

  render() {
    if (!this.root) {
      this.root = el("div", { class: "table" });
      this.boardArea = el("section", { class: "board-area", "aria-label": t("board-label") });
      this.replayBar = el("div", { class: "replay-bar" });
      this.turn = el("section", { class: "turn", "aria-live": "polite" });
      this.seatList = el("section", { class: "seats", "aria-label": t("players") });
      this.tools = el("div", { class: "tools" });
      this.logList = el("ol", { class: "log-list" });
      const log = el("section", { class: "log" }, el("h2", {}, t("game-log")), this.logList);
      this.analysisArea = el("section", { class: "analysis", hidden: true });
      const side = el("div", { class: "side" }, this.turn, this.seatList, this.tools, this.analysisArea, log);
      this.root.append(el("div", { class: "play" }, this.boardArea, this.replayBar), side);
      this.seatList.addEventListener("pointerdown", (event) => this.startDrag(event));
      this.main.replaceChildren(this.root);
      this.renderLog();
    }
    const state = this.shownState();
    this.boardArea.replaceChildren(drawBoard(state, {
      names: this.names(),
      targets: this.replay ? new Map() : this.regionTargets(),
      onRegion: (index) => this.pickRegion(index),
      previous: this.replay ? null : this.previous,
    }));
    this.renderSeats(state);
    this.renderTurn();
    this.renderTools();
    this.renderReplayBar();
    this.renderAnalysis();
    this.updateTitle();
    this.previous = null;
  }

  renderAnalysis() {
    if (!this.analysisArea) return;
    if (this.status !== "over") {
      this.analysisArea.hidden = true;
      return;
    }
    this.analysisArea.hidden = false;
    const heading = el("h2", {}, t("analysis-title"));
    if (this.analysisError) {
      this.analysisArea.replaceChildren(heading, el("p", { class: "error" }, this.analysisError));
    } else if (!this.analysis) {
      this.analysisArea.replaceChildren(heading, el("p", { class: "muted" }, t("analysis-waiting")));
    } else {
      const at = this.replay ? this.replay.at : null;
      const graph = drawGraph(this.analysis, this.latest, this.names(), at, (moves) => {
        if (!this.replay) this.toggleReplay(moves);
        else this.replay.go(moves);
      });
      this.analysisArea.replaceChildren(heading, graph, el("p", { class: "muted" }, t("analysis-explained", { points: Math.round(this.analysis.mistake * 100) })));
    }
  }

  shownState() {
    return this.replay ? this.replay.state() : this.latest;
  }

  /** The regions the person may pick now, with what each choice means. */
  regionTargets() {
    const targets = new Map();
    if (!this.myTurn() || this.pending) return targets;
    const state = this.latest;
    if (state.phase === "place" && this.selected) {
      for (const token of state.legal) {
        const [, family, where] = token.split(" ");
        if (family !== this.selected || where === "court") continue;
        const index = regionOf(state, Number(where));
        targets.set(index, { badge: "+", label: t("place-in-region", { family: familyName(family), region: regionName(state.regions[index]) }) });
      }
    }
    if (state.phase === "move") {
      for (const { steps, index } of this.emperorChoices()) {
        if (targets.has(index)) continue;
        const after = this.outcomes && this.outcomes.get(`move ${steps}`);
        const outcome = after ? emperorOutcome(state, after, steps, this.names()) : "";
        targets.set(index, {
          badge: String(steps),
          label: `${t("move-emperor-to", { steps, region: regionName(state.regions[index]) })} ${outcome}`.trim(),
        });
      }
    }
    return targets;
  }

  emperorChoices() {
    const state = this.latest;
    return state.legal
      .filter((token) => token.startsWith("move "))
      .map((token) => Number(token.split(" ")[1]))
      .sort((a, b) => a - b)
      .map((steps) => ({ steps, index: (state.emperor + steps) % state.regions.length }));
  }

  pickRegion(index) {
    if (!this.myTurn()) return;
    const state = this.latest;
    if (state.phase === "place" && this.selected) {
      const token = `place ${this.selected} ${regionKey(state.regions[index])}`;
      if (state.legal.includes(token)) this.play(token);
    } else if (state.phase === "move") {
      const choice = this.emperorChoices().find((option) => option.index === index);
      if (choice) this.play(`move ${choice.steps}`);
    }
  }

  /**
   * Dragging a knight from the reserve: the knight is picked as by a
   * click, follows the pointer, and is placed where it is let go, if that
   * is a place it may go; anywhere else it stays picked.
   */
  startDrag(event) {
    const knight = event.target.closest(".seat-card.mine .knight.choice");
    if (!knight || event.button > 0) return;
    const family = knight.dataset.family;
    const start = { x: event.clientX, y: event.clientY };
    let ghost = null;
    const move = (moved) => {
      if (!ghost) {
        if (Math.hypot(moved.clientX - start.x, moved.clientY - start.y) < 8) return;
        this.selected = family;
        this.render();
        ghost = el("div", { class: "drag-ghost", "aria-hidden": "true" },
          svg("svg", { viewBox: "0 0 40 40", width: 36, height: 36 }, cube(family, 20, 20, 32)));
        document.body.append(ghost);
      }
      ghost.style.left = `${moved.clientX - 18}px`;
      ghost.style.top = `${moved.clientY - 18}px`;
    };
    const end = (ended) => {
      document.removeEventListener("pointermove", move);
      document.removeEventListener("pointerup", end);
      document.removeEventListener("pointercancel", end);
      if (!ghost) return;
      ghost.remove();
      // The click that ends a drag is not a second pick of the knight.
      this.suppressClick = true;
      setTimeout(() => { this.suppressClick = false; }, 0);
      const below = document.elementFromPoint(ended.clientX, ended.clientY);
      const region = below && below.closest(".region.target");
      const court = below && below.closest(".court.target");
      if (region) this.pickRegion(Number(region.dataset.index));
      else if (court) this.play(`place ${family} court`);
    };
    document.addEventListener("pointermove", move);
    document.addEventListener("pointerup", end);
    document.addEventListener("pointercancel", end);
  }

  renderSeats(state) {
    const names = this.names();
    const mine = this.mySeats();
    const live = !this.replay;
    const acting = live && this.myTurn() ? this.latest.to_act : null;
    const reserveChoices = new Set();
    const discChoices = new Set();
    if (acting !== null && !this.pending) {
      for (const token of this.latest.legal) {
        const [verb, word] = token.split(" ");
        if (verb === "place") reserveChoices.add(word);
        if (verb === "disc") discChoices.add(Number(word));
      }
    }
    const order = state.order;
    const cards = state.seats.map((_, seat) => {
      const info = this.seats[seat] || {};
      const toAct = state.to_act === seat && state.phase !== "over";
      const place = order.indexOf(seat) + 1;
      const header = el("header", {},
        el("span", { class: `swatch owner-${seatColour(state, seat)}`, title: t(`colour-${seatColour(state, seat)}`) }),
        el("span", { class: "seat-name" }, names[seat]),
        mine.includes(seat) ? el("span", { class: "tag you" }, t("you")) : null,
        info.ai ? el("span", { class: "tag" }, t("level-tag", { level: info.ai })) : null,
        el("span", { class: "tag order", title: t("order-place-title") }, t("order-place", { place })),
        el("span", { class: "castles", title: t("castles-title") }, t("castles-count", { count: state.seats[seat].castles, target: this.castleTarget() })),
        info.clock_ms !== null && info.clock_ms !== undefined ? el("span", { class: "clock", "data-clock": seat }, formatClock(this.clockOf(seat))) : null,
        info.timed_out ? el("span", { class: "tag warn" }, t("timed-out")) : null,
        live && this.chances && this.chances.at === this.moves.length && mine.length === 0
          ? el("span", { class: "tag chance", "data-chance": seat, title: t("chance-title", { level: this.chances.level }) },
            t("chance", { percent: Math.round(this.chances.win[seat] * 100) }))
          : null,
        !info.ai && !info.free && info.connected === false && this.status !== "over" ? el("span", { class: "tag muted" }, t("away")) : null,
        this.thinking === seat && live ? el("span", { class: "tag thinking" }, t("thinking")) : null);
      const card = el("article", {
        class: `seat-card${toAct ? " to-act" : ""}${mine.includes(seat) ? " mine" : ""}`,
        "data-seat": seat,
        "aria-current": toAct ? "true" : undefined,
      }, header);
      const isActor = seat === acting;
      card.append(drawSeat(state, seat, {
        name: names[seat],
        previous: live ? this.previous : null,
        reserveChoices: isActor && state.phase === "place" ? reserveChoices : null,
        selected: isActor ? this.selected : null,
        courtTarget: isActor && this.selected && this.latest.legal.includes(`place ${this.selected} court`),
        discChoices: isActor && state.phase === "disc" ? discChoices : null,
        onReserve: (family) => {
          if (this.suppressClick) return;
          this.selected = this.selected === family ? null : family;
          this.render();
          focusFirstTarget(this.root);
        },
        onCourt: () => this.play(`place ${this.selected} court`),
        onDisc: (disc) => this.play(`disc ${disc}`),
      }));
      if (info.free && live) {
        const name = el("input", { type: "text", maxlength: 40, placeholder: t("your-name"), "aria-label": t("your-name") });
        const form = el("form", { class: "claim" }, name, el("button", { type: "submit" }, t("take-seat")));
        form.addEventListener("submit", (event) => {
          event.preventDefault();
          this.claim(seat, name.value.trim() || t("guest"));
        });
        card.append(form);
      }
      return card;
    });
    this.seatList.replaceChildren(...cards);
  }

  castleTarget() {
    return this.players === 3 ? 8 : 10;
  }

  clockOf(seat) {
    const info = this.seats[seat];
    if (!info || info.clock_ms === null || info.clock_ms === undefined) return null;
    const running = this.status === "running" && this.latest.to_act === seat;
    return running ? Math.max(0, info.clock_ms - (Date.now() - this.seatsAt)) : info.clock_ms;
  }

  tickClocks() {
    for (const element of this.root ? this.root.querySelectorAll("[data-clock]") : []) {
      element.textContent = formatClock(this.clockOf(Number(element.dataset.clock)));
    }
  }

  renderTurn() {
    const state = this.latest;
    const names = this.names();
    const parts = [];
    if (this.replay) {
      parts.push(el("p", {}, t("replaying")));
    } else if (this.status === "open") {
      parts.push(el("p", {}, t("waiting-for-players")));
    } else if (state.phase === "over") {
      parts.push(el("p", { class: "result" }, describeResult(state, names)));
    } else if (this.myTurn()) {
      parts.push(...this.choices());
    } else if (state.to_act !== null) {
      const who = names[state.to_act];
      parts.push(el("p", {}, this.thinking === state.to_act ? t("computer-thinking", { name: who }) : t("waiting-for", { name: who })));
    }
    if (this.notice) parts.push(el("p", { class: "notice", role: "status" }, this.notice));
    parts.push(this.takeBackButton());
    if (this.hint) {
      parts.push(el("p", { class: "hint" }, t("hint-says", {
        move: this.hint.move,
        chances: this.hint.win.map((win, seat) => `${names[seat]} ${Math.round(win * 100)}%`).join(", "),
      })));
    }
    if (this.error) parts.push(el("p", { class: "error", role: "alert" }, this.error));
    this.turn.replaceChildren(...parts.filter(Boolean));
  }

  /** What the person may do now, in words and buttons. */
  choices() {
    const state = this.latest;
    const legal = state.legal;
    const you = this.names()[state.to_act];
    const heading = el("h2", {}, this.mySeats().length > 1 ? t("turn-of", { name: you }) : t("your-turn"));
    const buttons = (tokens, label) => el("div", { class: "choice-row" }, tokens.map((token) => {
      const button = el("button", { type: "button", disabled: this.pending }, label(token));
      button.addEventListener("click", () => this.play(token));
      return button;
    }));
    switch (state.phase) {
      case "joker": {
        const tokens = legal.filter((token) => token.startsWith("joker "));
        return [heading, el("p", {}, t("prompt-joker", { count: state.seats[state.to_act].jokers })),
          buttons(tokens, (token) => familyButton(token.split(" ")[1]))];
      }
      case "disc": {
        const tokens = legal.filter((token) => token.startsWith("disc "));
        return [heading, el("p", {}, t("prompt-disc")), buttons(tokens, (token) => t("disc-button", { disc: Number(token.split(" ")[1]) }))];
      }
      case "place": {
        const prompt = this.selected
          ? t("prompt-place-where", { family: familyName(this.selected) })
          : t("prompt-place", { count: state.to_place });
        return [heading, el("p", {}, prompt), this.hintButton()];
      }
      case "move": {
        const rows = this.emperorChoices().map(({ steps, index }) => {
          const after = this.outcomes && this.outcomes.get(`move ${steps}`);
          const what = after ? emperorOutcome(state, after, steps, this.names()) : "";
          const button = el("button", { type: "button", class: "move-choice", disabled: this.pending, "data-steps": steps },
            el("strong", {}, t("move-emperor-to", { steps, region: regionName(state.regions[index]) })), " ", what);
          button.addEventListener("click", () => this.play(`move ${steps}`));
          return button;
        });
        return [heading, el("p", {}, t("prompt-move", { disc: state.seats[state.to_act].disc })), el("div", { class: "choice-list" }, rows), this.hintButton()];
      }
      default:
        return [heading];
    }
  }

  hintButton() {
    if (!this.hints) return null;
    const button = el("button", { type: "button", class: "secondary" }, t("ask-hint"));
    button.addEventListener("click", () => this.askHint());
    return button;
  }

  renderTools() {
    const download = el("a", { href: `/api/games/${this.id}/record`, download: `carolus-${this.id}.json` }, t("download-record"));
    const replay = el("button", { type: "button", class: "secondary" }, this.replay ? t("back-to-game") : t("replay-game"));
    replay.addEventListener("click", () => this.toggleReplay());
    const sound = el("label", { class: "toggle" }, el("input", { type: "checkbox", checked: soundOn() }), t("sound"));
    sound.querySelector("input").addEventListener("change", (event) => {
      localStorage.setItem("carolus.sound", event.target.checked ? "on" : "off");
      if (event.target.checked && "Notification" in window && Notification.permission === "default") {
        Notification.requestPermission();
      }
    });
    const links = this.mySeats().map((seat) => {
      const button = el("button", { type: "button", class: "secondary" }, t("copy-seat-link", { name: this.names()[seat] }));
      button.addEventListener("click", async () => {
        const link = seatLink(this.id, this.held.seats[seat]);
        try {
          await navigator.clipboard.writeText(link);
          button.textContent = t("copied");
        } catch {
          window.prompt(t("copy-seat-link", { name: this.names()[seat] }), link);
        }
      });
      return button;
    });
    this.tools.replaceChildren(replay, download, sound, ...links);
  }

  renderLog() {
    if (!this.logList) return;
    const names = this.names();
    const decisions = new Map((this.analysis ? this.analysis.decisions : []).map((d) => [d.index, d]));
    const items = this.moves.map((token, index) => {
      const before = this.states[index];
      const after = this.states[index + 1];
      const text = before ? describeMove(token, before, after, names) : token;
      const decision = decisions.get(index + 1);
      const mark = decision && mistakeOf(decision, this.analysis);
      const item = el("li", { "data-move": index + 1, class: token.startsWith("draw ") ? "chance" : undefined },
        el("span", { class: "move-number" }, `${index + 1}.`), " ", text,
        mark ? el("span", {
          class: `mistake${mark === "??" ? " blunder" : ""}`,
          title: t("mistake-title", { name: names[decision.seat], move: decision.played, best: decision.best, cost: Math.round(decision.cost * 100) }),
        }, ` ${mark}`) : null);
      item.addEventListener("click", () => {
        if (!this.replay) this.toggleReplay(index + 1);
        else this.replay.go(index + 1);
      });
      return item;
    });
    this.logList.replaceChildren(...items);
    this.highlightLog();
    // The log scrolls within itself to its newest move; the page stays put.
    if (!this.replay) this.logList.scrollTop = this.logList.scrollHeight;
  }

  highlightLog() {
    const at = this.replay ? this.replay.at : this.moves.length;
    for (const item of this.logList.children) {
      item.classList.toggle("current", Number(item.dataset.move) === at);
    }
  }

  toggleReplay(at) {
    if (this.replay) {
      this.replay = null;
    } else {
      this.replay = new Replayer(this.states, () => {
        this.render();
        this.highlightLog();
      });
      this.replay.go(at ?? this.moves.length);
    }
    this.render();
    this.highlightLog();
  }

  renderReplayBar() {
    if (this.replay) this.replay.showIn(this.replayBar);
    else this.replayBar.replaceChildren();
  }

  updateTitle() {
    const mine = this.myTurn() && !this.replay;
    document.title = mine ? `${TURN_MARK} ${t("your-turn")} · Carolus` : `${t("game-title", { id: this.id })} · Carolus`;
    if (mine && !this.wasMyTurn) announceTurn(t("your-turn"));
    this.wasMyTurn = mine;
  }
}

function focusFirstTarget(root) {
  const target = root.querySelector(".region.target, .court.target");
  if (target) target.focus();
}

function familyButton(family) {
  const picture = svg("svg", { viewBox: "0 0 40 40", width: 24, height: 24, "aria-hidden": "true" }, cube(family, 20, 20, 30));
  return el("span", { class: "family-choice" }, picture, " ", familyName(family));
}

export function formatClock(ms) {
  if (ms === null || ms === undefined) return "";
  const seconds = Math.ceil(ms / 1000);
  if (seconds >= 86400) return t("clock-days", { days: Math.floor(seconds / 86400), hours: Math.floor((seconds % 86400) / 3600) });
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

function soundOn() {
  return localStorage.getItem("carolus.sound") === "on";
}

/** A short tone, and a notification when the page is not in view. */
function announceTurn(text) {
  if (!soundOn()) return;
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
