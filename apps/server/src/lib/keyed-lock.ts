/**
 * Runs tasks one at a time per key, in the order they asked, within this process. Tasks under
 * different keys run side by side. (Across processes the database's own constraints decide.)
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await result;
    } finally {
      // The last task of a key forgets it, so the map holds only keys with work in flight.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
