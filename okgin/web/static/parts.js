// The pieces of a hand that the table and the replay page draw the same way from a view
// (docs/view.md): the hand's chips (upcard, knock limit, doubling, target), the knocker's
// spread, the discard pile's list, the cards a seat took, and the end of the hand in words. Every figure is the server's; name(seat) gives the page's name.
import { cardLabel, cardNode } from "./cards.js";
import { el } from "./dom.js";
import { breakdownLines, finalLines } from "./words.js";

// The hand's number, the upcard, the knock limit it set, the page's own chips (`extra`), the
// doubling mark and the target.
export function infoChips(v, extra = []) {
  const parts = [
    el("span", { class: "chip", text: `Hand ${v.hand_number}` }),
    el("span", { class: "chip upcard", text: `Upcard ${cardLabel(v.upcard)}` }),
    el("span", { class: "chip limit", text: v.knock_limit === 0 ? "Gin only" : `Knock limit ${v.knock_limit}` }),
    ...extra,
  ];
  if (v.multiplier > 1) parts.push(el("span", { class: "chip double", text: `Doubled ×${v.multiplier}` }));
  if (v.rules.format !== "single") parts.push(el("span", { class: "chip", text: `Target ${v.target}` }));
  return parts;
}

// The knocker's melds, numbered, then its deadwood: one row each.
export function spreadRows(v) {
  const rows = v.melds.map((m, i) => {
    const row = el("div", { class: "meld", "data-meld": String(i) }, el("span", { class: "meld-no", text: `${i + 1}` }));
    for (const c of m) row.append(cardNode(c));
    return row;
  });
  if (v.knock_deadwood.length) {
    const row = el("div", { class: "meld deadwood" }, el("span", { class: "meld-no", text: "dw" }));
    for (const c of v.knock_deadwood) row.append(cardNode(c));
    rows.push(row);
  }
  return rows;
}

// The last eight cards of the discard pile, the latest first, with who threw each (a knock's
// discard, face down, left out).
export function pileList(v, name) {
  const list = el("ol", { class: "pile-list", "aria-label": "the discard pile, who threw each card" });
  const faceDown = v.knocker !== null && v.knock_discard === null;
  const shown = faceDown && v.pile.length ? v.pile.slice(0, -1) : v.pile;
  for (const p of shown.slice(-8).reverse()) {
    list.append(el("li", { text: `${cardLabel(p.card)} ${p.by === null ? "upcard" : "by " + name(p.by)}` }));
  }
  return list;
}

// The cards a seat took from the pile ("took …"), or null when it took none.
export function takenRow(cards) {
  if (!cards.length) return null;
  const row = el("div", { class: "taken" }, el("span", { text: "took " }));
  for (const c of cards) row.append(cardNode(c));
  return row;
}

// The end of the hand: its heading, the core's scoring line by line, the final scores and the
// winner once the game is over.
export function resultParts(v, name) {
  const parts = [el("h2", { text: v.complete ? "The game is over" : "The hand is over" })];
  for (const line of breakdownLines(v.breakdown, name)) parts.push(el("p", { class: "line", text: line }));
  for (const line of finalLines(v.finals, name)) parts.push(el("p", { class: "line final", text: line }));
  if (v.complete) parts.push(el("p", { class: "line winner", text: v.winner === null ? "A tie." : `${name(v.winner)} won the game.` }));
  return parts;
}
