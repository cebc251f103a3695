import {
  ZAdminUser,
  ZAdminUserList,
  ZAdminUserParams,
  ZAdminUsersQuery,
  ZAdminUserUpdateBody,
  ZEndedSessions,
} from "@sawdust/shared";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { error, errors, json, SIGNED_IN } from "../../http/openapi.js";
import { adminFirstNoStore } from "../../http/request-auth.js";
import { viewerOf } from "../../http/viewer.js";
import type { AdminUsersService } from "./admin-users.service.js";

const TAGS = ["admin"];
const NO_USER = error("No such user");

/** Mounted under /api/v1/admin/users. Admins only: members' roles, suspensions and sessions. */
export const adminUsersRoutes: FastifyPluginAsync<{ adminUsers: AdminUsersService }> = async (
  base,
  opts,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Admin first: anyone else hears 401 or 403 before anything about the request's shape.
  app.addHook("preValidation", adminFirstNoStore);

  app.get(
    "/",
    {
      schema: {
        summary: "Users with their standing, plan and use this month (admins)",
        description:
          "Newest first, paged by `cursor`; `q` searches usernames and emails, `role` and `status` (active or suspended) filter.",
        tags: TAGS,
        operationId: "listUsers",
        security: SIGNED_IN,
        querystring: ZAdminUsersQuery,
        response: {
          200: json(ZAdminUserList, "One page, and how many users match"),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => opts.adminUsers.list(request.query, viewerOf(request)),
  );

  app.get(
    "/:id",
    {
      schema: {
        summary: "One user with their standing, plan and use this month (admins)",
        tags: TAGS,
        operationId: "getUser",
        security: SIGNED_IN,
        params: ZAdminUserParams,
        response: {
          200: json(ZAdminUser, "The user"),
          ...errors(400, 401, 403),
          404: NO_USER,
        },
      },
    },
    async (request) => opts.adminUsers.get(request.params.id, viewerOf(request)),
  );

  app.patch(
    "/:id",
    {
      schema: {
        summary: "Change a user's role, or suspend or reactivate them (admins)",
        description:
          "One change a call: `role` (admin or user) or `suspended`. A suspension ends every session of the user at once and refuses their sign-in until reactivated. The last active administrator can be neither demoted nor suspended (409), and nobody suspends themself (400). Changing nothing answers the user as they are.",
        tags: TAGS,
        operationId: "updateUser",
        security: SIGNED_IN,
        params: ZAdminUserParams,
        body: ZAdminUserUpdateBody,
        response: {
          200: json(ZAdminUser, "The user as they are now"),
          ...errors(400, 401, 403),
          404: NO_USER,
          409: error("The last active administrator cannot be demoted or suspended"),
          ...errors(415),
        },
      },
    },
    async (request) => opts.adminUsers.update(request.params.id, request.body, viewerOf(request)),
  );

  app.delete(
    "/:id/sessions",
    {
      schema: {
        summary: "End every session of a user (admins)",
        description: "Signs the user out on every device; they can sign in again.",
        tags: TAGS,
        operationId: "endUserSessions",
        security: SIGNED_IN,
        params: ZAdminUserParams,
        response: {
          200: json(ZEndedSessions, "How many sessions ended"),
          ...errors(400, 401, 403),
          404: NO_USER,
        },
      },
    },
    async (request) => opts.adminUsers.endSessions(request.params.id, viewerOf(request)),
  );
};
