// `node --import tsx bench/trace-tasks.ts <trace.json> [minimum ms]`: the long tasks of a page's main thread in a
// Chromium trace, each with the events that took its time (decision 028). Made for the traces Lighthouse gathers
// (`LIGHTHOUSE_ARTIFACTS_DIR=… npm run bench:lighthouse`, then `…/defaultPass.trace.json`): Lighthouse's score
// comes from that trace, its tasks lengthened four times, so a task of 12.5 ms here is blocking time there.
// Its own audits name a task by the script that started it, or "Unattributable"; this shows what ran inside:
// a style recalculation, a layout, an SVG document, a module's evaluation, a script's compile, or nothing traced
// at all (time in the browser's own code, which Lighthouse counts as "Other").
//
// Prints one line per task of at least `minimum` ms (default 12.5) in the page's main thread: its start after the
// navigation, its length and how much of it the thread was running (the rest it waited or was not scheduled),
// the four events with the most self time inside it and the script it called; then the tasks' total and the
// blocking time they make at Lighthouse's four times slowdown (all tasks after the first paint: an upper bound of
// what its simulation counts), the same counting only running time, the busiest threads of the browser over
// the load and the frames Lighthouse captured (decision 028: on this machine the page's main thread ran for a
// third of its long tasks' length while the compositor drew a frame per display refresh).
import { readTraceEvents, type TraceEvent } from './main-thread-causes';

const [file, minimum = '12.5'] = process.argv.slice(2);
if (!file) throw new Error('usage: node --import tsx bench/trace-tasks.ts <trace.json> [minimum ms]');
const events = readTraceEvents(file);

// The page's main thread is the one that painted first; the page's navigation is its last one before that paint.
const firstPaint = events.find((event) => event.name === 'firstContentfulPaint');
if (!firstPaint) throw new Error(`${file}: no first contentful paint in this trace`);
const navigation = events
  .filter((event) => event.name === 'navigationStart' && event.ts <= firstPaint.ts)
  .sort((a, b) => a.ts - b.ts)
  .at(-1);
const start = navigation?.ts ?? firstPaint.ts;
const onMainThread = events
  .filter((event) => event.pid === firstPaint.pid && event.tid === firstPaint.tid && event.ph === 'X' && event.ts >= start)
  .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
const isTask = (event: TraceEvent) => event.name === 'RunTask';
const tasks = onMainThread.filter(isTask);
const ms = (microseconds: number) => microseconds / 1000;

let total = 0;
let onProcessor = 0;
let blocking = 0;
let blockingOnProcessor = 0;
for (const task of tasks) {
  const length = ms(task.dur ?? 0);
  if (length < Number(minimum)) continue;
  const end = task.ts + (task.dur ?? 0);
  const inside = onMainThread.filter((event) => event !== task && !isTask(event) && event.ts >= task.ts && event.ts < end);
  // Self time per event name: an event's length less its children's (events nest by time within one thread).
  const self = new Map<string, number>();
  const open: TraceEvent[] = [];
  for (const event of inside) {
    while (open.length && open.at(-1)!.ts + (open.at(-1)!.dur ?? 0) <= event.ts) open.pop();
    const parent = open.at(-1);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - (event.dur ?? 0));
    self.set(event.name, (self.get(event.name) ?? 0) + (event.dur ?? 0));
    open.push(event);
  }
  const traced = [...self.values()].reduce((sum, value) => sum + Math.max(0, value), 0);
  self.set('(nothing traced)', (task.dur ?? 0) - traced);
  const biggest = [...self]
    .filter(([, value]) => value > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, value]) => `${name} ${ms(value).toFixed(1)}`)
    .join(', ');
  const called = inside.find((event) => typeof event.args?.data?.url === 'string' && event.args.data.url !== '');
  const script = called ? (called.args!.data!.url as string) : undefined;
  const at = ms(task.ts - start);
  const running = ms(task.tdur ?? task.dur ?? 0);
  console.log(
    `${at.toFixed(0).padStart(6)} ms  ${length.toFixed(1).padStart(6)} ms (${running.toFixed(1).padStart(5)} running)  ${biggest}${script ? `  [${script.replace(/^https?:\/\/[^/]+/, '')}]` : ''}`,
  );
  total += length;
  onProcessor += running;
  if (task.ts >= firstPaint.ts) {
    blocking += Math.max(0, 4 * length - 50);
    blockingOnProcessor += Math.max(0, 4 * running - 50);
  }
}
console.log(
  `\n${file}: tasks of ${minimum} ms or more: ${total.toFixed(0)} ms, of which running ${onProcessor.toFixed(0)} ms; ` +
    `first paint at ${ms(firstPaint.ts - start).toFixed(0)} ms; blocking time of those after it at 4× slowdown: ` +
    `${blocking.toFixed(0)} ms (${blockingOnProcessor.toFixed(0)} ms counting only their running time)`,
);

// What else ran meanwhile: the processor time of Chromium's busiest threads over the same stretch, and the frames
// Lighthouse captured (each one composited, in software on a machine without a GPU, and encoded).
const names = new Map<string, string>();
for (const event of events)
  if (event.name === 'thread_name' || event.name === 'process_name') {
    const name = (event.args as { name?: string } | undefined)?.name ?? '?';
    names.set(event.name === 'thread_name' ? `${event.pid}:${event.tid}` : `${event.pid}`, name);
  }
const perThread = new Map<string, number>();
for (const event of events) {
  if (event.ph !== 'X' || event.ts < start || event.tdur === undefined) continue;
  if (!/^(RunTask|ThreadPool_RunTask|ThreadControllerImpl::RunTask)$/.test(event.name)) continue;
  const thread = `${names.get(`${event.pid}`) ?? event.pid} / ${names.get(`${event.pid}:${event.tid}`) ?? event.tid}`;
  perThread.set(thread, (perThread.get(thread) ?? 0) + event.tdur);
}
const busiest = [...perThread]
  .sort((a, b) => b[1] - a[1])
  .slice(0, 4)
  .map(([thread, time]) => `${thread} ${ms(time).toFixed(0)} ms`)
  .join(', ');
const frames = events.filter((event) => event.name === 'Screenshot' && event.ts >= start).length;
console.log(`busiest threads: ${busiest}; frames captured: ${frames}`);
