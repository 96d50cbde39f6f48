// The Ranges page: the blueprint's pre-flop decisions listed from GET /api/blueprint/lines (each
// with what was played to reach it); the one chosen is asked of POST /api/blueprint/ranges and
// drawn as `pokerlab nolimit ranges` prints it: who acts and the pot, the sizes (the range's
// and each action's share of all holdings), the reach grid (left out at a player's first
// decision, where every class reaches it) and a grid per action coloured by each class's
// frequency. Every number is the server's (pokerlab.nolimit.ranges). #ranges-result's
// data-state: empty, solving, ready, error; its data-line the line drawn; a grid's data-action
// the action (or "reach"), a cell's data-value the value drawn.
import { shadeValues } from "/static/range_editor.js";

const $ = (id) => document.getElementById(id);

function pct(x) { return `${x.toFixed(1)}`; }

// One grid (the template's), coloured by `values` (class name -> 0..1).
function grid(action, caption, values, word) {
  const figure = $("grid-template").content.firstElementChild.cloneNode(true);
  figure.dataset.action = action;
  figure.querySelector("figcaption").textContent = caption;
  shadeValues(figure.querySelector('[data-role="frequency-grid"]'), values,
    (v) => (v >= 0.995 || v < 0.005 ? "" : `${Math.round(100 * v)}%`),
    (v, name) => `${name}: ${word} ${(100 * v).toFixed(1)}%`);
  return figure;
}

function draw(r) {
  const box = $("ranges-result");
  box.dataset.line = r.line;
  const after = r.steps.length ? ` after ${r.steps.join(", ")}` : ", the first decision";
  const toCall = r.to_call_bb ? `, ${r.to_call_bb} bb to call` : "";
  $("ranges-summary").textContent = `${r.line || "(root)"}: the ${r.who} acts${after}; pot ${r.pot_bb} bb${toCall}.`;
  const other = r.who === "big blind" ? "button" : "big blind";
  const rows = [[`the ${r.who}'s range`, r.range_pct, 100]];
  for (const a of r.actions) rows.push([a, r.sizes_pct[a], r.range_pct ? 100 * r.sizes_pct[a] / r.range_pct : null]);
  rows.push([`(the ${other}'s range)`, r.opponent_range_pct, null]);
  document.querySelector("#range-sizes tbody").replaceChildren(...rows.map(([name, share, ofRange]) =>
    el("tr", { "data-row": name }, el("td", {}, name), el("td", { class: "num" }, pct(share)),
      el("td", { class: "num" }, ofRange === null ? "" : pct(ofRange)))));
  const figures = [];
  if (Object.values(r.reach).some((v) => v !== 1)) {
    figures.push(grid("reach", `range reaching it: reach per class, ${pct(r.range_pct)}% of holdings`, r.reach, "reaches"));
  }
  for (const a of r.actions) {
    const values = Object.fromEntries(Object.entries(r.frequencies).map(([name, f]) => [name, f[a]]));
    figures.push(grid(a, `${a}: frequency per class, ${pct(r.sizes_pct[a])}% of holdings`, values, a));
  }
  $("grids").replaceChildren(...figures);
  $("ranges-body").hidden = false;
}

function show() {
  const line = $("line").value;
  return redraw($("ranges-result"), () => api("POST", "/api/blueprint/ranges", { line }), draw, { line });
}

document.addEventListener("DOMContentLoaded", async () => {
  const answer = await guarded(() => api("GET", "/api/blueprint/lines"));
  if (!answer) {
    $("ranges-result").dataset.state = "error";
    return;
  }
  $("blueprint").textContent = `blueprint ${answer.blueprint}`;
  $("line").replaceChildren(...answer.lines.map((x) => el("option", { value: x.line }, x.label)));
  $("line").disabled = false;
  $("line").addEventListener("change", show);
  await show();
});
