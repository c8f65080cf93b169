// Small wins: a burst of confetti (not for people who asked for less motion).

const COLOURS = ["--primary", "--ok", "--warn", "--arena", "--observatory", "--commons"];

export function confetti(pieces = 60) {
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const layer = document.createElement("div");
  layer.className = "confetti";
  layer.setAttribute("aria-hidden", "true");
  for (let n = 0; n < pieces; n += 1) {
    const piece = document.createElement("i");
    piece.style.left = `${Math.random() * 100}%`;
    piece.style.background = `var(${COLOURS[n % COLOURS.length]})`;
    piece.style.animationDelay = `${Math.random() * 0.5}s`;
    piece.style.animationDuration = `${1.2 + Math.random() * 0.9}s`;
    layer.appendChild(piece);
  }
  document.body.appendChild(layer);
  setTimeout(() => layer.remove(), 3000);
}
