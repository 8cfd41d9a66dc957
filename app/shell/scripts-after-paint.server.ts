/**
 * A page's scripts are asked for after its first paint. The document's head preloads every module the page will
 * run (React Router's `<Scripts>` and the content views write `<link rel="modulepreload">`), and its module script
 * imports them: the browser asks for all of them with the stylesheet and the fonts, so on a slow connection the
 * page's text waits behind its code (110 KB for a post, 224 KB for the editor), which it does not need to be read.
 * Here the preloads leave the head and the module script is kept as an inert block (`type="text/x-module"`); a
 * small script after it, run once the page has painted, puts the preloads back in the head, with every attribute
 * they had, and runs the module script's own text, so the page then loads and hydrates as it would have.
 *
 * The module script keeps the request's nonce: the script that runs its text gives the new script the same nonce,
 * and a kept document names both by their hashes (`hashNoncedScripts`), which the text's hash still matches.
 * A document without exactly one module script carrying the nonce is left as it is (so is a stream whose first
 * ` type="module"` turns out not to be that script's).
 */
import { Transform } from "node:stream";
import { attributesOf, tagsOf } from "./html-tags.server";
import { escapeHtml } from "~/lib/escape-html";

// Runs the deferred module once a frame has been painted (a frame's requestAnimationFrame runs before its paint,
// the next frame's after it; the timeout leaves that frame's work), or after two seconds in a tab that does not
// paint (hidden).
const runAfterPaint = `(function(){var d=document,done=0;function run(){if(done++)return;var b=d.querySelector("script[data-after-paint]");JSON.parse(b.getAttribute("data-after-paint")).forEach(function(a){var l=d.createElement("link");for(var k in a)l.setAttribute(k,a[k]);d.head.appendChild(l)});var s=d.createElement("script");s.type="module";s.nonce=b.nonce;s.textContent=b.textContent;b.replaceWith(s)}requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(run,0)})});setTimeout(run,2000)})()`;

export function scriptsAfterPaint(html: string, nonce: string): string {
  if (!nonce) return html;
  const preloads: { start: number; end: number; attributes: Record<string, string> }[] = [];
  const modules: { start: number; end: number; scriptEnd: number; text: string }[] = [];
  let inHead = true;
  for (const tag of tagsOf(html)) {
    if (inHead && /^<\/head>/i.test(tag.text)) inHead = false;
    else if (inHead && /^<link\s/i.test(tag.text) && attributesOf(tag.text).rel === "modulepreload") {
      // Everything but the nonce, which a preload does not need and a kept document must not hold.
      const { nonce: _, ...attributes } = attributesOf(tag.text);
      preloads.push({ start: tag.start, end: tag.end, attributes });
    } else if (tag.scriptEnd !== undefined && attributesOf(tag.text).type === "module") {
      modules.push({ start: tag.start, end: tag.end, scriptEnd: tag.scriptEnd, text: tag.text });
    }
  }
  const module = modules[0];
  if (modules.length !== 1 || !module || !module.text.includes(` nonce="${nonce}"`)) return html;
  const deferred =
    module.text
      .replace(/\stype="module"/, ' type="text/x-module"')
      .replace(/\sasync=""/, "")
      .slice(0, -1) + ` data-after-paint="${escapeHtml(JSON.stringify(preloads.map((p) => p.attributes)))}">`;
  const afterModule = html.indexOf(">", module.scriptEnd) + 1;
  let out = "";
  let at = 0;
  for (const preload of preloads) {
    out += html.slice(at, preload.start);
    at = preload.end;
  }
  return (
    out +
    html.slice(at, module.start) +
    deferred +
    html.slice(module.end, afterModule) +
    `<script nonce="${nonce}">${runAfterPaint}</script>` +
    html.slice(afterModule)
  );
}

/** A document's beginning held while looking for its module script; a longer one passes as it is. */
const maxHeldBytes = 4 * 1024 * 1024;
const moduleType = Buffer.from(' type="module"');
const scriptEnd = Buffer.from("</script>");

/**
 * `scriptsAfterPaint` on a document as it streams: the beginning is held until the module script has ended (React
 * writes it with the shell, so holding it delays nothing the shell would not), rewritten, and everything after it
 * passes through as it comes (the data and boundaries React streams later). The bytes are searched whole (a chunk
 * may end inside a tag or a letter) and cut only after the script's end tag.
 */
export function scriptsAfterPaintStream(nonce: string): Transform {
  let held: Buffer | undefined = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!held) return callback(null, chunk);
      held = Buffer.concat([held, chunk]);
      const module = held.indexOf(moduleType);
      const end = module === -1 ? -1 : held.indexOf(scriptEnd, module);
      if (end !== -1) {
        const cut = end + scriptEnd.length;
        this.push(Buffer.from(scriptsAfterPaint(held.subarray(0, cut).toString("utf8"), nonce)));
        this.push(held.subarray(cut));
        held = undefined;
      } else if (held.length > maxHeldBytes) {
        this.push(held);
        held = undefined;
      }
      callback();
    },
    flush(callback) {
      if (held?.length) this.push(held);
      callback();
    },
  });
}
