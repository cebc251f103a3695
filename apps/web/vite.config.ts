import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The Fastify server that `npm run dev` starts; the dev server forwards everything it owns. */
const serverOrigin = "http://127.0.0.1:3000";

/**
 * The screens whose chunks' own imports download beside them when the app opens them (each
 * import() lists its files in the chunk that makes it, the entry for routes): the public pages a
 * visitor moves between, sign-in and the image dialog. Every other screen's list would cost the
 * first download of every page ~1.3 KB gzip of file names (issue 20); its imports load after its
 * chunk instead, one round trip later, the first time a member or admin opens it.
 */
const PRELOADED_SCREENS =
  /[\\/]src[\\/](app[\\/]routes[\\/]gallery-route|features[\\/](explore[\\/]explore-page|tag[\\/]tag-page|editions[\\/](one-of-one|open-editions)-page|auth[\\/]auth-screen|image-detail[\\/]image-detail-dialog))\.tsx$/;
/** The build's chunks by file name, for modulePreload.resolveDependencies below. */
let builtChunks: Record<string, { facadeModuleId?: string | null }> = {};

export default defineConfig(({ command, isSsrBuild }) => {
  // A build is the production build whatever NODE_ENV the shell has: with NODE_ENV=development
  // the JSX became development calls (`jsxDEV`), which the server render's React (production,
  // below) does not have, so every page came unrendered. `npm run dev` is the development build.
  if (command === "build") process.env.NODE_ENV = "production";
  return {
    plugins: [
      react(),
      tailwindcss(),
      {
        name: "sawdust:chunks-for-preload",
        generateBundle: {
          order: "pre",
          handler(_options, bundle) {
            builtChunks = bundle as typeof builtChunks;
          },
        },
      },
    ],
    resolve: {
      alias: {
        "@": fileURLToPath(new URL("./src", import.meta.url)),
        // React Router's package exports name only its development build, whose warnings (and their
        // texts) the production build leaves out: the same code otherwise, ~0.5 KB gzip less.
        "react-router": fileURLToPath(
          new URL("../../node_modules/react-router/dist/production/index.mjs", import.meta.url),
        ),
      },
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
      // .vite/manifest.json: the server names each public page's chunks in its HTML (modulepreload).
      manifest: true,
      // The server render needs no copy of public/: the client build's is served.
      copyPublicDir: !isSsrBuild,
      // The polyfill is an inline script, which the Content-Security-Policy (script-src 'self') blocks.
      modulePreload: {
        polyfill: false,
        // index.html names the entry's own imports whatever the screen.
        resolveDependencies: (file, deps, { hostType }) =>
          hostType === "html" || PRELOADED_SCREENS.test(builtChunks[file]?.facadeModuleId ?? "")
            ? deps
            : [],
      },
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
              // (src/lib/billing) serve only members' dialogs and pages: they load with those, as
              // do the calls and helpers only editions, collections and forms use (a module here
              // brings its imports along: purchase-edition alone would bring billing's texts), and
              // what no page paints first with: changes (useMutation), one image, the tag lists,
              // a confirmation link sent again, UTC days in words, the way back from a link, and the focus
              // handed on when a chip or preview is removed; and the admins' form saves (save-changes).
              {
                name: "core",
                test: /node_modules[\\/](@tanstack[\\/](?!query-core[\\/]build[\\/]modern[\\/]mutationObserver\.|react-query[\\/]build[\\/]modern[\\/]useMutation\.)|react-router|tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs)|lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/](?!loader-circle)))[\\/]?|[\\/]src[\\/](lib[\\/](?!billing[\\/]|api[\\/](purchase-edition|resend-verification|get-collections?|delete-image|get-image|get-tags)\.|tags\.|edition-status|form-errors|date-time|focus-on-removal|save-changes)|hooks[\\/])|packages[\\/]shared[\\/](?!src[\\/]((schemas|messages)[\\/]|dates\.|same-site-path\.))/,
              },
            ],
          },
        },
      },
    },
  };
});
