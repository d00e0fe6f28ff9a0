// Building the page: every text goes in with textContent, never as HTML, so a hostile name
// (a player called "<img onerror=...>") is shown as the characters it is.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

const SVG = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "text") el.textContent = value;
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

export function clear(el) {
  el.replaceChildren();
  return el;
}

// A JSON value as nested lists a person can read (the generic renderer's view of a game).
export function dataTree(value, depth = 0) {
  if (value === null || value === undefined) return h("span", { class: "nil", text: "none" });
  if (Array.isArray(value)) {
    if (value.length === 0) return h("span", { class: "nil", text: "(empty)" });
    if (value.every((v) => v === null || typeof v !== "object")) {
      return h("span", { text: value.map((v) => (v === null ? "?" : String(v))).join(", ") });
    }
    return h("ol", { start: 0 }, value.map((v) => h("li", {}, dataTree(v, depth + 1))));
  }
  if (typeof value === "object") {
    const rows = Object.entries(value).map(([k, v]) =>
      h("div", { class: "kv" }, h("dt", { text: k.replaceAll("_", " ") }),
        h("dd", {}, dataTree(v, depth + 1))));
    return h("dl", { class: depth ? "tree nested" : "tree" }, rows);
  }
  return h("span", { text: String(value) });
}

// Text shown as symbols and read in words: the eye gets ``shown`` ("♥ 3/5"), a screen reader
// ``said`` ("health 3 of 5"), so that a control's name says what the eye sees.
export function spoken(shown, said, attrs = {}) {
  return h("span", attrs, h("span", { "aria-hidden": "true", text: shown }),
    h("span", { class: "sr-only", text: said }));
}

// Words for a screen reader only (a pause between parts, a move's label on a card).
export function unseen(text) {
  return h("span", { class: "sr-only", text });
}

// One more fact on a card or tile (a span of class ``cls``), read after a pause.
export function fact(cls, ...content) {
  return h("span", { class: cls }, unseen(", "), ...content);
}

// A count and its noun in words: counted(1, "buy") is "1 buy", counted(2, "buy") "2 buys".
export function counted(n, noun, plural = `${noun}s`) {
  return `${n} ${n === 1 ? noun : plural}`;
}
