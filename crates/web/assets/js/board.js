// The board in SVG, drawn from a `carolus-state/1` and nothing else: the
// fifteen territories in a ring, merged regions as one shape, knights as
// lettered cubes with their counts, castles in their owner's colour, the
// emperor, and in the middle the families' control markers; beside it, each
// player's court, reserve and discs.
//
// Every piece carries a data attribute naming it (data-region,
// data-territory, data-family, data-seat, data-disc, data-control, ...), and
// every piece a person can pick is a focusable button with an accessible
// name, so that the board can be played by keyboard, read by assistive
// technology and driven by tests.

import { t } from "./i18n.js";
import { svg } from "./page.js";

export const FAMILIES = ["R", "G", "B", "Y", "P"];
const CENTRE = 500;
const OUTER = 482;
const INNER = 236;
const STEP = 360 / 15;
/** The owners' colours, after the castles of the rulebooks. */
export const OWNER_COLOURS = ["black", "white", "grey"];

/** The colour name of seat `seat`'s castles (its team's in the team game). */
export function seatColour(state, seat) {
  return OWNER_COLOURS[state.teams ? seat % 2 : seat];
}

/** The colour name of a region's owner (a seat, or a team in the team game). */
export function ownerColour(owner) {
  return OWNER_COLOURS[owner];
}

export function familyName(family) {
  return t(`family-${family}`);
}

/** A region's name as people say it: "7", or "3–4" for a merged one. */
export function regionName(region) {
  const list = region.territories;
  return list.length === 1 ? String(list[0]) : `${list[0]}–${list[list.length - 1]}`;
}

/** The canonical territory of a region: its smallest. */
export function regionKey(region) {
  return Math.min(...region.territories);
}

/** The index of the region holding territory `territory`. */
export function regionOf(state, territory) {
  return state.regions.findIndex((region) => region.territories.includes(territory));
}

function polar(radius, degrees) {
  const radians = (degrees * Math.PI) / 180;
  return [CENTRE + radius * Math.cos(radians), CENTRE + radius * Math.sin(radians)];
}

/** The angles a region spans, in degrees clockwise from the top. */
function span(region) {
  const first = region.territories[0];
  const start = -90 + (first - 1) * STEP - STEP / 2;
  return { start, end: start + STEP * region.territories.length };
}

function sector(start, end, outer = OUTER, inner = INNER) {
  const large = end - start > 180 ? 1 : 0;
  const [x1, y1] = polar(outer, start);
  const [x2, y2] = polar(outer, end);
  const [x3, y3] = polar(inner, end);
  const [x4, y4] = polar(inner, start);
  const f = (n) => n.toFixed(2);
  if (end - start >= 359.99) {
    // A full ring (one region left) cannot be one arc: draw two halves.
    const [xm, ym] = polar(outer, start + 180);
    const [xi, yi] = polar(inner, start + 180);
    return `M${f(x1)},${f(y1)} A${outer},${outer} 0 1 1 ${f(xm)},${f(ym)} A${outer},${outer} 0 1 1 ${f(x1)},${f(y1)} Z ` +
      `M${f(x4)},${f(y4)} A${inner},${inner} 0 1 0 ${f(xi)},${f(yi)} A${inner},${inner} 0 1 0 ${f(x4)},${f(y4)} Z`;
  }
  return `M${f(x1)},${f(y1)} A${outer},${outer} 0 ${large} 1 ${f(x2)},${f(y2)} L${f(x3)},${f(y3)} ` +
    `A${inner},${inner} 0 ${large} 0 ${f(x4)},${f(y4)} Z`;
}

/** A knight cube with its family's letter, for colour-blind players too. */
export function cube(family, x, y, size, count) {
  const group = svg("g", { class: `knight fam-${family}`, "data-family": family });
  group.append(
    svg("rect", { class: "cube", x: x - size / 2, y: y - size / 2, width: size, height: size, rx: size * 0.15 }),
    svg("text", { class: "cube-letter", x, y: y + size * 0.17, "font-size": size * 0.5, "text-anchor": "middle" }, family),
  );
  if (count !== undefined) {
    group.append(svg("text", { class: "count", x: x + size * 0.62, y: y + size * 0.2, "font-size": size * 0.62 }, count));
  }
  return group;
}

