import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * Browser journeys in Debian's Chromium against the real server and the built web app.
 * `npm test` builds the web app and provisions Chromium before this runs.
 */
const port = Number(process.env.E2E_PORT ?? 3199);
/** The server's DATA_DIR: support code opens its SQLite file to set up what has no API yet. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "sawdust-e2e-"));
// Workers load this file too: they must see the same folder as the server the runner started.
process.env.E2E_DATA_DIR = E2E_DATA_DIR;
export const E2E_ADMIN = { username: "e2e-admin", password: "e2e-admin-password" };

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    trace: "off",
  },
  webServer: {
    command: "npx tsx apps/server/src/main.ts",
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: E2E_DATA_DIR,
      DEMO_CONTENT: "false",
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_EMAIL: "e2e-admin@example.com",
      LOG_LEVEL: "warn",
      // Every journey registers its own members, all from 127.0.0.1.
      REGISTRATIONS_PER_IP_HOUR: "1000",
      // A helper may build the web app elsewhere to test it without disturbing apps/web/dist.
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    },
  },
});
