// `node --import tsx bench/main-thread-causes.ts <trace.json> [slowdown] [lighthouse-result.json]`: what the page's
// main thread spent its time on in a Lighthouse trace (`LIGHTHOUSE_ARTIFACTS_DIR=… npm run bench:lighthouse`, then
// `…/defaultPass.trace.json`), by cause: the evaluation and the compile of each script file, style, layout, paint
// and composite, HTML parsing, garbage collection and the rest ("other"). Prints the ten largest, at `slowdown`
// times their observed length (default 4, Lighthouse's simulated CPU slowdown, as its own audits count), each with
// the part of it the thread was running (`tdur`: on a busy machine much of a task's length is waiting for a
// processor, which Lighthouse counts all the same), and the total; given the Lighthouse result of the same run, also
// its `mainthread-work-breakdown` and `bootup-time` beside the same groups counted here.
//
// Where the time goes: the self time of each event on the page's main thread (its length less its children's,
// events nesting by time as bench/trace-tasks.ts reads them), from the page's navigation to the end of the trace.
// Lighthouse stops tracing once the page has been quiet for a while, so the end of the trace is where the page
// went idle; the same span its audits count. An event without a cause of its own takes its parent's, as in
// Lighthouse's task groups; a task's own time outside every event is "other" (the browser's own code, or waiting).
// Unlike Lighthouse, style counts ParseAuthorStyleSheet, and paint & composite counts Commit and Layerize; the
// totals are the same. A script event names its file by its URL, its stack or, for a module's evaluation, the
// `ModuleEvaluated` event that follows it (one evaluation runs the module's static imports too: their top-level
// code counts for the module evaluated). Events naming no script (microtasks at the end of a task, an event's
// dispatch) take their parent's file, else the first file named inside them, else the first named in their task;
// V8's code caching after the load names none ("compile (script not named in the trace)").
//
// JSON parsing is not a cause: nothing in these traces tells it apart. The responses read with `Response.json()`
// (lib/early-requests) are parsed by the browser in the task that receives them, with no event of its own (that
// task's own time, "other"), and lib/http.ts' JSON.parse runs inside a script's FunctionCall; `v8.parseOnBackground` is
// the streaming compile of scripts, off the main thread. Only a CPU profile (bench/profile-page.ts) can separate it.
//
// React render and commit per component: the production build leaves no trace of them. React 19.2's profiling
// build (react-dom/profiling) logs each component's render and effects with console.timeStamp into the
// "Components ⚛" track and each render, commit and effects phase into the "Scheduler ⚛" tracks; Chromium records
// them as `TimeStamp` events carrying start and end. When a trace has them, the script evaluation time inside a
// component's span (less its children's spans) becomes `React render <Component>` or `React effects <Component>`,
// and inside a commit phase but no component `React commit` (where React marks that a render yielded, the time
// stays the script's). Such a trace needs a build with react-dom/client aliased to react-dom/profiling, function
// names kept (rolldown `output.keepNames`: minified names otherwise) and a `__REACT_DEVTOOLS_GLOBAL_HOOK__`
// defined before React loads (without one React profiles only inside <Profiler>). That build runs slower than the
// production one: compare the components with each other, not its totals with the production build's.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type TraceEvent = {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's time on a processor within `dur`. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown>; beginData?: Record<string, unknown>; fileName?: unknown; [key: string]: unknown };
};
export type Cause = { cause: string; ms: number };

/** The events of a trace file as Chromium or Lighthouse writes it (an array, or an object holding `traceEvents`). */
export function readTraceEvents(file: string): TraceEvent[] {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
}

type Kind = 'script' | 'compile' | 'style' | 'layout' | 'paint & composite' | 'parse HTML' | 'garbage collection' | 'other';

