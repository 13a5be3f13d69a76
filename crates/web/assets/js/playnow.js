// "Play now" in the lobby (issue 67), for a signed-in person: pick a mode
// and a clock, wait in the server's pool (POST /api/pool, asked again every
// few seconds: the wait's heartbeat), and open the table at one's seat once
// paired. While waiting the section shows the time waited, who else waits
// and when the computer takes the empty seats, with "play the computer
// now" and "cancel". Leaving the page leaves the pool: the lobby's stop
// (another page of this client) and the browser's pagehide send DELETE;
// a page that could not say so stops asking, and the server forgets the
// wait.

import { keepToken, request } from "./api.js";
import { accountProblem } from "./account.js";
import { t } from "./i18n.js";
import { el } from "./page.js";

const MODES = ["2p", "3p", "teams"];
/** The clocks offered: a rated game always has one. */
const CLOCKS = {
  blitz: { initial_s: 300, increment_s: 5 },
  rapid: { initial_s: 900, increment_s: 10 },
  correspondence: { days_per_move: 2 },
};

/** Minutes and seconds, `m:ss`, of `ms` milliseconds. */
function clockText(ms) {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** Leaves the pool without waiting for an answer, also as the page goes
 * away (a fetch kept alive outlives the page). A page going away cannot
 * wait for an ask under way; should the server take that ask after the
 * leave, the wait it makes ends unasked-for 20 s later. */
function leavePool() {
  fetch("/api/pool", { method: "DELETE", keepalive: true, credentials: "same-origin" }).catch(() => {});
}

/** The lobby's "play now" section and its `stop` (which leaves the pool
 * if waiting). */
export function playNowSection(navigate) {
  const mode = el("select", { id: "playnow-mode", name: "playnow-mode" },
    ...MODES.map((key) => el("option", { value: key }, t(`playnow-mode-${key}`))));
  const clock = el("select", { id: "playnow-clock", name: "playnow-clock" },
    ...Object.keys(CLOCKS).map((key) => el("option", { value: key }, t(`playnow-clock-${key}`))));
  const start = el("button", { type: "submit", class: "primary", "data-action": "playnow" }, t("playnow-start"));
  const error = el("p", { class: "error", role: "alert", hidden: true });
  const choose = el("form", { class: "playnow-choose" },
    el("label", { class: "field" }, el("span", {}, t("playnow-mode")), mode),
    el("label", { class: "field" }, el("span", {}, t("playnow-clock")), clock),
    start);

  // What is waited for, in the pickers' words.
  const chosen = el("p", { class: "playnow-chosen muted" });
  const waited = el("p", { class: "playnow-waited", role: "timer", "aria-live": "off" });
  const others = el("p", { class: "playnow-others", "aria-live": "polite" });
  const range = el("p", { class: "playnow-range muted" });
  const computerIn = el("p", { class: "playnow-computer-in muted" });
  const computer = el("button", { type: "button", class: "secondary", "data-action": "playnow-computer" }, t("playnow-computer-now"));
  const cancel = el("button", { type: "button", class: "secondary", "data-action": "playnow-cancel" }, t("playnow-cancel"));
  const waiting = el("div", { class: "playnow-waiting", hidden: true, "aria-live": "polite" },
    el("p", { class: "playnow-status" }, t("playnow-looking")), chosen, waited, others, range, computerIn,
    el("div", { class: "playnow-actions" }, computer, cancel));
  const ready = el("p", { class: "playnow-ready", hidden: true });
  const section = el("section", { class: "playnow", id: "play-now", "aria-labelledby": "playnow-title" },
    el("h2", { id: "playnow-title" }, t("playnow-title")),
    el("p", {}, t("playnow-intro")),
    choose, waiting, ready, error);

  // What the wait is for, and the timers while it lasts.
  let asked = null;
  let heartbeat = null;
  let ticker = null;
  let stopped = false;
  // The moment, by this page's clock, the wait began, read off the
  // server's `waited_ms`; and the computer's moment likewise.
  let since = 0;
  let computerAt = 0;

  const stopTimers = () => {
    clearTimeout(heartbeat);
    clearInterval(ticker);
    heartbeat = null;
    ticker = null;
  };
  const onPageHide = () => {
    if (asked) leavePool();
  };
  window.addEventListener("pagehide", onPageHide);

  function showChoice() {
    asked = null;
    stopTimers();
    choose.hidden = false;
    waiting.hidden = true;
    start.disabled = false;
  }

  function tick() {
    const now = Date.now();
    waited.textContent = t("playnow-waited", { time: clockText(now - since) });
    computerIn.textContent = t("playnow-computer-in", { time: clockText(computerAt - now) });
  }

  /** Shows the server's answer: waiting (and asks again in time), paired
   * (the table opens at my seat), or out of the pool. */
  function show(answer) {
    if (stopped) return;
    if (answer.status === "paired") {
      stopTimers();
      asked = null;
      keepToken(answer.game, answer.seat, answer.token);
      navigate(`/games/${answer.game}`);
      return;
    }
    if (answer.status !== "waiting") {
      showChoice();
      return;
    }
    asked = { mode: answer.mode, clock: answer.clock };
    const clockKey = Object.keys(CLOCKS).find((key) => JSON.stringify(CLOCKS[key]) === JSON.stringify(answer.clock));
    chosen.textContent = [t(`playnow-mode-${answer.mode}`), clockKey ? t(`playnow-clock-${clockKey}`) : null].filter(Boolean).join(" · ");
    // The button pressed goes with the form: the keyboard's focus moves
    // to the wait's first choice instead of being lost.
    const focusLost = !choose.hidden && choose.contains(document.activeElement);
    choose.hidden = true;
    waiting.hidden = false;
    if (focusLost) computer.focus();
    since = Date.now() - answer.waited_ms;
    computerAt = Date.now() + answer.computer_in_ms;
    others.textContent = t("playnow-others", { count: answer.others });
    range.textContent = t("playnow-range", { range: answer.range, rating: answer.rating });
    tick();
    if (!ticker) ticker = setInterval(tick, 1000);
    clearTimeout(heartbeat);
    heartbeat = setTimeout(() => ask(false), answer.heartbeat_s * 1000);
  }

  // The ask under way, if any: leaving waits for it, so that the server
  // takes the leave after the last ask, not before (which would leave a
  // new wait behind).
  let inflight = Promise.resolve();

  function ask(computerNow) {
    if (!asked || stopped) return inflight;
    const mine = asked;
    error.hidden = true;
    inflight = request("POST", "/api/pool", { body: { ...mine, computer: computerNow } }).then(
      (answer) => {
        // An answer to a wait cancelled meanwhile is no news.
        if (asked === mine) show(answer);
      },
      (problem) => {
        if (asked !== mine || stopped) return;
        error.hidden = false;
        error.textContent = accountProblem(problem);
        // A moment's trouble (503, 429): the wait goes on, asked again.
        heartbeat = setTimeout(() => ask(false), 5000);
      },
    );
    return inflight;
  }

  /** Leaves the pool once the ask under way has been answered. */
  function leave() {
    return inflight.then(() => request("DELETE", "/api/pool"));
  }

  choose.addEventListener("submit", (event) => {
    event.preventDefault();
    start.disabled = true;
    asked = { mode: mode.value, clock: CLOCKS[clock.value] };
    ask(false);
  });
  computer.addEventListener("click", () => {
    computer.disabled = true;
    ask(true).finally(() => {
      computer.disabled = false;
    });
  });
  cancel.addEventListener("click", async () => {
    showChoice();
    start.focus();
    try {
      await leave();
    } catch (problem) {
      error.hidden = false;
      error.textContent = accountProblem(problem);
    }
  });

  // A wait begun before this page (a reload) goes on; a game made for me
  // a moment ago is offered.
  request("GET", "/api/pool").then((answer) => {
    if (stopped) return;
    if (answer.status === "waiting") show(answer);
    if (answer.status === "paired") {
      keepToken(answer.game, answer.seat, answer.token);
      ready.hidden = false;
      ready.replaceChildren(el("a", { href: `/games/${answer.game}`, class: "button primary" }, t("playnow-ready")));
    }
  }, () => {});

  return {
    section,
    stop() {
      stopped = true;
      stopTimers();
      window.removeEventListener("pagehide", onPageHide);
      if (asked) inflight.finally(leavePool);
    },
  };
}
