import { randomUUID } from "node:crypto";

/**
 * This process's name among the instances sharing the database: it marks the change-log entries it wrote and
 * the leases it holds. New at every start, so a restarted instance never mistakes an old lease for its own.
 */
export const instanceId = `${process.pid}-${randomUUID()}`;
