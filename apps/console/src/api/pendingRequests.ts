/**
 * Reference count of requests that show the loading overlay: one overlay for any number of
 * concurrent requests, hidden when the last one settles (console-spec section 9).
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let pending = 0;

function publish(): void {
  for (const listener of listeners) listener();
}

/** Counts a request in; the returned function counts it out, once, however often it is called. */
export function beginRequest(): () => void {
  pending += 1;
  publish();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    pending -= 1;
    publish();
  };
}

export function pendingRequestCount(): number {
  return pending;
}

export function subscribePendingRequests(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
