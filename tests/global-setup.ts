/**
 * Vitest's global setup: the test run's marker and temporary folder, checked when every file has run; and the
 * production build the integration tests import, made once here rather than by two files running at once.
 */
import { buildIfStale } from "../scripts/build-if-stale";
import { guardRun } from "../scripts/test-run";

export default function setup() {
  buildIfStale();
  return guardRun();
}
