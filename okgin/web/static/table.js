// One table in the browser: a WebSocket client of docs/protocol.md and the drawing of the
// recipient's view. Every rule comes from the server (the view's legal actions, and "help":
// the core's arrangement, deadwood and layoffs); this file only shows them and sends choices.
import { SUIT_NAMES, cardLabel, cardName, cardNode } from "./cards.js";
import { $, el, keptOption } from "./dom.js";
import { infoChips, pileList, resultParts, spreadRows, takenRow } from "./parts.js";
import { scoreSheet } from "./sheet.js";
import { actionText } from "./words.js";

const tableId = location.pathname.split("/").pop();
const token = location.hash.slice(1) || null;

const st = {
  version: null, // the last table version seen
  view: null,
  help: {},
  table: null,
  seat: null,
  plan: [], // actions to send one by one after each ack (the best layoffs)
  pending: false, // an action sent and not yet answered (ack or refused): no second one
  focus: null, // the card chosen by keyboard
  lastLog: "",
};
let ws = null;
let retry = 0;
const queue = [];
let draining = false;

function name(seat) {
  if (seat === null || seat === undefined) return "the dealer's upcard";
  if (st.seat === seat) return "You";
  return (st.table && st.table.names[seat]) || `Seat ${seat + 1}`;
}

function say(text) {
  $("live").textContent = text;
}

function describe(a) {
  return actionText(a, name);
}

// ---- the connection ------------------------------------------------------------------
function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${proto}//${location.host}/ws/${tableId}`);
  ws.addEventListener("open", () => {
    retry = 0;
    $("status").textContent = "connected";
    ws.send(JSON.stringify({ type: "hello", token, version: st.version }));
  });
  ws.addEventListener("message", (event) => {
    let frame;
    try { frame = JSON.parse(event.data); } catch { return; }
    queue.push(frame);
    drain();
  });
  ws.addEventListener("close", (event) => {
    settle();  // an action in flight is answered by the next snapshot, not by an ack
    $("status").textContent = "disconnected: reconnecting…";
    if (event.code === 4403 || event.code === 4404) {
      $("status").textContent = "not connected";
      return;
    }
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 250 * 2 ** retry);
  });
}

function send(msg) {
  if (!ws || ws.readyState !== WebSocket.OPEN) return false;
  ws.send(JSON.stringify(msg));
  return true;
}

// Send one action; false (nothing sent) while the last one is unanswered, so a double click
// or a key pressed twice sends it once (the second would be refused as stale).
function act(action) {
  if (st.pending) return false;
  $("message").textContent = "";
  if (!send({ type: "action", action, version: st.version })) return false;
  st.pending = true;
  document.body.dataset.pending = "1";
  return true;
}

function settle() {
  st.pending = false;
  delete document.body.dataset.pending;
}

function pace() {
  return Number($("pace").value) || 0;
}

async function drain() {
  if (draining) return;
  draining = true;
  try {
    while (queue.length) {
      const frame = queue.shift();
      const slow = apply(frame);
      if (slow && queue.length && pace()) {
        await new Promise((resolve) => setTimeout(resolve, pace()));
      }
    }
  } finally {
    draining = false;
  }
}

// Apply one frame; true when it showed another seat's move (worth a pause).
function apply(frame) {
  if (typeof frame.version === "number") st.version = Math.max(st.version ?? 0, frame.version);
  if (["snapshot", "ack", "refused", "error"].includes(frame.type)) settle();
  switch (frame.type) {
    case "snapshot":
    case "ack":
    case "refused":
    case "event":
      if (frame.view) {
        const unchanged = st.view && JSON.stringify([st.view, st.help, st.table]) ===
          JSON.stringify([frame.view, frame.help || {}, frame.table || st.table]);
        st.view = frame.view;
        st.help = frame.help || {};
        if (frame.table) st.table = frame.table;
        if ("seat" in frame) st.seat = frame.seat;
        if (st.seat === undefined) st.seat = frame.view.seat;
        st.version = frame.version;
        if (!unchanged) render();  // an ack after its own event has nothing new to draw
      }
      if (frame.type === "snapshot" && st.seat !== null) remember();
      if (frame.rules && !st.rules) {
        st.rules = frame.rules;
        renderRules(frame.rules);
      }
      if (frame.type === "refused") {
        st.plan = [];
        st.pickPlan = [];
        $("message").textContent = `Refused: ${frame.message}`;
      }
      if (frame.type === "ack") followPlan();
      return frame.type === "event" && frame.event && frame.event.seat !== st.seat;
    case "rematch":
      st.rematch = frame.link;
      render();
      say("A rematch is open: the same seats, the same rules");
      return false;
    case "hint":
      if (frame.version === st.version) {
        $("hint").textContent = `Hint: ${describe(frame.action).replace(/^You /, "")} — ${frame.reason}`;
      }
      return false;
    case "presence":
      if (st.table) {
        st.table = { ...st.table, away: frame.away };
        render();
        const gone = frame.away.filter((s) => s !== st.seat).map(name);
        if (gone.length) say(`${gone.join(", ")} ${gone.length > 1 ? "are" : "is"} away: the computer plays for now`);
      }
      return false;
    case "error":
      $("message").textContent = frame.message;
      return false;
    default:
      return false;
  }
}

