import { describe, expect, test } from "vitest";
import { createSlots } from "~/builds/git/pack-slots.server";

describe("pack slots: a few packs at once per instance, a short queue, then refusal", () => {
  test("a request past the slots waits for one to be released, and gets it", async () => {
    const slots = createSlots(2, 4, 5_000);
    const first = (await slots.take())!;
    const second = (await slots.take())!;
    expect(slots.busy).toBe(2);
    let third: (() => void) | null | undefined;
    const waiting = slots.take().then((release) => (third = release));
    await Promise.resolve();
    expect(third).toBeUndefined();
    expect(slots.waiting).toBe(1);
    first();
    first(); // A second release of the same slot frees nothing more.
    await waiting;
    expect(third).toBeTypeOf("function");
    expect(slots.busy).toBe(2);
    second();
    third!();
    expect(slots.busy).toBe(0);
  });

  test("more waiting than the queue holds are refused at once; a wait that runs out is refused", async () => {
    const slots = createSlots(1, 1, 50);
    const held = (await slots.take())!;
    const queued = slots.take();
    expect(await slots.take()).toBeNull();
    expect(await queued).toBeNull();
    expect(slots.waiting).toBe(0);
    held();
    expect(slots.busy).toBe(0);
  });

  test("a request that goes away while waiting leaves the queue", async () => {
    const slots = createSlots(1, 4, 5_000);
    const held = (await slots.take())!;
    const controller = new AbortController();
    const queued = slots.take(controller.signal);
    controller.abort();
    expect(await queued).toBeNull();
    expect(slots.waiting).toBe(0);
    held();
    expect(slots.busy).toBe(0);
  });
});
