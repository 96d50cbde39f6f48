// One match: poll its results while it runs, draw the bankroll curves and the intervals, and
// page through its stored hands.
"use strict";

const matchId = () => document.getElementById("match-page").dataset.match;
const COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf",
                 "#7f7f7f", "#bcbd22"];
const PAGE = 25;
let first = 0;
let stored = 0;

async function poll() {
  const data = await guarded(() => api("GET", `/api/matches/${matchId()}`));
  if (!data) return;
  draw(data);
  if (data.state === "running") setTimeout(poll, 700);
  else loadHands();
}

function draw(data) {
  const box = document.getElementById("match-page");
  const kind = [data.kind, data.duplicate ? "duplicate" : "", data.freezeout ? "freezeout" : ""].filter(Boolean);
  document.getElementById("title").textContent = `Match ${data.match_id}: ${data.bots.join(", ")}`;
  const status = `${kind.join(", ")}, seed ${data.seed}; ${data.hands_stored} of ${data.hands} hands stored; ${data.state}`;
  document.getElementById("status").replaceChildren(status, data.error ? el("span", { class: "bad" }, ` (${data.error})`) : "");
  document.getElementById("stop").hidden = data.state !== "running";
  drawResults(data);
  drawCurves(data);
  drawIntervals(data);
  stored = data.hands_stored;
  box.dataset.hands = String(data.hands_stored);
  box.dataset.points = String(data.curve.hands.length);
  box.dataset.state = data.state;
}

function drawResults(data) {
  const rows = data.results.map((r, k) => el("tr", { "data-bot": r.bot },
    el("td", {}, el("span", { style: `color:${COLOURS[k % COLOURS.length]}` }, "■ "), r.bot),
    el("td", { class: "num" }, `${r.per_hand >= 0 ? "+" : ""}${fmt(r.per_hand, 3)} ${data.unit}`),
    el("td", { class: "num interval" }, r.ci95[0] === null ? "–" : `[${fmt(r.ci95[0], 3)}, ${fmt(r.ci95[1], 3)}]`),
    el("td", { class: "num" }, String(r.hands)), el("td", { class: "num" }, String(r.illegal_actions))));
  document.querySelector("#results tbody").replaceChildren(...rows);
}

function axisTicks(lo, hi, count) {
  const span = hi - lo || 1;
  const step = Math.pow(10, Math.floor(Math.log10(span / count)));
  const nice = [1, 2, 5, 10].map((m) => m * step).find((s) => span / s <= count) || step * 10;
  const ticks = [];
  for (let v = Math.ceil(lo / nice) * nice; v <= hi + 1e-9; v += nice) ticks.push(Number(v.toPrecision(12)));
  return ticks;
}

function drawCurves(data) {
  const svg = document.getElementById("bankroll");
  svg.replaceChildren();
  const hands = data.curve.hands;
  if (!hands.length) {
    svg.append(svgEl("text", { x: 40, y: 40 }, "no hands stored yet"));
    return;
  }
  const left = 70, top = 20, width = 620, height = 310;
  const all = data.curve.bankroll.flat().concat([0]);
  const lo = Math.min(...all), hi = Math.max(...all);
  const xMax = Math.max(hands[hands.length - 1], 2);
  const X = (h) => left + (h / xMax) * width;
  const Y = (v) => top + (hi === lo ? height / 2 : (1 - (v - lo) / (hi - lo)) * height);
  for (const t of axisTicks(lo, hi, 6)) {
    svg.append(svgEl("line", { x1: left, x2: left + width, y1: Y(t), y2: Y(t), stroke: t === 0 ? "#555" : "#e3e6ea" }));
    svg.append(svgEl("text", { x: left - 6, y: Y(t) + 4, "text-anchor": "end", "font-size": 10 }, String(t)));
  }
  for (const t of axisTicks(0, xMax, 6)) {
    svg.append(svgEl("text", { x: X(t), y: top + height + 16, "text-anchor": "middle", "font-size": 10 }, String(t)));
  }
  data.curve.bankroll.forEach((series, k) => {
    const points = series.map((v, i) => `${X(hands[i]).toFixed(1)},${Y(v).toFixed(1)}`).join(" ");
    svg.append(svgEl("polyline", { points, fill: "none", stroke: COLOURS[k % COLOURS.length], "stroke-width": 1.6,
                                   class: "curve", "data-bot": data.results[k].bot }));
  });
  svg.append(svgEl("text", { x: left + width / 2, y: top + height + 34, "text-anchor": "middle", "font-size": 11 }, "hands"));
  svg.append(svgEl("text", { x: 14, y: top + height / 2, "text-anchor": "middle", "font-size": 11,
                             transform: `rotate(-90 14 ${top + height / 2})` }, `${data.unit} won`));
}

