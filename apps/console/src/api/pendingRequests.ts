/**
 * Reference count of requests that show the loading overlay: one overlay for any number of
 * concurrent requests, hidden when the last one settles (console-spec section 9). A request may
 * name its own overlay text (an export says 正在导出...); the latest such request still pending wins.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
/** One entry per pending request, in the order they began. */
const pending = new Set<{ text: string | undefined }>();

function publish(): void {
  for (const listener of listeners) listener();
}

/** Counts a request in; the returned function counts it out, once, however often it is called. */
export function beginRequest(text?: string): () => void {
  const entry = { text };
  pending.add(entry);
  publish();
  return () => {
    if (!pending.delete(entry)) return;
    publish();
  };
}

export function pendingRequestCount(): number {
  return pending.size;
}

/** The overlay text asked for by the latest pending request that asked for one. */
export function pendingRequestText(): string | undefined {
  let text: string | undefined;
  for (const entry of pending) text = entry.text ?? text;
  return text;
}

export function subscribePendingRequests(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
