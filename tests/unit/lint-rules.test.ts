import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";

// Lints snippets as if they were files of the app, through the project's real ESLint configuration.
const eslint = new ESLint({ cwd: process.cwd() });

async function messagesFor(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId);
}

describe("physical left/right is rejected", () => {
  test.each([
    ['<div className="ml-2" />'],
    ['<div className="flex pr-4" />'],
    ['<div className="md:text-left" />'],
    ['<div className="absolute left-0" />'],
    ['<div className="border-r" />'],
    ['<div className="rounded-l-md" />'],
    ['<div className={`p-2 ${x ? "-mr-1" : ""}`} />'],
    ["<div style={{ marginLeft: 4 }} />"],
    ["<div style={{ left: 0 }} />"],
    ['<div style={{ textAlign: "right" }} />'],
  ])("%s", async (snippet) => {
    const code = `const x = true; export const C = () => ${snippet};`;
    expect(await messagesFor(code, "app/ui/snippet.tsx")).toContain("daftar/no-physical-direction");
  });

  test.each([
    ['<div className="ms-2 pe-4 start-0 end-2 text-start border-e rounded-s-md inset-x-0" />'],
    ["<div style={{ marginInlineStart: 4, top: 0 }} />"],
    ['<div className="leftover rightful" />'],
  ])("allows %s", async (snippet) => {
    const code = `export const C = () => ${snippet};`;
    expect(await messagesFor(code, "app/ui/snippet.tsx")).not.toContain("daftar/no-physical-direction");
  });

  test("CSS with margin-left or float: right is rejected, logical CSS passes", async () => {
    expect(await messagesFor(".a { margin-left: 1rem; }", "app/x.css")).toContain("css/prefer-logical-properties");
    expect(await messagesFor(".a { float: right; }", "app/x.css")).toContain("css/prefer-logical-properties");
    expect(await messagesFor(".a { margin-inline-start: 1rem; top: 0; height: 2rem; }", "app/x.css")).toEqual([]);
  });
});

describe("requests to other machines only through the outbound module", () => {
  const rule = "daftar/outbound-through-module";

  test.each([
    ['await fetch("https://api.github.com/user");'],
    ["await fetch(url, { method: 'POST' });"],
    ["await fetch(`${issuer}/.well-known/openid-configuration`);"],
    ['import http from "node:http"; http.request("http://10.0.0.1/");'],
    ['import * as https from "https"; https.get("https://x.example/");'],
    ['import { request } from "node:http"; request("http://x/");'],
    ['import { get } from "node:https"; get("https://x/");'],
    ['import { connect } from "node:net"; connect(80, "10.0.0.1");'],
    ['import net from "node:net"; net.createConnection({ host: "x", port: 1 });'],
    ['import { connect } from "node:tls"; connect(443, "x");'],
    ['import { connect } from "node:http2"; connect("https://x");'],
    ['import { createSocket } from "node:dgram"; createSocket("udp4");'],
    ['import { lookup } from "node:dns/promises"; await lookup("x");'],
    ['import { Agent } from "undici"; new Agent();'],
    ['import http from "isomorphic-git/http/node"; export { http };'],
    ['import { WebSocket } from "ws"; new WebSocket("wss://relay.example");'],
    ['new WebSocket("wss://relay.example");'],
    ['import { createClient } from "@libsql/client"; createClient({ url });'],
    ['import { createClient } from "@libsql/client"; createClient({ url: "libsql://db.example" });'],
    ['import { Octokit } from "@octokit/rest"; new Octokit({ auth: token });'],
    ['import { Octokit } from "@octokit/rest"; new Octokit({ auth: token, request: { retries: 0 } });'],
    ["await new OAuth2Client(id, secret, uri).validateAuthorizationCode(endpoint, code, verifier);"],
    ["await github.validateAuthorizationCode(code);"],
  ])("%s is refused in server code", async (code) => {
    expect(await messagesFor(code, "app/nostr/snippet.server.ts")).toContain(rule);
    expect(await messagesFor(code, "server/snippet.ts")).toContain(rule);
  });

  test.each([
    ['import { fetchJson } from "~/lib/outbound.server"; await fetchJson("visitor", "https://x.example/");'],
    ['import { outboundFetch } from "~/lib/outbound.server"; await outboundFetch("gitHost")("https://x/");'],
    ['await fetch("/api/traffic/view", { method: "POST" });'],
    ["await fetch(`/api/install/${step}`);"],
    ["const fetch = (u: string) => u; fetch('https://x/');"],
    [
      'import { createServer, type IncomingMessage } from "node:http"; createServer(); export type M = IncomingMessage;',
    ],
    ['import type { Agent } from "node:http"; export type A = Agent;'],
    [
      'import { WebSocketServer, type WebSocket } from "ws"; new WebSocketServer({ noServer: true }); export type W = WebSocket;',
    ],
    ['import { isIP } from "node:net"; isIP("1.1.1.1");'],
    ['import { createClient } from "@libsql/client"; createClient({ url: `file:${path}` });'],
    ['import { createClient } from "@libsql/client"; createClient({ url, fetch: outboundFetch("operator") });'],
    [
      'import { Octokit } from "@octokit/rest"; new Octokit({ request: { retries: 0, fetch: outboundFetch("gitHost") } });',
    ],
  ])("%s is allowed", async (code) => {
    expect(await messagesFor(code, "app/nostr/snippet.server.ts")).not.toContain(rule);
  });

  test("the outbound module itself may use them; browser code outside the rule's files is not checked", async () => {
    expect(await messagesFor('await fetch("https://x/");', "app/lib/outbound.server.ts")).not.toContain(rule);
    expect(await messagesFor("await fetch(path);", "app/lib/api-client.ts")).not.toContain(rule);
    expect(await messagesFor("await fetch(path);", "app/lib/other.ts")).toContain(rule);
  });
});