/** The cause of an event by its name; other events take their parent's. After Lighthouse's task-groups.js. */
const KIND_OF_EVENT = new Map<string, Kind>([
  ...[
    'EvaluateScript',
    'v8.evaluateModule',
    'FunctionCall',
    'TimerFire',
    'EventDispatch',
    'RunMicrotasks',
    'FireIdleCallback',
    'FireAnimationFrame',
    'V8.Execute',
    'v8.callFunction',
    'v8.run',
    'XHRReadyStateChange',
    'XHRLoad',
  ].map((name) => [name, 'script'] as const),
  ...['v8.compile', 'v8.compileModule', 'v8.parseOnBackground', 'CacheScript', 'v8.produceCache', 'v8.produceModuleCache'].map(
    (name) => [name, 'compile'] as const,
  ),
  ...['UpdateLayoutTree', 'RecalculateStyles', 'ParseAuthorStyleSheet'].map((name) => [name, 'style'] as const),
  ['Layout', 'layout'],
  // Commit waits for the compositor to take the frame; DevTools counts it as painting, Lighthouse as "other".
  ...[
    'PrePaint',
    'Paint',
    'PaintImage',
    'Layerize',
    'Commit',
    'UpdateLayer',
    'UpdateLayerTree',
    'CompositeLayers',
    'RasterTask',
    'Decode Image',
    'HitTest',
    'IntersectionObserverController::computeIntersections',
    'Animation',
    'ScrollLayer',
    'PaintSetup',
  ].map((name) => [name, 'paint & composite'] as const),
  ['ParseHTML', 'parse HTML'],
  // Trace recording's own work (the sources of the scripts, written into the trace).
  ['ScriptCatchup', 'other'],
]);
const GARBAGE_COLLECTION = /^(MinorGC|MajorGC|V8\.GC|BlinkGC|CppGC|ThreadState::|Major concurrent marking)/;
/** Events whose `args.data.url` (or `args.fileName`) is the script they run; others' is a request's or a frame's. */
const NAMES_ITS_SCRIPT = new Set(['FunctionCall', 'EvaluateScript', 'v8.compile', 'v8.compileModule', 'v8.run', 'CacheScript']);

type Node = { event: TraceEvent; start: number; end: number; children: Node[]; kind: Kind; url?: string };
/** A stretch of an event's own time; `running`, the share of it the thread spent on a processor. */
type Segment = { start: number; end: number; cause: string; script: boolean; running: number };

/** Main-thread work of the page in a Lighthouse trace, by cause, largest first, in observed ms × `slowdown`. */
export function mainThreadCauses(traceEvents: TraceEvent[], options: { slowdown: number; origin?: string }): Cause[] {
  return causeTimes(traceEvents, options).map(({ cause, ms }) => ({ cause, ms }));
}

/** The same, with the part of each cause's time the thread was running (`tdur`: the rest it waited or was not scheduled). */
function causeTimes(traceEvents: TraceEvent[], options: { slowdown: number; origin?: string }) {
  const page = findPage(traceEvents);
  const origin = options.origin ?? page.origin;
  const onThread = traceEvents.filter((event) => event.pid === page.pid && event.tid === page.tid);
  const roots = nestEvents(onThread).filter((root) => root.start >= page.start);
  const urlOf = scriptUrls(onThread);
  for (const root of roots) resolve(root, undefined, urlOf, firstUrlIn(root, urlOf));

  const segments: Segment[] = [];
  for (const root of roots) selfSegments(root, origin, segments);
  const spans = reactSpans(onThread);
  const micros = new Map<string, { wall: number; running: number }>();
  const add = (segment: Segment, cause: string, length: number) => {
    const sum = micros.get(cause) ?? { wall: 0, running: 0 };
    micros.set(cause, { wall: sum.wall + length, running: sum.running + length * segment.running });
  };
  let next = 0;
  for (const segment of segments.sort((a, b) => a.start - b.start)) {
    let at = segment.start;
    // Script time inside a React span is that component's (segments and spans are both in time order).
    if (segment.script)
      for (let index = next; index < spans.length && spans[index]!.start < segment.end; index += 1) {
        const span = spans[index]!;
        if (span.end <= segment.start) {
          if (index === next) next += 1;
          continue;
        }
        const from = Math.max(at, span.start);
        const to = Math.min(segment.end, span.end);
        if (from > at) add(segment, segment.cause, from - at);
        add(segment, span.cause, to - from);
        at = to;
      }
    add(segment, segment.cause, segment.end - at);
  }
  const ms = (micros: number) => (micros / 1000) * options.slowdown;
  return [...micros]
    .map(([cause, { wall, running }]) => ({ cause, ms: ms(wall), runningMs: ms(running) }))
    .filter((cause) => cause.ms > 0)
    .sort((a, b) => b.ms - a.ms);
}

