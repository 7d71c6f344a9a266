// The cardrules web table: a lobby that explains the games and opens tables, and a card table for
// each game drawn from the view the server pushes and the game's catalogue (printed names, card
// faces, Heroes' abilities, Situations): the JSON ids of a view are never shown.
"use strict";

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
  for (const child of children) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

function words(key) {
  return String(key).replace(/_/g, " ");
}

function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
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

function copyButton(url, label) {
  const button = el("button", { type: "button", class: "copy", "aria-label": `copy ${label}`, text: "Copy" });
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(url);
      button.textContent = "Copied";
    } catch {
      const range = document.createRange();
      range.selectNodeContents(button.previousElementSibling);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      button.textContent = "Selected: copy it";
    }
  });
  return button;
}

// ---- the lobby ------------------------------------------------------------------------

const lobbyState = { catalogues: {}, bots: [] };

async function lobby() {
  $("lobby").hidden = false;
  document.body.dataset.state = "lobby";
  const { games, bots } = await api("/api/games");
  lobbyState.bots = bots;
  const names = Object.keys(games);
  await Promise.all(names.map(async (name) => (lobbyState.catalogues[name] = await api(`/api/games/${name}`))));
  const select = $("game");
  for (const name of names) select.append(el("option", { value: name, text: lobbyState.catalogues[name].title }));
  const redraw = () => drawOptions(lobbyState.catalogues[select.value]);
  select.addEventListener("change", redraw);
  redraw();
  $("new-table").addEventListener("submit", async (event) => {
    event.preventDefault();
    showError("");
    const position = $("position").value.trim();
    try {
      const links = await api("/api/tables", {
        game: select.value,
        options: readOptions(lobbyState.catalogues[select.value]),
        seats: [...document.querySelectorAll("#seat-choices select")].map((s) => s.value),
        ...(position ? { position } : {}),
      });
      showLinks(links);
    } catch (error) {
      showError(error.message);
    }
  });
  document.body.dataset.ready = "yes";
}

function drawOptions(catalogue) {
  $("game-about").textContent = catalogue.description;
  const box = $("options");
  box.replaceChildren(el("legend", { text: "Options" }));
  $("seat-choices").replaceChildren(el("legend", { text: "Seats" }));
  for (const option of catalogue.options) {
    if (option.kind === "data") continue; // a deck given as data: the built-in one
    const id = `option-${option.name}`;
    const help = `${id}-help`;
    let input;
    if (option.kind === "boolean") input = el("input", { id, type: "checkbox", name: option.name, checked: option.default, "aria-describedby": help });
    else if (option.kind === "choice") {
      input = el("select", { id, name: option.name, "aria-describedby": help });
      for (const value of option.choices) input.append(el("option", { value, text: words(value), selected: value === option.default }));
    } else input = el("input", { id, type: "number", name: option.name, value: option.default, min: option.min, max: option.max, step: 1, required: true, "aria-describedby": help });
    input.addEventListener("change", () => drawSeats(catalogue));
    const allowed = option.kind === "integer" ? (option.max !== null ? `${option.min} to ${option.max}` : `at least ${option.min}`) : null;
    box.append(
      el(
        "div",
        { class: "option" },
        el("label", { for: id }, words(option.name)),
        input,
        el("small", { id: help, class: "help", text: `${option.help.replace(/[.;]$/, "")}. ${allowed ? `Allowed: ${allowed}; d` : "D"}efault: ${option.kind === "choice" ? words(option.default) : option.default}.` }),
      ),
    );
  }
  drawSeats(catalogue);
}

function readOptions(catalogue) {
  const options = {};
  for (const option of catalogue.options) {
    const input = document.getElementById(`option-${option.name}`);
    if (!input) continue;
    const value = option.kind === "boolean" ? input.checked : option.kind === "integer" ? Number(input.value) : input.value;
    if (value !== option.default) options[option.name] = value;
  }
  return options;
}

