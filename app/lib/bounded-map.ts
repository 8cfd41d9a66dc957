/**
 * A map that holds at most `limit` entries: adding one more evicts the entry used longest ago. Reading an entry
 * with `get` counts as a use (least recently used goes first); `peek` reads without one. For caches in memory
 * whose keys come from outside (pages, agents, addresses), so that no run of new keys grows the process.
 * With `weights`, the entries' total weight (their bytes) is bounded too, evicting the same way.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  #weight = 0;

  constructor(
    readonly limit: number,
    readonly weights?: { max: number; of: (value: V) => number },
  ) {
    super();
  }

  /** The entries' total weight (0 without `weights`). */
  get weight(): number {
    return this.#weight;
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
    this.delete(key);
    super.set(key, value);
    this.#weight += this.weights?.of(value) ?? 0;
    while (this.size > this.limit || (this.weights && this.#weight > this.weights.max)) {
      this.delete(this.keys().next().value as K);
    }
    return this;
  }

  override delete(key: K): boolean {
    if (!super.has(key)) return false;
    this.#weight -= this.weights?.of(super.get(key) as V) ?? 0;
    return super.delete(key);
  }

  override clear(): void {
    this.#weight = 0;
    super.clear();
  }
}
