// Talking to Eliza on /chat/: replies stream over ws/companion/, with fetch as the fallback.
//
// 1. On send, the person's bubble shows at once with an empty one for Eliza. The textarea
//    keeps the text until Eliza has answered, so nothing is lost when a send fails.
// 2. `state` events set the status line ("recalling…"), `token` chunks stream into Eliza's
//    bubble, and `reply` replaces them with the final text, the memories she used, the
//    question a flow waits on and, in a crisis, the resources panel (which stays).
// 3. Ping every 25 s; no pong within 10 s means the socket is dead: close it. Reconnect with
//    exponential backoff (1 s doubling to 30 s, with jitter). A message in flight when the
//    socket drops is sent again after the reconnect with the same idempotency key, so Eliza
//    answers it once.
// 4. Without a WebSocket (none in this browser, or it is down when the person sends), the
//    message goes to POST /api/companion/messages/ and the reply shows without streaming.
// Every event is also dispatched on document as `chat:event`, after the page handled it.
// Text from the person or from Eliza only ever goes into the page through textContent.

const PING_EVERY_MS = 25000;
const PONG_WITHIN_MS = 10000;
const BACKOFF_MAX_MS = 30000;
const BUSY_RETRY_MS = 2000;
const BUSY_RETRIES = 5;

const root = document.getElementById("chat");
const form = document.getElementById("chat-form");
const textarea = document.getElementById("chat-text");
const sendButton = form.querySelector("button[type=submit]");
const log = document.getElementById("chat-log");
const status = document.getElementById("chat-status");
const errorLine = document.getElementById("chat-error");
const waiting = document.getElementById("chat-waiting");
const crisisPanel = document.getElementById("chat-crisis");

let sessionId = root.dataset.sessionId || null;
let socket = null;
let backoff = 1000;
let pingTimer = null;
let pongTimer = null;
// The message being answered: {text, key, bubble, attempts, phase}, where phase is "queued"
// (until the socket opens), "sent" (on the socket), "posting" (fetch) or "retrying".
let pending = null;

function setStatus(state, text) {
  status.dataset.live = state;
  status.textContent = text;
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function bubble(who, text) {
  const node = element("div", `bubble ${who === "You" ? "person" : "eliza"}`);
  node.append(element("span", "who", who), element("p", "text", text));
  return node;
}

function memoriesList(memories) {
  const details = element("details", "memories");
  details.append(element("summary", "", `Memories she used (${memories.length})`));
  const list = element("ul");
  for (const memory of memories) {
    const item = element("li", "", `${memory.content} `);
    item.append(element("small", "", `(${memory.tier})`));
    list.append(item);
  }
  details.append(list);
  return details;
}

function showWaiting(result) {
  // The words come from the server: a slot's name never reaches the page.
  const words = result.waiting_for || "";
  waiting.textContent = words;
  waiting.hidden = !words;
}

function showCrisis(crisis) {
  if (!crisis || !crisis.triggered) return;
  const list = document.getElementById("chat-crisis-resources");
  list.replaceChildren(...crisis.resources.map((line) => element("li", "", line)));
  crisisPanel.hidden = false;
}

function rememberSession(id) {
  if (sessionId === id) return;
  sessionId = id;
  root.dataset.sessionId = id;
  history.replaceState(null, "", `${root.dataset.chatUrl}${id}/`);
}

function setBusy(busy) {
  sendButton.disabled = busy;
  textarea.readOnly = busy;
  form.setAttribute("aria-busy", String(busy));
}

function finish() {
  pending = null;
  setBusy(false);
  textarea.focus();
}

function showReply(result) {
  const text = pending.bubble.querySelector(".text");
  text.textContent = result.reply;
  text.classList.remove("pending");
  if (result.memories_used && result.memories_used.length) {
    pending.bubble.append(memoriesList(result.memories_used));
  }
  rememberSession(result.session_id);
  showWaiting(result);
  showCrisis(result.crisis);
  setStatus("idle", "Eliza replied.");
  textarea.value = "";
  finish();
}

function showError(code, message) {
  // A resend may find the first attempt still being answered: ask again shortly.
  if (code === "session_busy" && pending.attempts > 1 && pending.attempts < BUSY_RETRIES) {
    pending.phase = "retrying";
    setStatus("busy", "Still answering…");
    setTimeout(deliver, BUSY_RETRY_MS);
    return;
  }
  pending.bubble.closest(".turn").remove();
  errorLine.textContent = message;
  errorLine.hidden = false;
  setStatus("idle", "");
  finish();
}

function handle(event) {
  if (event.type === "pong") clearTimeout(pongTimer);
  else if (pending && event.type === "state") setStatus("busy", event.label || "thinking…");
  else if (pending && event.type === "token") {
    const text = pending.bubble.querySelector(".text");
    text.classList.remove("pending");
    text.textContent += event.text;
  } else if (pending && event.type === "reply") showReply(event);
  else if (pending && event.type === "error") showError(event.code, event.message);
  document.dispatchEvent(new CustomEvent("chat:event", { detail: event }));
}

function csrfToken() {
  return form.querySelector("input[name=csrfmiddlewaretoken]").value;
}

async function post(message) {
  let body;
  try {
    const response = await fetch(root.dataset.apiUrl, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
      body: JSON.stringify(message),
    });
    body = await response.json();
    if (!response.ok) {
      handle({ type: "error", code: body.code, message: body.detail });
      return;
    }
  } catch (error) {
    handle({ type: "error", code: "offline", message: "Eliza could not be reached. Try again." });
    return;
  }
  handle({ type: "reply", ...body });
}

