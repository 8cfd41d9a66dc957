import { lazy, type ComponentType } from "react";

/**
 * `lazy()` that renders at once when its module has been loaded through `preload()`: React takes a thenable that
 * calls back immediately as already resolved, so nothing suspends. Loaders and the client entry preload what a
 * page will render (server renders then never stream it in later; hydration never waits for it).
 */
export function preloadedLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  type Loaded = { default: ComponentType<P> };
  let loaded: Loaded | undefined;
  let loading: Promise<Loaded> | undefined;
  const preload = () => (loading ??= load().then((module) => (loaded = module)));
  const ready = (module: Loaded) => ({ then: (resolve: (value: Loaded) => void) => resolve(module) });
  const Component = lazy(() => (loaded ? (ready(loaded) as unknown as Promise<Loaded>) : preload()));
  return { Component, preload };
}
