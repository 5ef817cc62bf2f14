// The layoutc serve page: asks the server for frames (the engine runs there, and answers with
// the JSON of `layoutc frames`) and draws them
// as SVG, styled as `layoutc preview` draws them. Redraws on every control change and when
// the server says the file was saved (server-sent events), keeping the controls as they are.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
// How `layoutc preview` paints frames (/api/paint, the preview's own table), read at start.
let PAINT = null;
const $ = (id) => document.getElementById(id);

const state = {
  file: null,        // id of the file shown
  info: null,        // /api/layout of it
  layout: null,      // layout name
  width: 390, height: 844,
  safeArea: { top: 0, leading: 0, bottom: 0, trailing: 0 },
  rtl: false,
  hidden: new Set(),
  flags: new Set(),  // the flags of when turned on (docs/format.md §8.7)
  parameters: {},    // parameter name -> its value as typed (docs/format.md §8.1)
  scale: "",         // the single size's pixel grid ("" for none; docs/format.md §8.2)
  sizes: {},         // name -> text as typed ("60x30, 80x30")
  wraps: {},         // wrap item name -> { width, lineHeight }: its text, one line that wide
  fitted: null,      // the container size a layout with `fit` computed last, { width, height, measured }
  version: 0,        // redraws so far (tests wait on it)
  // file id -> the controls as they were when another file was opened: sizes typed in are
  // not lost by looking at another file and coming back.
  remembered: new Map(),
};

// ---------- requests ----------

async function getJSON(url) {
  const response = await fetch(url, { cache: "no-store" });
  const body = await response.json();
  if (!response.ok) throw new Error(body.error || response.statusText);
  return body;
}

function framesQuery(withSize) {
  const q = new URLSearchParams();
  q.set("file", state.file);
  if (state.layout) q.set("layout", state.layout);
  if (withSize) {
    q.set("width", String(state.width));
    q.set("height", String(state.height));
    const s = state.safeArea;
    q.set("safeArea", [s.top, s.leading, s.bottom, s.trailing].join(","));
  }
  if (state.rtl) q.set("direction", "rtl");
  if (state.hidden.size) q.set("hide", [...state.hidden].join(","));
  if (state.flags.size) q.set("flag", [...state.flags].join(","));
  const values = Object.entries(state.parameters).filter(([, v]) => isDecimal(v)).map(([n, v]) => `${n}:${v.trim()}`);
  if (values.length) q.set("param", values.join(";"));
  // The matrix keeps each device's own grid; the single size takes the one chosen.
  if (withSize && state.scale) q.set("scale", state.scale);
  const groups = [];
  for (const [name, text] of Object.entries(state.sizes)) {
    const sizes = parseSizes(text);
    if (sizes !== null) groups.push(name + ":" + sizes.join(","));
  }
  if (groups.length) q.set("sizes", groups.join(";"));
  const texts = Object.entries(state.wraps).map(([name, t]) => `${name}:${t.width}x${t.lineHeight}`);
  if (texts.length) q.set("wrap", texts.join(";"));
  return q.toString();
}

// A number as `--param` takes it (YAML 1.2's decimal: no inf, nan, hexadecimal or unit).
function isDecimal(text) {
  return /^[-+]?(\d+(\.\d+)?|\.\d+)([eE][-+]?\d+)?$/.test(String(text).trim());
}

// "60x30, 80 x 30" -> ["60x30", "80x30"]; null when something cannot be read.
function parseSizes(text) {
  const out = [];
  for (const part of text.split(",")) {
    const t = part.trim();
    if (!t) continue;
    const m = /^(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)$/.exec(t);
    if (!m) return null;
    out.push(m[1] + "x" + m[2]);
  }
  return out;
}

// ---------- files ----------

async function loadFiles() {
  const list = await getJSON("/api/files");
  const ul = $("files");
  ul.replaceChildren(...list.files.map((f) => {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = "#" + encodeURIComponent(f.id);
    a.textContent = f.path;
    a.dataset.file = f.id;
    if (f.constants) {
      // A tokens file: its constants, not a layout to draw.
      const note = document.createElement("span");
      note.className = "file-kind";
      note.textContent = " constants";
      a.append(note);
      a.title = "constants only (a tokens file): no layout to draw";
    }
    if (f.id === state.file) a.classList.add("current");
    li.append(a);
    return li;
  }));
  return list.files;
}

