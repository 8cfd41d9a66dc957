/**
 * Writing a message: checked (1 to 65535 bytes), encrypted and wrapped here (with proof of work when asked),
 * and added to the local inbox with status Sending; the sync step publishes it. Browser code, loaded on use.
 */
import { chatRumor, maxMessageBytes, messageBytes, wrapFor } from "~/keys/direct-messages";
import type { Signer } from "~/keys/signer";
import { inbox, inboxEvent } from "~/keys/local-inbox";

export type SendProblem = "tooShort" | "tooLong" | "tooLongToEncrypt";

export class SendError extends Error {
  constructor(readonly problem: SendProblem) {
    super(problem);
    this.name = "SendError";
  }
}

export async function sendMessage(input: {
  signer: Signer;
  to: string;
  text: string;
  relayUrl: string;
  replyTo?: string;
  /** The name the sender goes by here. */
  name?: string;
  subject?: string;
  /** Also wrap a copy for the sender (members: their other browsers with this key read it too). */
  selfCopy: boolean;
  /** Bits of proof of work (NIP-13) on the recipient's wrap: what the relay asks of people who are not members. */
  pow?: number;
}): Promise<void> {
  const bytes = messageBytes(input.text);
  if (input.text.trim().length === 0) throw new SendError("tooShort");
  if (bytes > maxMessageBytes) throw new SendError("tooLong");
  const { signer } = input;
  const rumor = chatRumor(signer.pubkey, [input.to], input.text, {
    replyTo: input.replyTo,
    subject: input.subject,
    name: input.name,
    relay: input.relayUrl,
  });
  let wraps;
  try {
    wraps = [await wrapFor(signer, rumor, input.to, input.pow)];
    if (input.selfCopy && input.to !== signer.pubkey) wraps.push(await wrapFor(signer, rumor, signer.pubkey));
  } catch (error) {
    // NIP-44 takes at most 65535 bytes, and the sealed message is larger than its text.
    if (error instanceof Error && /plaintext|size|length/i.test(error.message)) throw new SendError("tooLongToEncrypt");
    throw error;
  }
  await inbox.events.add({
    ...inboxEvent(rumor, { status: "Sending", peer: input.to, owner: signer.pubkey }),
    wraps,
    attempts: 0,
  });
}
