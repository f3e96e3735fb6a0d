// The tables this browser has played at (localStorage "okgin-games", written by table.js),
// each with its state from the server: continue it, or download its record once it is over.
const rows = document.querySelector("#games tbody");
const games = JSON.parse(localStorage.getItem("okgin-games") || "{}");

function cell(text) {
  const td = document.createElement("td");
  td.textContent = text;
  return td;
}

async function show() {
  const entries = Object.entries(games).sort((a, b) => b[1].at - a[1].at);
  document.getElementById("none").hidden = entries.length > 0;
  for (const [id, game] of entries) {
    const tr = document.createElement("tr");
    tr.dataset.table = id;
    try {
      const res = await fetch(`/api/tables/${id}`);
      if (!res.ok) continue;
      const state = await res.json();
      const v = state.view;
      tr.append(cell(state.table.names.join(", ")), cell(String(v.hand_number)), cell(v.totals.join(" – ")));
      const td = document.createElement("td");
      const a = document.createElement("a");
      if (state.table.game_over) {
        a.href = `/api/tables/${id}/record`;
        a.textContent = "the record";
        a.className = "record";
      } else {
        a.href = `/t/${id}#${game.token}`;
        a.textContent = "continue";
        a.className = "continue";
      }
      td.append(a);
      if (state.table.game_over) {
        const r = document.createElement("a");
        r.href = `/replay?table=${encodeURIComponent(id)}`;
        r.textContent = "replay";
        r.className = "replay";
        td.append(" · ", r);
      }
      tr.append(td);
      rows.append(tr);
    } catch {
      // the server cannot be reached: leave the row out
    }
  }
}

show();