async function openFile(id) {
  if (state.file && state.file !== id) {
    state.remembered.set(state.file, {
      layout: state.layout, width: state.width, height: state.height, safeArea: Object.assign({}, state.safeArea),
      hidden: new Set(state.hidden), sizes: Object.assign({}, state.sizes), wraps: JSON.parse(JSON.stringify(state.wraps)),
      flags: new Set(state.flags), parameters: Object.assign({}, state.parameters),
    });
  }
  state.file = id;
  const kept = state.remembered.get(id);
  state.layout = kept ? kept.layout : null;
  state.hidden = kept ? new Set(kept.hidden) : new Set();
  state.sizes = kept ? Object.assign({}, kept.sizes) : {};
  state.wraps = kept ? JSON.parse(JSON.stringify(kept.wraps)) : {};
  state.flags = kept ? new Set(kept.flags) : new Set();
  state.parameters = kept ? Object.assign({}, kept.parameters) : {};
  if (kept) { state.width = kept.width; state.height = kept.height; state.safeArea = Object.assign({}, kept.safeArea); }
  for (const a of document.querySelectorAll("#files a")) a.classList.toggle("current", a.dataset.file === id);
  await loadInfo(!kept);
}

// The file's layouts and diagnostics; `fresh` sets the controls to the layout's own values,
// else they are kept (a save reloads without touching them).
async function loadInfo(fresh) {
  const [info, text] = await Promise.all([
    getJSON("/api/layout?file=" + encodeURIComponent(state.file)),
    fetch("/files/" + state.file.split("/").map(encodeURIComponent).join("/"), { cache: "no-store" }).then((r) => r.text()),
  ]);
  state.info = info;
  const names = info.layouts.map((l) => l.name);
  if (!state.layout || !names.includes(state.layout)) { state.layout = names[0] || null; fresh = true; }
  const select = $("layout");
  select.replaceChildren(...names.map((n) => new Option(n, n, false, n === state.layout)));
  select.disabled = names.length < 2;
  const layout = currentLayout();
  if (fresh && layout) resetSize(layout);
  buildRunTimeControls(layout);
  showSource(text, info.path);
  $("controls").hidden = false;
  $("empty").hidden = true;
  $("canvas-section").hidden = false;
  syncControls();
  await redraw(true);
}

function currentLayout() {
  return state.info ? state.info.layouts.find((l) => l.name === state.layout) : null;
}

function resetSize(layout) {
  const size = layout.size || { width: 390, height: 844 };
  state.width = size.width;
  state.height = size.height;
  state.safeArea = Object.assign({ top: 0, leading: 0, bottom: 0, trailing: 0 }, layout.safeArea || {});
}

// Checkboxes for optional nodes, fields for dynamic items; values kept by name across reloads.
function buildRunTimeControls(layout) {
  const optional = layout ? layout.optional : [];
  for (const name of [...state.hidden]) if (!optional.includes(name)) state.hidden.delete(name);
  $("optional-section").hidden = optional.length === 0;
  $("optional").replaceChildren(...optional.map((name) => {
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.id = "hide-" + name;
    box.dataset.optional = name;
    box.checked = state.hidden.has(name);
    box.addEventListener("change", () => { if (box.checked) state.hidden.add(name); else state.hidden.delete(name); redraw(true); });
    label.append(box, " hide " + name);
    return label;
  }));
  const dynamic = layout ? layout.dynamic.map((n) => [n, true]).concat(layout.content.filter((n) => !layout.dynamic.includes(n)).map((n) => [n, false])) : [];
  const kept = {};
  // A content size starts from the first sample of .layoutlint.yml (as lint's first run), else 120x44.
  const samples = {};
  for (const sample of (layout && layout.samples) || []) samples[sample.name] = `${fmt(sample.width)}x${fmt(sample.height)}`;
  for (const [name, isFlow] of dynamic) {
    kept[name] = state.sizes[name] !== undefined ? state.sizes[name] : (isFlow ? "80x30, 60x30, 100x30, 70x30" : samples[name] || "120x44");
  }
  state.sizes = kept;
  $("dynamic-section").hidden = dynamic.length === 0;
  $("dynamic").replaceChildren(...dynamic.map(([name, isFlow]) => {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.id = "sizes-" + name;
    input.dataset.dynamic = name;
    input.value = state.sizes[name];
    input.addEventListener("input", () => {
      state.sizes[name] = input.value;
      input.style.borderColor = parseSizes(input.value) === null ? "#e53935" : "";
      redraw(true);
    });
    label.append(name + (isFlow ? " (element sizes, WxH, …)" : " (content size, WxH)"), input);
    return label;
  }));
  buildWrapControls(layout);
  buildFlagAndParameterControls(layout);
}

