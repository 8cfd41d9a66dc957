/** The shape of ./app-layers.js, for the TypeScript that reads it (scripts/folder-graph.ts, the lint test). */
export declare const appLayers: {
  root: string;
  base: string[];
  /** Each domain: the domains it composes with, each with what the composition means. */
  domains: Record<string, Record<string, string>>;
  edge: string[];
  exceptions: { file: string; imports: string; why: string }[];
};
