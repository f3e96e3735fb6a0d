// The front page: "Play" at once, or a table with any rules and 2-4 seats.
import { $ } from "./dom.js";

let meta = { presets: { standard: {} }, bots: ["easy", "medium", "hard", "expert"] };

function seatRow(i, kind) {
  const row = document.createElement("div");
  row.className = "seat-row";
  const label = document.createElement("label");
  label.textContent = `Seat ${i + 1} `;
  const select = document.createElement("select");
  select.className = "seat-kind";
  select.setAttribute("aria-label", `seat ${i + 1}`);
  const person = new Option(i === 0 ? "me" : "a person (invite link)", "person");
  select.append(person);
  for (const b of meta.bots) select.append(new Option(`computer: ${b}`, b));
  select.value = kind;
  if (i === 0) select.disabled = true;
  label.append(select);
  const budget = document.createElement("input");
  budget.type = "number"; budget.min = "0.05"; budget.max = "10"; budget.step = "0.05";
  budget.placeholder = "budget s"; budget.className = "seat-budget";
  budget.setAttribute("aria-label", `seat ${i + 1} expert budget in seconds`);
  row.append(label, budget);
  return row;
}

function seatRows() {
  return [...document.querySelectorAll("#seats .seat-row")];
}

function addSeat() {
  const n = seatRows().length;
  if (n < 4) $("seats").append(seatRow(n, n === 0 ? "person" : "medium"));
}

async function create(body) {
  $("error").textContent = "";
  const res = await fetch("/api/tables", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await res.json();
  if (!res.ok) throw new Error(data.error || `the server said ${res.status}`);
  return data;
}

function mine(data) {
  return data.seats.find((s) => s.link).link;
}

async function playNow() {
  try {
    const data = await create({
      rules: { preset: "standard" },
      seats: [{ kind: "person", name: "You" }, { kind: "bot", bot: "medium" }],
    });
    location.assign(mine(data));
  } catch (err) {
    $("error").textContent = err.message;
  }
}

// "gin_bonus=20 doubling_suit=null" → {gin_bonus: 20, doubling_suit: null}; the server checks
// every key and value against the rules (RULES.md) and says what it refuses.
function parseOptions(text) {
  const out = {};
  for (const item of text.split(/[\s,]+/).filter(Boolean)) {
    const at = item.indexOf("=");
    if (at <= 0) throw new Error(`a rule option is key=value, not "${item}"`);
    const value = item.slice(at + 1);
    try { out[item.slice(0, at)] = JSON.parse(value); } catch { out[item.slice(0, at)] = value; }
  }
  return out;
}

async function submitForm(event) {
  event.preventDefault();
  let rules;
  try {
    rules = { preset: $("preset").value, ...parseOptions($("options").value) };
  } catch (err) {
    $("error").textContent = err.message;
    return;
  }
  if ($("format").value) rules.format = $("format").value;
  if ($("target").value) rules.target = Number($("target").value);
  const seats = seatRows().map((row, i) => {
    const kind = row.querySelector(".seat-kind").value;
    if (kind === "person") return { kind: "person", name: i === 0 ? "You" : `Player ${i + 1}` };
    const seat = { kind: "bot", bot: kind };
    const budget = row.querySelector(".seat-budget").value;
    if (budget) seat.budget = Number(budget);
    return seat;
  });
  const body = { rules, seats };
  if ($("seed").value) body.seed = Number($("seed").value);
  try {
    const data = await create(body);
    const links = $("links");
    links.replaceChildren();
    const absolute = (path) => new URL(path, location.href).href;
    for (const s of data.seats) {
      if (!s.link) continue;
      const li = document.createElement("li");
      li.textContent = `${s.name} (seat ${s.seat + 1}): `;
      const a = document.createElement("a");
      a.href = s.link; a.textContent = absolute(s.link); a.className = "invite";
      li.append(a);
      links.append(li);
    }
    const li = document.createElement("li");
    li.textContent = "Spectators: ";
    const a = document.createElement("a");
    a.href = data.spectator; a.textContent = absolute(data.spectator); a.className = "spectator";
    li.append(a);
    links.append(li);
    $("go").href = mine(data);
    $("created").hidden = false;
  } catch (err) {
    $("error").textContent = err.message;
  }
}

async function init() {
  // Play needs nothing from the server's metadata: it works from the first moment, however
  // slow /api/meta is (a click before the fetch came back did nothing).
  $("play").addEventListener("click", playNow);
  try {
    const res = await fetch("/api/meta");
    meta = await res.json();
  } catch (err) {
    $("error").textContent = "the server cannot be reached";
  }
  for (const name of Object.keys(meta.presets)) $("preset").append(new Option(name, name));
  addSeat(); addSeat();
  $("add-seat").addEventListener("click", addSeat);
  $("remove-seat").addEventListener("click", () => {
    const rows = seatRows();
    if (rows.length > 2) rows[rows.length - 1].remove();
  });
  $("new-table").addEventListener("submit", submitForm);
}

init();
