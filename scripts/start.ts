/** `npm start`: build when needed, then serve the production build. */
import { buildIfStale } from "./build-if-stale.ts";

buildIfStale();
process.env.NODE_ENV = "production";
await import("../server/prod.ts");
