// The score sheet of a game, for the table and the replay page: a column per seat, or in
// Hollywood three games side by side (the core's hollywood_games, the frame's help.hollywood,
// RULES.md §9), then the final scores as the core made them (view.finals). Every figure is the
// server's; name(seat) gives the page's name for a seat.
import { el } from "./dom.js";

// The nodes of the sheet: its heading, its table, and the finals table once the game is over.
export function scoreSheet(v, hollywood, name) {
  const finals = finalsTable(v, name);
  const tail = finals ? [finals] : [];
  if (hollywood) {
    return [
      el("h2", { text: "Score sheet · Hollywood: three games at once" }),
      el("div", { class: "sheet-scroll" }, el("table", { class: "hollywood" }, ...hollywoodRows(v, hollywood, name))),
      ...tail,
    ];
  }
  return [el("h2", { text: "Score sheet" }), el("table", {}, ...plainRows(v, name)), ...tail];
}

function results(v) {
  return v.result ? [...v.past_results, v.result] : [...v.past_results];
}

function plainRows(v, name) {
  const head = el("tr", {}, el("th", { text: "Hand" }));
  for (let s = 0; s < v.players; s++) head.append(el("th", { text: name(s) }));
  const rows = [head];
  results(v).forEach((r, i) => {
    const row = el("tr", {}, el("td", { text: `${i + 1} ${r.result}` }));
    for (let s = 0; s < v.players; s++) row.append(el("td", { text: String(r.points[s]) }));
    rows.push(row);
  });
  const total = el("tr", { class: "total" }, el("td", { text: "Total" }));
  for (let s = 0; s < v.players; s++) total.append(el("td", { text: String(v.totals[s] ?? 0) }));
  rows.push(total);
  return rows;
}

// Hollywood: each hand's points in the games it entered, each game's total and winner.
function hollywoodRows(v, games, name) {
  const top = el("tr", {}, el("th", { text: "" }));
  const names = el("tr", {}, el("th", { text: "Hand" }));
  games.forEach((g, i) => {
    top.append(el("th", { class: "game", colspan: String(v.players), text: `Game ${i + 1}${g.closed ? ` · ${name(g.winner)} won` : ` · to ${g.target}`}` }));
    for (let s = 0; s < v.players; s++) names.append(el("th", { class: s === 0 ? "first" : "", text: name(s) }));
  });
  const rows = [top, names];
  results(v).forEach((r, i) => {
    const row = el("tr", {}, el("td", { text: `${i + 1} ${r.result}` }));
    for (const g of games) {
      const entry = g.hands[i];
      for (let s = 0; s < v.players; s++) {
        row.append(el("td", { class: s === 0 ? "first" : "", text: entry ? String(entry[s] || "") : "" }));
      }
    }
    rows.push(row);
  });
  const total = el("tr", { class: "total" }, el("td", { text: "Total" }));
  for (const g of games) {
    for (let s = 0; s < v.players; s++) total.append(el("td", { class: s === 0 ? "first" : "", text: String(g.totals[s]) }));
  }
  rows.push(total);
  return rows;
}

// The end of the game as the core made it (view.finals: points, boxes, game bonus, shutout).
function finalsTable(v, name) {
  if (!v.finals || !v.finals.length) return null;
  const head = el("tr", {}, el("th", { text: "" }), el("th", { text: "points" }), el("th", { text: "boxes" }),
    el("th", { text: "game" }), el("th", { text: "shutout" }), el("th", { text: "final" }));
  const rows = [head];
  v.finals.forEach((f, i) => {
    for (const l of f.lines) {
      rows.push(el("tr", {},
        el("td", { text: `${v.finals.length > 1 ? `Game ${i + 1}: ` : ""}${name(l.seat)}` }),
        el("td", { text: String(l.points) }),
        el("td", { text: `${l.boxes} × ${l.box_bonus}` }),
        el("td", { text: String(l.game_bonus) }),
        el("td", { text: l.shutout ? "× 2" : "" }),
        el("td", { text: String(l.final) })));
    }
  });
  return el("table", { class: "finals", "aria-label": "the final scores" }, ...rows);
}
