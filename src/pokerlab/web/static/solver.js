// The Solver page: the spot's settings (board, pot, stack, a range editor per player, sizes per
// street and player), Solve (POST /api/spot/solve: a process of its own) with live progress and
// Stop, and the result browser: walk the tree by clicking actions (a card at chance nodes), the
// 13x13 grid of the decision coloured by action, the per-combo table (sort by a header, filter),
// and the threshold reading on a river. Every number comes from the server (pokerlab.spot.browse,
// what `pokerlab spot show --json` prints). #result's data-state: empty, solving, ready, stopped,
// error; the grid's cells carry data-freq (each action's frequency) for the tests. Below, each
// player's range at the node (a 13x13 grid, each cell's combos and EV in data-combos and data-ev)
// and the player's EV there.
import { RangeEditor } from "/static/range_editor.js";

const POLL = 300; // ms between questions about a running solve
const STORE = "pokerlab-spot-job"; // the page's solve, found again after a reload
const STREETS = ["flop", "turn", "river"];

const editors = [];
let solution = null; // id of the solution browsed
let line = [];       // tokens from the root
let node = null;     // the node's report
let following = null;
let sortKey = "equity";
let sortDown = true;
let extras = {}; // what an imported spot sets that the form has no field for (raise cap, rake, donk sizes...)
let checkEvery = null; // an imported TexasSolver file's set_print_interval (the form has no field)
const CAPS = { max_iterations: "the iteration cap", max_seconds: "the time limit" };

const $ = (id) => document.getElementById(id);

function spotOfForm() {
  const spot = {
    board: $("board").value.trim(), pot: Number($("pot").value), stack: Number($("stack").value),
    oop_range: editors[0].text, ip_range: editors[1].text, ...extras.top,
  };
  for (const street of STREETS) {
    spot[street] = {};
    for (const player of ["oop", "ip"]) {
      spot[street][player] = {
        ...((extras.sizes || {})[`${street}-${player}`] || {}),
        bet: $(`size-${street}-${player}-bet`).value.trim(),
        raise: $(`size-${street}-${player}-raise`).value.trim(),
      };
    }
  }
  return spot;
}

function fillForm(spot, settings = {}) {
  const shown = ["board", "pot", "stack", "oop_range", "ip_range", ...STREETS];
  extras = { top: Object.fromEntries(Object.entries(spot).filter(([k]) => !shown.includes(k))), sizes: {} };
  $("board").value = spot.board;
  $("pot").value = spot.pot;
  $("stack").value = spot.stack;
  const ranges = [spot.oop_range, spot.ip_range];
  ranges.forEach((r, k) => {
    if (typeof r === "string") editors[k].setText(r);
    else showError(`${k ? "IP" : "OOP"} range: given as weights; the editor shows range text only`);
  });
  for (const street of STREETS) {
    for (const player of ["oop", "ip"]) {
      const sizes = (spot[street] || {})[player] || {};
      if (sizes.donk !== undefined) extras.sizes[`${street}-${player}`] = { donk: sizes.donk };
      $(`size-${street}-${player}-bet`).value = sizes.bet || "";
      $(`size-${street}-${player}-raise`).value = sizes.raise || "";
    }
  }
  if (settings.target_pct !== null && settings.target_pct !== undefined) $("target").value = settings.target_pct;
  if (settings.max_iterations) $("max-iterations").value = settings.max_iterations;
  if (settings.threads) $("threads").value = settings.threads;
  checkEvery = settings.check_every || null;
}

function setBusy(busy) {
  $("solve").disabled = busy;
  $("stop").hidden = !busy;
}

