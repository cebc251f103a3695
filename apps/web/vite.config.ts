import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The Fastify server that `npm run dev` starts; the dev server forwards everything it owns. */
const serverOrigin = "http://127.0.0.1:3000";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    proxy: {
      "/api": serverOrigin,
      "/healthz": serverOrigin,
      "/readyz": serverOrigin,
      "/media": serverOrigin,
    },
  },
  // The server render (src/entry-server.tsx, built into dist/ssr) carries everything it imports:
  // the API server loads it as one self-contained module.
  ssr: { noExternal: true },
  // React's production build on the server too, whatever NODE_ENV the server runs with.
  ...(isSsrBuild ? { define: { "process.env.NODE_ENV": JSON.stringify("production") } } : {}),
  build: {
    outDir: "dist",
    // The server render needs no copy of public/: the client build's is served.
    copyPublicDir: !isSsrBuild,
    // The polyfill is an inline script, which the Content-Security-Policy (script-src 'self') blocks.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Chunks named by their hash alone: the entry lists every lazy chunk's file name (to
        // preload what each route needs), and on /gallery's first download the readable half of
        // 76 names cost about 400 bytes gzip.
        chunkFileNames: "assets/[hash].js",
        // React changes far less often than the app: its own chunk stays cached across releases.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // The libraries and shared code every page uses, in one file rather than a dozen small
            // ones: fewer requests, and gzip compresses one larger file better. Billing's calls
            // (src/lib/billing) serve only members' dialogs and pages: they load with those.
            {
              name: "core",
              test: /node_modules[\\/](@tanstack|react-router|tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs)|lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/](?!loader-circle)))[\\/]?|[\\/]src[\\/](lib[\\/](?!billing[\\/])|hooks[\\/])|packages[\\/]shared[\\/](?!src[\\/](schemas|messages)[\\/])/,
            },
          ],
        },
      },
    },
  },
}));
