// The seats' names as the reader sees them: a person's name as given, an
// open seat as open, and the computer in the reader's language, by its
// seat's number (its level is shown beside the name where it matters).

import { t } from "./i18n.js";

/** The name the server gives a computer seat created without one (API.md). */
function serverComputerName(level) {
  return `Computer (level ${level})`;
}

/** The name of seat `seat` from its entry in the server's seat list. */
export function seatName(info, seat) {
  if (!info || !info.name) return info && info.ai ? t("computer-name", { seat }) : t("open-seat");
  if (info.ai && info.name === serverComputerName(info.ai)) return t("computer-name", { seat });
  return info.name;
}

/** Every seat's name, by seat, from a table's model. */
export function names(model) {
  return model.seats.map((info, seat) => seatName(info, seat));
}
