// The big canvas's view of the layout: its zoom (to fit the window by default, or 1:1), the
// drag handles that set the container size, and the caption of a size that does not fit,
// kept clear of the handles. Loaded before app.js, which draws the frames into it.
"use strict";

// Screen pixels around the container, and what the caption and the handles take.
const VIEW = { pad: 24, handle: 12, captionFont: 12, captionLine: 16, minWidth: 760, rightRoom: 40 };

const view = {
  zoom: "fit",   // "fit": the container fits the canvas's box; "1": one point is one pixel
  scale: 1,      // screen pixels per point, as last drawn
  dragging: false,
};

// The room the canvas box (.canvas-scroll, max-height 78vh) gives the drawing, in pixels.
function canvasRoom() {
  const box = document.getElementById("canvas-scroll");
  const style = getComputedStyle(box);
  const padX = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
  const padY = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
  return { width: Math.max(box.clientWidth - padX, 200), height: Math.max(window.innerHeight * 0.78 - padY - 2, 200) };
}

// "✕ message" broken into lines of at most `chars` characters, at spaces.
function captionLines(text, chars) {
  const lines = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + 1 + word.length > chars) { lines.push(line); line = word; } else { line = line ? line + " " + word : word; }
  }
  if (line) lines.push(line);
  return lines;
}

// How a container of w×h points is drawn: the scale, the SVG's size in pixels, the caption's
// lines. Zoomed to fit, the container, its handles and the caption fit the box, never
// enlarged beyond 1:1.
function viewFor(w, h, message) {
  const room = canvasRoom();
  const wide = Math.max(room.width, VIEW.minWidth);
  const chars = Math.max(30, Math.floor((wide - VIEW.pad - 8) / (0.6 * VIEW.captionFont)));
  const lines = message ? captionLines("✕ " + message, chars) : [];
  // Below the container: the handles' half, a gap, then the caption.
  const below = VIEW.handle / 2 + 4 + lines.length * VIEW.captionLine + VIEW.pad;
  let scale = 1;
  // While a handle is dragged the scale stays, so the edge stays under the pointer.
  if (view.dragging) scale = view.scale;
  else if (view.zoom === "fit" && w > 0 && h > 0) {
    scale = Math.min(1, (room.width - 2 * VIEW.pad - VIEW.rightRoom) / w, (room.height - VIEW.pad - below) / h);
    scale = Math.max(scale, 0.05);
  }
  const width = Math.max(w * scale + 2 * VIEW.pad + VIEW.rightRoom, Math.min(VIEW.minWidth, wide));
  const height = h * scale + VIEW.pad + below;
  return { scale, width, height, lines };
}

// Sets the SVG's pixel size and its point coordinates: (0, 0) is the container's top-left.
function applyView(canvas, v) {
  const s = v.scale;
  canvas.setAttribute("width", fmt(v.width));
  canvas.setAttribute("height", fmt(v.height));
  canvas.setAttribute("viewBox", [-VIEW.pad / s, -VIEW.pad / s, v.width / s, v.height / s].map(fmt).join(" "));
  canvas.dataset.scale = String(Math.round(s * 1000) / 1000);
  view.scale = s;
  const output = document.getElementById("zoom-value");
  if (output) output.textContent = Math.round(s * 100) + "%";
}

// The message of a size that does not fit, under the container and below its handles, so it
// never covers them (the handles stay where the container's edges are).
function faultCaption(message, v, h) {
  const s = v.scale;
  const g = el("g", { class: "fault-message", fill: "#c62828", "font-size": VIEW.captionFont / s, "pointer-events": "none" });
  v.lines.forEach((line, index) => {
    const t = el("text", { x: 0, y: h + (VIEW.handle / 2 + 4 + VIEW.captionFont + index * VIEW.captionLine) / s });
    t.textContent = line;
    g.append(t);
  });
  return g;
}

// A drag handle at (x, y) in points, the same size on screen at any zoom.
function handle(cls, x, y, axes) {
  const size = VIEW.handle / view.scale;
  const h = el("rect", { class: cls, x: x - size / 2, y: y - size / 2, width: size, height: size, rx: 3 / view.scale, fill: "#0a84ff",
    stroke: "#fff", "stroke-width": 1.5 / view.scale });
  h.dataset.axes = axes;
  h.addEventListener("pointerdown", (event) => startDrag(event, axes));
  return h;
}

function startDrag(event, axes) {
  event.preventDefault();
  const canvas = document.getElementById("canvas");
  const origin = canvas.getBoundingClientRect();
  // The scale the drag started at: the canvas is not re-zoomed under the pointer.
  const scale = view.scale;
  const move = (e) => {
    if (axes.includes("x")) state.width = Math.max(0, Math.round((e.clientX - origin.left - VIEW.pad) / scale));
    if (axes.includes("y")) state.height = Math.max(0, Math.round((e.clientY - origin.top - VIEW.pad) / scale));
    syncControls();
    redraw(false);
  };
  const up = () => {
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    view.dragging = false;
    redrawView();
  };
  view.dragging = true;
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
}

// The zoom control and window resizes redraw the last frames (no request).
function wireZoom() {
  const select = document.getElementById("zoom");
  select.value = view.zoom;
  select.addEventListener("change", () => { view.zoom = select.value; redrawView(); });
  window.addEventListener("resize", () => { if (view.zoom === "fit") redrawView(); });
}
