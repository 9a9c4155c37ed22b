// The spaceboard as a cube in space: where each hole is, how a view angle projects it onto the
// screen, and the order to paint it in (back to front). Pure: no DOM, so it runs anywhere.

const ROMAN = ["I", "II", "III", "IV"];

/** The angle the cube is first seen from: from the right front and above, the four panels
 * staggered behind each other, each turned 50-53 degrees from the eye (not edge-on), every one of
 * the 64 holes in sight (no Man hides another's centre). The panels' lattice lines many holes up
 * behind each other from most angles; this one is clear of them (tests/web/test_web_cube.py). */
export const DEFAULT_VIEW = Object.freeze({ yaw: -40, pitch: 27 });

/** Panels stand two hole spacings apart (drawn apart so that every hole can be seen and tapped). */
export const PANEL_GAP = 2;

/**
 * How the cube is drawn: ``gap`` between the panels and ``floor`` between the floors (in hole
 * spacings; the sections stay one apart) and the ``view`` it is first seen from. ``CUBE`` is the
 * board's own shape. ``TALL`` is for a drawing too narrow for it (a phone held upright): the floors
 * twice as far apart and the panels closer, seen more from the side and lower, so that the
 * phone's height spreads the holes and no two centres stand closer than 0.067 of the drawing's
 * width (the cube's closest stand 0.036 of it apart: tests/web/test_web_journeys_offpath_layout.py).
 */
export const SHAPES = Object.freeze({
  CUBE: Object.freeze({ gap: PANEL_GAP, floor: 1, view: DEFAULT_VIEW }),
  TALL: Object.freeze({ gap: 1.5, floor: 2, view: Object.freeze({ yaw: -54, pitch: 20 }) }),
});

const PITCH_MIN = -5;
const PITCH_MAX = 85;
// The eye's distance from the cube's centre, in hole spacings: a gentle perspective (nearer, the
// front panel turns edge-on while the back one faces the eye).
const EYE_DISTANCE = 24;

/** A view as {yaw, pitch} in degrees: yaw turns around the upright axis (any angle, kept
 * within -180..180), pitch tilts the top towards the viewer (kept within -5..85, so the base
 * stays below). */
export function clampView(view) {
  const yaw = Number(view?.yaw);
  const pitch = Number(view?.pitch);
  const turned = Number.isFinite(yaw) ? yaw : DEFAULT_VIEW.yaw;
  return {
    yaw: ((((turned + 180) % 360) + 360) % 360) - 180,
    pitch: Math.min(
      PITCH_MAX,
      Math.max(PITCH_MIN, Number.isFinite(pitch) ? pitch : DEFAULT_VIEW.pitch),
    ),
  };
}

/**
 * The hole's place in the cube: x to the right (sections, left to right), y up (floors I..IV),
 * z towards the front (the front panel nearest). One hole spacing is one unit, the floors and
 * panels as far apart as the ``shape`` says; the centre is 0.
 */
export function holePoint(name, layout, shape = SHAPES.CUBE) {
  const [panel, floor, suit] = String(name).split("-");
  const p = layout.panels.indexOf(panel);
  const f = ROMAN.indexOf(floor);
  const s = layout.suits.indexOf(suit);
  if (p < 0 || f < 0 || s < 0 || !panel || !suit) return null;
  return { x: s - 1.5, y: (f - 1.5) * shape.floor, z: (1.5 - p) * shape.gap, panel, floor, suit };
}

/** Every hole name of the layout: panel by panel (front first), floor I up, sections left to
 * right. */
export function holeNames(layout) {
  const names = [];
  for (const panel of layout.panels) {
    for (const floor of ROMAN)
      for (const suit of layout.suits) names.push(`${panel}-${floor}-${suit}`);
  }
  return names;
}

/** The z of each panel's plane (front first). */
export function panelDepths(layout, shape = SHAPES.CUBE) {
  return [...layout.panels].map((_, index) => (1.5 - index) * shape.gap);
}

/**
 * A camera for a view: ``project(point)`` gives the screen position in units of ``scale`` pixels
 * (y down), the perspective factor ``k`` and ``distance`` from the eye; ``axes(k)`` the screen
 * vectors of the world's x axis and downward y axis at factor k (to lay a hole into its panel);
 * ``planeKey(z)`` and ``floorKey`` order the panels and the base for painting (farther first).
 */
export function camera(view, scale) {
  const { yaw, pitch } = clampView(view);
  const psi = (yaw * Math.PI) / 180;
  const theta = (pitch * Math.PI) / 180;
  const [cy, sy, cp, sp] = [Math.cos(psi), Math.sin(psi), Math.cos(theta), Math.sin(theta)];
  const rotate = ({ x, y, z }) => {
    const x1 = x * cy + z * sy;
    const z1 = -x * sy + z * cy;
    return { x: x1, y: y * cp - z1 * sp, z: y * sp + z1 * cp };
  };
  const eye = { x: -EYE_DISTANCE * cp * sy, y: EYE_DISTANCE * sp, z: EYE_DISTANCE * cp * cy };
  const project = (point) => {
    const r = rotate(point);
    const k = EYE_DISTANCE / (EYE_DISTANCE - r.z);
    return {
      x: r.x * k * scale,
      y: -r.y * k * scale,
      k,
      distance: Math.hypot(r.x, r.y, EYE_DISTANCE - r.z),
    };
  };
  const xAxis = rotate({ x: 1, y: 0, z: 0 });
  const downAxis = rotate({ x: 0, y: -1, z: 0 });
  return {
    view: { yaw, pitch },
    project,
    axes: (k) => ({
      x: { x: xAxis.x * k * scale, y: -xAxis.y * k * scale },
      down: { x: downAxis.x * k * scale, y: -downAxis.y * k * scale },
    }),
    // Parallel planes paint correctly farthest first, measured along their normal from the eye.
    planeKey: (z) => Math.abs(eye.z - z),
    // The base lies below every hole and the eye never goes below it: it is always farthest.
    floorKey: Number.POSITIVE_INFINITY,
  };
}

/** The holes of a line in order along it, with their points: from the end farther from the
 * first hole named's far end (from the first hole named, when that is an end). */
export function alongLine(names, layout, shape = SHAPES.CUBE) {
  const holes = names.map((name) => ({ name, point: holePoint(name, layout, shape) }));
  if (holes.some((hole) => !hole.point)) return [];
  const gap = (a, b) => Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
  let end = holes[0];
  for (const hole of holes)
    if (gap(hole.point, holes[0].point) > gap(end.point, holes[0].point)) end = hole;
  return holes.sort((a, b) => gap(b.point, end.point) - gap(a.point, end.point));
}

/** Paint order: larger key first; within a key, larger ``far`` first. */
export function paintOrder(items) {
  return [...items].sort((a, b) => b.key - a.key || b.far - a.far);
}
