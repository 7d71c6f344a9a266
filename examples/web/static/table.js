// The web table: draws what the server says this seat may see, and sends clicks as moves.
"use strict";
let table = null;

const red = (card) => card.includes("♥") || card.includes("♦");

function cardElement(text, tag = "span", seat = null) {
  const el = document.createElement(tag);
  el.className = "card" + (red(text) ? " red" : "");
  el.textContent = text;
  if (seat !== null) {
    const who = document.createElement("span");
    who.className = "seat";
    who.textContent = "seat " + seat;
    el.appendChild(who);
  }
  return el;
}

function draw() {
  document.getElementById("scores").textContent =
    `seats 0+2: ${table.scores[0]} · seats 1+3: ${table.scores[1]} (to ${table.target})`;
  document.getElementById("info").textContent =
    `You are seat ${table.seat}. Trumps: ${table.trump} (dealer seat ${table.dealer}). Cards in hand: ${table.hand_sizes.join(", ")}`;
  const trick = document.getElementById("trick");
  trick.replaceChildren(...table.trick.map((p) => cardElement(p.card, "span", p.seat)));
  const last = document.getElementById("last");
  last.textContent = table.last_trick ? `Last trick won by seat ${table.last_trick.winner}: ` +
    table.last_trick.cards.map((p) => p.card).join(" ") : "";
  const hand = document.getElementById("hand");
  hand.replaceChildren(...table.hand.map((h) => {
    const button = cardElement(h.card, "button");
    button.disabled = h.move === null;
    button.dataset.card = h.card;
    button.addEventListener("click", () => play(h.move));
    return button;
  }));
  document.getElementById("events").replaceChildren(...table.events.map((e) => {
    const li = document.createElement("li");
    li.textContent = e;
    return li;
  }));
  document.getElementById("status").textContent = table.outcome
    ? (table.won ? "You win! " : "You lose. ") + table.outcome
    : "Your turn: click a highlighted card.";
  document.body.dataset.state = table.outcome ? "over" : "your-turn";
}

async function call(method, path, body) {
  const response = await fetch(path, {
    method, headers: { "Content-Type": "application/json" }, body: body ? JSON.stringify(body) : undefined,
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error);
  return data;
}

async function play(index) {
  try {
    table = await call("POST", `/api/tables/${table.id}/moves`, { move: index });
    draw();
  } catch (error) {
    document.getElementById("status").textContent = error.message;
  }
}

async function start() {
  const seed = Number(new URLSearchParams(location.search).get("seed") || Math.floor(Math.random() * 1e6));
  table = await call("POST", "/api/tables", { seed, target: 12, seat: 0 });
  draw();
}

document.getElementById("new").addEventListener("click", start);
start();
