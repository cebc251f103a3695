import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Integration files that open no test database (storage against s3rver, the bundled
 * content-rating model, the Stripe client against its loopback fake, SQLite's read thread on a
 * file of its own) or are about SQLite alone (a full SQLite file): the SQLite pass runs them, the
 * PostgreSQL pass leaves them out, so each runs once.
 */
const DATABASE_FREE = [
  "apps/server/src/media/**/*.int.test.ts",
  "apps/server/src/modules/billing/stripe-provider.int.test.ts",
  "apps/server/src/db/sqlite-off-loop.int.test.ts",
  "apps/server/src/db/sqlite-full.int.test.ts",
  "apps/server/src/db/sqlite-busy.int.test.ts",
  "apps/server/test/start-failures.int.test.ts",
];

/**
 * Both projects run their files without isolation: the files a worker runs share its loaded
 * modules (each file still makes its own app, database and data folder). Loading the server's
 * modules once a worker instead of once a file took the integration pass on SQLite from 341 to
 * 195 s and PostgreSQL's from 362 to 246 s on 2 cores (import 172 -> 13 s), the unit suite from
 * 71 to 45 s. A test must therefore leave no module state behind that another file could see.
 *
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
          isolate: false,
          include: ["packages/*/src/**/*.test.ts", "apps/*/src/**/*.test.ts", "test/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "**/node_modules/**"],
        },
      },
      {
        test: {
          name: "integration",
          isolate: false,
          include: ["apps/server/src/**/*.int.test.ts", "apps/server/test/**/*.int.test.ts"],
          exclude: [
            "**/node_modules/**",
            ...(process.env.TEST_DB === "postgres" ? DATABASE_FREE : []),
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
