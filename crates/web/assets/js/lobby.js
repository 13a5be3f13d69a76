// The lobby (/): start a game, join an open one, watch a running one,
// replay a finished one, or open a record from a file. One's own games
// (those whose seat tokens this browser holds) are listed apart, to
// resume; games with invited seats are private, and only their players
// see them here.

import { account } from "./account.js";
import { heldGames, keepToken, request, seatLink } from "./api.js";
import { copyField } from "./copy.js";
import { t } from "./i18n.js";
import { seatName } from "./names.js";
import { el } from "./page.js";
import { gameNames } from "./profile.js";
import { ratedProblem } from "./ratings.js";
import { failure, refusal } from "./refusals.js";
import { lessonGame } from "./table/lesson.js";
import { playNowSection } from "./playnow.js";

const KINDS = ["here", "invite", "open", "computer"];
const CLOCKS = {
  none: null,
  blitz: { initial_s: 600, increment_s: 10 },
  long: { initial_s: 1800, increment_s: 30 },
  correspondence: { days_per_move: 2 },
};

/** The choices of how long a person may be away from a game without a
 * clock before the others may end it as abandoned, in days. */
const ABANDON_DAYS = [1, 3, 7];
const DAY_S = 24 * 3600;

/** How often the lobby's lists are read again, so that a game someone
 * opened meanwhile shows up without a reload. */
const REFRESH_MS = 10000;

export function showLobby(main, navigate) {
  const form = createForm(navigate);
  const lists = el("div", { class: "game-lists" });
  // "Play now" (playnow.js) is for people signed in: their games are rated.
  const playNow = account() ? playNowSection(navigate) : null;
  main.replaceChildren(el("div", { class: "lobby" },
    el("section", { class: "intro" }, el("h1", {}, t("lobby-title")), el("p", {}, t("lobby-intro")), learnOffer()),
    playNow && playNow.section, form, lists));
  const draw = () => {
    const own = heldGames();
    const onAccount = accountGames();
    lists.replaceChildren(onAccount.section, ownGames(own, onAccount.ids), ...["open", "running", "over"].map((status) => gameList(status, own)));
  };
  draw();
  // Only the first pages are read again; a person who asked for more
  // keeps what they see.
  const timer = setInterval(() => {
    if (!lists.querySelector(".more-shown")) draw();
  }, REFRESH_MS);
  return {
    stop: () => {
      clearInterval(timer);
      if (playNow) playNow.stop();
    },
  };
}

/** Whether this device has never played here: it keeps no game's tokens. */
function firstVisit() {
  for (let index = 0; index < localStorage.length; index += 1) {
    if ((localStorage.key(index) || "").startsWith("carolus.game.")) return false;
  }
  return true;
}

/** The guided first game: offered to a first-time visitor, and a way back
 * into one this device left. */
function learnOffer() {
  const kept = lessonGame();
  if (kept) {
    return el("p", { class: "learn-offer" }, el("a", { href: "/learn", class: "button secondary", "data-action": "learn-resume" }, t("learn-resume")));
  }
  if (!firstVisit()) return null;
  return el("div", { class: "learn-offer" }, el("p", {}, t("learn-offer")),
    el("a", { href: "/learn", class: "button primary", "data-action": "learn" }, t("learn-start")));
}

