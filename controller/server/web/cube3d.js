// The 3-D view: the spaceboard as one cube, drawn in SVG and turned by dragging it (mouse, pen or
// touch) or with the keys. Tapping a hole does what tapping it on the flat panels does.

import { registerBoardView } from "./registry.js";
import { PIECE_WORDS, blinkingHoles, layoutOf, litHoles, scoredHoles } from "./board.js";
import {
  SHAPES,
  alongLine,
  camera,
  clampView,
  holeNames,
  holePoint,
  paintOrder,
  panelDepths,
} from "./cube-geometry.js";
import { PANEL_NAMES, SUIT_NAMES, teamsOf } from "./words.js";
import { N_, t } from "./i18n.js";

const HELP = N_(
  "Drag the cube to turn it (or Shift with the arrow keys; Home turns it back). Tap a hole as " +
    "on the flat panels. On a hole the arrow keys move along its floor and section, Page Up and " +
    "Page Down to the panels behind and in front, Enter taps it.",
);

const SVG = "http://www.w3.org/2000/svg";
const SCALE = 42; // drawing units per hole spacing
// The drawing is framed on the cube at its first view, with this much room around it.
const FRAME_MARGIN = 12;
// Sizes in hole spacings: a Man (also the spot a tap must hit), a hole, the glow of a lit hole,
// the ring of a marked hole, a rod and how far a rod reaches past the end holes of its line.
const MAN = 0.23;
// A tap's target: at least this radius in CSS pixels around a hole's centre (WCAG 2.2's 24 px
// target), shared with the nearest neighbour where two holes stand closer (a tap goes to the
// hole whose centre is nearest).
const TARGET_RADIUS_PX = 12.5;
// The cube is drawn in its own shape where its closest hole centres stand this far apart at the
// first view, else taller (SHAPES.TALL): WCAG 2.2's 24 px target.
const TARGET_MIN_PX = 24;
const RING = 0.15;
const GLOW = 0.36;
const MARK = 0.33;
const ROD = 0.1;
const ROD_OVERHANG = 0.45;
// The panels reach half a spacing past the outer holes; the base lies just below them and
// reaches a little past them at the sides and past the front and back panels.
const PANEL_EDGE = 2;
const BASE_Y = -2;
const BASE_OVERHANG = { x: 0.2, z: 0.5 };
const DRAG_START_PX = 5;
const DEGREES_PER_PX = 0.5;
const KEY_TURN_DEGREES = 15;

// The flat panels' colours (style.css); the page's accent marks the last move.
const PANEL_COLOURS = { R: "#e53935", Y: "#fdd835", G: "#43a047", B: "#1e88e5" };
const ACCENT = "#ffd23f";
// A piece the game does not know, and any panel of a colour this page does not know.
const GREY = "#9aa5b1";
const ROMAN = ["I", "II", "III", "IV"];
const SEATING_EVENTS = new Set(["place", "free_play", "substitute"]);

const STYLE = `
.cube3d { display: block; width: 100%; max-width: 44rem; margin: 0 auto; touch-action: none;
  user-select: none; -webkit-user-select: none; cursor: grab; }
.cube3d.turning { cursor: grabbing; }
.cube3d * { vector-effect: non-scaling-stroke; }
.cube3d .cube-base { fill: #1f252c; stroke: #3b4550; stroke-width: 1.5px; }
.cube3d .cube-panel { fill-opacity: 0.13; stroke-opacity: 0.85; stroke-width: 1.5px; }
.cube3d .cube-ring { fill: #05080a; stroke: #6b7785; stroke-width: 1.5px; }
.cube3d .cube-lit .cube-ring { stroke-width: 2.5px; }
.cube3d .cube-glow { opacity: 0.45; }
.cube3d .cube-man { stroke: rgb(0 0 0 / 0.45); stroke-width: 1px; }
.cube3d .cube-missing .cube-man { fill-opacity: 0.35; stroke: #fff; stroke-dasharray: 3 2; }
.cube3d .cube-mark { fill: none; stroke-width: 2.5px; }
.cube3d .cube-mark.dashed { stroke-dasharray: 4 3; }
.cube3d .cube-rod-core { stroke-linecap: round; }
.cube3d .cube-rod-edge { stroke: rgb(0 0 0 / 0.6); stroke-linecap: round; }
.cube3d .cube-base, .cube3d .cube-panel, .cube3d .cube-rod, .cube3d .cube-flat,
.cube3d .cube-man, .cube3d .cube-shine, .cube3d .cube-mark { pointer-events: none; }
.cube3d .cube-hit { fill: transparent; cursor: pointer; }
@media (hover: hover) {
  .cube3d:not(.turning) .cube-hole:hover .cube-hit { stroke: #eef2f5; stroke-width: 1.5px; }
}
.cube3d .cube-hole:focus { outline: none; }
.cube3d .cube-hole:focus-visible .cube-hit { stroke: ${ACCENT}; stroke-width: 3px; }
`;

