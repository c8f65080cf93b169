// Talking to Eliza on /chat/: replies stream over ws/companion/, with fetch as the fallback.
//
// 1. On send, the person's bubble shows at once with an empty one for Eliza. The textarea
//    keeps the text until Eliza has answered, so nothing is lost when a send fails.
// 2. `state` events set the status line ("recalling…"), `token` chunks stream into Eliza's
//    bubble, and `reply` replaces them with the final text, the memories she used, the
//    question a flow waits on and, in a crisis, the help lines panel (closable; gone once the
//    person says they are safe).
// 3. Ping every 25 s; no pong within 10 s means the socket is dead: close it. Reconnect with
//    exponential backoff (1 s doubling to 30 s, with jitter). A message in flight when the
//    socket drops is sent again after the reconnect with the same idempotency key, so Eliza
//    answers it once.
// 4. Without a WebSocket (none in this browser, or it is down when the person sends), the
//    message goes to POST /api/companion/messages/ and the reply shows without streaming.
// 5. Her replies get their links (web addresses, the app's paths, the pages she names from
//    the server's table in #chat-words) as DOM nodes; times show in the person's zone
//    (data-timezone); only the conversation scrolls, kept at its newest message.
// 6. When Delight is too busy to take the message (`busy`, a 503) or it came too fast
//    (`throttled`, a 429), nothing was kept: the page says so and sends it again by itself
//    after the Retry-After the server gave, up to BUSY_SENDS times, the text still in the
//    composer all along.
// Every event is also dispatched on document as `chat:event`, after the page handled it.
// Text from the person or from Eliza only ever goes into the page through textContent.

const PING_EVERY_MS = 25000;
const PONG_WITHIN_MS = 10000;
const BACKOFF_MAX_MS = 30000;
const BUSY_RETRY_MS = 2000;
const BUSY_RETRIES = 5;
const BUSY_SENDS = 6;
const RETRY_AFTER_DEFAULT_S = 5;
const NOT_KEPT = new Set(["busy", "throttled"]);

const root = document.getElementById("chat");
const form = document.getElementById("chat-form");
const textarea = document.getElementById("chat-text");
const sendButton = form.querySelector("button[type=submit]");
const log = document.getElementById("chat-log");
const status = document.getElementById("chat-status");
const errorLine = document.getElementById("chat-error");
const waiting = document.getElementById("chat-waiting");
const crisisPanel = document.getElementById("chat-crisis");
const scroller = document.getElementById("chat-scroll");
const waitingText = document.getElementById("chat-waiting-text");
const words = JSON.parse(document.getElementById("chat-words").textContent);
const avatar = document.getElementById("chat-avatar");
const URL_RE = String.raw`https?://[^\s<>"']+[^\s<>"'.,;:!?)\]]`;
const PATH_RE = String.raw`(?<![\w/])/(?:goals|today|world|about-you|memories|chat|missions)/[\w/-]*`;
const linkPattern = new RegExp(
  `(${URL_RE})|(${PATH_RE})|(?<!\\w)(${Object.keys(words.links)
    .sort((a, b) => b.length - a.length)
    .map((phrase) => phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("|")})(?!\\w)`,
  "g",
);
const clock = timeFormat(root.dataset.timezone);

// Times as "14:05" in the person's zone (the browser's own if the server's is unknown here).
function timeFormat(timeZone) {
  const options = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
  try {
    return new Intl.DateTimeFormat(undefined, { ...options, timeZone: timeZone || undefined });
  } catch (error) {
    return new Intl.DateTimeFormat(undefined, options);
  }
}

let sessionId = root.dataset.sessionId || null;
let socket = null;
let backoff = 1000;
let pingTimer = null;
let pongTimer = null;
// The message being answered: {text, key, bubble, attempts, refusals, phase}, where phase is
// "queued" (until the socket opens), "sent" (on the socket), "posting" (fetch) or "retrying".
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

