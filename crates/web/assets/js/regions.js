// Regions as the state view lists them, named and found: pure functions of
// a `carolus-state/1`, shared by the board, the words and the table's
// model (which must not draw, and so does not import the board).

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
