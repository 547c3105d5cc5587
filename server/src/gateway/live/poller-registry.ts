import type { LiveTopic } from '@pest/shared';
import { Poller, type PollerDeps } from './poller.ts';
import type { TopicDefinition } from './topic.ts';

/**
 * Exactly one poller per subscription key in this process: started by the first subscriber,
 * stopped by the last, whatever order sockets come and go in.
 */
export class PollerRegistry {
  private readonly pollers = new Map<string, Poller>();
  /** Redis is away: pollers wait, new ones too. */
  private paused = false;

  constructor(private readonly deps: PollerDeps) {}

  subscribe(socketId: string, token: string, key: string, topic: LiveTopic, definition: TopicDefinition, params: unknown): Poller {
    let poller = this.pollers.get(key);
    if (!poller) {
      poller = new Poller(key, topic, definition, params, this.deps);
      this.pollers.set(key, poller);
      poller.subscribers.set(socketId, token);
      if (this.paused) poller.pause();
      else poller.start();
    } else {
      poller.subscribers.set(socketId, token);
    }
    return poller;
  }

  async unsubscribe(socketId: string, key: string): Promise<void> {
    const poller = this.pollers.get(key);
    if (!poller) return;
    // The poller may already have let go of a socket whose token the upstream refused.
    poller.subscribers.delete(socketId);
    if (poller.subscribers.size > 0) return;
    this.pollers.delete(key);
    await poller.stop();
  }

  /** Redis went away: every key here is stale until it is back. */
  pause(): void {
    this.paused = true;
    for (const poller of this.pollers.values()) poller.pause();
  }

  resume(): void {
    this.paused = false;
    for (const poller of this.pollers.values()) poller.resume();
  }

  get size(): number {
    return this.pollers.size;
  }

  get failing(): Poller[] {
    return [...this.pollers.values()].filter((poller) => poller.isFailing);
  }

  async close(): Promise<void> {
    const pollers = [...this.pollers.values()];
    this.pollers.clear();
    await Promise.all(pollers.map((poller) => poller.stop()));
  }
}
