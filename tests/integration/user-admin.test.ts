/**
 * Complete account and role management through the API: editing, disabling and enabling, deleting, setting a
 * password and ending sessions; editing and deleting roles. Each with its guards: users.manage, nobody acting
 * on an account or a role holding permissions they lack, one's own account, built-in roles and the Admin role,
 * and the last holder of users.manage, also when two managers race each other.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { getDb } from "~/db/client.server";
import { ApiClient } from "../helpers/api-client";
import { serveSeededApp } from "../helpers/app-server";
import { databaseFingerprint, expectDatabaseUnchanged } from "../helpers/db-fingerprint";

const site = serveSeededApp();

interface Role {
  id: number;
  name: string;
  permissions: string[];
  userCount: number;
}
interface UserItem {
  id: number;
  userName: string;
  displayName: string;
  email: string | null;
  disabled: boolean;
  lastSignInAt: string | null;
  roles: { id: number; name: string }[];
}

let admin: ApiClient;
let roles: Role[];
const role = (name: string) => roles.find((r) => r.name === name)!;

async function refreshRoles() {
  roles = (await admin.get<{ roles: Role[] }>("/api/roles/all")).body.roles;
}

beforeAll(async () => {
  admin = new ApiClient(site.url);
  await admin.login("admin");
  await refreshRoles();
});

async function signedIn(userName: string, password = "password123") {
  const client = new ApiClient(site.url);
  await client.login(userName, password);
  return client;
}

async function findUser(userName: string): Promise<UserItem> {
  const page = await admin.get<{ users: UserItem[] }>(`/api/users/all?q=${encodeURIComponent(userName)}`);
  const found = page.body.users.find((u) => u.userName === userName);
  if (!found) throw new Error(`no user ${userName}`);
  return found;
}

let counter = 0;
async function addUser(roleNames: string[], prefix = "person") {
  counter++;
  const userName = `${prefix}${counter}`;
  const answer = await admin.post<{ user: { id: number } }>("/api/users/new", {
    firstName: "Pat",
    lastName: "Person",
    about: "",
    userName,
    password: "password123",
    roleIds: roleNames.map((n) => role(n).id),
  });
  if (answer.status !== 201) throw new Error(`adding ${userName}: ${JSON.stringify(answer.body)}`);
  return { userName, id: answer.body.user.id };
}

async function signedInAs(client: ApiClient): Promise<string | undefined> {
  return (await client.get<{ user?: { userName: string } }>("/api/_auth/session")).body.user?.userName;
}

/** Refused with this status and message, and the database as it was. */
async function refused(
  call: () => Promise<{ status: number; body: { message?: string } }>,
  status: number,
  message: string,
) {
  const db = await getDb();
  const before = await databaseFingerprint(db);
  const answer = await call();
  expect(answer.status).toBe(status);
  expect(answer.body.message).toBe(message);
  await expectDatabaseUnchanged(db, before);
}

