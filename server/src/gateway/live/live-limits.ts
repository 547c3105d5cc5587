export interface LiveCaps {
  socketsPerUser: number;
  socketsPerToken: number;
  /** Distinct subscription keys per user: each one is a poller, so this bounds one user's upstream load. */
  subscriptionsPerUser: number;
}

/**
 * Counts what each user holds in this process (sockets, by user and by token; subscription keys) and
 * says no past the caps. Counting is synchronous, so sockets that arrive together cannot all slip
 * under a cap; every admit and reserve is matched by a release, which is idempotent.
 */
export class LiveLimits {
  private readonly socketsByUser = new Map<number, Set<string>>();
  private readonly socketsByToken = new Map<string, Set<string>>();
  private readonly keysByUser = new Map<number, Map<string, Set<string>>>();

  constructor(private readonly caps: LiveCaps) {}

  /** Null when admitted, else why not. `tokenId` identifies the token (a digest, not the token). */
  admitSocket(socketId: string, userId: number, tokenId: string): string | null {
    const ofUser = this.socketsByUser.get(userId) ?? new Set<string>();
    const ofToken = this.socketsByToken.get(tokenId) ?? new Set<string>();
    if (ofToken.size >= this.caps.socketsPerToken) return `too many live connections: at most ${this.caps.socketsPerToken} per login`;
    if (ofUser.size >= this.caps.socketsPerUser) return `too many live connections: at most ${this.caps.socketsPerUser} per user`;
    this.socketsByUser.set(userId, ofUser.add(socketId));
    this.socketsByToken.set(tokenId, ofToken.add(socketId));
    return null;
  }

  releaseSocket(socketId: string, userId: number, tokenId: string): void {
    removeFrom(this.socketsByUser, userId, socketId);
    removeFrom(this.socketsByToken, tokenId, socketId);
  }

  /** Null when the socket may hold `key`, else why not. A key the user already holds costs nothing. */
  reserveKey(userId: number, key: string, socketId: string): string | null {
    const keys = this.keysByUser.get(userId) ?? new Map<string, Set<string>>();
    if (!keys.has(key) && keys.size >= this.caps.subscriptionsPerUser) {
      return `too many live subscriptions: at most ${this.caps.subscriptionsPerUser} different ones per user`;
    }
    keys.set(key, (keys.get(key) ?? new Set<string>()).add(socketId));
    this.keysByUser.set(userId, keys);
    return null;
  }

  releaseKey(userId: number, key: string, socketId: string): void {
    const keys = this.keysByUser.get(userId);
    if (!keys) return;
    removeFrom(keys, key, socketId);
    if (keys.size === 0) this.keysByUser.delete(userId);
  }
}

function removeFrom<K>(map: Map<K, Set<string>>, key: K, member: string): void {
  const members = map.get(key);
  if (!members) return;
  members.delete(member);
  if (members.size === 0) map.delete(key);
}
