/// The studio's page: one self-contained HTML file (its CSS and script inline, nothing
/// fetched but the studio's own API), compiled into the binary.
///
/// Frames come as raw straight RGBA (`/api/frame.rgba`) drawn into a canvas with
/// `putImageData`: the shown pixels are exactly `notchwave frame`'s, with no decoding on
/// either side (docs/studio.md has the measurements behind the choice). A scrub asks for
/// the frame under the pointer with the page's id, so a newer request supersedes one still
/// waiting; playback runs on the wall clock and drops frames it cannot fetch in time.
enum StudioPage {
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>notchwave studio</title>
<style>
:root { color-scheme: dark; --bg: #1c1c1e; --panel: #2c2c2e; --line: #3a3a3c; --text: #f2f2f7; --dim: #aeaeb2; --accent: #0a84ff; --bad: #ff453a; }
* { box-sizing: border-box; }
body { margin: 0; font: 13px/1.4 "Inter", system-ui, -apple-system, sans-serif; background: var(--bg); color: var(--text); display: grid;
       grid-template-columns: 1fr 340px; grid-template-rows: auto 1fr auto; height: 100vh; }
header { grid-column: 1 / 3; display: flex; gap: 10px; align-items: center; padding: 8px 12px; border-bottom: 1px solid var(--line); flex-wrap: wrap; }
header h1 { font-size: 14px; margin: 0 8px 0 0; }
select, button, input { font: inherit; color: var(--text); background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 3px 8px; }
button { cursor: pointer; } button:hover { border-color: var(--accent); }
button.on { background: var(--accent); border-color: var(--accent); }
#viewer { position: relative; overflow: auto; display: flex; align-items: center; justify-content: center; padding: 12px; min-height: 0; }
#stage { position: relative; background-image: conic-gradient(#777 25%, #555 0 50%, #777 0 75%, #555 0); background-size: 16px 16px; }
#stage canvas, #stage img { display: block; }
#guides { position: absolute; left: 0; top: 0; width: 100%; height: 100%; pointer-events: none; }
#stage.fit canvas { max-width: calc(100vw - 380px); max-height: calc(100vh - 190px); width: auto; height: auto; }
aside { grid-row: 2 / 4; grid-column: 2; overflow: auto; border-left: 1px solid var(--line); padding: 8px 12px; }
aside h2 { font-size: 12px; text-transform: uppercase; color: var(--dim); margin: 14px 0 6px; }
.option { display: grid; grid-template-columns: 1fr auto; gap: 2px 6px; margin-bottom: 8px; }
.option label { font-weight: 600; } .option .help { grid-column: 1 / 3; color: var(--dim); font-size: 11px; }
.option .control { grid-column: 1 / 3; display: flex; gap: 6px; align-items: center; }
.option .control input[type=range] { flex: 1; } .option .control input[type=text] { flex: 1; min-width: 0; }
.option.edited label { color: var(--accent); }
pre { font-family: "DejaVu Sans Mono", ui-monospace, monospace; white-space: pre-wrap; word-break: break-all; background: var(--panel); padding: 6px; border-radius: 6px; font-size: 11px; max-height: 200px; overflow: auto; }
footer { grid-column: 1; padding: 6px 12px 10px; border-top: 1px solid var(--line); }
#track { position: relative; height: 38px; margin: 4px 0; }
#scrub { width: 100%; margin: 0; }
#ticks { position: relative; height: 14px; }
.tick { position: absolute; top: 0; width: 2px; height: 12px; background: #ffd60a; cursor: pointer; padding: 0; border: 0; border-radius: 1px; }
.loopmark { position: absolute; top: 0; height: 12px; background: rgba(10,132,255,.35); pointer-events: none; }
#status { display: flex; gap: 14px; color: var(--dim); flex-wrap: wrap; }
#error { display: none; grid-column: 1 / 3; background: #3a1d1d; color: #ffb4ab; padding: 6px 12px; font-family: "DejaVu Sans Mono", ui-monospace, monospace; white-space: pre-wrap; }
#error.shown { display: block; }
#verdict { font-size: 12px; } #verdict.bad { color: var(--bad); } #verdict.good { color: #30d158; }
#renders a { color: var(--accent); }
</style>
</head>
<body>
<header>
  <h1>notchwave studio</h1>
  <label>Output <select id="output"></select></label>
  <button id="zoom" title="fit the window, or 1:1 pixels">fit</button>
  <button id="guidesButton" title="the safe area, the cut-out and the corner mask">guides</button>
  <button id="checkButton" title="what check-preview would say of this output">preview check</button>
  <button id="renderOne">Render this output</button>
  <button id="renderAll">Render all</button>
  <span id="renderState"></span>
</header>
<div id="error"></div>
<main id="viewer"><div id="stage" class="fit"><canvas id="frame" width="1" height="1"></canvas><img id="guides" alt="" hidden></div></main>
<aside>
  <div id="verdict"></div>
  <div id="renders"></div>
  <h2>Command line</h2><pre id="command"></pre><button data-copy="command">copy</button>
  <h2>Job file</h2><pre id="jobfile"></pre><button data-copy="jobfile">copy</button>
  <h2>Options <button id="resetAll" title="the file's values again">reset all</button></h2>
  <div id="options"></div>
</aside>
<footer>
  <div id="track"><input id="scrub" type="range" min="0" max="0" step="1" value="0"><div id="ticks"></div></div>
  <div id="status">
    <button id="play" title="space">play</button>
    <button id="markIn" title="i: loop from here">in</button><button id="markOut" title="o: loop to here">out</button><button id="clearLoop">clear loop</button>
    <span>frame <b id="frameNumber">0</b> / <span id="frameCount">0</span></span>
    <span>time <b id="time">0.000</b> s</span>
    <span id="fps"></span>
    <span id="mark"></span>
  </div>
</footer>
<script>
"use strict";
const $ = (id) => document.getElementById(id);
const client = Math.random().toString(36).slice(2);
const state = { job: null, output: null, frame: 0, playing: false, loopIn: null, loopOut: null, drawn: -1, generation: -1, pending: 0,
                requested: -1, drawnAt: 0 };
window.studio = state;

function current() { return state.job && state.job.outputs.find(o => o.name === state.output); }

async function loadJob() {
  const response = await fetch("/api/job", { cache: "no-store" });
  state.job = await response.json();
  const outputs = state.job.outputs;
  if (!outputs.some(o => o.name === state.output)) state.output = outputs.length ? outputs[0].name : null;
  const select = $("output");
  select.replaceChildren(...outputs.map(o => { const e = document.createElement("option"); e.value = o.name;
    e.textContent = o.name + (o.problem ? " (error)" : ""); return e; }));
  select.value = state.output || "";
  showError(state.job.error || (current() && current().problem));
  layout();
  buildOptions();
  await show(state.frame, true);
  if (!$("guides").hidden) loadGuides();
  if ($("checkButton").classList.contains("on")) loadVerdict();
}

function showError(message) {
  $("error").textContent = message || "";
  $("error").classList.toggle("shown", !!message);
}

function layout() {
  const o = current();
  if (!o || !o.width) return;
  const canvas = $("frame");
  if (canvas.width !== o.width || canvas.height !== o.height) { canvas.width = o.width; canvas.height = o.height; state.drawn = -1; }
  const scrub = $("scrub");
  scrub.max = Math.max(0, o.frames - 1);
  state.frame = Math.min(state.frame, o.frames - 1);
  scrub.value = state.frame;
  $("frameCount").textContent = o.frames;
  $("command").textContent = o.commandLine;
  $("jobfile").textContent = o.jobFile;
  const ticks = $("ticks");
  ticks.replaceChildren();
  for (const m of o.marks) {
    const b = document.createElement("button");
    b.className = "tick"; b.title = m.label + " (" + m.time.toFixed(3) + " s)";
    b.style.left = (100 * m.frame / Math.max(1, o.frames - 1)) + "%";
    b.onclick = () => { pause(); show(Math.min(o.frames - 1, m.frame)); $("mark").textContent = m.label; };
    ticks.appendChild(b);
  }
  drawLoop();
}

function drawLoop() {
  const o = current(); if (!o) return;
  document.querySelectorAll(".loopmark").forEach(e => e.remove());
  if (state.loopIn === null && state.loopOut === null) return;
  const a = state.loopIn ?? 0, b = state.loopOut ?? o.frames - 1, span = Math.max(1, o.frames - 1);
  const e = document.createElement("div"); e.className = "loopmark";
  e.style.left = (100 * a / span) + "%"; e.style.width = (100 * Math.max(0, b - a) / span) + "%";
  $("ticks").appendChild(e);
}

// Fetches frame `index` and draws it; resolves true when it was drawn.
async function show(index, force) {
  const o = current();
  if (!o || !o.width) return false;
  index = Math.max(0, Math.min(o.frames - 1, index));
  state.frame = index;
  $("scrub").value = index;
  $("frameNumber").textContent = index;
  $("time").textContent = (o.offset + index / o.fps).toFixed(3);
  if (!force && state.drawn === index && state.generation === state.job.generation) return true;
  return fetchAndDraw(o, index);
}

// The width playback asks for: in fit mode, the size the frame is shown at (the server
// resizes); a paused or 1:1 frame is always the full frame, exactly notchwave frame's.
function playbackWidth(o) {
  if (!state.playing || !$("stage").classList.contains("fit")) return null;
  const shown = Math.round($("frame").getBoundingClientRect().width * (window.devicePixelRatio || 1));
  return shown > 0 && shown < o.width ? shown : null;
}

async function fetchAndDraw(o, index) {
  const generation = state.job.generation;
  const width = playbackWidth(o);
  const url = "/api/frame.rgba?frame=" + index + "&output=" + encodeURIComponent(o.name) + "&client=" + client + "&g=" + generation
    + (width ? "&width=" + width : "");
  state.pending++;
  const sent = performance.now();
  try {
    const response = await fetch(url, { cache: "no-store" });
    if (!response.ok) { if (response.status !== 409) showError(await response.text()); return false; }
    const width = +response.headers.get("X-Width"), height = +response.headers.get("X-Height");
    const bytes = new Uint8ClampedArray(await response.arrayBuffer());
    if (o.name !== state.output || (state.playing === false && index !== state.frame)) return false;
    // During playback a frame that arrives after a later one is dropped.
    if (state.playing && state.drawnAt > sent) return false;
    state.drawnAt = sent;
    const canvas = $("frame");
    if (canvas.width !== width || canvas.height !== height) {
      // Keep the shown size while the pixel size changes (playback's smaller frames).
      const box = canvas.getBoundingClientRect();
      if (box.width > 0 && $("stage").classList.contains("fit")) { canvas.style.width = box.width + "px"; canvas.style.height = box.height + "px"; }
      canvas.width = width; canvas.height = height;
    }
    canvas.getContext("2d").putImageData(new ImageData(bytes, width, height), 0, 0);
    state.drawn = index; state.generation = generation;
    canvas.dataset.frame = index; canvas.dataset.generation = generation; canvas.dataset.output = o.name;
    return true;
  } finally { state.pending--; }
}

// Playback on the wall clock: the frame due now is asked for whenever fewer than two are
// on their way; frames that cannot be fetched in time are skipped, never slowed.
let playStart = 0, playFrom = 0, shownCount = 0, fpsSince = 0;
function play() {
  const o = current(); if (!o) return;
  state.playing = true; $("play").textContent = "pause"; $("play").classList.add("on");
  playStart = performance.now(); playFrom = state.frame; shownCount = 0; fpsSince = playStart; state.requested = -1;
  requestAnimationFrame(tick);
}
function pause() {
  const was = state.playing;
  state.playing = false; $("play").textContent = "play"; $("play").classList.remove("on");
  // The frame it stopped on, at full size.
  if (was) { state.drawn = -1; show(state.frame, true); }
}
function tick(now) {
  if (!state.playing) return;
  const o = current(); if (!o) return pause();
  const first = state.loopIn ?? 0, last = state.loopOut ?? o.frames - 1, length = Math.max(1, last - first + 1);
  const due = first + ((playFrom - first + Math.floor((now - playStart) * o.fps / 1000)) % length + length) % length;
  if (state.pending < 2 && due !== state.requested) {
    state.requested = due;
    state.frame = due;
    $("scrub").value = due; $("frameNumber").textContent = due; $("time").textContent = (o.offset + due / o.fps).toFixed(3);
    fetchAndDraw(o, due).then(drawn => { if (drawn) shownCount++; });
  }
  if (now - fpsSince > 1000) { $("fps").textContent = (shownCount * 1000 / (now - fpsSince)).toFixed(1) + " fps of " + o.fps; shownCount = 0; fpsSince = now; }
  requestAnimationFrame(tick);
}

function declarationsFor(o) {
  const d = state.job.declarations;
  // The scene's and its style's own options first, then every render parameter by group.
  const list = [];
  for (const p of (d.scenes[o.scene] || [])) list.push({ ...p, editKey: "sceneOptions." + p.key, section: o.scene + " options" });
  if (o.scene === "notch-waves") for (const p of (d.styles[o.style] || [])) list.push({ ...p, editKey: "styleOptions." + p.key, section: o.style + " style options" });
  for (const p of d.parameters) if (p.key !== "sceneOptions" && p.key !== "styleOptions") list.push({ ...p, editKey: p.key, section: p.group });
  return list;
}

function givenValue(o, p) {
  const params = o.parameters || {};
  if (p.editKey.includes(".")) { const [list, key] = p.editKey.split("."); const v = params[list] && params[list][key]; return v; }
  return params[p.key];
}

function buildOptions() {
  const o = current(), box = $("options");
  box.replaceChildren();
  if (!o || !state.job) return;
  const edited = new Set(state.job.edits.map(e => e.key));
  let section = null;
  for (const p of declarationsFor(o)) {
    if (p.section !== section) { section = p.section; const h = document.createElement("h2"); h.textContent = section; box.appendChild(h); }
    const given = givenValue(o, p);
    const value = given === undefined || given === null ? (p.default ?? "") : (typeof given === "object" ? JSON.stringify(given) : String(given));
    const row = document.createElement("div"); row.className = "option" + (edited.has(p.editKey) ? " edited" : "");
    row.dataset.key = p.editKey;
    const label = document.createElement("label"); label.textContent = p.key; row.appendChild(label);
    const reset = document.createElement("button"); reset.textContent = "reset"; reset.title = "the file's value";
    reset.onclick = () => setOption(p.editKey, null); row.appendChild(reset);
    const control = document.createElement("div"); control.className = "control";
    let input;
    if (p.switch) {
      input = document.createElement("input"); input.type = "checkbox";
      const on = given === undefined ? p.default === "on" : given === true;
      input.checked = on; input.onchange = () => setOption(p.editKey, input.checked ? "true" : "false");
      control.appendChild(input);
    } else if (p.choices.length) {
      input = document.createElement("select");
      for (const c of p.choices) { const e = document.createElement("option"); e.value = c; e.textContent = c; input.appendChild(e); }
      input.value = value; input.onchange = () => setOption(p.editKey, input.value);
      control.appendChild(input);
    } else if (p.minimum !== null && p.maximum !== null && isFinite(p.minimum) && isFinite(p.maximum)) {
      const range = document.createElement("input"); range.type = "range"; range.min = p.minimum; range.max = p.maximum;
      range.step = p.kind === "a whole number" ? 1 : (p.maximum - p.minimum) / 200;
      input = document.createElement("input"); input.type = "text"; input.size = 7;
      const n = parseFloat(value); range.value = isFinite(n) ? n : p.minimum; input.value = value;
      range.oninput = () => { input.value = range.value; };
      range.onchange = () => setOption(p.editKey, range.value);
      input.onchange = () => setOption(p.editKey, input.value);
      control.append(range, input);
    } else {
      if (/colou?r/i.test(p.kind) || /COLOR/.test(p.value || "")) {
        const well = document.createElement("input"); well.type = "color";
        if (/^#[0-9a-f]{6}/i.test(value)) well.value = value.slice(0, 7);
        well.onchange = () => setOption(p.editKey, well.value);
        control.appendChild(well);
      }
      input = document.createElement("input"); input.type = "text"; input.value = value; input.placeholder = p.kind;
      input.onchange = () => setOption(p.editKey, input.value);
      control.appendChild(input);
    }
    input.name = p.editKey;
    row.appendChild(control);
    const help = document.createElement("div"); help.className = "help"; help.textContent = p.help + (p.default ? " (default: " + p.default + ")" : "");
    row.appendChild(help);
    box.appendChild(row);
  }
}

async function post(path, body) {
  const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const text = await response.text();
  return { ok: response.ok, status: response.status, text };
}

async function setOption(key, value) {
  const r = await post("/api/set", { key, value });
  if (!r.ok) { showError(r.text); return; }
  await loadJob();
}

async function loadGuides() {
  const o = current(); const img = $("guides");
  if (!o || o.framed) { img.hidden = true; return; }
  img.src = "/api/guides.png?output=" + encodeURIComponent(o.name) + "&g=" + state.job.generation;
}

async function loadVerdict() {
  const o = current(); if (!o) return;
  const v = await (await fetch("/api/preview-check?output=" + encodeURIComponent(o.name))).json();
  const box = $("verdict");
  box.className = v.conforms ? "good" : "bad";
  box.textContent = v.conforms ? "App Store preview: conforms (" + v.note + ")" : "App Store preview: " + v.violations.join("; ");
}

function connect() {
  const events = new EventSource("/api/events");
  events.addEventListener("reload", () => loadJob());
  events.addEventListener("problem", (e) => { const m = JSON.parse(e.data); showError(m.message); });
  events.addEventListener("render", (e) => {
    const m = JSON.parse(e.data), s = $("renderState");
    if (m.state === "started") s.textContent = "rendering " + m.what + " …";
    else if (m.state === "progress") s.textContent = "rendering " + m.output + ": " + m.done + "/" + m.total + " frames";
    else if (m.state === "failed") { s.textContent = "render failed"; showError(m.error); }
    else if (m.state === "done") {
      s.textContent = "rendered in " + m.seconds + " s";
      const box = $("renders"); box.replaceChildren();
      for (const f of m.files) {
        const a = document.createElement("a"); a.href = f.url; a.textContent = f.name; a.target = "_blank";
        const line = document.createElement("div"); line.appendChild(a);
        if (f.previewConforms !== undefined) line.append(" — preview " + (f.previewConforms ? "conforms" : "does not conform: " + f.previewViolations.join("; ")));
        box.appendChild(line);
      }
    }
  });
}

$("output").onchange = () => { state.output = $("output").value; state.drawn = -1; loadJob(); };
$("scrub").oninput = () => { pause(); show(+$("scrub").value); };
$("play").onclick = () => state.playing ? pause() : play();
$("zoom").onclick = () => { const fit = $("stage").classList.toggle("fit"); $("zoom").textContent = fit ? "fit" : "1:1";
  $("frame").style.width = ""; $("frame").style.height = ""; };
$("guidesButton").onclick = () => { const img = $("guides"); img.hidden = !img.hidden; $("guidesButton").classList.toggle("on", !img.hidden); if (!img.hidden) loadGuides(); };
$("checkButton").onclick = () => { const on = $("checkButton").classList.toggle("on"); if (on) loadVerdict(); else $("verdict").textContent = ""; };
$("renderOne").onclick = async () => { const r = await post("/api/render", { output: state.output }); if (!r.ok) $("renderState").textContent = r.status === 409 ? "a render is running" : r.text; };
$("renderAll").onclick = async () => { const r = await post("/api/render", { all: true }); if (!r.ok) $("renderState").textContent = r.status === 409 ? "a render is running" : r.text; };
$("resetAll").onclick = async () => { await post("/api/reset", {}); await loadJob(); };
$("markIn").onclick = () => { state.loopIn = state.frame; drawLoop(); };
$("markOut").onclick = () => { state.loopOut = state.frame; drawLoop(); };
$("clearLoop").onclick = () => { state.loopIn = state.loopOut = null; drawLoop(); };
document.querySelectorAll("[data-copy]").forEach(b => b.onclick = () => navigator.clipboard && navigator.clipboard.writeText($(b.dataset.copy).textContent));
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT" && e.target.type === "text") return;
  if (e.key === "ArrowRight") { pause(); show(state.frame + 1); e.preventDefault(); }
  else if (e.key === "ArrowLeft") { pause(); show(state.frame - 1); e.preventDefault(); }
  else if (e.key === " ") { state.playing ? pause() : play(); e.preventDefault(); }
  else if (e.key === "i") $("markIn").click();
  else if (e.key === "o") $("markOut").click();
});
connect();
loadJob();
</script>
</body>
</html>
"""#
}
