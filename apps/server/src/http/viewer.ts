import type { Member, Principal } from "@sawdust/shared";
import type { FastifyRequest } from "fastify";
import { memberOf as memberPrincipalOf, requireAdmin, requireUser } from "./request-auth.js";

/** Who is asking: the request's principal, built once when the request arrived. */
export function viewerOf(request: FastifyRequest): Principal {
  return request.principal;
}

/** The signed-in member making this request; refuses a visitor (401). */
export function memberOf(request: FastifyRequest): Member {
  return memberPrincipalOf(requireUser(request));
}

/** The admin making this request; refuses anyone else (401 or 403). */
export function adminViewerOf(request: FastifyRequest): Member {
  return memberPrincipalOf(requireAdmin(request));
}
