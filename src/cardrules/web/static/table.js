// The cardrules web table: a lobby to open tables, and a table that renders any game from
// the view the server pushes. One renderer for every game; GAME_PARTS holds the little
// that differs (names of fields, which numbers are item faces).
"use strict";

const GAME_PARTS = {
  malilla: { title: "Malilla", centre: ["trump", "trick", "tricks", "scores"] },
  mala_suerte: { title: "Mala Suerte", centre: ["turn", "step", "curse", "discard", "deck_size"] },
  magyar_nepmesek: { title: "Magyar népmesék", centre: ["pending", "discard", "draw_size", "zones"] },
  mala_e_cuia: {
    title: "Mala e Cuia",
    centre: ["progress", "table", "tile"],
    items: ["table", "tile", "general", "bonus", "discarded_items"],
    names: { table: "Items on the table", tile: "Your suitcase (secret: only you see it)" },
  },
  maldicion: { title: "La Maldición", centre: ["phase", "pile", "element", "direction", "hp"] },
};
const HIDDEN_KEYS = new Set(["game", "seat", "hand", "current_player", "outcome", "events"]);
const $ = (id) => document.getElementById(id);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

function words(key) {
  return key.replace(/_/g, " ");
}

function showError(text) {
  const box = $("error");
  box.textContent = text;
  box.hidden = !text;
}

async function api(path, body, token) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method: body === undefined ? "GET" : "POST",
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || `${response.status}`);
  return data;
}

// ---- the lobby ------------------------------------------------------------------------

async function lobby() {
  $("lobby").hidden = false;
  document.body.dataset.state = "lobby";
  const { games, bots } = await api("/api/games");
  const select = $("game");
  for (const name of Object.keys(games)) {
    select.append(el("option", { value: name, text: (GAME_PARTS[name] || {}).title || name }));
  }
  const redraw = () => drawOptions(games[select.value], bots);
  select.addEventListener("change", redraw);
  redraw();
  $("new-table").addEventListener("submit", async (event) => {
    event.preventDefault();
    showError("");
    try {
      const links = await api("/api/tables", {
        game: select.value,
        options: readOptions(games[select.value]),
        seats: [...document.querySelectorAll("#seat-choices select")].map((s) => s.value),
      });
      showLinks(links);
    } catch (error) {
      showError(error.message);
    }
  });
}

function drawOptions(info, bots) {
  const box = $("options");
  box.replaceChildren(el("legend", { text: "Options" }));
  $("seat-choices").replaceChildren(el("legend", { text: "Seats" }));
  for (const [name, value] of Object.entries(info.options)) {
    if (value !== null && typeof value === "object") continue; // decks: the default
    const id = `option-${name}`;
    const input =
      typeof value === "boolean"
        ? el("input", { id, type: "checkbox", name, checked: value })
        : el("input", { id, type: typeof value === "number" ? "number" : "text", name, value });
    input.addEventListener("change", () => drawSeats(bots));
    box.append(el("label", { for: id }, `${words(name)} `, input));
  }
  drawSeats(bots, info.players);
}

function readOptions(info) {
  const options = {};
  for (const input of document.querySelectorAll("#options input")) {
    const fallback = info.options[input.name];
    if (input.type === "checkbox") options[input.name] = input.checked;
    else if (typeof fallback === "number") options[input.name] = Number(input.value);
    else options[input.name] = input.value;
    if (options[input.name] === fallback) delete options[input.name];
  }
  return options;
}

function drawSeats(bots, players) {
  const count = Number(document.querySelector("#options input[name=players]")?.value) || players || 4;
  const box = $("seat-choices");
  const chosen = [...box.querySelectorAll("select")].map((s) => s.value);
  if (chosen.length === count) return; // the same seats: keep what was chosen
  box.replaceChildren(el("legend", { text: "Seats" }));
  for (let seat = 0; seat < count; seat++) {
    const select = el("select", { id: `seat-${seat}`, "aria-label": `seat ${seat}` });
    const wanted = chosen[seat] ?? (seat ? "heuristic" : "human");
    for (const kind of ["human", ...bots.filter((b) => !b.endsWith("-N")), "ismcts-100", "ismctsg-100"]) {
      select.append(el("option", { value: kind, text: kind, selected: kind === wanted }));
    }
    box.append(el("label", { for: `seat-${seat}` }, `seat ${seat} `, select));
  }
}

