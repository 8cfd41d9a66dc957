/**
 * A real OpenID Connect provider (the `oidc-provider` package) on a loopback port, for the OAuth tests.
 * Its development login screen accepts any login name (which becomes the account's `sub`) and any password,
 * then asks for consent.
 */
import { createServer, type Server } from "node:http";
import Provider from "oidc-provider";
import { freePort } from "../../scripts/free-port";

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * Replaces the ID token of every token response with what `change` makes of it (undefined: as issued), to
   * play a token endpoint that hands over a token the issuer did not sign.
   */
  changeIdTokens(change: ((idToken: string) => string) | undefined): void;
  close(): Promise<void>;
}

/** Starts a provider whose one client may send browsers back to `redirectUris`. */
export async function startOidcProvider(redirectUris: string[], port?: number): Promise<TestProvider> {
  const listenOn = port ?? (await freePort());
  const issuer = `http://127.0.0.1:${listenOn}`;
  const clientId = "daftar-test";
  const clientSecret = "daftar-test-secret-with-enough-length-for-hs256";
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: {
      openid: ["sub"],
      profile: ["name", "given_name", "family_name", "preferred_username"],
      email: ["email", "email_verified"],
    },
    async findAccount(_ctx: unknown, id: string) {
      const first = id.charAt(0).toUpperCase() + id.slice(1);
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            preferred_username: id,
            given_name: first,
            family_name: "Provider",
            name: `${first} Provider`,
            email: `${id}@provider.test`,
            email_verified: true,
          };
        },
      };
    },
    cookies: { keys: ["daftar-test-cookie-key"] },
    pkce: { required: () => true },
  });
  let changeIdToken: ((idToken: string) => string) | undefined;
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: unknown } | undefined;
    if (changeIdToken && ctx.path === "/token" && typeof body?.id_token === "string") {
      ctx.body = { ...body, id_token: changeIdToken(body.id_token) };
    }
  });
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(listenOn, "127.0.0.1", resolve));
  return {
    issuer,
    clientId,
    clientSecret,
    changeIdTokens(change) {
      changeIdToken = change;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Plays a browser at the provider: from its authorization URL through the login and consent screens to the
 * redirect back to the site, which is returned (not followed).
 */
export async function signInAtProvider(authorizationUrl: string, login: string, siteOrigin: string): Promise<string> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  let url = authorizationUrl;
  let method = "GET";
  let body: string | undefined;
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(siteOrigin)) return url;
    const response = await fetch(url, {
      method,
      redirect: "manual",
      headers: { cookie: cookie(), ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      body,
    });
    keep(response);
    const location = response.headers.get("location");
    if (location) {
      url = new URL(location, url).toString();
      method = "GET";
      body = undefined;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected provider page (${response.status}): ${html.slice(0, 500)}`);
    url = new URL(action.replace(/&amp;/g, "&"), url).toString();
    method = "POST";
    body = new URLSearchParams(prompt === "login" ? { prompt, login, password: "any" } : { prompt }).toString();
  }
  throw new Error("the provider never sent the browser back");
}
