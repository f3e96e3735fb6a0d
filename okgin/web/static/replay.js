// The replay page (docs/web.md): your finished games and an upload form, or one game step by
// step (?table=ID or ?record=SHA; &seat=N shows that seat, else everything). Every step is the
// server's (the core's view of that moment, docs/protocol.md "Replays"); the review marks are
// okgin review's JSON (docs/review.md). Nothing here applies a rule.
import { cardLabel, cardNode } from "./cards.js";
import { $, el, keptOption } from "./dom.js";
import { infoChips, pileList, resultParts, spreadRows, takenRow } from "./parts.js";
import { scoreSheet } from "./sheet.js";
import { actionText } from "./words.js";

const params = new URLSearchParams(location.search);
const MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

const st = {
  base: null, // the API path of the replay
  index: null,
  step: 0,
  seat: null, // a seat number, or null: everything
  cache: new Map(),
  data: null, // the step shown
  reviews: new Map(), // seat → review document
  want: 0, // the step last asked for (answers to older requests are dropped)
};

function name(seat) {
  if (seat === null || seat === undefined) return "the upcard";
  return (st.index && st.index.players[seat]) || `Seat ${seat + 1}`;
}

async function getJson(url, options) {
  const res = await fetch(url, options);
  let body = null;
  try { body = await res.json(); } catch { body = { error: `the server said ${res.status}` }; }
  return { res, body };
}

// ---- the list of finished games and the upload -------------------------------------------
function myGames() {
  const games = JSON.parse(localStorage.getItem("okgin-games") || "{}");
  return Object.entries(games).sort((a, b) => b[1].at - a[1].at)
    .map(([table, g]) => ({ table, token: g.token }));
}

async function showList() {
  $("list").hidden = false;
  document.title = "okgin — your finished games";
  const games = myGames();
  let rows = [];
  if (games.length) {
    const { res, body } = await getJson("/api/stats", {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ games: games.slice(0, 500) }),
    });
    if (res.ok) rows = body.games;
    else $("error").textContent = body.error;
  }
  $("no-finished").hidden = rows.length > 0;
  const tbody = $("finished").querySelector("tbody");
  for (const g of rows) {
    const link = el("a", { href: `/replay?table=${encodeURIComponent(g.table)}&seat=${g.seat}`, class: "replay", text: "replay" });
    const rec = el("a", { href: `/api/tables/${encodeURIComponent(g.table)}/record`, text: "record" });
    tbody.append(el("tr", { "data-table": g.table },
      el("td", { text: g.players.map((p, i) => (i === g.seat ? `${p} (you)` : p)).join(", ") }),
      el("td", { text: g.rules }),
      el("td", { text: String(g.hands) }),
      el("td", { text: g.totals.join(" – ") }),
      el("td", {}, link, " · ", rec)));
  }
  $("upload").addEventListener("submit", upload);
}

async function upload(event) {
  event.preventDefault();
  $("upload-error").textContent = "";
  const file = $("record-file").files[0];
  if (!file) return;
  const { res, body } = await getJson("/api/records", { method: "POST", body: file });
  if (!res.ok) {
    $("upload-error").textContent = `This file cannot be replayed: ${body.error}`;
    return;
  }
  try { sessionStorage.setItem(`okgin-record-${body.record}`, await file.text()); } catch { /* full */ }
  location.assign(`/replay?record=${body.record}`);
}

// ---- one game -----------------------------------------------------------------------------
async function loadIndex() {
  let { res, body } = await getJson(st.base);
  const kept = params.get("record") && sessionStorage.getItem(`okgin-record-${params.get("record")}`);
  if (res.status === 404 && kept) { // the server forgot the upload (a restart): send it again
    await fetch("/api/records", { method: "POST", body: kept });
    ({ res, body } = await getJson(st.base));
  }
  if (!res.ok) throw new Error(body.error);
  return body;
}

