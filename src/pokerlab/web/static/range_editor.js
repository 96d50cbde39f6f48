// The range editor (templates/range_editor.html): a player's cards or range as text, a slider
// for the top percent of hands, and the 13x13 grid of classes. Click or drag across the grid
// to put classes in or take them out; the server (POST /api/range: web/ranges.py and
// pokerlab.cards.range_text) rewrites the text, reads typed text and percentages, and says
// which classes are in with what weight, so the grid, the text box and the slider stay in step. The paint menu sets the weight a click puts
// in (Equilab's weighted ranges). Uses common.js's api().
//
//   const editor = new RangeEditor(element, { onChange: (editor) => ..., onError: (message) => ... });
//   editor.text; editor.setText("QQ+, AKs"); editor.setLabel("Player 3");
//
// The element's data-state says ready, busy or error; data-text the text the grid shows.

const TYPE_DELAY = 250; // ms after the last key before the typed text is read

export class RangeEditor {
  constructor(root, { onChange = () => {}, onError = () => {} } = {}) {
    this.root = root;
    this.onChange = onChange;
    this.onError = onError;
    this.input = root.querySelector('[data-role="text"]');
    this.slider = root.querySelector('[data-role="slider"]');
    this.percent = root.querySelector('[data-role="percent"]');
    this.count = root.querySelector('[data-role="count"]');
    this.label = root.querySelector('[data-role="label"]');
    this.paint = root.querySelector('[data-role="paint"]');
    this.cells = new Map();
    for (const cell of root.querySelectorAll('[data-role="grid"] .cell')) this.cells.set(cell.dataset.class, cell);
    this.weights = {};
    this.asked = 0;       // questions sent; only the latest answer is drawn
    this.timer = null;
    this.painting = null; // while dragging: { weight, classes }
    this._listen();
    this.read();
  }

  get text() { return this.input.value.trim(); }

  get name() { return this.label ? this.label.textContent : "range"; }

  setLabel(text) { if (this.label) this.label.textContent = text; }

  setText(text) {
    this.input.value = text;
    return this.read();
  }

  // Ask the server for the range of the text box (and the classes painted), then draw it.
  async read(edit) {
    const mine = ++this.asked;
    this.root.dataset.state = "busy";
    const body = { text: this.input.value, ...(edit || {}) };
    try {
      const view = await api("POST", "/api/range", body);
      if (mine !== this.asked) return;
      if (edit) this.input.value = view.text;
      this._draw(view);
      this.root.dataset.state = "ready";
      this.root.classList.remove("invalid");
      this.onChange(this);
    } catch (e) {
      if (mine !== this.asked) return;
      this.root.dataset.state = "error";
      this.root.classList.add("invalid");
      this.onError(`${this.name}: ${e.message}`);
    }
  }

  _draw(view) {
    this.weights = view.classes;
    for (const [name, cell] of this.cells) this._shade(cell, view.classes[name] || 0);
    const percent = 100 * view.share;
    this.slider.value = String(Math.min(100, Math.round(percent * 2) / 2));
    this.percent.textContent = `${percent.toFixed(1)}%`;
    this.count.textContent = view.combos === 1 ? "1 combo" : `${view.combos.toLocaleString("en")} combos`;
    this.root.dataset.text = view.text;
  }

  _shade(cell, weight) {
    cell.style.setProperty("--w", String(weight));
    cell.classList.toggle("in", weight > 0);
    cell.classList.toggle("part", weight > 0 && weight < 1);
    cell.title = weight > 0 && weight < 1 ? `${cell.dataset.class}: ${Math.round(weight * 100)}%`
                                          : cell.dataset.class;
  }

  _listen() {
    this.input.addEventListener("input", () => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.read(), TYPE_DELAY);
    });
    this.input.addEventListener("change", () => { clearTimeout(this.timer); this.read(); });
    this.slider.addEventListener("input", () => {
      const p = Number(this.slider.value);
      this.percent.textContent = `${p.toFixed(1)}%`;
      this.input.value = p > 0 ? `${p}%` : "";
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.read(), 60);
    });
    const grid = this.root.querySelector('[data-role="grid"]');
    grid.addEventListener("pointerdown", (event) => {
      const cell = event.target.closest(".cell");
      if (!cell || event.button !== 0) return;
      event.preventDefault();
      try { event.target.releasePointerCapture(event.pointerId); } catch (e) { /* not captured */ }
      // (a touch captures the pointer on the first cell; released, the drag reaches the others)
      // A class at the paint weight is taken out, any other put in at that weight.
      const paint = Number(this.paint ? this.paint.value : 1);
      const weight = (this.weights[cell.dataset.class] || 0) === paint ? 0 : paint;
      this.painting = { weight, classes: new Set() };
      this._paint(cell);
    });
    grid.addEventListener("pointerover", (event) => {
      if (!this.painting || !(event.buttons & 1)) return;
      const cell = event.target.closest(".cell");
      if (cell) this._paint(cell);
    });
    const finish = () => {
      if (!this.painting) return;
      const { weight, classes } = this.painting;
      this.painting = null;
      clearTimeout(this.timer);
      this.read({ classes: [...classes], weight });
    };
    window.addEventListener("pointerup", finish);
    window.addEventListener("pointercancel", finish);
  }

  _paint(cell) {
    this.painting.classes.add(cell.dataset.class);
    this._shade(cell, this.painting.weight);
  }
}

// Colour a grid of the macro class_grid by values in [0, 1] (blank where there is none). Each
// cell shows format(value, class) and its tooltip describe(value, class).
export function shadeValues(grid, values, format = (v) => `${Math.round(100 * v)}`,
                            describe = (v, name) => `${name}: ${(100 * v).toFixed(1)}%`) {
  for (const cell of grid.querySelectorAll(".cell")) {
    const value = values[cell.dataset.class];
    const has = value !== undefined && value !== null;
    cell.classList.toggle("valued", has);
    cell.style.setProperty("--v", has ? String(value) : "");
    cell.style.background = has ? valueColour(value) : "";
    cell.dataset.value = has ? String(value) : "";
    let shown = cell.querySelector(".value");
    if (!shown) {
      shown = document.createElement("small");
      shown.className = "value";
      cell.append(shown);
    }
    shown.textContent = has ? format(value, cell.dataset.class) : "";
    cell.title = has ? describe(value, cell.dataset.class) : cell.dataset.class;
  }
}

// Red (0) through pale yellow (0.5) to green (1), as range tools colour equity.
export function valueColour(v) {
  const t = Math.max(0, Math.min(1, v));
  const stops = [[203, 58, 48], [247, 232, 160], [46, 140, 72]];
  const [a, b, f] = t < 0.5 ? [stops[0], stops[1], t / 0.5] : [stops[1], stops[2], (t - 0.5) / 0.5];
  const mix = (i) => Math.round(a[i] + (b[i] - a[i]) * f);
  return `rgb(${mix(0)},${mix(1)},${mix(2)})`;
}
