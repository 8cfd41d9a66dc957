/**
 * The browser and server builds run React code on Preact (decision 008): `react` and `react-dom` resolve here.
 */
import { options, type VNode } from "preact";

// @ts-expect-error preact/compat's types say `export =`; its module build has the named exports React has.
export * from "preact/compat";
export { default } from "preact/compat";

/**
 * React Router's RouterProvider calls useOptimistic and only sets an optimistic state when `useTransitions` is
 * on, which Daftar never turns on: the state passes through unchanged.
 */
export function useOptimistic<S>(state: S): [S, (action: unknown) => void] {
  return [state, () => {}];
}

/** React-only props that Preact would otherwise write out as HTML attributes. */
const reactOnlyProps = ["suppressHydrationWarning", "suppressContentEditableWarning"];
const previousVNodeHook = options.vnode;
options.vnode = (vnode: VNode) => {
  if (typeof vnode.type === "string") {
    const props = vnode.props as Record<string, unknown>;
    for (const prop of reactOnlyProps) if (prop in props) delete props[prop];
  }
  previousVNodeHook?.(vnode);
};
