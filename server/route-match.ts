/**
 * Which route answers an address, read from the server build before the router runs: the front decides some
 * things by the route (which methods it takes, whether its document is the same for every reader).
 */
import { matchRoutes, type ServerBuild } from "react-router";

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteNode[];
}

function routeTree(routes: ServerBuild["routes"], parentId?: string): RouteNode[] {
  return Object.values(routes)
    .filter((route) => route?.parentId === parentId)
    .map((route) => ({
      id: route!.id,
      path: route!.path,
      index: route!.index,
      caseSensitive: route!.caseSensitive,
      children: route!.index ? undefined : routeTree(routes, route!.id),
    }));
}

/** The module of the route that answers `pathname` (the innermost match), or undefined when none does. */
export function leafRouteFinder(build: ServerBuild): (pathname: string) => ServerBuild["routes"][string] | undefined {
  // The matcher's types want a RouteObject; the nodes hold exactly the fields it reads.
  const tree = routeTree(build.routes) as Parameters<typeof matchRoutes>[0];
  return (pathname) => {
    const leaf = matchRoutes(tree, pathname)?.at(-1);
    return leaf ? build.routes[leaf.route.id!] : undefined;
  };
}
