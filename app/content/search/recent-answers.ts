/**
 * Answers to recent searches, kept in memory: most searches repeat a few words, and each costs milliseconds of
 * the server's one thread (reading the index, ranking, excerpts). An answer is kept until the index may have
 * changed (`forget`: the owner calls it when a content change arrives and when an update of the index ends),
 * and at most `ttlMs`. Searches for the same words at once wait for one search. An answer computed while the
 * index changed is given to its callers but not kept. Bounded in entries; the one used longest ago goes first.
 */
import { BoundedMap } from "~/lib/bounded-map";

export class RecentAnswers<T> {
  readonly #answers: BoundedMap<string, { answer: Promise<T>; expires: number }>;
  #generation = 0;

  constructor(
    maxEntries: number,
    readonly ttlMs: number,
    readonly now: () => number = Date.now,
  ) {
    this.#answers = new BoundedMap(maxEntries);
  }

  /** The kept answer for `key`, else `compute`'s (kept when the index did not change meanwhile). */
  answer(key: string, compute: () => Promise<T>): Promise<T> {
    const kept = this.#answers.get(key);
    if (kept && kept.expires > this.now()) return kept.answer;
    if (kept) this.#answers.delete(key);
    const generation = this.#generation;
    const answer = compute();
    this.#answers.set(key, { answer, expires: this.now() + this.ttlMs });
    const drop = () => {
      if (this.#answers.peek(key)?.answer === answer) this.#answers.delete(key);
    };
    answer.then(() => {
      if (generation !== this.#generation) drop();
    }, drop);
    return answer;
  }

  /** Forgets every answer, and those being computed now are not kept. */
  forget(): void {
    this.#generation++;
    this.#answers.clear();
  }

  get size(): number {
    return this.#answers.size;
  }
}