// A checkbox per flag (all off, as --flag leaves them) and a field per parameter (its default,
// as the file has it); values kept by name across reloads.
function buildFlagAndParameterControls(layout) {
  const flags = layout ? layout.flags || [] : [];
  for (const name of [...state.flags]) if (!flags.includes(name)) state.flags.delete(name);
  $("flags-section").hidden = flags.length === 0;
  $("flags").replaceChildren(...flags.map((name) => {
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.id = "flag-" + name;
    box.dataset.flag = name;
    box.checked = state.flags.has(name);
    box.addEventListener("change", () => { if (box.checked) state.flags.add(name); else state.flags.delete(name); redraw(true); });
    label.append(box, " " + name);
    return label;
  }));
  const parameters = layout ? layout.parameters || [] : [];
  const kept = {};
  for (const p of parameters) kept[p.name] = state.parameters[p.name] !== undefined ? state.parameters[p.name] : fmt(p.value);
  state.parameters = kept;
  $("parameters-section").hidden = parameters.length === 0;
  $("parameters").replaceChildren(...parameters.map((p) => {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.id = "param-" + p.name;
    input.dataset.parameter = p.name;
    input.type = "text";
    input.inputMode = "decimal";
    input.value = state.parameters[p.name];
    input.title = `default ${fmt(p.value)}`;
    input.addEventListener("input", () => {
      state.parameters[p.name] = input.value;
      input.style.borderColor = isDecimal(input.value) ? "" : "#e53935";
      redraw(true);
    });
    label.append(p.name + ` (default ${fmt(p.value)})`, input);
    return label;
  }));
}

// A slider per wrap item for its text's one-line width and a field for its line height,
// starting from the server's default (the first sample of .layoutlint.yml, else 200x20);
// values kept by name across reloads.
function buildWrapControls(layout) {
  const wraps = layout ? layout.wrap || [] : [];
  const kept = {};
  for (const w of wraps) kept[w.name] = state.wraps[w.name] || { width: w.width, lineHeight: w.lineHeight };
  state.wraps = kept;
  $("wrap-section").hidden = wraps.length === 0;
  $("wrap").replaceChildren(...wraps.map(({ name }) => {
    const text = state.wraps[name];
    const box = document.createElement("div");
    box.className = "wrap-control";
    const slider = document.createElement("label");
    slider.className = "slider";
    const range = document.createElement("input");
    range.type = "range";
    range.id = "wrap-" + name;
    range.dataset.wrap = name;
    range.min = "0";
    range.max = String(Math.max(2000, Math.ceil(text.width)));
    range.step = "1";
    range.value = String(text.width);
    const output = document.createElement("output");
    output.id = "wrap-" + name + "-value";
    output.textContent = fmt(text.width);
    // Each step redraws the canvas; letting go redraws the device matrix too.
    range.addEventListener("input", () => { text.width = Number(range.value); output.textContent = fmt(text.width); redraw(false); });
    range.addEventListener("change", () => redraw(true));
    slider.append(name + " one line ", range, " ", output);
    const line = document.createElement("label");
    const height = document.createElement("input");
    height.type = "number";
    height.id = "wrap-" + name + "-line";
    height.min = "0";
    height.step = "1";
    height.value = String(text.lineHeight);
    height.addEventListener("input", () => {
      const value = Number(height.value);
      if (Number.isFinite(value) && value >= 0) { text.lineHeight = value; redraw(true); }
    });
    line.append("line height ", height);
    box.append(slider, line);
    return box;
  }));
}

// The axes a layout with `fit` computes ("height", "width", "both"): their sliders follow the
// fitted size instead of setting it.
function fittedAxes() {
  const layout = currentLayout();
  const fit = layout ? layout.fit : null;
  return { width: fit === "width" || fit === "both", height: fit === "height" || fit === "both", fit };
}

