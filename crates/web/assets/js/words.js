// Moves in words, for the game log and the previews: "Anna places a red
// knight in region 3–4". Everything said here is read off the server's
// states before and after a move; nothing is worked out from the rules.

import { t } from "./i18n.js";
import { familyName, ownerLabel, regionName, regionOf } from "./board.js";

/** The knights of a draw, as family names ("red, red, joker"). */
function drawnKnights(word) {
  return [...word].map((letter) => (letter === "J" ? t("joker") : familyName(letter))).join(", ");
}

/**
 * The move `token`, played from `before` and leading to `after`, in
 * words; `names` are the seats' names.
 */
export function describeMove(token, before, after, names) {
  const actor = before.to_act === null ? "" : names[before.to_act];
  const [verb, first, second] = token.split(" ");
  switch (verb) {
    case "draw":
      return t("log-draw", { name: actor, knights: drawnKnights(first), count: first.length });
    case "joker":
      return t("log-joker", { name: actor, family: familyName(first) });
    case "disc":
      return t("log-disc", { name: actor, disc: Number(first) });
    case "place":
      if (second === "court") return t("log-place-court", { name: actor, family: familyName(first) });
      return t("log-place", {
        name: actor,
        family: familyName(first),
        region: regionName(before.regions[regionOf(before, Number(second))]),
      });
    case "move": {
      const steps = Number(first);
      const target = before.regions[before.landings[steps - 1]];
      const walk = t("log-move", { name: actor, steps, region: regionName(target) });
      return after ? `${walk} ${emperorOutcome(before, after, steps, names)}` : walk;
    }
    default:
      return token;
  }
}

/**
 * What moving the emperor `steps` regions from `before` did, or would do,
 * given the state `after` it: a castle built, a region taken, kept or left
 * alone, and regions merged.
 */
export function emperorOutcome(before, after, steps, names) {
  const target = before.regions[before.landings[steps - 1]];
  const landed = after.regions[after.emperor];
  const owner = landed.owner;
  let outcome;
  if (owner === null) {
    outcome = t("outcome-nothing");
  } else if (target.owner === null) {
    outcome = t("outcome-build", { name: ownerLabel(after, owner, names) });
  } else if (target.owner !== owner) {
    outcome = t("outcome-take", {
      name: ownerLabel(after, owner, names),
      other: ownerLabel(before, target.owner, names),
      castles: target.castles,
    });
  } else {
    outcome = t("outcome-keep", { name: ownerLabel(after, owner, names) });
  }
  const joined = before.regions.length - after.regions.length;
  if (joined > 0) outcome += ` ${t("outcome-merge", { count: joined + 1, region: regionName(landed) })}`;
  return outcome;
}

/** The end of a game in words: the winners and their castles. */
export function describeResult(state, names) {
  if (state.phase !== "over") return "";
  const winners = state.winners.map((seat) => names[seat]);
  const castles = Math.max(...state.seats.map((seat) => seat.castles));
  return t("result", { count: winners.length, names: winners.join(", "), castles });
}

/**
 * A move offered to the seat that decides in `state`, in words: addressed
 * to that seat ("place a pink knight in your court") for hints, or, with
 * `addressed` false, about it ("… at court") for the analysis. The
 * notation's token is never shown to a person.
 */
export function describeChoice(token, state, addressed = true) {
  const [verb, first, second] = token.split(" ");
  switch (verb) {
    case "joker":
      return t("choice-joker", { family: familyName(first) });
    case "disc":
      return t("choice-disc", { disc: Number(first) });
    case "place":
      if (second === "court") return t(addressed ? "choice-place-court" : "choice-place-at-court", { family: familyName(first) });
      return t("choice-place", { family: familyName(first), region: regionName(state.regions[regionOf(state, Number(second))]) });
    case "move": {
      const steps = Number(first);
      return t("choice-move", { steps, region: regionName(state.regions[state.landings[steps - 1]]) });
    }
    default:
      return token;
  }
}