// Remember this seat in this browser (the "Your games" page lists it).
function remember() {
  if (!token || st.remembered) return;
  st.remembered = true;
  const games = JSON.parse(localStorage.getItem("okgin-games") || "{}");
  games[tableId] = { token, at: Date.now() };
  localStorage.setItem("okgin-games", JSON.stringify(games));
}

function followPlan() {
  if (st.pickPlan && st.pickPlan.length) {
    followPicks();
    return;
  }
  while (st.plan.length) {
    const next = st.plan.shift();
    const legal = legalActions().find((a) => same(a, next));
    if (legal) {
      act(legal);
      return;
    }
  }
}

function same(a, b) {
  return a.do === b.do && a.card === b.card && a.meld === b.meld;
}

function legalActions() {
  return (st.view && st.view.legal_actions) || [];
}

function legal(kind) {
  return legalActions().filter((a) => a.do === kind);
}

// ---- drawing -------------------------------------------------------------------------
function render() {
  const v = st.view;
  if (!v) return;
  if (st.hintFor !== v.version) { $("hint").textContent = ""; st.hintFor = v.version; }
  document.body.classList.toggle("spectator", st.seat === null);
  renderInfo(v);
  renderOpponents(v);
  renderMiddle(v);
  renderSpread(v);
  renderHand(v);
  renderActions(v);
  renderResult(v);
  renderScores(v);
  renderLog(v);
  renderGuide(v);
  const turn = v.to_play === null ? (v.complete ? "the game is over" : "the hand is over")
    : st.seat === v.to_play ? "your turn" : `${name(v.to_play)} to play`;
  $("status").textContent = `${st.seat === null ? "watching · " : ""}${turn}`;
}

function renderInfo(v) {
  $("info").replaceChildren(...infoChips(v));
}

function renderOpponents(v) {
  const boxes = [];
  for (let s = 0; s < v.players; s++) {
    if (s === st.seat) continue;
    const box = el("div", { class: `opponent${v.to_play === s ? " on-turn" : ""}`, "data-seat": String(s) });
    box.append(el("div", { class: "who", text: `${name(s)}${s === v.dealer ? " (dealer)" : ""}` }));
    if (st.table && (st.table.away || []).includes(s)) {
      box.append(el("div", { class: "away", text: "away: the computer plays for now" }));
    }
    box.append(el("div", { class: "count", text: `${v.hand_sizes[s]} cards` }));
    const taken = takenRow(v.taken[s]);
    if (taken) box.append(taken);
    if (v.revealed) {
      const row = el("div", { class: "revealed" });
      for (const c of v.revealed[s]) row.append(cardNode(c));
      box.append(row);
    }
    boxes.push(box);
  }
  $("opponents").replaceChildren(...boxes);
}

