// The Push/fold page: two tabs. "Solve a spot" sends the form (stacks, blinds, ante, payouts,
// heads-up opening, max all-in, target, max iterations) to POST /api/pushfold/solve, follows the
// job (a heads-up solve comes back with the request; DCFR shows its iterations and latest gain,
// and can be stopped), then draws what `pokerlab pushfold solve` prints: the summary, each
// seat's value and best-response gain, the decisions (share, dividing point, breakers) and a
// 13x13 grid per decision shown and action but the fold, coloured by that action's frequency.
// "Heads-up chart" sends the grid of stacks to POST /api/pushfold/chart and draws the push and
// call grids, each class labelled with its largest stack. Every number is the server's
// (pokerlab.pushfold). #solve-result's and #chart-result's data-state: empty, solving, ready,
// stopped, error; a grid cell's data-value is the value drawn (a frequency; in the chart the
// stack over the largest stack), its data-label the chart's label.
import { shadeValues } from "/static/range_editor.js";

const POLL = 200; // ms between questions about a running job
const $ = (id) => document.getElementById(id);
const running = { solve: null, chart: null }; // each tab's job token while it runs
let solution = null; // the solve drawn

function pct(x, digits = 1) { return `${(100 * x).toFixed(digits)}%`; }
function num(x) { return Number(x).toLocaleString("en", { maximumFractionDigits: 4 }); }

function setBusy(kind, busy) {
  $(kind).disabled = busy;
  $(`${kind}-stop`).hidden = !busy;
}

// Submit a job and follow it to its end: the finished view, or null when it was stopped.
async function follow(kind, url, body, show) {
  running[kind] = "asking";
  const view = await followJob(url, body, "/api/pushfold/jobs", POLL, (job) => { running[kind] = job; }, show);
  show(view);
  if (view.state === "failed") throw new Error(view.error);
  return view.state === "stopped" ? null : view;
}

async function stop(kind) {
  const token = running[kind];
  if (token && token !== "asking") await guarded(() => api("POST", `/api/pushfold/jobs/${token}/stop`));
}

// Run one tab's job: `ask` follows it, `draw` shows its answer.
async function runTab(kind, ask, draw, words) {
  if (running[kind]) return;
  const box = $(`${kind}-result`);
  box.dataset.state = "solving";
  $(`${kind}-summary`).textContent = words;
  setBusy(kind, true);
  try {
    const view = await ask();
    if (view === null) {
      box.dataset.state = "stopped";
      $(`${kind}-summary`).textContent = "Stopped.";
    } else {
      draw(view.result);
      box.dataset.state = "ready";
    }
    showError("");
  } catch (e) {
    box.dataset.state = "error";
    showError(e.message);
  } finally {
    running[kind] = null;
    setBusy(kind, false);
  }
}

// -- solving a spot ------------------------------------------------------------------------

function solveQuestion() {
  return {
    stacks: $("stacks").value, blinds: $("blinds").value, ante: $("ante").value, payouts: $("payouts").value,
    opening: $("opening").value, max_allin: $("max-allin").value, target: $("target").value,
    max_iterations: $("max-iterations").value,
  };
}

function solveProgress(view) {
  const words = $("solve-progress");
  if (view.state === "waiting") {
    words.textContent = view.waiting_before ? `waiting: ${view.waiting_before} ahead` : "starting";
  } else if (view.state === "running") {
    const gain = view.detail ? `, largest gain ${view.detail.gain.toPrecision(3)}` : "";
    words.textContent = view.done ? `${view.done.toLocaleString("en")} iterations (at most `
      + `${view.total.toLocaleString("en")})${gain}, ${view.seconds.toFixed(1)} s` : `solving, ${view.seconds.toFixed(1)} s`;
  } else {
    words.textContent = "";
  }
}