async function showReplay() {
  $("replay").hidden = false;
  try {
    st.index = await loadIndex();
  } catch (err) {
    $("error").textContent = err.message;
    return;
  }
  const ix = st.index;
  const what = ix.table ? "Game" : "Record";
  $("r-title").textContent = `${what}: ${ix.players.join(" v ")} · ${ix.totals.join(" – ")}`;
  document.title = `okgin — replay of ${ix.players.join(" v ")}`;
  for (const h of ix.hands) $("r-hand").append(new Option(`${h.hand} of ${ix.hands.length}`, String(h.hand)));
  for (let s = 0; s < ix.seats; s++) $("r-seat").append(new Option(`what ${name(s)} saw`, String(s)));
  $("r-seat").append(new Option("everything", "all"));
  const asked = params.get("seat");
  st.seat = asked !== null && /^\d+$/.test(asked) && Number(asked) < ix.seats ? Number(asked) : null;
  $("r-seat").value = st.seat === null ? "all" : String(st.seat);
  const at = Number(params.get("step"));
  $("r-first").addEventListener("click", () => go(0));
  $("r-prev").addEventListener("click", () => go(st.step - 1));
  $("r-next").addEventListener("click", () => go(st.step + 1));
  $("r-last").addEventListener("click", () => go(ix.steps - 1));
  $("r-hand").addEventListener("change", () => go(ix.hands[Number($("r-hand").value) - 1].first));
  $("r-seat").addEventListener("change", () => {
    const v = $("r-seat").value;
    st.seat = v === "all" ? null : Number(v);
    go(st.step);
  });
  $("r-review").addEventListener("click", startReview);
  document.addEventListener("keydown", keys);
  await go(Number.isInteger(at) && at > 0 ? Math.min(at, ix.steps - 1) : 0);
}

function keys(event) {
  if (event.target instanceof HTMLSelectElement || event.target instanceof HTMLInputElement) return;
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const ix = st.index;
  const hand = st.data ? st.data.hand : 1;
  const moves = {
    ArrowRight: () => st.step + 1,
    ArrowLeft: () => st.step - 1,
    Home: () => 0,
    End: () => ix.steps - 1,
    PageDown: () => (hand < ix.hands.length ? ix.hands[hand].first : ix.steps - 1),
    PageUp: () => {
      const first = ix.hands[hand - 1].first;
      return st.step > first ? first : hand > 1 ? ix.hands[hand - 2].first : 0;
    },
  };
  if (moves[event.key]) {
    event.preventDefault();
    go(moves[event.key]());
  }
}

async function fetchStep(step, seat) {
  const key = `${step}:${seat === null ? "all" : seat}`;
  if (!st.cache.has(key)) {
    const { res, body } = await getJson(`${st.base}/${step}?seat=${seat === null ? "all" : seat}`);
    if (!res.ok) throw new Error(body.error);
    st.cache.set(key, body);
  }
  return st.cache.get(key);
}

async function go(step) {
  const ix = st.index;
  step = Math.max(0, Math.min(ix.steps - 1, step));
  st.want = step;
  let data;
  try {
    data = await fetchStep(step, st.seat);
  } catch (err) {
    $("error").textContent = err.message;
    return;
  }
  if (st.want !== step) return; // a later step was asked for meanwhile
  $("error").textContent = "";
  st.step = step;
  st.data = data;
  render();
  const url = new URL(location.href);
  url.searchParams.set("step", String(step));
  if (st.seat === null) url.searchParams.delete("seat"); else url.searchParams.set("seat", String(st.seat));
  history.replaceState(null, "", url);
}

// ---- drawing ------------------------------------------------------------------------------
function render() {
  const d = st.data;
  const v = d.view;
  const ix = st.index;
  const h = ix.hands[d.hand - 1];
  $("r-where").textContent = `Hand ${d.hand} of ${ix.hands.length} · action ${d.action} of ${h.actions} · step ${d.step + 1} of ${ix.steps}`;
  $("r-hand").value = String(d.hand);
  $("r-first").disabled = $("r-prev").disabled = d.step === 0;
  $("r-next").disabled = $("r-last").disabled = d.step === ix.steps - 1;
  const turn = v.to_play === null ? (v.complete ? "the game is over" : "the hand is over") : `${name(v.to_play)} to play`;
  $("status").textContent = `${d.seat === null ? "everything" : `what ${name(d.seat)} saw`} · ${turn}`;
  renderInfo(v);
  renderSeats(d, v);
  renderMiddle(v);
  renderSpread(v);
  renderResult(v);
  renderScores(d, v);
  renderLog(d, v);
  renderReview();
}

