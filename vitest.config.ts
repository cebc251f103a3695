import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * `unit`: pure rules, no I/O. `integration`: the built app over HTTP on a real database
 * (`TEST_DB=sqlite`, or `TEST_DB=postgres` with `TEST_DATABASE_URL`). `npm test` runs both,
 * the integration project once per database.
 */
export default defineConfig({
  test: {
    projects: [
      {
        // The web app's one alias, so its unit tests import as its code does.
        resolve: { alias: { "@": fileURLToPath(new URL("./apps/web/src", import.meta.url)) } },
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.test.ts", "apps/*/src/**/*.test.ts", "test/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "**/node_modules/**"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["apps/server/src/**/*.int.test.ts", "apps/server/test/**/*.int.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