function summary(r) {
  const g = r.game;
  const units = g.payoff === "icm" ? "prize" : "bb";
  const pay = g.payoff === "icm" ? `ICM, payouts ${g.payouts.map(num).join(",")}` : "chip EV";
  const spot = `${g.players} players, blinds ${num(g.small_blind)}/${num(g.big_blind)}, ante ${num(g.ante)}, ${pay}`
    + (g.opening ? `, small blind may ${g.opening}` : "");
  const worst = Math.max(...Object.values(r.gains));
  const how = r.method === "linear program"
    ? `Linear program, ${r.seconds.toFixed(2)} s: ${r.certified ? "certified" : "NOT certified"}; largest `
      + `best-response gain ${worst.toExponential(1)} ${units}.`
    : `DCFR, ${r.iterations.toLocaleString("en")} iterations in ${r.seconds.toFixed(1)} s: `
      + `${r.converged ? "converged" : "NOT CONVERGED"}; NashConv ${r.nash_conv.toPrecision(2)} ${units} `
      + `(target ${r.target.toPrecision(2)} a player).`
      + (r.three_way_samples ? ` Three-way showdowns: Monte Carlo table, ${r.three_way_samples} deals per class triple.` : "");
  return `${spot}. ${how}`;
}

function drawSolution(r) {
  solution = r;
  const box = $("solve-result");
  box.dataset.method = r.method;
  box.dataset.certified = String(r.certified);
  box.dataset.converged = String(r.converged);
  $("solve-summary").textContent = summary(r);
  $("solution").hidden = false;
  const units = r.game.payoff === "icm" ? "prize" : "bb";
  document.querySelector('[data-role="value-head"]').textContent = `value (${units})`;
  document.querySelector('[data-role="gain-head"]').textContent = `gain (${units})`;
  document.querySelector("#seats tbody").replaceChildren(...r.game.positions.map((pos, i) =>
    el("tr", { "data-seat": pos }, el("td", {}, pos), el("td", { class: "num" }, num(r.game.stacks[i])),
      el("td", { class: "num" }, `${r.value[pos] >= 0 ? "+" : ""}${r.value[pos].toFixed(4)}`),
      el("td", { class: "num" }, r.gains[pos].toExponential(1)))));
  // one row per decision (a heads-up opening shows two grids: its limp or min-raise and its push)
  const decisions = r.shown.filter((s, i) => r.shown.findIndex((t) => t.node === s.node) === i);
  document.querySelector("#decisions tbody").replaceChildren(...decisions.map((s) => {
    const node = r.nodes[s.node];
    const shares = node.actions.filter((a) => a !== "fold").map((a) => `${a} ${pct(node.share[a])}`).join(", ");
    return el("tr", { "data-line": node.line }, el("td", {}, node.line), el("td", {}, shares),
      el("td", { class: "num" }, node.dividing_point.toFixed(3)),
      el("td", { class: "breakers" }, node.breakers.length ? node.breakers.join(", ") : "none"));
  }));
  const others = r.nodes.map((n, k) => [n, k]).filter(([, k]) => !r.shown.some((s) => s.node === k));
  $("other-line").replaceChildren(el("option", { value: "" }, "none"),
    ...others.map(([n, k]) => el("option", { value: String(k) }, n.line)));
  $("other-box").hidden = others.length === 0;
  $("grids").replaceChildren(...r.shown.map((s) => grid(s.line, s.action, s.share, s.frequency)));
}

// One decision's grid (the template's), coloured by each class's frequency.
function grid(line, action, share, frequency) {
  const figure = $("grid-template").content.firstElementChild.cloneNode(true);
  figure.dataset.line = line;
  figure.querySelector("figcaption").textContent = `${line}: ${action} ${pct(share)} of hands`;
  shadeValues(figure.querySelector('[data-role="frequency-grid"]'), frequency,
    (v) => (v >= 0.995 || v < 0.005 ? "" : `${Math.round(100 * v)}%`),
    (v, name) => `${name}: ${action} ${pct(v)}`);
  return figure;
}

