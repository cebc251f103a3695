import type { FastifyRequest } from "fastify";
import type { DownloadViewer } from "../modules/downloads/downloads.service.js";

/** Who is asking, in the terms the image and download rules use; null for a visitor. */
export function viewerOf(request: FastifyRequest): DownloadViewer | null {
  const auth = request.auth;
  return auth ? { userId: auth.user.id, role: auth.user.role, tier: auth.tier } : null;
}