function showLinks(links) {
  $("links").hidden = false;
  const list = $("link-list");
  list.replaceChildren();
  for (const { seat, link } of links.seats) {
    if (link) list.append(el("li", {}, `seat ${seat}: `, el("a", { href: link, class: "seat-link", text: new URL(link, location).href })));
  }
  list.append(el("li", {}, "spectators: ", el("a", { href: links.spectate, class: "spectate-link", text: new URL(links.spectate, location).href })));
}

// ---- the table ------------------------------------------------------------------------

const table = { id: null, token: null, message: null, socket: null, retries: 0 };

function start() {
  const match = location.pathname.match(/^\/table\/([A-Za-z0-9_-]+)$/);
  if (!match) return lobby().catch((error) => showError(error.message));
  table.id = match[1];
  table.token = new URLSearchParams(location.hash.slice(1)).get("seat");
  $("table").hidden = false;
  connect();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/tables/${table.id}/live`);
  table.socket = socket;
  socket.addEventListener("open", () => socket.send(JSON.stringify({ type: "hello", token: table.token })));
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "error") return showError(message.error);
    table.retries = 0;
    showError("");
    table.message = message;
    render(message);
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 1008) return showError(event.reason || "the server refused this connection");
    if (table.retries++ < 20) setTimeout(connect, Math.min(500 * table.retries, 5000));
  });
}

async function play(index) {
  const message = table.message;
  $("reason").textContent = "";
  try {
    const after = await api(`/api/tables/${table.id}/moves`, { move: index, version: message.version }, table.token);
    if (after.version > (table.message?.version ?? -1)) render((table.message = after));
  } catch (error) {
    $("reason").textContent = error.message;
  }
}

function part(message) {
  return GAME_PARTS[message.game] || { title: message.game, centre: [] };
}

function teamOf(message, seat) {
  return message.teams.findIndex((team) => team.includes(seat));
}

function render(message) {
  const data = message.view.data;
  const me = message.seat;
  const game = part(message);
  $("title").textContent = `· ${game.title}`;
  document.title = `${game.title} · cardrules`;
  $("whoami").textContent = me === null ? "You are watching (a spectator sees only what every seat sees)." : `You are seat ${me}.`;
  document.body.dataset.game = message.game;
  document.body.dataset.state = message.outcome ? "over" : message.moves.length ? "mine" : "waiting";
  document.body.dataset.version = message.version;
  renderSeats(message, data);
  renderBoard(message, data, game);
  renderDecision(message, data);
  renderOutcome(message);
  const log = $("events");
  log.start = message.log_from + 1;
  log.replaceChildren(...message.log.map((line) => el("li", { text: line })));
  log.lastElementChild?.scrollIntoView?.({ block: "nearest" });
}

// Per-seat facts: the view's lists with one entry per seat.
function perSeat(message, data) {
  const n = message.players;
  return Object.entries(data).filter(
    ([key, value]) => !HIDDEN_KEYS.has(key) && Array.isArray(value) && value.length === n && !(part(message).centre || []).includes(key),
  );
}

function renderSeats(message, data) {
  const n = message.players;
  const me = message.seat ?? 0;
  const facts = perSeat(message, data);
  const box = $("seats");
  box.replaceChildren();
  box.dataset.players = n;
  for (let seat = 0; seat < n; seat++) {
    const info = message.seats[seat];
    const team = teamOf(message, seat);
    const shared = message.teams[team].length > 1;
    const marks = [];
    if (seat === message.seat) marks.push("you");
    else if (message.seat !== null && shared && teamOf(message, message.seat) === team) marks.push("partner");
    if (message.turn === seat) marks.push("to play");
    const node = el(
      "article",
      {
        class: `seat team-${shared ? team : "none"}${seat === message.turn ? " turn" : ""}${seat === message.seat ? " me" : ""}`,
        "data-seat": seat,
        "aria-label": `seat ${seat}${marks.length ? ` (${marks.join(", ")})` : ""}`,
      },
      el("h3", {}, `Seat ${seat}`, ...marks.map((m) => el("span", { class: `mark mark-${m.replace(" ", "-")}`, text: m }))),
      el("p", { class: "who", text: `${info.kind === "bot" ? `bot: ${info.bot}` : "human"}${info.kind === "human" ? (info.connected ? " · here" : " · away") : ""}` }),
      shared ? el("p", { class: "team", text: `team ${"AB"[team] ?? team + 1}: seats ${message.teams[team].join(" + ")}` }) : null,
    );
    const list = el("dl", { class: "facts" });
    for (const [key, values] of facts) {
      list.append(el("dt", { text: words(key) }), el("dd", {}, show(values[seat], key, message)));
    }
    node.append(list);
    // Seats clockwise from the viewer, who sits at the bottom.
    const angle = (2 * Math.PI * ((seat - me + n) % n)) / n;
    node.style.setProperty("--x", `${50 - 40 * Math.sin(angle)}%`);
    node.style.setProperty("--y", `${50 + 31 * Math.cos(angle)}%`);
    box.append(node);
  }
}

function renderBoard(message, data, game) {
  const box = $("board");
  box.replaceChildren();
  const seatKeys = new Set(perSeat(message, data).map(([key]) => key));
  const keys = Object.keys(data).filter((key) => !HIDDEN_KEYS.has(key) && !seatKeys.has(key));
  const order = [...game.centre.filter((k) => keys.includes(k)), ...keys.filter((k) => !game.centre.includes(k))];
  const list = el("dl", { class: "facts" });
  for (const key of order) {
    const value = data[key];
    if (value === null || (Array.isArray(value) && value.length === 0 && !game.centre.includes(key))) continue;
    list.append(el("dt", { text: (game.names || {})[key] || words(key) }), el("dd", { "data-key": key }, show(value, key, message)));
  }
  box.append(list);
}

// One renderer for any JSON value of a view: cards as chips, lists and objects nested.
function show(value, key, message) {
  const game = part(message);
  const items = game.items || [];
  if (value === null) return el("span", { class: "none", text: "—" });
  if (typeof value === "boolean") return el("span", { text: value ? "yes" : "no" });
  if (typeof value === "number") {
    const name = items.includes(key) ? message.labels[String(value)] : undefined;
    return name ? el("span", { class: "card", text: name }) : el("span", { text: String(value) });
  }
  if (typeof value === "string") return el("span", { class: `${cardLike(value) ? "card" : ""}${red(value) ? " red" : ""}`, text: pretty(value) });
  if (key === "scores" && Array.isArray(value) && value.length === message.teams.length && value.length !== message.players) {
    return el("span", { class: "team-scores", text: value.map((v, t) => `seats ${message.teams[t].join("+")}: ${v}`).join(" · ") });
  }
  if (Array.isArray(value)) {
    const list = el("ul", { class: "list" });
    for (const entry of value) list.append(el("li", {}, show(entry, key, message)));
    return value.length ? list : el("span", { class: "none", text: "none" });
  }
  const inner = el("dl", { class: "nested" });
  for (const [name, entry] of Object.entries(value)) {
    if (name === "type") {
      inner.append(el("dt", { text: "now" }), el("dd", { text: words(String(entry)) }));
      continue;
    }
    inner.append(el("dt", { text: words(name) }), el("dd", {}, show(entry, items.includes(name) ? name : key, message)));
  }
  return inner;
}

const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };

function cardLike(text) {
  return /^(10|[2-9AKQJ])[shdc]$/.test(text) || /\//.test(text) || /^[a-z0-9]+(-[a-z0-9]+)+$/.test(text) || text === "gem";
}

function red(text) {
  return /^(10|[2-9AKQJ])[hd]$/.test(text);
}

function pretty(text) {
  const french = text.match(/^(10|[2-9AKQJ])([shdc])$/);
  if (french) return `${french[1]}${SUITS[french[2]]}`;
  return text.replace(/_/g, " ");
}

// What a move does with the hand: the card(s) it names.
function cardsOf(move) {
  if (typeof move.card === "string") return [move.card];
  if (Array.isArray(move.cards)) return move.cards;
  return [];
}

function renderDecision(message, data) {
  const hand = $("hand");
  const actions = $("actions");
  const reason = $("reason");
  hand.replaceChildren();
  actions.replaceChildren();
  const mine = message.moves.length > 0;
  const refused = new Map(message.refused.filter((r) => r.card !== null).map((r) => [r.card, r.reason]));
  const byCard = new Map();
  const loose = [];
  for (const choice of message.moves) {
    const cards = cardsOf(choice.move);
    if (cards.length === 1 && Array.isArray(data.hand) && data.hand.includes(cards[0])) {
      if (!byCard.has(cards[0])) byCard.set(cards[0], []);
      byCard.get(cards[0]).push(choice);
    } else loose.push(choice);
  }
  if (message.outcome) $("prompt").textContent = "The match is over.";
  else if (message.seat === null) $("prompt").textContent = `Seat ${message.turn} to decide.`;
  else if (mine) {
    const window = loose.some((c) => c.move.type === "pass") && message.moves.length > 1;
    $("prompt").textContent = window ? "Your decision: react or pass." : "Your decision.";
  } else $("prompt").textContent = `Waiting for seat ${message.turn}.`;
  if (Array.isArray(data.hand)) {
    hand.append(el("h2", { text: `Your hand (${data.hand.length} card${data.hand.length === 1 ? "" : "s"})` }));
    data.hand.forEach((card, position) => {
      const choices = byCard.get(card) || [];
      const why = refused.get(card) || (mine ? "" : `not your decision now: seat ${message.turn} is to decide`);
      const button = el("button", {
        type: "button",
        class: `card${choices.length ? " playable" : " refused"}${red(card) ? " red" : ""}`,
        "data-card": card,
        "data-position": position,
        "aria-disabled": choices.length ? null : "true",
        title: choices.length ? choices.map((c) => c.text).join(" / ") : why,
        text: pretty(card),
        onclick: () => {
          if (choices.length === 1) play(choices[0].index);
          else if (choices.length > 1) offer(choices, card);
          else reason.textContent = why;
        },
      });
      hand.append(button);
    });
  }
  for (const choice of loose) {
    actions.append(el("button", { type: "button", class: "move", "data-index": choice.index, text: choice.text, onclick: () => play(choice.index) }));
  }
  // Controls that are no card of the hand (Mala e Cuia's writes): disabled, with the engine's reason.
  for (const refusal of message.refused) {
    if (refusal.card !== null) continue;
    actions.append(
      el("button", {
        type: "button",
        class: "move refused",
        "aria-disabled": "true",
        title: refusal.reason,
        text: refusal.text,
        onclick: () => (reason.textContent = refusal.reason),
      }),
    );
  }
}

function offer(choices, card) {
  const actions = $("actions");
  actions.replaceChildren(el("p", { text: `${pretty(card)}: choose` }));
  for (const choice of choices) {
    actions.append(el("button", { type: "button", class: "move", "data-index": choice.index, text: choice.text, onclick: () => play(choice.index) }));
  }
  actions.append(el("button", { type: "button", class: "move cancel", text: "back", onclick: () => render(table.message) }));
  actions.querySelector("button")?.focus();
}

function renderOutcome(message) {
  const box = $("outcome");
  box.hidden = !message.outcome;
  if (!message.outcome) return;
  const { winners, scores, text } = message.outcome;
  const won = message.seat !== null && winners.includes(message.seat);
  box.replaceChildren(
    el("h2", { text: message.seat === null ? "Match over" : won ? "You won" : "You lost" }),
    el("p", { text }),
    el("p", { text: `Scores: ${scores.map((s, i) => `seat ${i}: ${s}`).join(", ")}` }),
    el("p", { class: "seed", text: `The deal came from seed ${message.record.seed}.` }),
  );
}

document.addEventListener("DOMContentLoaded", start);
