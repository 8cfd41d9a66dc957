/**
 * The sync step: every message added with status Sending is published to the site's relay, marked Sent when
 * the relay says OK to each of its wraps, and otherwise tried again with a growing pause (1 s doubling to a
 * minute) while the relay cannot be reached; the interface shows the failure meanwhile. Going back online
 * tries at once. Browser code, loaded on use.
 */
import type { Relay } from "nostr-tools/relay";
import { pauseAfter } from "./backoff";
import { inbox, type InboxEvent } from "~/keys/local-inbox";

/** How the sync step reaches the relay (authenticated when the sender is a member). */
export type Connect = () => Promise<Relay>;

let connect: Connect | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<void> | undefined;

async function publishOne(relay: Relay, row: InboxEvent): Promise<void> {
  for (const wrap of row.wraps ?? []) await relay.publish(wrap);
}

/** One pass: publishes what is due; schedules the next pass for what is left. */
async function pass(): Promise<void> {
  if (!connect) return;
  const due = await inbox.events.where("status").equals("Sending").toArray();
  if (due.length === 0) return;
  const now = Date.now();
  const ready = due.filter((row) => (row.nextAttemptAt ?? 0) <= now);
  let relay: Relay | undefined;
  try {
    if (ready.length) relay = await connect();
  } catch (error) {
    for (const row of ready) await failed(row, error);
  }
  if (relay) {
    for (const row of ready) {
      try {
        await publishOne(relay, row);
        await inbox.events.update(row.id!, {
          status: "Sent",
          attempts: row.attempts ?? 0,
          nextAttemptAt: undefined,
          lastError: undefined,
          wraps: [],
        });
      } catch (error) {
        await failed(row, error);
      }
    }
  }
  const left = await inbox.events.where("status").equals("Sending").toArray();
  if (left.length) {
    const next = Math.min(...left.map((row) => row.nextAttemptAt ?? Date.now()));
    schedule(Math.max(0, next - Date.now()));
  }
}

async function failed(row: InboxEvent, error: unknown): Promise<void> {
  const attempts = (row.attempts ?? 0) + 1;
  const reason = error instanceof Error ? error.message : String(error);
  // A refusal by the relay (not a lost connection) is logged: it will not pass by itself.
  console.error("Sending a message failed:", reason);
  await inbox.events.update(row.id!, { attempts, nextAttemptAt: Date.now() + pauseAfter(attempts), lastError: reason });
}

function schedule(delayMs: number): void {
  clearTimeout(timer);
  timer = setTimeout(() => void runSync(), delayMs);
}

/** Runs a pass now (one at a time). */
export function runSync(): Promise<void> {
  running ??= pass()
    .catch((error: unknown) => console.error("The inbox sync step failed:", error))
    .finally(() => (running = undefined));
  return running;
}

/** "Try again now": forgets the pauses and runs a pass. */
export async function retryNow(): Promise<void> {
  await inbox.events.where("status").equals("Sending").modify({ nextAttemptAt: 0 });
  await runSync();
}

/** Starts the sync step with how to reach the relay; it runs whenever a Sending message is added. */
export function startSync(how: Connect): () => void {
  connect = how;
  const online = () => void retryNow();
  window.addEventListener("online", online);
  void runSync();
  return () => {
    window.removeEventListener("online", online);
    clearTimeout(timer);
  };
}

// Added with status Sending: the sync step takes it once the adding transaction has committed.
inbox.events.hook("creating", (_key, row) => {
  if (row.status === "Sending") setTimeout(() => void runSync(), 0);
});
