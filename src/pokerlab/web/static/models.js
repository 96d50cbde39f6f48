// The Models page: a form per model from the catalogue; every change asks the server for
// `pokerlab model`'s report and redraws the numbers and the papers' number lines.
"use strict";

let catalogue = {};
let timer = null;

// A slider for a parameter whose default is a plain number or fraction.
function numeric(text) {
  const m = /^\s*(\d+(?:\.\d+)?)(?:\s*\/\s*(\d+))?\s*$/.exec(text || "");
  if (!m) return null;
  return m[2] ? Number(m[1]) / Number(m[2]) : Number(m[1]);
}

function buildForm() {
  const name = document.getElementById("model").value;
  const spec = catalogue[name];
  document.getElementById("model-title").textContent = `${spec.title} (${spec.source})`;
  const box = document.getElementById("params");
  box.replaceChildren();
  for (const p of spec.params) {
    const input = el("input", { type: "text", id: `value-${p.name}`, size: "12", value: p.default,
                                placeholder: p.kind === "numbers" ? "a,b,c" : "", title: p.help });
    input.addEventListener("change", schedule);
    const row = el("p", {}, el("label", { for: `value-${p.name}`, title: p.help }, `${p.name} `), input);
    const start = p.kind === "number" ? numeric(p.default) : null;
    if (start !== null && start > 0) {
      const probability = start < 1;
      const slider = el("input", { type: "range", id: `param-${p.name}`, min: probability ? "0.01" : "0.1",
        max: probability ? "0.99" : String(Math.max(10, 4 * start)), step: probability ? "0.01" : "0.1",
        value: String(start) });
      slider.addEventListener("input", () => { input.value = slider.value; schedule(); });
      row.append(" ", slider);
    }
    row.append(el("span", { class: "muted" }, ` ${p.help}`));
    box.append(row);
  }
  solve();
}

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(solve, 80);
}

function solve() {
  const model = document.getElementById("model").value;
  const params = {};
  for (const input of document.querySelectorAll("#params input[type=text]")) {
    if (input.value.trim() !== "") params[input.id.slice("value-".length)] = input.value.trim();
  }
  const check = document.getElementById("check").checked;
  return redraw(document.getElementById("result"), () => api("POST", "/api/models/solve", { model, params, check }),
                draw, { model, ...params });
}

function draw(report) {
  const exact = report.thresholds_exact || report.strategy_exact || {};
  const floats = report.thresholds || report.strategy || {};
  const engine = report.check ? (report.check.thresholds || report.check.strategy || {}) : {};
  const params = Object.entries(report.params_exact).map(([k, v]) => `${k} = ${v}`).join(", ");
  document.getElementById("summary").replaceChildren(el("b", {}, report.model), ` (${report.source})`,
    params ? `; ${params}` : "", report.case ? `; case: ${report.case}` : "");
  const rows = Object.entries(exact).map(([k, v]) => el("tr", { "data-name": k }, el("td", {}, k),
    el("td", { class: "exact" }, v), el("td", { class: "num" }, fmt(floats[k], 6)),
    el("td", { class: "num" }, k in engine ? fmt(engine[k], 6) : "")));
  rows.push(el("tr", { "data-name": "value" }, el("td", {}, "value"), el("td", { class: "exact" }, report.value_exact),
    el("td", { class: "num" }, fmt(report.value, 6)),
    el("td", { class: "num" }, report.check ? fmt(report.check.value, 6) : "")));
  document.querySelector("#numbers tbody").replaceChildren(...rows);
  const verdict = document.getElementById("verdict");
  if (report.check) {
    const c = report.check;
    verdict.replaceChildren(`check (${c.engine}; ${c.method}): max difference ${c.max_diff.toExponential(2)} `,
      el("b", { class: c.agrees ? "good" : "bad" }, c.agrees ? "agrees" : "DISAGREES"));
  } else {
    verdict.replaceChildren("not checked");
  }
  const notes = [...(report.order_checked || []).map((o) => `checked: ${o}`),
                 ...(report.check ? report.check.notes : [])];
  document.getElementById("notes").replaceChildren(...notes.map((n) => el("li", {}, n)));
  drawLines(report.lines);
}

function drawLines(lines) {
  const svg = document.getElementById("lines");
  svg.replaceChildren();
  const left = 190, width = 420, rowHeight = 62;
  svg.setAttribute("height", String(20 + rowHeight * lines.length));
  const X = (x) => left + x * width;
  lines.forEach((line, row) => {
    const y = 10 + row * rowHeight;
    svg.append(svgEl("text", { x: left - 8, y: y + 16, "text-anchor": "end", "font-size": 11 }, line.title));
    line.segments.forEach((s, i) => {
      const rect = svgEl("rect", { x: X(s.from), y, width: Math.max(0, X(s.to) - X(s.from)), height: 24,
        fill: s.colour, "fill-opacity": s.hatched ? 0.45 : 0.75, stroke: "#333", "stroke-width": 0.6 });
      rect.append(svgEl("title", {}, `${s.action}: ${fmt(s.from, 4)} to ${fmt(s.to, 4)}`));
      svg.append(rect);
      if (X(s.to) - X(s.from) > 60) {
        svg.append(svgEl("text", { x: (X(s.from) + X(s.to)) / 2, y: y + 16, "text-anchor": "middle",
                                   "font-size": 10 }, s.action));
      }
      if (s.upto !== "1") {
        svg.append(svgEl("text", { x: X(s.to), y: y + 38 + 11 * (i % 2), "text-anchor": "middle", "font-size": 10 },
                         `${s.upto}=${fmt(s.to, 3)}`));
      }
    });
  });
}

document.addEventListener("DOMContentLoaded", () => {
  catalogue = JSON.parse(document.getElementById("catalogue").textContent);
  document.getElementById("model").addEventListener("change", buildForm);
  document.getElementById("check").addEventListener("change", schedule);
  buildForm();
});