function renderMiddle(v) {
  const draws = legal("draw");
  const stock = el("button", {
    id: "stock", type: "button", class: "pile-button",
    "aria-label": `the stock, ${v.stock_size} cards${draws.length ? ": draw" : ""}`,
  }, cardNode(null), el("span", { class: "stock-count", text: `${v.stock_size} in stock` }));
  stock.disabled = !draws.length;
  stock.addEventListener("click", () => draws.length && act(draws[0]));
  draggable(stock, { kind: "stock" });
  $("stock-area").replaceChildren(stock);

  const takes = legal("take");
  const top = v.pile.length ? v.pile[v.pile.length - 1] : null;
  const pileButton = el("button", {
    id: "discard-top", type: "button", class: "pile-button",
    "aria-label": top ? `the discard pile, ${cardName(v.top_discard || top.card)} on top${takes.length ? ": take it" : ""}` : "the discard pile is empty",
  });
  if (v.top_discard) {
    const topNode = cardNode(v.top_discard);
    if (st.lastTop !== v.top_discard) topNode.classList.add("fresh");  // just thrown: animated
    st.lastTop = v.top_discard;
    pileButton.append(topNode);
  }
  pileButton.disabled = !takes.length;
  pileButton.addEventListener("click", () => takes.length && act(takes[0]));
  draggable(pileButton, { kind: "pile" });
  $("pile-area").replaceChildren(pileButton, pileList(v, name));
}

function renderSpread(v) {
  const box = $("spread");
  if (v.knocker === null) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const head = el("h2", { text: v.knocker === st.seat ? "Your spread" : `${name(v.knocker)}'s spread` });
  box.replaceChildren(head, ...spreadRows(v));
}

// The order of the cards in the hand: the core's arrangement (melds, then deadwood) until the
// person drags a card (or moves one with Shift+←/→); then their own order, kept per table in
// this browser (localStorage "okgin-order-<table>"). Cards drawn later go to the right.
const orderKey = `okgin-order-${tableId}`;

function savedOrder() {
  try {
    const order = JSON.parse(localStorage.getItem(orderKey) || "null");
    return Array.isArray(order) ? order : null;
  } catch { return null; }
}

function groupsOf(v) {
  const h = st.help;
  const groups = [...(h.melds || []).map((m) => ({ cards: m, meld: true }))];
  if (h.deadwood_cards && h.deadwood_cards.length) groups.push({ cards: h.deadwood_cards, meld: false });
  if (!groups.length) groups.push({ cards: v.hand, meld: false });
  return groups;
}

function shownOrder(v) {
  const saved = savedOrder();
  const flat = groupsOf(v).flatMap((g) => g.cards);
  if (!saved) return flat;
  const held = new Set(v.hand);
  const kept = saved.filter((c) => held.has(c));
  return [...kept, ...flat.filter((c) => !kept.includes(c))];
}

// Move `card` to sit before `before` (null: at the end), and keep the order.
function moveCard(card, before) {
  const v = st.view;
  if (!v || card === before) return;
  const order = shownOrder(v).filter((c) => c !== card);
  const at = before === null ? order.length : order.indexOf(before);
  order.splice(at < 0 ? order.length : at, 0, card);
  localStorage.setItem(orderKey, JSON.stringify(order));
  st.focus = card;
  renderHand(v, true);
}

function renderHand(v, keepFocus = false) {
  const hand = $("hand");
  if (st.seat === null) {
    $("me-title").textContent = "Watching: no hidden card is shown";
    hand.replaceChildren();
    return;
  }
  const h = st.help;
  const discards = new Map(legal("discard").map((a) => [a.card, a]));
  $("me-title").textContent = h.deadwood === undefined ? "Your hand"
    : `Your hand · deadwood ${h.deadwood}`;
  const own = savedOrder() !== null;
  $("sort-hand").hidden = !own;
  let groups = groupsOf(v);
  const meldOf = new Map();
  (h.melds || []).forEach((m, i) => m.forEach((c) => meldOf.set(c, i)));
  if (own) groups = [{ cards: shownOrder(v), meld: false, own: true }];
  const nodes = [];
  for (const g of groups) {
    const group = el("div", { class: `group${g.own ? " own" : g.meld ? " meld" : " loose"}` });
    for (const c of g.cards) {
      const after = h.discards ? h.discards[c] : undefined;
      const inMeld = meldOf.has(c) ? `, in meld ${meldOf.get(c) + 1}` : "";
      const title = `${cardName(c)}${inMeld}${discards.has(c) ? `: discard it (deadwood ${after} after)` : ""}`;
      const node = cardNode(c, { button: true, title });
      if (g.own && meldOf.has(c)) {
        node.classList.add("in-meld");
        node.dataset.meld = String(meldOf.get(c) + 1);
      }
      if (v.draws && v.draws.length && v.draws[v.draws.length - 1] === c && v.to_play === st.seat) node.classList.add("new");
      if (v.taken_this_turn === c) node.classList.add("new");
      if (discards.has(c)) {
        node.classList.add("playable");
        if (after !== undefined) node.append(el("span", { class: "after", text: String(after) }));
      }
      node.addEventListener("click", () => {
        st.focus = c;
        if (discards.has(c)) act(discards.get(c));
      });
      node.addEventListener("focus", () => { st.focus = c; });
      draggable(node, { kind: "card", card: c });
      group.append(node);
    }
    nodes.push(group);
  }
  const active = document.activeElement;
  const hadFocus = keepFocus || Boolean(active && active.closest && active.closest("#hand"));
  hand.replaceChildren(...nodes);
  if (st.focus && hadFocus) {
    const again = hand.querySelector(`[data-card="${st.focus}"]`);
    if (again) again.focus();
  }
}