function renderInfo(v) {
  $("r-info").replaceChildren(...infoChips(v, [el("span", { class: "chip", text: `Dealer ${name(v.dealer)}` })]));
}

// The cards of one seat: its own view's (with the core's arrangement), everything's, the
// revealed hands once the hand is over, or only their count.
function seatCards(d, v, s) {
  if (d.seat === s) return { cards: v.hand, help: d.help || {} };
  if (d.seat === null && d.hands) return { cards: d.hands[s].cards, help: d.hands[s] };
  if (v.revealed) return { cards: v.revealed[s], help: {} };
  return null;
}

function renderSeats(d, v) {
  const boxes = [];
  for (let s = 0; s < v.players; s++) {
    const box = el("div", { class: `r-seat${v.to_play === s ? " on-turn" : ""}`, "data-seat": String(s) });
    box.append(el("div", { class: "who", text: `${name(s)}${s === v.dealer ? " (dealer)" : ""}${d.seat === s ? " · this view" : ""}` }));
    const known = seatCards(d, v, s);
    if (known) {
      const hand = el("div", { class: "hand" });
      const groups = (known.help.melds || []).map((m) => ({ cards: m, meld: true }));
      if (known.help.deadwood_cards) {
        if (known.help.deadwood_cards.length) groups.push({ cards: known.help.deadwood_cards, meld: false });
      } else {
        groups.push({ cards: known.cards, meld: false });
      }
      for (const g of groups) {
        const group = el("div", { class: `group${g.meld ? " meld" : " loose"}` });
        for (const c of g.cards) group.append(cardNode(c));
        hand.append(group);
      }
      box.append(hand);
      if (known.help.deadwood !== undefined) box.append(el("div", { class: "count", text: `deadwood ${known.help.deadwood}` }));
    } else {
      const backs = el("div", { class: "hand backs" });
      for (let i = 0; i < v.hand_sizes[s]; i++) backs.append(cardNode(null));
      box.append(el("div", { class: "count", text: `${v.hand_sizes[s]} cards, not seen` }), backs);
    }
    const taken = takenRow(v.taken[s]);
    if (taken) box.append(taken);
    boxes.push(box);
  }
  $("r-seats").replaceChildren(...boxes);
}

function renderMiddle(v) {
  const stock = el("div", { class: "pile-button" }, cardNode(null), el("span", { class: "stock-count", text: `${v.stock_size} in stock` }));
  const top = v.top_discard ? cardNode(v.top_discard) : el("span", { class: "note", text: "no discard" });
  $("r-middle").replaceChildren(stock, el("div", { class: "pile-button" }, top), pileList(v, name));
}

function renderSpread(v) {
  const box = $("r-spread");
  box.hidden = v.knocker === null;
  if (v.knocker === null) return;
  const parts = [el("h2", { text: `${name(v.knocker)}'s spread` }), ...spreadRows(v)];
  for (const l of v.layoffs) parts.push(el("p", { class: "line", text: `${name(l.seat)} laid off ${cardLabel(l.card)} on meld ${l.meld + 1}` }));
  box.replaceChildren(...parts);
}

function renderResult(v) {
  const box = $("r-result");
  box.hidden = !v.result;
  if (!v.result) return;
  box.replaceChildren(...resultParts(v, name));
}

// The score sheet, Hollywood's three games from the step's help (the core's, as the table's).
function renderScores(d, v) {
  $("r-scores").replaceChildren(...scoreSheet(v, d.help && d.help.hollywood, name));
}

// The review of the seat shown, as a map "hand:action" → decision.
function notes() {
  const rev = st.seat === null ? null : st.reviews.get(st.seat);
  const out = new Map();
  if (rev) for (const d of rev.decisions) out.set(`${d.hand}:${d.action}`, d);
  return out;
}

function renderLog(d, v) {
  const marks = notes();
  const first = st.index.hands[d.hand - 1].first;
  const items = v.log.map((a, i) => {
    const note = marks.get(`${d.hand}:${i + 1}`);
    const li = el("li", { class: `${i + 1 === d.action ? "current" : ""}${note ? ` mark-${note.class}` : ""}`, "data-action": String(i + 1) });
    const jump = el("button", { type: "button", class: "r-jump", text: actionText(a, name) });
    jump.addEventListener("click", () => go(first + i + 1));
    li.append(jump);
    if (note && MARKS[note.class]) li.append(el("span", { class: "mark", text: ` ${MARKS[note.class]} ${note.class}, ${note.loss.toFixed(1)} points` }));
    return li;
  });
  $("r-log").replaceChildren(...items);
  const cur = $("r-log").querySelector("li.current");
  if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: "nearest" });
}

