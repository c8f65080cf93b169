// The story page: live.js swaps the page's live part when a `story.beat` event arrives; this
// says so with a toast whose link reads the new passage (#latest), wherever the reader is.
document.addEventListener("live:event", (event) => {
  if (!event.detail || event.detail.type !== "story.beat") return;
  const link = document.createElement("a");
  link.className = "btn btn-quiet btn-small";
  link.href = "#latest";
  link.textContent = "Read it";
  const item = window.delightToast("A new passage has arrived.", { action: link });
  link.addEventListener("click", () => item.remove());
});