// ---- dragging (pointer events: a mouse, a pen or a finger) ---------------------------
// A card of the hand dropped on another card moves it there, dropped on the discard pile
// discards it; the stock or the pile dropped on the hand draws or takes. A press that does not
// move is a click, as before.
let drag = null;

function draggable(node, what) {
  node.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || drag) return;
    drag = { ...what, node, x0: event.clientX, y0: event.clientY, id: event.pointerId, ghost: null };
  });
}

function dropTarget(x, y) {
  const under = document.elementFromPoint(x, y);
  if (!under) return null;
  if (under.closest("#pile-area")) return { on: "pile" };
  const card = under.closest("#hand .card");
  if (card) {
    const box = card.getBoundingClientRect();
    return { on: "card", card: card.dataset.card, after: x > box.left + box.width / 2 };
  }
  if (under.closest("#me")) return { on: "hand" };
  return null;
}

function markDrop(target) {
  for (const n of document.querySelectorAll(".drop-here")) n.classList.remove("drop-here");
  if (!target) return;
  const node = target.on === "pile" ? $("pile-area")
    : target.on === "card" ? $("hand").querySelector(`[data-card="${target.card}"]`) : $("hand");
  if (node) node.classList.add("drop-here");
}

document.addEventListener("pointermove", (event) => {
  if (!drag || event.pointerId !== drag.id) return;
  const dx = event.clientX - drag.x0;
  const dy = event.clientY - drag.y0;
  if (!drag.ghost) {
    if (Math.hypot(dx, dy) < 8) return;
    drag.ghost = drag.node.cloneNode(true);
    drag.ghost.classList.add("drag-ghost");
    drag.ghost.removeAttribute("id");
    drag.ghost.setAttribute("aria-hidden", "true");
    document.body.append(drag.ghost);
    drag.node.classList.add("dragging");
  }
  const box = drag.node.getBoundingClientRect();
  drag.ghost.style.left = `${event.clientX - box.width / 2}px`;
  drag.ghost.style.top = `${event.clientY - box.height / 2}px`;
  markDrop(dropTarget(event.clientX, event.clientY));
  event.preventDefault();
});

function endDrag(event, cancel) {
  if (!drag || event.pointerId !== drag.id) return;
  const d = drag;
  drag = null;
  if (!d.ghost) return;  // no move: the click does the rest
  d.ghost.remove();
  d.node.classList.remove("dragging");
  markDrop(null);
  st.dragged = true;  // swallow the click that follows
  setTimeout(() => { st.dragged = false; }, 0);
  if (cancel) return;
  const target = dropTarget(event.clientX, event.clientY);
  if (!target) return;
  if (d.kind === "card") {
    if (target.on === "pile") {
      const a = legal("discard").find((x) => x.card === d.card);
      if (a) act(a);
      else $("message").textContent = `${cardLabel(d.card)} cannot be discarded now${
        legal("draw").length || legal("take").length ? ": draw or take a card first" : ""}.`;
    } else if (target.on === "card") {
      const order = shownOrder(st.view).filter((c) => c !== d.card);
      const at = order.indexOf(target.card) + (target.after ? 1 : 0);
      moveCard(d.card, at < order.length ? order[at] : null);
      say(`Moved ${cardName(d.card)}`);
    } else if (target.on === "hand") {
      moveCard(d.card, null);
    }
  } else if (target.on === "hand" || target.on === "card") {
    const a = legal(d.kind === "stock" ? "draw" : "take")[0];
    if (a) act(a);
    else $("message").textContent = `You cannot ${d.kind === "stock" ? "draw" : "take"} now.`;
  }
}

