// The Strategies page: sliders for the game's symbols; every move asks the server for
// `pokerlab solve`'s report at those numbers and redraws the table, the square and the axes.
"use strict";

const DEFAULTS = { P: 3 };          // the patent's worked pot; other symbols start at 2
let source = null;                  // {game: name} or {toml: text}
let timer = null;
let gameAsked = 0;                  // the latest game asked for: an earlier game's late answer is dropped

function gameSource() {
  const pasted = document.querySelector("input[name=source]:checked").value === "toml";
  return pasted ? { toml: document.getElementById("toml").value }
                : { game: document.getElementById("game").value };
}

async function loadGame() {
  const mine = ++gameAsked;
  source = gameSource();
  let info;
  try {
    info = await api("POST", "/api/strategies/game", source);
  } catch (e) {
    if (mine === gameAsked) showError(e.message);
    return;
  }
  if (mine !== gameAsked) return;
  showError("");
  document.getElementById("description").textContent = `${info.name}: ${info.description}`;
  const box = document.getElementById("params");
  box.replaceChildren();
  for (const name of info.parameters) {
    const start = DEFAULTS[name] !== undefined ? DEFAULTS[name] : 2;
    const slider = el("input", { type: "range", id: `param-${name}`, min: "0.05", max: name === "P" ? "20" : "10",
                                 step: "0.05", value: String(start), "data-name": name });
    const shown = el("input", { type: "text", id: `value-${name}`, size: "8", value: String(start) });
    slider.addEventListener("input", () => { shown.value = slider.value; schedule(); });
    shown.addEventListener("change", () => { slider.value = shown.value; schedule(); });
    box.append(el("p", {}, el("label", { for: `param-${name}` }, name === "P" ? "pot P " : `${name} `),
                  slider, " ", shown));
  }
  if (!info.parameters.length) box.append(el("p", { class: "muted" }, `fixed pot ${info.pot}`));
  solve();
}

function params() {
  const out = {};
  for (const input of document.querySelectorAll("#params input[type=text]")) {
    out[input.id.slice("value-".length)] = input.value.trim();
  }
  return out;
}

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(solve, 60);
}

function solve() {
  const wanted = params();
  return redraw(document.getElementById("result"),
                () => api("POST", "/api/strategies/solve", { ...source, params: wanted }), draw, wanted);
}

function draw(report) {
  const check = report.order_check;
  const holds = check.ok ? "holds" : `fails: ${check.violations.join(", ")}`;
  document.getElementById("summary").replaceChildren(
    el("b", {}, `${report.game}`), ` at P = ${report.pot}: order 0 < ${report.order} < 1 (${holds}); `,
    "P1's expected return E1 = ", el("span", { id: "value-exact" }, report.value_exact),
    report.value === null ? "" : ` = ${fmt(report.value, 6)}`);
  const body = document.querySelector("#thresholds tbody");
  body.replaceChildren(...report.thresholds.map((t) => el("tr", { "data-name": t.name },
    el("td", {}, t.name), el("td", {}, `P${t.player}`), el("td", {}, t.branch || "start"),
    el("td", {}, t.below), el("td", {}, t.above), el("td", { class: "exact" }, t.exact),
    el("td", { class: "num" }, t.value === null ? "–" : fmt(t.value, 6)))));
  const cert = report.certificate;
  const line = document.getElementById("certificate");
  if (cert.exploitability_exact !== undefined) {
    line.replaceChildren("certificate", cert.at_pot !== null && cert.at_pot !== undefined ? ` at P = ${cert.at_pot}` : "",
      ": exploitability ", el("span", { id: "exploitability" }, cert.exploitability_exact),
      ` (P1 could gain ${fmt(cert.p1_gain, 4)}, P2 ${fmt(cert.p2_gain, 4)})`);
  } else {
    line.replaceChildren(`certificate: ${cert.note}`);
  }
  drawSquare(report.picture);
  drawAxes(report.picture);
}

// Blue for P1's gains, red for its losses, white at zero (as the --plot picture).
function payoffColour(value, extent) {
  const t = Math.max(-1, Math.min(1, value / extent));
  const [r0, g0, b0] = t >= 0 ? [5, 113, 176] : [202, 0, 32];
  const a = Math.abs(t);
  const mix = (c) => Math.round(247 + (c - 247) * a);
  return `rgb(${mix(r0)},${mix(g0)},${mix(b0)})`;
}

