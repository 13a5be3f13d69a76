// What the pages say when a request fails. The server's `error` is English
// for programs and their authors; the page says it in the reader's words,
// chosen by the refusal's `code` (API.md, "Errors") where the server names
// one, else by the HTTP status (0: the server was not reached) and what
// the page asked for.

import { ApiError } from "./api.js";
import { t } from "./i18n.js";

/** What the page keeps of a failed request: its status (0: the server was
 * not reached; null: no answer of the server's at all) and its code. */
export function failure(problem) {
  if (!(problem instanceof ApiError)) return { status: null, code: null };
  return { status: problem.status, code: problem.body.code || null };
}

/** The game's refusals the page can meet, in words. */
function byCode(code) {
  switch (code) {
    case "not_a_seat":
      return t("table-error-seat");
    case "not_your_turn":
    case "not_to_act":
      return t("table-error-not-your-turn");
    case "timed_out":
    case "out_of_time":
      return t("table-error-out-of-time");
    case "take_back_with_clock":
      return t("table-error-takeback-clock");
    case "take_back_between_people":
      return t("table-error-takeback-people");
    case "nothing_to_take_back":
      return t("table-error-nothing-to-take-back");
    case "no_hints":
      return t("table-error-no-hints");
    case "over":
      return t("table-error-over");
    case "open":
    case "hint_not_running":
      return t("table-error-not-running");
    case "stale":
      return t("error-stale");
    case "seat_taken":
      return t("table-error-claim-taken");
    case "not_a_move":
    case "illegal":
      return t("table-error-move");
    case "abandon_with_clock":
    case "abandon_own_turn":
    case "abandon_computer":
    case "not_away_long_enough":
      return t("people-error-abandon");
    case "rematch_not_over":
      return t("people-error-rematch");
    default:
      return null;
  }
}

/** Why the page's request for `action` failed (`{ status, code }`, as
 * `failure` keeps it), in words. */
export function refusal(action, { status, code } = {}) {
  const known = code ? byCode(code) : null;
  if (known) return known;
  if (status === 0) return t("account-error-network");
  if (status === 429 || status === 503) return t("account-error-unavailable");
  if (status === 401 && ["move", "takeback", "hint", "socket"].includes(action)) return t("table-error-seat");
  switch (action) {
    case "move":
      return t("table-error-move");
    case "takeback":
      return t("table-error-takeback");
    case "hint":
      return t("table-error-hint");
    case "explain":
      return t("table-error-explain");
    case "practice":
      return t("table-error-practice");
    case "claim":
      return t("table-error-claim");
    case "states":
      return t("table-error-states");
    case "outcomes":
      return t("table-error-outcomes");
    case "analysis":
      return t("table-error-analysis");
    case "lesson":
      return t("table-error-lesson");
    case "socket":
      return t("table-error-socket");
    case "game":
      return t("table-error-game");
    case "abandon":
      return t("people-error-abandon");
    case "rematch":
      return t("people-error-rematch");
    case "invitations":
      return t("people-error-invitations");
    case "list":
      return t("lobby-error-list");
    case "create":
      return t("lobby-error-create");
    case "example":
      return t("rules-error-example");
    default:
      return t("account-error-other");
  }
}