// The widths where a `when` variant (docs/format.md §7.4) appears or disappears, marked on the
// width slider (a datalist draws ticks, and the slider snaps to them).
function markBreakpoints(layout) {
  const points = layout && layout.breakpoints ? layout.breakpoints : [];
  $("width-breakpoints").replaceChildren(...points.map((width) => {
    const option = document.createElement("option");
    option.value = String(width);
    option.label = fmt(width);
    return option;
  }));
  $("width").title = points.length ? "width variants change at " + points.map(fmt).join(", ") + " pt" : "";
}

function syncControls() {
  markBreakpoints(currentLayout());
  const fitted = fittedAxes();
  const max = Math.max(1400, Math.ceil(state.width), Math.ceil(state.height));
  for (const axis of ["width", "height"]) {
    const value = fitted[axis] && state.fitted ? state.fitted[axis] : state[axis];
    $(axis).max = String(Math.max(max, Math.ceil(value)));
    $(axis).value = String(value);
    $(axis).disabled = fitted[axis];
    $(axis + "-value").textContent = fmt(value) + (!fitted[axis] ? "" : state.fitted && !state.fitted.measured ? " (not measured)" : " (fitted)");
  }
  const note = $("fit-note");
  note.hidden = !fitted.fit;
  note.textContent = fitted.fit === "height" ? "fit: height — the height is the layout's, measured at the width"
    : fitted.fit === "width" ? "fit: width — the width is the layout's, measured at the height"
    : fitted.fit === "both" ? "fit: both — the layout measures its own size" : "";
  for (const edge of ["top", "leading", "bottom", "trailing"]) $("safe-" + edge).value = String(state.safeArea[edge]);
  $("rtl").checked = state.rtl;
  $("scale").value = state.scale;
}

// ---------- drawing ----------

let canvasRequest = 0;
let matrixRequest = 0;
let inFlight = false;
let pending = false;

// Frames for the canvas (and, unless only the size moved, the device matrix). While one
// canvas request runs, further slider steps collapse into one follow-up request.
async function redraw(withMatrix) {
  if (!state.file) return;
  if (withMatrix) drawMatrix();
  if (inFlight) { pending = true; return; }
  inFlight = true;
  const ticket = ++canvasRequest;
  try {
    const { table, page } = await getFrames("/api/frames?page=1&" + framesQuery(true));
    if (state.info && page.snapshot !== state.info.snapshot) {
      // The file changed since /api/layout was read: read it again (it redraws).
      if (ticket === canvasRequest) pending = false, loadInfo(false);
    } else if (ticket === canvasRequest) {
      drawCanvas(framesDocument(table, page, state.info ? state.info.layouts.find((l) => l.name === page.layout) : null));
    }
  } catch (error) {
    $("status").textContent = "error: " + error.message;
  } finally {
    inFlight = false;
    if (pending) { pending = false; redraw(false); }
  }
}

async function drawMatrix() {
  const ticket = ++matrixRequest;
  try {
    const matrix = await getJSON("/api/matrix?" + framesQuery(false));
    if (ticket !== matrixRequest) return;
    const scale = 0.16;
    $("matrix").replaceChildren(...matrix.panels.map((panel) => {
      const figure = document.createElement("figure");
      figure.className = panel.error ? "fails" : "";
      figure.dataset.label = panel.label;
      const svg = document.createElementNS(SVG, "svg");
      const w = panel.size.width, h = panel.size.height;
      svg.setAttribute("width", fmt(w * scale));
      svg.setAttribute("height", fmt(h * scale));
      svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
      svg.append(...screenShapes(panel, false));
      const caption = document.createElement("figcaption");
      caption.textContent = `${panel.label} · ${fmt(w)}×${fmt(h)}` + (panel.fit ? ` (${panel.fit === "both" ? "size" : panel.fit} fitted)` : "")
        + (panel.variants && panel.variants.length ? ` · ${panel.variants.join(", ")}` : "")
        + (panel.error ? " — does not fit" : "");
      if (panel.error) caption.title = panel.error.formatted;
      figure.append(svg, caption);
      figure.addEventListener("click", () => {
        state.width = w; state.height = h;
        state.safeArea = Object.assign({}, panel.safeArea);
        syncControls();
        redraw(false);
      });
      return figure;
    }));
  } catch (error) {
    $("status").textContent = "error: " + error.message;
  }
}

