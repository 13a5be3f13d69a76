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
import { el, svg } from "./page.js";
import { regionKey, regionName, regionOf } from "./regions.js";

export { regionKey, regionName, regionOf };

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

/** The key to the families' letters: each letter on its colour, with the colour's name. */
export function familyLegend() {
  return el("p", { class: "legend" }, FAMILIES.map((family) => el("span", { class: "legend-item" },
    svg("svg", { viewBox: "0 0 40 40", width: 20, height: 20, "aria-hidden": "true" }, cube(family, 20, 20, 34)),
    " ", familyName(family))));
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

/**
 * A knight cube with its family's letter (for colour-blind players too) and
 * its count beside it, or under it when `stacked`. With `centred`, the
 * cube and its count together are centred on (x, y), as the board lays
 * them out; otherwise the cube is.
 */
export function cube(family, x, y, size, count, centred = false, stacked = false) {
  const at = centred && count !== undefined ? cubeCentre(x, y, size, count, stacked) : { x, y };
  const group = svg("g", { class: `knight fam-${family}`, "data-family": family });
  // The letter is the notation; the colour's name is said with it.
  const named = family === "J"
    ? (count === undefined ? t("joker") : t("jokers", { count }))
    : (count === undefined ? familyName(family) : t("knights-of-family", { count, family: familyName(family) }));
  group.append(
    svg("title", {}, named),
    svg("rect", { class: "cube", x: at.x - size / 2, y: at.y - size / 2, width: size, height: size, rx: size * 0.15 }),
    svg("text", { class: "cube-letter", x: at.x, y: at.y + size * 0.17, "font-size": size * 0.5, "text-anchor": "middle" }, family),
  );
  if (count !== undefined) group.append(countText(at, size, count, stacked, centred ? countFont(size) : size * COUNT_FONT));
  return group;
}

/** A count's font size, as a share of its piece's size. */
const COUNT_FONT = 0.75;
/** A digit's width in the board's bold font, as a share of the font size (a little more than it is). */
const DIGIT = 0.62;
/** The smallest count on the ring, in the board's units: 9 pixels where
 * the board is 355 pixels wide, on a phone. A crowded region's cubes get
 * smaller before its counts do. */
const MIN_COUNT = 26;

/** The font size of the counts of the ring's pieces of `size`. */
function countFont(size) {
  return Math.max(size * COUNT_FONT, MIN_COUNT);
}

/** Half the width and height of a piece of `size` whose count has `digits` characters. */
function pieceHalf(size, digits, stacked) {
  const font = countFont(size);
  const text = digits * DIGIT * font;
  // A line of text reaches about 0.93 of its font size above its baseline
  // and 0.24 below, which the counts' places below allow for.
  return stacked
    ? { x: Math.max(size, text) / 2, y: (size * 1.1 + font * 1.1) / 2 }
    : { x: (size * 1.08 + text) / 2, y: Math.max(size / 2, font * 0.6) };
}

/** Where the cube (or castle) of a piece centred on (x, y) goes. */
function cubeCentre(x, y, size, count, stacked) {
  const half = pieceHalf(size, String(count).length, stacked);
  return stacked ? { x, y: y - half.y + size / 2 } : { x: x - half.x + size / 2, y };
}

/** A piece's count in `font`, beside its cube centred at `at`, or under it. */
function countText(at, size, count, stacked, font) {
  return stacked
    ? svg("text", { class: "count", x: at.x, y: at.y + size * 0.6 + font * 0.8, "font-size": font, "text-anchor": "middle" }, count)
    : svg("text", { class: "count", x: at.x + size * 0.58, y: at.y + font * 0.36, "font-size": font }, count);
}

function castleGlyph(cx, cy, size, colour, count, stacked = false) {
  const text = `×${count}`;
  const { x, y } = cubeCentre(cx, cy, size, text, stacked);
  const s = size / 2;
  const path = `M${x - s},${y + s} V${y - s * 0.3} h${s * 0.4} v-${s * 0.4} h${s * 0.3} v${s * 0.4} h${s * 0.6} ` +
    `v-${s * 0.4} h${s * 0.3} v${s * 0.4} h${s * 0.4} V${y + s} Z`;
  return svg("g", { class: `castle owner-${colour}`, "data-castles": count },
    svg("path", { d: path }), countText({ x, y }, size, text, stacked, countFont(size)));
}

/** The radius of the band outside the pieces: the emperor and the badges. */
const BAND = 411;
/** The room for pieces: between the centre's edge and the territories'
 * numbers at the outer edge, less the places in the emperor's band where
 * the emperor and the badges may stand (`BAND_SPOTS`). */
const ROOM_INNER = 244;
const ROOM_OUTER = 440;
/** The outer edge of the room inside the emperor's band, which a region
 * uses first: its pieces reach into the band only when they would
 * otherwise be small. */
const ROOM_NEAR = 375;
/** Half the box of the emperor (a circle 24 in radius) and of a badge (20). */
const BAND_HALF = 24;

/** The angles in the band kept clear in the region from `start`: the
 * emperor and a badge at its middle, the badge beside the emperor 11°
 * on, and the badge a single territory before it puts beside the emperor,
 * which reaches over the edge. So the layout does not depend on where the
 * emperor is. */
function bandSpots(start, end) {
  const mid = (start + end) / 2;
  return [mid, mid + 11, start - 1].map((angle) => polar(BAND, angle));
}
/** The size from which the pieces stay out of the emperor's band. */
const ROOMY = 32;
/** Piece sizes tried, largest first. */
const SIZES = [44, 40, 36, 32, 28, 26, 24, 22, 20, 18, 16, 13];

/**
 * Where the pieces of a region spanning the angles `start` to `end` go:
 * the largest size at which every piece fits, whether each count goes
 * beside its cube or under it (whichever lets the pieces be larger), and
 * the centre of each. A piece's box (with a margin) must lie inside the
 * region's room, with every corner between its edges and between the
 * centre's edge and the emperor's band, and must not meet a box placed
 * before it; places are tried from the outside in and from the region's
 * middle out. So no two pieces overlap, here or in a neighbouring region,
 * whatever the counts.
 */
export function layOut(start, end, pieces) {
  if (pieces.length === 0) return { size: SIZES[0], slots: [], stacked: false };
  const digits = Math.max(1, ...pieces.map((piece) => String(piece.castles ? `×${piece.castles}` : piece.count).length));
  // The layout depends on nothing else, and a board is drawn again often.
  const key = `${start} ${end} ${pieces.length} ${digits}`;
  if (!layouts.has(key)) layouts.set(key, searchLayout(start, end, pieces.length, digits));
  return layouts.get(key);
}

/** Layouts found so far, by region span, piece count and count width. */
const layouts = new Map();

/** The search behind `layOut`, for `count` pieces whose counts are `digits` wide. */
function searchLayout(start, end, count, digits) {
  const mid = (start + end) / 2;
  for (const size of SIZES) {
    for (const stacked of [false, true]) {
      const piece = pieceHalf(size, digits, stacked);
      const half = { x: piece.x + MARGIN, y: piece.y + MARGIN };
      for (const outer of size >= ROOMY ? [ROOM_NEAR] : [ROOM_NEAR, ROOM_OUTER]) {
        const slots = place(start, end, half, count, size / 4, false, outer) || place(start, end, half, count, size / 4, true, outer);
        if (slots) return { size, slots: orderSlots(slots, mid), stacked };
      }
    }
  }
  return { size: SIZES[SIZES.length - 1], slots: Array.from({ length: count }, () => polar((ROOM_INNER + ROOM_OUTER) / 2, mid)), stacked: false };
}

/** `wanted` places for boxes of half-sizes `half` in the region, or null
 * if they do not fit; on each arc from the middle out, or with
 * `fromEdges` from the region's edges in (which packs a narrow region
 * better when its pieces sit side by side). */
function place(start, end, half, wanted, step, fromEdges, outer) {
  const mid = (start + end) / 2;
  const spread = (end - start) / 2;
  const placed = [];
  const reach = Math.max(half.x, half.y);
  for (let radius = outer - Math.min(half.x, half.y); radius >= ROOM_INNER + Math.min(half.x, half.y); radius -= step) {
    // Angles on this arc, a few units apart, from the middle outwards.
    const angleStep = ((step / radius) * 180) / Math.PI;
    for (let offset = 0; offset <= spread; offset += angleStep) {
      const away = fromEdges ? spread - offset : offset;
      for (const angle of away === 0 ? [mid] : [mid - away, mid + away]) {
        const [x, y] = polar(radius, angle);
        if (Math.hypot(x - CENTRE, y - CENTRE) + reach < ROOM_INNER) continue;
        if (fits(x, y, half, start, end, outer) && placed.every(([px, py]) => Math.abs(px - x) >= 2 * half.x || Math.abs(py - y) >= 2 * half.y)) {
          placed.push([x, y]);
          if (placed.length === wanted) return placed;
        }
      }
    }
  }
  return null;
}

/** Room kept between a piece and anything else. */
const MARGIN = 3;

/** Whether a box of half-sizes `half` centred on (x, y) lies in the room of the region from `start` to `end`. */
function fits(x, y, half, start, end, outer) {
  for (const [bx, by] of outer > ROOM_NEAR ? bandSpots(start, end) : []) {
    if (Math.abs(bx - x) < half.x + BAND_HALF && Math.abs(by - y) < half.y + BAND_HALF) return false;
  }
  for (const [dx, dy] of [[-1, -1], [1, -1], [1, 1], [-1, 1], [0, -1], [0, 1], [-1, 0], [1, 0]]) {
    const px = x + dx * half.x - CENTRE;
    const py = y + dy * half.y - CENTRE;
    const radius = Math.hypot(px, py);
    // The inner edge is an arc that bulges into a straight side by up to
    // its sagitta: the corners keep that much further out.
    if (radius > outer || radius < ROOM_INNER + (half.x * half.x) / (2 * ROOM_INNER)) return false;
    let angle = (Math.atan2(py, px) * 180) / Math.PI;
    while (angle < start) angle += 360;
    if (angle > end) return false;
  }
  return true;
}

/** The places in reading order round the ring: clockwise along the outer arc, then the next. */
function orderSlots(slots, mid) {
  const angle = ([x, y]) => {
    let a = (Math.atan2(y - CENTRE, x - CENTRE) * 180) / Math.PI;
    while (a < mid - 180) a += 360;
    while (a > mid + 180) a -= 360;
    return a;
  };
  const radius = ([x, y]) => Math.hypot(x - CENTRE, y - CENTRE);
  return [...slots].sort((p, q) => (Math.abs(radius(p) - radius(q)) > 1 ? radius(q) - radius(p) : angle(p) - angle(q)));
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
    const hinted = hintedRegion(state, options.hint) === index;
    const group = svg("g", {
      class: `region owner-${owner}${target ? " target" : ""}${index === state.emperor ? " emperor-here" : ""}${hinted ? " hinted" : ""}`,
      "data-region": regionKey(region),
      "data-index": index,
      "data-focus": target ? `region:${regionKey(region)}` : undefined,
      role: target ? "button" : "img",
      tabindex: target ? 0 : undefined,
      "aria-label": target ? `${target.label}. ${describeRegion(state, region, names)}` : describeRegion(state, region, names),
    });
    const wasMerged = merged && !previous.regions.some((old) => old.territories.join() === region.territories.join());
    group.append(svg("path", { class: `region-shape${wasMerged ? " merged" : ""}`, d: sector(start, end) }));
    region.territories.forEach((territory, k) => {
      const from = start + k * STEP;
      group.append(svg("path", { class: "territory", "data-territory": territory, d: sector(from, from + STEP), "aria-hidden": "true" }));
      const [x, y] = polar(OUTER - 15, from + STEP / 2);
      group.append(svg("text", { class: "territory-number", x, y: y + 9, "text-anchor": "middle", "aria-hidden": "true" }, territory));
    });
    // Knights and castles, laid out in the room the region has.
    const old = previous && previous.regions.find((r) => r.territories.includes(region.territories[0]));
    const pieces = knightsOf(region.knights).map(([family, count]) => ({ family, count }));
    if (region.castles > 0) pieces.push({ castles: region.castles });
    const { size, slots, stacked } = layOut(start, end, pieces);
    pieces.forEach((piece, k) => {
      const [x, y] = slots[k];
      if (piece.castles) {
        const castle = castleGlyph(x, y, size, owner, piece.castles, stacked);
        if (old && (old.castles !== region.castles || old.owner !== region.owner)) castle.classList.add("built");
        group.append(castle);
      } else {
        const knight = cube(piece.family, x, y, size, piece.count, true, stacked);
        if (old && piece.count > (old.knights[piece.family] || 0)) knight.classList.add("arrived");
        group.append(knight);
      }
    });
    if (target) {
      // Beside the emperor when he stands here (a move once round).
      const [x, y] = polar(BAND, index === state.emperor ? mid + 11 : mid);
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

/** The index of the region a hinted move `token` picks, if it picks one. */
function hintedRegion(state, token) {
  if (!token) return null;
  const [verb, first, second] = token.split(" ");
  if (verb === "move") return state.landings[Number(first) - 1] ?? null;
  if (verb === "place" && second !== "court") return regionOf(state, Number(second));
  return null;
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
    svg("circle", { cx: CENTRE, cy: CENTRE - BAND, r: 24 }),
    crown(CENTRE, CENTRE - BAND, 28));
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
    svg("title", {}, label),
    svg("circle", { class: "control-ring", cx: x, cy: y, r: 40 }),
    svg("circle", { class: "control-disc", cx: x, cy: y, r: 30 }),
    svg("text", { class: "cube-letter", x, y: y + 10, "text-anchor": "middle", "font-size": 28 }, family));
    if (holder !== null) {
      // The two markers level with the middle have their names above them,
      // clear of the words in the middle; the others below.
      const above = k === 1 || k === 4;
      marker.append(svg("text", { class: "control-name", x, y: above ? y - 50 : y + 64, "text-anchor": "middle" }, shortName(names[holder])));
    }
    group.append(marker);
  });
  // The words in the middle, below the markers level with it, at a size
  // that keeps them inside the markers beneath.
  const words = state.phase === "over" ? t("game-over") : state.round === 0 ? t("setting-up") : t("round", { round: state.round });
  const size = Math.min(30, 300 / Math.max(1, words.length * 0.58));
  group.append(svg("text", { class: "centre-text", x: CENTRE, y: CENTRE + 50, "text-anchor": "middle", "font-size": size }, words));
  return group;
}

