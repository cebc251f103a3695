import FindMyWay from "find-my-way";

/**
 * The methods an address takes, for a request that no route answered: a path another method's
 * route matches is told 405 with `Allow` (RFC 9110 §15.5.6), not 404. Read from the routes the
 * server registered, catch-alls (`/*`, the static files' and pages' wildcard) left out: they
 * take any GET, and every path would seem to exist.
 */
export function allowedMethodsOf(
  routes: ReadonlyArray<{ method: string; url: string }>,
  options: { maxParamLength: number },
): (path: string) => string[] {
  let router: FindMyWay.Instance<FindMyWay.HTTPVersion.V1> | undefined;
  let methods: string[] = [];
  // Built on first use: by then every route is registered.
  const build = () => {
    const made = FindMyWay({ maxParamLength: options.maxParamLength });
    const seen = new Set<string>();
    for (const { method, url } of routes) {
      if (url.includes("*") || seen.has(`${method} ${url}`)) continue;
      seen.add(`${method} ${url}`);
      made.on(method as FindMyWay.HTTPMethod, url, () => undefined);
    }
    methods = [...new Set(routes.map((route) => route.method))].sort();
    return made;
  };
  return (path) => {
    router ??= build();
    const allowed = methods.filter((method) => {
      try {
        return router?.find(method as FindMyWay.HTTPMethod, path) != null;
      } catch {
        return false;
      }
    });
    // A GET route answers HEAD as well (Fastify's exposeHeadRoutes).
    return allowed.includes("GET") ? [...allowed, "HEAD"].sort() : allowed;
  };
}