let lastFrames = null;

// Draws the last frames again at the current zoom (the zoom control, a resize, a drag's end).
function redrawView() {
  if (lastFrames) drawCanvas(lastFrames);
}

function drawCanvas(frames) {
  lastFrames = frames;
  const canvas = $("canvas");
  const w = frames.size ? frames.size.width : state.width;
  const h = frames.size ? frames.size.height : state.height;
  // A layout with `fit` has its size from the engine: the sliders of those axes show it.
  state.fitted = frames.fit && frames.size ? { width: w, height: h, measured: frames.fitMeasured !== false } : null;
  if (state.fitted) syncControls();
  const fitted = fittedAxes();
  const v = viewFor(w, h, frames.error ? frames.error.message : null);
  applyView(canvas, v);
  const root = document.createElementNS(SVG, "g");
  root.append(...screenShapes(frames, true));
  // Drag handles: the right edge, the bottom edge and the corner (none on a fitted axis).
  if (!fitted.width) root.append(handle("handle handle-x", w, h / 2, "x"));
  if (!fitted.height) root.append(handle("handle handle-y", w / 2, h, "y"));
  if (!fitted.width && !fitted.height) root.append(handle("handle", w, h, "xy"));
  // The message of a size that does not fit, under the container and its handles.
  if (frames.error) root.append(faultCaption(frames.error.message, v, h));
  canvas.replaceChildren(root);
  rehover(frames);
  canvas.dataset.width = String(w);
  canvas.dataset.height = String(h);
  canvas.dataset.direction = frames.direction;
  canvas.dataset.fit = frames.fit || "";
  const fit = frames.fit ? `, ${frames.fit === "both" ? "size" : frames.fit} ${frames.fitMeasured === false ? "not measured" : "fitted"}` : "";
  // A file of constants alone (a tokens file) has nothing to draw, and says so.
  const label = frames.layout ? `${frames.layout} — ${fmt(w)}×${fmt(h)}${fit}${frames.direction === "rtl" ? " — right to left" : ""}`
    : "constants only: no layout to draw";
  $("canvas-title").textContent = label;
  showDiagnostics(frames);
  state.version += 1;
  const status = $("status");
  status.dataset.version = String(state.version);
  status.textContent = frames.error ? "does not fit at this size" : `${frames.nodes.length} frames`;
}

function describe(node) {
  let text = `${node.name} · ${node.kind} · x ${fmt(node.x)}, y ${fmt(node.y)}, ${fmt(node.width)} × ${fmt(node.height)}`;
  if (node.text) text += ` · ${node.text.lines} line${node.text.lines === 1 ? "" : "s"}`;
  if (node.unshrunk) {
    const wide = node.unshrunk.height === node.height;
    text += ` · shrunk from ${fmt(wide ? node.unshrunk.width : node.unshrunk.height)} pt`;
  }
  return text + ` · line ${node.line}`;
}

let hovered = null;
// The hint index.html starts with (the page loads this script after the body).
const HOVER_HINT = $("hover-info").textContent;

// After a redraw the hover box describes the same node at its new frame, or says what it
// says at the start when that node is gone (hidden, or no frame at a size that does not fit).
function rehover(frames) {
  const name = hovered ? hovered.dataset.name : null;
  hovered = null;
  const node = name ? frames.nodes.find((n) => n.name === name) : null;
  const rect = node ? Array.from($("canvas").querySelectorAll("rect[data-name]")).find((r) => r.dataset.name === name) : null;
  if (node && rect) {
    hovered = rect;
    rect.classList.add("hovered");
    $("hover-info").textContent = describe(node);
  } else {
    $("hover-info").textContent = HOVER_HINT;
  }
}

function hover(node, rect) {
  if (hovered) hovered.classList.remove("hovered");
  hovered = rect;
  rect.classList.add("hovered");
  $("hover-info").textContent = describe(node);
  highlightLine(node.line, true);
}

// ---------- diagnostics and source ----------