/** "script evaluation index-Ab12.js 210 ms, style 120 ms, …": the `top` largest causes on one line. */
export function formatCauses(causes: Cause[], top = 10): string {
  return causes
    .slice(0, top)
    .map(({ cause, ms }) => `${cause} ${ms.toFixed(0)} ms`)
    .join(', ');
}

/**
 * The page's main thread is the one that painted first (bench/trace-tasks.ts); the page starts at its navigation,
 * the last navigationStart of a document before that paint (the one naming no document is the empty one first
 * committed into the page's new process).
 */
function findPage(events: TraceEvent[]) {
  const firstPaint = events.find((event) => event.name === 'firstContentfulPaint');
  if (!firstPaint) throw new Error('no first contentful paint in this trace');
  const navigation = events
    .filter((event) => event.name === 'navigationStart' && event.ts <= firstPaint.ts && documentOf(event))
    .sort((a, b) => a.ts - b.ts)
    .at(-1);
  const document = navigation && documentOf(navigation);
  return {
    pid: firstPaint.pid,
    tid: firstPaint.tid,
    start: navigation?.ts ?? firstPaint.ts,
    origin: document ? new URL(document).origin : undefined,
  };
}

function documentOf(navigation: TraceEvent): string | undefined {
  const url = navigation.args?.data?.documentLoaderURL;
  return typeof url === 'string' && url !== '' ? url : undefined;
}

