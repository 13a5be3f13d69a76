// Small helpers every page uses: building HTML and SVG elements, the banner
// that says when the connection to the server is lost, and bringing an
// element into view.

/** Creates an HTML element with attributes and children. */
export function el(tag, attributes = {}, ...children) {
  return fill(document.createElement(tag), attributes, children);
}

/** Creates an SVG element with attributes and children. */
export function svg(tag, attributes = {}, ...children) {
  return fill(document.createElementNS("http://www.w3.org/2000/svg", tag), attributes, children);
}

/** Sets `attributes` on `element` (absent, null and false ones are left
 * out; true is written as an empty value) and appends `children`, which
 * may be nested lists, text, numbers or elements. */
function fill(element, attributes, children) {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    element.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return element;
}

/** Shows `text` in the banner at the top, or hides it (`null`). */
export function showBanner(text) {
  const banner = document.getElementById("banner");
  if (!banner) return;
  banner.hidden = !text;
  banner.textContent = text || "";
}

/** Scrolls the page so that `element` is in view, unless it is already
 * (a page that does not need to move stays put). */
export function showInView(element) {
  const box = element.getBoundingClientRect();
  if (box.top >= 0 && box.bottom <= window.innerHeight) return;
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  element.scrollIntoView({ block: box.height > window.innerHeight ? "start" : "nearest", behavior: still ? "auto" : "smooth" });
}
