/**
 * A small HTTP load balancer, as `npm run cluster` and the cluster test put in front of the API
 * processes (in production nginx, HAProxy or a cloud balancer does this job). It
 *   - sends each request to the next ready backend in turn;
 *   - appends the client's address to X-Forwarded-For and sets X-Forwarded-Proto and -Host, as
 *     an honest proxy does (so the backends need TRUST_PROXY naming this proxy's address);
 *   - asks each backend's /readyz every `healthEveryMs` and sends nothing to one that is not ready
 *     (a stopping process turns unready first);
 *   - tries the next backend when one refuses the connection, or, for GET and HEAD, drops it
 *     before answering (nginx's `proxy_next_upstream error`), so a request the stopping process
 *     never accepted still gets an answer;
 *   - tells which backend answered in an `X-Backend` response header (its index).
 */
import { createServer, request as httpRequest } from "node:http";

const IDEMPOTENT = new Set(["GET", "HEAD", "OPTIONS"]);
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
]);
const MAX_BODY = 64 * 1024 * 1024;

/**
 * @param {{ backends: string[], host?: string, port?: number, healthPath?: string, healthEveryMs?: number }} options
 */
export async function startRoundRobinProxy(options) {
  const backends = options.backends.map((url) => ({ url: new URL(url), ready: true }));
  const healthPath = options.healthPath ?? "/readyz";
  const stats = { requests: 0, retries: 0, failures: 0, byBackend: backends.map(() => 0) };
  let next = 0;

  const pick = (tried) => {
    for (let i = 0; i < backends.length; i++) {
      const index = (next + i) % backends.length;
      if (backends[index].ready && !tried.has(index)) {
        next = (index + 1) % backends.length;
        return index;
      }
    }
    // None ready (or all tried): still try one not yet tried, rather than fail at once.
    for (let index = 0; index < backends.length; index++) if (!tried.has(index)) return index;
    return -1;
  };

  const forward = (index, req, body) =>
    new Promise((resolve, reject) => {
      const target = backends[index].url;
      const headers = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (!HOP_BY_HOP.has(name)) headers[name] = value;
      }
      const client = req.socket.remoteAddress ?? "";
      const forwarded = req.headers["x-forwarded-for"];
      headers["x-forwarded-for"] = forwarded ? `${forwarded}, ${client}` : client;
      headers["x-forwarded-proto"] = "http";
      headers["x-forwarded-host"] = req.headers.host ?? "";
      headers["content-length"] = String(body.length);
      const upstream = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers,
          agent: false,
        },
        (response) => resolve(response),
      );
      upstream.on("error", reject);
      upstream.end(body);
    });

  const server = createServer(async (req, res) => {
    stats.requests += 1;
    const chunks = [];
    let size = 0;
    try {
      for await (const chunk of req) {
        size += chunk.length;
        if (size > MAX_BODY) throw new Error("request body too large for the proxy");
        chunks.push(chunk);
      }
    } catch {
      res.writeHead(413).end();
      return;
    }
    const body = Buffer.concat(chunks);
    const tried = new Set();
    for (;;) {
      const index = pick(tried);
      if (index < 0) break;
      tried.add(index);
      try {
        const response = await forward(index, req, body);
        stats.byBackend[index] += 1;
        const headers = { ...response.headers, "x-backend": String(index) };
        for (const name of HOP_BY_HOP) delete headers[name];
        res.writeHead(response.statusCode ?? 502, headers);
        response.pipe(res);
        return;
      } catch (error) {
        const refused = error.code === "ECONNREFUSED";
        if (refused) backends[index].ready = false;
        if (refused || IDEMPOTENT.has(req.method ?? "")) {
          stats.retries += 1;
          continue;
        }
        break;
      }
    }
    stats.failures += 1;
    if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" });
    res.end('{"message":"No backend answered","code":"bad_gateway"}');
  });

  const probe = async () => {
    await Promise.all(
      backends.map(async (backend) => {
        try {
          const response = await fetch(new URL(healthPath, backend.url), {
            signal: AbortSignal.timeout(1000),
          });
          backend.ready = response.status === 200;
        } catch {
          backend.ready = false;
        }
      }),
    );
  };
  await probe();
  const timer = setInterval(probe, options.healthEveryMs ?? 250);
  timer.unref();

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve);
  });
  const { port } = server.address();
  return {
    url: `http://${options.host ?? "127.0.0.1"}:${port}`,
    port,
    stats,
    /** Whether each backend is in rotation now. */
    readiness: () => backends.map((backend) => backend.ready),
    close: () =>
      new Promise((resolve) => {
        clearInterval(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
