// How the page paints a layout's frames, as `layoutc preview` paints a panel (PAINT, the
// preview's own table from /api/paint): fills, text lines, shrunk outlines, the safe area, the
// node at fault and the labels. Used by app.js for the canvas and the device matrix.
"use strict";

// The screen, the frames (fills first, parents before children), the safe area, the node at
// fault and the labels, as `layoutc preview` draws a panel.
function screenShapes(frames, interactive) {
  const w = frames.size ? frames.size.width : 0, h = frames.size ? frames.size.height : 0;
  const out = [el("rect", Object.assign({ class: "screen", x: 0, y: 0, width: w, height: h }, PAINT.screen))];
  for (const node of frames.nodes) {
    if (node.kind === "spacer" && !node.name) continue;
    if (node.kind === "item" && !node.name) continue;
    const rect = el("rect", Object.assign({ x: node.x, y: node.y, width: Math.max(node.width, 0), height: Math.max(node.height, 0) }, style(node)));
    if (node.name) {
      rect.dataset.name = node.name;
      rect.dataset.kind = node.kind;
      rect.dataset.x = String(node.x);
      rect.dataset.y = String(node.y);
      rect.dataset.width = String(node.width);
      rect.dataset.height = String(node.height);
      rect.dataset.line = String(node.line);
      if (interactive) {
        rect.addEventListener("mouseenter", () => hover(node, rect));
        rect.addEventListener("click", () => highlightLine(node.line, false));
      } else {
        const title = el("title", {});
        title.textContent = describe(node);
        rect.append(title);
      }
    }
    out.push(rect);
  }
  // Wrap items' text lines, then the children that shrank, over the fills (as the preview draws them).
  for (const node of frames.nodes) if (node.text) { const g = textLines(node, frames.direction); if (g) out.push(g); }
  for (const node of frames.nodes) if (node.unshrunk) out.push(shrunkOutline(node));
  // The safe area is shaded only where a node measures from it (`usesSafeArea`), as the preview does.
  const s = (frames.safeArea && frames.usesSafeArea !== false) ? frames.safeArea : { top: 0, leading: 0, bottom: 0, trailing: 0 };
  // Leading and trailing are screen left and right in ltr, mirrored in rtl.
  const [left, right] = frames.direction === "rtl" ? [s.trailing, s.leading] : [s.leading, s.trailing];
  const bands = [];
  if (s.top > 0) bands.push([0, 0, w, Math.min(s.top, h)]);
  if (s.bottom > 0) bands.push([0, Math.max(h - s.bottom, 0), w, Math.min(s.bottom, h)]);
  if (left > 0) bands.push([0, 0, Math.min(left, w), h]);
  if (right > 0) bands.push([Math.max(w - right, 0), 0, Math.min(right, w), h]);
  for (const [x, y, bw, bh] of bands) out.push(el("rect", Object.assign({ class: "safe-area", x, y, width: bw, height: bh, "pointer-events": "none" }, PAINT.safeArea)));
  for (const node of frames.nodes.filter((n) => n.atFault)) {
    out.push(el("rect", Object.assign({ class: "at-fault", x: node.x, y: node.y, width: Math.max(node.width, 0), height: Math.max(node.height, 0),
      "pointer-events": "none" }, PAINT.atFault)));
  }
  // Labels already drawn, so that a later one does not cover them (an item centred on an item).
  const placed = [];
  if (interactive) for (const node of frames.nodes) { const t = label(node, frames.nodes, placed); if (t) out.push(t); }
  return out;
}

// A wrap item's text at its frame's width: a rule per line at three quarters of its height, as
// long as the line's text (the last holds what is left), from the leading edge; lines below the
// frame are not drawn. `PreviewRenderer.textLines` draws the same.
function textLines(node, direction) {
  const t = node.text;
  if (!(t.width > 0 && t.lineHeight > 0 && node.width > 0)) return null;
  const g = el("g", Object.assign({ class: "wrap-lines", "pointer-events": "none" }, PAINT.wrapLine));
  if (node.name) g.dataset.node = node.name;
  g.dataset.lines = String(t.lines);
  for (let line = 0; line < t.lines; line++) {
    const y = node.y + (line + 0.75) * t.lineHeight;
    if (y > node.y + node.height + 1e-9) break;
    const length = line < t.lines - 1 ? node.width : Math.min(node.width, t.width - (t.lines - 1) * node.width);
    if (!(length > 0)) continue;
    const [x1, x2] = direction === "rtl" ? [node.x + node.width - length, node.x + node.width] : [node.x, node.x + length];
    g.append(el("line", { x1, y1: y, x2, y2: y }));
  }
  return g;
}

