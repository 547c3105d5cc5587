// What bench/screens runs inside the console's page: a count of the /api requests in flight with
// their times, and the wait for a screen's data to stand drawn. Everything is on the page's own
// clock (performance.now()), the one the charts' data-drawn-at marks use (components/Chart/useChart.ts).

export interface ApiCall {
  path: string;
  /** When the request was sent, ms on the page's clock. */
  start: number;
  /** When its answer was complete (loadend); null while in flight. */
  end: number | null;
  /** Time to the answer's first byte (request sent → response start), from resource timing: gateway and backend. */
  waiting: number | null;
}

export interface Drawn {
  /** The first moment from which everything asked for stood drawn, and stayed so. */
  doneAt: number;
  /** The latest first frame of a chart's new data (null: no chart drew). */
  firstFrameAt: number | null;
  /** The latest `finished` of a chart's new data, animations done (null: no chart drew). */
  chartsDrawnAt: number | null;
  calls: ApiCall[];
  charts: number;
  rows: number;
  /** Main-thread time in long tasks (over 50 ms) between `since` and done: script, style, layout, paint. */
  longTasks: number;
}

interface BenchState {
  inflight: number;
  calls: ApiCall[];
  queryClickedAt: number | null;
  longTasks: { start: number; end: number }[];
}

type BenchWindow = Window & { __screensBench: BenchState };

/**
 * Added before the console's scripts: every /api request (axios sends them over XMLHttpRequest) is
 * counted while in flight and its times kept, and a click on 查询 notes its time.
 */
export function instrument(): void {
  const state: BenchState = { inflight: 0, calls: [], queryClickedAt: null, longTasks: [] };
  (window as unknown as BenchWindow).__screensBench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push({ start: entry.startTime, end: entry.startTime + entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  performance.setResourceTimingBufferSize(100_000);
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  const paths = new WeakMap<XMLHttpRequest, string>();
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
    paths.set(this, new URL(String(args[1]), location.href).pathname);
    return (open as (...a: unknown[]) => void).apply(this, args);
  } as typeof XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    const path = paths.get(this);
    if (path?.startsWith('/api/')) {
      const call: ApiCall = { path, start: performance.now(), end: null, waiting: null };
      state.calls.push(call);
      state.inflight += 1;
      this.addEventListener('loadend', () => {
        call.end = performance.now();
        state.inflight -= 1;
      });
    }
    return send.call(this, body);
  };
  document.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element | null)?.closest('[data-testid="filter-query"]')) state.queryClickedAt = performance.now();
    },
    true,
  );
}

/** Resolves once no /api request has been in flight for `quietMs` (the screen's own loads are done). */
export function apiQuiet(quietMs: number): Promise<void> {
  const state = (window as unknown as BenchWindow).__screensBench;
  return new Promise((resolve) => {
    let quietSince = performance.now();
    const tick = () => {
      if (state.inflight > 0) quietSince = performance.now();
      if (performance.now() - quietSince >= quietMs) resolve();
      else setTimeout(tick, 10);
    };
    tick();
  });
}

/**
 * Goes to `url` inside the running app, as a link or a menu item does (React Router's history
 * push; a popstate makes the router read the new address), and returns when, on the page's clock.
 */
export function navigateInApp(url: string): number {
  const at = performance.now();
  history.pushState(null, '', url);
  dispatchEvent(new PopStateEvent('popstate', { state: null }));
  return at;
}

export function queryClickedAt(): number | null {
  return (window as unknown as BenchWindow).__screensBench.queryClickedAt;
}

/**
 * Waits, frame by frame, until what the screen asked for since `since` stands drawn: at least one
 * /api call made and none in flight, no spinner or skeleton on screen, every chart on screen (in the
 * viewport; those below draw as they are scrolled near) that holds data has finished drawing it (data-drawn-at after `since`), every image loaded. A state
 * counts only once it has held for `quietMs` (an answer lands a frame before React shows it, and
 * one answer may lead to the next request); the time returned is when it began.
 */
export function drawn({ since, quietMs }: { since: number; quietMs: number }): Promise<Drawn> {
  const state = (window as unknown as BenchWindow).__screensBench;
  const shown = (element: Element) => element.getClientRects().length > 0;
  const mark = (element: HTMLElement, name: 'drawnAt' | 'firstFrameAt') => Number(element.dataset[name] ?? Number.NaN);
  return new Promise((resolve) => {
    let readySince: number | null = null;
    const check = () => {
      const now = performance.now();
      const calls = state.calls.filter((call) => call.start >= since);
      // The charts on screen: one further down draws when it is scrolled near (useChart).
      const onScreen = (element: Element) => {
        const box = element.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
      };
      const charts = [...document.querySelectorAll<HTMLElement>('.chart-canvas')].filter((canvas) => shown(canvas) && onScreen(canvas));
      const holding = charts.filter((canvas) => canvas.parentElement?.dataset.state === 'drawn');
      const ready =
        calls.length > 0 &&
        state.inflight === 0 &&
        ![...document.querySelectorAll('.arco-spin-loading, .arco-icon-loading, .arco-skeleton, [data-testid="loading-overlay"]')].some(shown) &&
        holding.every((canvas) => mark(canvas, 'drawnAt') >= since) &&
        [...document.querySelectorAll<HTMLImageElement>('#root img')].every((image) => image.complete);
      if (!ready) readySince = null;
      else readySince ??= now;
      if (readySince === null || now - readySince < quietMs) {
        requestAnimationFrame(check);
        return;
      }
      const latest = (name: 'drawnAt' | 'firstFrameAt') => {
        const marks = holding.map((canvas) => mark(canvas, name)).filter((at) => at >= since);
        return marks.length ? Math.max(...marks) : null;
      };
      const timings = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const matched = new Set<PerformanceResourceTiming>();
      for (const call of calls) {
        const entry = timings.find(
          (t) => !matched.has(t) && new URL(t.name).pathname === call.path && Math.abs(t.startTime - call.start) < 50 && t.responseStart > 0,
        );
        if (!entry) continue;
        matched.add(entry);
        call.waiting = entry.responseStart - entry.requestStart;
      }
      resolve({
        doneAt: readySince,
        firstFrameAt: latest('firstFrameAt'),
        chartsDrawnAt: latest('drawnAt'),
        calls,
        charts: holding.length,
        rows: document.querySelectorAll('tbody tr.arco-table-tr:not(.arco-table-empty-row), .data-card').length,
        longTasks: state.longTasks.reduce((sum, task) => sum + Math.max(0, Math.min(task.end, readySince!) - Math.max(task.start, since)), 0),
      });
    };
    check();
  });
}
