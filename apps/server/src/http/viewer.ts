import type { FastifyRequest } from "fastify";
import type { DownloadViewer } from "../modules/downloads/downloads.service.js";
import { requireAdmin } from "./request-auth.js";

/** Who is asking, in the terms the image and download rules use; null for a visitor. */
export function viewerOf(request: FastifyRequest): DownloadViewer | null {
  const auth = request.auth;
  return auth ? { userId: auth.user.id, role: auth.user.role, tier: auth.tier } : null;
}

/** The admin making this request, as a viewer; refuses anyone else (401 or 403). */
export function adminViewerOf(request: FastifyRequest): DownloadViewer {
  const { user, tier } = requireAdmin(request);
  return { userId: user.id, role: user.role, tier };
}
