// A table: draw the person's view, send the person's commands (f, c, r N, a as in the
// terminal; at a draw the places of the cards clicked to discard, or p to stand pat), deal the
// next hand, and show the coach on request.
"use strict";

const page = () => document.getElementById("table-page");
const tableId = () => page().dataset.table;
let view = null;
// Only the answer to the latest request is drawn: a slow one (the coach's numbers asked when
// the coach is shown) must not overwrite the table after a later action.
let asked = 0;
// At a draw: the places (1..5) of the person's cards clicked to discard.
let discards = new Set();

function coachWanted() {
  return document.getElementById("coach-toggle").checked;
}

// One request for the view: the page says "waiting" until its answer is drawn.
async function request(call) {
  const mine = ++asked;
  page().dataset.state = "waiting";
  const data = await guarded(call);
  if (mine !== asked) return;
  if (data) draw(data); else page().dataset.state = "ready";
}

const thinkingWanted = () => document.getElementById("thinking-toggle").checked;

const load = () => request(() =>
  api("GET", `/api/tables/${tableId()}?coach=${coachWanted() ? 1 : 0}&thinking=${thinkingWanted() ? 1 : 0}`));

const send = (path, body) => request(() =>
  api("POST", `/api/tables/${tableId()}/${path}`, { ...body, coach: coachWanted(), thinking: thinkingWanted() }));

function seatBox(p, count) {
  // Seat 1 (you) at the bottom, the others clockwise around the oval.
  const angle = Math.PI / 2 + (2 * Math.PI * p.seat) / count;
  const x = 50 + 40 * Math.cos(angle), y = 50 + 40 * Math.sin(angle);
  const hidden = Array.from({ length: view.hole_cards }, () => cardEl(null));
  const cards = p.cards ? p.cards.map(cardEl) : (p.folded ? [] : hidden);
  if (p.you && view.legal && view.legal.max_discards) {
    cards.forEach((card, k) => {
      const place = k + 1;
      card.classList.add("pick");
      card.id = `card-${place}`;
      card.title = "click to discard (click again to keep)";
      if (discards.has(place)) card.classList.add("discard");
      card.addEventListener("click", () => {
        if (discards.has(place)) discards.delete(place); else discards.add(place);
        card.classList.toggle("discard", discards.has(place));
        drawDiscardButton();
      });
    });
  }
  const classes = ["seat", p.you ? "you" : "", p.folded ? "folded" : "", p.to_act ? "to-act" : ""];
  const box = el("div", { class: classes.join(" "), id: `seat-${p.seat}`, style: `left:${x}%;top:${y}%` },
    el("div", { class: "name" }, p.you ? "you" : p.name, p.button ? el("span", { class: "dealer", title: "button" }, "D") : null),
    el("div", { class: "hole" }, ...cards),
    el("div", { class: "stack" }, "stack ", el("span", { class: "chips" }, String(p.stack))),
    p.bet ? el("div", { class: "bet" }, `bet ${p.bet}`) : null,
    p.won !== undefined ? el("div", { class: `won ${p.won > 0 ? "good" : p.won < 0 ? "bad" : ""}` },
                             `${p.won > 0 ? "+" : ""}${p.won}`) : null,
    p.shows ? el("div", { class: "shows muted" }, p.shows) : null);
  box.dataset.stack = String(p.stack);
  if (p.won !== undefined) box.dataset.won = String(p.won);
  return box;
}