function createForm(navigate) {
  const players = el("select", { id: "players", name: "players" },
    el("option", { value: "2" }, t("players-2")),
    el("option", { value: "3" }, t("players-3")),
    el("option", { value: "4" }, t("players-4")));
  const seatRows = el("div", { class: "seat-rows" });
  // Hints are on against the computer, where they teach; a person may
  // turn them off.
  const hints = el("input", { type: "checkbox", id: "hints", name: "hints", checked: true });
  const clock = el("select", { id: "clock", name: "clock" },
    ...Object.keys(CLOCKS).map((key) => el("option", { value: key }, t(`clock-${key}`))));
  const abandon = el("select", { id: "abandon-after", name: "abandon-after" },
    ...ABANDON_DAYS.map((days) => el("option", { value: days, selected: days === 3 }, t("abandon-after-days", { days }))));
  // Only a game without a clock is ever abandoned: with one, a seat whose
  // time runs out is played by the computer.
  const abandonField = el("label", { class: "field" }, el("span", {}, t("abandon-after")), abandon);
  clock.addEventListener("change", () => {
    abandonField.hidden = CLOCKS[clock.value] !== null;
  });
  const error = el("p", { class: "error", role: "alert", hidden: true });
  const submit = el("button", { type: "submit", class: "primary" }, t("start-game"));
  const invites = el("div", { class: "invites" });

  function drawSeats() {
    const count = Number(players.value);
    const previous = [...seatRows.children].map(readSeatRow);
    seatRows.replaceChildren(...Array.from({ length: count }, (_, seat) => seatRow(seat, count, previous[seat])));
  }
  players.addEventListener("change", drawSeats);
  drawSeats();
  const rated = ratedChoice(clock, seatRows);
  players.addEventListener("change", rated.enforce);

  const form = el("form", { class: "create", "aria-labelledby": "create-title" },
    el("h2", { id: "create-title" }, t("new-game")),
    el("label", { class: "field" }, el("span", {}, t("players")), players),
    seatRows,
    el("label", { class: "field" }, el("span", {}, t("clock")), clock),
    abandonField,
    el("label", { class: "toggle" }, hints, t("hints-allowed")),
    rated.element,
    submit, error, invites);

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.hidden = true;
    const count = Number(players.value);
    const rows = [...seatRows.children].map(readSeatRow);
    const seats = rows.map((row, seat) => {
      // Computers are left unnamed: the server names them, and every page
      // shows that name in its reader's language, with the seat's number
      // so that two of them at one table can be told apart.
      if (row.kind === "computer") return { ai: row.level };
      if (row.kind === "open") return { open: true };
      if (row.kind === "invite") return { name: row.name || t("guest"), invited: true };
      return { name: row.name || t("player-n", { seat }) };
    });
    const body = { players: count, seats, hints: hints.checked };
    if (!CLOCKS[clock.value]) body.abandon_after_s = Number(abandon.value) * DAY_S;
    if (count === 4) body.variant = { teams: true };
    if (CLOCKS[clock.value]) body.clock = CLOCKS[clock.value];
    if (rated.checked()) ratedBody(body, rows);
    submit.disabled = true;
    try {
      const created = await request("POST", "/api/games", { body });
      const links = [];
      for (const { seat, token } of created.seats) {
        if (rows[seat].kind === "here") keepToken(created.id, seat, token);
        else links.push({ seat, name: seats[seat].name, link: seatLink(created.id, token) });
      }

      if (links.length === 0) {
        navigate(`/games/${created.id}`);
        return;
      }
      // Links for the people invited: the host reads them again at the
      // table until each is claimed.
      const go = el("button", { type: "button", class: "primary" }, t("go-to-table"));
      go.addEventListener("click", () => navigate(`/games/${created.id}`));
      invites.replaceChildren(el("h3", {}, t("invite-links")), el("p", {}, t("invite-explained")),
        el("ul", {}, links.map(({ seat, name, link }) => el("li", {},
          el("span", {}, name), " ", copyField(link, t("seat-link-of", { name }), `invite:${seat}`)))),
        go);
    } catch (problem) {
      error.hidden = false;
      error.textContent = (body.rated && ratedProblem(problem)) || refusal("create", failure(problem));
    } finally {
      submit.disabled = false;
    }
  });
  return form;
}

// ---- Rated games (API.md, "Ratings") --------------------------------------
// A signed-in person may make the game rated. A rated game needs a clock;
// every person's seat must end up an account's, so only the creator's own
// seat is named (played here) and the others are the computer's or open
// to people who sign in; nobody takes decisions back. The form says so
// and keeps to it: the choices a rated game cannot have are disabled.

/** The "rated" choice under the form: `element` (null without an
 * account: a link to sign in instead), `checked()`, and `enforce()`,
 * which makes the clock and the seats what a rated game needs. */
