// The leaderboard (/leaderboard?mode=2p|3p|teams): a mode's best players
// as the server ranks them (`GET /api/leaderboard`, by mean − 3σ, so that
// a newcomer's lucky first games do not put them on top), each name a link
// to the player's profile. The modes are links, so that each list has an
// address of its own and the browser's back button goes between them.

import { request } from "./api.js";
import { accountProblem } from "./account.js";
import { t } from "./i18n.js";
import { el } from "./page.js";
import { MODES, modeName, shownRating } from "./ratings.js";

export async function showLeaderboard(main) {
  const asked = new URLSearchParams(location.search).get("mode");
  const mode = MODES.includes(asked) ? asked : MODES[0];
  const modes = el("nav", { class: "leaderboard-modes", "aria-label": t("leaderboard-modes") },
    MODES.map((each) => el("a", {
      href: `/leaderboard?mode=${each}`,
      class: "button secondary",
      "data-mode": each,
      "aria-current": each === mode ? "page" : null,
    }, modeName(each))));
  const body = el("div", { class: "leaderboard-body", "aria-live": "polite" }, el("p", { class: "muted" }, t("leaderboard-loading")));
  main.replaceChildren(el("div", { class: "leaderboard" },
    el("h1", {}, t("leaderboard-title")),
    el("p", { class: "muted" }, t("leaderboard-intro")),
    modes, body));
  let board;
  try {
    board = await request("GET", `/api/leaderboard?mode=${mode}`);
  } catch (problem) {
    body.replaceChildren(el("p", { class: "error", role: "alert" }, accountProblem(problem)));
    return;
  }
  if (board.players.length === 0) {
    body.replaceChildren(el("p", { class: "muted leaderboard-empty" }, t("leaderboard-empty", { mode: modeName(mode) })));
    return;
  }
  // Names are text (`el` sets text, never markup) and links are built
  // with the name encoded, whatever it holds.
  body.replaceChildren(el("table", { class: "leaderboard-table", "data-mode": mode },
    el("caption", {}, t("leaderboard-caption", { mode: modeName(mode) })),
    el("thead", {}, el("tr", {},
      el("th", { scope: "col" }, t("leaderboard-rank")),
      el("th", { scope: "col" }, t("leaderboard-player")),
      el("th", { scope: "col" }, t("leaderboard-rating")),
      el("th", { scope: "col" }, t("leaderboard-games")))),
    el("tbody", {}, board.players.map((player) => el("tr", { "data-name": player.name },
      el("td", {}, String(player.rank)),
      el("th", { scope: "row" }, el("a", { href: `/players/${encodeURIComponent(player.name)}`, class: "player-link" }, player.name)),
      el("td", { class: "rating", title: player.provisional ? t("rating-provisional") : null },
        shownRating(player),
        player.provisional ? el("span", { class: "visually-hidden" }, ` (${t("rating-provisional")})`) : null),
      el("td", {}, String(player.games)))))),
  el("p", { class: "muted" }, t("leaderboard-provisional-note")));
}
