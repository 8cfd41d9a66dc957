/**
 * A map that holds at most `limit` entries: adding one more evicts the entry used longest ago. Reading an entry
 * with `get` counts as a use (least recently used goes first); `peek` reads without one. For caches in memory
 * whose keys come from outside (pages, agents, addresses), so that no run of new keys grows the process.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(readonly limit: number) {
    super();
  }

  override get(key: K): V | undefined {
    if (!super.has(key)) return undefined;
    const value = super.get(key) as V;
    super.delete(key);
    super.set(key, value);
    return value;
  }

  /** The entry without counting a use. */
  peek(key: K): V | undefined {
    return super.get(key);
  }

  override set(key: K, value: V): this {
    super.delete(key);
    super.set(key, value);
    while (this.size > this.limit) super.delete(this.keys().next().value as K);
    return this;
  }
}
