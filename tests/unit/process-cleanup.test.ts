/**
 * What ends the processes tests start: process groups ended whole (scripts/process-group.ts), and the run's marker
 * that finds what a test failed to end (scripts/test-run.ts).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CommandFailed, endGroup, execGroup, spawnGroup } from "../../scripts/process-group";
import { describeLeftBehind, endSurvivors, runMarker, survivors } from "../../scripts/test-run";

const root = path.resolve(import.meta.dirname, "../..");

/** Whether `pid` is a live process (a zombie is not: it has ended and waits to be reaped). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

async function gone(pid: number, ms = 5_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (alive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/** The first line the child prints (a pid its shell started in the background). */
function firstLine(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let text = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes("\n")) resolve(Number(text.split("\n")[0]));
    });
    child.once("exit", () => reject(new Error(`exited before printing: ${text}`)));
  });
}

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already ended, as it should be.
    }
  }
});

describe("a process group", () => {
  it("is ended whole: the children its leader started end with it", async () => {
    const child = spawnGroup("sh", ["-c", "sleep 300 & echo $!; wait"], { stdio: ["ignore", "pipe", "ignore"] });
    const grandchild = await firstLine(child);
    started.push(child.pid!, grandchild);
    expect(alive(grandchild)).toBe(true);
    await endGroup(child);
    expect(await gone(child.pid!)).toBe(true);
    expect(await gone(grandchild)).toBe(true);
  });

  it("is killed after a grace when its leader ignores the signal", async () => {
    const child = spawnGroup("sh", ["-c", "trap '' TERM; echo $$; while :; do sleep 1; done"], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    started.push(await firstLine(child));
    const began = Date.now();
    expect(await endGroup(child, { graceMs: 500 })).toBe(null);
    expect(Date.now() - began).toBeLessThan(5_000);
    expect(await gone(child.pid!)).toBe(true);
  });

  it("is killed as soon as its leader ends: what it started is orphaned", async () => {
    const child = spawnGroup("sh", ["-c", "sleep 300 & echo $!"], { stdio: ["ignore", "pipe", "ignore"] });
    const orphan = await firstLine(child);
    started.push(orphan);
    expect(await gone(orphan)).toBe(true);
  });

  it("is killed when the process that started it exits without ending it", async () => {
    // A process that starts a group and exits at once, as a test file whose cleanup never ran.
    const script = [
      `import { spawnGroup } from ${JSON.stringify(path.join(root, "scripts/process-group.ts"))};`,
      `const child = spawnGroup("sleep", ["300"], { stdio: "ignore" });`,
      `console.log(child.pid);`,
      `setTimeout(() => process.exit(0), 100);`,
    ].join("\n");
    const starter = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const sleeper = await firstLine(starter);
    started.push(sleeper);
    expect(await gone(sleeper)).toBe(true);
  });
});

describe("the test run's marker", () => {
  it("finds the processes started under the run's marker, and only those, names them and ends them", async () => {
    const id = `check-${process.pid}-${Date.now()}`;
    // Detached, as a leaked server would be: a group of its own that nothing here ends.
    const ours = spawn("sleep", ["300"], {
      env: { ...process.env, [runMarker]: id },
      stdio: "ignore",
      detached: true,
    });
    ours.unref();
    const otherRun = spawn("sleep", ["300"], { env: { ...process.env, [runMarker]: `${id}-other` }, stdio: "ignore" });
    const unmarked = spawn("sleep", ["300"], { env: { PATH: process.env.PATH }, stdio: "ignore" });
    started.push(ours.pid!, otherRun.pid!, unmarked.pid!);
    expect(survivors(id).map((s) => s.pid)).toEqual([ours.pid]);
    expect(survivors(id)[0]!.command).toBe("sleep 300");

    const ended = await endSurvivors(id, { graceMs: 0 });
    expect(ended.map((s) => s.pid)).toEqual([ours.pid]);
    expect(describeLeftBehind(ended, ["daftar-clone-x"], "/tmp/run")).toEqual([
      `process ${ours.pid} still running: sleep 300`,
      "left in the temporary folder: /tmp/run/daftar-clone-x",
    ]);
    expect(await gone(ours.pid!)).toBe(true);
    expect(survivors(id)).toEqual([]);
    expect(alive(otherRun.pid!)).toBe(true);
    expect(alive(unmarked.pid!)).toBe(true);
  });

  it("spares a runner's own workers when asked", () => {
    const id = `workers-${process.pid}-${Date.now()}`;
    const worker = spawn("sleep", ["300"], { env: { ...process.env, [runMarker]: id }, stdio: "ignore" });
    started.push(worker.pid!);
    expect(survivors(id, { spareChildren: true })).toEqual([]);
    expect(survivors(id).map((s) => s.pid)).toEqual([worker.pid]);
  });
});

describe("a command run in its own group", () => {
  it("gives its output, and fails with its error output when it fails", async () => {
    expect((await execGroup("sh", ["-c", "printf 'a\\nb'"])).toString()).toBe("a\nb");
    const failure = await execGroup("sh", ["-c", "echo wrong >&2; exit 3"]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CommandFailed);
    expect(failure).toMatchObject({ code: 3, stderr: "wrong\n" });
  });

  it("is stopped, with what it started, when its output passes the bound", async () => {
    const failure = await execGroup("sh", ["-c", "sleep 300 & echo $! >&2; yes"], { maxBuffer: 1024 }).catch(
      (error: unknown) => error as CommandFailed,
    );
    expect(failure).toBeInstanceOf(CommandFailed);
    const sleeper = Number((failure as CommandFailed).stderr.split("\n")[0]);
    started.push(sleeper);
    expect(await gone(sleeper)).toBe(true);
  });
});

describe("a test file", () => {
  it("that leaves a process running fails, naming it, and the process is ended", async () => {
    // A test file that starts a detached process and forgets it, run by Vitest with the suite's own setup file.
    const dir = mkdtempSync(path.join(tmpdir(), "daftar-leaky-file-"));
    writeFileSync(
      path.join(dir, "leaky.test.ts"),
      [
        `import { spawn } from "node:child_process";`,
        `import { writeFileSync } from "node:fs";`,
        `it("starts a process and forgets it", () => {`,
        `  const child = spawn("sleep", ["300"], { stdio: "ignore", detached: true });`,
        `  child.unref();`,
        `  writeFileSync(${JSON.stringify(path.join(dir, "pid"))}, String(child.pid));`,
        `});`,
      ].join("\n"),
    );
    writeFileSync(
      path.join(dir, "vitest.config.mjs"),
      `export default ${JSON.stringify({
        test: { root: dir, include: ["leaky.test.ts"], globals: true, setupFiles: [path.join(root, "tests/setup.ts")] },
      })};`,
    );
    const report = path.join(dir, "report.json");
    const vitest = spawnGroup(
      process.execPath,
      [
        path.join(root, "node_modules/vitest/vitest.mjs"),
        "run",
        "-c",
        path.join(dir, "vitest.config.mjs"),
        "--reporter=json",
        `--outputFile.json=${report}`,
      ],
      { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    vitest.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    vitest.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    expect(await new Promise((resolve) => vitest.once("exit", resolve)), output).toBe(1);
    const leaked = Number(readFileSync(path.join(dir, "pid"), "utf8"));
    started.push(leaked);
    const [file] = (JSON.parse(readFileSync(report, "utf8")) as { testResults: { status: string; message: string }[] })
      .testResults;
    expect(file!.status).toBe("failed");
    expect(file!.message).toContain(`process ${leaked} still running: sleep 300`);
    expect(await gone(leaked)).toBe(true);
    rmSync(dir, { recursive: true, force: true });
  }, 90_000);
});
