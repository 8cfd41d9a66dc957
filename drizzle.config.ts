import { defineConfig } from "drizzle-kit";
import { databaseTarget } from "./app/config.server";

const { url, authToken } = databaseTarget();

export default defineConfig({
  dialect: "turso",
  schema: "./app/db/schema.ts",
  out: "./drizzle",
  dbCredentials: { url, authToken },
});
