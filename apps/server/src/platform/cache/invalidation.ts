/** Cache invalidation by tag. Why: decision 0051. */

/** The tag that stands for every tag: a change nobody can describe more narrowly (seeds, settings). */
export const everyTag = '*';

/** Tags a cache entry depends on, or a write changed. */
export type CacheTags = readonly string[];

export interface InvalidationService {
  /** Reports a committed write: caches here drop what depends on `tags` at once, other processes soon after. */
  publish(tags: CacheTags): Promise<void>;
  /** The clock to read before building a cache entry from the database; pass it to `isStale`. */
  now(): number;
  /** Whether something `tags` depend on changed after `since` (then the entry must not be used or stored). */
  isStale(tags: CacheTags, since: number): boolean;
  /** Whether a change this process heard of touched `tags` after `since`. Why: decision 0345. */
  changedSince(tags: CacheTags, since: number): boolean;
  /** Whether every process's changes are being heard now (always on the embedded database). */
  readonly isListening: boolean;
  /** Called with the tags of every change, this process's and the others'. */
  subscribe(listener: (tags: CacheTags) => void): () => void;
  close(): Promise<void>;
}

/** The clock and the last change of each tag, shared by the in-process and PostgreSQL services. Why: decision 0051. */
export class TagClock {
  private clock = 0;
  private everythingAt = 0;
  private readonly changedAt = new Map<string, number>();
  private readonly listeners = new Set<(tags: CacheTags) => void>();

  constructor(private readonly maxTags = 10_000) {}

  now(): number {
    return this.clock;
  }

  record(tags: CacheTags): void {
    if (tags.length === 0) return;
    this.clock += 1;
    if (tags.includes(everyTag) || this.changedAt.size + tags.length > this.maxTags) {
      this.everythingAt = this.clock;
      this.changedAt.clear();
    } else {
      for (const tag of tags) this.changedAt.set(tag, this.clock);
    }
    for (const listener of this.listeners) listener(tags);
  }

  isStale(tags: CacheTags, since: number): boolean {
    if (this.everythingAt > since) return true;
    return tags.some((tag) => (this.changedAt.get(tag) ?? 0) > since);
  }

  subscribe(listener: (tags: CacheTags) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** One process on the embedded database: a change is known to every cache at once. */
export class InProcessInvalidation implements InvalidationService {
  protected readonly clock = new TagClock();

  async publish(tags: CacheTags): Promise<void> {
    this.clock.record(tags);
  }

  now(): number {
    return this.clock.now();
  }

  isStale(tags: CacheTags, since: number): boolean {
    return this.clock.isStale(tags, since);
  }

  changedSince(tags: CacheTags, since: number): boolean {
    return this.clock.isStale(tags, since);
  }

  get isListening(): boolean {
    return true;
  }

  subscribe(listener: (tags: CacheTags) => void): () => void {
    return this.clock.subscribe(listener);
  }

  async close(): Promise<void> {}
}
