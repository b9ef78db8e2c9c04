/**
 * Picture files a server keeps in memory, bounded by their total bytes; the least recently served goes first.
 * A stored path's bytes never change (a new picture gets a new name), so an entry is never stale and nothing
 * has to be invalidated. A path found missing is remembered only for `missMs`: another server on the same
 * database may store it a moment later. Loads of one path that run at once share one database query.
 */
export class PictureCache<Entry extends { bytes: Buffer }> {
  private readonly entries = new Map<string, Entry>();
  private readonly misses = new Map<string, number>();
  private readonly loading = new Map<string, Promise<Entry | undefined>>();
  private totalBytes = 0;

  constructor(
    private readonly options: {
      maxBytes: number;
      missMs: number;
      /** Paths remembered as missing at most (a crawler asking for random names must not grow it). */
      maxMisses: number;
      now?: () => number;
    },
  ) {}

  /** Bytes held now (for tests and the decision's figures). */
  get bytes(): number {
    return this.totalBytes;
  }

  async get(path: string, load: (path: string) => Promise<Entry | undefined>): Promise<Entry | undefined> {
    const cached = this.entries.get(path);
    if (cached) {
      // Map keeps insertion order: moving the entry to the end makes the first one the least recently used.
      this.entries.delete(path);
      this.entries.set(path, cached);
      return cached;
    }
    const missUntil = this.misses.get(path);
    if (missUntil !== undefined) {
      if (missUntil > this.now()) return undefined;
      this.misses.delete(path);
    }
    let pending = this.loading.get(path);
    if (!pending) {
      pending = load(path)
        .then((entry) => {
          if (entry) this.remember(path, entry);
          else this.rememberMiss(path);
          return entry;
        })
        .finally(() => this.loading.delete(path));
      this.loading.set(path, pending);
    }
    return pending;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private remember(path: string, entry: Entry): void {
    // One file larger than a quarter of the cache would push out many others for one picture: served, not kept.
    if (entry.bytes.length > this.options.maxBytes / 4 || this.entries.has(path)) return;
    this.entries.set(path, entry);
    this.totalBytes += entry.bytes.length;
    for (const [oldest, old] of this.entries) {
      if (this.totalBytes <= this.options.maxBytes) break;
      this.entries.delete(oldest);
      this.totalBytes -= old.bytes.length;
    }
  }

  private rememberMiss(path: string): void {
    if (this.misses.size >= this.options.maxMisses) {
      const oldest = this.misses.keys().next();
      if (!oldest.done) this.misses.delete(oldest.value);
    }
    this.misses.set(path, this.now() + this.options.missMs);
  }
}