describe("editing an account", () => {
  test("names, about and e-mail change; the display name follows", async () => {
    const person = await addUser(["Member"]);
    const answer = await admin.put("/api/users/update", {
      userId: person.id,
      firstName: "Roya",
      lastName: "Karimi",
      about: "Reads every post",
      email: "roya@example.com",
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe("User updated successfully");
    expect(await findUser(person.userName)).toMatchObject({ displayName: "Roya Karimi", email: "roya@example.com" });
    // Search finds the address too.
    const found = await admin.get<{ users: UserItem[] }>("/api/users/all?q=roya%40example");
    expect(found.body.users.map((u) => u.userName)).toEqual([person.userName]);
  });

  test("an e-mail address another account has (in any letter case) is refused on its field", async () => {
    const person = await addUser(["Member"]);
    const db = await getDb();
    const before = await databaseFingerprint(db);
    const answer = await admin.put("/api/users/update", {
      userId: person.id,
      firstName: "Pat",
      lastName: "Person",
      about: "",
      email: "ROYA@example.com",
    });
    expect(answer.status).toBe(409);
    expect(answer.body.issues).toEqual([
      { path: "email", message: "This e-mail address is already in use by another account." },
    ]);
    await expectDatabaseUnchanged(db, before);
  });

  test.each([
    [{ email: "not an address" }, "email", "Must be an e-mail address, like name@example.com"],
    [{ firstName: "R" }, "firstName", "Must be at least 2 characters"],
    [{ userId: "1" }, "userId", "Invalid input"],
  ])("bad input %j is refused on %s", async (change, field, message) => {
    const person = await findUser("member");
    const answer = await admin.put("/api/users/update", {
      userId: person.id,
      firstName: "Mo",
      lastName: "Member",
      about: "",
      email: "",
      ...change,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.issues?.find((issue) => issue.path === field)?.message).toBe(message);
  });

  test("an account that does not exist is not found", async () => {
    await refused(
      () => admin.put("/api/users/update", { userId: 999_999, firstName: "No", lastName: "One", about: "", email: "" }),
      404,
      "User not found",
    );
  });
});

describe("disabling and enabling", () => {
  test("every session ends at once; signing in is refused with a message; enabling lets them back", async () => {
    const person = await addUser(["Member"]);
    const [laptop, phone] = [await signedIn(person.userName), await signedIn(person.userName)];
    expect(await signedInAs(laptop)).toBe(person.userName);
    expect((await findUser(person.userName)).lastSignInAt).not.toBeNull();

    const answer = await admin.post("/api/users/disable", { userId: person.id });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe("User disabled: they are signed out and cannot sign in");
    expect(await signedInAs(laptop)).toBeUndefined();
    expect(await signedInAs(phone)).toBeUndefined();
    const login = await new ApiClient(site.url).post("/api/auth/login", {
      userName: person.userName,
      password: "password123",
    });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe("This account is disabled. Ask the site's administrator to enable it again.");
    // A wrong password says nothing about the account.
    const wrong = await new ApiClient(site.url).post("/api/auth/login", { userName: person.userName, password: "x" });
    expect(wrong.body.message).toBe("Invalid username or password");
    expect(await findUser(person.userName)).toMatchObject({ disabled: true });
    const disabled = await admin.get<{ users: UserItem[] }>("/api/users/all?status=disabled&pageSize=100");
    expect(disabled.body.users.map((u) => u.userName)).toContain(person.userName);
    expect(disabled.body.users.every((u) => u.disabled)).toBe(true);

    const enabled = await admin.post("/api/users/enable", { userId: person.id });
    expect(enabled.body.message).toBe("User enabled: they can sign in again");
    expect(await signedInAs(await signedIn(person.userName))).toBe(person.userName);
  });

  test("nobody disables their own account", async () => {
    const self = await findUser("admin");
    await refused(
      () => admin.post("/api/users/disable", { userId: self.id }),
      409,
      "You cannot disable your own account.",
    );
  });
});

describe("deleting", () => {
  test("the account goes; its comments stay, attributed to a deleted account", async () => {
    const person = await addUser(["Member"]);
    const client = await signedIn(person.userName);
    const post = "/en/notes/learning-slowly";
    const posted = await client.post<{ comment: { id: number } }>("/api/comments/new", {
      routePath: post,
      commentBody: "A remark that must outlive its author.",
    });
    expect(posted.status).toBe(201);
    await admin.post("/api/comments/moderate", { id: posted.body.comment.id, newStatus: "approved" });

    const answer = await admin.post("/api/users/delete", { userId: person.id });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe("User deleted");
    expect(await signedInAs(client)).toBeUndefined();
    const login = await new ApiClient(site.url).post("/api/auth/login", {
      userName: person.userName,
      password: "password123",
    });
    expect(login.body.message).toBe("Invalid username or password");
    const listed = await admin.get<{ users: UserItem[] }>(`/api/users/all?q=${person.userName}`);
    expect(listed.body.users).toEqual([]);

    const comments = await new ApiClient(site.url).get<{
      comments: { id: number; body: string; authorName: string; authorDeleted: boolean; authorPub: string | null }[];
    }>(`/api/comments?routePath=${encodeURIComponent(post)}`);
    const kept = comments.body.comments.find((c) => c.id === posted.body.comment.id)!;
    expect(kept).toMatchObject({ body: "A remark that must outlive its author.", authorDeleted: true, authorName: "" });
    expect(kept.authorPub).toBeNull();
    const queue = await admin.get<{ rows: { id: number; authorDeleted: boolean; anonymous: boolean }[] }>(
      "/api/comments/all?status=approved",
    );
    expect(queue.body.rows.find((row) => row.id === posted.body.comment.id)).toMatchObject({
      authorDeleted: true,
      anonymous: false,
    });
  });

  test("nobody deletes their own account; an account that does not exist is not found", async () => {
    const self = await findUser("admin");
    await refused(
      () => admin.post("/api/users/delete", { userId: self.id }),
      409,
      "You cannot delete your own account.",
    );
    await refused(() => admin.post("/api/users/delete", { userId: 999_999 }), 404, "User not found");
  });
});

describe("passwords and sessions", () => {
  test("a new password ends the account's sessions; the old one stops working", async () => {
    const person = await addUser(["Member"]);
    const client = await signedIn(person.userName);
    const answer = await admin.put("/api/users/set-password", { userId: person.id, password: "a-new-secret" });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe("Password set; the account's sessions have ended");
    expect(await signedInAs(client)).toBeUndefined();
    expect(
      (await new ApiClient(site.url).post("/api/auth/login", { userName: person.userName, password: "password123" }))
        .status,
    ).toBe(401);
    expect(await signedInAs(await signedIn(person.userName, "a-new-secret"))).toBe(person.userName);
  });

  test("a password too short is refused", async () => {
    const person = await findUser("member");
    const answer = await admin.put("/api/users/set-password", { userId: person.id, password: "123" });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([{ path: "password", message: "Password must be at least 6 characters" }]);
  });

  test("ending sessions signs the account out everywhere; on one's own account this session stays", async () => {
    const person = await addUser(["Member"]);
    const [a, b] = [await signedIn(person.userName), await signedIn(person.userName)];
    const answer = await admin.post<{ ended: number }>("/api/users/end-sessions", { userId: person.id });
    expect(answer.body).toMatchObject({ ended: 2, message: "Sessions ended: 2" });
    expect(await signedInAs(a)).toBeUndefined();
    expect(await signedInAs(b)).toBeUndefined();

    const other = await signedIn("admin");
    const self = await findUser("admin");
    const own = await admin.post<{ ended: number }>("/api/users/end-sessions", { userId: self.id });
    expect(own.body.ended).toBeGreaterThanOrEqual(1);
    expect(await signedInAs(admin)).toBe("admin");
    expect(await signedInAs(other)).toBeUndefined();
  });
});

describe("nobody acts on an account holding more than they do", () => {
  let manny: ApiClient;
  let managerRole: number;
  beforeAll(async () => {
    const created = await admin.post<{ role: { id: number } }>("/api/roles/new", {
      name: "User manager",
      description: "Looks after accounts",
      permissions: ["dashboard.read", "users.manage", "comments.create"],
    });
    managerRole = created.body.role.id;
    await refreshRoles();
    const user = await addUser(["User manager"], "manny");
    manny = await signedIn(user.userName);
  });

  test("a user manager may not edit, disable, delete, reset or sign out an administrator", async () => {
    const target = await findUser("admin");
    const message =
      "Forbidden: This account holds permissions you do not. Only someone who holds them all can change it.";
    await refused(
      () =>
        manny.put("/api/users/update", {
          userId: target.id,
          firstName: "Hi",
          lastName: "Jacker",
          about: "",
          email: "",
        }),
      403,
      message,
    );
    await refused(() => manny.post("/api/users/disable", { userId: target.id }), 403, message);
    await refused(() => manny.post("/api/users/delete", { userId: target.id }), 403, message);
    await refused(
      () => manny.put("/api/users/set-password", { userId: target.id, password: "mine-now" }),
      403,
      message,
    );
    await refused(() => manny.post("/api/users/end-sessions", { userId: target.id }), 403, message);
  });

  test("but may do so to a member", async () => {
    const member = await addUser(["Member"]);
    expect((await manny.post("/api/users/disable", { userId: member.id })).status).toBe(200);
    expect((await manny.post("/api/users/delete", { userId: member.id })).status).toBe(200);
  });

  test("and may not edit a role to carry a permission they lack, nor edit or delete a role holding one", async () => {
    const escalation = "Forbidden: You cannot grant or take away permissions you do not hold.";
    await refused(
      () =>
        manny.put("/api/roles/update", {
          roleId: managerRole,
          name: "User manager",
          description: "Looks after accounts",
          permissions: ["dashboard.read", "users.manage", "settings.edit"],
        }),
      403,
      escalation,
    );
    await refused(
      () =>
        manny.put("/api/roles/update", {
          roleId: role("Editor").id,
          name: "Editor",
          description: "Something else",
          permissions: ["dashboard.read"],
        }),
      403,
      escalation,
    );
    const custom = await admin.post<{ role: { id: number } }>("/api/roles/new", {
      name: "Settings keeper",
      description: "Changes settings",
      permissions: ["settings.edit"],
    });
    await refused(() => manny.post("/api/roles/delete", { roleId: custom.body.role.id }), 403, escalation);
    expect((await admin.post("/api/roles/delete", { roleId: custom.body.role.id })).status).toBe(200);
  });
});

describe("editing and deleting roles", () => {
  test("a role's new permissions apply to its holders on their next request", async () => {
    const created = await admin.post<{ role: { id: number } }>("/api/roles/new", {
      name: "Reader",
      description: "Reads the dashboard",
      permissions: ["dashboard.read"],
    });
    await refreshRoles();
    const holder = await addUser(["Reader"]);
    const client = await signedIn(holder.userName);
    expect((await client.get("/api/comments/all")).status).toBe(403);
    const answer = await admin.put("/api/roles/update", {
      roleId: created.body.role.id,
      name: "Reviewer",
      description: "Reads the dashboard and moderates",
      permissions: ["dashboard.read", "comments.edit"],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe("Role updated successfully");
    expect((await client.get("/api/comments/all")).status).toBe(200);
    await refreshRoles();
    expect(role("Reviewer")).toMatchObject({ permissions: ["comments.edit", "dashboard.read"], userCount: 1 });
  });

  test("built-in roles keep their names; their permissions and description may change", async () => {
    await refused(
      () =>
        admin.put("/api/roles/update", {
          roleId: role("Member").id,
          name: "Reader",
          description: "Something else",
          permissions: ["comments.create"],
        }),
      409,
      "Built-in roles keep their names.",
    );
    const answer = await admin.put("/api/roles/update", {
      roleId: role("Moderator").id,
      name: "Moderator",
      description: "Keeps the discussion clean",
      permissions: ["dashboard.read", "comments.create", "comments.edit", "settings.edit"],
    });
    expect(answer.status).toBe(200);
    const moderator = await signedIn("moderator");
    const { version } = (await moderator.get<{ version: number }>("/api/settings")).body;
    expect((await moderator.put("/api/settings", { version, footerEn: "By the moderator" })).status).toBe(200);
  });

  test("the Admin role cannot be changed or deleted; built-in roles cannot be deleted", async () => {
    const protectedMessage = "The Admin role always holds every permission; it cannot be changed or deleted.";
    await refused(
      () =>
        admin.put("/api/roles/update", {
          roleId: role("Admin").id,
          name: "Admin",
          description: "Fewer powers",
          permissions: ["dashboard.read"],
        }),
      403,
      protectedMessage,
    );
    await refused(() => admin.post("/api/roles/delete", { roleId: role("Admin").id }), 403, protectedMessage);
    await refused(
      () => admin.post("/api/roles/delete", { roleId: role("Editor").id }),
      403,
      "Built-in roles cannot be deleted.",
    );
  });

  test("a role's name stays unique", async () => {
    await refused(
      () =>
        admin.put("/api/roles/update", {
          roleId: role("Reviewer").id,
          name: "editor",
          description: "Something else",
          permissions: ["dashboard.read"],
        }),
      409,
      "Role name is already taken. Please choose another one.",
    );
  });

  test("deleting a role takes it from its holders", async () => {
    const holder = await findUser((await addUser(["Reviewer"])).userName);
    const client = await signedIn(holder.userName);
    expect((await client.get("/api/comments/all")).status).toBe(200);
    const answer = await admin.post("/api/roles/delete", { roleId: role("Reviewer").id });
    expect(answer.body.message).toBe("Role deleted");
    expect((await client.get("/api/comments/all")).status).toBe(403);
    expect((await findUser(holder.userName)).roles).toEqual([]);
  });

  test("only users.manage holders may change roles or accounts", async () => {
    const editor = await signedIn("editor");
    const member = await findUser("member");
    for (const [path, body] of [
      ["/api/users/disable", { userId: member.id }],
      ["/api/roles/delete", { roleId: role("Member").id }],
    ] as const) {
      await refused(() => editor.post(path, body), 403, "Forbidden: You do not have permission to manage users.");
    }
  });
});

describe("the last account able to manage users", () => {
  // From here on the only managers are two stewards (the administrator gives up the Admin role).
  let stewards: { id: number; userName: string; client: ApiClient }[];
  let stewardRole: number;
  const lastManager = "Cannot take this away: nobody else could manage users.";
  beforeAll(async () => {
    const created = await admin.post<{ role: { id: number } }>("/api/roles/new", {
      name: "Steward",
      description: "Manages users",
      permissions: ["dashboard.read", "users.manage"],
    });
    stewardRole = created.body.role.id;
    await refreshRoles();
    stewards = [];
    for (let i = 0; i < 2; i++) {
      const user = await addUser(["Steward"], "steward");
      stewards.push({ ...user, client: await signedIn(user.userName) });
    }
    const managers = await admin.get<{ users: UserItem[] }>(`/api/users/all?role=${role("User manager").id}`);
    for (const user of managers.body.users) await admin.post("/api/users/delete", { userId: user.id });
    const self = await findUser("admin");
    expect((await admin.post("/api/roles/remove-user", { userId: self.id, roleIds: [role("Admin").id] })).status).toBe(
      200,
    );
  });

  /** Enabled accounts holding users.manage, as a steward reads them. */
  async function managers(client: ApiClient) {
    const page = await client.get<{ users: UserItem[] }>(`/api/users/all?role=${stewardRole}&status=active`);
    return page.body.users.map((u) => u.userName);
  }

  /**
   * Exactly one of two racing changes succeeds. The other is refused by the last-manager check (409) or, when
   * the first had already signed its author out before it was read, as coming from nobody (401).
   */
  function oneWins(answers: { status: number; body: { message?: string } }[]) {
    expect(answers.filter((x) => x.status === 200)).toHaveLength(1);
    const loser = answers.find((x) => x.status !== 200)!;
    expect([409, 401]).toContain(loser.status);
    if (loser.status === 409) expect(loser.body.message).toBe(lastManager);
  }

  test("two stewards disabling each other at once: exactly one succeeds", async () => {
    const [a, b] = stewards;
    const answers = await Promise.all([
      a!.client.post("/api/users/disable", { userId: b!.id }),
      b!.client.post("/api/users/disable", { userId: a!.id }),
    ]);
    oneWins(answers);
    const kept = answers[0]!.status === 200 ? a! : b!;
    const gone = kept === a ? b! : a!;
    expect(await managers(kept.client)).toEqual([kept.userName]);
    expect(await signedInAs(gone.client)).toBeUndefined();
    // The one left enables the other again.
    expect((await kept.client.post("/api/users/enable", { userId: gone.id })).status).toBe(200);
    gone.client = await signedIn(gone.userName);
  });

  test("two stewards deleting each other at once: exactly one succeeds", async () => {
    const [a, b] = stewards;
    const answers = await Promise.all([
      a!.client.post("/api/users/delete", { userId: b!.id }),
      b!.client.post("/api/users/delete", { userId: a!.id }),
    ]);
    oneWins(answers);
    const kept = answers[0]!.status === 200 ? a! : b!;
    expect(await managers(kept.client)).toEqual([kept.userName]);
    stewards = [kept];
  });

  test("the last manager's role cannot lose users.manage, nor be deleted", async () => {
    const [last] = stewards;
    await refused(
      () =>
        last!.client.put("/api/roles/update", {
          roleId: stewardRole,
          name: "Steward",
          description: "Manages users",
          permissions: ["dashboard.read"],
        }),
      409,
      lastManager,
    );
    await refused(() => last!.client.post("/api/roles/delete", { roleId: stewardRole }), 409, lastManager);
    // A disabled account holding users.manage does not count: it could not use it.
    const spare = await last!.client.post<{ user: { id: number } }>("/api/users/new", {
      firstName: "Spare",
      lastName: "Steward",
      about: "",
      userName: "spare-steward",
      password: "password123",
      roleIds: [stewardRole],
    });
    expect(spare.status).toBe(201);
    expect((await last!.client.post("/api/users/disable", { userId: spare.body.user.id })).status).toBe(200);
    await refused(() => last!.client.post("/api/roles/delete", { roleId: stewardRole }), 409, lastManager);
  });
});
