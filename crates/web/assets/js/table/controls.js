// The table's controls: what the person at this device may do now (in
// words and buttons), the hint, the take-back, the notices and errors,
// and the tools (replay, record download, sound, seat links).

import { seatLink } from "../api.js";
import { copyField } from "../copy.js";
import { cube, familyName, regionName } from "../board.js";
import { t } from "../i18n.js";
import { el, svg } from "../page.js";
import { refusal } from "../refusals.js";
import { describeChoice, describeResult, emperorOutcome } from "../words.js";
import { canTakeBack, emperorChoices, mySeats, myTurn } from "./model.js";
import { names } from "../names.js";

/** The turn panel: whose turn it is and, on this device's turn, the choices. */
export function drawTurn(model, dispatch) {
  const state = model.latest;
  const seatNames = names(model);
  const parts = [];
  if (model.replayAt !== null) {
    parts.push(el("p", {}, t("replaying")));
  } else if (model.status === "open") {
    parts.push(el("p", {}, t("waiting-for-players")));
  } else if (state.phase === "over") {
    parts.push(el("p", { class: "result" }, describeResult(state, seatNames)));
  } else if (model.status === "over") {
    // Over before its end: ended as abandoned, which is only ever done to
    // the seat the game waited for.
    parts.push(el("p", { class: "result abandoned" }, t("game-abandoned", { name: seatNames[state.to_act] })));
  } else if (myTurn(model)) {
    parts.push(...choices(model, dispatch));
  } else if (state.to_act !== null) {
    const who = seatNames[state.to_act];
    parts.push(el("p", {}, model.thinking === state.to_act ? t("computer-thinking", { name: who }) : t("waiting-for", { name: who })));
  }
  if (model.notice) parts.push(el("p", { class: "notice", role: "status" }, t(model.notice)));
  if (model.hint && model.replayAt === null) {
    parts.push(el("p", { class: "hint", "data-hint": model.hint.move }, t("hint-says", {
      move: describeChoice(model.hint.move, state),
      chances: model.hint.win.map((win, seat) => t("hint-chance", { name: seatNames[seat], percent: Math.round(win * 100) })).join(", "),
    }), " ", whyButton(model, dispatch)));
    if (model.why && model.hint.text) parts.push(el("p", { class: "why-text", id: "hint-why", role: "status" }, model.hint.text));
  }
  if (model.error) parts.push(el("p", { class: "error", role: "alert" }, model.error.key ? t(model.error.key) : refusal(model.error.action, model.error)));
  return parts.filter(Boolean);
}

function button(label, attributes, action) {
  const element = el("button", { type: "button", ...attributes }, label);
  element.addEventListener("click", action);
  return element;
}

/** What the person may do now, in words and buttons. */
function choices(model, dispatch) {
  const state = model.latest;
  const legal = state.legal;
  const you = names(model)[state.decider];
  const heading = el("h2", {}, mySeats(model).length > 1 ? t("turn-of", { name: you }) : t("your-turn"));
  // The choice a hint suggests is marked among the others.
  const hinted = (token) => (model.hint && model.hint.move === token ? "hinted" : undefined);
  const row = (tokens, label) => el("div", { class: "choice-row" }, tokens.map((token) =>
    button(label(token), { class: hinted(token), disabled: model.pending, "data-focus": `choice:${token}` }, () => dispatch({ type: "choose", token }))));
  const hint = hintButton(model, dispatch);
  switch (state.phase) {
    case "joker": {
      const tokens = legal.filter((token) => token.startsWith("joker "));
      return [heading, el("p", {}, t("prompt-joker", { count: state.seats[state.decider].jokers })),
        row(tokens, (token) => familyButton(token.split(" ")[1])), hint];
    }
    case "disc": {
      const tokens = legal.filter((token) => token.startsWith("disc ")).sort();
      return [heading, el("p", {}, t("prompt-disc")), row(tokens, (token) => t("disc-button", { disc: Number(token.split(" ")[1]) })), hint];
    }
    case "place": {
      const prompt = model.selected
        ? t("prompt-place-where", { family: familyName(model.selected) })
        : t("prompt-place", { count: state.to_place });
      return [heading, el("p", {}, prompt), hint];
    }
    case "move": {
      const rows = emperorChoices(model).map(({ steps, index, token }) => {
        const after = model.outcomes && model.outcomes.get(token);
        const what = after ? emperorOutcome(state, after, steps, names(model)) : "";
        return button([el("strong", {}, t("move-emperor-to", { steps, region: regionName(state.regions[index]) })), " ", what],
          { class: `move-choice${hinted(token) ? " hinted" : ""}`, disabled: model.pending, "data-steps": steps, "data-focus": `choice:${token}` },
          () => dispatch({ type: "choose", token }));
      });
      return [heading, el("p", {}, t("prompt-move", { disc: state.seats[state.decider].disc })), el("div", { class: "choice-list" }, rows), hint];
    }
    default:
      return [heading];
  }
}

/** "Why?" beside a hint: shows or hides the hint's reasons. */
function whyButton(model, dispatch) {
  if (!model.hint.text) return null;
  return button(t("why-button"), {
    class: "secondary why-button", "aria-label": t("why-hint-label"), "aria-expanded": model.why ? "true" : "false",
    "aria-controls": "hint-why", "data-focus": "hint-why",
  }, () => dispatch({ type: "toggle-why" }));
}

function hintButton(model, dispatch) {
  if (!model.hints) return null;
  return button(t("ask-hint"), { class: "secondary", "data-focus": "ask-hint" }, () => dispatch({ type: "ask-hint" }));
}

function familyButton(family) {
  const picture = svg("svg", { viewBox: "0 0 40 40", width: 24, height: 24, "aria-hidden": "true" }, cube(family, 20, 20, 30));
  return el("span", { class: "family-choice" }, picture, " ", familyName(family));
}

/** The tools under the seats: replay, the record, sound, and this device's seat links. */
export function drawTools(model, dispatch, sound) {
  const download = el("a", { href: `/api/games/${model.id}/record`, download: `carolus-${model.id}.json` }, t("download-record"));
  const replay = button(model.replayAt !== null ? t("back-to-game") : t("replay-game"), { class: "secondary", "data-focus": "replay-toggle" },
    () => dispatch({ type: "replay-toggle" }));
  const toggle = el("input", { type: "checkbox", checked: sound.on(), "data-focus": "sound" });
  toggle.addEventListener("change", () => sound.set(toggle.checked));
  const seatNames = names(model);
  const links = mySeats(model).map((seat) =>
    copyField(seatLink(model.id, model.held.seats[seat]), t("seat-link-of", { name: seatNames[seat] }), `copy-link:${seat}`));
  // Taking back is among the tools, not the choices: its button comes and
  // goes as the record grows, and the choices must not move under a
  // person's pointer when it does.
  const takeBack = canTakeBack(model)
    ? button(t("take-back"), { class: "secondary", "data-action": "take-back", disabled: model.pending, "data-focus": "take-back" },
      () => dispatch({ type: "take-back" }))
    : null;
  return [takeBack, replay, download, el("label", { class: "toggle" }, toggle, t("sound")), ...links].filter(Boolean);
}
