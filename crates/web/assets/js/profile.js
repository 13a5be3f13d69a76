// A player's public profile (/players/{name}): the name, the games in play
// and the finished games with their records to download; the ratings only
// once the server has any (it returns none before rated games exist, and
// an empty section would promise what is not there), with a graph of each
// mode's rating over the latest rated games (ratings-graph.js); and the
// results against each computer level played.

import { request } from "./api.js";
import { accountProblem } from "./account.js";
import { language, t } from "./i18n.js";
import { seatName } from "./names.js";
import { el } from "./page.js";
import { modeName, shownRating } from "./ratings.js";
import { ratingGraphs } from "./ratings-graph.js";

export async function showProfile(main, name) {
  let profile;
  try {
    profile = await request("GET", `/api/players/${encodeURIComponent(name)}`);
  } catch (problem) {
    main.replaceChildren(el("section", { class: "notice" },
      el("h1", {}, t("profile-not-found-title")),
      el("p", {}, problem.status === 404 ? t("profile-not-found", { name }) : accountProblem(problem)),
      el("p", {}, el("a", { href: "/" }, t("back-to-lobby")))));
    return;
  }
  const since = new Date(profile.created_ms).toLocaleDateString(language(), { year: "numeric", month: "long", day: "numeric" });
  const names = await gameNames([...profile.playing, ...profile.finished].map((game) => game.id));
  main.replaceChildren(el("div", { class: "profile" },
    el("h1", { class: "profile-name" }, profile.name),
    el("p", { class: "muted" }, t("profile-since", { date: since })),
    ratings(profile.ratings),
    ratingGraphs(profile.history || []),
    computers(profile.computers || []),
    el("section", { class: "game-list profile-playing", "aria-labelledby": "profile-playing" },
      el("h2", { id: "profile-playing" }, t("profile-playing")),
      gameItems(profile.playing, names, "profile-none-playing", false)),
    el("section", { class: "game-list profile-finished", "aria-labelledby": "profile-finished" },
      el("h2", { id: "profile-finished" }, t("profile-finished")),
      gameItems(profile.finished, names, "profile-none-finished", true))));
}

/** The seats' names of games by id, from the lobby's list (which reads
 * private games too when asked by id); empty for any it could not read. */
export async function gameNames(ids) {
  const names = new Map();
  for (let start = 0; start < ids.length; start += 100) {
    try {
      const page = await request("GET", `/api/games?ids=${ids.slice(start, start + 100).join(",")}`);
      for (const game of page.games) {
        names.set(game.id, game.names.map((name, seat) => seatName({ name, ai: game.ai[seat] }, seat)).join(game.teams ? " · " : " – "));
      }
    } catch {
      // The games are still listed, by their ids.
    }
  }
  return names;
}

function gameItems(games, names, none, finished) {
  const list = el("ul", { class: "games" });
  if (games.length === 0) list.append(el("li", { class: "muted" }, t(none)));
  for (const game of games) {
    const label = names.get(game.id) || t("game-title", { id: game.id });
    list.append(el("li", { "data-game": game.id },
      el("a", { href: `/games/${game.id}`, class: "game-link" }, label), " ",
      el("span", { class: "muted" }, t("game-moves", { count: game.length })),
      finished ? [" ", el("a", { href: `/api/games/${game.id}/record`, download: `carolus-${game.id}.json`, class: "record-link" },
        t("profile-record"))] : null));
  }
  return list;
}

/** The ratings, one line a mode, if the server gave any: the rating in
 * whole points, with "?" while it is provisional (its uncertainty high). */
function ratings(list) {
  if (!Array.isArray(list) || list.length === 0) return null;
  return el("section", { class: "game-list profile-ratings", "aria-labelledby": "profile-ratings" },
    el("h2", { id: "profile-ratings" }, t("profile-ratings")),
    el("ul", { class: "games" }, list.map((rating) => el("li", { "data-mode": rating.mode },
      el("span", {}, modeName(rating.mode)), " ",
      el("strong", { class: "rating" }, shownRating(rating)),
      rating.provisional ? el("span", { class: "visually-hidden" }, ` (${t("rating-provisional")})`) : null, " ",
      el("span", { class: "muted" }, t("profile-rated-games", { count: rating.games }))))),
    el("p", { class: "muted" }, el("a", { href: "/leaderboard" }, t("profile-leaderboard-link"))));
}

/** The results against each computer level played, if any. */
function computers(levels) {
  if (levels.length === 0) return null;
  return el("section", { class: "game-list profile-computers", "aria-labelledby": "profile-computers" },
    el("h2", { id: "profile-computers" }, t("profile-computers")),
    el("ul", { class: "games" }, levels.map((level) => el("li", { "data-level": level.level },
      el("span", {}, t(`level-${level.level}`)), " ",
      el("span", { class: "muted" }, t("profile-computer-results", { games: level.games, won: level.won, lost: level.lost }))))));
}
