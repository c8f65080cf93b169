// Live zone states for /world/ pages: WebSocket first, polling while it is down.
//
// 1. Connect to ws/world/; the server sends a `world.snapshot` on connect.
// 2. Apply `world.snapshot` (every zone) and `zone.update` (one zone) to the
//    elements with data-zone="<slug>" (data-state becomes "open" or "closed").
// 3. Ping every 25 s; no pong within 10 s means the socket is dead: close it.
// 4. On close, poll GET /api/world/zones/ every 30 s and reconnect with exponential
//    backoff (1 s doubling to 30 s, with jitter); a new socket asks for a snapshot.

const PING_EVERY_MS = 25000;
const PONG_WITHIN_MS = 10000;
const POLL_EVERY_MS = 30000;
const BACKOFF_MAX_MS = 30000;

const status = document.getElementById("world-live");
let socket = null;
let backoff = 1000;
let pingTimer = null;
let pongTimer = null;
let pollTimer = null;

function setStatus(state, text) {
  if (!status) return;
  status.dataset.live = state;
  status.textContent = text;
}

function applyZone(zone) {
  for (const card of document.querySelectorAll(`[data-zone="${CSS.escape(zone.slug)}"]`)) {
    card.dataset.state = zone.state;
    card.querySelector('[data-role="state"]').textContent = zone.is_open ? "Open" : "Closed";
    card.querySelector('[data-role="reason"]').textContent = zone.reason;
    const next = card.querySelector('[data-role="next"]');
    const label = zone.next_change_label || "";
    next.textContent = label.charAt(0).toUpperCase() + label.slice(1);
    next.hidden = !label;
  }
}

function applySnapshot(snapshot) {
  snapshot.zones.forEach(applyZone);
}

function handle(event) {
  if (event.type === "world.snapshot") applySnapshot(event);
  else if (event.type === "zone.update") applyZone(event.zone);
  else if (event.type === "pong") clearTimeout(pongTimer);
  document.dispatchEvent(new CustomEvent("world:event", { detail: event }));
}

async function poll() {
  try {
    const response = await fetch("/api/world/zones/", { credentials: "same-origin" });
    if (response.ok) applySnapshot(await response.json());
  } catch (error) {
    // offline: the next poll or reconnect catches up
  }
}

function startPolling() {
  if (pollTimer === null) pollTimer = setInterval(poll, POLL_EVERY_MS);
}

function stopPolling() {
  clearInterval(pollTimer);
  pollTimer = null;
}

function heartbeat() {
  if (!socket || socket.readyState !== WebSocket.OPEN) return;
  socket.send(JSON.stringify({ type: "ping" }));
  pongTimer = setTimeout(() => socket && socket.close(), PONG_WITHIN_MS);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/world/`);
  socket.addEventListener("open", () => {
    backoff = 1000;
    stopPolling();
    setStatus("live", "Live");
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
    setStatus("offline", "Reconnecting…");
    startPolling();
    const delay = backoff * (0.75 + Math.random() / 2);
    backoff = Math.min(backoff * 2, BACKOFF_MAX_MS);
    setTimeout(connect, delay);
  });
}

connect();
