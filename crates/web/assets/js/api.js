// The game server's API (API.md) as the pages use it: JSON requests, the
// seat tokens this device holds, and a game's WebSocket that reconnects by
// itself and asks for exactly what it missed.

/** An answer of the server that is not a success, with its JSON body. */
export class ApiError extends Error {
  constructor(status, body, retryAfter = null) {
    super(body && body.error ? body.error : `the server answered ${status}`);
    this.status = status;
    this.body = body || {};
    // Seconds to wait before asking again (429 and 503 carry it).
    this.retryAfter = retryAfter;
  }
}

/** Sends a request and reads its JSON answer; failures throw `ApiError`. */
export async function request(method, path, { body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(0, { error: String(error.message || error) });
  }
  let answer = null;
  try {
    answer = await response.json();
  } catch {
    answer = null;
  }
  if (!response.ok) {
    const wait = Number(response.headers.get("Retry-After"));
    throw new ApiError(response.status, answer, Number.isFinite(wait) && wait > 0 ? wait : null);
  }
  return answer;
}

// ---- Seat tokens -------------------------------------------------------
// A token is the right to play a seat. The page keeps the tokens of this
// device in its storage, by game; a seat's link carries its token in the
// fragment (#token=…), which browsers never send to a server.

function tokensKey(id) {
  return `carolus.game.${id}`;
}

/** The tokens this device holds for game `id`: `{seat: token}`, and tokens
 * whose seat is not known yet under `pending`. */
export function heldTokens(id) {
  try {
    const held = JSON.parse(localStorage.getItem(tokensKey(id)) || "{}");
    return { seats: held.seats || {}, pending: held.pending || [] };
  } catch {
    return { seats: {}, pending: [] };
  }
}

function saveTokens(id, held) {
  localStorage.setItem(tokensKey(id), JSON.stringify(held));
}

/** The games this device holds a seat token of, by id (sorted: storage
 * keeps no order). */
export function heldGames() {
  const ids = [];
  for (let index = 0; index < localStorage.length; index += 1) {
    const key = localStorage.key(index);
    const id = key && /^carolus\.game\.([a-z0-9]{12})$/.exec(key);
    if (!id) continue;
    const held = heldTokens(id[1]);
    if (Object.keys(held.seats).length > 0 || held.pending.length > 0) ids.push(id[1]);
  }
  return ids.sort();
}

export function keepToken(id, seat, token) {
  const held = heldTokens(id);
  held.seats[seat] = token;
  held.pending = held.pending.filter((pending) => pending !== token);
  saveTokens(id, held);
}

export function keepPendingToken(id, token) {
  const held = heldTokens(id);
  if (!Object.values(held.seats).includes(token) && !held.pending.includes(token)) {
    held.pending.push(token);
  }
  saveTokens(id, held);
}

export function forgetToken(id, token) {
  const held = heldTokens(id);
  for (const [seat, value] of Object.entries(held.seats)) {
    if (value === token) delete held.seats[seat];
  }
  held.pending = held.pending.filter((pending) => pending !== token);
  saveTokens(id, held);
}

/** A seat's link: the table's address with the token in the fragment. */
export function seatLink(id, token) {
  return `${location.origin}/games/${id}#token=${encodeURIComponent(token)}`;
}

// ---- The live connection -----------------------------------------------

/**
 * Watches game `id` over its WebSocket. `since()` says how many moves the
 * page has and how many take backs it saw (`{from, takebacks}`), so that a
 * new connection asks for the moves after them (or for the whole record
 * again if a decision was taken back meanwhile);
 * `onMessage` gets every message; `onConnection(up)` reports the
 * connection's state. A connection that drops is made again, sooner at
 * first and then every few seconds, until `close()`.
 */
export function watchGame(id, { since, token, onMessage, onConnection }) {
  let socket = null;
  let closed = false;
  let delay = 250;
  let timer = null;
  let authToken = token;

  function open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const { from, takebacks } = since();
    socket = new WebSocket(`${scheme}://${location.host}/api/games/${id}/ws?from=${from}&takebacks=${takebacks}`);
    socket.addEventListener("open", () => {
      delay = 250;
      if (authToken) socket.send(JSON.stringify({ type: "auth", token: authToken }));
      onConnection(true);
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      onMessage(message);
    });
    socket.addEventListener("close", () => {
      socket = null;
      if (closed) return;
      onConnection(false);
      timer = setTimeout(open, delay);
      delay = Math.min(delay * 2, 4000);
    });
  }

  open();
  return {
    authenticate(newToken) {
      authToken = newToken;
      if (socket && socket.readyState === WebSocket.OPEN) {
        socket.send(JSON.stringify({ type: "auth", token: newToken }));
      }
    },
    /** Drops the connection as a network would, to be made again. */
    reconnect() {
      if (socket) socket.close();
    },
    close() {
      closed = true;
      clearTimeout(timer);
      if (socket) socket.close(1000);
    },
  };
}
