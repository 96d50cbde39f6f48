// The Equity page: a range editor per player (2 to 6), board, dead cards and the method; Compute
// asks the server for `pokerlab equity`'s answer (POST /api/equity), follows its progress, can
// stop it, and draws each player's equity, win and tie, and the first hand against the second
// player's range. #equity-result's data-state says empty, computing, ready, stopped or error.
import { RangeEditor, shadeValues } from "/static/range_editor.js";

const MIN_PLAYERS = 2;
const MAX_PLAYERS = 6;
const POLL = 200; // ms between questions about a running computation

const editors = [];
let running = null; // token of the computation in progress

function addPlayer(text) {
  const template = document.getElementById("player-template");
  const root = template.content.firstElementChild.cloneNode(true);
  document.getElementById("players").append(root);
  const editor = makeEditor(root);
  if (text !== undefined) editor.setText(text);
  root.querySelector('[data-role="remove"]').addEventListener("click", () => removePlayer(editor));
  renumber();
  return editor;
}

function makeEditor(root) {
  const editor = new RangeEditor(root, { onChange: () => showError(""), onError: showError });
  editor.input.addEventListener("keydown", (e) => { if (e.key === "Enter") compute(); });
  editors.push(editor);
  return editor;
}

function removePlayer(editor) {
  if (editors.length <= MIN_PLAYERS) return;
  editors.splice(editors.indexOf(editor), 1);
  editor.root.remove();
  renumber();
}

function renumber() {
  editors.forEach((editor, k) => {
    editor.root.id = `player-${k + 1}`;
    editor.setLabel(`Player ${k + 1}`);
    const remove = editor.root.querySelector('[data-role="remove"]');
    if (remove) remove.hidden = editors.length <= MIN_PLAYERS;
  });
  document.getElementById("add-player").disabled = editors.length >= MAX_PLAYERS;
}

function question() {
  const seed = document.getElementById("seed").value.trim();
  return {
    players: editors.map((e) => e.text),
    board: document.getElementById("board").value.trim(),
    dead: document.getElementById("dead").value.trim(),
    mode: document.getElementById("mode").value,
    samples: Number(document.getElementById("samples").value),
    ...(seed ? { seed } : {}),
  };
}

function setBusy(busy) {
  document.getElementById("compute").disabled = busy;
  document.getElementById("stop").hidden = !busy;
  document.getElementById("progress-box").hidden = !busy;
}

function showProgress(view) {
  const bar = document.getElementById("progress");
  const words = document.getElementById("progress-text");
  if (view.state === "waiting") {
    bar.removeAttribute("value");
    words.textContent = view.waiting_before ? `waiting: ${view.waiting_before} ahead` : "starting";
  } else if (view.total > 0) {
    bar.value = Math.min(1, view.done / view.total);
    words.textContent = `${Math.floor((100 * view.done) / view.total)}%`;
  } else {
    bar.removeAttribute("value"); // no total known: the bar just moves
    words.textContent = "computing";
  }
}

async function compute() {
  if (running) return; // one computation at a time from a page
  const box = document.getElementById("equity-result");
  const asked = question();
  box.dataset.state = "computing";
  document.getElementById("summary").textContent = "Computing…";
  setBusy(true);
  try {
    running = "asking";
    const view = await followJob("/api/equity", asked, "/api/equity/jobs", POLL,
      (job) => { running = job; }, showProgress);
    if (view.state === "failed") throw new Error(view.error);
    if (view.state === "stopped") {
      box.dataset.state = "stopped";
      document.getElementById("summary").textContent = "Stopped.";
      showError("");
      return;
    }
    draw(view.result, view.seconds);
    box.dataset.question = JSON.stringify(asked);
    box.dataset.state = "ready";
    showError("");
  } catch (e) {
    box.dataset.state = "error";
    showError(e.message);
  } finally {
    running = null;
    setBusy(false);
  }
}

function pct(x, digits = 2) { return `${(100 * x).toFixed(digits)}%`; }

function draw(result, seconds) {
  const how = result.exact
    ? `Exact: ${Number(result.trials).toLocaleString("en")} showdowns`
    : `Monte Carlo: ${Number(result.trials).toLocaleString("en")} showdowns, seed ${result.seed}`;
  const on = result.board ? ` on ${result.board}` : "";
  const dead = result.dead ? `, dead ${result.dead}` : "";
  document.getElementById("summary").textContent = `${how}${on}${dead} (${seconds.toFixed(2)} s)`;
  const best = Math.max(...result.equity);
  const rows = result.players.map((text, k) => el("tr", { "data-player": String(k + 1) },
    el("td", {}, el("span", { class: `swatch p${k + 1}` }), `Player ${k + 1}`),
    el("td", { class: "range-cell range-col", title: text }, text),
    el("td", { class: `num equity${result.equity[k] === best ? " best" : ""}` }, pct(result.equity[k], 3),
       result.exact ? null : el("small", { class: "stderr", title: "standard error" }, ` ±${pct(result.stderr[k], 3)}`)),
    el("td", { class: "num win" }, pct(result.win[k])),
    el("td", { class: "num tie" }, pct(result.tie[k]))));
  document.querySelector("#results tbody").replaceChildren(...rows);
  const box = document.getElementById("grid-box");
  box.hidden = !result.grid;
  document.getElementById("grid-note").hidden = Boolean(result.grid) || result.players.length !== 2;
  if (result.grid) {
    document.getElementById("grid-title").textContent =
      `${result.players[0]} against Player 2's range${on}`;
    shadeValues(box.querySelector('[data-role="equity-grid"]'), result.grid);
  }
}

async function stop() {
  if (running && running !== "asking") await guarded(() => api("POST", `/api/equity/jobs/${running}/stop`));
}

function modeChanged() {
  const mode = document.getElementById("mode").value;
  document.getElementById("samples-box").hidden = mode === "exact";
  document.getElementById("seed-box").hidden = mode === "exact";
}

document.addEventListener("DOMContentLoaded", () => {
  for (const root of document.querySelectorAll("#players .range-editor")) makeEditor(root);
  renumber();
  document.getElementById("add-player").addEventListener("click", () => addPlayer());
  document.getElementById("clear").addEventListener("click", () => { for (const e of editors) e.setText(""); });
  document.getElementById("compute").addEventListener("click", compute);
  document.getElementById("stop").addEventListener("click", stop);
  document.getElementById("mode").addEventListener("change", modeChanged);
  for (const id of ["board", "dead"]) {
    document.getElementById(id).addEventListener("keydown", (e) => { if (e.key === "Enter") compute(); });
  }
  modeChanged();
});