function showDiagnostics(frames) {
  const info = state.info;
  const items = [];
  const add = (severity, formatted, line) => {
    const li = document.createElement("li");
    li.className = severity;
    const [location, ...rest] = splitLocation(formatted);
    const a = document.createElement("a");
    a.href = "#" + encodeURIComponent(state.file) + ":" + line;
    a.textContent = location;
    a.addEventListener("click", (e) => { e.preventDefault(); highlightLine(line, false); });
    li.append(a, rest.join(""));
    items.push(li);
  };
  for (const d of info.diagnostics) add(d.severity, d.formatted, d.line);
  if (frames.error) add("error", frames.error.formatted, frames.error.line);
  for (const d of info.lint) add(d.severity, d.formatted, d.line);
  if (!items.length) {
    const li = document.createElement("li");
    li.className = "none";
    li.textContent = frames.layout ? "No diagnostics: the layout fits at this size, and lint finds nothing across the device matrix."
      : "No diagnostics: the constants are valid.";
    items.push(li);
  }
  $("diagnostics").replaceChildren(...items);
  for (const line of document.querySelectorAll("#source .line.error")) line.classList.remove("error");
  for (const d of info.diagnostics.concat(frames.error ? [frames.error] : [])) {
    const line = document.querySelector(`#source .line[data-line="${d.line}"]`);
    if (line) line.classList.add("error");
  }
}

// "PATH:LINE:COLUMN: error: MESSAGE [code]" -> ["PATH:LINE:COLUMN", ": error: …"]
function splitLocation(formatted) {
  const m = /^(.*?:\d+:\d+)(: .*)$/s.exec(formatted);
  return m ? [m[1], m[2]] : [formatted, ""];
}

function showSource(text, path) {
  $("source-title").textContent = "Source — " + path;
  const lines = text.split("\n");
  if (lines.length && lines[lines.length - 1] === "") lines.pop();
  $("source").replaceChildren(...lines.map((line, index) => {
    const span = document.createElement("span");
    span.className = "line";
    span.dataset.line = String(index + 1);
    span.textContent = line;
    return span;
  }));
}

function highlightLine(line, quiet) {
  for (const s of document.querySelectorAll("#source .line.highlight")) s.classList.remove("highlight");
  const span = document.querySelector(`#source .line[data-line="${line}"]`);
  if (!span) return;
  span.classList.add("highlight");
  if (!quiet) span.scrollIntoView({ block: "center", behavior: "smooth" });
}

// ---------- controls and live reload ----------

function wireControls() {
  for (const axis of ["width", "height"]) {
    $(axis).addEventListener("input", () => {
      state[axis] = Number($(axis).value);
      $(axis + "-value").textContent = fmt(state[axis]);
      redraw(false);
    });
  }
  for (const edge of ["top", "leading", "bottom", "trailing"]) {
    $("safe-" + edge).addEventListener("input", () => {
      const value = Number($("safe-" + edge).value);
      if (Number.isFinite(value) && value >= 0) { state.safeArea[edge] = value; redraw(false); }
    });
  }
  $("rtl").addEventListener("change", () => { state.rtl = $("rtl").checked; redraw(true); });
  $("scale").addEventListener("change", () => { state.scale = $("scale").value; redraw(false); });
  $("layout").addEventListener("change", () => {
    state.layout = $("layout").value;
    state.hidden.clear();
    state.fitted = null;
    const layout = currentLayout();
    if (layout) { resetSize(layout); buildRunTimeControls(layout); }
    syncControls();
    redraw(true);
  });
  $("own-size").addEventListener("click", () => {
    const layout = currentLayout();
    if (layout) { resetSize(layout); syncControls(); redraw(false); }
  });
  window.addEventListener("hashchange", fromHash);
}

function listen() {
  const events = new EventSource("/events");
  events.addEventListener("hello", () => { $("connection").textContent = "live"; $("connection").classList.add("live"); });
  events.addEventListener("change", (event) => {
    const { file } = JSON.parse(event.data);
    if (file === state.file) loadInfo(false);
  });
  events.addEventListener("files", () => loadFiles());
  events.onerror = () => { $("connection").textContent = "reconnecting…"; $("connection").classList.remove("live"); };
}

async function fromHash() {
  const id = decodeURIComponent(location.hash.slice(1).replace(/:\d+$/, ""));
  if (id && id !== state.file) await openFile(id);
}

async function main() {
  PAINT = await getJSON("/api/paint");
  wireControls();
  wireZoom();
  listen();
  const files = await loadFiles();
  if (location.hash.length > 1) await fromHash();
  else if (files.length) location.hash = "#" + encodeURIComponent(files[0].id);
}

main();
