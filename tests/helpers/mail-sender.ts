/**
 * One pass of the outbox in a process of its own, on the database DATABASE_URL names: a sender the test can kill
 * mid-send. Run with tsx; `SMTP_HOST_ALLOW_PRIVATE` comes with the test's environment.
 */
import { getDb } from "~/db/client.server";
import { processOutbox } from "~/mail/outbox.server";

await processOutbox(await getDb(), { holder: "child-sender" });
process.exit(0);