function draw(data) {
  if (!(data.legal && data.legal.max_discards) || !view || view.hand !== data.hand) discards = new Set();
  // The same decision drawn again (the coach's numbers asked for): keep what the person typed.
  const sameDecision = !!view && view.hand === data.hand && view.actions.length === data.actions.length;
  view = data;
  document.getElementById("title").textContent =
    `Hand ${data.hand} · ${data.variant} · ${data.kind} · ${data.seats} seats · seed ${data.seed}`;
  const felt = document.getElementById("felt");
  for (const old of felt.querySelectorAll(".seat")) old.remove();
  for (const p of data.players) felt.append(seatBox(p, data.seats));
  document.getElementById("board").replaceChildren(...data.board.map(cardEl));
  document.getElementById("pot").textContent = `pot ${data.pot}`;
  document.getElementById("street").textContent =
    data.finished ? "hand over" : data.street;
  drawActions(data, sameDecision);
  const you = data.players.find((p) => p.you);
  const result = document.getElementById("result");
  if (data.finished && you) {
    result.textContent = you.won > 0 ? `You win ${you.won}.` : you.won < 0 ? `You lose ${-you.won}.` : "Even.";
  } else {
    result.textContent = data.your_turn ? "Your turn." : "";
  }
  document.getElementById("log").replaceChildren(...data.actions.map((line) => el("li", {}, line)));
  document.getElementById("illegal").textContent = data.illegal.length ? `illegal answers: ${data.illegal.join("; ")}` : "";
  drawSession(data.session);
  drawCoach(data.coach);
  drawReports(data.bot_reports || {});
  page().dataset.hand = String(data.hand);
  page().dataset.finished = String(data.finished);
  page().dataset.yourTurn = String(data.your_turn);
  page().dataset.state = "ready";
}

function drawActions(data, sameDecision) {
  const legal = data.legal;
  const drawing = !!(legal && legal.max_discards);
  const betting = !!legal && !drawing;
  const show = (id, on) => { document.getElementById(id).hidden = !on; };
  document.getElementById("menu").textContent = drawing ? "Click the cards to discard, then draw; or stand pat."
                                                        : legal ? legal.menu : "";
  show("fold", betting && legal.can_fold);
  show("call", betting);
  show("sizing", betting && legal.can_raise);
  // A size to choose (never in limit: one size) adds the largest, as the terminal's menu adds "a";
  // the library names it (max_word: all-in, or the pot when the stack is deeper).
  show("allin", betting && legal.can_raise && legal.max_raise_to > legal.min_raise_to);
  show("discard", drawing);
  show("pat", drawing);
  show("next", data.finished);
  if (drawing) drawDiscardButton();
  if (!betting) return;
  // The actions' names now (check or call, bet or raise) are the library's, as in the terminal's menu.
  document.getElementById("call").textContent = capitalized(legal.call_word) + (legal.to_call ? ` ${legal.to_call}` : "");
  if (legal.can_raise) {
    document.getElementById("raise").textContent = capitalized(legal.raise_word);
    document.getElementById("allin").textContent = capitalized(legal.max_word);
    for (const id of ["amount", "amount-slider"]) {
      const input = document.getElementById(id);
      input.min = String(legal.min_raise_to);
      input.max = String(legal.max_raise_to);
      if (!sameDecision) input.value = String(legal.min_raise_to);
      input.disabled = legal.min_raise_to === legal.max_raise_to;
    }
  }
}

