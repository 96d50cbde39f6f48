// The Play page's form: open a table with the chosen variant, game and bots, then go to it.
"use strict";

function showSeats() {
  const n = Number(document.getElementById("seats").value);
  for (const row of document.querySelectorAll(".seat-bot")) {
    row.hidden = Number(row.dataset.seat) > n;
  }
}

function showBots() {
  // Offer only the bots that play the chosen variant (each option lists what its bot plays).
  const variant = document.getElementById("variant").value;
  for (const select of document.querySelectorAll(".seat-bot select")) {
    for (const option of select.options) option.hidden = !option.dataset.plays.split(" ").includes(variant);
    if (select.selectedOptions[0].hidden) select.value = "calling-station";
  }
}

async function sitDown(event) {
  event.preventDefault();
  const n = Number(document.getElementById("seats").value);
  const bots = [];
  for (let seat = 2; seat <= n; seat++) bots.push(document.getElementById(`bot-${seat}`).value);
  const body = { game: document.getElementById("game").value, variant: document.getElementById("variant").value, bots };
  const seed = document.getElementById("seed").value.trim();
  const stack = document.getElementById("stack").value.trim();
  if (seed) body.seed = seed;
  if (stack) body.stack = stack;
  const table = await guarded(() => api("POST", "/api/tables", body));
  if (table) window.location.href = `/play/${table.table}`;
}

document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("seats").addEventListener("change", showSeats);
  document.getElementById("variant").addEventListener("change", showBots);
  document.getElementById("new-table").addEventListener("submit", sitDown);
  showSeats();
  showBots();
});