function drawSeats(catalogue) {
  const count = Number(document.getElementById("option-players")?.value) || catalogue.players;
  const box = $("seat-choices");
  const chosen = [...box.querySelectorAll("select")].map((s) => s.value);
  if (chosen.length === count) return; // the same seats: keep what was chosen
  box.replaceChildren(el("legend", { text: "Seats" }));
  const bots = lobbyState.bots;
  for (let seat = 0; seat < count; seat++) {
    const select = el("select", { id: `seat-${seat}` });
    const wanted = chosen[seat] ?? (seat ? "heuristic" : "human");
    for (const kind of ["human", ...bots.filter((b) => !b.endsWith("-N")), "ismcts-100", "ismctsg-100"]) {
      select.append(el("option", { value: kind, text: kind === "human" ? "a person" : `bot: ${kind}`, selected: kind === wanted }));
    }
    box.append(el("div", { class: "option" }, el("label", { for: `seat-${seat}` }, `seat ${seat}`), select));
  }
}

function showLinks(links) {
  $("links").hidden = false;
  const list = $("link-list");
  list.replaceChildren();
  for (const { seat, link } of links.seats) {
    if (!link) continue;
    const url = new URL(link, location).href;
    list.append(el("li", {}, el("span", { class: "who", text: `seat ${seat}` }), el("a", { href: link, class: "seat-link", text: url }), copyButton(url, `seat ${seat}'s link`)));
  }
  const watch = new URL(links.spectate, location).href;
  list.append(el("li", {}, el("span", { class: "who", text: "spectators" }), el("a", { href: links.spectate, class: "spectate-link", text: watch }), copyButton(watch, "the spectators' link")));
  $("links").scrollIntoView({ block: "nearest" });
}

// ---- the table ------------------------------------------------------------------------

// advice: the server's answer to the seat's last Hint, while its version is the table's.
const table = { id: null, token: null, message: null, socket: null, retries: 0, catalogue: null, offering: null, advice: null };

