/**
 * A DNS server on loopback for tests (UDP, node:dgram): answers A and AAAA questions with the addresses the test
 * chooses for each name, NXDOMAIN for names it was not given. Answers carry a time to live of 0, so no resolver
 * keeps them: each lookup asks again, which is what a rebinding test needs. The server's own code is the DNS
 * message format of RFC 1035 (header, question, answers with a pointer to the question's name).
 */
import { createSocket } from "node:dgram";
import { isIP } from "node:net";

/** The addresses to answer for a name: fixed, or chosen per question (the count starts at 1, per name and type). */
export type Answer = string[] | ((count: number) => string[]);

export interface DnsServer {
  /** "127.0.0.1:<port>": what OUTBOUND_DNS_SERVERS takes. */
  address: string;
  /** Sets (or replaces) the answer for `name`, and forgets how often it was asked. */
  answer(name: string, addresses: Answer): void;
  /** The questions received, as "A name" or "AAAA name". */
  questions: string[];
  close(): Promise<void>;
}

const TYPE_A = 1;
const TYPE_AAAA = 28;

export async function startDnsServer(): Promise<DnsServer> {
  const answers = new Map<string, Answer>();
  const counts = new Map<string, number>();
  const questions: string[] = [];
  const socket = createSocket("udp4");

  socket.on("message", (message, from) => {
    const question = readQuestion(message);
    if (!question) return;
    const type = question.type === TYPE_A ? "A" : question.type === TYPE_AAAA ? "AAAA" : String(question.type);
    questions.push(`${type} ${question.name}`);
    const answer = answers.get(question.name);
    let records: string[] = [];
    if (answer) {
      const key = `${type} ${question.name}`;
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      const all = typeof answer === "function" ? answer(count) : answer;
      const family = question.type === TYPE_A ? 4 : question.type === TYPE_AAAA ? 6 : 0;
      records = all.filter((address) => isIP(address) === family);
    }
    socket.send(reply(message, question.end, records, answer === undefined), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    answer(name, addresses) {
      answers.set(name.toLowerCase(), addresses);
      for (const key of counts.keys()) if (key.endsWith(` ${name.toLowerCase()}`)) counts.delete(key);
    },
    questions,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}

/** The first question's name (lower case), type and where it ends; undefined for a message that is not one. */
function readQuestion(message: Buffer): { name: string; type: number; end: number } | undefined {
  if (message.length < 12 || message.readUInt16BE(4) < 1) return undefined;
  const labels: string[] = [];
  let offset = 12;
  while (offset < message.length) {
    const length = message[offset]!;
    if (length === 0) break;
    if (length > 63) return undefined;
    labels.push(message.subarray(offset + 1, offset + 1 + length).toString("ascii"));
    offset += 1 + length;
  }
  if (offset + 5 > message.length) return undefined;
  return { name: labels.join(".").toLowerCase(), type: message.readUInt16BE(offset + 1), end: offset + 5 };
}

/** The response: the question echoed, then one record per address (NXDOMAIN when the name is unknown). */
function reply(query: Buffer, questionEnd: number, addresses: string[], unknown: boolean): Buffer {
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // the id
  const recursionDesired = query.readUInt16BE(2) & 0x0100;
  header.writeUInt16BE(0x8000 | 0x0400 | recursionDesired | 0x0080 | (unknown ? 3 : 0), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(addresses.length, 6);
  const records = addresses.map((address) => {
    const data = isIP(address) === 4 ? ipv4Bytes(address) : ipv6Bytes(address);
    const record = Buffer.alloc(12 + data.length);
    record.writeUInt16BE(0xc00c, 0); // the question's name
    record.writeUInt16BE(data.length === 4 ? TYPE_A : TYPE_AAAA, 2);
    record.writeUInt16BE(1, 4); // IN
    record.writeUInt32BE(0, 6); // time to live: none
    record.writeUInt16BE(data.length, 10);
    data.copy(record, 12);
    return record;
  });
  return Buffer.concat([header, query.subarray(12, questionEnd), ...records]);
}

function ipv4Bytes(address: string): Buffer {
  return Buffer.from(address.split(".").map(Number));
}

function ipv6Bytes(address: string): Buffer {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const [a, b, c, d] = dotted.split(".").map(Number) as [number, number, number, number];
    text = text.slice(0, -dotted.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  const bytes = Buffer.alloc(16);
  groups.forEach((group, i) => bytes.writeUInt16BE(parseInt(group, 16), i * 2));
  return bytes;
}
