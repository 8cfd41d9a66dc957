/**
 * Users and roles through the API: each call's success and errors, the last-manager guard, and that
 * nobody can gain a permission they were not given by someone who holds it.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { permissionNames } from "~/auth/permissions";
import type { Locale } from "~/i18n/locales";
import { ApiClient, provenKey } from "../helpers/api-client";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { seedDatabaseAt } from "../helpers/seed";

interface Role {
  id: number;
  name: string;
  permissions: string[];
  userCount: number;
}
interface UserItem {
  id: number;
  userName: string;
  roles: { id: number; name: string }[];
}
interface UserPage {
  users: UserItem[];
  total: number;
  page: number;
  pageSize: number;
}

let server: TestServer;
let admin: ApiClient;
let roles: Role[];
const role = (name: string) => roles.find((r) => r.name === name)!;

beforeAll(async () => {
  await seedDatabaseAt(process.env.DATABASE_URL!);
  server = await startAppServer();
  admin = new ApiClient(server.url);
  await admin.login("admin");
  roles = (await admin.get<{ roles: Role[] }>("/api/roles/all")).body.roles;
});
afterAll(async () => {
  await server?.close();
});

async function signedIn(userName: string, password = "password123", locale: Locale = "en") {
  const client = new ApiClient(server.url, locale);
  await client.login(userName, password);
  return client;
}

async function userId(userName: string): Promise<number> {
  const page = await admin.get<UserPage>(`/api/users/all?q=${encodeURIComponent(userName)}`);
  const found = page.body.users.find((u) => u.userName === userName);
  if (!found) throw new Error(`no user ${userName}`);
  return found.id;
}

async function permissionsOf(client: ApiClient): Promise<string[]> {
  return (await client.get<{ user: { permissions: string[] } }>("/api/_auth/session")).body.user.permissions;
}

let counter = 0;
async function addUser(roleNames: string[], by = admin) {
  counter++;
  const userName = `person${counter}`;
  const answer = await by.post("/api/users/new", {
    firstName: "Pat",
    lastName: "Person",
    about: "Added by the admin",
    userName,
    password: "password123",
    roleIds: roleNames.map((n) => role(n).id),
  });
  if (answer.status !== 201) throw new Error(`adding ${userName}: ${JSON.stringify(answer.body)}`);
  return { userName, id: (answer.body as { user: { id: number } }).user.id };
}

describe("GET /api/roles/all", () => {
  test("lists the built-in roles with their permissions and members, and the catalogue", async () => {
    const answer = await admin.get<{ roles: Role[]; permissions: { name: string; description: string }[] }>(
      "/api/roles/all",
    );
    expect(answer.status).toBe(200);
    expect(answer.body.roles.map((r) => r.name)).toEqual(["Admin", "Editor", "Moderator", "Member"]);
    expect(role("Admin").permissions).toEqual([...permissionNames].sort());
    expect(role("Member").permissions).toEqual(["comments.create"]);
    expect(role("Admin").userCount).toBeGreaterThanOrEqual(1);
    expect(answer.body.permissions.map((p) => p.name).sort()).toEqual([...permissionNames].sort());
  });

  test("is readable with dashboard.read (a moderator), not by a member", async () => {
    expect((await (await signedIn("moderator")).get("/api/roles/all")).status).toBe(200);
    const member = await (await signedIn("member")).get("/api/roles/all");
    expect(member.status).toBe(403);
    expect(member.body.message).toBe("Forbidden: You do not have permission to view roles.");
  });
});

describe("refusals of the dashboard's reading calls", () => {
  // One permission opens every screen of the dashboard: a refusal names the one that was asked for.
  const calls: [string, string, string][] = [
    ["/api/users/all", "view users", "دیدن کاربران"],
    ["/api/roles/all", "view roles", "دیدن نقش‌ها"],
    ["/api/settings", "view settings", "دیدن تنظیمات"],
    ["/api/settings/history", "view settings", "دیدن تنظیمات"],
    ["/api/items/all", "view content items", "دیدن موارد محتوا"],
    ["/api/categories/all", "view categories", "دیدن دسته‌ها"],
    ["/api/media/all", "view media", "دیدن رسانه‌ها"],
    ["/api/analysis/traffic?range=7", "view traffic", "دیدن آمار بازدید"],
  ];
  test.each(calls)("%s says the member may not %s, in English and Persian", async (address, english, persian) => {
    const en = await (await signedIn("member")).get(address);
    expect(en.status).toBe(403);
    expect(en.body.message).toBe(`Forbidden: You do not have permission to ${english}.`);
    const fa = await (await signedIn("member", "password123", "fa")).get(address);
    expect(fa.status).toBe(403);
    expect(fa.body.message).toBe(`ممنوع: شما اجازهٔ ${persian} را ندارید.`);
  });
});

describe("GET /api/users/all", () => {
  test("pages through the accounts", async () => {
    for (let i = 0; i < 3; i++) await addUser(["Member"]);
    const first = await admin.get<UserPage>("/api/users/all?page=1&pageSize=2");
    expect(first.status).toBe(200);
    expect(first.body.users).toHaveLength(2);
    expect(first.body.total).toBeGreaterThanOrEqual(7);
    expect(first.body.users[0]).toMatchObject({ userName: "admin", roles: [{ name: "Admin" }] });
    const second = await admin.get<UserPage>("/api/users/all?page=2&pageSize=2");
    expect(second.body.users[0]!.userName).toBe("moderator");
    expect(second.body.page).toBe(2);
  });

  test("searches user names and names, folding Arabic yeh and kaf, case-insensitively", async () => {
    await admin.post("/api/users/new", {
      firstName: "علی",
      lastName: "کاظمی",
      about: "خواننده",
      userName: "ali_k",
      password: "password123",
      roleIds: [role("Member").id],
    });
    const byName = await admin.get<UserPage>(`/api/users/all?q=${encodeURIComponent("علي كاظمي")}`);
    expect(byName.body.users.map((u) => u.userName)).toEqual(["ali_k"]);
    const byUserName = await admin.get<UserPage>("/api/users/all?q=EDIT");
    expect(byUserName.body.users.map((u) => u.userName)).toEqual(["editor"]);
    const none = await admin.get<UserPage>("/api/users/all?q=%25");
    expect(none.body.users).toEqual([]);
  });

  test("needs dashboard.read", async () => {
    expect((await new ApiClient(server.url).get("/api/users/all")).status).toBe(401);
    expect((await (await signedIn("member")).get("/api/users/all")).status).toBe(403);
    expect((await (await signedIn("editor")).get("/api/users/all")).status).toBe(200);
  });
});

describe("POST /api/users/new", () => {
  test("adds an account that can log in with its roles", async () => {
    const answer = await admin.post<{ user: { userName: string; roles: string[] } }>("/api/users/new", {
      firstName: "Nika",
      lastName: "Rahimi",
      about: "Moderates",
      userName: "nika",
      password: "password123",
      roleIds: [role("Moderator").id],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe("User added successfully");
    expect(answer.body.user).toMatchObject({ userName: "nika", roles: ["Moderator"] });
    expect(await permissionsOf(await signedIn("nika"))).toEqual(["comments.create", "comments.edit", "dashboard.read"]);
  });

  test("refuses a taken user name, missing fields, no role, an unknown role", async () => {
    const base = { firstName: "Nika", lastName: "Rahimi", about: "Moderates", password: "password123" };
    const taken = await admin.post("/api/users/new", { ...base, userName: "Nika", roleIds: [role("Member").id] });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("Username is already taken. Please choose another one.");
    const missing = await admin.post("/api/users/new", { firstName: "Nika" });
    // About is optional for an account an administrator adds.
    expect(missing.body.message).toBe("Missing required fields: lastName, userName, password, roleIds");
    const noRole = await admin.post("/api/users/new", { ...base, userName: "norole", roleIds: [] });
    expect(noRole.status).toBe(400);
    expect(noRole.body.message).toBe("At least one role must be selected");
    const unknown = await admin.post("/api/users/new", { ...base, userName: "unknownrole", roleIds: [9999] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Role not found");
  });

  test("an empty About is accepted and stored empty; empty required fields say so", async () => {
    const answer = await admin.post<{ user: { userName: string; about: string } }>("/api/users/new", {
      firstName: "Ari",
      lastName: "Nouri",
      about: "",
      userName: "ari_n",
      password: "password123",
      roleIds: [role("Member").id],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.user).toMatchObject({ userName: "ari_n", about: "" });
    const empty = await admin.post<{ issues: { path: string; message: string }[] }>("/api/users/new", {
      firstName: "",
      lastName: "Nouri",
      about: "",
      userName: "",
      password: "password123",
      roleIds: [role("Member").id],
    });
    expect(empty.status).toBe(400);
    expect(empty.body.issues).toEqual([
      { path: "firstName", message: "Required" },
      { path: "userName", message: "Required" },
    ]);
  });

  test("needs users.manage: dashboard.read is not enough", async () => {
    const body = {
      firstName: "Eve",
      lastName: "Intruder",
      about: "Nope",
      userName: "eve",
      password: "password123",
      roleIds: [role("Admin").id],
    };
    const editor = await (await signedIn("editor")).post("/api/users/new", body);
    expect(editor.status).toBe(403);
    expect(editor.body.message).toBe("Forbidden: You do not have permission to manage users.");
    const fa = await (await signedIn("editor", "password123", "fa")).post("/api/users/new", body);
    expect(fa.body.message).toBe("ممنوع: شما اجازهٔ مدیریت کاربران را ندارید.");
    expect((await new ApiClient(server.url).post("/api/users/new", body)).status).toBe(401);
  });
});

describe("POST /api/roles/new", () => {
  test("adds a role with its permissions", async () => {
    const answer = await admin.post<{ role: Role }>("/api/roles/new", {
      name: "Reviewer",
      description: "Reads the dashboard and moderates",
      permissions: ["dashboard.read", "comments.edit"],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe("Role added successfully");
    expect(answer.body.role).toMatchObject({
      name: "Reviewer",
      permissions: ["comments.edit", "dashboard.read"],
      userCount: 0,
    });
    roles = (await admin.get<{ roles: Role[] }>("/api/roles/all")).body.roles;
  });

  test("refuses a taken name (any case), no permission, an unknown permission, missing fields", async () => {
    const taken = await admin.post("/api/roles/new", {
      name: "editor",
      description: "Again",
      permissions: ["dashboard.read"],
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("Role name is already taken. Please choose another one.");
    const fa = await (
      await signedIn("admin", "password123", "fa")
    ).post("/api/roles/new", {
      name: "Editor",
      description: "Again",
      permissions: ["dashboard.read"],
    });
    expect(fa.body.message).toBe("این نام نقش قبلاً گرفته شده است. لطفاً نام دیگری انتخاب کنید.");
    const none = await admin.post("/api/roles/new", { name: "Empty", description: "Nothing", permissions: [] });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe("At least one permission must be selected");
    const unknown = await admin.post("/api/roles/new", {
      name: "Odd",
      description: "Odd one",
      permissions: ["root.everything"],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Invalid input");
    const missing = await admin.post("/api/roles/new", {});
    expect(missing.body.message).toBe("Missing required fields: name, description, permissions");
  });
});

describe("roles of a user", () => {
  test("add-user adds roles; the permissions change on the next request", async () => {
    const person = await addUser(["Member"]);
    const client = await signedIn(person.userName);
    expect(await permissionsOf(client)).toEqual(["comments.create"]);
    const answer = await admin.post("/api/roles/add-user", { userId: person.id, roleIds: [role("Editor").id] });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe("Roles added successfully");
    expect(await permissionsOf(client)).toContain("commit.create");
    expect((await client.get("/api/users/all")).status).toBe(200);
  });

  test("remove-user takes roles away; the permissions go at once", async () => {
    const person = await addUser(["Member", "Editor"]);
    const client = await signedIn(person.userName);
    expect((await client.get("/api/users/all")).status).toBe(200);
    const answer = await admin.post("/api/roles/remove-user", { userId: person.id, roleIds: [role("Editor").id] });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe("Roles removed successfully");
    expect((await client.get("/api/users/all")).status).toBe(403);
  });

  test("set-user makes the given roles exactly the user's roles", async () => {
    const person = await addUser(["Member", "Editor"]);
    const answer = await admin.put<{ added: number[]; removed: number[] }>("/api/roles/set-user", {
      userId: person.id,
      roleIds: [role("Moderator").id],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe("Roles updated successfully");
    expect(answer.body.added).toEqual([role("Moderator").id]);
    expect(answer.body.removed.sort()).toEqual([role("Member").id, role("Editor").id].sort());
    const page = await admin.get<UserPage>(`/api/users/all?q=${person.userName}`);
    expect(page.body.users[0]!.roles.map((r) => r.name)).toEqual(["Moderator"]);
  });

  test("refuses an unknown user, an unknown role, no role, missing fields", async () => {
    const unknownUser = await admin.post("/api/roles/add-user", { userId: 99999, roleIds: [role("Member").id] });
    expect(unknownUser.status).toBe(404);
    expect(unknownUser.body.message).toBe("User not found");
    const person = await addUser(["Member"]);
    const unknownRole = await admin.post("/api/roles/add-user", { userId: person.id, roleIds: [99999] });
    expect(unknownRole.status).toBe(404);
    expect(unknownRole.body.message).toBe("Role not found");
    const none = await admin.post("/api/roles/add-user", { userId: person.id, roleIds: [] });
    expect(none.body.message).toBe("At least one role must be selected");
    const missing = await admin.post("/api/roles/add-user", {});
    expect(missing.body.message).toBe("Missing required fields: userId, roleIds");
  });

  test("need users.manage", async () => {
    const person = await addUser(["Member"]);
    const moderator = await signedIn("moderator");
    for (const [method, path] of [
      ["POST", "/api/roles/add-user"],
      ["POST", "/api/roles/remove-user"],
      ["PUT", "/api/roles/set-user"],
    ] as const) {
      const answer = await moderator.call(method, path, { userId: person.id, roleIds: [role("Admin").id] });
      expect(answer.status, path).toBe(403);
      expect(answer.body.message).toBe("Forbidden: You do not have permission to manage users.");
    }
  });
});

describe("the last holder of users.manage", () => {
  test("cannot lose it, by removal or by replacement; a second holder makes it possible", async () => {
    const adminId = await userId("admin");
    const removal = await admin.post("/api/roles/remove-user", { userId: adminId, roleIds: [role("Admin").id] });
    expect(removal.status).toBe(409);
    expect(removal.body.message).toBe("Cannot take this away: nobody else could manage users.");
    const replacement = await admin.put("/api/roles/set-user", { userId: adminId, roleIds: [role("Member").id] });
    expect(replacement.status).toBe(409);
    expect(await permissionsOf(admin)).toContain("users.manage");

    const second = await addUser(["Admin"]);
    expect(
      (await admin.post("/api/roles/remove-user", { userId: second.id, roleIds: [role("Admin").id] })).status,
    ).toBe(200);
    // Again the only one: still refused.
    expect((await admin.post("/api/roles/remove-user", { userId: adminId, roleIds: [role("Admin").id] })).status).toBe(
      409,
    );
  });

  test("two managers removing each other at the same moment: exactly one succeeds", async () => {
    const a = await addUser(["Admin"]);
    const b = await addUser(["Admin"]);
    const clientA = await signedIn(a.userName);
    const clientB = await signedIn(b.userName);
    // Leave a and b as the only managers.
    const adminId = await userId("admin");
    const others = (await admin.get<UserPage>("/api/users/all?pageSize=100")).body.users.filter(
      (u) => u.roles.some((r) => r.name === "Admin") && ![adminId, a.id, b.id].includes(u.id),
    );
    for (const other of others)
      await admin.post("/api/roles/remove-user", { userId: other.id, roleIds: [role("Admin").id] });
    expect(
      (await clientA.post("/api/roles/remove-user", { userId: adminId, roleIds: [role("Admin").id] })).status,
    ).toBe(200);

    const [removeB, removeA] = await Promise.all([
      clientA.post("/api/roles/remove-user", { userId: b.id, roleIds: [role("Admin").id] }),
      clientB.post("/api/roles/remove-user", { userId: a.id, roleIds: [role("Admin").id] }),
    ]);
    const statuses = [removeB.status, removeA.status].sort();
    // One goes through; the other is refused (the last manager) or, having lost users.manage, forbidden.
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const remaining = (await (await signedIn("admin")).get("/api/_auth/session")).body;
    expect(remaining).toBeTruthy();
    const managers = await Promise.all(
      [a, b].map(async (p) => (await permissionsOf(await signedIn(p.userName))).includes("users.manage")),
    );
    expect(managers.filter(Boolean)).toHaveLength(1);
    // Give the seeded admin the role back for the remaining tests.
    const survivor = managers[0] ? clientA : clientB;
    expect((await survivor.post("/api/roles/add-user", { userId: adminId, roleIds: [role("Admin").id] })).status).toBe(
      200,
    );
  });
});

describe("no escalation", () => {
  let manager: ApiClient;
  let managerRole: Role;

  beforeAll(async () => {
    // A user manager who is not an administrator: users.manage and dashboard.read only.
    const created = await admin.post<{ role: Role }>("/api/roles/new", {
      name: "User manager",
      description: "Adds people and hands out roles",
      permissions: ["users.manage", "dashboard.read"],
    });
    managerRole = created.body.role;
    roles = (await admin.get<{ roles: Role[] }>("/api/roles/all")).body.roles;
    const person = await addUser(["Member", "User manager"]);
    manager = await signedIn(person.userName);
  });

  test("a role can only be made of permissions its creator holds", async () => {
    const answer = await manager.post("/api/roles/new", {
      name: "Everything",
      description: "All of it",
      permissions: [...permissionNames],
    });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe("Forbidden: You cannot grant or take away permissions you do not hold.");
    const allowed = await manager.post("/api/roles/new", {
      name: "Helper",
      description: "Reads the dashboard",
      permissions: ["dashboard.read"],
    });
    expect(allowed.status).toBe(201);
    roles = (await admin.get<{ roles: Role[] }>("/api/roles/all")).body.roles;
  });

  test("a role can only be given or taken by someone holding all its permissions", async () => {
    const self = (await manager.get<{ user: { id: number } }>("/api/_auth/session")).body.user.id;
    for (const [method, path] of [
      ["POST", "/api/roles/add-user"],
      ["PUT", "/api/roles/set-user"],
    ] as const) {
      const answer = await manager.call(method, path, { userId: self, roleIds: [role("Admin").id, managerRole.id] });
      expect(answer.status, path).toBe(403);
    }
    const adminId = await userId("admin");
    expect(
      (await manager.post("/api/roles/remove-user", { userId: adminId, roleIds: [role("Admin").id] })).status,
    ).toBe(403);
    const newAdmin = await manager.post("/api/users/new", {
      firstName: "Sock",
      lastName: "Puppet",
      about: "Not real",
      userName: "sockpuppet",
      password: "password123",
      roleIds: [role("Admin").id],
    });
    expect(newAdmin.status).toBe(403);
    expect(await permissionsOf(manager)).toEqual(["comments.create", "dashboard.read", "users.manage"]);
    // What they do hold, they can hand on.
    const person = await addUser(["Member"]);
    expect(
      (await manager.post("/api/roles/add-user", { userId: person.id, roleIds: [role("Helper").id] })).status,
    ).toBe(200);
  });

  test("a member gains nothing by any call with any payload", async () => {
    const { pub, proof } = provenKey(server.url, "register", 666);
    const mallorysKey = { pub, proof };
    const member = await new ApiClient(server.url);
    await member.post("/api/auth/register", {
      firstName: "Mallory",
      lastName: "Member",
      about: "Tries everything",
      userName: "mallory",
      password: "password123",
      ...mallorysKey,
      roles: ["Admin"],
    });
    const me = (await member.get<{ user: { id: number; permissions: string[] } }>("/api/_auth/session")).body.user;
    expect(me.permissions).toEqual(["comments.create"]);
    const everyRole = roles.map((r) => r.id);
    const attempts: [string, string, unknown][] = [
      ["POST", "/api/roles/new", { name: "Mine", description: "All mine", permissions: [...permissionNames] }],
      ["POST", "/api/roles/add-user", { userId: me.id, roleIds: everyRole }],
      ["PUT", "/api/roles/set-user", { userId: me.id, roleIds: everyRole }],
      ["POST", "/api/roles/remove-user", { userId: await userId("admin"), roleIds: [role("Admin").id] }],
      [
        "POST",
        "/api/users/new",
        {
          firstName: "Sock",
          lastName: "Puppet",
          about: "x".repeat(5),
          userName: "sock2",
          password: "password123",
          roleIds: everyRole,
        },
      ],
      [
        "PUT",
        "/api/users/update-profile",
        {
          firstName: "Mallory",
          lastName: "Member",
          about: "Still me",
          roles: ["Admin"],
          permissions: [...permissionNames],
        },
      ],
      ["PUT", "/api/identity/device", { pub, deviceName: "Admin" }],
      [
        "POST",
        "/api/auth/register",
        {
          firstName: "Mallory",
          lastName: "Again",
          about: "Second account",
          userName: "mallory2",
          password: "password123",
          ...mallorysKey,
          roleIds: everyRole,
        },
      ],
    ];
    for (const [method, path, body] of attempts) {
      const answer = await member.call(method, path, body);
      expect([200, 201, 400, 401, 403, 404, 409], `${method} ${path}`).toContain(answer.status);
      if (
        [
          "/api/roles/new",
          "/api/roles/add-user",
          "/api/roles/set-user",
          "/api/roles/remove-user",
          "/api/users/new",
        ].includes(path)
      ) {
        expect(answer.status, `${method} ${path}`).toBe(403);
      }
    }
    // After all that (the last register logged the browser in as mallory2, itself a Member), neither account gained anything.
    expect(await permissionsOf(member)).toEqual(["comments.create"]);
    expect(await permissionsOf(await signedIn("mallory"))).toEqual(["comments.create"]);
    const roleNames = (await admin.get<{ roles: Role[] }>("/api/roles/all")).body.roles.map((r) => r.name);
    expect(roleNames).not.toContain("Mine");
  });
});