function mib(bytes) { return bytes < 2 ** 20 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 2 ** 20).toFixed(1)} MiB`; }

function showProgress(view) {
  if (view.compiling && view.iterations === 0) {  // a cold kernel cache: the first solve waits for numba
    $("progress").textContent = `${view.state}: compiling kernels (first run; about a minute, once), `
      + `${view.seconds.toFixed(1)} s`;
    return;
  }
  const expl = view.exploitability_pct === null ? "not measured yet" : `${view.exploitability_pct.toFixed(3)}% of the pot`;
  $("progress").textContent = `${view.state}: ${view.iterations} iterations, exploitability ${expl}, `
    + `${view.seconds.toFixed(1)} s, peak memory ${mib(view.peak_memory_bytes)}`
    + (view.estimate_bytes ? ` (solver storage ${mib(view.estimate_bytes)})` : "")
    + stoppedBy(view.summary);
}

// How a finished solve ended: its target reached, or not (as spot solve's "stopped" row says).
function stoppedBy(summary) {
  if (!summary) return "";
  if (summary.converged) return `; target ${summary.target_pct_pot}% reached`;
  return `; NOT CONVERGED: stopped by ${CAPS[summary.stopped_by] || summary.stopped_by} above the `
    + `target ${summary.target_pct_pot}%`;
}

async function solve() {
  if (following) return;
  const threads = $("threads").value.trim();
  const body = {
    spot: spotOfForm(), target_pct: Number($("target").value),
    max_iterations: Number($("max-iterations").value), ...(threads ? { threads: Number(threads) } : {}),
    ...(checkEvery ? { check_every: checkEvery } : {}),
  };
  try {
    const view = await api("POST", "/api/spot/solve", body);
    localStorage.setItem(STORE, view.job);
    showError("");
    await follow(view);
  } catch (e) {
    $("result").dataset.state = "error";
    showError(e.message);
  }
}

async function follow(view) {
  following = view.job;
  $("result").dataset.state = "solving";
  $("summary").textContent = "Solving…";
  setBusy(true);
  try {
    while (view.state === "running") {
      showProgress(view);
      await new Promise((resolve) => setTimeout(resolve, POLL));
      view = await api("GET", `/api/spot/jobs/${view.job}`);
    }
    showProgress(view);
    if (view.state === "failed") throw new Error(view.error);
    if (view.state === "stopped") {
      $("result").dataset.state = "stopped";
      $("summary").textContent = "Stopped.";
      return;
    }
    await open(view.job);
  } catch (e) {
    $("result").dataset.state = "error";
    showError(e.message);
  } finally {
    following = null;
    setBusy(false);
  }
}

async function stop() {
  if (following) await guarded(() => api("POST", `/api/spot/jobs/${following}/stop`));
}

async function open(ident) {
  solution = ident;
  line = [];
  $("threshold-summary").textContent = "";
  document.querySelector("#threshold-table tbody").replaceChildren();
  await goTo([]);
}

async function goTo(tokens) {
  $("result").dataset.state = "loading";
  try {
    const query = encodeURIComponent(tokens.join(" "));
    node = await api("GET", `/api/spot/solutions/${solution}/node?line=${query}`);
    line = tokens;
    draw();
    $("result").dataset.state = "ready";
    $("result").dataset.line = tokens.join(" ");
    showError("");
  } catch (e) {
    $("result").dataset.state = "error";
    showError(e.message);
  }
}

function pct(x, digits = 1) { return `${(100 * x).toFixed(digits)}%`; }

function draw() {
  const s = node.summary;
  $("summary").textContent = `Board ${s.board}, pot ${s.pot}, stack ${s.stack}: ${s.iterations} iterations in `
    + `${s.seconds.toFixed(2)} s, exploitability ${s.exploitability_pct_pot.toFixed(4)}% of the pot; `
    + `EV OOP ${s.ev[0].toFixed(3)}, IP ${s.ev[1].toFixed(3)} chips; solver arrays ${mib(s.memory_bytes)}`;
  $("browser").hidden = false;
  // the line, each step a way back
  const bar = $("line-bar");
  const steps = [el("button", { type: "button", class: "secondary", "data-depth": "0" }, "root")];
  line.forEach((tok, k) => steps.push(el("button", { type: "button", class: "secondary", "data-depth": String(k + 1) }, tok)));
  bar.replaceChildren(...steps);
  for (const b of bar.querySelectorAll("button")) b.addEventListener("click", () => goTo(line.slice(0, Number(b.dataset.depth))));
  const who = node.player.toUpperCase();
  const words = { decision: `${who} to act`, chance: "a card is dealt", fold: "a player folded", showdown: "showdown" };
  const mine = node.ranges[node.player];
  $("node-info").textContent = `${words[node.kind]}; board ${node.board}, pot ${node.pot}`
    + (node.kind === "decision" ? `; ${who}'s range here: ${mine.combos.toFixed(1)} combos, EV ${mine.ev.toFixed(3)} chips` : "");
  // what may follow
  const next = $("next");
  if (node.kind === "decision") {
    next.replaceChildren(...node.next.map((a) => {
      const b = el("button", { type: "button", "data-action": a, style: `border-color:${node.grid.colours[a]}` },
        `${a} ${pct(node.totals[a])}`);
      b.addEventListener("click", () => goTo([...line, a]));
      return b;
    }));
  } else if (node.kind === "chance") {
    const pick = el("select", { id: "card" }, ...node.next.map((c) => el("option", { value: c }, c)));
    const deal = el("button", { type: "button", id: "deal" }, "Deal");
    deal.addEventListener("click", () => goTo([...line, pick.value]));
    next.replaceChildren(el("span", {}, "Card: "), pick, deal);
  } else {
    next.replaceChildren();
  }
  drawGrid();
  drawCombos();
  drawRanges();
  $("threshold-box").hidden = node.street !== "river";
}

