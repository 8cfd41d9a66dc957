import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { config, ConfigError, configWarnings, parseConfig, projectRoot, resetConfigForTests } from "~/config.server";

/** The problems parseConfig finds in `env`, one line each. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("parseConfig", () => {
  test("an empty environment gives the defaults", () => {
    expect(parseConfig({})).toEqual({
      port: 3000,
      host: undefined,
      dataDir: path.join(projectRoot, "data"),
      databaseUrl: `file:${path.join(projectRoot, "data", "daftar.db")}`,
      databaseAuthToken: undefined,
      siteUrl: undefined,
      siteAliases: [],
      trustProxy: false,
      installAllowPrivateDatabase: false,
      forceInstalled: false,
      outboundAllowPrivate: false,
      gitHostAllowPrivate: false,
      smtpHostAllowPrivate: false,
      smtp: undefined,
      outboundDnsServers: undefined,
      siteOwner: undefined,
      gistRawUrl: "https://gist.githubusercontent.com",
      setupToken: undefined,
      relayConnections: { total: 1000, perAddress: 20 },
      relayPowDifficulty: 13,
      github: undefined,
      oidc: undefined,
      renderThreads: 2,
      imageJobs: 1,
    });
  });

  test("the relay's connection caps and proof of work are whole numbers in their ranges", () => {
    expect(
      parseConfig({
        RELAY_MAX_CONNECTIONS: "5000",
        RELAY_MAX_CONNECTIONS_PER_ADDRESS: "64",
        RELAY_POW_DIFFICULTY: "0",
      }),
    ).toMatchObject({ relayConnections: { total: 5000, perAddress: 64 }, relayPowDifficulty: 0 });
    expect(
      problemsOf({ RELAY_MAX_CONNECTIONS: "0", RELAY_MAX_CONNECTIONS_PER_ADDRESS: "ten", RELAY_POW_DIFFICULTY: "33" }),
    ).toEqual([
      `RELAY_MAX_CONNECTIONS must be a whole number from 1 to 100000: the relay's open connections on this instance (got "0").`,
      `RELAY_MAX_CONNECTIONS_PER_ADDRESS must be a whole number from 1 to 10000: the relay's open connections from one client address (got "ten").`,
      `RELAY_POW_DIFFICULTY must be a whole number from 0 to 32: the leading zero bits asked of messages from non-members (got "33").`,
    ]);
  });

  test("the heavy work's threads and jobs", () => {
    expect(parseConfig({ RENDER_THREADS: "1", IMAGE_JOBS: "3" })).toMatchObject({ renderThreads: 1, imageJobs: 3 });
  });

  test("the Nostr variables: private outbound requests, the site's owner, where gists are read", () => {
    const parsed = parseConfig({
      OUTBOUND_ALLOW_PRIVATE: "true",
      SITE_OWNER: "sara",
      GIST_RAW_URL: "http://127.0.0.1:9/",
    });
    expect(parsed).toMatchObject({ outboundAllowPrivate: true, siteOwner: "sara", gistRawUrl: "http://127.0.0.1:9" });
    expect(() => parseConfig({ OUTBOUND_ALLOW_PRIVATE: "yes" })).toThrow(
      /OUTBOUND_ALLOW_PRIVATE must be true, false, or addresses and networks/,
    );
    expect(() => parseConfig({ SITE_OWNER: "no spaces" })).toThrow(/SITE_OWNER must be a member's user name/);
    expect(() => parseConfig({ GIST_RAW_URL: "ftp://x" })).toThrow(/GIST_RAW_URL must be an http\(s\) origin/);
  });

  test("private addresses for outbound requests: none, any, or the networks listed; DNS servers", () => {
    const parsed = parseConfig({
      OUTBOUND_ALLOW_PRIVATE: "false",
      GIT_HOST_ALLOW_PRIVATE: "10.0.0.0/8, fd00::/8,192.168.1.20",
      INSTALL_ALLOW_PRIVATE_DATABASE: "true",
      OUTBOUND_DNS_SERVERS: "127.0.0.1:5353, 10.0.0.2, [fd00::53]:53, fd00::54",
    });
    expect(parsed).toMatchObject({
      outboundAllowPrivate: false,
      gitHostAllowPrivate: ["10.0.0.0/8", "fd00::/8", "192.168.1.20"],
      installAllowPrivateDatabase: true,
      outboundDnsServers: ["127.0.0.1:5353", "10.0.0.2", "[fd00::53]:53", "fd00::54"],
    });
    for (const bad of ["10.0.0.0/8/1", "example.com", "fe80::1%eth0", "10.0.0.0/x"]) {
      expect(() => parseConfig({ GIT_HOST_ALLOW_PRIVATE: bad }), bad).toThrow(/GIT_HOST_ALLOW_PRIVATE must be/);
    }
    for (const bad of ["127.0.0.1:0", "127.0.0.1:70000", "[10.0.0.1]:53", "fd00::53:53:53:53:53:53:53"]) {
      expect(() => parseConfig({ OUTBOUND_DNS_SERVERS: bad }), bad).toThrow(/OUTBOUND_DNS_SERVERS must be/);
    }
  });

  test("SMTP_URL: smtp is STARTTLS unless ?tls=none, smtps is TLS; credentials decoded and never repeated", () => {
    expect(parseConfig({ SMTP_URL: "smtp://mailer:p%40ss@smtp.example:2525" }).smtp).toEqual({
      host: "smtp.example",
      port: 2525,
      security: "starttls",
      user: "mailer",
      password: "p@ss",
    });
    expect(parseConfig({ SMTP_URL: "smtps://smtp.example" }).smtp).toMatchObject({ port: 465, security: "tls" });
    expect(parseConfig({ SMTP_URL: "smtp://127.0.0.1:25?tls=none" }).smtp).toMatchObject({
      port: 25,
      security: "none",
      user: "",
    });
    expect(parseConfig({ SMTP_HOST_ALLOW_PRIVATE: "10.0.0.0/8" }).smtpHostAllowPrivate).toEqual(["10.0.0.0/8"]);
    // Passwords written raw with "/" or "@" (not percent-encoded) defeat any masking of the URL: nothing of it is shown.
    for (const bad of [
      "http://smtp.example",
      "smtp://u:hunter2@smtp.example/path",
      "smtp://smtp.example?tls=maybe",
      "smtp://u:hun/ter2@smtp.example",
      "smtp://u:hun@ter2@smtp.example:25/x",
      "smtp://u:a@b/hunter2@smtp.example",
    ]) {
      let message = "";
      try {
        parseConfig({ SMTP_URL: bad });
      } catch (error) {
        message = String(error);
      }
      expect(message, bad).toMatch(/SMTP_URL must be/);
      expect(message).not.toContain("hunter2");
      expect(message).not.toContain("ter2");
      expect(message).not.toContain("smtp.example");
    }
  });

  test("values are read, trimmed and normalised; empty ones count as unset", () => {
    const parsed = parseConfig({
      PORT: " 8080 ",
      HOST: "127.0.0.1",
      DATA_DIR: "/srv/daftar",
      DATABASE_URL: "libsql://db.example.turso.io",
      DATABASE_AUTH_TOKEN: "token",
      SITE_URL: "https://daftar.example/",
      TRUST_PROXY: "loopback, 10.0.0.0/8",
      DAFTAR_INSTALLED: "true",
      SETUP_TOKEN: "a-long-enough-setup-token",
      GITHUB_CLIENT_ID: "",
      OIDC_ISSUER: "https://id.example/realms/main/",
      OIDC_CLIENT_ID: "daftar",
      OIDC_NAME: "Keycloak",
    });
    expect(parsed).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/srv/daftar",
      databaseUrl: "libsql://db.example.turso.io",
      databaseAuthToken: "token",
      siteUrl: "https://daftar.example",
      trustProxy: "loopback, 10.0.0.0/8",
      forceInstalled: true,
      setupToken: "a-long-enough-setup-token",
      github: undefined,
      oidc: { issuer: "https://id.example/realms/main", clientId: "daftar", clientSecret: undefined, name: "Keycloak" },
    });
    expect(parseConfig({ DATA_DIR: "/srv/daftar" }).databaseUrl).toBe("file:/srv/daftar/daftar.db");
    // "true" is one proxy: Express's own `true` would take the left-most X-Forwarded-For entry, which the
    // client writes.
    expect(parseConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(parseConfig({ OIDC_ISSUER: "https://id.example", OIDC_CLIENT_ID: "d" }).oidc?.name).toBe("OpenID Connect");
  });

  test.each([
    [{ PORT: "eighty" }, 'PORT must be a whole number from 1 to 65535 (got "eighty").'],
    [{ PORT: "70000" }, 'PORT must be a whole number from 1 to 65535 (got "70000").'],
    [
      { HOST: "local host" },
      'HOST must be an address or host name to listen on, such as 0.0.0.0 or 127.0.0.1 (got "local host").',
    ],
    [
      { DATABASE_URL: "postgres://db" },
      "DATABASE_URL must start with file:, libsql://, http://, https://, ws:// or wss://.",
    ],
    [
      { TRUST_PROXY: "yes please" },
      'TRUST_PROXY must be true, false, a number of proxies, or addresses and subnets such as loopback, 10.0.0.0/8 (got "yes please").',
    ],
    [{ DAFTAR_INSTALLED: "yes" }, 'DAFTAR_INSTALLED must be true or false (got "yes").'],
    [
      { RENDER_THREADS: "0" },
      'RENDER_THREADS must be a whole number from 1 to 16: threads that render markdown (got "0").',
    ],
    [{ IMAGE_JOBS: "two" }, 'IMAGE_JOBS must be a whole number from 1 to 16: image jobs run at once (got "two").'],
    [
      { INSTALL_ALLOW_PRIVATE_DATABASE: "1" },
      'INSTALL_ALLOW_PRIVATE_DATABASE must be true, false, or addresses and networks such as 10.0.0.0/8, fd00::/8 (got "1").',
    ],
    [
      { GIT_HOST_ALLOW_PRIVATE: "10.0.0.0/33" },
      'GIT_HOST_ALLOW_PRIVATE must be true, false, or addresses and networks such as 10.0.0.0/8, fd00::/8 (got "10.0.0.0/33").',
    ],
    [
      { OUTBOUND_DNS_SERVERS: "dns.example" },
      'OUTBOUND_DNS_SERVERS must be DNS servers\' addresses, with a port if not 53, such as 10.0.0.2, 127.0.0.1:5353, [fd00::53]:53 (got "dns.example").',
    ],
    [{ SETUP_TOKEN: "short" }, "SETUP_TOKEN must be at least 16 characters, without spaces: it guards the installer."],
    [
      { GITHUB_CLIENT_ID: "id" },
      "GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET go together: GITHUB_CLIENT_SECRET is missing.",
    ],
    [
      { GITHUB_CLIENT_SECRET: "secret" },
      "GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET go together: GITHUB_CLIENT_ID is missing.",
    ],
    [{ OIDC_ISSUER: "https://id.example" }, "OIDC_ISSUER and OIDC_CLIENT_ID go together: OIDC_CLIENT_ID is missing."],
    [
      { OIDC_ISSUER: "id.example", OIDC_CLIENT_ID: "daftar" },
      'OIDC_ISSUER must be an http(s) URL such as https://id.example/realms/main (got "id.example").',
    ],
    [{ OIDC_CLIENT_SECRET: "secret" }, "OIDC_CLIENT_SECRET is set but OIDC_ISSUER and OIDC_CLIENT_ID are not."],
    [{ OIDC_NAME: "Keycloak" }, "OIDC_NAME is set but OIDC_ISSUER and OIDC_CLIENT_ID are not."],
  ])("%o: %s", (env, problem) => {
    expect(problemsOf(env)).toEqual([problem]);
  });

  test.each([
    ["daftar.example", "daftar.example"],
    ["ftp://daftar.example", "ftp://daftar.example"],
    ["https://daftar.example/blog", "https://daftar.example/blog"],
    ["https://daftar.example?x=1", "https://daftar.example?x=1"],
    ["https://admin:hunter2@daftar.example", "https://***@daftar.example"],
  ])("SITE_URL %s is not an origin (shown as %s)", (value, shown) => {
    expect(problemsOf({ SITE_URL: value })).toEqual([
      `SITE_URL must be an http(s) origin such as https://daftar.example, without a path, query or credentials (got "${shown}").`,
    ]);
  });

  test("SITE_ALIASES: origins beside SITE_URL, normalised and without repeats; never without SITE_URL", () => {
    expect(
      parseConfig({
        SITE_URL: "https://daftar.example",
        SITE_ALIASES: " https://www.daftar.example/, http://Old.Daftar.example:8080 ,https://daftar.example,",
      }).siteAliases,
    ).toEqual(["https://www.daftar.example", "http://old.daftar.example:8080"]);
    expect(problemsOf({ SITE_ALIASES: "https://www.daftar.example" })).toEqual([
      "SITE_ALIASES is set but SITE_URL is not: set SITE_URL to the site's main address first.",
    ]);
    expect(
      problemsOf({ SITE_URL: "https://daftar.example", SITE_ALIASES: "https://ok.example, www.daftar.example" }),
    ).toEqual([
      'SITE_ALIASES must be http(s) origins separated by commas, such as https://www.daftar.example (got "www.daftar.example").',
    ]);
  });

  test("every problem is named at once, and secrets are never repeated", () => {
    const error = (() => {
      try {
        parseConfig({
          PORT: "0",
          SETUP_TOKEN: "secret 123",
          DATABASE_URL: "mysql://user:pw@db",
          GITHUB_CLIENT_SECRET: "gh-secret",
        });
      } catch (thrown) {
        return thrown as ConfigError;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.problems.map((problem) => problem.split(" ")[0])).toEqual([
      "PORT",
      "DATABASE_URL",
      "SETUP_TOKEN",
      "GITHUB_CLIENT_ID",
    ]);
    expect(error!.message).toMatch(/^Invalid configuration:\n {2}- PORT must be/);
    for (const secret of ["secret 123", "pw@db", "gh-secret"]) expect(error!.message).not.toContain(secret);
  });
});

describe("config()", () => {
  afterEach(() => {
    delete process.env.SITE_URL;
    resetConfigForTests();
  });

  test("reads the environment once; resetConfigForTests makes it read again", () => {
    process.env.SITE_URL = "https://one.example";
    resetConfigForTests();
    expect(config().siteUrl).toBe("https://one.example");
    process.env.SITE_URL = "https://two.example";
    expect(config().siteUrl).toBe("https://one.example");
    resetConfigForTests();
    expect(config().siteUrl).toBe("https://two.example");
  });

  test("a bad value throws", () => {
    process.env.SITE_URL = "not an origin";
    resetConfigForTests();
    expect(() => config()).toThrow(/SITE_URL must be an http\(s\) origin/);
  });
});

describe("configWarnings", () => {
  test("TRUST_PROXY=true is said to mean one proxy", () => {
    expect(configWarnings({ TRUST_PROXY: "true" })).toEqual([
      "TRUST_PROXY=true is taken as one proxy in front of Daftar (TRUST_PROXY=1): the client address is the one that proxy appended to X-Forwarded-For. Set the number of proxies, or their addresses, to say so.",
    ]);
    expect(configWarnings({ TRUST_PROXY: "1" })).toEqual([]);
  });

  test("an https SITE_URL without TRUST_PROXY is pointed out", () => {
    expect(configWarnings({ SITE_URL: "https://daftar.example" })).toEqual([
      "SITE_URL is https but TRUST_PROXY is not set: behind a reverse proxy every visitor has the proxy's address (one shared login limit, wrong addresses in the logs). Set TRUST_PROXY to the number of proxies or their addresses.",
    ]);
    expect(configWarnings({ SITE_URL: "https://daftar.example", TRUST_PROXY: "loopback" })).toEqual([]);
    expect(configWarnings({ SITE_URL: "https://daftar.example", TRUST_PROXY: "false" })).toEqual([]);
    expect(configWarnings({ SITE_URL: "http://daftar.example" })).toEqual([]);
    expect(configWarnings({})).toEqual([]);
  });

  test("allowing every private address is pointed out; listed networks are not", () => {
    expect(configWarnings({ OUTBOUND_ALLOW_PRIVATE: "true" })).toEqual([
      "OUTBOUND_ALLOW_PRIVATE=true lets any visitor make the server send requests to this machine and its private networks (names documents, lightning addresses, gists). Use it for tests and closed networks only, or list the networks that are meant (10.0.0.0/8, …).",
    ]);
    expect(configWarnings({ GIT_HOST_ALLOW_PRIVATE: "true", INSTALL_ALLOW_PRIVATE_DATABASE: "true" })).toEqual([
      "GIT_HOST_ALLOW_PRIVATE=true allows every address that is not public, this machine's own among them. List the networks that are meant instead (10.0.0.0/8, fd00::/8, …).",
      "INSTALL_ALLOW_PRIVATE_DATABASE=true allows every address that is not public, this machine's own among them. List the networks that are meant instead (10.0.0.0/8, fd00::/8, …).",
    ]);
    expect(configWarnings({ GIT_HOST_ALLOW_PRIVATE: "10.0.0.0/8", OUTBOUND_ALLOW_PRIVATE: "false" })).toEqual([]);
  });
});