function castleGlyph(x, y, size, colour, count) {
  const s = size / 2;
  const path = `M${x - s},${y + s} V${y - s * 0.3} h${s * 0.4} v-${s * 0.4} h${s * 0.3} v${s * 0.4} h${s * 0.6} ` +
    `v-${s * 0.4} h${s * 0.3} v${s * 0.4} h${s * 0.4} V${y + s} Z`;
  return svg("g", { class: `castle owner-${colour}`, "data-castles": count },
    svg("path", { d: path }),
    svg("text", { class: "count", x: x + s + 4, y: y + s * 0.55, "font-size": size * 0.62 }, `×${count}`));
}

function crown(x, y, size) {
  const s = size / 2;
  return svg("path", {
    class: "crown",
    d: `M${x - s},${y + s * 0.6} L${x - s},${y - s * 0.5} L${x - s * 0.5},${y} L${x},${y - s * 0.8} ` +
      `L${x + s * 0.5},${y} L${x + s},${y - s * 0.5} L${x + s},${y + s * 0.6} Z`,
  });
}

function knightsOf(counts) {
  return FAMILIES.filter((family) => counts[family] > 0).map((family) => [family, counts[family]]);
}

function describeRegion(state, region, names) {
  const knights = knightsOf(region.knights)
    .map(([family, count]) => t("knights-of-family", { count, family: familyName(family) }))
    .join(", ");
  const owner = region.owner === null ? null : ownerLabel(state, region.owner, names);
  return t("region-label", {
    region: regionName(region),
    knights: knights || t("no-knights"),
    castles: region.castles,
    owner: owner || "-",
  });
}

/** Who an owner is, in words: a seat's name, or a team's two names. */
export function ownerLabel(state, owner, names) {
  if (state.teams) return state.teams[owner].map((seat) => names[seat]).join(" + ");
  return names[owner];
}

/**
 * The ring. `options`: `names` (per seat), `targets` (a Map from region
 * index to `{badge, label}` for the regions a person may pick now),
 * `onRegion(index)`, `previous` (the state before, to animate what changed).
 */
export function drawBoard(state, options = {}) {
  const names = options.names || state.seats.map((_, seat) => `${seat}`);
  const targets = options.targets || new Map();
  const previous = options.previous;
  const root = svg("svg", {
    class: "board",
    viewBox: "0 0 1000 1000",
    role: "group",
    "aria-label": t("board-label"),
  });
  root.append(svg("circle", { class: "ring-shadow", cx: CENTRE, cy: CENTRE, r: OUTER + 6 }));
  const merged = previous && previous.regions.length > state.regions.length;

  state.regions.forEach((region, index) => {
    const { start, end } = span(region);
    const mid = (start + end) / 2;
    const target = targets.get(index);
    const owner = region.owner === null ? "none" : ownerColour(region.owner);
    const group = svg("g", {
      class: `region owner-${owner}${target ? " target" : ""}${index === state.emperor ? " emperor-here" : ""}`,
      "data-region": regionKey(region),
      "data-index": index,
      role: target ? "button" : "img",
      tabindex: target ? 0 : undefined,
      "aria-label": target ? `${target.label}. ${describeRegion(state, region, names)}` : describeRegion(state, region, names),
    });
    const wasMerged = merged && !previous.regions.some((old) => old.territories.join() === region.territories.join());
    group.append(svg("path", { class: `region-shape${wasMerged ? " merged" : ""}`, d: sector(start, end) }));
    region.territories.forEach((territory, k) => {
      const from = start + k * STEP;
      group.append(svg("path", { class: "territory", "data-territory": territory, d: sector(from, from + STEP), "aria-hidden": "true" }));
      const [x, y] = polar(OUTER - 20, from + STEP / 2);
      group.append(svg("text", { class: "territory-number", x, y: y + 7, "text-anchor": "middle", "aria-hidden": "true" }, territory));
    });
    // Knights, in a grid at the middle of the region.
    const knights = knightsOf(region.knights);
    const old = previous && previous.regions.find((r) => r.territories.includes(region.territories[0]));
    const columns = region.territories.length > 2 ? 3 : 2;
    const rows = Math.ceil(knights.length / columns);
    const [cx, cy] = polar(352, mid);
    knights.forEach(([family, count], k) => {
      const col = k % columns;
      const row = Math.floor(k / columns);
      const inRow = Math.min(columns, knights.length - row * columns);
      const x = cx + (col - (inRow - 1) / 2) * 66 - 10;
      const y = cy + (row - (rows - 1) / 2) * 44;
      const piece = cube(family, x, y, 34, count);
      if (old && count > (old.knights[family] || 0)) piece.classList.add("arrived");
      group.append(piece);
    });
    if (region.castles > 0) {
      const [x, y] = polar(276, mid);
      const castle = castleGlyph(x - 14, y, 30, owner, region.castles);
      if (old && (old.castles !== region.castles || old.owner !== region.owner)) castle.classList.add("built");
      group.append(castle);
    }
    if (target) {
      const [x, y] = polar(418, mid);
      group.append(svg("g", { class: "badge", "aria-hidden": "true" },
        svg("circle", { cx: x, cy: y, r: 20 }),
        svg("text", { x, y: y + 7, "text-anchor": "middle" }, target.badge)));
    }
    if (options.onRegion) {
      group.addEventListener("click", () => options.onRegion(index));
      group.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          options.onRegion(index);
        }
      });
    }
    root.append(group);
  });

  root.append(emperor(state, previous));
  root.append(centre(state, names));
  return root;
}

