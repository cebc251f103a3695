/**
 * The layering of design section 3, enforced by `npm run check`:
 *   routes → service → repository (and only repositories and the db layer touch the database);
 *   packages/shared imports nothing from apps/; web features never import each other.
 * `test/import-rules.test.ts` proves each rule fails on a violation.
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Import cycles make modules impossible to reason about one at a time.",
      from: {},
      to: { circular: true },
    },
    {
      name: "shared-is-standalone",
      severity: "error",
      comment: "packages/shared is the contract both apps depend on; it depends on neither.",
      from: { path: "^packages/shared/" },
      to: { path: "^apps/" },
    },
    {
      name: "server-and-web-apart",
      severity: "error",
      comment: "The apps meet only through packages/shared.",
      from: { path: "^apps/(server|web)/" },
      to: { path: "^apps/(?!$1/)" },
    },
    {
      name: "routes-do-not-touch-the-database",
      severity: "error",
      comment:
        "A route parses, authorises, calls one service and shapes the response (conventions 1).",
      from: { path: "\\.routes\\.ts$" },
      to: {
        path: [
          "\\.repo\\.ts$",
          "^apps/server/src/db/",
          "^(kysely|pg|better-sqlite3)$",
          "node_modules/(kysely|pg|better-sqlite3)/",
        ],
      },
    },
    {
      name: "services-do-not-know-http",
      severity: "error",
      comment: "Rules live in services, which know nothing of Fastify, routes or requests.",
      from: { path: "\\.service\\.ts$" },
      to: { path: ["\\.routes\\.ts$", "^apps/server/src/http/", "node_modules/fastify"] },
    },
    {
      name: "http-gets-services-passed-in",
      severity: "error",
      comment:
        "The HTTP layer reaches services only through what app.ts passes in (functions, options); it never imports a service or a repository itself. Types are fine.",
      from: { path: "^apps/server/src/http/" },
      to: { path: ["\\.service\\.ts$", "\\.repo\\.ts$"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "media-imports-no-repository",
      severity: "error",
      comment:
        "Image work and storage (media/) know nothing of the database: services read repositories and hand media what it needs.",
      from: { path: "^apps/server/src/media/" },
      to: { path: "\\.repo\\.ts$" },
    },
    {
      name: "repos-make-no-decisions",
      severity: "error",
      comment: "Repositories run queries; they never call services or routes.",
      from: { path: "\\.repo\\.ts$" },
      to: { path: ["\\.service\\.ts$", "\\.routes\\.ts$", "^apps/server/src/http/"] },
    },
    {
      name: "sql-only-in-repositories",
      severity: "error",
      comment: "Only repositories, the db layer and the composition root reach Kysely or a driver.",
      from: {
        path: "^apps/server/src/",
        pathNot: ["\\.repo\\.ts$", "^apps/server/src/db/", "\\.test\\.ts$"],
      },
      to: { path: ["node_modules/(kysely|pg|better-sqlite3)/"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "web-features-are-independent",
      severity: "error",
      comment: "Lift what two features share into components/ or lib/ (bulletproof-react).",
      from: { path: "^apps/web/src/features/([^/]+)/" },
      to: { path: "^apps/web/src/features/", pathNot: "^apps/web/src/features/$1/" },
    },
    {
      name: "web-shared-layers-stay-below-features",
      severity: "error",
      comment:
        "Imports flow shared → features → app: components/ and lib/ never import features or app. The route table (app/paths.ts) is the exception: a leaf module that imports nothing, which shared links and dialogs need as much as pages do.",
      from: { path: "^apps/web/src/(components|lib)/" },
      to: { path: "^apps/web/src/(features|app)/", pathNot: "^apps/web/src/app/paths\\.ts$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(dist|node_modules)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.depcruise.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