document.addEventListener("pointerup", (event) => endDrag(event, false));
document.addEventListener("pointercancel", (event) => endDrag(event, true));
document.addEventListener("click", (event) => {
  if (st.dragged) { event.stopPropagation(); event.preventDefault(); }
}, true);

function knockLabel(a) {
  if (a.card === null) return "Big gin";
  const after = st.help.discards ? st.help.discards[a.card] : undefined;
  if (after === 0) return `Gin, discarding ${cardLabel(a.card)}`;
  return `Knock, discarding ${cardLabel(a.card)} (deadwood ${after})`;
}

function spreadText(melds) {
  return melds.map((m) => m.map(cardLabel).join(" ")).join(" · ") || "no meld";
}

// The knock's confirmation, with every arrangement the knock may declare (the core's list,
// help.knock_arrangements, RULES.md §5's default first and chosen): the person may pick
// another; the server checks it (Table.submit) like any action.
function confirmKnock(a) {
  const dialog = $("confirm");
  const key = a.card === null ? "big_gin" : a.card;
  const offered = (st.help.knock_arrangements || {})[key] || [];
  const choices = offered.length ? offered : [{ melds: a.melds || [], deadwood: st.help.discards ? st.help.discards[a.card] : undefined }];
  let chosen = 0;
  const list = $("confirm-choices");
  const describeChoice = () => {
    const c = choices[chosen];
    const which = chosen === 0 ? "RULES.md's default arrangement" : "your arrangement";
    const kind = c.deadwood === 0 ? (a.card === null ? "Big gin" : `Gin, discarding ${cardLabel(a.card)}`)
      : `Knock, discarding ${cardLabel(a.card)} (deadwood ${c.deadwood})`;
    $("confirm-text").textContent = `${kind}: you lay down ${spreadText(c.melds)} (${which}); the hand ends and is scored. ${c.deadwood === 0 ? "Go gin?" : "Knock?"}`;
    $("confirm-yes").textContent = c.deadwood === 0 ? "Gin" : "Knock";
  };
  const rows = choices.map((c, i) => {
    const input = el("input", { type: "radio", name: "arrangement", value: String(i), id: `arrangement-${i}` });
    input.checked = i === 0;
    input.addEventListener("change", () => { chosen = i; describeChoice(); });
    return el("li", {}, input, el("label", {
      for: `arrangement-${i}`,
      text: `${spreadText(c.melds)} — deadwood ${c.deadwood}${i === 0 ? " (default)" : ""}`,
    }));
  });
  list.replaceChildren(...rows);
  $("confirm-choose").hidden = choices.length < 2;
  describeChoice();
  const yes = $("confirm-yes");
  const no = $("confirm-no");
  const close = (go) => {
    yes.onclick = null; no.onclick = null;
    dialog.close();
    if (go) act({ seat: a.seat, do: "knock", card: a.card, melds: choices[chosen].melds });
  };
  yes.onclick = () => close(true);
  no.onclick = () => close(false);
  dialog.showModal();
  yes.focus();
}

function button(text, cls, onClick, id) {
  const b = el("button", { type: "button", class: cls, text });
  if (id) b.id = id;
  b.addEventListener("click", onClick);
  return b;
}

// The layoffs to make, the core's best set ticked (help.layoffs); the person may tick others.
// "Lay off the ticked cards" sends them one by one, each as the server lists it legal (a card
// that needs another laid first waits for it); the server checks every one.
function layoffChooser(v, layoffs, best) {
  const key = `${v.hand_number}`;
  const cards = [...new Set([...best.map((b) => b.card), ...layoffs.map((a) => a.card)])];
  if (st.layoffKey !== key) {
    st.layoffKey = key;
    st.layoffPick = new Set(best.map((b) => b.card));
  }
  const box = el("fieldset", { id: "layoff-choice" }, el("legend", { text: "Choose your layoffs" }));
  for (const c of cards) {
    const input = el("input", { type: "checkbox", value: c, "aria-label": `lay off ${cardName(c)}` });
    input.checked = st.layoffPick.has(c);
    input.addEventListener("change", () => {
      if (input.checked) st.layoffPick.add(c); else st.layoffPick.delete(c);
      go.textContent = goText();
    });
    box.append(el("label", { class: "layoff-pick" }, input, cardNode(c), el("span", { text: cardLabel(c) })));
  }
  const goText = () => {
    const picked = cards.filter((c) => st.layoffPick.has(c));
    const isBest = picked.length === best.length && best.every((b) => st.layoffPick.has(b.card));
    return picked.length ? `Lay off ${picked.map(cardLabel).join(", ")}${isBest ? ` (the best: deadwood ${st.help.layoff_deadwood} after)` : ""}`
      : "Lay off nothing (then Done)";
  };
  const go = button(goText(), "", () => {
    if (st.pending) return;
    st.plan = [];
    st.pickPlan = cards.filter((c) => st.layoffPick.has(c));
    followPicks();
  }, "act-layoff-chosen");
  box.append(go);
  return box;
}