function emperorAngle(state) {
  const { start, end } = span(state.regions[state.emperor]);
  return (start + end) / 2 + 90;
}

/** The emperor, turned about the centre to his region; when he moved, he
 * walks there from where he was. */
function emperor(state, previous) {
  const to = emperorAngle(state);
  const group = svg("g", { class: "emperor", "data-emperor": regionKey(state.regions[state.emperor]) });
  group.style.setProperty("--to", `${to}deg`);
  if (previous && previous.emperor !== undefined && previous.regions[previous.emperor]) {
    let from = emperorAngle(previous);
    if (from > to) from -= 360;
    if (from !== to) {
      group.style.setProperty("--from", `${from}deg`);
      group.classList.add("walking");
    }
  }
  const glyph = svg("g", { class: "emperor-glyph" },
    svg("circle", { cx: CENTRE, cy: CENTRE - 420, r: 24 }),
    crown(CENTRE, CENTRE - 420, 28));
  group.append(svg("title", {}, t("emperor")), glyph);
  return group;
}

function centre(state, names) {
  const group = svg("g", { class: "centre" });
  group.append(svg("circle", { class: "centre-disc", cx: CENTRE, cy: CENTRE, r: INNER - 12 }));
  FAMILIES.forEach((family, k) => {
    const angle = -90 + k * 72;
    const [x, y] = polar(148, angle);
    const holder = state.control[family];
    const colour = holder === null ? "none" : seatColour(state, holder);
    const label = holder === null
      ? t("control-nobody", { family: familyName(family) })
      : t("control-by", { family: familyName(family), name: names[holder] });
    const marker = svg("g", {
      class: `control fam-${family} holder-${colour}`,
      "data-control": family,
      "data-seat": holder === null ? undefined : holder,
      role: "img",
      "aria-label": label,
    },
    svg("circle", { class: "control-ring", cx: x, cy: y, r: 40 }),
    svg("circle", { class: "control-disc", cx: x, cy: y, r: 30 }),
    svg("text", { class: "cube-letter", x, y: y + 10, "text-anchor": "middle", "font-size": 28 }, family));
    if (holder !== null) {
      marker.append(svg("text", { class: "control-name", x, y: y + 62, "text-anchor": "middle" }, shortName(names[holder])));
    }
    group.append(marker);
  });
  group.append(svg("text", { class: "centre-text", x: CENTRE, y: CENTRE + 9, "text-anchor": "middle" },
    state.phase === "over" ? t("game-over") : state.round === 0 ? t("setting-up") : t("round", { round: state.round })));
  return group;
}

export function shortName(name) {
  const text = String(name ?? "");
  return text.length > 10 ? `${text.slice(0, 9)}…` : text;
}

/**
 * One player's board: court (with the markers of the families they
 * control), reserve and discs. `options`: `name`, `reserveChoices` (a Set of
 * families that may be picked), `selected` (the family picked),
 * `courtTarget` (the court may be picked now), `discChoices` (a Set of
 * discs that may be chosen), `onReserve(family)`, `onCourt()`,
 * `onDisc(disc)`, `previous`.
 */
