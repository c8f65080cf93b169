// The "Get Eliza's notes on this device" switch (nudges/_push_button.html): it registers the
// service worker (/sw.js), subscribes this browser with Delight's VAPID key and tells the
// server (POST /api/push/subscriptions/), or unsubscribes and tells the server (DELETE).
const box = document.querySelector("[data-push]");

const WORDS = {
  checking: "Checking this device…",
  on: "On on this device.",
  off: "Off on this device.",
  blocked: "Blocked in your browser settings. Allow notifications for this site there to turn them on.",
  unsupported: "Not supported here. Try another browser, or add Delight to your home screen.",
  failed: "That did not work just now. Please try again in a moment.",
};
const TURN_ON = "Get Eliza's notes on this device";
const TURN_OFF = "Turn off on this device";

function supported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

// The key as the bytes applicationServerKey wants (it arrives in unpadded base64url).
function keyBytes(base64url) {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const text = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

async function api(url, { method = "GET", body } = {}) {
  const response = await fetch(url, {
    method,
    credentials: "same-origin",
    headers: {
      "Content-Type": "application/json",
      "X-CSRFToken": box.querySelector("input[name=csrfmiddlewaretoken]").value,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok && response.status !== 404) throw new Error(`${method} ${url}: ${response.status}`);
  return response.status === 204 ? null : response.json();
}

function show(state) {
  const button = box.querySelector("[data-push-toggle]");
  box.querySelector("[data-push-state]").textContent = WORDS[state];
  box.dataset.state = state;
  button.hidden = state === "unsupported" || state === "blocked" || state === "checking";
  button.querySelector("[data-push-label]").textContent = state === "on" ? TURN_OFF : TURN_ON;
  button.disabled = false;
}

// A subscription made with another key (Delight's key changed) can no longer be pushed to.
function madeWith(subscription, key) {
  const used = subscription.options?.applicationServerKey;
  if (!used) return true;
  const bytes = new Uint8Array(used);
  const wanted = keyBytes(key);
  return bytes.length === wanted.length && bytes.every((byte, index) => byte === wanted[index]);
}

async function registration() {
  await navigator.serviceWorker.register(box.dataset.serviceWorker, { scope: "/" });
  return navigator.serviceWorker.ready;
}

// The server's id of this browser's subscription (from the person's list), if it has one.
async function serverId(endpoint) {
  const page = await api(box.dataset.subscriptions);
  return page.results.find((item) => item.endpoint === endpoint)?.id;
}

async function turnOn() {
  if ((await Notification.requestPermission()) !== "granted") return show("blocked");
  const { public_key: key } = await api(box.dataset.key);
  const subscription = await (await registration()).pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(key),
  });
  await api(box.dataset.subscriptions, { method: "POST", body: subscription.toJSON() });
  show("on");
}

async function turnOff() {
  const subscription = await (await registration()).pushManager.getSubscription();
  if (subscription) {
    const id = await serverId(subscription.endpoint);
    if (id !== undefined) await api(box.dataset.subscription.replace(/0\/$/, `${id}/`), { method: "DELETE" });
    await subscription.unsubscribe();
  }
  show("off");
}

async function start() {
  if (!supported()) return show("unsupported");
  if (Notification.permission === "denied") return show("blocked");
  let subscription = await (await registration()).pushManager.getSubscription();
  const { public_key: key } = subscription ? await api(box.dataset.key) : {};
  if (subscription && !madeWith(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  if (subscription) {
    // Tell the server again: it forgets a browser its push service said was gone.
    await api(box.dataset.subscriptions, { method: "POST", body: subscription.toJSON() });
  }
  show(subscription ? "on" : "off");
}

if (box) {
  box.querySelector("[data-push-toggle]").addEventListener("click", async (event) => {
    event.currentTarget.disabled = true;
    try {
      await (box.dataset.state === "on" ? turnOff() : turnOn());
    } catch (error) {
      show(box.dataset.state === "on" ? "on" : "off");
      box.querySelector("[data-push-state]").textContent = WORDS.failed;
    }
  });
  start().catch(() => show(supported() ? "off" : "unsupported"));
}