function drawSquare(pic) {
  const svg = document.getElementById("square");
  svg.replaceChildren();
  if (!pic) return;
  const size = 400, left = 50, top = 60;
  const X = (x) => left + x * size, Y = (y) => top + (1 - y) * size;
  for (const region of pic.regions) {
    const points = region.points.map(([x, y]) => `${X(x)},${Y(y)}`).join(" ");
    const who = region.folded ? `P${region.folded} folds` : `P${region.higher} higher`;
    const poly = svgEl("polygon", { points, fill: payoffColour(region.payoff, pic.extent), class: "region" });
    poly.append(svgEl("title", {}, `${region.betting}: ${who}, P1 gets ${fmt(region.payoff, 4)}`));
    svg.append(poly);
  }
  svg.append(svgEl("rect", { x: left, y: top, width: size, height: size, fill: "none", stroke: "#333" }));
  svg.append(svgEl("line", { x1: X(0), y1: Y(0), x2: X(1), y2: Y(1), stroke: "#333", "stroke-width": 0.8 }));
  const lastAt = { 1: -1, 2: -1 };
  let tier = { 1: 0, 2: 0 };
  for (const t of pic.thresholds) {
    tier[t.player] = t.value - lastAt[t.player] < 0.04 ? tier[t.player] + 1 : 0;
    lastAt[t.player] = t.value;
    const shift = 12 * (tier[t.player] % 3);
    if (t.player === 1) {
      svg.append(svgEl("line", { x1: X(t.value), y1: Y(0), x2: X(t.value), y2: Y(1), stroke: "#111",
                                 "stroke-dasharray": "4 3", "stroke-width": 0.8 }));
      svg.append(svgEl("text", { x: X(t.value), y: top - 6 - shift, "text-anchor": "middle", "font-size": 11 }, t.name));
    } else {
      svg.append(svgEl("line", { x1: X(0), y1: Y(t.value), x2: X(1), y2: Y(t.value), stroke: "#111",
                                 "stroke-dasharray": "1 3", "stroke-width": 1 }));
      svg.append(svgEl("text", { x: X(1) + 6 + 3 * shift, y: Y(t.value) + 4, "font-size": 11 }, t.name));
    }
  }
  for (const v of [0, 0.5, 1]) {
    svg.append(svgEl("text", { x: X(v), y: Y(0) + 16, "text-anchor": "middle", "font-size": 10 }, String(v)));
    svg.append(svgEl("text", { x: left - 6, y: Y(v) + 4, "text-anchor": "end", "font-size": 10 }, String(v)));
  }
  svg.append(svgEl("text", { x: X(0.5), y: Y(0) + 34, "text-anchor": "middle", "font-size": 12 }, "P1's hand"));
  svg.append(svgEl("text", { x: 14, y: Y(0.5), "text-anchor": "middle", "font-size": 12,
                             transform: `rotate(-90 14 ${Y(0.5)})` }, "P2's hand"));
}

function drawAxes(pic) {
  const svg = document.getElementById("axes");
  svg.replaceChildren();
  if (!pic) return;
  const left = 130, width = 440, rowHeight = 78;
  svg.setAttribute("height", String(30 + rowHeight * pic.axes.length));
  const X = (x) => left + x * width;
  pic.axes.forEach((axis, row) => {
    const y = 36 + row * rowHeight;
    svg.append(svgEl("text", { x: left - 10, y: y + 14, "text-anchor": "end", "font-size": 12 }, axis.label));
    axis.segments.forEach((s, k) => {
      const rect = svgEl("rect", { x: X(s.from), y, width: Math.max(0, X(s.to) - X(s.from)), height: 22,
                                   fill: s.colour, stroke: "#333", "stroke-width": 0.6 });
      rect.append(svgEl("title", {}, `${s.sequence}: ${fmt(s.from, 4)} to ${fmt(s.to, 4)}`));
      svg.append(rect);
      const mid = (X(s.from) + X(s.to)) / 2;
      const lift = X(s.to) - X(s.from) < 40 ? 11 * (k % 2) : 0;
      svg.append(svgEl("text", { x: mid, y: y - 4 - lift, "text-anchor": "middle", "font-size": 10 }, s.sequence));
    });
    let previous = -1, tier = 0;
    for (const cut of axis.cuts) {
      tier = cut.value - previous < 0.04 ? tier + 1 : 0;
      previous = cut.value;
      svg.append(svgEl("text", { x: X(cut.value), y: y + 36 + 11 * (tier % 3), "text-anchor": "middle",
                                 "font-size": 10 }, cut.name));
    }
  });
}

document.addEventListener("DOMContentLoaded", () => {
  for (const radio of document.querySelectorAll("input[name=source]")) {
    radio.addEventListener("change", () => {
      const pasted = radio.value === "toml" && radio.checked;
      document.getElementById("toml-box").hidden = !pasted;
      document.getElementById("builtin-box").hidden = pasted;
      if (!pasted) loadGame();
    });
  }
  document.getElementById("game").addEventListener("change", loadGame);
  document.getElementById("use-toml").addEventListener("click", loadGame);
  loadGame();
});
