import { expect, test } from "vitest";
import { initialFlags, reconcile } from "~/install/progress-flags";
import { stepState } from "~/ui/stepper";

const server = (over: Partial<Parameters<typeof reconcile>[1]>) => ({
  connected: true,
  migrated: false,
  loaded: false,
  adminLoaded: false,
  installed: false,
  ...over,
});

test("the server's state wins over stale flags", () => {
  // The browser believes it reached step 4 with everything done; the database was reset meanwhile.
  const stale = {
    databaseConnected: true,
    databaseMigrated: true,
    databaseLoaded: true,
    adminLoaded: true,
    currentStep: 4,
  };
  expect(reconcile(stale, server({}))).toEqual({
    databaseConnected: true,
    databaseMigrated: false,
    databaseLoaded: false,
    adminLoaded: false,
    currentStep: 2,
  });
  expect(reconcile(stale, server({ connected: false })).currentStep).toBe(1);
});

test("a reload resumes on the remembered step when the server allows it", () => {
  expect(reconcile({ ...initialFlags, currentStep: 3 }, server({ migrated: true, loaded: true })).currentStep).toBe(3);
  expect(reconcile({ ...initialFlags, currentStep: 1 }, server({ migrated: true, loaded: true })).currentStep).toBe(1);
  expect(reconcile({ ...initialFlags, currentStep: 0 }, server({})).currentStep).toBe(1);
  expect(
    reconcile({ ...initialFlags, currentStep: 9 }, server({ migrated: true, loaded: true, adminLoaded: true }))
      .currentStep,
  ).toBe(1);
});

test("stepper items: completed if marked or below the current step, active if current, else inactive", () => {
  expect(stepState({ title: "a" }, 1, 2)).toBe("completed");
  expect(stepState({ title: "a" }, 2, 2)).toBe("active");
  expect(stepState({ title: "a" }, 3, 2)).toBe("inactive");
  expect(stepState({ title: "a", completed: true }, 3, 2)).toBe("completed");
});
