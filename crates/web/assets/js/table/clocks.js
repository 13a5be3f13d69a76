// The seats' clocks: the time each seat has left, counting down for the
// seat to act between the server's words about the seats.

import { t } from "../i18n.js";

/** The milliseconds seat `seat` has left at `now`, or null without a clock. */
export function clockOf(model, seat, now) {
  const info = model.seats[seat];
  if (!info || info.clock_ms === null || info.clock_ms === undefined) return null;
  const running = model.status === "running" && model.latest.to_act === seat;
  return running ? Math.max(0, info.clock_ms - (now - model.seatsAt)) : info.clock_ms;
}

/** A clock's time as people read it: "4:05", "1:02:03", or days and hours. */
export function formatClock(ms) {
  if (ms === null || ms === undefined) return "";
  const seconds = Math.ceil(ms / 1000);
  if (seconds >= 86400) return t("clock-days", { days: Math.floor(seconds / 86400), hours: Math.floor((seconds % 86400) / 3600) });
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** Sets every clock shown in `root` to its time at `now`; only their text changes. */
export function tickClocks(root, model, now) {
  for (const element of root.querySelectorAll("[data-clock]")) {
    element.textContent = formatClock(clockOf(model, Number(element.dataset.clock), now));
  }
}