function ratedChoice(clock, seatRows) {
  if (!account()) {
    return {
      element: el("p", { class: "muted rated-sign-in" }, el("a", { href: "/account" }, t("lobby-rated-sign-in"))),
      checked: () => false,
      enforce: () => {},
    };
  }
  const box = el("input", { type: "checkbox", id: "rated", name: "rated", "aria-describedby": "rated-explained" });
  const explained = el("p", { class: "muted rated-explained", id: "rated-explained", hidden: true }, t("lobby-rated-explained"));
  const enforce = () => enforceRated(box.checked, clock, seatRows);
  box.addEventListener("change", () => {
    explained.hidden = !box.checked;
    enforce();
  });
  // A seat's kind changed: a second seat played here becomes open.
  seatRows.addEventListener("change", (event) => {
    if (event.target.classList.contains("seat-kind")) enforce();
  });
  return {
    element: el("div", { class: "rated-choice" }, el("label", { class: "toggle" }, box, t("lobby-rated")), explained),
    checked: () => box.checked,
    enforce,
  };
}

/** Sets a select to `value` as a person would, so that what follows its
 * changes (the seat's fields, the abandonment field) follows. */
function choose(select, value) {
  select.value = value;
  select.dispatchEvent(new Event("change"));
}

/** The clock and seats a rated game needs (or, with `rated` false, every
 * choice again): a clock; no invited seat; one seat played here at most. */
function enforceRated(rated, clock, seatRows) {
  clock.querySelector("option[value='none']").disabled = rated;
  if (rated && CLOCKS[clock.value] === null) choose(clock, "blitz");
  const kinds = [...seatRows.querySelectorAll(".seat-kind")];
  let here = null;
  for (const kind of kinds) {
    kind.querySelector("option[value='invite']").disabled = rated;
    if (rated && kind.value === "invite") choose(kind, "open");
    if (rated && kind.value === "here") {
      if (here) choose(kind, "open");
      else here = kind;
    }
  }
  for (const kind of kinds) kind.querySelector("option[value='here']").disabled = rated && here !== null && kind !== here;
}

/** Makes `body` a rated game's: the seat played here is the account's,
 * named as the account unless a name was typed. */
function ratedBody(body, rows) {
  body.rated = true;
  rows.forEach((row, seat) => {
    if (row.kind === "here" && !row.name) body.seats[seat].name = account().name;
  });
}

function seatRow(seat, count, previous) {
  const kind = el("select", { class: "seat-kind", "aria-label": t("seat-kind-of", { seat }) },
    ...KINDS.map((value) => el("option", { value }, t(`seat-kind-${value}`))));
  const name = el("input", { type: "text", class: "seat-name-input", maxlength: 40, "aria-label": t("seat-name-of", { seat }), placeholder: t("player-n", { seat }) });
  const level = el("select", { class: "seat-level", "aria-label": t("seat-level-of", { seat }) },
    ...[1, 2, 3, 4, 5].map((n) => el("option", { value: n }, t(`level-${n}`))));
  kind.value = previous ? previous.kind : seat === 0 ? "here" : "computer";
  level.value = previous ? String(previous.level) : "3";
  name.value = previous ? previous.name : "";
  const team = count === 4 ? el("span", { class: "tag" }, t("team-of", { team: seat % 2 === 0 ? "A" : "B" })) : null;
  const row = el("div", { class: "seat-row", "data-seat": seat }, el("span", { class: "seat-number" }, t("seat-n", { seat })), team, kind, name, level);
  const sync = () => {
    name.hidden = kind.value === "computer" || kind.value === "open";
    level.hidden = kind.value !== "computer";
  };
  kind.addEventListener("change", sync);
  sync();
  return row;
}

function readSeatRow(row) {
  return {
    kind: row.querySelector(".seat-kind").value,
    name: row.querySelector(".seat-name-input").value.trim(),
    level: Number(row.querySelector(".seat-level").value),
  };
}

/** The signed-in person's games on every device (GET /api/me/games): those
 * waiting for them first, then the others in play, then finished ones;
 * the page's title counts those waiting. */
