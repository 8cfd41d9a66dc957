import { describe, expect, test } from "vitest";
import {
  changePasswordSchema,
  loginSchema,
  newRoleSchema,
  newUserSchema,
  registerSchema,
  userRolesFormSchema,
  userRolesSchema,
  withConfirmation,
} from "~/auth/schema";
import { describeUserAgent } from "~/auth/user-agent";
import { serverT } from "~/i18n/catalogs.server";
import { validate } from "~/lib/validation";

const t = serverT("en");
const good = {
  firstName: "Sa",
  lastName: "Teh",
  about: "Hey",
  userName: "sara_1",
  password: "123456",
  pub: "a".repeat(64),
};

describe("registerSchema", () => {
  test("accepts values at the minimum lengths", () => {
    expect(validate(registerSchema, good, t).ok).toBe(true);
  });

  test("trims names and turns Persian digits in the user name into ASCII", () => {
    const result = validate(registerSchema, { ...good, firstName: "  Sa  ", userName: " sara۱۲ " }, t);
    expect(result.ok && result.data).toMatchObject({ firstName: "Sa", userName: "sara12" });
  });

  test("a name of spaces is empty: required, not too short, and not absent", () => {
    const result = validate(registerSchema, { ...good, lastName: "    " }, t);
    expect(!result.ok && result.issues).toEqual([{ path: "lastName", message: "Required" }]);
    expect(!result.ok && result.missing).toEqual([]);
  });

  test("every empty text field says it is required (once); the length rules stay for what is written", () => {
    const empty = { firstName: "", lastName: "", about: "", userName: "", password: "", pub: good.pub };
    const result = validate(registerSchema, empty, t);
    expect(!result.ok && result.issues).toEqual(
      ["firstName", "lastName", "about", "userName", "password"].map((path) => ({ path, message: "Required" })),
    );
    const short = validate(registerSchema, { ...good, firstName: "S", about: "Hi", userName: "ab", password: "1" }, t);
    expect(!short.ok && short.issues.map((i) => i.message)).toEqual([
      "Must be at least 2 characters",
      "Must be at least 3 characters",
      "Must be at least 3 characters",
      "Password must be at least 6 characters",
    ]);
    const fa = validate(registerSchema, { ...empty, firstName: "س" }, serverT("fa"));
    expect(!fa.ok && fa.issues.slice(0, 2).map((i) => i.message)).toEqual([
      "دست‌کم باید ۲ نویسه باشد",
      "این فیلد لازم است",
    ]);
  });

  test("refuses uppercase or short public keys and upper limits", () => {
    expect(validate(registerSchema, { ...good, pub: "A".repeat(64) }, t).ok).toBe(false);
    expect(validate(registerSchema, { ...good, pub: "a".repeat(63) }, t).ok).toBe(false);
    const long = validate(registerSchema, { ...good, about: "x".repeat(301) }, t);
    expect(!long.ok && long.issues[0]?.message).toBe("Must be at most 300 characters");
  });

  test("a wrong type is invalid input, an absent field is missing", () => {
    const result = validate(registerSchema, { ...good, firstName: 42, password: undefined }, t);
    expect(!result.ok && result.missing).toEqual(["password"]);
    expect(!result.ok && result.issues.find((i) => i.path === "firstName")?.message).toBe("Invalid input");
  });
});

describe("other payloads", () => {
  test("login needs a name and a password, nothing more", () => {
    expect(validate(loginSchema, { userName: "x", password: "y" }, t).ok).toBe(true);
    const empty = validate(loginSchema, { userName: " ", password: "" }, t);
    expect(!empty.ok && empty.issues.map((i) => i.message)).toEqual(["Required", "Required"]);
  });

  test("the confirmation must match", () => {
    const schema = withConfirmation(changePasswordSchema, "newPassword");
    const mismatch = validate(schema, { oldPassword: "a", newPassword: "123456", confirmPassword: "1234567" }, t);
    expect(!mismatch.ok && mismatch.issues).toEqual([{ path: "confirmPassword", message: "Passwords do not match" }]);
    const short = validate(schema, { oldPassword: "a", newPassword: "123456", confirmPassword: "123" }, t);
    expect(!short.ok && short.issues[0]?.message).toBe("Confirm Password must be at least 6 characters");
    const empty = validate(schema, { oldPassword: "a", newPassword: "123456", confirmPassword: "" }, t);
    expect(!empty.ok && empty.issues).toEqual([{ path: "confirmPassword", message: "Required" }]);
  });

  test("an administrator may leave a new user's About empty or out; what is written still follows the rules", () => {
    const user = { firstName: "Sa", lastName: "Teh", userName: "sara_1", password: "123456", roleIds: [1] };
    for (const about of ["", "   ", undefined]) {
      const result = validate(newUserSchema, { ...user, about }, t);
      expect(result.ok && result.data.about).toBe("");
    }
    const short = validate(newUserSchema, { ...user, about: "Hi" }, t);
    expect(!short.ok && short.issues).toEqual([{ path: "about", message: "Must be at least 3 characters" }]);
    // Registering people write their own About: it stays required there.
    expect(validate(registerSchema, { ...good, about: "" }, t).ok).toBe(false);
  });

  test("an empty role name and description are required", () => {
    const empty = validate(newRoleSchema, { name: "", description: "", permissions: ["dashboard.read"] }, t);
    expect(!empty.ok && empty.issues.map((i) => i.message)).toEqual(["Required", "Required"]);
  });

  test("a role needs known permissions, at least one", () => {
    const none = validate(newRoleSchema, { name: "Ed", description: "Edits", permissions: [] }, t);
    expect(!none.ok && none.issues[0]?.message).toBe("At least one permission must be selected");
    expect(validate(newRoleSchema, { name: "Ed", description: "Edits", permissions: ["dashboard.read"] }, t).ok).toBe(
      true,
    );
    expect(validate(newRoleSchema, { name: "Ed", description: "Edits", permissions: ["all"] }, t).ok).toBe(false);
  });

  test("roles of a user: ids as JSON numbers (digit strings only from the form's schema), at least one", () => {
    const result = validate(userRolesSchema, { userId: 3, roleIds: [1, 2] }, t);
    expect(result.ok && result.data).toEqual({ userId: 3, roleIds: [1, 2] });
    expect(validate(userRolesSchema, { userId: "3", roleIds: [1] }, t).ok).toBe(false);
    expect(validate(userRolesSchema, { userId: true, roleIds: [1] }, t).ok).toBe(false);
    expect(validate(userRolesSchema, { userId: 3, roleIds: [[1]] }, t).ok).toBe(false);
    expect(validate(userRolesFormSchema, { userId: "3", roleIds: ["1", "2"] }, t)).toEqual({
      ok: true,
      data: { userId: 3, roleIds: [1, 2] },
    });
    const none = validate(userRolesSchema, { userId: 3, roleIds: [] }, t);
    expect(!none.ok && none.issues[0]?.message).toBe("At least one role must be selected");
    expect(validate(userRolesSchema, { userId: -1, roleIds: [1] }, t).ok).toBe(false);
  });
});

describe("describeUserAgent", () => {
  test.each([
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
      "Chrome · Linux",
    ],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:130.0) Gecko/20100101 Firefox/130.0", "Firefox · Windows"],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
      "Safari · iOS",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36 Edg/140.0",
      "Edge · Windows",
    ],
    ["node", "Script"],
    [null, null],
  ])("%j", (userAgent, expected) => {
    expect(describeUserAgent(userAgent)).toBe(expected);
  });
});