const cubes = new WeakMap();
const made = { count: 0 };

/** The cube drawn in ``container`` (the handle createCube returned), or null. */
export function cubeOf(container) {
  return cubes.get(container) ?? null;
}

/** The hole of the last Man or Burocrat seated and not taken back, while it is still there. */
export function lastPlaced(state) {
  const events = state?.events ?? [];
  const takenBack = new Map();
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const { type, hole } = events[index];
    if (type === "game_started") return null;
    if (type === "undo" && hole) takenBack.set(hole, (takenBack.get(hole) ?? 0) + 1);
    if (!SEATING_EVENTS.has(type) || !hole) continue;
    if (takenBack.get(hole)) takenBack.set(hole, takenBack.get(hole) - 1);
    else return state?.board?.[hole] ? hole : null;
  }
  return null;
}

function svgElement(tag, attributes = {}) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  return element;
}

const fixed = (value) => value.toFixed(2);

/** The corners of each panel (front first) and of the base under them, in the cube's space. */
function outlines(layout, shape) {
  const e = PANEL_EDGE;
  const top = PANEL_EDGE * shape.floor;
  const panels = panelDepths(layout, shape).map((z) => [
    { x: -e, y: -top, z },
    { x: e, y: -top, z },
    { x: e, y: top, z },
    { x: -e, y: top, z },
  ]);
  const bx = e + BASE_OVERHANG.x;
  const by = BASE_Y * shape.floor;
  const bz = Math.max(...panelDepths(layout, shape).map(Math.abs)) + BASE_OVERHANG.z;
  const base = [
    { x: -bx, y: by, z: bz },
    { x: bx, y: by, z: bz },
    { x: bx, y: by, z: -bz },
    { x: -bx, y: by, z: -bz },
  ];
  return { panels, base };
}

/** The viewBox that holds the cube seen from ``view``: the box over the base as high as the
 * panels (a rod reaches past the end panels, not past the base). The element keeps the shape of
 * the default view's box; a turned cube's box is fitted into it, so no view is ever cut off. */
function frame(layout, view, shape) {
  const cam = camera(view, SCALE);
  const { base } = outlines(layout, shape);
  const spots = base
    .flatMap((corner) => [corner, { ...corner, y: PANEL_EDGE * shape.floor }])
    .map((corner) => cam.project(corner));
  const left = Math.min(...spots.map((p) => p.x)) - FRAME_MARGIN;
  const top = Math.min(...spots.map((p) => p.y)) - FRAME_MARGIN;
  const right = Math.max(...spots.map((p) => p.x)) + FRAME_MARGIN;
  const bottom = Math.max(...spots.map((p) => p.y)) + FRAME_MARGIN;
  return [left, top, right - left, bottom - top].map(Math.round).join(" ");
}

/** How far apart the two closest hole centres stand at the shape's first view, as a share of
 * the drawing's width. */
function spread(layout, shape) {
  const cam = camera(shape.view, SCALE);
  const spots = holeNames(layout).map((name) => cam.project(holePoint(name, layout, shape)));
  let closest = Infinity;
  spots.forEach((a, index) => {
    for (const b of spots.slice(index + 1)) closest = Math.min(closest, Math.hypot(a.x - b.x, a.y - b.y));
  });
  return closest / Number(frame(layout, shape.view, shape).split(" ")[2]);
}

/** The shape to draw the layout in at ``width`` CSS pixels: its own where that keeps the
 * closest centres TARGET_MIN_PX apart (or there is no width yet), else the tall one. */
function shapeFor(layout, width) {
  return !width || spread(layout, SHAPES.CUBE) * width >= TARGET_MIN_PX ? SHAPES.CUBE : SHAPES.TALL;
}