// Send the pending message by whichever way is up; a socket still connecting sends it on open.
function deliver() {
  if (!pending) return;
  if (socket && socket.readyState === WebSocket.CONNECTING) {
    pending.phase = "queued";
    return;
  }
  pending.attempts += 1;
  const message = { text: pending.text, idempotency_key: pending.key };
  if (sessionId) message.session_id = sessionId;
  if (socket && socket.readyState === WebSocket.OPEN) {
    pending.phase = "sent";
    socket.send(JSON.stringify({ type: "message", ...message }));
  } else {
    pending.phase = "posting";
    post(message);
  }
}

function send() {
  const text = textarea.value;
  if (pending || !text.trim()) return;
  errorLine.hidden = true;
  document.getElementById("chat-empty")?.remove();
  const turn = element("li", "turn");
  const reply = bubble("Eliza", "");
  reply.querySelector(".text").classList.add("pending");
  turn.append(bubble("You", text), reply);
  log.append(turn);
  turn.scrollIntoView({ block: "end" });
  pending = { text, key: crypto.randomUUID(), bubble: reply, attempts: 0, phase: "queued" };
  setBusy(true);
  setStatus("busy", "Sending…");
  deliver();
}

function heartbeat() {
  if (!socket || socket.readyState !== WebSocket.OPEN) return;
  socket.send(JSON.stringify({ type: "ping" }));
  pongTimer = setTimeout(() => socket && socket.close(), PONG_WITHIN_MS);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const opened = new WebSocket(`${scheme}://${location.host}/ws/companion/`);
  socket = opened;
  opened.addEventListener("open", () => {
    backoff = 1000;
    pingTimer = setInterval(heartbeat, PING_EVERY_MS);
    if (pending && pending.phase === "queued") deliver();
  });
  opened.addEventListener("message", (message) => {
    let event;
    try {
      event = JSON.parse(message.data);
    } catch (error) {
      return; // a frame we cannot read is ignored
    }
    handle(event);
  });
  opened.addEventListener("close", (closed) => {
    clearInterval(pingTimer);
    clearTimeout(pongTimer);
    socket = null;
    if (pending && pending.phase === "sent") {
      // Sent again, with its key, once the socket is back; the answer streams afresh.
      pending.phase = "queued";
      pending.bubble.querySelector(".text").textContent = "";
      setStatus("busy", "Reconnecting…");
    } else if (pending && pending.phase === "queued") {
      deliver(); // the socket did not come (back): use fetch
    }
    if (closed.code === 4401) {
      setStatus("offline", "You are logged out: log in again to talk to Eliza.");
      return; // reconnecting cannot help
    }
    const delay = backoff * (0.75 + Math.random() / 2);
    backoff = Math.min(backoff * 2, BACKOFF_MAX_MS);
    setTimeout(connect, delay);
  });
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  send();
});
textarea.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    form.requestSubmit();
  }
});
document.getElementById("chat-hint").hidden = false;
if ("WebSocket" in window) connect();
