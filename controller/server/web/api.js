// The board's HTTP API and event stream, with the Bearer token kept in localStorage.

import { pageLanguage, t } from "./i18n.js";

const TOKEN_KEY = "flixboard.token";

/** Keep the board's token for this browser (the settings page, a scanned QR code). */
export function storeToken(token) {
  localStorage.setItem(TOKEN_KEY, token);
}

/**
 * A page opened from the settings page's QR code carries the token in its address's fragment
 * (``#token=...``; a fragment never reaches the server's log nor a Referer): keep it, and take it
 * out of the address bar and the browser's history.
 */
function takeTokenFromAddress() {
  const found = /^#token=([A-Za-z0-9_-]{16,128})$/.exec(location.hash);
  if (!found) return;
  storeToken(found[1]);
  history.replaceState(null, "", location.pathname + location.search);
}

takeTokenFromAddress();

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

export class Api {
  /** askToken(reason) resolves to a token, or null when the user cancels. */
  constructor(askToken) {
    this.askToken = askToken;
  }

  get token() {
    return localStorage.getItem(TOKEN_KEY) || "";
  }

  /** GET JSON; a team's own view needs the token off loopback, asked for as for a POST. */
  async get(path) {
    return this.send(path, { cache: "no-store" });
  }

  getState() {
    return this.get("/api/state");
  }

  getInfo() {
    return this.get("/api/info");
  }

  /** POST a JSON body. */
  async post(path, body = {}) {
    return this.send(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  }

  /** fetch with the token; on 401 ask for the token (once per refusal) and try again. */
  async send(path, init) {
    let refused = false;
    for (;;) {
      const headers = { ...(init.headers ?? {}) };
      if (this.token) headers.Authorization = `Bearer ${this.token}`;
      headers["Accept-Language"] = pageLanguage(); // the board refuses in the page's language
      const response = await fetch(path, { ...init, headers });
      if (response.status === 401) {
        const token = await this.askToken(refused || this.token ? "refused" : "needed");
        if (!token) throw new ApiError(401, t("the board needs its token for this"));
        localStorage.setItem(TOKEN_KEY, token.trim());
        refused = true;
        continue;
      }
      const payload = await readJson(response);
      if (!response.ok) {
        throw new ApiError(response.status, errorMessage(payload, response));
      }
      return payload;
    }
  }
}

async function readJson(response) {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { error: text };
  }
}

function errorMessage(payload, response) {
  if (payload && typeof payload === "object") {
    const text = payload.error ?? payload.detail ?? payload.message;
    if (text) return String(text);
  }
  return `${response.status} ${response.statusText}`.trim();
}

/**
 * Follow WS /api/events: onMessage(object) for every message, onStatus("live" | "lost")
 * when the connection opens or drops. Reconnects with a growing delay, up to 5 s.
 */
export function followEvents(onMessage, onStatus) {
  let delay = 250;
  const open = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/api/events`);
    socket.addEventListener("open", () => {
      delay = 250;
      onStatus("live");
    });
    socket.addEventListener("message", (event) => {
      try {
        onMessage(JSON.parse(event.data));
      } catch (error) {
        console.error("bad event message", error, event.data);
      }
    });
    socket.addEventListener("close", () => {
      onStatus("lost");
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 5000);
    });
  };
  open();
}