// A decision not shown at first, picked from the list: its grid after the others.
function showOther() {
  for (const old of document.querySelectorAll("#grids .pf-grid.other")) old.remove();
  const k = $("other-line").value;
  if (!solution || k === "") return;
  const node = solution.nodes[Number(k)];
  const last = node.actions.length - 1;
  const frequency = Object.fromEntries(Object.entries(node.frequencies).map(([name, p]) => [name, p[last]]));
  const figure = grid(node.line, node.actions[last], node.share[node.actions[last]], frequency);
  figure.classList.add("other");
  $("grids").append(figure);
}

function solve() {
  return runTab("solve", () => follow("solve", "/api/pushfold/solve", solveQuestion(), solveProgress),
    drawSolution, "Solving…");
}

// -- the heads-up chart --------------------------------------------------------------------

function chartQuestion() {
  return {
    max_stack: $("max-stack").value, min_stack: $("min-stack").value, step: $("step").value,
    blinds: $("chart-blinds").value, ante: $("chart-ante").value,
  };
}

function chartProgress(view) {
  const running = view.state === "waiting" || view.state === "running";
  $("chart-progress-box").hidden = !running;
  const bar = $("chart-progress");
  const words = $("chart-progress-text");
  if (view.state === "waiting") {
    bar.removeAttribute("value");
    words.textContent = view.waiting_before ? `waiting: ${view.waiting_before} ahead` : "starting";
  } else if (view.total > 0) {
    bar.value = Math.min(1, view.done / view.total);
    words.textContent = `${view.done} of ${view.total} stacks, ${view.seconds.toFixed(1)} s`;
  } else {
    bar.removeAttribute("value");
    words.textContent = "solving";
  }
}

function drawChart(c) {
  $("chart-summary").textContent = `${c.stacks.count} stacks from ${num(c.stacks.min)} to ${num(c.stacks.max)} bb `
    + `solved in ${c.seconds.toFixed(1)} s; largest best-response gain ${c.worst_gain.toExponential(1)} bb. `
    + "AA top left, suited above the diagonal."
    + (c.gaps.push.length || c.gaps.call.length
      ? ` Not monotone in the stack: ${[...c.gaps.push, ...c.gaps.call].join(", ")}.` : "");
  for (const what of ["push", "call"]) {
    const share = Object.fromEntries(Object.entries(c[what]).map(([name, s]) => [name, s / c.stacks.max]));
    const box = document.querySelector(`#${what}-chart [data-role="chart-grid"]`);
    const labels = c.labels[what];
    const verb = what === "push" ? "pushes" : "calls";
    shadeValues(box, share, (v, name) => labels[name],
      (v, name) => `${name}: ${labels[name] === "-" ? `never ${verb}` : `${verb} up to ${labels[name]} bb`}`);
    for (const cell of box.querySelectorAll(".cell")) cell.dataset.label = labels[cell.dataset.class];
  }
  $("charts").hidden = false;
}

function chart() {
  return runTab("chart", () => follow("chart", "/api/pushfold/chart", chartQuestion(), chartProgress),
    drawChart, "Solving every stack…");
}

// -- tabs ----------------------------------------------------------------------------------

function showTab(name) {
  for (const tab of document.querySelectorAll("[data-tab]")) {
    const on = tab.dataset.tab === name;
    tab.setAttribute("aria-selected", String(on));
    tab.classList.toggle("secondary", !on);
    $(`${tab.dataset.tab}-tab`).hidden = !on;
  }
}

document.addEventListener("DOMContentLoaded", () => {
  for (const tab of document.querySelectorAll("[data-tab]")) tab.addEventListener("click", () => showTab(tab.dataset.tab));
  $("solve").addEventListener("click", solve);
  $("solve-stop").addEventListener("click", () => stop("solve"));
  $("chart").addEventListener("click", chart);
  $("chart-stop").addEventListener("click", () => stop("chart"));
  $("other-line").addEventListener("change", showOther);
  for (const input of document.querySelectorAll("#solve-tab input")) {
    input.addEventListener("keydown", (e) => { if (e.key === "Enter") solve(); });
  }
  for (const input of document.querySelectorAll("#chart-tab input")) {
    input.addEventListener("keydown", (e) => { if (e.key === "Enter") chart(); });
  }
});
