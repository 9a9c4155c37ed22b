// Plug points of the page: board views and panels add themselves here when imported.

const views = [];
const panels = [];
const dice = [];

/**
 * A board view: ``{id, role, fits(view), key(view), mount(container, {onHole})}``.
 * - role "main": the board players tap; the last registered main view that fits is shown
 *   (so a variant's own view, registered after the flat one, takes its place);
 * - role "extra": shown beside the main view whenever it fits (e.g. a 3-D view);
 * - key(view): when it changes the view is mounted afresh (e.g. another layout);
 * - help: ``{board, sim}`` (main views), the words under the board: how to read it, and what a
 *   tap does on the simulated board;
 * - title (main views): the page's name on this board, a message id ("Flip 4 board");
 * - mount(container, {onHole, view}) returns ``{paint(view, marks), focus()}`` (``focus``: main
 *   views, the focus onto the board's current or first lit hole); onHole(name) acts on a
 *   hole as a tap on the flat view does (simulated board: place or lift); ``marks`` are the
 *   page's own layers: ``hint`` (a hole name) and ``threats`` (true: show them);
 * - replay (main views, optional): ``{build(container), paint(container, state)}`` draws a kept
 *   game's position in the history's replay (without it, the spaceboard's flat view does);
 * - boardSaysTurn (main views, optional): true when the board's own message says what to place
 *   (the turn line then shows it instead of the page's "place a piece" words).
 */
export function registerBoardView(view) {
  views.push(view);
}

/** A game's own style sheet (``url``: beside its page module, ``new URL("./game.css",
 * import.meta.url)``) added to the page once; resolves once it is read (or failed), so that a
 * module awaiting it draws nothing unstyled. Nothing where there is no page (node). */
export function registerStyle(url) {
  if (typeof document === "undefined") return Promise.resolve();
  const href = new URL(url, document.baseURI).href;
  const links = [...document.querySelectorAll('link[rel="stylesheet"]')];
  let link = links.find((found) => found.href === href);
  if (link?.sheet) return Promise.resolve();
  if (!link) {
    link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
    document.head.append(link);
  }
  return new Promise((resolve) => {
    link.addEventListener("load", resolve, { once: true });
    link.addEventListener("error", resolve, { once: true });
  });
}

/** The main view for ``view`` and the extra views that fit it. */
export function viewsFor(view) {
  const fitting = views.filter((candidate) => candidate.fits(view));
  return {
    main: fitting.filter((candidate) => candidate.role === "main").at(-1) ?? null,
    extras: fitting.filter((candidate) => candidate.role === "extra"),
  };
}

/**
 * A panel: a card of its own under the board, ``{id, title, mount(section, context)}``;
 * ``mount`` fills the section and may return ``{show(view)}``, called on every state.
 * ``context`` is ``{api, command, say, state}`` (see orders.js and store.js).
 */
export function registerPanel(panel) {
  panels.push(panel);
}

export function registeredPanels() {
  return [...panels];
}

/**
 * A game's own dice: ``{fits(view), show(element, view, empty)}`` draws the throw of the turn in
 * the action bar instead of the faces (``empty``: the words while none is thrown); such dice
 * are rolled by the board, never picked face by face.
 */
export function registerDice(own) {
  dice.push(own);
}

/** The last registered dice that fit ``view``, or null: the page's own faces. */
export function diceFor(view) {
  return dice.filter((own) => own.fits(view)).at(-1) ?? null;
}