// The next ticked layoff the server lists as legal (the core's meld for it first).
function followPicks() {
  if (!st.pickPlan || !st.pickPlan.length) return false;
  const best = new Map((st.help.layoffs || []).map(([card, meld]) => [card, meld]));
  for (const c of st.pickPlan) {
    const options = legal("layoff").filter((a) => a.card === c);
    const a = options.find((x) => x.meld === best.get(c)) || options[0];
    if (a) {
      st.pickPlan = st.pickPlan.filter((x) => x !== c);
      act(a);
      return true;
    }
  }
  $("message").textContent = `${st.pickPlan.map(cardLabel).join(", ")} cannot be laid off on the melds as they stand.`;
  st.pickPlan = [];
  return false;
}

function renderActions(v) {
  const out = [];
  const offer = v.phase === "offer" || v.phase === "fiftieth";
  for (const a of legal("take")) {
    out.push(button(offer ? `Take ${cardLabel(v.top_discard)}` : `Take ${cardLabel(v.top_discard)} from the pile`, "primary", () => act(a), "act-take"));
  }
  for (const a of legal("pass")) out.push(button("Pass", "", () => act(a), "act-pass"));
  for (const a of legal("draw")) out.push(button("Draw from the stock", "primary", () => act(a), "act-draw"));
  if (legal("discard").length) out.push(el("span", { class: "hint", text: "Click a card to discard it (the number is your deadwood after)." }));
  const knocks = legal("knock").sort((a, b) => (a.card === null) - (b.card === null));
  for (const a of knocks) {
    const b = button(knockLabel(a), "knock", () => confirmKnock(a), null);
    b.dataset.card = a.card === null ? "big_gin" : a.card;
    out.push(b);
  }
  const layoffs = legal("layoff");
  const best = (st.help.layoffs || []).map(([card, meld]) => ({ do: "layoff", card, meld }));
  if (layoffs.length && best.length) {
    out.push(button(`Lay off the best: ${best.map((b) => cardLabel(b.card)).join(", ")} (deadwood ${st.help.layoff_deadwood} after)`, "primary", () => {
      const first = layoffs.find((a) => same(a, best[0]));
      if (first && act(first)) st.plan = best.slice(1);
    }, "act-best-layoffs"));
  }
  if (layoffs.length) out.push(layoffChooser(v, layoffs, best));
  for (const a of legal("done")) out.push(button("Done laying off", "", () => act(a), "act-done"));
  if (legalActions().length && st.seat !== null) {
    out.push(button("Hint", "", () => {
      $("hint").textContent = "The expert is thinking…";
      send({ type: "hint", version: st.version });
    }, "act-hint"));
  }
  const t = st.table;
  if (t && t.hand_over && !t.game_over && st.seat !== null) {
    out.push(button("Next hand", "primary", () => send({ type: "next_hand", version: st.version }), "act-next"));
  }
  if (t && t.game_over) {
    if (st.rematch) {
      out.push(el("a", { class: "button primary", href: st.rematch, id: "rematch-link", text: "Play the rematch" }));
    } else if (st.seat !== null) {
      out.push(button("Rematch", "primary", () => send({ type: "rematch" }), "act-rematch"));
    }
    out.push(el("a", { class: "button", href: `/api/tables/${tableId}/record`, id: "record-link", text: "Download the record" }));
    out.push(el("a", { class: "button", href: "/", text: "A new game" }));
  }
  if (!out.length && v.to_play !== null && v.to_play !== st.seat) {
    out.push(el("span", { class: "hint", text: `Waiting for ${name(v.to_play)}…` }));
  }
  $("actions").replaceChildren(...out);
}