// ---- review ---------------------------------------------------------------------------------
function budget() {
  const b = Number(params.get("budget"));
  return b > 0 ? b : undefined;
}

function renderReview() {
  const button = $("r-review");
  const d = st.data;
  if (st.seat === null) {
    button.disabled = true;
    button.textContent = "Review";
    $("r-review-status").textContent = st.reviewing ? "" : "choose a seat to review its decisions";
  } else {
    button.disabled = Boolean(st.reviewing) || st.reviews.has(st.seat);
    button.textContent = `Review ${name(st.seat)}'s decisions`;
    if (!st.reviewing) {
      const rev = st.reviews.get(st.seat);
      $("r-review-status").textContent = rev ? reviewSummary(rev) : "";
    }
  }
  const note = notes().get(`${d.hand}:${d.action}`);
  $("r-note").replaceChildren();
  $("r-note").className = "r-note";
  if (note) {
    $("r-note").classList.add(`mark-${note.class}`);
    let text = `${name(note.seat)}: ${note.class}${MARKS[note.class] ? ` ${MARKS[note.class]}` : ""}`;
    if (note.class !== "best" || note.loss > 0) text += `, lost ${note.loss.toFixed(1)} ± ${note.loss_se.toFixed(1)} points`;
    if (note.class !== "best") text += ` (best: ${actionText(note.best, () => "").trim()})`;
    if (note.reason) text += `: ${note.reason}`;
    $("r-note").textContent = text;
  }
}

function reviewSummary(rev) {
  const b = rev.summary.seats[0];
  if (!b) return "";
  const c = b.classes;
  return `${b.decisions} decisions, ${b.points_lost.toFixed(1)} points lost (${b.lost_per_decision.toFixed(2)} a decision), accuracy ${b.accuracy.toFixed(0)}% · ${c.inaccuracy} inaccuracies, ${c.mistake} mistakes, ${c.blunder} blunders`;
}

async function startReview() {
  const seat = st.seat;
  if (seat === null || st.reviewing) return;
  const body = { seat };
  if (budget()) body.budget = budget();
  st.reviewing = seat;
  renderReview();
  $("r-review-status").textContent = "Reviewing: starting…";
  const path = st.base.replace(/\/replay$/, "/review");
  try {
    let { res, body: state } = await getJson(path, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    });
    const query = `?seat=${seat}${body.budget ? `&budget=${body.budget}` : ""}`;
    while (res.ok && state.state === "running") {
      showProgress(state);
      await new Promise((resolve) => setTimeout(resolve, 500));
      ({ res, body: state } = await getJson(path + query));
    }
    if (!res.ok || state.state !== "done") throw new Error(state.error || "the review failed");
    st.reviews.set(seat, state.review);
  } catch (err) {
    $("r-review-status").textContent = `No review: ${err.message}`;
    st.reviewing = null;
    $("r-progress").hidden = true;
    renderReview();
    return;
  }
  st.reviewing = null;
  $("r-progress").hidden = true;
  render();
}

function showProgress(state) {
  const bar = $("r-progress");
  bar.hidden = false;
  if (state.total) {
    bar.max = state.total;
    bar.value = state.done;
    $("r-review-status").textContent = `Reviewing ${name(st.reviewing)}: ${state.done} of ${state.total} decisions judged`;
  } else {
    bar.removeAttribute("value");
    $("r-review-status").textContent = "Reviewing: waiting for the reviewer…";
  }
}

// ---- start --------------------------------------------------------------------------------
keptOption("four-color", "four-color");

if (params.get("table")) {
  st.base = `/api/tables/${encodeURIComponent(params.get("table"))}/replay`;
  showReplay();
} else if (params.get("record")) {
  st.base = `/api/records/${encodeURIComponent(params.get("record"))}/replay`;
  showReplay();
} else {
  showList();
}