export function drawSeat(state, seat, options = {}) {
  const view = state.seats[seat];
  const root = svg("svg", {
    class: "seat-board",
    viewBox: "0 0 330 190",
    "data-seat": seat,
    role: "group",
    "aria-label": t("seat-board-label", { name: options.name ?? seat }),
  });
  const old = options.previous && options.previous.seats[seat];

  const court = svg("g", {
    class: `court${options.courtTarget ? " target" : ""}`,
    "data-court": seat,
    role: options.courtTarget ? "button" : "group",
    tabindex: options.courtTarget ? 0 : undefined,
    "aria-label": options.courtTarget ? t("place-in-court", { family: familyName(options.selected) }) : t("court"),
  });
  court.append(svg("rect", { class: "court-shape", x: 4, y: 4, width: 322, height: 72, rx: 10 }),
    svg("text", { class: "area-label", x: 12, y: 20 }, t("court")));
  FAMILIES.forEach((family, k) => {
    const x = 36 + k * 62;
    const count = view.court[family];
    const piece = cube(family, x, 48, 26, count);
    if (count === 0) piece.classList.add("empty");
    if (old && count > old.court[family]) piece.classList.add("arrived");
    court.append(piece);
    if (state.control[family] === seat) {
      court.append(svg("g", { class: `control fam-${family}`, "data-control": family, role: "img", "aria-label": t("controls", { family: familyName(family) }) },
        svg("circle", { class: "control-disc", cx: x + 22, cy: 22, r: 9 }),
        svg("text", { class: "cube-letter", x: x + 22, y: 26, "text-anchor": "middle", "font-size": 11 }, family)));
    }
  });
  hook(court, options.courtTarget && options.onCourt, () => options.onCourt());
  root.append(court);

  const reserve = svg("g", { class: "reserve", "data-reserve": seat, role: "group", "aria-label": t("reserve") });
  reserve.append(svg("text", { class: "area-label", x: 12, y: 98 }, t("reserve")));
  const inReserve = knightsOf(view.reserve);
  if (view.jokers > 0) inReserve.push(["J", view.jokers]);
  inReserve.forEach(([family, count], k) => {
    const x = 36 + k * 62;
    const choosable = options.reserveChoices && options.reserveChoices.has(family);
    const piece = cube(family, x, 122, 30, count);
    if (family === "J") piece.classList.add("joker");
    if (choosable) {
      piece.classList.add("choice");
      if (options.selected === family) piece.classList.add("selected");
      piece.setAttribute("role", "button");
      piece.setAttribute("tabindex", "0");
      piece.setAttribute("aria-pressed", options.selected === family ? "true" : "false");
      piece.setAttribute("aria-label", t("pick-knight", { family: familyName(family), count }));
      hook(piece, options.onReserve, () => options.onReserve(family));
    } else {
      piece.setAttribute("aria-label", family === "J" ? t("jokers", { count }) : t("knights-of-family", { count, family: familyName(family) }));
      piece.setAttribute("role", "img");
    }
    reserve.append(piece);
  });
  if (inReserve.length === 0) reserve.append(svg("text", { class: "muted", x: 24, y: 128 }, t("reserve-empty")));
  root.append(reserve);

  const discs = svg("g", { class: "discs", role: "group", "aria-label": t("discs") });
  for (let disc = 1; disc <= 5; disc += 1) {
    const x = 36 + (disc - 1) * 62;
    const free = view.discs.includes(disc);
    const chosen = view.disc === disc;
    const choosable = options.discChoices && options.discChoices.has(disc);
    const state_ = chosen ? "chosen" : free ? "free" : "used";
    const item = svg("g", {
      class: `disc disc-${state_}${choosable ? " choice" : ""}`,
      "data-disc": disc,
      "data-state": state_,
      role: choosable ? "button" : "img",
      tabindex: choosable ? 0 : undefined,
      "aria-label": t(`disc-${state_}`, { disc }),
    },
    svg("circle", { cx: x, cy: 168, r: 17 }),
    svg("text", { x, y: 175, "text-anchor": "middle" }, disc));
    if (choosable) hook(item, options.onDisc, () => options.onDisc(disc));
    discs.append(item);
  }
  root.append(discs);
  return root;
}

/** Makes `element` act on a click and on Enter or Space. */
function hook(element, enabled, action) {
  if (!enabled) return;
  element.addEventListener("click", (event) => {
    event.stopPropagation();
    action();
  });
  element.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      action();
    }
  });
}
