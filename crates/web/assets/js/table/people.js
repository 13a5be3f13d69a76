// Between people at a table: who has left and for how long, ending a game
// without a clock as abandoned once the person it waits for has been away
// for the host's time, the host's invitation links (read again from the
// server while nobody has claimed them), and the rematch at the end.
//
// The panel reads the table's model (seats, status, the tokens held) and
// keeps what only it needs: the game's host and abandonment time from the
// view, the invitations, and the rematch offered. `draw` builds a part anew
// only when what it would show changed, and leaves the others in place, so
// that a copy's status, a selected link or the focus on one of its buttons
// survives the table's other updates.

import { keepToken, request, seatLink } from "../api.js";
import { copyField } from "../copy.js";
import { t } from "../i18n.js";
import { names } from "../names.js";
import { el } from "../page.js";
import { failure, refusal } from "../refusals.js";
import { mySeats } from "./model.js";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** `ms` in words: minutes under an hour, hours under two days, else days. */
export function duration(ms) {
  if (ms < HOUR) return t("duration-minutes", { count: Math.max(1, Math.floor(ms / MINUTE)) });
  if (ms < 2 * DAY) return t("duration-hours", { count: Math.floor(ms / HOUR) });
  return t("duration-days", { count: Math.floor(ms / DAY) });
}

/** Goes to another page of the site as its links do. */
function go(path) {
  history.pushState(null, "", path);
  window.dispatchEvent(new PopStateEvent("popstate"));
}

export class People {
  /** The panel of game `id` whose view (`GET /api/games/{id}`) is `view`;
   * `redraw()` asks the table to draw again (time passes, answers come). */
  constructor(id, view, redraw) {
    this.id = id;
    this.host = view.host;
    this.abandonAfter = view.abandon_after_s === null ? null : view.abandon_after_s * 1000;
    this.rematch = view.rematch;
    this.invitations = [];
    // The host's token the invitations were read with: a host who came
    // by their own link holds it only once the server has said its seat.
    this.readWith = null;
    this.error = null;
    this.redraw = redraw;
    this.element = el("section", { class: "people", "aria-label": t("people-label") });
    this.shown = null;
    // The node drawn for each part's key.
    this.nodes = new Map();
    this.connectedBefore = view.seats.map((seat) => seat.connected);
    // Away times are shown in minutes: drawn again every half minute, and
    // at the moment the game may be ended as abandoned.
    this.timer = setInterval(redraw, MINUTE / 2);
    this.wake = null;
  }

  stop() {
    clearInterval(this.timer);
    clearTimeout(this.wake);
  }

  /** Reads the invitations (again) for the host, while the game is going. */
  readInvitations(model) {
    const token = this.hostToken(model);
    if (!token || model.status === "over") return;
    this.readWith = token;
    request("GET", `/api/games/${this.id}/invitations`, { token })
      .then((answer) => {
        this.invitations = answer.invitations;
        this.redraw();
      })
      .catch((error) => {
        this.error = refusal("invitations", failure(error));
        this.redraw();
      });
  }

  hostToken(model) {
    return this.host === null || this.host === undefined ? null : model.held.seats[this.host] || null;
  }

  /** Takes in a message of the game's WebSocket. */
  observe(model, message) {
    if (message.type === "rematch") {
      this.rematch = message;
      return;
    }
    if (!message.seats) return;
    // Someone came: an invitation they claimed is no longer offered.
    const came = message.seats.some((seat, index) => seat.connected && !this.connectedBefore[index]);
    this.connectedBefore = message.seats.map((seat) => seat.connected);
    if (came && this.invitations.length > 0) this.readInvitations(model);
  }

  /** The panel for `model` at `now`, drawn again if it changed. */
  draw(model, now) {
    const host = this.hostToken(model);
    if (host && host !== this.readWith) this.readInvitations(model);
    const parts = this.parts(model, now);
    const key = JSON.stringify(parts.map((part) => part.key));
    if (key === this.shown) return;
    this.shown = key;
    // A part whose key is unchanged keeps its node, never taken out of the
    // page: the focus in it, a link selected for copying and a copy's
    // status stay when another part changes (a person comes or leaves,
    // the minutes away go on).
    const nodes = parts.map((part) => this.nodes.get(part.key) || part.node);
    this.nodes = new Map(parts.map((part, index) => [part.key, nodes[index]]));
    const wanted = new Set(nodes);
    for (const child of [...this.element.children]) if (!wanted.has(child)) child.remove();
    nodes.forEach((node, index) => {
      const present = this.element.children[index];
      if (present !== node) this.element.insertBefore(node, present || null);
    });
    this.element.hidden = parts.length === 0;
  }

