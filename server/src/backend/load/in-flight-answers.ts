/** An answer as serialized for the wire, so that identical requests can be sent the same bytes. */
export interface SharedAnswer {
  statusCode: number;
  contentType: string;
  payload: string | Buffer;
}

export interface Leader {
  /** The answer for those waiting, or null when they must do the work themselves. Only the first call counts. */
  settle(answer: SharedAnswer | null): void;
}

/**
 * Requests being worked on, by a key of everything that decides their answer. The first request
 * of a key leads; identical requests arriving while it runs wait for its answer instead of
 * running the same query again.
 */
export function createInFlightAnswers() {
  const running = new Map<string, Promise<SharedAnswer | null>>();
  return {
    find: (key: string): Promise<SharedAnswer | null> | undefined => running.get(key),
    lead(key: string): Leader {
      let resolve!: (answer: SharedAnswer | null) => void;
      running.set(key, new Promise((done) => (resolve = done)));
      let settled = false;
      return {
        settle(answer) {
          if (settled) return;
          settled = true;
          running.delete(key);
          resolve(answer);
        },
      };
    },
    get size() {
      return running.size;
    },
  };
}
