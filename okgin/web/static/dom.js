// The small DOM helpers every page uses: an element by id, an element built with its
// attributes ("class", "text" as its text, any other as an attribute) and children, an SVG
// element with its attributes and text, and a display option kept in this browser.
export const $ = (id) => document.getElementById(id);

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

const SVG = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

// The checkbox `id` as a display option kept in this browser (localStorage "okgin-<id>"): while
// ticked, the page's body has the class `cls`.
export function keptOption(id, cls) {
  const box = $(id);
  box.checked = localStorage.getItem(`okgin-${id}`) === "1";
  document.body.classList.toggle(cls, box.checked);
  box.addEventListener("change", () => {
    localStorage.setItem(`okgin-${id}`, box.checked ? "1" : "0");
    document.body.classList.toggle(cls, box.checked);
  });
}
