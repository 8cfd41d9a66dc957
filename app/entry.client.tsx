import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * HydratedRouter suspends on its first render while it decodes the server's data, and Preact cannot suspend
 * while hydrating the document itself (it would rebuild the page). So the decoding is started and awaited
 * first: calling the component outside rendering throws the decoding promise until the data is in; after
 * that it throws at its first hook, which is expected and ignored.
 */
async function serverDataDecoded() {
  for (;;) {
    try {
      HydratedRouter({});
      return;
    } catch (thrown) {
      if (!(thrown instanceof Promise)) return;
      await thrown;
    }
  }
}

/**
 * The document as a parent Preact can hydrate into. Handed the document itself, Preact renders into `<html>`
 * (preact#3794) and would put a second `<html>` inside the first; and its only child must be `<html>`, or
 * Preact would try to move `<html>` before the doctype.
 */
const documentParent = {
  nodeType: 11,
  namespaceURI: null,
  ownerDocument: document,
  get firstChild() {
    return document.documentElement;
  },
  get childNodes() {
    return [document.documentElement];
  },
  insertBefore: (node: Node, before: Node | null) => document.insertBefore(node, before),
  removeChild: (node: Node) => document.removeChild(node),
};

await serverDataDecoded();
// A separate task for hydration: loading the code and hydrating the page in one would keep a slow phone from
// answering the reader's first tap for longer than either does alone.
await new Promise((resolve) => setTimeout(resolve, 0));
hydrateRoot(documentParent as unknown as Document, <HydratedRouter />);
