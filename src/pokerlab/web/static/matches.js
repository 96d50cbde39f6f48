// The Matches page: start a match or an experiment, list the stored matches and tables.
"use strict";

function numberField(id) {
  return document.getElementById(id).value.trim();
}

async function startMatch(event) {
  event.preventDefault();
  const bots = [];
  for (const row of document.querySelectorAll("#match-bots .seat-bot")) {
    const name = row.querySelector("select").value;
    if (!row.hidden && name) bots.push(name);
  }
  const body = { bots, game: document.getElementById("game").value, hands: numberField("hands"),
                 seed: numberField("seed"), duplicate: document.getElementById("duplicate").checked,
                 freezeout: document.getElementById("freezeout").checked };
  const started = await guarded(() => api("POST", "/api/matches", body));
  if (started) window.location.href = `/matches/${started.match_id}`;
}

async function startExperiment(row) {
  const body = { experiment: row.dataset.experiment, hands: row.querySelector(".hands").value.trim(),
                 seed: row.querySelector(".seed").value.trim() };
  const started = await guarded(() => api("POST", "/api/matches", body));
  if (started) window.location.href = `/matches/${started.match_id}`;
}

async function reopen(matchId) {
  const table = await guarded(() => api("POST", "/api/tables", { resume: matchId }));
  if (table) window.location.href = `/play/${table.table}`;
}

async function listStored() {
  const data = await guarded(() => api("GET", "/api/matches"));
  if (!data) return;
  const rows = data.matches.map((m) => {
    const kind = [m.kind, m.duplicate ? "duplicate" : "", m.freezeout ? "freezeout" : ""].filter(Boolean).join(", ");
    const state = m.state || (m.finished ? "finished" : m.person !== null ? "table" : "stored");
    const open = m.person !== null
      ? el("button", { type: "button", class: "secondary reopen" }, "reopen the table")
      : el("a", { href: `/matches/${m.id}` }, "open");
    if (m.person !== null) open.addEventListener("click", () => reopen(m.id));
    return el("tr", { "data-match": String(m.id) }, el("td", {}, String(m.id)), el("td", {}, m.bots.join(", ")),
      el("td", {}, kind), el("td", {}, `${m.hands_stored}${m.person !== null ? "" : ` / ${m.hands}`}`),
      el("td", {}, state), el("td", { class: "muted" }, m.created),
      el("td", {}, open, " ", m.person !== null ? el("a", { href: `/matches/${m.id}` }, "hands") : null));
  });
  document.querySelector("#stored tbody").replaceChildren(...rows);
}

document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("new-match").addEventListener("submit", startMatch);
  document.getElementById("add-seat").addEventListener("click", () => {
    const hidden = document.querySelector("#match-bots .seat-bot[hidden]");
    if (hidden) hidden.hidden = false;
  });
  for (const button of document.querySelectorAll(".start-experiment")) {
    button.addEventListener("click", () => startExperiment(button.closest("tr")));
  }
  listStored();
});
