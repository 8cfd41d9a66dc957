import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { connection } from "~/db/client.server";

const root = path.resolve(import.meta.dirname, "../..");

function installSite(args: string[]) {
  const result = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/install-site.ts", ...args], {
    cwd: root,
    env: { ...process.env },
    encoding: "utf8",
  });
  return { code: result.status, out: result.stdout + result.stderr };
}

test("the command-line installer refuses a bad password and changes nothing", () => {
  const file = path.join(process.env.DATA_DIR!, "short.txt");
  writeFileSync(file, "12345\n");
  const { code, out } = installSite(["--admin-user", "root", "--admin-password-file", file]);
  expect(code).toBe(1);
  expect(out).toContain("password: Password must be at least 6 characters");
});

test("the command-line installer does every step, prints them, and is idempotent", async () => {
  const file = path.join(process.env.DATA_DIR!, "password.txt");
  writeFileSync(file, "correct horse\n");
  const first = installSite(["--admin-user", "root", "--admin-password-file", file, "--first-name", "Ava"]);
  expect(first.code, first.out).toBe(0);
  for (const line of [
    "Running migrations… done",
    "Loading default data… done",
    'Creating the administrator "root"… done',
    "Daftar is installed.",
  ]) {
    expect(first.out).toContain(line);
  }
  expect(first.out).not.toContain("correct horse");
  const { client } = await connection();
  const admin = await client.execute(
    "select u.first_name from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id where r.name = 'Admin'",
  );
  expect(admin.rows.map((r) => r.first_name)).toEqual(["Ava"]);
  const installed = await client.execute(
    "select json_extract(value, '$.installed') as installed from settings where key = 'app'",
  );
  expect(Number(installed.rows[0]?.installed)).toBe(1);

  const second = installSite(["--admin-user", "other", "--admin-password-file", file]);
  expect(second.code).toBe(0);
  expect(second.out).toContain("already installed");
  expect(Number((await client.execute("select count(*) from users")).rows[0]?.[0])).toBe(1);
});
