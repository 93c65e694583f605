/** A Map that forgets its least recently used entry beyond `max` entries. */
export class BoundedCache<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly max: number) {}

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      // Map keeps insertion order: re-inserting marks the entry as recently used.
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }

  clear(): void {
    this.map.clear();
  }
}

/** Concurrent callers of the same key share one running promise. */
export class SingleFlight<K, V> {
  private readonly running = new Map<K, Promise<V>>();

  run(key: K, task: () => Promise<V>): Promise<V> {
    const current = this.running.get(key);
    if (current) return current;
    const promise = task().finally(() => this.running.delete(key));
    this.running.set(key, promise);
    return promise;
  }

  /** Settles when every task running now has settled. */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.running.values()]);
  }
}
