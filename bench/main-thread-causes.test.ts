// bench/main-thread-causes.ts on small hand-made traces (the "bench" project of the root vitest.config.ts).
import { expect, test } from 'vitest';
import { formatCauses, mainThreadCauses, type TraceEvent } from './main-thread-causes';

const PAGE = 'http://127.0.0.1:4000';
const onMain = (name: string, ts: number, dur: number | undefined, args: TraceEvent['args'] = {}): TraceEvent => ({
  name,
  ph: dur === undefined ? 'I' : 'X',
  ts,
  ...(dur === undefined ? {} : { dur }),
  pid: 1,
  tid: 1,
  args,
});
/** A page navigated at 1,000 µs that painted at 1,100 µs, and what its main thread did before that. */
const page = (events: TraceEvent[]): TraceEvent[] => [
  { name: 'navigationStart', ph: 'R', ts: 1_000, pid: 1, tid: 1, args: { data: { documentLoaderURL: `${PAGE}/user/shop` } } },
  onMain('firstContentfulPaint', 1_100, undefined),
  onMain('RunTask', 0, 900),
  onMain('ParseHTML', 100, 500),
  ...events,
];
const byCause = (events: TraceEvent[], slowdown = 1) =>
  Object.fromEntries(mainThreadCauses(events, { slowdown }).map(({ cause, ms }) => [cause, Math.round(ms * 1000) / 1000]));

test('mainThreadCauses counts self time from the navigation on, by cause and script, times the slowdown', () => {
  const events = page([
    onMain('RunTask', 2_000, 1_000),
    onMain('v8.compileModule', 2_100, 100, { data: { url: `${PAGE}/assets/index-A1.js`, scriptId: 7 } }),
    onMain('RunTask', 3_000, 3_000),
    onMain('v8.evaluateModule', 3_000, 2_000),
    // A style recalculation forced by the module, inside it.
    onMain('UpdateLayoutTree', 3_500, 500),
    onMain('MinorGC', 4_500, 100),
    onMain('ModuleEvaluated', 5_000, 0, { data: { scriptId: 7, url: `${PAGE}/user/shop` } }),
    // The module's promises, settled at the end of its task: no script named, the task's is taken.
    onMain('RunMicrotasks', 5_000, 600),
    onMain('RunTask', 6_000, 1_000),
    onMain('Layout', 6_000, 300),
    onMain('Paint', 6_300, 200),
    // Another thread's work is not the page's.
    { ...onMain('FunctionCall', 6_000, 900, { data: { url: `${PAGE}/assets/worker.js` } }), tid: 2 },
  ]);
  expect(byCause(events, 4)).toEqual({
    'compile index-A1.js': 0.4,
    'script evaluation index-A1.js': 8,
    style: 2,
    'garbage collection': 0.4,
    layout: 1.2,
    'paint & composite': 0.8,
    other: 7.2,
  });
});

test('mainThreadCauses names a timer by the script that set it, and an event dispatch by the listener it called', () => {
  const stackTrace = [{ url: `${PAGE}/assets/query-B2.js`, functionName: 'setTimeout' }];
  const events = page([
    onMain('TimerInstall', 1_500, undefined, { data: { timerId: 3, stackTrace } }),
    onMain('RunTask', 2_000, 1_000),
    onMain('TimerFire', 2_000, 1_000, { data: { timerId: 3 } }),
    onMain('RunTask', 3_000, 1_000),
    onMain('EventDispatch', 3_000, 1_000, { data: { type: 'click' } }),
    onMain('FunctionCall', 3_200, 800, { data: { url: `${PAGE}/assets/index-A1.js` } }),
  ]);
  expect(byCause(events)).toEqual({ 'script evaluation query-B2.js': 1, 'script evaluation index-A1.js': 1 });
});

test("mainThreadCauses gives script time inside React's spans to the innermost component, the commit or the render", () => {
  const timeStamp = (message: string, start: number, end: number, data: Record<string, unknown>) =>
    onMain('TimeStamp', end, undefined, { data: { message, start, end, ...data } });
  const component = { track: 'Components ⚛', color: 'primary' };
  const events = page([
    onMain('RunTask', 2_000, 3_000),
    onMain('FunctionCall', 2_000, 2_900, { data: { url: `${PAGE}/assets/index-A1.js` } }),
    // A layout forced during the render stays layout.
    onMain('Layout', 2_600, 100),
    timeStamp('Render', 2_100, 3_500, { track: 'Blocking', trackGroup: 'Scheduler ⚛' }),
    timeStamp('Commit', 3_500, 4_000, { track: 'Blocking', trackGroup: 'Scheduler ⚛' }),
    timeStamp('ShopPage', 2_300, 3_500, component),
    timeStamp('ItemCard', 2_500, 3_000, component),
    timeStamp('ShopGrid', 3_600, 3_800, { track: 'Components ⚛', color: 'secondary' }),
    // The render yielded: what ran meanwhile was not React's.
    timeStamp('Blocked', 2_100, 2_200, component),
  ]);
  expect(byCause(events)).toEqual({
    'script evaluation index-A1.js': 1.1,
    'React render (outside components)': 0.1,
    'React render ShopPage': 0.7,
    'React render ItemCard': 0.4,
    layout: 0.1,
    'React effects ShopGrid': 0.2,
    'React commit': 0.3,
    other: 0.1,
  });
});

test('formatCauses lists the largest causes on one line', () => {
  const causes = [
    { cause: 'script evaluation index-A1.js', ms: 210.4 },
    { cause: 'style', ms: 120 },
    { cause: 'layout', ms: 3 },
  ];
  expect(formatCauses(causes, 2)).toBe('script evaluation index-A1.js 210 ms, style 120 ms');
});
