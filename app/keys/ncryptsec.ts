/**
 * The shape of an encrypted secret key (NIP-49, "ncryptsec1…"), checked without the passphrase: what the server
 * accepts to keep and what the browser accepts before it spends scrypt's time and memory on it. Version 2,
 * scrypt's cost within `messagingKeyCost`, 32 bytes of secret with their 16-byte tag. Shared by browser and server.
 */
import { bech32 } from "@scure/base";

/** scrypt's cost as log2(N): 16 (64 MiB, what NIP-49 suggests) to 18 (256 MiB, about what a phone can give). */
export const messagingKeyCost = { default: 16, min: 16, max: 18 } as const;

/** version, log_n, salt, nonce, key security byte, then the 32-byte secret and its 16-byte tag. */
const encryptedLength = 1 + 1 + 16 + 24 + 1 + 32 + 16;
/** The bech32 text of that many bytes ("ncryptsec1" and the checksum included). */
export const ncryptsecLength = 162;

/** What is wrong with `value` as an ncryptsec, or undefined. */
export function ncryptsecProblem(value: string): "format" | "version" | "cost" | undefined {
  if (value.length !== ncryptsecLength) return "format";
  let bytes: Uint8Array;
  try {
    const decoded = bech32.decode(value as `${string}1${string}`, ncryptsecLength);
    if (decoded.prefix !== "ncryptsec") return "format";
    bytes = bech32.fromWords(decoded.words);
  } catch {
    return "format";
  }
  if (bytes.length !== encryptedLength) return "format";
  if (bytes[0] !== 0x02) return "version";
  if (bytes[1]! < messagingKeyCost.min || bytes[1]! > messagingKeyCost.max) return "cost";
  if (bytes[42]! > 0x02) return "format";
  return undefined;
}