function capitalized(words) {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function drawDiscardButton() {
  const button = document.getElementById("discard");
  button.textContent = discards.size ? `Draw ${discards.size}` : "Draw (pick cards)";
  button.disabled = discards.size === 0;
}

function drawSession(s) {
  const box = document.getElementById("session");
  const rate = s.per_hand === null ? "–" : `${s.per_hand >= 0 ? "+" : ""}${fmt(s.per_hand, 3)} ${s.unit}/hand`;
  const interval = s.ci95 ? `95% interval [${fmt(s.ci95[0], 3)}, ${fmt(s.ci95[1], 3)}]`
                          : `the 95% interval shows after ${s.interval_after} hands`;
  box.replaceChildren(el("h3", {}, "Your session"),
    el("p", {}, `${s.hands} hands, `, el("span", { id: "chips-won" }, `${s.chips_won >= 0 ? "+" : ""}${s.chips_won}`),
       " chips, ", el("span", { id: "rate" }, rate)),
    el("p", { id: "interval", class: "muted" }, interval),
    el("p", {}, el("a", { id: "download", href: `/api/tables/${tableId()}/history.phhs`, download: "pokerlab-table.phhs" },
                   "download the hand history (PHH)")));
}

const COACH_ROWS = [
  ["hs", "hand strength HS (now, against one random hand)"], ["hs_n", "HS against every live opponent"],
  ["ppot", "positive potential PPOT (behind, pulls ahead)"], ["npot", "negative potential NPOT (ahead, falls behind)"],
  ["ehs", "effective hand strength EHS"], ["pot_odds", "pot odds (call / (pot + call))"],
];

// After the hand: each searching bot's decisions, its strategy for the hand it held beside its
// range's frequency of each action.
function drawReports(reports) {
  const names = Object.keys(reports);
  document.getElementById("bot-thinking").hidden = names.length === 0;
  const blocks = [];
  for (const name of names) {
    for (const d of reports[name]) {
      const rows = d.actions.map((a) => el("tr", {}, el("td", {}, a.action),
        el("td", { class: "num" }, fmt(100 * a.hand, 1) + "%"), el("td", { class: "num" }, fmt(100 * a.range, 1) + "%")));
      blocks.push(el("p", {}, `${name} on the ${d.street} with ${d.hand} (its range: ${fmt(d.range_combos, 1)} combos; ` +
        `${d.iterations} iterations, ${fmt(d.seconds, 2)} s)`));
      blocks.push(el("table", { class: "values" },
        el("thead", {}, el("tr", {}, el("th", {}, "action"), el("th", {}, "its hand"), el("th", {}, "its range"))),
        el("tbody", {}, ...rows)));
    }
  }
  document.getElementById("bot-reports").replaceChildren(...blocks);
}

function drawCoach(c) {
  const box = document.getElementById("coach");
  box.hidden = !coachWanted();
  const numbers = document.getElementById("coach-numbers");
  const river = document.getElementById("coach-river");
  const advice = document.getElementById("coach-advice");
  if (!c) {
    numbers.replaceChildren(el("tr", {}, el("td", {}, (view && view.coach_note) || "")));
    river.textContent = "";
    advice.textContent = "";
    return;
  }
  advice.textContent = c.advice || "";  // what the numbers mean for the decision, in plain words
  const rows = COACH_ROWS.filter(([key]) => c[key] !== null && c[key] !== undefined)
    .map(([key, label]) => el("tr", { "data-key": key }, el("td", {}, label), el("td", { class: "num" }, fmt(c[key], 3))));
  if (c.note) rows.unshift(el("tr", {}, el("td", {}, c.note)));  // which numbers are missing, and why
  numbers.replaceChildren(...rows);
  river.textContent = c.river
    ? `Dividing-point advice (the patent's game 3 at a pot of ${fmt(c.river.pot_in_bets, 2)} bets, your strength ` +
      `${fmt(c.river.strength, 3)} as the rank, you act ${c.river.player === 1 ? "first" : "second"}): ${c.river.action}`
    : capitalized(c.river_note || "");
}

document.addEventListener("DOMContentLoaded", () => {
  const toggle = document.getElementById("coach-toggle");
  toggle.checked = localStorage.getItem("pokerlab-coach") === "1";
  toggle.addEventListener("change", () => {
    localStorage.setItem("pokerlab-coach", toggle.checked ? "1" : "0");
    load();
  });
  const thinking = document.getElementById("thinking-toggle");
  thinking.checked = localStorage.getItem("pokerlab-thinking") === "1";
  thinking.addEventListener("change", () => {
    localStorage.setItem("pokerlab-thinking", thinking.checked ? "1" : "0");
    load();
  });
  document.getElementById("fold").addEventListener("click", () => send("act", { action: "f" }));
  document.getElementById("call").addEventListener("click", () => send("act", { action: "c" }));
  document.getElementById("raise").addEventListener("click",
    () => send("act", { action: `r ${document.getElementById("amount").value}` }));
  document.getElementById("allin").addEventListener("click", () => send("act", { action: "a" }));
  document.getElementById("next").addEventListener("click", () => send("deal", {}));
  document.getElementById("discard").addEventListener("click",
    () => send("act", { action: [...discards].sort().join(" ") }));
  document.getElementById("pat").addEventListener("click", () => send("act", { action: "p" }));
  const amount = document.getElementById("amount"), slider = document.getElementById("amount-slider");
  slider.addEventListener("input", () => { amount.value = slider.value; });
  amount.addEventListener("input", () => { slider.value = amount.value; });
  load();
});
