// Live updates for every page: the one mechanism of the whole app.
//
// 1. One WebSocket per page to ws/world/ (only for a signed-in person: body[data-live]).
//    The server sends `world.snapshot` on connect, then `zone.update`, `goal.update`,
//    `progress.update`, `story.beat` and `notification` events.
// 2. Each event is dispatched on document as a "live:event" CustomEvent (detail = event),
//    for page scripts that patch the page themselves (the world map).
// 3. A part of a page marked data-live-on="goal.update zone.update" and
//    data-live-src="<url>" is fetched again from that URL when such an event arrives
//    (at most once per 300 ms) and replaced by the answer's element of the same id.
// 4. Ping every 25 s; no pong within 10 s means the socket is dead: close it. On close,
//    reconnect with exponential backoff (1 s doubling to 30 s, with jitter); on reconnect
//    every live part is refreshed, so nothing missed while offline stays missed.
// 5. Every change of connection state is dispatched as "live:status" (detail.state is
//    "live" or "offline").

const PING_EVERY_MS = 25000;
const PONG_WITHIN_MS = 10000;
const BACKOFF_MAX_MS = 30000;
const REFRESH_DEBOUNCE_MS = 300;

let socket = null;
let backoff = 1000;
let pingTimer = null;
let pongTimer = null;
let connectedOnce = false;
const pending = new Map();

function emit(name, detail) {
  document.dispatchEvent(new CustomEvent(name, { detail }));
}

async function refresh(part) {
  const url = part.dataset.liveSrc;
  if (!url || !part.id) return;
  try {
    const response = await fetch(url, { credentials: "same-origin", headers: { "X-Delight-Part": part.id } });
    if (!response.ok) return;
    const doc = new DOMParser().parseFromString(await response.text(), "text/html");
    const fresh = doc.getElementById(part.id);
    const current = document.getElementById(part.id);
    if (!fresh || !current) return;
    const focused = document.activeElement && current.contains(document.activeElement) ? document.activeElement.id : null;
    current.replaceWith(document.importNode(fresh, true));
    if (focused) document.getElementById(focused)?.focus();
    emit("live:refreshed", { id: part.id });
  } catch (error) {
    // offline: the reconnect refreshes every part
  }
}

export function refreshSoon(part) {
  clearTimeout(pending.get(part.id));
  pending.set(part.id, setTimeout(() => { pending.delete(part.id); refresh(part); }, REFRESH_DEBOUNCE_MS));
}

function refreshFor(type) {
  for (const part of document.querySelectorAll("[data-live-on]")) {
    if (type === "*" || part.dataset.liveOn.split(/\s+/).includes(type)) refreshSoon(part);
  }
}

function handle(event) {
  if (event.type === "pong") { clearTimeout(pongTimer); return; }
  emit("live:event", event);
  if (event.type !== "world.snapshot") refreshFor(event.type);
}

function heartbeat() {
  if (!socket || socket.readyState !== WebSocket.OPEN) return;
  socket.send(JSON.stringify({ type: "ping" }));
  pongTimer = setTimeout(() => socket && socket.close(), PONG_WITHIN_MS);
}

function connect(path) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}${path}`);
  socket.addEventListener("open", () => {
    backoff = 1000;
    if (connectedOnce) refreshFor("*");
    connectedOnce = true;
    emit("live:status", { state: "live" });
    socket.send(JSON.stringify({ type: "snapshot" }));
    pingTimer = setInterval(heartbeat, PING_EVERY_MS);
  });
  socket.addEventListener("message", (message) => {
    try {
      handle(JSON.parse(message.data));
    } catch (error) {
      // a frame we cannot read is ignored; the next snapshot repairs the page
    }
  });
  socket.addEventListener("close", () => {
    clearInterval(pingTimer);
    clearTimeout(pongTimer);
    socket = null;
    emit("live:status", { state: "offline" });
    const delay = backoff * (0.75 + Math.random() / 2);
    backoff = Math.min(backoff * 2, BACKOFF_MAX_MS);
    setTimeout(() => connect(path), delay);
  });
}

export function start(path) {
  if (!socket) connect(path);
}