function renderResult(v) {
  const box = $("result");
  if (!v.result) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.replaceChildren(...resultParts(v, name));
}

function renderScores(v) {
  $("scores").replaceChildren(...scoreSheet(v, st.help.hollywood, name));
}

function renderLog(v) {
  const items = v.log.map((a) => el("li", { text: describe(a) }));
  $("log").replaceChildren(...items.reverse());
  const last = v.log.length ? describe(v.log[v.log.length - 1]) : `Hand ${v.hand_number} is dealt; the upcard is ${cardName(v.upcard)}`;
  if (last !== st.lastLog) {
    st.lastLog = last;
    say(last);
  }
}

// The rule set in force, in words (the values are the server's: RULES.md §11's options).
function renderRules(r) {
  const suit = { s: "♠ spade", c: "♣ club", d: "♦ diamond", h: "♥ heart" };
  const lines = [
    r.knock_limit === "upcard"
      ? "The first upcard sets the knock limit: its value (a ten or a face card: 10)."
      : `The knock limit is always ${r.knock_limit}.`,
    r.ace_upcard === "gin_only" ? "An ace upcard allows only gin." : "An ace upcard sets the limit to 1.",
    r.doubling_suit
      ? `A ${suit[r.doubling_suit]} upcard doubles ${r.doubling_effect === "target" ? "the target" : "the hand's points"}.`
      : "No upcard doubles.",
    `Gin bonus ${r.gin_bonus}${r.big_gin_bonus === null ? ", no big gin" : `, big gin bonus ${r.big_gin_bonus}`}; undercut bonus ${r.undercut_bonus}${r.knock_bonus ? `; knock bonus ${r.knock_bonus}` : ""}.`,
    r.undercut_on_tie ? "A defender with equal deadwood undercuts." : "Equal deadwood is the knocker's win.",
    r.no_return_discard ? "A card taken from the pile cannot be discarded the same turn." : "A card taken from the pile may be discarded at once.",
    r.stock_exhaustion === "fiftieth_card" ? "When the stock runs low, the last discard may be taken to knock (the fiftieth card)." : "When two stock cards are left, the hand is dead.",
    r.format === "single" ? "One hand decides the game."
      : `${r.format === "hollywood" ? "Hollywood scoring, three games" : "A game"} to ${r.target}; game bonus ${r.game_bonus}, box bonus ${r.box_bonus}${r.shutout === "double" ? ", a shutout doubles" : ""}.`,
    r.dealer_rotation === "winner" ? "The hand's winner deals next." : "The deal passes to the next seat.",
  ];
  $("rules").replaceChildren(...lines.map((text) => el("li", { text })));
}

// ---- the keyboard --------------------------------------------------------------------
function handCards() {
  return [...document.querySelectorAll("#hand .card")];
}

document.addEventListener("keydown", (event) => {
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
  if ($("confirm").open) return;
  const key = event.key;
  const first = (kind) => legal(kind)[0];
  const cards = handCards();
  const at = cards.findIndex((c) => c.dataset.card === st.focus);
  if ((key === "ArrowRight" || key === "ArrowLeft") && event.shiftKey) {
    if (at < 0 || !st.view) return;
    const order = shownOrder(st.view);
    const i = order.indexOf(st.focus);
    const card = st.focus;
    if (key === "ArrowLeft" && i > 0) moveCard(card, order[i - 1]);
    else if (key === "ArrowRight" && i < order.length - 1) moveCard(card, order[i + 2] ?? null);
    else return;
    const now = shownOrder(st.view).indexOf(card);
    say(`${cardName(card)} moved to place ${now + 1} of ${order.length}`);
    event.preventDefault();
  } else if (key === "ArrowRight" || key === "ArrowLeft") {
    if (!cards.length) return;
    const next = key === "ArrowRight" ? (at + 1) % cards.length : (at - 1 + cards.length) % cards.length;
    cards[at < 0 ? 0 : next].focus();
    event.preventDefault();
  } else if (key === "d" && first("draw")) act(first("draw"));
  else if (key === "t" && first("take")) act(first("take"));
  else if (key === "p" && first("pass")) act(first("pass"));
  else if (key === "o" && first("done")) act(first("done"));
  else if (key === "l" && $("act-best-layoffs")) $("act-best-layoffs").click();
  else if (key === "n" && $("act-next")) $("act-next").click();
  else if (key === "h" && $("act-hint")) $("act-hint").click();
  else if (key === "k") {
    const knock = legal("knock").find((a) => a.card === st.focus) || legal("knock")[0];
    if (knock) confirmKnock(knock);
  }
});