function drawRanges() {
  for (const who of ["oop", "ip"]) {
    const r = node.ranges[who];
    const box = $(`range-${who}`);
    box.querySelector('[data-role="range-info"]').replaceChildren(el("strong", {}, who.toUpperCase()),
      ` ${r.combos.toFixed(1)} combos, EV ${r.ev.toFixed(3)} chips`);
    box.dataset.combos = String(r.combos);
    box.dataset.ev = String(r.ev);
    const classes = new Map(r.classes.map((c) => [c.class, c]));
    for (const cell of box.querySelectorAll(".cell")) {
      const c = classes.get(cell.dataset.class);
      const name = cell.dataset.class;
      const most = name.length === 2 ? 6 : name.endsWith("s") ? 4 : 12;
      cell.classList.toggle("in", Boolean(c));
      cell.style.setProperty("--w", c ? String(Math.min(1, c.combos / most)) : "0");
      cell.dataset.combos = c ? String(c.combos) : "";
      cell.dataset.ev = c ? String(c.ev) : "";
      cell.title = c ? `${name}: ${c.combos.toFixed(2)} combos, EV ${c.ev.toFixed(3)}` : name;
    }
  }
}

function drawGrid() {
  const grid = document.querySelector('[data-role="strategy-grid"]');
  const cells = new Map((node.grid ? node.grid.cells : []).map((c) => [c.class, c]));
  for (const cell of grid.querySelectorAll(".cell")) {
    const data = cells.get(cell.dataset.class);
    if (!data || !data.bars.length) {
      cell.style.background = "";
      cell.classList.remove("valued");
      cell.dataset.freq = "";
      cell.title = cell.dataset.class;
      continue;
    }
    const stops = data.bars.map(([x, w, a]) => {
      const c = node.grid.colours[a];
      return `${c} ${(100 * x).toFixed(2)}%, ${c} ${(100 * (x + w)).toFixed(2)}%`;
    });
    const h = Math.max(4, 100 * data.height);
    cell.style.background = `linear-gradient(to right, ${stops.join(", ")}) bottom / 100% ${h}% no-repeat, #eeeeee`;
    cell.classList.add("valued");
    const freq = Object.fromEntries(data.bars.map(([, w, a]) => [a, w]));
    cell.dataset.freq = JSON.stringify(freq);
    cell.title = `${cell.dataset.class}: ` + data.bars.map(([, w, a]) => `${a} ${pct(w)}`).join(", ");
  }
  const legend = $("legend");
  legend.replaceChildren(...(node.grid ? Object.entries(node.grid.colours).map(([a, c]) =>
    el("span", {}, el("span", { class: "swatch", style: `background:${c}` }), ` ${a} ${pct(node.grid.totals[a])}`)) : []));
}

function drawCombos() {
  const keys = ["combo", "weight", ...node.actions, "ev", "equity"];
  const head = el("tr", {}, ...keys.map((k) => {
    const th = el("th", { "data-key": k, class: k === "combo" ? "" : "num", style: "cursor:pointer" },
      k + (k === sortKey ? (sortDown ? " ▼" : " ▲") : ""));
    th.addEventListener("click", () => {
      sortDown = k === sortKey ? !sortDown : k !== "combo";
      sortKey = k;
      drawCombos();
    });
    return th;
  }));
  document.querySelector("#combos thead").replaceChildren(head);
  const filter = $("filter").value.trim().toLowerCase();
  let rows = node.combos.filter((r) => !filter || r.combo.toLowerCase().includes(filter));
  rows = [...rows].sort((a, b) => {
    const [x, y] = [a[sortKey], b[sortKey]];
    const order = typeof x === "string" ? x.localeCompare(y) : x - y;
    return sortDown ? -order : order;
  });
  $("combo-count").textContent = `${rows.length} of ${node.combos.length} combos`;
  const body = rows.slice(0, 400).map((r) => el("tr", { "data-combo": r.combo },
    el("td", {}, r.combo), el("td", { class: "num" }, r.weight.toFixed(2)),
    ...node.actions.map((a) => el("td", { class: "num", title: `EV ${r[`ev_${a}`].toFixed(3)}` }, pct(r[a], 0))),
    el("td", { class: "num" }, r.ev.toFixed(3)), el("td", { class: "num" }, pct(r.equity))));
  document.querySelector("#combos tbody").replaceChildren(...body);
}