function drawIntervals(data) {
  const svg = document.getElementById("intervals");
  svg.replaceChildren();
  const rows = data.results.filter((r) => r.ci95[0] !== null);
  svg.setAttribute("height", String(30 + 22 * data.results.length));
  if (!rows.length) return;
  const left = 150, width = 280;
  const ends = rows.flatMap((r) => r.ci95).concat([0]);
  const lo = Math.min(...ends), hi = Math.max(...ends);
  const X = (v) => left + (hi === lo ? width / 2 : ((v - lo) / (hi - lo)) * width);
  svg.append(svgEl("line", { x1: X(0), x2: X(0), y1: 4, y2: 22 * data.results.length + 8, stroke: "#555" }));
  data.results.forEach((r, k) => {
    const y = 16 + 22 * k;
    svg.append(svgEl("text", { x: left - 8, y: y + 4, "text-anchor": "end", "font-size": 11 }, r.bot));
    if (r.ci95[0] === null) return;
    const colour = COLOURS[k % COLOURS.length];
    svg.append(svgEl("line", { x1: X(r.ci95[0]), x2: X(r.ci95[1]), y1: y, y2: y, stroke: colour, "stroke-width": 4,
                               class: "interval" }));
    svg.append(svgEl("circle", { cx: X(r.per_hand), cy: y, r: 4, fill: "white", stroke: colour, "stroke-width": 2 }));
  });
  svg.append(svgEl("text", { x: X(0), y: 22 * data.results.length + 22, "text-anchor": "middle", "font-size": 10 },
                   `0 ${data.unit}/hand`));
}

async function loadHands() {
  const data = await guarded(() => api("GET", `/api/matches/${matchId()}/hands?first=${first}&count=${PAGE}`));
  if (!data) return;
  stored = data.hands_stored;
  document.getElementById("page-info").textContent = stored
    ? `hands ${first + 1} to ${Math.min(first + PAGE, stored)} of ${stored}` : "no hands stored";
  const rows = data.hands.map((h) => {
    const row = el("tr", { "data-hand": String(h.hand), class: "hand-row" }, el("td", {}, el("a", { href: "#" }, String(h.hand))),
      el("td", {}, ...h.board.map(cardEl)), el("td", { class: "num" }, String(h.pot)),
      el("td", {}, Object.entries(h.won).map(([name, won]) => `${name} ${won > 0 ? "+" : ""}${won}`).join(", ")));
    row.querySelector("a").addEventListener("click", (e) => { e.preventDefault(); openHand(h.hand); });
    return row;
  });
  document.querySelector("#hands tbody").replaceChildren(...rows);
}

async function openHand(number) {
  const h = await guarded(() => api("GET", `/api/matches/${matchId()}/hands/${number}`));
  if (!h) return;
  document.getElementById("hand").hidden = false;
  document.getElementById("hand-title").textContent = `Hand ${h.hand}, pot ${h.pot}`;
  document.getElementById("hand-board").replaceChildren("board ", ...h.board.map(cardEl));
  document.getElementById("hand-players").replaceChildren(...h.players.map((p) => el("tr", {},
    el("td", {}, `seat ${p.seat + 1}${p.button ? " (button)" : ""}`), el("td", {}, p.name),
    el("td", { class: p.showed ? "" : "muted" }, ...p.cards.map(cardEl)),
    el("td", {}, p.shows || (p.folded ? "folded" : "")), el("td", { class: "num" }, `${p.won > 0 ? "+" : ""}${p.won}`))));
  document.getElementById("hand-actions").replaceChildren(...h.actions.map((line) => el("li", {}, line)));
  document.getElementById("hand-illegal").textContent = h.illegal.length ? `illegal answers: ${h.illegal.join("; ")}` : "";
  const link = document.getElementById("hand-phh");
  link.href = `/api/matches/${matchId()}/hands/${h.hand}/phh`;
  document.getElementById("hand").dataset.hand = String(h.hand);
}

document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("earlier").addEventListener("click", () => { first = Math.max(0, first - PAGE); loadHands(); });
  document.getElementById("later").addEventListener("click", () => {
    if (first + PAGE < stored) { first += PAGE; loadHands(); }
  });
  document.getElementById("stop").addEventListener("click", async () => {
    await guarded(() => api("POST", `/api/matches/${matchId()}/stop`));
  });
  poll();
});