// Display options, kept in this browser.
keptOption("four-color", "four-color");
keptOption("large", "large-cards");

// The pace of the other players' moves, kept in this browser too.
{
  const pace = $("pace");
  const kept = localStorage.getItem("okgin-pace");
  if (kept !== null && [...pace.options].some((o) => o.value === kept)) pace.value = kept;
  pace.addEventListener("change", () => localStorage.setItem("okgin-pace", pace.value));
}

$("sort-hand").addEventListener("click", () => {
  localStorage.removeItem(orderKey);
  if (st.view) renderHand(st.view);
  say("Your hand is grouped into its melds again");
});

// ---- the first-game guide ------------------------------------------------------------
// A few notes that point at the upcard, the knock limit, the doubling mark and the knock button
// the first time each comes up; "Got it" moves on, "No more notes" stops them. Kept in this
// browser ("okgin-guide"); a browser that has played another table before starts with it off.
function guideState() {
  try {
    const g = JSON.parse(localStorage.getItem("okgin-guide") || "null");
    if (g && typeof g === "object") return { off: Boolean(g.off), seen: Array.isArray(g.seen) ? g.seen : [] };
  } catch { /* a fresh one below */ }
  const games = JSON.parse(localStorage.getItem("okgin-games") || "{}");
  const returning = Object.keys(games).some((id) => id !== tableId);
  return { off: returning, seen: [] };
}
let guide = guideState();
localStorage.setItem("okgin-guide", JSON.stringify(guide));

const GUIDE = [
  {
    id: "upcard", target: "#info .upcard", when: () => true,
    text: (v) => `This is the upcard, ${cardName(v.upcard)}: it was turned up at the deal, and its value set this hand's knock limit (a ten or a face card counts 10). It starts the discard pile.`,
  },
  {
    id: "limit", target: "#info .limit", when: () => true,
    text: (v) => (v.knock_limit === 0
      ? "Gin only: this hand can end only with every card in a meld (the ace upcard)."
      : `The knock limit is ${v.knock_limit}: once your deadwood (the cards in no meld, shown above your hand) is ${v.knock_limit} or less after a discard, you may knock and end the hand.`),
  },
  {
    id: "double", target: "#info .double", when: (v) => v.multiplier > 1,
    text: (v) => `The doubling mark: the upcard is a ${SUIT_NAMES[v.upcard[1]].replace(/s$/, "")}, so this hand counts ×${v.multiplier}.`,
  },
  {
    id: "knock", target: "#actions .knock", when: () => legal("knock").length > 0,
    text: () => "You may knock now: the Knock button puts a card aside and lays your melds down. You can choose the arrangement before you confirm; your opponent may then lay off cards on your melds, and undercuts you if their deadwood is lower (or equal).",
  },
];

function renderGuide(v) {
  for (const n of document.querySelectorAll(".guide-target")) n.classList.remove("guide-target");
  const box = $("guide");
  const step = st.seat === null || guide.off ? null
    : GUIDE.find((g) => !guide.seen.includes(g.id) && g.when(v) && document.querySelector(g.target));
  if (!step) {
    box.hidden = true;
    return;
  }
  document.querySelector(step.target).classList.add("guide-target");
  $("guide-text").textContent = step.text(v);
  box.dataset.step = step.id;
  box.hidden = false;
}

function saveGuide() {
  localStorage.setItem("okgin-guide", JSON.stringify(guide));
  if (st.view) renderGuide(st.view);
}

$("guide-next").addEventListener("click", () => {
  guide.seen.push($("guide").dataset.step);
  saveGuide();
});
$("guide-off").addEventListener("click", () => {
  guide.off = true;
  saveGuide();
  say("The guide is off; the rules of this table have a button to turn it on again");
});
$("guide-again").addEventListener("click", () => {
  guide = { off: false, seen: [] };
  saveGuide();
});

connect();