async function threshold() {
  const r = await guarded(() => api("GET", `/api/spot/solutions/${solution}/threshold`));
  if (!r) return;
  $("threshold-summary").textContent = `Exploitability: solver ${r.solver_exploitability_pct_pot.toFixed(4)}%, `
    + `reading ${r.reading_exploitability_pct_pot.toFixed(4)}% of the pot; the reading concedes ${r.concession_pct_pot.toFixed(4)}%.`;
  const rows = Object.entries(r.decisions).map(([l, d]) => el("tr", {},
    el("td", {}, l || "(root)"), el("td", {}, d.player.toUpperCase()), el("td", {}, d.text),
    el("td", { class: "num" }, d.exploitability_pct_alone.toFixed(3))));
  document.querySelector("#threshold-table tbody").replaceChildren(...rows);
}

async function exportToml() {
  const r = await guarded(() => api("POST", "/api/spot/export", { spot: spotOfForm() }));
  if (!r) return;
  const link = el("a", { href: URL.createObjectURL(new Blob([r.toml], { type: "application/toml" })), download: "spot.toml" });
  $("import-text").value = r.toml;
  link.click();
}

async function importSpot() {
  const r = await guarded(() => api("POST", "/api/spot/import", { text: $("import-text").value, kind: $("import-kind").value }));
  if (r) fillForm(r.spot, r);
}

async function openFile() {
  const file = $("open-solution").files[0];
  if (!file) return;
  try {
    const reply = await fetch(`/api/spot/solutions?name=${encodeURIComponent(file.name)}`, { method: "POST", body: await file.arrayBuffer() });
    const data = await reply.json();
    if (!reply.ok) throw new Error(data.error);
    await open(data.solution);
  } catch (e) {
    showError(e.message);
  }
}

async function openBatch() {
  const file = $("open-batch").files[0];
  if (!file) return;
  try {
    const reply = await fetch(`/api/spot/batch?name=${encodeURIComponent(file.name)}`, { method: "POST", body: await file.arrayBuffer() });
    const r = await reply.json();
    if (!reply.ok) throw new Error(r.error);
    $("batch-summary").textContent = `${r.stored} of ${r.total} flops stored; each to ${r.settings.target_pct}% `
      + `of the pot or ${r.settings.max_iterations} iterations`
      + (r.not_converged.length ? `; ${r.not_converged.length} stopped above the target (NOT CONVERGED)` : "");
    document.querySelector("#batch-textures tbody").replaceChildren(...Object.entries(r.by_texture).map(([k, v]) =>
      el("tr", { "data-texture": k }, el("td", {}, k), el("td", { class: "num" }, String(v.flops)),
        el("td", { class: "num" }, pct(v.bet)), el("td", { class: "num" }, v.ev_oop.toFixed(3)))));
    document.querySelector("#batch-flops tbody").replaceChildren(...r.flops.map((f) =>
      el("tr", { "data-flop": f.flop }, el("td", {}, f.flop), el("td", {}, f.textures.join(", ")),
        el("td", { class: "num" }, pct(f.bet)), el("td", { class: "num" }, f.ev[0].toFixed(3)),
        el("td", { class: "num" }, f.exploitability_pct.toFixed(3)))));
    $("batch").dataset.state = "ready";
    showError("");
  } catch (e) {
    $("batch").dataset.state = "error";
    showError(e.message);
  }
}

// After a reload: the page's own solve (running or finished), else any solve still running.
async function findSolve() {
  const known = (await api("GET", "/api/spot/jobs")).jobs;
  const mine = localStorage.getItem(STORE);
  const job = known.find((j) => j.job === mine) || known.find((j) => j.state === "running");
  if (!job) return;
  fillForm(job.spot, job.settings);
  if (job.state === "running") await follow(job);
  else if (job.state === "finished") { showProgress(job); await open(job.job); }
}

document.addEventListener("DOMContentLoaded", () => {
  for (const root of document.querySelectorAll("#players .range-editor")) {
    editors.push(new RangeEditor(root, { onChange: () => showError(""), onError: showError }));
  }
  $("solve").addEventListener("click", solve);
  $("stop").addEventListener("click", stop);
  $("export").addEventListener("click", exportToml);
  $("import").addEventListener("click", importSpot);
  $("threshold").addEventListener("click", threshold);
  $("filter").addEventListener("input", () => { if (node) drawCombos(); });
  $("open-solution").addEventListener("change", openFile);
  $("open-batch").addEventListener("change", openBatch);
  $("import-file").addEventListener("change", async () => {
    const file = $("import-file").files[0];
    if (file) $("import-text").value = await file.text();
  });
  guarded(findSolve);
});
