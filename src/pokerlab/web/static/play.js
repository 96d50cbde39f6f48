// The Play page's form: open a table with the chosen game and bots, then go to it.
"use strict";

function showSeats() {
  const n = Number(document.getElementById("seats").value);
  for (const row of document.querySelectorAll(".seat-bot")) {
    row.hidden = Number(row.dataset.seat) > n;
  }
}

async function sitDown(event) {
  event.preventDefault();
  const n = Number(document.getElementById("seats").value);
  const bots = [];
  for (let seat = 2; seat <= n; seat++) bots.push(document.getElementById(`bot-${seat}`).value);
  const body = { game: document.getElementById("game").value, bots };
  const seed = document.getElementById("seed").value.trim();
  const stack = document.getElementById("stack").value.trim();
  if (seed) body.seed = seed;
  if (stack) body.stack = stack;
  const table = await guarded(() => api("POST", "/api/tables", body));
  if (table) window.location.href = `/play/${table.table}`;
}

document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("seats").addEventListener("change", showSeats);
  document.getElementById("new-table").addEventListener("submit", sitDown);
  showSeats();
});
