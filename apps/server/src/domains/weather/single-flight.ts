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