// The reply's text with its links, as nodes (no HTML is parsed).
function setLinkedText(node, text) {
  const parts = [];
  let last = 0;
  for (const match of text.matchAll(linkPattern)) {
    if (match.index > last) parts.push(document.createTextNode(text.slice(last, match.index)));
    const link = element("a", "", match[0]);
    link.href = match[1] || match[2] || words.links[match[3]];
    if (match[1]) {
      link.rel = "noopener noreferrer";
      link.target = "_blank";
    }
    parts.push(link);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(document.createTextNode(text.slice(last)));
  node.replaceChildren(...parts);
}

function timeNow() {
  const now = new Date();
  const node = element("time", "when", clock.format(now));
  node.dateTime = now.toISOString();
  return node;
}

// One side of a turn: the person's bubble on the right, Eliza's with her face on the left.
function bubble(who, text) {
  const person = who === "You";
  const row = element("div", `bubble-row ${person ? "from-person" : "from-eliza"}`);
  const node = element("div", `bubble ${person ? "person" : "eliza"}`);
  node.append(element("span", "who visually-hidden", who), element("p", "text", text));
  if (person) node.append(timeNow());
  else row.append(avatar.content.cloneNode(true));
  row.append(node);
  return row;
}

// The composer grows with what is typed, up to its CSS max-height.
function fitTextarea() {
  textarea.style.height = "auto";
  textarea.style.height = `${textarea.scrollHeight + 2}px`;
}

function scrollToEnd() {
  scroller.scrollTop = scroller.scrollHeight;
}

function memoriesList(memories) {
  const details = element("details", "memories");
  details.append(element("summary", "", `What she remembered (${memories.length})`));
  const list = element("ul");
  for (const memory of memories) {
    const item = element("li", "", memory.content);
    const kind = words.kinds[memory.tier];
    if (kind) item.append(" ", element("small", "", `(${kind})`));
    list.append(item);
  }
  details.append(list);
  return details;
}

function showWaiting(result) {
  // The words come from the server: a slot's name never reaches the page.
  const question = result.waiting_for || "";
  waitingText.textContent = question;
  // Under a reply that just asked it, the reminder would only repeat her.
  waiting.hidden = !question || (result.reply || "").trimEnd().endsWith(question);
}

// The help lines show after a crisis reply until the person closes them (remembered for the
// conversation, this tab) or tells Eliza they are safe (`resolved`); a new crisis reply shows
// them again. They always stay in Eliza's reply itself.
function crisisClosedKey() {
  return `delight.crisis-closed.${sessionId || "new"}`;
}

function showCrisis(crisis) {
  if (crisis && crisis.resolved) {
    crisisPanel.hidden = true;
    return;
  }
  if (!crisis || !crisis.triggered) return;
  const list = document.getElementById("chat-crisis-resources");
  list.replaceChildren(...crisis.resources.map((line) => element("li", "", line)));
  sessionStorage.removeItem(crisisClosedKey());
  crisisPanel.hidden = false;
}

document.getElementById("chat-crisis-close").addEventListener("click", () => {
  crisisPanel.hidden = true;
  sessionStorage.setItem(crisisClosedKey(), "1");
  textarea.focus();
});
if (sessionStorage.getItem(crisisClosedKey())) crisisPanel.hidden = true;

// A conversation is named by its first message, as the page names it after a reload.
const TITLE_SHOWN = 60;
function rememberSession(id, firstText) {
  if (sessionId === id) return;
  const started = !sessionId;
  sessionId = id;
  root.dataset.sessionId = id;
  history.replaceState(null, "", `${root.dataset.chatUrl}${id}/`);
  const subtitle = document.querySelector(".chat-sub");
  if (started && subtitle && firstText) {
    const title = firstText.trim();
    subtitle.textContent = title.length > TITLE_SHOWN ? `${title.slice(0, TITLE_SHOWN - 1)}…` : title;
  }
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
  setLinkedText(text, result.reply);
  text.classList.remove("pending");
  if (result.memories_used && result.memories_used.length) {
    pending.bubble.append(memoriesList(result.memories_used));
  }
  rememberSession(result.session_id, pending.text);
  showWaiting(result);
  showCrisis(result.crisis);
  setStatus("idle", "Eliza replied.");
  textarea.value = "";
  fitTextarea();
  finish();
  scrollToEnd();
}

function showError(code, message, retryAfter) {
  // A resend may find the first attempt still being answered: ask again shortly.
  if (code === "session_busy" && pending.attempts > 1 && pending.attempts < BUSY_RETRIES) {
    pending.phase = "retrying";
    setStatus("busy", "Still answering…");
    setTimeout(deliver, BUSY_RETRY_MS);
    return;
  }
  if (NOT_KEPT.has(code) && pending.refusals < BUSY_SENDS) {
    pending.refusals += 1;
    pending.phase = "retrying";
    const seconds = retryAfter > 0 ? retryAfter : RETRY_AFTER_DEFAULT_S;
    setStatus("busy", `Delight is busy: sending your message again in ${seconds} s…`);
    setTimeout(deliver, seconds * 1000);
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
    scrollToEnd();
  } else if (pending && event.type === "reply") showReply(event);
  else if (pending && event.type === "error") {
    showError(event.code, event.message, event.retry_after);
  }
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
      const retryAfter = Number(response.headers.get("Retry-After"));
      handle({ type: "error", code: body.code, message: body.detail, retry_after: retryAfter });
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
  const replyRow = bubble("Eliza", "");
  const reply = replyRow.querySelector(".bubble");
  reply.querySelector(".text").classList.add("pending");
  turn.append(bubble("You", text), replyRow);
  log.append(turn);
  scrollToEnd();
  pending = {
    text,
    key: crypto.randomUUID(),
    bubble: reply,
    attempts: 0,
    refusals: 0,
    phase: "queued",
  };
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
textarea.addEventListener("input", fitTextarea);
// A starter fills the composer (without JavaScript it is a link that does the same).
for (const starter of document.querySelectorAll("[data-starter]")) {
  starter.addEventListener("click", (event) => {
    event.preventDefault();
    textarea.value = starter.dataset.starter;
    fitTextarea();
    textarea.focus();
  });
}
// On a phone the list of conversations starts folded, to leave the room to this one.
if (window.matchMedia("(max-width: 859px)").matches) {
  document.getElementById("chat-sessions-list").open = false;
}
document.getElementById("chat-hint").hidden = false;
fitTextarea();
scrollToEnd();
if ("WebSocket" in window) connect();