/**
 * Draw the cube in ``container`` and answer ``{render(state), setView(angles), view(),
 * screenPosition(hole)}``. ``render`` shows a state as GET /api/state gives it (a past one too);
 * ``setView({yaw, pitch})`` turns the cube (degrees); ``screenPosition`` gives a hole's centre in
 * the window's CSS pixels, the radius a tap must fall within, its ``distance`` from the eye (in
 * hole spacings) and its place in the painting order (a higher ``paintIndex`` is drawn over a
 * lower one). ``onHole(name)`` on a tap or Enter.
 */
export function createCube(container, { onHole = () => {} } = {}) {
  made.count += 1;
  const id = `cube3d-${made.count}`;
  const svg = svgElement("svg", {
    class: "cube3d",
    role: "group",
    "aria-label": t("The spaceboard in 3-D"),
    "aria-describedby": `${id}-help`,
  });
  const style = svgElement("style");
  style.textContent = STYLE;
  const defs = svgElement("defs");
  const shine = svgElement("radialGradient", { id: `${id}-shine`, cx: 0.38, cy: 0.34, r: 0.7 });
  for (const [offset, opacity] of [
    [0, 0.75],
    [0.35, 0.15],
    [0.8, 0],
    [1, 0],
  ]) {
    shine.append(svgElement("stop", { offset, "stop-color": "#fff", "stop-opacity": opacity }));
  }
  defs.append(shine);
  const scene = svgElement("g");
  svg.append(style, defs, scene);
  const help = document.createElement("p");
  help.id = `${id}-help`;
  help.className = "help";
  container.replaceChildren(svg, help);

  /** The cube's words in the page's language (said again at each render: it may change). */
  function sayHelp() {
    const words = t(HELP);
    if (help.textContent !== words) help.textContent = words;
    const label = t("The spaceboard in 3-D");
    if (svg.getAttribute("aria-label") !== label) svg.setAttribute("aria-label", label);
  }
  sayHelp();

  let shape = SHAPES.CUBE;
  let view = clampView(shape.view);
  let layout = null;
  let lastState = null;
  let holes = new Map();
  let panels = [];
  const base = svgElement("polygon", { class: "cube-base" });
  let baseCorners = [];
  let rods = [];
  let painted = [];

  function buildHole(name) {
    const group = svgElement("g", {
      class: "cube-hole",
      "data-cube-hole": name,
      role: "button",
      tabindex: -1,
    });
    const flat = svgElement("g", { class: "cube-flat" });
    const glow = svgElement("circle", { class: "cube-glow", r: GLOW });
    const ring = svgElement("circle", { class: "cube-ring", r: RING });
    flat.append(glow, ring);
    const round = svgElement("g", { class: "cube-round" });
    const man = svgElement("circle", { class: "cube-man", r: MAN });
    const burocrat = svgElement("rect", {
      class: "cube-man",
      x: -MAN,
      y: -MAN,
      width: 2 * MAN,
      height: 2 * MAN,
      rx: MAN * 0.3,
    });
    const gleam = svgElement("circle", { class: "cube-shine", r: MAN, fill: `url(#${id}-shine)` });
    const mark = svgElement("circle", { class: "cube-mark", r: MARK });
    const hit = svgElement("circle", { class: "cube-hit", r: MAN });
    round.append(man, burocrat, gleam, mark, hit);
    group.append(flat, round);
    return {
      hit,
      name,
      point: holePoint(name, layout, shape),
      group,
      flat,
      glow,
      ring,
      round,
      man,
      burocrat,
      gleam,
      mark,
    };
  }

  /** The drawing's size and the outlines for the current shape (its first view's box). */
  function fit() {
    const first = frame(layout, shape.view, shape);
    const [, , width, height] = first.split(" ");
    svg.style.aspectRatio = `${width} / ${height}`;
    svg.setAttribute("viewBox", frame(layout, view, shape));
    const corners = outlines(layout, shape);
    baseCorners = corners.base;
    return corners;
  }

  function build(next) {
    layout = next;
    shape = shapeFor(layout, svg.getBoundingClientRect().width);
    view = clampView(shape.view);
    const corners = fit();
    holes = new Map(holeNames(layout).map((name) => [name, buildHole(name)]));
    holes.values().next().value.group.setAttribute("tabindex", 0);
    panels = [...layout.panels].map((letter, index) => ({
      z: corners.panels[index][0].z,
      corners: corners.panels[index],
      element: svgElement("polygon", {
        class: "cube-panel",
        "data-cube-panel": letter,
        fill: PANEL_COLOURS[letter] ?? GREY,
        stroke: PANEL_COLOURS[letter] ?? GREY,
      }),
    }));
    rods = [];
    painted = [];
    scene.replaceChildren();
  }

  function show(element, visible) {
    element.style.display = visible ? "" : "none";
  }

  function paintHole(hole, facts) {
    const { name, point } = hole;
    const { teams, board, sensed, lit, scored, blink, last } = facts;
    const piece = board[name];
    const felt = sensed ? sensed[name] : piece;
    const shown = piece ?? felt;
    const colour = piece ? (teams[piece.team]?.colour ?? GREY) : GREY;
    const burocrat = shown?.piece === "burocrat";
    show(hole.man, Boolean(shown) && !burocrat);
    show(hole.burocrat, burocrat);
    show(hole.gleam, Boolean(shown));
    hole.man.setAttribute("fill", colour);
    hole.burocrat.setAttribute("fill", colour);
    hole.group.classList.toggle("cube-missing", Boolean(piece && !felt));
    const panel = PANEL_NAMES[point.panel] ?? point.panel;
    const suit = SUIT_NAMES[point.suit] ?? point.suit;
    const words = [t("{hole}: {panel} panel, floor {floor}, {suit}", { hole: name, panel: t(panel), floor: point.floor, suit: t(suit) })];
    if (piece) {
      hole.group.dataset.team = piece.team;
      hole.group.dataset.piece = piece.piece;
      words.push(
        `${teams[piece.team]?.name ?? ""} ${t(PIECE_WORDS[piece.piece] ?? piece.piece)}` +
          (felt ? "" : ", " + t("missing from the board")),
      );
    } else {
      delete hole.group.dataset.team;
      if (felt) hole.group.dataset.piece = felt.piece;
      else delete hole.group.dataset.piece;
      words.push(felt ? t("a {piece} the game does not know", { piece: t(PIECE_WORDS[felt.piece] ?? felt.piece) }) : t("empty"));
    }
    // Lit: an allowed hole in the mover's colour, or the computer's chosen hole in its colour.
    let glow = null;
    if (lit.allowed.has(name)) {
      glow = teams[lit.mover]?.colour;
      words.push(t("lit: you may place here"));
    } else if (name === lit.chosen) {
      glow = teams[lit.chosenTeam]?.colour;
      words.push(t("{team}'s chosen hole", { team: teams[lit.chosenTeam]?.name ?? t("the computer") }));
    }
    hole.group.classList.toggle("cube-lit", Boolean(glow));
    // Every empty hole allowed (Qubic, a free play): lit rings without sixty glows at once.
    show(hole.glow, Boolean(glow) && !(facts.anywhere && lit.allowed.has(name)));
    if (glow) {
      hole.glow.setAttribute("fill", glow);
      hole.ring.setAttribute("stroke", glow);
    } else hole.ring.removeAttribute("stroke");
    if (scored.has(name)) words.push(t("in a scored line"));
    // One ring: a hole to fix, else a Man to lift, else the last move.
    let mark = null;
    if (blink.has(name)) {
      mark = blink.get(name);
      words.push(t("fix this hole"));
    } else if (lit.lifting.has(name)) {
      mark = teams[lit.mover]?.colour;
      words.push(t("lift this Man"));
    } else if (name === last) {
      mark = ACCENT;
      words.push(t("the last move"));
    }
    hole.group.classList.toggle("cube-last", name === last);
    show(hole.mark, Boolean(mark));
    hole.mark.classList.toggle("dashed", lit.lifting.has(name) && !blink.has(name));
    if (mark) hole.mark.setAttribute("stroke", mark);
    hole.group.setAttribute("aria-label", words.join("; "));
  }

  /** Each scored line as rod pieces: from end to end through its holes, reaching a little past. */
  function buildRods(state, teams) {
    const pieces = [];
    for (const [team, line] of state?.scored_lines ?? []) {
      const holesInOrder = alongLine(line, layout, shape);
      if (holesInOrder.length < 2) continue;
      const points = holesInOrder.map((hole) => hole.point);
      const [first, second] = points;
      const [beforeLast, lastPoint] = points.slice(-2);
      const beyond = (from, to) => {
        const length = Math.hypot(to.x - from.x, to.y - from.y, to.z - from.z);
        const reach = 1 + ROD_OVERHANG / length;
        return {
          x: from.x + (to.x - from.x) * reach,
          y: from.y + (to.y - from.y) * reach,
          z: from.z + (to.z - from.z) * reach,
        };
      };
      const stops = [beyond(second, first), ...points, beyond(beforeLast, lastPoint)];
      const colour = teams[team]?.colour ?? GREY;
      const names = holesInOrder.map((hole) => hole.name).join(" ");
      for (let index = 1; index < stops.length; index += 1) {
        const group = svgElement("g", {
          class: "cube-rod",
          "data-cube-line": names,
          "data-team": team,
        });
        const edge = svgElement("line", { class: "cube-rod-edge" });
        const core = svgElement("line", { class: "cube-rod-core", stroke: colour });
        group.append(edge, core);
        pieces.push({ group, edge, core, from: stops[index - 1], to: stops[index] });
      }
    }
    return pieces;
  }

  function outline(cam, corners) {
    return corners
      .map((corner) => cam.project(corner))
      .map((p) => `${fixed(p.x)},${fixed(p.y)}`)
      .join(" ");
  }

  function draw() {
    if (!layout) return;
    const cam = camera(view, SCALE);
    base.setAttribute("points", outline(cam, baseCorners));
    const items = [{ element: base, key: cam.floorKey, far: 0 }];
    for (const { z, corners, element } of panels) {
      element.setAttribute("points", outline(cam, corners));
      items.push({ element, key: cam.planeKey(z), far: Number.MAX_VALUE });
    }
    for (const hole of holes.values()) {
      const spot = cam.project(hole.point);
      const { x: across, down } = cam.axes(spot.k);
      hole.flat.setAttribute(
        "transform",
        `matrix(${[across.x, across.y, down.x, down.y, spot.x, spot.y].map(fixed).join(" ")})`,
      );
      hole.round.setAttribute(
        "transform",
        `translate(${fixed(spot.x)} ${fixed(spot.y)}) scale(${fixed(spot.k * SCALE)})`,
      );
      hole.spot = spot;
      // On its panel, after the panel itself, the farther holes first.
      items.push({
        element: hole.group,
        key: cam.planeKey(hole.point.z) - 1e-6,
        far: spot.distance,
      });
    }
    for (const rod of rods) {
      const a = cam.project(rod.from);
      const b = cam.project(rod.to);
      const width = ROD * SCALE * ((a.k + b.k) / 2);
      for (const line of [rod.edge, rod.core]) {
        line.setAttribute("x1", fixed(a.x));
        line.setAttribute("y1", fixed(a.y));
        line.setAttribute("x2", fixed(b.x));
        line.setAttribute("y2", fixed(b.y));
      }
      rod.edge.setAttribute("stroke-width", fixed(width + 3));
      rod.core.setAttribute("stroke-width", fixed(width));
      // Within a panel: over its Men. Between two panels: over the farther one, under the nearer.
      const key =
        rod.from.z === rod.to.z
          ? cam.planeKey(rod.from.z) - 2e-6
          : cam.planeKey((rod.from.z + rod.to.z) / 2);
      items.push({ element: rod.group, key, far: 0 });
    }
    const order = paintOrder(items).map((item) => item.element);
    holes.forEach((hole) => {
      hole.paintIndex = order.indexOf(hole.group);
    });
    sizeTargets();
    if (
      order.length === painted.length &&
      order.every((element, index) => element === painted[index])
    )
      return;
    painted = order;
    // Moving the focused hole must not lose the focus.
    const focused = scene.contains(document.activeElement) ? document.activeElement : null;
    for (const element of order) {
      if (scene.moveBefore && scene.isConnected && element.parentNode === scene) {
        scene.moveBefore(element, null);
      } else scene.append(element);
    }
    for (const element of [...scene.children]) if (!order.includes(element)) element.remove();
    if (focused && document.activeElement !== focused) focused.focus({ preventScroll: true });
  }

  function render(state) {
    lastState = state;
    sayHelp();
    const next = layoutOf(state);
    if (!layout || layout.panels !== next.panels || layout.suits !== next.suits) build(next);
    const teams = teamsOf(state);
    const facts = {
      teams,
      board: state?.board ?? {},
      sensed: state?.sensed ?? null,
      lit: litHoles(state),
      scored: scoredHoles(state),
      blink: blinkingHoles(state, layout, teams),
      last: lastPlaced(state),
    };
    const empty = [...holes.keys()].filter((name) => !facts.board[name]);
    facts.anywhere = facts.lit.allowed.size > 1 && empty.every((name) => facts.lit.allowed.has(name));
    for (const hole of holes.values()) paintHole(hole, facts);
    rods = buildRods(state, teams);
    draw();
  }

  function setView(angles) {
    view = clampView(angles);
    if (layout) svg.setAttribute("viewBox", frame(layout, view, shape));
    draw();
  }

  /** Draw the cube in the shape its width asks for, from that shape's first view (a cube not
   * shown, of no width, keeps its shape and view). */
  function reshape() {
    const width = svg.getBoundingClientRect().width;
    if (!layout || !width) return;
    const next = shapeFor(layout, width);
    if (next === shape) return;
    shape = next;
    view = clampView(shape.view);
    const corners = fit();
    for (const hole of holes.values()) hole.point = holePoint(hole.name, layout, shape);
    panels.forEach((panel, index) => {
      panel.corners = corners.panels[index];
      panel.z = panel.corners[0].z;
    });
    if (lastState) rods = buildRods(lastState, teamsOf(lastState));
    draw();
  }

  /** A hole's tap radius in drawing units of its round group: the Man's, or more where the
   * drawing is small, so that the target is TARGET_RADIUS_PX at least. */
  function hitRadius(hole, pixelsPerUnit) {
    const pixels = MAN * SCALE * hole.spot.k * pixelsPerUnit;
    return pixels >= TARGET_RADIUS_PX || pixels === 0 ? MAN : (MAN * TARGET_RADIUS_PX) / pixels;
  }

  /** Size each hole's hit circle (its focus ring too) for the drawing's size on the screen. */
  function sizeTargets() {
    const matrix = svg.getScreenCTM();
    if (!matrix) return;
    const perUnit = Math.hypot(matrix.a, matrix.b);
    for (const hole of holes.values()) {
      if (hole.spot) hole.hit.setAttribute("r", fixed(hitRadius(hole, perUnit)));
    }
  }

  function screenPosition(name) {
    const hole = holes.get(name);
    if (!hole?.spot) return null;
    const matrix = svg.getScreenCTM();
    const centre = new DOMPoint(hole.spot.x, hole.spot.y).matrixTransform(matrix);
    const perUnit = Math.hypot(matrix.a, matrix.b);
    return {
      x: centre.x,
      y: centre.y,
      radius: hitRadius(hole, perUnit) * SCALE * hole.spot.k * perUnit,
      distance: hole.spot.distance,
      paintIndex: hole.paintIndex,
    };
  }

  /** The hole a tap at (x, y) (the window's CSS pixels) is for: the one whose centre is
   * nearest, within its tap radius; null elsewhere. */
  function holeAt(x, y) {
    let best = null;
    let bestDistance = Infinity;
    for (const name of holes.keys()) {
      const spot = screenPosition(name);
      const distance = spot ? Math.hypot(spot.x - x, spot.y - y) : Infinity;
      if (distance <= spot?.radius && distance < bestDistance) {
        best = name;
        bestDistance = distance;
      }
    }
    return best;
  }

  // ---- turning by drag, tapping ------------------------------------------------------------

  // A press that moves less than DRAG_START_PX is a tap on the hole it began on, taken on its
  // release: a browser may drop the click of a tap that follows a quick drag.
  let press = null;
  svg.addEventListener("pointerdown", (event) => {
    if (!event.isPrimary || event.button !== 0) return;
    press = {
      pointer: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      from: view,
      hole: holeAt(event.clientX, event.clientY),
      turning: false,
    };
  });
  svg.addEventListener("pointermove", (event) => {
    if (press?.pointer !== event.pointerId) return;
    const dx = event.clientX - press.x;
    const dy = event.clientY - press.y;
    if (!press.turning) {
      if (Math.hypot(dx, dy) < DRAG_START_PX) return;
      press.turning = true;
      svg.setPointerCapture(event.pointerId);
      svg.classList.add("turning");
    }
    setView({
      yaw: press.from.yaw + dx * DEGREES_PER_PX,
      pitch: press.from.pitch + dy * DEGREES_PER_PX,
    });
  });
  svg.addEventListener("pointerup", (event) => {
    if (press?.pointer !== event.pointerId) return;
    const { hole, turning } = press;
    press = null;
    svg.classList.remove("turning");
    if (hole && !turning) onHole(hole);
  });
  svg.addEventListener("pointercancel", (event) => {
    if (press?.pointer !== event.pointerId) return;
    press = null;
    svg.classList.remove("turning");
  });
  // A click without a pointer (assistive technology activating the hole) taps it too.
  svg.addEventListener("click", (event) => {
    const hole = event.target.closest?.("[data-cube-hole]");
    if (hole && event.detail === 0) onHole(hole.dataset.cubeHole);
  });

  // ---- keys --------------------------------------------------------------------------------

  const TURNS = {
    ArrowLeft: { yaw: -KEY_TURN_DEGREES, pitch: 0 },
    ArrowRight: { yaw: KEY_TURN_DEGREES, pitch: 0 },
    ArrowUp: { yaw: 0, pitch: KEY_TURN_DEGREES },
    ArrowDown: { yaw: 0, pitch: -KEY_TURN_DEGREES },
  };
  // Steps as [panel, floor, section]: the panel behind is the next in the layout.
  const STEPS = {
    ArrowLeft: [0, 0, -1],
    ArrowRight: [0, 0, 1],
    ArrowUp: [0, 1, 0],
    ArrowDown: [0, -1, 0],
    PageUp: [1, 0, 0],
    PageDown: [-1, 0, 0],
  };

  function neighbour(name, [dp, df, ds]) {
    const [panel, floor, suit] = name.split("-");
    const clamp = (index) => Math.min(3, Math.max(0, index));
    const p = clamp(layout.panels.indexOf(panel) + dp);
    const f = clamp(ROMAN.indexOf(floor) + df);
    const s = clamp(layout.suits.indexOf(suit) + ds);
    return `${layout.panels[p]}-${ROMAN[f]}-${layout.suits[s]}`;
  }

  function focusHole(name) {
    for (const hole of holes.values())
      hole.group.setAttribute("tabindex", hole.name === name ? 0 : -1);
    holes.get(name)?.group.focus();
  }

  // On the holder, not the SVG: Chromium makes an <svg> with focus listeners a Tab stop itself.
  container.addEventListener("focusin", (event) => {
    const hole = event.target.closest?.("[data-cube-hole]");
    if (hole && hole.getAttribute("tabindex") !== "0") focusHole(hole.dataset.cubeHole);
  });
  svg.addEventListener("keydown", (event) => {
    const hole = event.target.closest?.("[data-cube-hole]");
    if (!hole || event.altKey || event.ctrlKey || event.metaKey) return;
    const name = hole.dataset.cubeHole;
    if (event.shiftKey && TURNS[event.key]) {
      setView({ yaw: view.yaw + TURNS[event.key].yaw, pitch: view.pitch + TURNS[event.key].pitch });
    } else if (event.key === "Home") {
      setView(shape.view);
    } else if (event.key === "Enter" || event.key === " ") {
      onHole(name);
    } else if (STEPS[event.key] && !event.shiftKey) {
      focusHole(neighbour(name, STEPS[event.key]));
    } else return;
    event.preventDefault();
  });

  new ResizeObserver(() => {
    reshape();
    sizeTargets();
  }).observe(svg);

  const cube = { render, setView, view: () => ({ ...view }), screenPosition, holeAt };
  cubes.set(container, cube);
  setView(view);
  return cube;
}

/** The 3-D view as the page's registry takes it: beside the flat panels of every 4x4x4 game. */
registerBoardView({
  id: "cube3d",
  role: "extra",
  fits: (view) => (view?.geometry?.key ?? "flix") === "flix",
  mount(container, { onHole }) {
    const holder = document.createElement("div");
    holder.id = "cube";
    holder.className = "cube";
    container.append(holder);
    const cube = createCube(holder, { onHole });
    return { paint: (view) => cube.render(view) };
  },
});