export function shortName(name) {
  const text = String(name ?? "");
  return text.length > 12 ? `${text.slice(0, 11)}…` : text;
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
    viewBox: "0 0 330 214",
    "data-seat": seat,
    role: "group",
    "aria-label": t("seat-board-label", { name: options.name ?? seat }),
  });
  const old = options.previous && options.previous.seats[seat];

  const [hintVerb, hintFirst, hintSecond] = (options.hint || "").split(" ");
  const court = svg("g", {
    class: `court${options.courtTarget ? " target" : ""}${hintVerb === "place" && hintSecond === "court" ? " hinted" : ""}`,
    "data-court": seat,
    "data-focus": options.courtTarget ? "court" : undefined,
    role: options.courtTarget ? "button" : "group",
    tabindex: options.courtTarget ? 0 : undefined,
    "aria-label": options.courtTarget ? t("place-in-court", { family: familyName(options.selected) }) : t("court"),
  });
  court.append(svg("rect", { class: "court-shape", x: 4, y: 4, width: 322, height: 80, rx: 10 }),
    svg("text", { class: "area-label", x: 12, y: 18 }, t("court")));
  FAMILIES.forEach((family, k) => {
    const x = 36 + k * 62;
    const count = view.court[family];
    const piece = cube(family, x, 64, 26, count);
    if (count === 0) piece.classList.add("empty");
    if (old && count > old.court[family]) piece.classList.add("arrived");
    court.append(piece);
    if (state.control[family] === seat) {
      court.append(svg("g", { class: `control fam-${family}`, "data-control": family, role: "img", "aria-label": t("controls", { family: familyName(family) }) },
        svg("title", {}, t("controls", { family: familyName(family) })),
        svg("circle", { class: "control-disc", cx: x + 21, cy: 34, r: 9 }),
        svg("text", { class: "cube-letter", x: x + 21, y: 38, "text-anchor": "middle", "font-size": 11 }, family)));
    }
  });
  hook(court, options.courtTarget && options.onCourt, () => options.onCourt());
  root.append(court);

  const reserve = svg("g", { class: "reserve", "data-reserve": seat, role: "group", "aria-label": t("reserve") });
  reserve.append(svg("text", { class: "area-label", x: 12, y: 104 }, t("reserve")));
  const inReserve = knightsOf(view.reserve);
  if (view.jokers > 0) inReserve.push(["J", view.jokers]);
  // Five families and the jokers fit in the row when each has a little less room.
  const spacing = inReserve.length > 5 ? 54 : 62;
  inReserve.forEach(([family, count], k) => {
    const x = (inReserve.length > 5 ? 30 : 36) + k * spacing;
    const choosable = options.reserveChoices && options.reserveChoices.has(family);
    const piece = cube(family, x, 134, 30, count);
    if (family === "J") piece.classList.add("joker");
    if (choosable) {
      piece.classList.add("choice");
      // The piece is picked anywhere in its share of the row: at least
      // 44 by 44 pixels on a phone, as fingers need.
      piece.prepend(svg("rect", { class: "hit", x: x - 21, y: 109, width: spacing - 4, height: 50 }));
      piece.dataset.focus = `knight:${family}`;
      if (options.selected === family) piece.classList.add("selected");
      if (hintVerb === "place" && hintFirst === family) piece.classList.add("hinted");
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
  if (inReserve.length === 0) reserve.append(svg("text", { class: "muted", x: 24, y: 140 }, t("reserve-empty")));
  root.append(reserve);

  const discs = svg("g", { class: "discs", role: "group", "aria-label": t("discs") });
  for (let disc = 1; disc <= 5; disc += 1) {
    const x = 36 + (disc - 1) * 62;
    const free = view.discs.includes(disc);
    const chosen = view.disc === disc;
    const choosable = options.discChoices && options.discChoices.has(disc);
    const state_ = chosen ? "chosen" : free ? "free" : "used";
    const hinted = hintVerb === "disc" && Number(hintFirst) === disc;
    const item = svg("g", {
      class: `disc disc-${state_}${choosable ? " choice" : ""}${hinted ? " hinted" : ""}`,
      "data-disc": disc,
      "data-focus": choosable ? `disc:${disc}` : undefined,
      "data-state": state_,
      role: choosable ? "button" : "img",
      tabindex: choosable ? 0 : undefined,
      "aria-label": t(`disc-${state_}`, { disc }),
    },
    choosable ? svg("rect", { class: "hit", x: x - 29, y: 163, width: 58, height: 50 }) : null,
    svg("circle", { cx: x, cy: 188, r: 20 }),
    svg("text", { x, y: 195, "text-anchor": "middle" }, disc));
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

/**
 * One kind of thing on the board, drawn by the code that draws the board,
 * in a small picture of its own: for the rules page's key to the screen.
 * `kind` is `emperor`, `control` (a ring held by the black castles),
 * `control-open` (a ring nobody holds), `castle`, `knight`, `target` (a
 * lit place with its "+") or `territory`.
 */
export function pieceSample(kind) {
  const picture = (width, ...children) => svg("svg", {
    class: `sample sample-${kind}`, viewBox: `0 0 ${width} 60`, width, height: 60, "aria-hidden": "true", "data-sample": kind,
  }, ...children);
  switch (kind) {
    case "emperor":
      return picture(60, svg("g", { class: "emperor-glyph" }, svg("circle", { cx: 30, cy: 30, r: 24 }), crown(30, 30, 28)));
    case "control":
    case "control-open":
      return picture(60, svg("g", { class: `control fam-B holder-${kind === "control" ? "black" : "none"}` },
        svg("circle", { class: "control-ring", cx: 30, cy: 30, r: 24 }),
        svg("circle", { class: "control-disc", cx: 30, cy: 30, r: 18 }),
        svg("text", { class: "cube-letter", x: 30, y: 36, "text-anchor": "middle", "font-size": 18 }, "B")));
    case "castle":
      return picture(90, castleGlyph(45, 30, 36, "black", 2));
    case "knight":
      return picture(90, cube("R", 45, 30, 36, 3, true));
    case "target":
      return picture(60, svg("g", { class: "region target" },
        svg("rect", { class: "region-shape", x: 4, y: 4, width: 52, height: 52, rx: 6 }),
        svg("g", { class: "badge" }, svg("circle", { cx: 30, cy: 30, r: 18 }), svg("text", { x: 30, y: 37, "text-anchor": "middle" }, "+"))));
    default:
      return picture(60, svg("g", { class: "region" }, svg("text", { class: "territory-number", x: 30, y: 38, "text-anchor": "middle" }, "7")));
  }
}
