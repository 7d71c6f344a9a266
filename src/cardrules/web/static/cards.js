// Card faces in SVG, drawn from the game's catalogue (GET /api/tables/ID/catalogue): the printed names
// and the facts a player of the physical game reads off a card. No external assets.
"use strict";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) if (value !== null && value !== undefined) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

// Words in lines of at most `width` characters, at most `most` lines (the last one cut with "…").
function wrap(text, width, most) {
  const lines = [];
  let line = "";
  for (const word of String(text).split(/\s+/)) {
    if (!word) continue;
    if (line && (line + " " + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > most) {
    const kept = lines.slice(0, most);
    kept[most - 1] = `${kept[most - 1].slice(0, width - 1)}…`;
    return kept;
  }
  return lines;
}

// Centred lines of text; a line too long for the card is squeezed to fit.
function textLines(group, lines, x, y, size, attrs = {}) {
  lines.forEach((line, i) => {
    const wide = line.length * size * 0.6 > W - 8;
    const fit = wide ? { textLength: W - 8, lengthAdjust: "spacingAndGlyphs" } : {};
    group.append(svg("text", { x, y: y + i * size * 1.15, "font-size": size, "text-anchor": "middle", ...fit, ...attrs }, line));
  });
}

const W = 60;
const H = 84;

function frame(fill = "#fffdf7", stroke = "#444") {
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "face", "aria-hidden": "true", focusable: "false" });
  root.append(svg("rect", { x: 1, y: 1, width: W - 2, height: H - 2, rx: 5, fill, stroke, "stroke-width": 1.2 }));
  return root;
}

