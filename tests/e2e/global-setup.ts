import { buildIfStale } from "../../scripts/build-if-stale";
import { guardRun } from "../../scripts/test-run";

/** The build the servers run, and the test run's marker and temporary folder (checked by the teardown returned). */
export default function globalSetup() {
  buildIfStale();
  return guardRun();
}
