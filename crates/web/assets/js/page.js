// Small helpers every page uses: building HTML elements, and the banner
// that says when the connection to the server is lost.

/** Creates an HTML element with attributes and children. */
export function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (value === true) element.setAttribute(name, "");
    else element.setAttribute(name, value);
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