function start() {
  const match = location.pathname.match(/^\/table\/([A-Za-z0-9_-]+)$/);
  if (!match) return lobby().catch((error) => showError(error.message));
  table.id = match[1];
  table.token = new URLSearchParams(location.hash.slice(1)).get("seat");
  $("table").hidden = false;
  $("hint").addEventListener("click", askAdvice);
  api(`/api/tables/${table.id}/catalogue`)
    .then((catalogue) => {
      table.catalogue = catalogue;
      connect();
    })
    .catch((error) => showError(error.message));
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

// ---- names ----------------------------------------------------------------------------

function nameOf(id) {
  const cat = table.catalogue;
  if (id === null || id === undefined) return "";
  const key = String(id);
  return cat.cards[key]?.name ?? cat.names[key] ?? words(key).toLowerCase();
}

function teamOf(message, seat) {
  return message.teams.findIndex((team) => team.includes(seat));
}

function seatName(message, seat) {
  return seat === message.seat ? "you" : `seat ${seat}`;
}

function seatTitle(message, seat) {
  const partner = message.seat !== null && seat !== message.seat && message.teams[teamOf(message, seat)].length > 1 && teamOf(message, seat) === teamOf(message, message.seat);
  return seat === message.seat ? `Seat ${seat} (you)` : `Seat ${seat}${partner ? " (partner)" : ""}`;
}

// A card: its SVG face in a figure (or a button, for the hand) named for screen readers.
function card(id, { small = false, caption = null } = {}) {
  const info = table.catalogue.cards[String(id)];
  const face = cardFace(table.message.game, table.catalogue, id);
  const label = info ? cardWords(table.message.game, info) : nameOf(id);
  const node = el("figure", { class: `card${small ? " small" : ""}`, role: "img", "aria-label": caption ? `${caption}: ${label}` : label, title: label });
  node.append(face || el("span", { class: "plain", text: nameOf(id) }));
  if (caption) node.append(el("figcaption", { text: caption }));
  return node;
}

// A face-down pile: its back, and what a player can tell of it.
function deck(label, text, colour) {
  const node = el("figure", { class: "card small back", role: "img", "aria-label": `${label}: ${text}`, title: text });
  node.append(cardBack(colour));
  return el("div", { class: "deck" }, node, fact(label, text));
}

function fact(label, ...value) {
  return el("p", { class: "fact" }, el("span", { class: "label", text: `${label}: ` }), ...value);
}

function row(...cards) {
  return el("div", { class: "row" }, ...cards);
}

// ---- each game: what sits in front of a seat, and in the middle of the table ------------

const GAMES = {
  malilla: {
    seat(message, data, seat) {
      const out = [el("p", { class: "fact", text: plural(data.hand_sizes[seat], "card") + " in hand" })];
      if (data.dealer === seat) out.push(el("p", { class: "fact", text: "dealer" }));
      return out;
    },
    trick(message, data) {
      return data.trick.map((c, i) => ({ seat: (data.leader + i) % 4, card: c }));
    },
    centre(message, data) {
      const target = message.options.target;
      const side = (t) => message.teams[t].map((s) => seatName(message, s)).join(" + ");
      const taken = [0, 1].map((t) => data.tricks.filter((trick) => trick.winner % 2 === t).length);
      const nodes = [
        el("div", { class: "trump" }, card(data.trump, { small: true, caption: "trumps" }), el("p", { text: `Hand ${data.hand_number}; ${nameOf(data.trump)} is face up${data.trump_with_dealer ? ", still with the dealer" : ""}: ${table.catalogue.cards[data.trump].suit} are trumps.` })),
        fact("Match (to " + target + ")", `${side(0)}: ${data.scores[0]} · ${side(1)}: ${data.scores[1]}${data.held_bonus ? ` · dealer's bonus held: ${data.held_bonus}` : ""}`),
        fact("Tricks this hand", `${side(0)}: ${taken[0]} · ${side(1)}: ${taken[1]}`),
      ];
      const last = data.tricks[data.tricks.length - 1];
      if (last) nodes.push(el("div", { class: "last" }, el("p", { class: "label", text: `Last trick, won by ${seatName(message, last.winner)}:` }), row(...last.cards.map((c, i) => card(c, { small: true, caption: seatName(message, (last.leader + i) % 4) })))));
      return nodes;
    },
  },

  mala_suerte: {
    seat(message, data, seat) {
      const out = [];
      if (!data.alive[seat]) out.push(el("p", { class: "fact mark-out", text: "out of the game" }));
      const colours = data.hand_colours?.[seat];
      const counts = Array.isArray(colours) ? ` (${["red", "yellow", "blue"].map((c, i) => `${colours[i]} ${c}`).join(", ")})` : "";
      out.push(el("p", { class: "fact", text: `${plural(data.hand_sizes[seat], "card")} in hand${counts}` }));
      const pile = data.piles[seat];
      out.push(pile.length ? el("div", { class: "pile" }, el("p", { class: "label", text: `pile of ${pile.length}, top:` }), row(card(pile[pile.length - 1], { small: true }))) : el("p", { class: "fact", text: "pile: empty" }));
      return out;
    },
    centre(message, data) {
      const top = data.deck_colours?.[0];
      const nodes = [
        deck("Deck", `${plural(data.deck_size, "card")}${top ? `, the top one's back is ${nameOf(top)}` : ""}`, top ? { RED: "#dc2626", YELLOW: "#eab308", BLUE: "#2563eb" }[top] : null),
        fact("Direction", data.clockwise ? "clockwise ↻" : "anticlockwise ↺"),
      ];
      if (data.discard.length) nodes.push(el("div", { class: "pile" }, el("p", { class: "label", text: `Discard pile (${data.discard.length}), top:` }), row(card(data.discard[data.discard.length - 1]))));
      if (data.curse) nodes.push(fact("Evil Eye", `${seatName(message, data.curse.seat)} must play a ${nameOf(data.curse.colour)} card`));
      if (data.stolen) nodes.push(fact("Crows", `the stolen card is ${nameOf(data.stolen)}; the steal back must be another colour`));
      return nodes;
    },
  },

  magyar_nepmesek: {
    seat(message, data, seat) {
      const melds = data.melds[seat];
      const points = melds.reduce((sum, m) => sum + m.points.reduce((a, b) => a + b, 0) + m.bonus, 0);
      const out = [el("p", { class: "fact", text: `${plural(data.hand_sizes[seat], "card")} in hand · ${plural(points, "point")} laid` })];
      if (data.skips[seat]) out.push(el("p", { class: "fact", text: "skips a turn" }));
      for (const meld of melds) {
        const worth = meld.points.reduce((a, b) => a + b, 0) + meld.bonus;
        out.push(el("div", { class: "meld" }, el("p", { class: "label", text: `${nameOf(meld.kind)} (${worth > 0 ? "+" : ""}${worth}):` }), row(...meld.cards.map((c) => card(c, { small: true })))));
      }
      const villages = data.village_cards?.[seat] || [];
      const onVillage = (i) => (seat === message.seat && data.own_villages?.[i] ? `on it: ${nameOf(data.own_villages[i])}` : data.villages?.[seat]?.[i] ? "a card on it" : "empty");
      if (villages.length) out.push(el("div", { class: "meld" }, el("p", { class: "label", text: villages.length > 1 ? "Villages:" : "Village:" }), row(...villages.map((c, i) => card(c, { small: true, caption: onVillage(i) })))));
      if (data.known?.[seat]?.length && seat !== message.seat) out.push(el("div", { class: "meld" }, el("p", { class: "label", text: "seen in the hand:" }), row(...data.known[seat].map((c) => card(c, { small: true })))));
      return out;
    },
    centre(message, data) {
      const thirds = ["top", "middle", "bottom"].filter((_, i) => data.midnights_left[i]);
      const nodes = [deck("Draw pile", `${plural(data.draw_size, "card")}${thirds.length ? `; a Midnight is still in the ${thirds.join(", ")} third${thirds.length > 1 ? "s" : ""}` : ""}`)];
      if (data.discard.length) nodes.push(el("div", { class: "pile" }, el("p", { class: "label", text: `Discard pile (${data.discard.length}), top:` }), row(card(data.discard[data.discard.length - 1]))));
      if (data.final) nodes.push(fact("Final round", "the last turns are being played"));
      return nodes;
    },
  },

  mala_e_cuia: {
    hand(message, data) {
      return data.table;
    },
    seat(message, data, seat) {
      return [el("p", { class: "fact", text: `packed ${data.tile_sizes[seat]} of 4 · ${plural(data.scores[seat], "point")}` })];
    },
    centre(message, data) {
      const cat = table.catalogue;
      const progress = data.progress;
      const nodes = [];
      const situation = (index, who) => {
        const s = cat.situations[index];
        return el("div", { class: "situation", role: "group", "aria-label": `${who} Situation card` }, el("p", { class: "label", text: `${who} Situation` }), el("p", { class: "general", text: s.general }), el("p", { class: "bonus" }, el("strong", { text: "Bonus: " }), s.bonus));
      };
      if (progress.situation !== undefined) {
        nodes.push(fact("Round", `${progress.round} of 4 (competitive)`));
        nodes.push(situation(progress.situation, "This round's"));
      } else {
        nodes.push(fact("Cooperative", `everyone wins or loses together`));
        progress.situations.forEach((index, seat) => index !== null && nodes.push(situation(index, seat === message.seat ? "Your" : `Seat ${seat}'s`)));
        if (progress.guess && (progress.guess.general.length || progress.guess.bonus !== null)) nodes.push(el("div", { class: "pile" }, el("p", { class: "label", text: "The guess so far:" }), row(...progress.guess.general.map((f) => card(f, { small: true })), progress.guess.bonus === null ? null : card(progress.guess.bonus, { small: true, caption: "bonus" }))));
      }
      for (const reveal of progress.reveals || []) {
        const items = (tile) => `${tile.general.map(nameOf).join(", ")}${tile.bonus === null ? "" : ` + bonus ${nameOf(tile.bonus)}`}`;
        nodes.push(el("div", { class: "pile" }, el("p", { class: "label", text: `${seatTitle(message, reveal.protagonist)} packed: ${items(reveal.tile)}` }), el("p", { class: "fact", text: `The guess: ${items(reveal.guess)}; ${plural(reveal.correct, "item")} right, ${plural(reveal.points, "point")}.` })));
      }
      if (!message.moves.length || message.outcome) nodes.push(el("div", { class: "pile" }, el("p", { class: "label", text: "Items on the table:" }), row(...data.table.map((f) => card(f, { small: true })))));
      if (data.tile && (data.tile.general.length || data.tile.bonus !== null)) {
        nodes.push(el("div", { class: "pile" }, el("p", { class: "label", text: "Your Suitcase Tile (secret):" }), row(...data.tile.general.map((f) => card(f, { small: true, caption: "general" })), data.tile.bonus === null ? null : card(data.tile.bonus, { small: true, caption: "bonus" }))));
      }
      const last = progress.rounds?.[progress.rounds.length - 1];
      if (last) {
        const box = el("div", { class: "pile" }, el("p", { class: "label", text: `Round ${last.round}: what each seat packed` }));
        last.tiles.forEach((tile, seat) => box.append(el("p", { class: "fact", text: `${seatName(message, seat)}: ${tile.general.map(nameOf).join(", ")}${tile.bonus === null ? "" : ` + bonus ${nameOf(tile.bonus)}`} (${plural(last.points[seat], "point")})` })));
        nodes.push(box);
      }
      return nodes;
    },
  },

  maldicion: {
    seat(message, data, seat) {
      const out = [el("p", { class: "fact", text: `${plural(data.hand_sizes[seat], "card")} in hand` })];
      if (data.hp.length) out.push(el("p", { class: "fact", text: `HP ${data.hp[seat]}` }));
      if (data.penalized[seat]) out.push(el("p", { class: "fact mark-out", text: "Penalized" }));
      const hero = data.heroes[seat];
      if (hero && seat !== message.seat) {
        const info = table.catalogue.heroes[hero];
        out.push(el("details", { class: "hero" }, el("summary", { text: `${info.name} (${info.role}): ${info.ability}` }), el("p", { text: info.text })));
      }
      if (data.curses[seat]) out.push(el("p", { class: "fact", text: `Curse: ${nameOf(data.curses[seat])}` }));
      return out;
    },
    centre(message, data) {
      const nodes = [];
      if (data.pile.length) nodes.push(el("div", { class: "pile" }, el("p", { class: "label", text: `Discard Pile (${data.pile.length}), top:` }), row(card(data.pile[data.pile.length - 1]))));
      nodes.push(fact("Element in play", data.element ? nameOf(data.element) : "any"));
      nodes.push(fact("Round", data.direction > 0 ? "seat numbers going up ↻" : "seat numbers going down ↺"));
      nodes.push(deck("Deck", plural(data.deck_size, "card")));
      if (data.hero) {
        const info = table.catalogue.heroes[data.hero];
        nodes.push(el("div", { class: "situation" }, el("p", { class: "label", text: `Your Hero: ${info.name}, the ${info.role}` }), el("p", {}, el("strong", { text: `${info.ability}: ` }), info.text)));
      }
      if (message.seat !== null) nodes.push(fact("Your Curse", data.curse ? nameOf(data.curse) : "hidden from you"));
      return nodes;
    },
  },
};

// ---- rendering ------------------------------------------------------------------------

function render(message) {
  const data = message.view.data;
  const game = GAMES[message.game];
  const cat = table.catalogue;
  $("title").textContent = `· ${cat.title}`;
  document.title = `${cat.title} · cardrules`;
  $("whoami").textContent = message.seat === null ? "You are watching (a spectator sees only what every seat sees)." : `You are seat ${message.seat}.`;
  document.body.dataset.game = message.game;
  document.body.dataset.state = message.outcome ? "over" : message.moves.length ? "mine" : "waiting";
  document.body.dataset.version = message.version;
  renderSeats(message, data, game);
  $("middle").classList.toggle("tricks", Boolean(game.trick));
  $("centre").replaceChildren(...game.centre(message, data));
  // Keyboard play: focus stays in the decision panel across a redraw (on the same card, else the first choice).
  const focused = document.activeElement;
  const inPanel = $("decision").contains(focused);
  const sameCard = inPanel ? focused.dataset.card : undefined;
  renderDecision(message, data, game);
  // On the seat's own decision a focused card that cannot be played now gives way to one that can, so that
  // Enter plays (a card refused while waiting may be playable, or not, once the decision comes).
  const active = document.activeElement;
  const stuck = message.moves.length > 0 && !active.matches("button.playable, button.move:not(.refused), #hint");
  if (inPanel && (!$("decision").contains(active) || stuck)) {
    const again = (sameCard !== undefined && $("hand").querySelector(`button.playable[data-card="${CSS.escape(sameCard)}"]`)) || $("decision").querySelector("button.playable, button.move:not(.refused)") || $("decision").querySelector("button");
    again?.focus();
  }
  renderAdvice(message);
  renderOutcome(message);
  const log = $("events");
  log.start = message.log_from + 1;
  log.replaceChildren(...message.log.map((line) => el("li", { text: youIn(message, line) })));
  $("log-box").scrollTop = $("log-box").scrollHeight;
}

// A log line as the seat reads it: "seat 0 (you)".
function youIn(message, line) {
  if (message.seat === null) return line;
  return line.replace(new RegExp(`\\bseat ${message.seat}\\b(?! \\(you\\))`, "gi"), (m) => `${m} (you)`);
}

// Where each seat sits: the viewer at the bottom, the others clockwise from its left, over the top, down the right.
function sides(message) {
  const n = message.players;
  const me = message.seat ?? 0;
  const others = n - 1;
  const flank = others < 2 ? 0 : Math.floor((others + 1) / 3);
  const where = new Map([[me, "bottom"]]);
  for (let k = 1; k < n; k++) where.set((me + k) % n, k <= flank ? "left" : k > others - flank ? "right" : "top");
  return where;
}

const SIDES = ["top", "left", "right", "bottom"];

function renderSeats(message, data, game) {
  const n = message.players;
  const me = message.seat ?? 0;
  const where = sides(message);
  const box = $("seats");
  const columns = Object.fromEntries(SIDES.map((side) => [side, el("div", { class: `side side-${side}`, role: "group", "aria-label": side === "bottom" ? (message.seat === null ? "seat 0" : "your seat") : `seats on the ${side}` })]));
  const trick = game.trick ? game.trick(message, data) : [];
  const slots = Object.fromEntries(SIDES.map((side) => [side, el("div", { class: `slot slot-${side}` })]));
  for (let k = 0; k < n; k++) {
    // Clockwise from the viewer's left: the left column upwards, the top rightwards, the right downwards.
    const seat = (me + k) % n;
    const info = message.seats[seat];
    const team = teamOf(message, seat);
    const shared = message.teams[team].length > 1;
    const marks = [];
    if (seat === message.seat) marks.push("you");
    else if (message.seat !== null && shared && teamOf(message, message.seat) === team) marks.push("partner");
    if (message.turn === seat) marks.push("to play");
    const teamName = shared ? (message.teams.length === 1 ? "all together" : `team ${"AB"[team] ?? team + 1}`) : null;
    const node = el(
      "article",
      {
        class: `seat team-${shared ? team : "none"}${seat === message.turn ? " turn" : ""}${seat === message.seat ? " me" : ""}`,
        "data-seat": seat,
        "aria-label": `seat ${seat}${marks.length ? ` (${marks.join(", ")})` : ""}${teamName ? `, ${teamName}` : ""}`,
      },
      el("h3", {}, `Seat ${seat}`, ...marks.map((m) => el("span", { class: `mark mark-${m.replace(" ", "-")}`, text: m }))),
      el("p", { class: "who", text: `${info.kind === "bot" ? `bot: ${info.bot}` : "a person"}${info.kind === "human" ? (info.connected ? ", here" : ", away") : ""}${teamName ? ` · ${teamName} (seats ${message.teams[team].join(" + ")})` : ""}` }),
      ...game.seat(message, data, seat),
    );
    const side = where.get(seat);
    if (side === "left") columns.left.prepend(node);
    else columns[side].append(node);
    const played = trick.find((t) => t.seat === seat);
    if (played) {
      const slot = card(played.card, { caption: seatName(message, seat) });
      slot.classList.add("played");
      if (side === "left") slots.left.prepend(slot);
      else slots[side].append(slot);
    }
  }
  box.replaceChildren(...SIDES.map((side) => columns[side]));
  const shown = $("trick");
  shown.replaceChildren(...SIDES.map((side) => slots[side]));
  shown.hidden = trick.length === 0;
  shown.setAttribute("aria-label", trick.length ? `The trick: ${trick.map((t) => `${seatName(message, t.seat)} ${nameOf(t.card)}`).join(", ")}` : "No card played to the trick yet");
}

// The card (or item) a move uses.
function keyOf(message, move) {
  if (typeof move.card === "string") return move.card;
  if (Array.isArray(move.cards) && move.cards.length === 1) return move.cards[0];
  if (typeof move.item === "string") return String(table.catalogue.items.indexOf(move.item));
  return null;
}

function renderDecision(message, data, game) {
  const hand = $("hand");
  const actions = $("actions");
  const reason = $("reason");
  hand.replaceChildren();
  actions.replaceChildren();
  const mine = message.moves.length > 0;
  const held = game.hand ? (mine ? game.hand(message, data) : null) : data.hand;
  const keys = Array.isArray(held) ? held.map(String) : [];
  const byCard = new Map();
  const refusedBy = new Map();
  const loose = [];
  for (const choice of message.moves) {
    const key = keyOf(message, choice.move);
    if (key !== null && keys.includes(key)) {
      if (!byCard.has(key)) byCard.set(key, []);
      byCard.get(key).push(choice);
    } else loose.push(choice);
  }
  for (const refusal of message.refused) {
    const key = refusal.card ?? (refusal.move ? keyOf(message, refusal.move) : null);
    if (key === null) continue;
    if (!refusedBy.has(key)) refusedBy.set(key, []);
    refusedBy.get(key).push(refusal);
  }
  const prompt = $("prompt");
  const hint = message.hint ? youIn(message, message.hint).replace(/\.$/, "") : "";
  if (message.outcome) prompt.textContent = "The match is over.";
  else if (message.seat === null) prompt.textContent = `Seat ${message.turn} to decide.`;
  else if (mine) prompt.textContent = `Your decision: ${hint || (game.hand ? "pick an item" : "pick a card or a move")}.`;
  else prompt.textContent = `Waiting for seat ${message.turn}${hint ? `: ${hint}` : ""}…`;
  if (held) {
    const title = game.hand ? "Items on the table" : `Your hand (${plural(held.length, "card")})`;
    hand.setAttribute("aria-label", title);
    hand.append(el("h2", { text: title }));
    const shown = el("div", { class: "cards" });
    held.forEach((id, position) => {
      const key = String(id);
      const choices = byCard.get(key) || [];
      const refusals = refusedBy.get(key) || [];
      const why = refusals[0]?.reason || (mine ? "" : `not your decision now: seat ${message.turn} is to decide`);
      const info = table.catalogue.cards[key];
      const label = info ? cardWords(message.game, info) : nameOf(key);
      const button = el("button", {
        type: "button",
        class: `card${choices.length ? " playable" : " refused"}`,
        "data-card": key,
        "data-position": position,
        "aria-disabled": choices.length ? null : "true",
        "aria-label": choices.length ? `${label}: ${choices.map((c) => c.text).join(" or ")}` : `${label}: cannot be played now`,
        title: choices.length ? choices.map((c) => c.text).join(" / ") : why,
        onclick: () => {
          if (choices.length === 1 && !refusals.length) play(choices[0].index);
          else if (choices.length) offer(choices, refusals, key);
          else reason.textContent = why;
        },
      });
      button.append(cardFace(message.game, table.catalogue, key) || el("span", { class: "plain", text: nameOf(key) }));
      shown.append(button);
    });
    hand.append(shown);
  }
  for (const choice of loose) {
    actions.append(el("button", { type: "button", class: "move", "data-index": choice.index, text: choice.text, onclick: () => play(choice.index) }));
  }
  // Controls that are no card of the hand: disabled, with the engine's reason.
  for (const refusal of message.refused) {
    const key = refusal.card ?? (refusal.move ? keyOf(message, refusal.move) : null);
    if (key !== null && keys.includes(key)) continue;
    actions.append(refusedButton(refusal));
  }
  // A redraw of the same position (someone connected) keeps a chooser open.
  const open = table.offering;
  if (open && open.version === message.version && byCard.has(open.key)) offer(byCard.get(open.key), refusedBy.get(open.key) || [], open.key);
  else table.offering = null;
}

// ---- advice: the Hint button asks the server, which searches the seat's own view ---------

async function askAdvice() {
  const message = table.message;
  const button = $("hint");
  if (!message || button.getAttribute("aria-busy") === "true") return;
  button.setAttribute("aria-busy", "true");
  button.textContent = "Thinking…";
  $("reason").textContent = "";
  try {
    const advice = await api(`/api/tables/${table.id}/advice`, { version: message.version }, table.token);
    if (advice.version === table.message?.version) {
      table.advice = advice;
      render(table.message);
      // Keyboard play: the advised card (or move) takes the focus, so that Enter plays it.
      document.querySelector("#decision button.advised")?.focus();
    }
  } catch (error) {
    $("reason").textContent = `No hint: ${error.message}`;
  } finally {
    button.removeAttribute("aria-busy");
    button.textContent = "Hint";
  }
}

function worth(advice) {
  return advice.unit === "points" ? `about ${advice.value.toFixed(1)} points to the end of the hand` : `won ${Math.round(advice.value * 100)}% of the play-outs`;
}

function renderAdvice(message) {
  const box = $("advice");
  const mine = message.seat !== null && message.moves.length > 0 && !message.outcome;
  $("hint").hidden = !mine;
  if (table.advice && table.advice.version !== message.version) table.advice = null;
  const advice = mine ? table.advice : null;
  if (!advice || !advice.advice.length) {
    box.hidden = true;
    box.replaceChildren();
    delete box.dataset.version;
    return;
  }
  markAdvised();
  if (box.dataset.version === String(advice.version)) return; // shown already: not announced again
  const [best, ...others] = advice.advice;
  const key = keyOf(message, best.move);
  box.replaceChildren(
    el("p", { class: "label" }, el("strong", { text: "Hint:" })),
    key === null ? null : card(key, { small: true, caption: "advised" }),
    el("p", { class: "best" }, el("strong", { text: best.text }), `: ${youIn(message, best.reason)}${best.unit === "points" ? ` (${worth(best)})` : ""}.`),
    others.length ? el("p", { class: "others", text: `Then: ${others.slice(0, 2).map((a) => `${a.text} (${worth(a)})`).join("; ")}.` }) : null,
  );
  box.dataset.version = String(advice.version);
  box.hidden = false;
}

// The advised move stands out: its card in the hand, its button among the moves (and in a card's chooser).
function markAdvised() {
  const advice = table.advice;
  if (!advice || advice.version !== table.message?.version || !advice.advice.length) return;
  const best = advice.advice[0];
  const key = keyOf(table.message, best.move);
  const targets = [...document.querySelectorAll(`#actions button.move[data-index="${best.index}"]`)];
  if (key !== null) targets.push(...document.querySelectorAll(`#hand button.playable[data-card="${CSS.escape(key)}"]`));
  for (const target of targets) {
    target.classList.add("advised");
    target.setAttribute("aria-describedby", "advice");
  }
}

function refusedButton(refusal) {
  return el("button", {
    type: "button",
    class: "move refused",
    "aria-disabled": "true",
    title: refusal.reason,
    text: refusal.text ?? nameOf(refusal.card),
    onclick: () => ($("reason").textContent = refusal.reason),
  });
}

function offer(choices, refusals, key) {
  table.offering = { key, version: table.message.version };
  const actions = $("actions");
  actions.replaceChildren(el("p", { class: "choose", text: `${nameOf(key)}: choose` }));
  for (const choice of choices) {
    actions.append(el("button", { type: "button", class: "move", "data-index": choice.index, text: choice.text, onclick: () => play(choice.index) }));
  }
  for (const refusal of refusals) actions.append(refusedButton(refusal));
  const back = () => {
    table.offering = null;
    render(table.message);
  };
  actions.append(el("button", { type: "button", class: "move cancel", text: "back", onclick: back }));
  markAdvised();
  if (!actions.contains(document.activeElement)) (actions.querySelector("button.advised") || actions.querySelector("button"))?.focus();
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
    el("p", { text: `Scores: ${scores.map((s, i) => `${seatName(message, i)}: ${s}`).join(", ")}` }),
    message.record
      ? el("p", { class: "seed", text: `The deal came from seed ${message.record.seed}.` })
      : el("p", { class: "seed" }, "The match started from the position ", el("code", { class: "position", text: message.start.position }), " ", copyButton(message.start.position, "the starting position")),
    el("button", { type: "button", class: "move again", text: "Play again", onclick: () => playAgain(message) }),
    el("ul", { id: "again-links", class: "links" }),
  );
}

// A new table like this one: the same game, options and seats; this seat's link opens at once.
async function playAgain(message) {
  const data = new Set(table.catalogue.options.filter((o) => o.kind === "data").map((o) => o.name));
  const options = Object.fromEntries(Object.entries(message.options).filter(([name]) => !data.has(name)));
  try {
    const again = { game: message.game, options, seats: message.seats.map((s) => (s.kind === "bot" ? s.bot : "human")) };
    if (message.start) again.position = message.start.position; // the same position again, not a new deal
    const links = await api("/api/tables", again);
    const mine = links.seats[message.seat ?? -1]?.link;
    const others = links.seats.filter((s) => s.link && s.seat !== message.seat);
    if (mine && !others.length) {
      location.assign(mine);
      return;
    }
    const list = $("again-links");
    list.replaceChildren();
    for (const { seat, link } of [...links.seats.filter((s) => s.link)]) {
      const url = new URL(link, location).href;
      list.append(el("li", {}, el("span", { class: "who", text: seatName(message, seat) }), el("a", { href: link, class: "seat-link", text: url }), copyButton(url, `seat ${seat}'s link`)));
    }
  } catch (error) {
    showError(error.message);
  }
}

document.addEventListener("DOMContentLoaded", start);
