// The frames of the canvas as /api/frames answers them: the bytes of `layoutc frames --format
// json` for the file and the query, then (with page=1, which the page asks for) one line for the page; put together here with the
// nodes of /api/layout into the document the canvas draws.
"use strict";

// /api/frames: the bytes `layoutc frames --format json` prints for the file and the query, then
// one line with what the page draws beyond the named frames (unnamed nodes, shrunk children,
// text lines, the error and the frames before it), by node index in /api/layout's `nodes`.
async function getFrames(url) {
  const response = await fetch(url, { cache: "no-store" });
  const text = await response.text();
  if (!response.ok) throw new Error(JSON.parse(text).error || response.statusText);
  const cut = text.lastIndexOf("\n", text.length - 2);
  return { table: JSON.parse(text.slice(0, cut + 1)), page: JSON.parse(text.slice(cut + 1)).page };
}

// The command's frames and the page's line as one document: every node drawn, in document
// order, flow elements after their flow, each with its parent, depth and line.
function framesDocument(table, page, layout) {
  const s = page.safeArea;
  const doc = {
    file: page.file, layout: page.layout, label: null, direction: page.direction || "ltr",
    size: page.size ? { width: page.size[0], height: page.size[1] } : null,
    safeArea: s ? { top: s[0], leading: s[1], bottom: s[2], trailing: s[3] } : null,
    fit: layout ? layout.fit : null, fitMeasured: page.fitMeasured, variants: page.variants || [],
    ignored: page.ignored || [], error: page.error, nodes: page.nodes || [],
  };
  const computed = table.layouts[0];
  if (page.nodes || !computed || !layout) return doc;
  const tree = layout.nodes;
  const listed = computed.frames;
  const absent = new Set(page.absent);
  let next = 0;  // the command's frames are the named nodes not absent, in order, each flow's elements after it
  const itemsByFlow = new Map();
  for (const item of layout.items) {
    if (!itemsByFlow.has(item.flow)) itemsByFlow.set(item.flow, new Map());
    itemsByFlow.get(item.flow).set(item.name, item);
  }
  const unnamed = new Map(page.frames.map(([i, x, y, width, height]) => [i, { x, y, width, height }]));
  const unshrunk = new Map(page.unshrunk);
  const texts = new Map(page.texts.map(([i, width, lineHeight, lines]) => [i, { width, lineHeight, lines }]));
  const placed = new Array(tree.length).fill(-1);
  const nodes = doc.nodes = [];
  tree.forEach((n, i) => {
    const f = n.name ? (absent.has(i) ? null : listed[next++]) : unnamed.get(i);
    if (!f) return;  // hidden, or in a variant absent at this width
    placed[i] = nodes.length;
    const node = { id: nodes.length, parent: n.parent !== null && n.parent !== undefined && placed[n.parent] >= 0 ? placed[n.parent] : null,
      depth: n.depth, name: n.name, kind: n.kind, x: f.x, y: f.y, width: f.width, height: f.height,
      line: n.line, column: n.column, element: false, atFault: false };
    if (texts.has(i)) node.text = texts.get(i);
    if (unshrunk.has(i)) {
      const base = unshrunk.get(i);
      node.unshrunk = tree[n.parent].kind === "hgroup" ? { width: base, height: f.height } : { width: f.width, height: base };
    }
    nodes.push(node);
    const items = itemsByFlow.get(i);
    while (items && next < listed.length && items.has(listed[next].name.replace(/\[\d+\]$/, ""))) {
      const e = listed[next++], item = items.get(e.name.replace(/\[\d+\]$/, ""));
      nodes.push({ id: nodes.length, parent: node.id, depth: n.depth + 1, name: e.name, kind: "item", x: e.x, y: e.y,
        width: e.width, height: e.height, line: item.line, column: item.column, element: true, atFault: false });
    }
  });
  return doc;
}
