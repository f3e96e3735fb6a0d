// The statistics page: the figures the server worked out from the records of this browser's
// finished games (POST /api/stats, docs/protocol.md), as numbers and as charts drawn here in
// SVG. The browser computes nothing but the bars' lengths.
import { $, el, svg } from "./dom.js";

const pct = (a, b) => (b ? Math.round((100 * a) / b) : 0);
const num = (x) => (x === null || x === undefined ? "–" : String(x));

const COLUMNS = [
  ["games", "Games"], ["games_won", "won"], ["hands", "Hands"], ["hands_won", "won"],
  ["points_per_hand", "Points a hand"], ["net_per_hand", "Net a hand"], ["gins", "Gins"],
  ["knocks", "Knocks"], ["undercuts", "Undercuts"], ["undercut_against", "Undercut"],
];

function table(rows, first) {
  const head = el("tr", {}, el("th", { text: first }), ...COLUMNS.map(([, t]) => el("th", { text: t })));
  const body = rows.map((r) => el("tr", { "data-label": r.label }, el("td", { text: r.label }),
    ...COLUMNS.map(([k]) => el("td", { class: k, text: num(r[k]) }))));
  return el("table", { class: "stats-table" }, el("thead", {}, head), el("tbody", {}, ...body));
}

// One horizontal bar chart: per row, the share of games won, of hands won, and the points a
// hand (scaled to the largest).
function chart(rows, title) {
  const rowH = 54;
  const left = 150;
  const width = 560;
  const height = 28 + rows.length * rowH;
  const most = Math.max(1, ...rows.map((r) => Math.abs(r.points_per_hand || 0)));
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, class: "chart", role: "img", "aria-label": title });
  root.append(svg("title", {}, title));
  const span = width - left - 110;
  root.append(svg("line", { x1: left, y1: 20, x2: left, y2: height - 4, class: "axis" }));
  rows.forEach((r, i) => {
    const y = 24 + i * rowH;
    const label = r.label.length > 22 ? `${r.label.slice(0, 21)}…` : r.label;
    root.append(svg("text", { x: 4, y: y + 26 }, label));
    const bars = [
      ["bar-won", pct(r.games_won, r.games) / 100, `${pct(r.games_won, r.games)}% of games`],
      ["bar-hands", pct(r.hands_won, r.hands) / 100, `${pct(r.hands_won, r.hands)}% of hands`],
      ["bar-points", Math.max(0, r.points_per_hand || 0) / most, `${num(r.points_per_hand)} a hand`],
    ];
    bars.forEach(([cls, share, text], j) => {
      const w = Math.max(1, share * span);
      const by = y + j * 15;
      root.append(svg("rect", { x: left + 1, y: by, width: w.toFixed(1), height: 12, class: cls }));
      root.append(svg("text", { x: left + 6 + w, y: by + 10 }, text));
    });
  });
  return root;
}

function legend() {
  return el("p", { class: "chart-legend" },
    el("span", { class: "swatch won" }), "games won",
    el("span", { class: "swatch hands" }), "hands won",
    el("span", { class: "swatch points" }), "points a hand");
}

function figures(t) {
  const items = [
    [`${t.games_won} of ${t.games}`, "games won"],
    [`${t.hands_won} of ${t.hands}`, "hands won"],
    [num(t.points_per_hand), "points a hand"],
    [num(t.net_per_hand), "net points a hand"],
    [String(t.gins), "gins"],
    [String(t.undercuts), "undercuts made"],
    [String(t.undercut_against), "times undercut"],
  ];
  return el("ul", { class: "stats-figures" },
    ...items.map(([n, t2]) => el("li", {}, el("span", { class: "figure", text: n }), t2)));
}

async function show() {
  const games = JSON.parse(localStorage.getItem("okgin-games") || "{}");
  const items = Object.entries(games).map(([table, g]) => ({ table, token: g.token })).slice(0, 500);
  let data = { games: [], total: null, by_opponent: [], by_rules: [], skipped: { unknown: 0, unfinished: 0 } };
  if (items.length) {
    const res = await fetch("/api/stats", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ games: items }),
    });
    const body = await res.json();
    if (!res.ok) {
      $("error").textContent = body.error;
      return;
    }
    data = body;
  }
  $("none").hidden = data.games.length > 0;
  if (!data.games.length) return;
  $("figures").replaceChildren(el("h2", { text: "All games" }), figures(data.total));
  $("by-opponent").replaceChildren(el("h2", { text: "By opponent" }), table(data.by_opponent, "Opponent"),
    chart(data.by_opponent, "games won, hands won and points a hand by opponent"), legend());
  $("by-rules").replaceChildren(el("h2", { text: "By rule set" }), table(data.by_rules, "Rules"),
    chart(data.by_rules, "games won, hands won and points a hand by rule set"), legend());
  const s = data.skipped;
  $("skipped").textContent = s.unfinished ? `${s.unfinished} game${s.unfinished > 1 ? "s" : ""} still being played ${s.unfinished > 1 ? "are" : "is"} not counted.` : "";
}

show().catch(() => { $("error").textContent = "the server cannot be reached"; });
