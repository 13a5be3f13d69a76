// A player's rating over time, one graph per mode, for the profile: the
// rating after each of the latest rated games (the profile's `history`,
// oldest first), a point per game spaced evenly (a graph by date would
// crowd a busy week into a line), provisional points hollow. The SVG has
// a title and a description; the numbers themselves are in a table that
// screen readers read instead of the picture, and anyone can unfold.

import { language, t } from "./i18n.js";
import { el, svg } from "./page.js";
import { MODES, modeName, shownRating } from "./ratings.js";

const WIDTH = 420;
const HEIGHT = 170;
const LEFT = 44;
const RIGHT = 10;
const TOP = 10;
const BOTTOM = 26;

/** The graphs of every mode `history` has points of, or null. */
export function ratingGraphs(history) {
  const graphs = MODES.map((mode) => [mode, history.filter((point) => point.mode === mode)])
    .filter(([, points]) => points.length > 0)
    .map(([mode, points]) => modeGraph(mode, points));
  if (graphs.length === 0) return null;
  return el("section", { class: "game-list profile-rating-graphs", "aria-labelledby": "profile-rating-graphs" },
    el("h2", { id: "profile-rating-graphs" }, t("profile-rating-history")), graphs);
}

/** Rounded bounds of the ratings shown, with room above and below. */
function bounds(points) {
  const values = points.map((point) => point.rating);
  const low = Math.floor((Math.min(...values) - 20) / 50) * 50;
  const high = Math.ceil((Math.max(...values) + 20) / 50) * 50;
  return [low, Math.max(high, low + 50)];
}

function modeGraph(mode, points) {
  const [low, high] = bounds(points);
  const count = points.length;
  const x = (index) => (count === 1 ? (LEFT + WIDTH - RIGHT) / 2 : LEFT + ((WIDTH - LEFT - RIGHT) * index) / (count - 1));
  const y = (rating) => TOP + (HEIGHT - TOP - BOTTOM) * (1 - (rating - low) / (high - low));
  const id = `rating-graph-${mode}`;
  const first = points[0];
  const last = points[count - 1];
  const highest = points.reduce((best, point) => (point.rating > best.rating ? point : best), first);
  const title = t("profile-rating-graph-title", { mode: modeName(mode) });
  const description = t("profile-rating-graph-description", {
    count,
    first: shownRating(first),
    last: shownRating(last),
    high: shownRating(highest),
  });
  const root = svg("svg", {
    class: "rating-graph",
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: "img",
    "aria-labelledby": `${id}-title ${id}-description`,
    "data-mode": mode,
  },
  svg("title", { id: `${id}-title` }, title),
  svg("desc", { id: `${id}-description` }, description));
  // Lines at the rounded ratings, labelled on the left.
  const step = (high - low) / 50 > 6 ? 100 : 50;
  for (let rating = low; rating <= high; rating += step) {
    root.append(svg("line", { class: "graph-frame", x1: LEFT, x2: WIDTH - RIGHT, y1: y(rating), y2: y(rating) }),
      svg("text", { class: "graph-tick", x: LEFT - 4, y: y(rating) + 4, "text-anchor": "end" }, String(rating)));
  }
  root.append(svg("text", { class: "graph-axis-title", x: (LEFT + WIDTH - RIGHT) / 2, y: HEIGHT - 4, "text-anchor": "middle" },
    t("profile-rating-graph-axis")));
  if (count > 1) {
    root.append(svg("polyline", {
      class: "rating-line",
      points: points.map((point, index) => `${x(index).toFixed(1)},${y(point.rating).toFixed(1)}`).join(" "),
    }));
  }
  points.forEach((point, index) => {
    root.append(svg("circle", {
      class: point.provisional ? "rating-point provisional" : "rating-point",
      cx: x(index).toFixed(1),
      cy: y(point.rating).toFixed(1),
      r: 3.5,
    }, svg("title", {}, shownRating(point))));
  });
  const date = (ms) => new Date(ms).toLocaleDateString(language(), { year: "numeric", month: "short", day: "numeric" });
  const table = el("table", { class: "rating-table" },
    el("caption", {}, title),
    el("thead", {}, el("tr", {},
      el("th", { scope: "col" }, t("profile-rating-table-game")),
      el("th", { scope: "col" }, t("profile-rating-table-date")),
      el("th", { scope: "col" }, t("profile-rating-table-rating")))),
    el("tbody", {}, points.map((point, index) => el("tr", { "data-game": point.game },
      el("td", {}, el("a", { href: `/games/${encodeURIComponent(point.game)}` }, String(index + 1))),
      el("td", {}, date(point.at_ms)),
      el("td", {}, shownRating(point),
        point.provisional ? el("span", { class: "visually-hidden" }, ` (${t("rating-provisional")})`) : null)))));
  return el("figure", { class: "rating-figure", "data-mode": mode },
    el("figcaption", {}, el("h3", {}, modeName(mode)), el("p", { class: "muted" }, description)),
    root,
    el("details", { class: "rating-numbers" }, el("summary", {}, t("profile-rating-table-show")), table));
}