/** The thread's complete events as trees; a child running past its parent's end is cut there. */
function nestEvents(events: TraceEvent[]): Node[] {
  const complete = events
    .filter((event) => event.ph === 'X' && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const roots: Node[] = [];
  const open: Node[] = [];
  for (const event of complete) {
    while (open.length > 0 && open.at(-1)!.end <= event.ts) open.pop();
    const parent = open.at(-1);
    const node: Node = { event, start: event.ts, end: event.ts + (event.dur ?? 0), children: [], kind: 'other' };
    if (parent) {
      node.end = Math.min(node.end, parent.end);
      parent.children.push(node);
    } else roots.push(node);
    open.push(node);
  }
  return roots;
}

/** What the trace says of the thread's scripts: each id's URL, each timer's installer, each module evaluation's module. */
function scriptUrls(events: TraceEvent[]): (event: TraceEvent) => string | undefined {
  const byScriptId = new Map<string, string>();
  const byTimer = new Map<unknown, string>();
  for (const event of events) {
    const data = event.args?.data;
    const url = nonEmpty(data?.url);
    const scriptId = scriptIdOf(data);
    if (url && scriptId && event.name !== 'ModuleEvaluated' && event.name !== 'ScriptCompiled') byScriptId.set(scriptId, url);
    if (event.name === 'TimerInstall') {
      const installer = stackUrl(data);
      if (installer) byTimer.set(data?.timerId, installer);
    }
  }
  // A module's evaluation names no module; the ModuleEvaluated event right after it does, by its script id.
  const moduleOf = new Map<TraceEvent, string>();
  let evaluation: TraceEvent | undefined;
  for (const event of [...events].sort((a, b) => a.ts - b.ts)) {
    if (event.name === 'v8.evaluateModule' && event.ph === 'X') evaluation = event;
    else if (event.name === 'ModuleEvaluated' && evaluation) {
      const url = byScriptId.get(scriptIdOf(event.args?.data) ?? '');
      if (url) moduleOf.set(evaluation, url);
      evaluation = undefined;
    }
  }
  return (event) => {
    const data = event.args?.data;
    if (NAMES_ITS_SCRIPT.has(event.name)) {
      const url = nonEmpty(data?.url) ?? nonEmpty(event.args?.fileName);
      if (url) return url;
      // Lighthouse's own scripts run in an isolated world, with no URL.
      const world = nonEmpty(event.args?.worldName);
      if (world) return `(${world})`;
    }
    if (event.name === 'v8.evaluateModule') return moduleOf.get(event);
    if (event.name === 'TimerFire') return byTimer.get(data?.timerId);
    return stackUrl(data) ?? stackUrl(event.args?.beginData);
  };
}

function firstUrlIn(node: Node, urlOf: (event: TraceEvent) => string | undefined): string | undefined {
  const own = urlOf(node.event);
  if (own) return own;
  for (const child of node.children) {
    const url = firstUrlIn(child, urlOf);
    if (url) return url;
  }
  return undefined;
}

/** Sets each event's cause and script: its own, else its parent's; a script naming none, the first inside it or its task's. */
function resolve(node: Node, parent: Node | undefined, urlOf: (event: TraceEvent) => string | undefined, inTask?: string) {
  const name = node.event.name;
  node.kind = KIND_OF_EVENT.get(name) ?? (GARBAGE_COLLECTION.test(name) ? 'garbage collection' : (parent?.kind ?? 'other'));
  node.url = urlOf(node.event) ?? parent?.url;
  if (!node.url && (node.kind === 'script' || node.kind === 'compile')) node.url = firstUrlIn(node, urlOf) ?? inTask;
  for (const child of node.children) resolve(child, node, urlOf, inTask);
}

/** The stretches of the event's own time (outside its children), each with its cause. */
function selfSegments(node: Node, origin: string | undefined, into: Segment[]) {
  const cause =
    node.kind === 'script'
      ? `script evaluation ${scriptName(node.url, origin)}`
      : node.kind === 'compile'
        ? `compile ${scriptName(node.url, origin)}`
        : node.kind;
  // Its own processor time over its own length (an event without `tdur` counts as running).
  const processor = (event: TraceEvent) => event.tdur ?? event.dur ?? 0;
  const own = node.children.reduce((rest, child) => rest - (child.end - child.start), node.end - node.start);
  const ownRunning = node.children.reduce((rest, child) => rest - processor(child.event), processor(node.event));
  const running = own > 0 ? Math.min(1, Math.max(0, ownRunning / own)) : 1;
  const push = (start: number, end: number) => into.push({ start, end, cause, script: node.kind === 'script', running });
  let at = node.start;
  for (const child of node.children) {
    if (child.start > at) push(at, child.start);
    selfSegments(child, origin, into);
    at = Math.max(at, child.end);
  }
  if (node.end > at) push(at, node.end);
}

/** A script by its file name (a chunk of the build); the page's own inline scripts together; another origin's whole. */
function scriptName(url: string | undefined, origin: string | undefined): string {
  if (!url) return '(script not named in the trace)';
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  if (parsed.origin !== origin) return url;
  return /\.[cm]?js$/.test(parsed.pathname) ? path.posix.basename(parsed.pathname) : '(inline scripts)';
}

type Span = { start: number; end: number; cause: string; rank: number; order: number };

/**
 * React's performance tracks as consecutive spans, each with the cause its time goes to: the innermost component
 * (a component's span holds its children's) before a commit phase before a render phase; none where React yielded.
 * Their times are performance.now() values, which Chromium writes on the trace's clock.
 */
function reactSpans(events: TraceEvent[]): Span[] {
  const spans: Span[] = [];
  for (const event of events) {
    const data = event.args?.data;
    if (event.name !== 'TimeStamp' || typeof data?.start !== 'number' || typeof data.end !== 'number') continue;
    if (data.end <= data.start) continue;
    const message = String(data.message ?? data.name);
    let cause: string | undefined;
    let rank = 0;
    // In the components' track React colours effects "secondary", and marks where a render yielded ("Blocked") or
    // waited: what ran then was not React's, and keeps its own cause (an empty one here).
    if (data.track === 'Components ⚛' && ['Blocked', 'Suspended', 'Action'].includes(message)) [cause, rank] = ['', -1];
    else if (data.track === 'Components ⚛')
      cause = String(data.color).startsWith('secondary') ? `React effects ${message}` : `React render ${message}`;
    else if (data.trackGroup === 'Scheduler ⚛' && ['Commit', 'Remaining Effects'].includes(message))
      [cause, rank] = ['React commit', 1];
    else if (data.trackGroup === 'Scheduler ⚛' && message === 'Render') [cause, rank] = ['React render (outside components)', 2];
    if (cause !== undefined) spans.push({ start: data.start, end: data.end, cause, rank, order: spans.length });
  }
  const points = [...new Set(spans.flatMap((span) => [span.start, span.end]))].sort((a, b) => a - b);
  spans.sort((a, b) => a.start - b.start);
  const flat: Span[] = [];
  let active: Span[] = [];
  let next = 0;
  for (let index = 0; index + 1 < points.length; index += 1) {
    const [start, end] = [points[index]!, points[index + 1]!];
    while (next < spans.length && spans[next]!.start <= start) active.push(spans[next++]!);
    active = active.filter((span) => span.end > start);
    // Innermost: the latest to start; of two starting together, the one logged later (React logs parents first).
    const [best] = [...active].sort((a, b) => a.rank - b.rank || b.start - a.start || b.order - a.order);
    if (!best?.cause) continue;
    const last = flat.at(-1);
    if (last && last.cause === best.cause && last.end === start) last.end = end;
    else flat.push({ start, end, cause: best.cause, rank: best.rank, order: best.order });
  }
  return flat;
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Script ids are numbers in some events and strings in others. */
function scriptIdOf(data: Record<string, unknown> | undefined): string | undefined {
  const id = data?.scriptId;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : undefined;
}

function stackUrl(data: Record<string, unknown> | undefined): string | undefined {
  const stack = data?.stackTrace;
  if (!Array.isArray(stack)) return undefined;
  return stack.map((frame) => nonEmpty((frame as { url?: unknown }).url)).find(Boolean);
}

/** Lighthouse's task groups of `mainthread-work-breakdown`, for the comparison: which each cause falls in. */
function lighthouseGroup(cause: string): string {
  if (cause.startsWith('script evaluation') || cause.startsWith('React')) return 'scriptEvaluation';
  if (cause.startsWith('compile')) return 'scriptParseCompile';
  const groups: Record<string, string> = {
    style: 'styleLayout',
    layout: 'styleLayout',
    'paint & composite': 'paintCompositeRender',
    'parse HTML': 'parseHTML',
    'garbage collection': 'garbageCollection',
  };
  return groups[cause] ?? 'other';
}

function printComparison(causes: Cause[], resultFile: string) {
  type Audit = { numericValue?: number; details?: { items?: Record<string, unknown>[] } };
  const lhr = JSON.parse(readFileSync(resultFile, 'utf8')) as { audits: Record<string, Audit | undefined> };
  const breakdown = lhr.audits['mainthread-work-breakdown'];
  const ours = new Map<string, number>();
  for (const { cause, ms } of causes) ours.set(lighthouseGroup(cause), (ours.get(lighthouseGroup(cause)) ?? 0) + ms);
  console.log(`\nLighthouse's mainthread-work-breakdown ${breakdown?.numericValue?.toFixed(0)} ms (here, the same groups):`);
  for (const item of breakdown?.details?.items ?? []) {
    const group = String(item.group);
    console.log(
      `${Number(item.duration).toFixed(0).padStart(6)} ms (${(ours.get(group) ?? 0).toFixed(0).padStart(5)})  ${group}`,
    );
  }
  const bootup = lhr.audits['bootup-time'];
  const items = (bootup?.details?.items ?? []).map(
    (item) =>
      `${String(item.url).replace(/^https?:\/\/[^/]+/, '')} ${Number(item.scripting).toFixed(0)} + ${Number(item.scriptParseCompile).toFixed(0)}`,
  );
  console.log(`Lighthouse's bootup-time ${bootup?.numericValue?.toFixed(0)} ms (evaluation + compile): ${items.join(', ')}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, slowdown = '4', resultFile] = process.argv.slice(2);
  if (!file)
    throw new Error('usage: node --import tsx bench/main-thread-causes.ts <trace.json> [slowdown] [lighthouse-result.json]');
  const causes = causeTimes(readTraceEvents(file), { slowdown: Number(slowdown) });
  const total = causes.reduce((sum, { ms }) => sum + ms, 0);
  const running = causes.reduce((sum, { runningMs }) => sum + runningMs, 0);
  console.log(`${file}: the page's main thread from its navigation to the end of the trace, at ${slowdown}× its observed time`);
  // On a busy machine an event's length holds time its thread waited for a processor: "running" is the rest.
  for (const { cause, ms, runningMs } of causes.slice(0, 10))
    console.log(
      `${ms.toFixed(0).padStart(6)} ms ${((100 * ms) / total).toFixed(0).padStart(3)}% (running ${runningMs.toFixed(0).padStart(4)} ms)  ${cause}`,
    );
  console.log(`total ${total.toFixed(0)} ms in ${causes.length} causes, running ${running.toFixed(0)} ms of it`);
  if (resultFile) printComparison(causes, resultFile);
}