// A child that shrank: its frame outlined dashed; the size it would have had in its data.
function shrunkOutline(node) {
  const rect = el("rect", Object.assign({ class: "shrunk", x: node.x, y: node.y, width: Math.max(node.width, 0), height: Math.max(node.height, 0),
    "pointer-events": "none" }, PAINT.shrunk));
  if (node.name) rect.dataset.node = node.name;
  rect.dataset.unshrunkWidth = String(node.unshrunk.width);
  rect.dataset.unshrunkHeight = String(node.unshrunk.height);
  return rect;
}

// What `PreviewPaint` calls a frame: its shape and label colour go by it.
function paintKey(node) {
  switch (node.kind) {
    case "hgroup": case "vgroup": return "group";
    case "flow": case "overlay": return node.kind;
    default: return node.element ? "flowElement" : "item";
  }
}

function style(node) {
  const key = paintKey(node);
  if (key !== "group") return PAINT.shapes[key];
  const tints = PAINT.groupTints;
  return Object.assign({ fill: tints[Math.min(node.depth, tints.length - 1)] }, PAINT.shapes.group);
}

// An item's name centred in it where it fits; a container's in its top-left corner.
function overlapsAny(box, boxes) {
  return boxes.some((b) => box.x < b.x + b.width && b.x < box.x + box.width && box.y < b.y + b.height && b.y < box.y + box.height);
}

function label(node, nodes, placed = []) {
  if (!node.name || node.width <= 0 || node.height <= 0) return null;
  const isItem = node.kind === "item" || node.kind === "spacer";
  const color = PAINT.labels[paintKey(node)];
  if (isItem) {
    const size = Math.min(13, node.height * 0.7, node.width / (0.6 * Math.max(node.name.length, 1)));
    if (size < 4) return null;
    // Centred; where an earlier label lies there (two items one over the other), the item's
    // top-left corner, then its bottom-left one; else no label (the hover box names it).
    const width = 0.6 * size * node.name.length, height = size + 2;
    const spots = [
      { x: node.x + (node.width - width) / 2, y: node.y + (node.height - height) / 2 },
      { x: node.x + 2, y: node.y + 2 },
      { x: node.x + 2, y: node.y + node.height - height - 2 },
    ];
    const spot = spots.find((p) => !overlapsAny({ x: p.x, y: p.y, width, height }, placed));
    if (!spot) return null;
    placed.push({ x: spot.x, y: spot.y, width, height });
    const t = el("text", { x: spot.x + width / 2, y: spot.y + height / 2, "font-size": size.toFixed(1), fill: color,
      "text-anchor": "middle", "dominant-baseline": "central", "pointer-events": "none" });
    t.textContent = node.name;
    return t;
  }
  const text = `${node.name} · ${node.kind}`;
  const size = Math.min(11, node.height - 2, node.width / (0.6 * text.length));
  if (size < 6) return null;
  // Only where no child lies under the tag (else the hover box names the container).
  const tag = { x: node.x + 1, y: node.y + 1, width: 0.6 * size * text.length + 4, height: size + 3 };
  const covered = nodes.some((n) => n.parent === node.id && n.width > 0 && n.height > 0 &&
    n.x < tag.x + tag.width && tag.x < n.x + n.width && n.y < tag.y + tag.height && tag.y < n.y + n.height);
  if (covered) return null;
  if (overlapsAny(tag, placed)) return null;
  placed.push(tag);
  const t = el("text", { x: node.x + 3, y: node.y + size + 1, "font-size": size.toFixed(1), "font-style": "italic", fill: color, "pointer-events": "none" });
  t.textContent = text;
  return t;
}

function el(name, attributes) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, typeof v === "number" ? fmt(v) : v);
  return e;
}

function fmt(value) {
  return String(Math.round(value * 100) / 100);
}
