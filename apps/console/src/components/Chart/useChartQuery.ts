import { useEffect, useState } from 'react';

/** A chart's data for the request on screen: none asked yet, loading, loaded, or failed. */
export type ChartQueryState<D> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'loaded'; data: D }
  | { status: 'failed' };

/**
 * Loads a chart's data whenever its request changes (undefined: nothing asked, e.g. before the
 * first Query or after Reset). An answer to an older request is dropped. A failure was already
 * shown by the http client (console-spec section 8); the chart just shows nothing.
 */
export function useChartQuery<B, D>(load: (body: B) => Promise<D>, body: B | undefined): ChartQueryState<D> {
  const [state, setState] = useState<ChartQueryState<D>>({ status: 'idle' });

  useEffect(() => {
    if (body === undefined) {
      setState({ status: 'idle' });
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    load(body)
      .then((data) => current && setState({ status: 'loaded', data }))
      .catch(() => current && setState({ status: 'failed' }));
    return () => {
      current = false;
    };
    // `load` is a module-level api function for every caller: only a new request reloads.
  }, [body]);

  return state;
}

export function loadedData<D>(state: ChartQueryState<D>): D | undefined {
  return state.status === 'loaded' ? state.data : undefined;
}
