// Shared by every page: calling the JSON API, showing its errors, building SVG and cards.
"use strict";

// Call the API; resolves to the JSON answer, rejects with the server's one-line message.
async function api(method, url, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const reply = await fetch(url, options);
  let data = null;
  try { data = await reply.json(); } catch (e) { data = null; }
  if (!reply.ok) {
    throw new Error(data && data.error ? data.error : `${method} ${url}: status ${reply.status}`);
  }
  return data;
}

// One line in the error banner (or clear it with an empty message).
function showError(message) {
  const box = document.getElementById("error");
  box.textContent = message || "";
  box.hidden = !message;
}

// Run an async action; its error goes to the banner, success clears it.
async function guarded(action) {
  try {
    const out = await action();
    showError("");
    return out;
  } catch (e) {
    showError(e.message);
    return undefined;
  }
}

// Ask the server for a job (POST `url` with `body`) and follow it to its end, asking
// `${jobs}/<job>` every `poll` ms: `started(job)` once the server names it (so Stop can reach
// it), `show(view)` at each answer while it waits or runs. Resolves to the last view.
async function followJob(url, body, jobs, poll, started, show) {
  let view = await api("POST", url, body);
  started(view.job);
  while (view.state === "waiting" || view.state === "running") {
    show(view);
    await new Promise((resolve) => setTimeout(resolve, poll));
    view = await api("GET", `${jobs}/${view.job}`);
  }
  return view;
}

const SVG_NS = "http://www.w3.org/2000/svg";

// An SVG element with attributes (and optional text).
function svgEl(tag, attrs, text) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

// An HTML element with attributes and children (strings become text).
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v; else node.setAttribute(k, v);
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return node;
}

const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };

// A playing card from its code such as "As" or "Td" (null: a card face down).
function cardEl(code) {
  if (!code) return el("span", { class: "card back", title: "face down" }, "");
  const rank = code[0] === "T" ? "10" : code[0];
  const suit = code[1];
  return el("span", { class: `card suit-${suit}`, "data-card": code }, rank + SUITS[suit]);
}

// Numbers for people.
function fmt(x, digits) {
  if (x === null || x === undefined || Number.isNaN(x)) return "–";
  return Number(x).toFixed(digits === undefined ? 4 : digits);
}

// Ask the server and draw its answer into `box`, keeping only the answer to the latest
// question (a slider asks many): `box.dataset.state` says solving, ready or error, and
// `box.dataset.params` the question `label` that the drawing answers.
const latestQuestion = new WeakMap();
async function redraw(box, ask, draw, label) {
  const mine = (latestQuestion.get(box) || 0) + 1;
  latestQuestion.set(box, mine);
  box.dataset.state = "solving";
  try {
    const data = await ask();
    if (latestQuestion.get(box) !== mine) return;
    draw(data);
    box.dataset.params = JSON.stringify(label);
    box.dataset.state = "ready";
    showError("");
  } catch (e) {
    if (latestQuestion.get(box) !== mine) return;
    box.dataset.state = "error";
    showError(e.message);
  }
}