  /** What the panel shows: each part with the key that says it changed. */
  parts(model, now) {
    const seatNames = names(model);
    const mine = mySeats(model);
    const parts = [];
    const live = model.status === "running" || model.status === "open";
    const state = model.latest;
    let waitingOn = null;
    if (live) {
      model.seats.forEach((seat, index) => {
        if (seat.away_ms === null || seat.away_ms === undefined || mine.includes(index)) return;
        const away = seat.away_ms + (now - model.seatsAt);
        if (index === state.to_act) waitingOn = { seat: index, away };
        const text = t("seat-away", { name: seatNames[index], time: duration(away) });
        parts.push({ key: `away:${index}:${text}`, node: el("p", { class: "away", "data-seat": index }, text) });
      });
    }
    if (live && waitingOn && this.abandonAfter !== null && mine.length > 0 && model.status === "running") {
      parts.push(this.abandonPart(model, waitingOn, seatNames[waitingOn.seat]));
    }
    const hostToken = this.hostToken(model);
    if (hostToken && live && this.invitations.length > 0) {
      const items = this.invitations.map((invitation) => {
        const name = invitation.name || seatNames[invitation.seat];
        return el("li", {}, el("span", {}, name), " ",
          copyField(seatLink(this.id, invitation.token), t("seat-link-of", { name }), `invitation:${invitation.seat}`));
      });
      parts.push({
        key: `invitations:${this.invitations.map((invitation) => invitation.seat).join(",")}`,
        node: el("div", { class: "invitations" }, el("h2", {}, t("invitations-title")),
          el("p", {}, t("invitations-explained")), el("ul", {}, items)),
      });
    }
    if (model.status === "over" && mine.length > 0) parts.push(this.rematchPart(model, mine, seatNames));
    if (this.error) parts.push({ key: `error:${this.error}`, node: el("p", { class: "error", role: "alert" }, this.error) });
    return parts;
  }

  /** Ending the game as abandoned: offered once the person it waits for
   * has been away for the host's time; until then, when it will be. */
  abandonPart(model, waitingOn, name) {
    const left = this.abandonAfter - waitingOn.away;
    if (left > 0) {
      clearTimeout(this.wake);
      this.wake = setTimeout(this.redraw, Math.min(left + 50, MINUTE / 2));
      const text = t("abandon-wait", { name, time: duration(left) });
      return { key: text, node: el("p", { class: "abandon-wait" }, text) };
    }
    const token = model.held.seats[mySeats(model)[0]];
    const button = el("button", { type: "button", class: "secondary", "data-focus": "abandon" }, t("abandon-game"));
    button.addEventListener("click", () => {
      button.disabled = true;
      request("POST", `/api/games/${this.id}/abandon`, { token }).catch((error) => {
        // The part stays drawn: its button is offered again.
        button.disabled = false;
        this.error = refusal("abandon", failure(error));
        this.redraw();
      });
    });
    return { key: "abandon", node: el("div", { class: "abandon" }, el("p", {}, t("abandon-allowed", { name })), button) };
  }

  /** The rematch: offered by a button, or joined when another offered it. */
  rematchPart(model, mine, seatNames) {
    const players = model.seats.length;
    const join = (game) => {
      for (const seat of mine) keepToken(game, (seat + 1) % players, model.held.seats[seat]);
      go(`/games/${game}`);
    };
    if (this.rematch) {
      const offer = this.rematch;
      const ours = mine.includes(offer.by);
      const button = el("button", { type: "button", class: "primary", "data-focus": "rematch-join" },
        ours ? t("rematch-go") : t("rematch-join"));
      button.addEventListener("click", () => join(offer.game));
      const text = ours ? t("rematch-yours") : t("rematch-offered", { name: seatNames[offer.by] });
      return { key: `rematch:${offer.game}`, node: el("div", { class: "rematch", role: "status" }, el("p", {}, text), button) };
    }
    const button = el("button", { type: "button", class: "primary", "data-focus": "rematch" }, t("rematch"));
    button.addEventListener("click", () => {
      button.disabled = true;
      request("POST", `/api/games/${this.id}/rematch`, { token: model.held.seats[mine[0]] })
        .then((answer) => join(answer.id))
        .catch((error) => {
          button.disabled = false;
          this.error = refusal("rematch", failure(error));
          this.redraw();
        });
    });
    return { key: "rematch", node: el("div", { class: "rematch" }, button) };
  }
}