const FACES = {
  malilla(info) {
    const root = frame();
    const ink = info.red ? "#b91c1c" : "#1b1b1b";
    root.append(svg("text", { x: 6, y: 15, "font-size": 12, "font-weight": 700, fill: ink }, info.rank));
    root.append(svg("text", { x: 6, y: 27, "font-size": 11, fill: ink }, info.suit));
    root.append(svg("text", { x: W / 2, y: 55, "font-size": 30, "text-anchor": "middle", fill: ink }, info.suit));
    const low = svg("g", { transform: `rotate(180 ${W / 2} ${H / 2})` });
    low.append(svg("text", { x: 6, y: 15, "font-size": 12, "font-weight": 700, fill: ink }, info.rank));
    low.append(svg("text", { x: 6, y: 27, "font-size": 11, fill: ink }, info.suit));
    root.append(low);
    return root;
  },

  mala_suerte(info) {
    const colours = { red: "#dc2626", yellow: "#eab308", blue: "#2563eb" };
    const root = frame();
    root.append(svg("rect", { x: 1, y: 1, width: W - 2, height: 15, rx: 5, fill: colours[info.colour] || "#888" }));
    root.append(svg("text", { x: W / 2, y: 12, "font-size": 8.5, "font-weight": 700, "text-anchor": "middle", fill: info.colour === "yellow" ? "#1b1b1b" : "#fff" }, info.colour));
    const g = svg("g", { "font-weight": 700, fill: "#1b1b1b" });
    textLines(g, wrap(info.kind, 8, 2), W / 2, 31, 9.5);
    root.append(g);
    const small = svg("g", { fill: "#333" });
    textLines(small, wrap(info.effect, 15, 5), W / 2, 53, 5.6);
    root.append(small);
    return root;
  },

  magyar_nepmesek(info) {
    const purple = info.purple;
    const root = frame(purple ? "#6b21a8" : "#fffdf7", purple ? "#3b0764" : "#7c5a1e");
    const ink = purple ? "#fff" : "#1b1b1b";
    if (info.value !== null) {
      root.append(svg("circle", { cx: 12, cy: 12, r: 9, fill: purple ? "#fff" : "#7c5a1e" }));
      const shown = info.value > 0 ? `+${info.value}` : `−${-info.value}`;
      root.append(svg("text", { x: 12, y: 15.5, "font-size": 9.5, "font-weight": 700, "text-anchor": "middle", fill: purple ? "#6b21a8" : "#fff" }, shown));
    }
    const g = svg("g", { "font-weight": 700, fill: ink });
    textLines(g, wrap(info.picture, 10, 3), W / 2, info.value !== null ? 34 : 28, 8.5);
    root.append(g);
    // A folk-art tulip, the deck's ornament.
    const tulip = svg("g", { transform: `translate(${W / 2} 66)`, fill: purple ? "#f5d0fe" : info.value !== null ? "#b45309" : "#15803d" });
    tulip.append(svg("path", { d: "M0 -10 C-6 -9 -7 -3 -5 2 L-2 -2 L0 3 L2 -2 L5 2 C7 -3 6 -9 0 -10 Z" }));
    tulip.append(svg("path", { d: "M0 3 L0 10 M0 8 C-4 6 -8 6 -10 3 M0 8 C4 6 8 6 10 3", fill: "none", stroke: purple ? "#f5d0fe" : "#15803d", "stroke-width": 1.3 }));
    root.append(tulip);
    if (purple) root.append(svg("text", { x: W / 2, y: H - 3, "font-size": 6, "text-anchor": "middle", fill: ink }, "purple"));
    return root;
  },

  maldicion(info) {
    const colours = { Fire: "#c2410c", Water: "#1d4ed8", Plant: "#15803d", Lightning: "#a16207" };
    const signs = { Fire: "▲", Water: "●", Plant: "♣", Lightning: "ϟ" };
    const band = colours[info.element] || "#57534e";
    const root = frame("#fffdf7", band);
    root.append(svg("rect", { x: 1, y: 1, width: W - 2, height: 15, rx: 5, fill: band }));
    root.append(svg("text", { x: W / 2, y: 11.5, "font-size": 8, "font-weight": 700, "text-anchor": "middle", fill: "#fff" }, `${signs[info.element] || "◆"} ${info.element || "any"}`));
    const g = svg("g", { "font-weight": 700, fill: "#1b1b1b" });
    textLines(g, wrap(info.figure, 9, 2), W / 2, 30, 9);
    root.append(g);
    if (info.effect) {
      const small = svg("g", { fill: "#333" });
      textLines(small, wrap(info.effect, 15, 3), W / 2, 52, 5.6);
      root.append(small);
    }
    const hp = info.hp > 0 ? `+${info.hp}` : `−${-info.hp}`;
    root.append(svg("text", { x: W / 2, y: H - 6, "font-size": 7.5, "font-weight": 700, "text-anchor": "middle", fill: band }, `HP ${hp}`));
    return root;
  },

  mala_e_cuia(info) {
    const root = frame("#fff7ed", "#9a3412");
    root.append(svg("circle", { cx: W / 2, cy: 10, r: 3, fill: "none", stroke: "#9a3412", "stroke-width": 1.2 }));
    const g = svg("g", { "font-weight": 700, fill: "#1b1b1b" });
    const lines = wrap(info.name, 9, 5);
    textLines(g, lines, W / 2, H / 2 - ((lines.length - 1) * 8.5 * 1.15) / 2 + 3, 8.5);
    root.append(g);
    return root;
  },
};

// What a screen reader says of a card.
function cardWords(game, info) {
  switch (game) {
    case "malilla":
      return `${info.name}, ${info.rank} of ${info.suit_name}`;
    case "mala_suerte":
      return `${info.name}: ${info.effect}`;
    case "magyar_nepmesek":
      return `${info.name}${info.purple ? ", purple" : ""}`;
    case "maldicion":
      return `${info.name}, HP ${info.hp}${info.effect ? `: ${info.effect}` : ""}`;
    default:
      return info.name;
  }
}

// A face for card `id` of `game`; `null` when the catalogue does not know it.
function cardFace(game, catalogue, id) {
  const info = catalogue.cards[String(id)];
  if (!info || !FACES[game]) return null;
  return FACES[game](info);
}

// A face-down card (the back), for the deck and other seats' hands.
function cardBack(colour) {
  const root = frame("#1e3a5f", "#0f172a");
  root.append(svg("rect", { x: 6, y: 6, width: W - 12, height: H - 12, rx: 3, fill: "none", stroke: colour || "#93c5fd", "stroke-width": 2 }));
  root.append(svg("path", { d: `M${W / 2} 22 L${W - 16} ${H / 2} L${W / 2} ${H - 22} L16 ${H / 2} Z`, fill: colour || "#93c5fd" }));
  return root;
}
