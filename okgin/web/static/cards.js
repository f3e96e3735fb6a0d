// Cards drawn as small SVGs (no image files, no other host). A card is RECORD.md text: "Qs".
import { svg as el } from "./dom.js";

export const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
export const SUIT_NAMES = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };
const RANK_NAMES = {
  A: "ace", T: "ten", J: "jack", Q: "queen", K: "king",
};

export function rankText(card) {
  return card[0] === "T" ? "10" : card[0];
}

export function cardName(card) {
  const r = RANK_NAMES[card[0]] || card[0];
  return `${r} of ${SUIT_NAMES[card[1]]}`;
}

export function cardLabel(card) {
  return `${rankText(card)}${SUITS[card[1]]}`;
}

// The face of one card, or its back when card is null.
export function cardSvg(card) {
  const svg = el("svg", { viewBox: "0 0 60 84", class: "face", "aria-hidden": "true" });
  if (card === null) {
    svg.append(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "back" }));
    svg.append(el("rect", { x: 7, y: 7, width: 46, height: 70, rx: 3, class: "back-inner" }));
    return svg;
  }
  const suit = card[1];
  svg.classList.add(`suit-${suit}`);
  svg.append(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "paper" }));
  svg.append(el("text", { x: 6, y: 22, class: "rank" }, rankText(card)));
  svg.append(el("text", { x: 6, y: 40, class: "pip" }, SUITS[suit]));
  svg.append(el("text", { x: 54, y: 76, class: "big", "text-anchor": "end" }, SUITS[suit]));
  svg.append(el("text", { x: 54, y: 22, class: "letter", "text-anchor": "end" }, suit));
  return svg;
}

// A card as a button (for the hand and the pile) or a plain figure.
export function cardNode(card, { button = false, title = null } = {}) {
  const node = document.createElement(button ? "button" : "span");
  node.className = "card";
  if (button) node.type = "button";
  if (card !== null) {
    node.dataset.card = card;
    node.setAttribute("aria-label", title || cardName(card));
  } else {
    node.setAttribute("aria-label", title || "a face-down card");
  }
  node.append(cardSvg(card));
  return node;
}