function accountGames() {
  if (!account()) {
    document.title = "Carolus";
    return { section: null, ids: Promise.resolve(new Set()) };
  }
  const list = el("ul", { class: "games" });
  const section = el("section", { class: "game-list list-account", id: "my-games", "aria-labelledby": "my-games-title" },
    el("h2", { id: "my-games-title" }, t("account-my-games")), list);
  const answer = request("GET", "/api/me/games");
  answer
    .then(async (mine) => {
      document.title = mine.waiting > 0 ? `(${mine.waiting}) Carolus` : "Carolus";
      const names = await gameNames(mine.games.map((game) => game.id));
      if (mine.games.length === 0) list.append(el("li", { class: "muted" }, t("account-no-games")));
      for (const game of mine.games) {
        const tag = game.my_turn ? "account-game-your-turn" : game.status === "over" ? "action-replay" : "action-resume";
        list.append(el("li", { "data-game": game.id, class: game.my_turn ? "my-turn" : null },
          el("a", { href: `/games/${game.id}`, class: "game-link" }, names.get(game.id) || t("game-title", { id: game.id })), " ",
          el("span", { class: "muted" }, t("game-moves", { count: game.length })), " ",
          el("span", { class: game.my_turn ? "tag tag-turn" : "tag" }, t(tag))));
      }
    })
    .catch((problem) => list.append(el("li", { class: "error" }, refusal("list", failure(problem)))));
  // The games listed here are not listed again as this browser's.
  const ids = answer.then((mine) => new Set(mine.games.map((game) => game.id)), () => new Set());
  return { section, ids };
}

/** This browser's own games (`ids`, from their tokens), to resume or
 * replay, but for those the account lists (`listed`, a promise of a set):
 * read by their ids, for private games are in no other list. */
function ownGames(ids, listed) {
  const section = el("section", { class: "game-list list-mine", hidden: true }, el("h2", {}, t("games-mine")));
  if (ids.length === 0) return section;
  const list = el("ul", { class: "games" });
  section.append(list);
  Promise.all([request("GET", `/api/games?ids=${ids.slice(-100).join(",")}`), listed])
    .then(([page, mine]) => {
      const games = page.games.filter((game) => !mine.has(game.id));
      for (const game of games) list.append(gameItem(game, game.status === "over" ? "replay" : "resume"));
      section.hidden = games.length === 0;
      // Read, for whoever waits on the list (the browser tests).
      section.dataset.loaded = "";
    })
    .catch((problem) => {
      section.hidden = false;
      list.append(el("li", { class: "error" }, refusal("list", failure(problem))));
    });
  return section;
}

function gameList(status, own) {
  const list = el("ul", { class: "games" });
  const more = el("button", { type: "button", class: "secondary", hidden: true }, t("more-games"));
  const section = el("section", { class: `game-list list-${status}` }, el("h2", {}, t(`games-${status}`)), list, more);
  let next = null;

  async function load() {
    try {
      const query = `status=${status}&limit=10${next ? `&before=${encodeURIComponent(next)}` : ""}`;
      const page = await request("GET", `/api/games?${query}`);
      // One's own games are in the list of one's own, not here.
      for (const game of page.games) if (!own.includes(game.id)) list.append(gameItem(game));
      if (list.children.length === 0) list.append(el("li", { class: "muted" }, t(`no-games-${status}`)));
      next = page.next || null;
      more.hidden = !next;
    } catch (problem) {
      list.append(el("li", { class: "error" }, refusal("list", failure(problem))));
    }
  }
  more.addEventListener("click", () => {
    section.classList.add("more-shown");
    load();
  });
  load();
  return section;
}

function gameItem(game, own = null) {
  const names = game.names.map((name, seat) => seatName({ name, ai: game.ai[seat] }, seat));
  const action = own || { open: "join", running: "watch", over: "replay" }[game.status];
  const link = el("a", { href: `/games/${game.id}`, class: "game-link" }, names.join(game.teams ? " · " : " – "));
  return el("li", { "data-game": game.id }, link, " ",
    el("span", { class: "muted" }, t("game-moves", { count: game.length })), " ",
    el("span", { class: "tag" }, t(`action-${action}`)));
}
