// Ratings as people read them (API.md, "Ratings"): the number shown with
// a "?" while it is provisional, a change with its sign, and the modes'
// names, and the server's refusal of a rated game. The server computes
// every figure; the pages only say them.

import { ApiError } from "./api.js";
import { t } from "./i18n.js";

/** The rating modes, in the order the pages list them. */
export const MODES = ["2p", "3p", "teams"];

/** A mode's name in the reader's language. */
export function modeName(mode) {
  return MODES.includes(mode) ? t(`rating-mode-${mode}`) : String(mode);
}

/** A rating (`{rating, provisional}`) as shown: "1532", or "1532?" while
 * its uncertainty is high. A string, so that no language's number format
 * puts a separator in it. */
export function shownRating(view) {
  return `${Math.round(view.rating)}${view.provisional ? "?" : ""}`;
}

/** A change of the shown number with its sign: "+32", "−12", "±0". */
export function signedChange(change) {
  const value = Math.round(change);
  if (value > 0) return `+${value}`;
  if (value < 0) return `−${-value}`;
  return "±0";
}

/** The server's refusal of a rated game in words (API.md: 403 without a
 * session, 400 naming the field `rated` and what it lacks), or null for
 * any other answer, which is said as it is. */
export function ratedProblem(problem) {
  if (!(problem instanceof ApiError)) return null;
  if (problem.status === 403) return t("lobby-rated-error-session");
  const reason = problem.status === 400 ? problem.body.error || "" : "";
  if (!reason.startsWith("field `rated`")) return null;
  if (reason.includes("clock")) return t("lobby-rated-error-clock");
  if (reason.includes("invited")) return t("lobby-rated-error-invited");
  return t("lobby-rated-error-seats");
}
