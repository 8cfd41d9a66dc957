/** Vitest's global setup: the test run's marker and temporary folder, checked when every file has run. */
import { guardRun } from "../scripts/test-run";

export default function setup() {
  return guardRun();
}
