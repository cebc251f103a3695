/** Fastify's own lookup of a path (`server.findRoute`), the slice of it read here. */
export interface RouteFinder {
  findRoute(route: { method: string; url: string }): {
    params: object;
    searchParams?: object;
  } | null;
}

/**
 * The methods an address takes, for a request that no route answered: a path another method's
 * route matches is told 405 with `Allow` (RFC 9110 §15.5.6), not 404. Asked of the server's own
 * router, so it answers for every path Fastify routes — `/api/v1/api-keys/` as well as
 * `/api/v1/api-keys` (a prefix's `/` route takes both, and the router's trailing-slash twin is
 * named by no onRoute hook; round 58). Catch-alls (`/*`, the static files' and pages' wildcard)
 * are left out: they take any GET, and every path would seem to exist.
 */
export function allowedMethodsOf(
  router: RouteFinder,
  routes: ReadonlyArray<{ method: string }>,
): (path: string) => string[] {
  return (path) => {
    const methods = [...new Set(routes.map((route) => route.method))].sort();
    const allowed = methods.filter((method) => {
      const found = router.findRoute({ method, url: path });
      // A path the router cannot read (`%zz`, a parameter past maxParamLength) finds its
      // bad-URL answer, which has no query: no route takes that path.
      return found != null && found.searchParams !== undefined && !("*" in found.params);
    });
    // A GET route answers HEAD as well (Fastify's exposeHeadRoutes).
    return allowed.includes("GET") ? [...allowed, "HEAD"].sort() : allowed;
  };
}
