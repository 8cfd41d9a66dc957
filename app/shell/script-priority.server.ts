/**
 * The scripts a document preloads (`<link rel="modulepreload">`, written by React Router's `<Scripts>` and by the
 * content views) are asked for at low priority. The browser otherwise fetches them at high priority, in
 * parallel with the stylesheet, the fonts and the first picture, and on a slow connection their 110 KB hold
 * the first paint back: the page reads without them, they only make it interactive. They are still requested
 * at once (the preload scanner finds them in <head>), only behind what the first screen needs.
 * React Router renders these links with no way to add attributes, so the document's head is rewritten as it is
 * sent: only `<link rel="modulepreload"` tags before `</head>`, never the page's content.
 */
import { Transform } from "node:stream";

const headEnd = "</head>";
/** A head longer than this (ours is about 6 KB) is sent as it is rather than held in memory. */
const maxHeadBytes = 64 * 1024;

/** The head's module preloads with `fetchpriority="low"`, unless they already say a priority. */
export function lowPriorityModulePreloads(head: string): string {
  return head.replace(/<link rel="modulepreload"(?![^>]*\bfetchpriority=)/g, '$& fetchpriority="low"');
}

/**
 * A stream of the document that rewrites its head with `lowPriorityModulePreloads`: the head is held until its end
 * arrives (it may be split across chunks anywhere), then everything passes through unchanged. `onEnd` runs when
 * the document has been written whole.
 */
export function scriptPriorityStream(onEnd: () => void): Transform {
  let held: Buffer | undefined = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!held) return callback(null, chunk);
      // A chunk may end anywhere, inside "</head>" or inside a letter: the bytes so far are searched whole, and
      // only the head (which ends on "</head>") is read as text.
      held = Buffer.concat([held, chunk]);
      const end = held.indexOf(headEnd);
      if (end !== -1) {
        const head = lowPriorityModulePreloads(held.subarray(0, end).toString("utf8"));
        this.push(Buffer.concat([Buffer.from(head), held.subarray(end)]));
        held = undefined;
      } else if (held.length > maxHeadBytes) {
        this.push(held);
        held = undefined;
      }
      callback();
    },
    flush(callback) {
      if (held?.length) this.push(held);
      onEnd();
      callback();
    },
  });
}
