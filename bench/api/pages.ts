/**
 * Deep pages without walking to them: the list is keyset-paged newest first (id descending) and
 * its cursor names the last id of the previous page (`encodeCursor` in catalogue.service.ts), so the
 * cursor of page N is that of the id at offset (N − 1) × limit − 1 among the rows a visitor sees.
 * The bench checks this against the server's own `nextCursor` before it relies on it, and walks
 * the pages instead (with limit 100) if they disagree, e.g. after the paging changed.
 */
import { sql } from "kysely";
import type { Db } from "../../apps/server/src/db/database.js";
import { encodeCursor } from "../../apps/server/src/modules/images/catalogue.service.js";

export interface PageQuery {
  /** Tag filter; none for the whole public catalogue. */
  tag?: string;
  limit: number;
}

export interface DeepPage {
  page: number;
  /** Undefined for page 1. */
  cursor: string | undefined;
  /** The id the page must start with. */
  firstId: number;
  /** How the cursor was found. */
  via: "computed" | "walked";
}

/** Public ready ids matching the query, newest first: `offset` skipped, `count` returned. */
async function idsAt(db: Db, query: PageQuery, offset: number, count: number): Promise<number[]> {
  let q = db
    .selectFrom("images")
    .select("id")
    .where("status", "=", "ready")
    .where("is_public", "=", 1)
    .orderBy("id", "desc")
    .limit(count)
    .offset(offset);
  if (query.tag) {
    const tag = query.tag;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("image_facets as f")
          .select(sql`1`.as("one"))
          .whereRef("f.image_id", "=", "images.id")
          .where("f.kind", "=", "tag")
          .where("f.value", "=", tag),
      ),
    );
  }
  return (await q.execute()).map((r) => r.id);
}

/** How many public ready images the query matches. */
export async function matching(db: Db, query: PageQuery): Promise<number> {
  const ids = await idsAt(db, query, 0, Number.MAX_SAFE_INTEGER);
  return ids.length;
}

/** Page `page`'s cursor and first id, computed from the database. */
export async function computePage(db: Db, query: PageQuery, page: number): Promise<DeepPage> {
  const offset = (page - 1) * query.limit;
  const [before, first] =
    page === 1
      ? [undefined, ...(await idsAt(db, query, 0, 1))]
      : await idsAt(db, query, offset - 1, 2);
  if (first === undefined) throw new Error(`page ${page} of ${describe(query)} does not exist`);
  return {
    page,
    cursor: before === undefined ? undefined : encodeCursor(before),
    firstId: first,
    via: "computed",
  };
}

/** The path of every page of the query, first to last (cursors computed as above). */
export async function everyPage(db: Db, query: PageQuery): Promise<string[]> {
  const ids = await idsAt(db, query, 0, Number.MAX_SAFE_INTEGER);
  const paths = [pageUrl(query, undefined)];
  for (let end = query.limit - 1; end + 1 < ids.length; end += query.limit) {
    paths.push(pageUrl(query, encodeCursor(ids[end] as number)));
  }
  return paths;
}

export function pageUrl(query: PageQuery, cursor: string | undefined, limit = query.limit): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (query.tag) params.set("tag", query.tag);
  if (cursor) params.set("cursor", cursor);
  return `/api/v1/images?${params}`;
}

interface ListBody {
  images: Array<{ id: number }>;
  nextCursor: string | null;
}

async function getPage(baseUrl: string, path: string): Promise<ListBody> {
  const res = await fetch(baseUrl + path);
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as ListBody;
}

/**
 * Page `page` as the server pages: the computed cursor if the server agrees with the computation
 * on pages 2 and 3 and on the page's first id; otherwise found by walking.
 */
export async function deepPage(
  db: Db,
  baseUrl: string,
  query: PageQuery,
  page: number,
  log: (message: string) => void,
): Promise<DeepPage> {
  const computed = await computePage(db, query, page);
  const problems: string[] = [];
  const first = await getPage(baseUrl, pageUrl(query, undefined));
  const second = await computePage(db, query, 2);
  if (first.nextCursor !== second.cursor) problems.push("page 1's nextCursor differs");
  else {
    const third = await computePage(db, query, 3);
    const body = await getPage(baseUrl, pageUrl(query, second.cursor));
    if (body.images[0]?.id !== second.firstId) problems.push("page 2 starts elsewhere");
    if (body.nextCursor !== third.cursor) problems.push("page 2's nextCursor differs");
  }
  const deep = await getPage(baseUrl, pageUrl(query, computed.cursor));
  if (deep.images[0]?.id !== computed.firstId) problems.push(`page ${page} starts elsewhere`);
  if (deep.images.length !== query.limit) problems.push(`page ${page} is not full`);
  if (problems.length === 0) return computed;
  log(`computed cursors disagree with the server (${problems.join("; ")}): walking instead`);
  return walkTo(baseUrl, query, page);
}

/** The cursor of page `page` found by following nextCursor, 100 rows a request. */
async function walkTo(baseUrl: string, query: PageQuery, page: number): Promise<DeepPage> {
  let remaining = (page - 1) * query.limit;
  let cursor: string | undefined;
  while (remaining > 0) {
    const step = Math.min(100, remaining);
    const body = await getPage(baseUrl, pageUrl(query, cursor, step));
    if (!body.nextCursor) throw new Error(`${describe(query)} ends before page ${page}`);
    cursor = body.nextCursor;
    remaining -= step;
  }
  const body = await getPage(baseUrl, pageUrl(query, cursor));
  const firstId = body.images[0]?.id;
  if (firstId === undefined) throw new Error(`page ${page} of ${describe(query)} is empty`);
  return { page, cursor, firstId, via: "walked" };
}

function describe(query: PageQuery): string {
  return query.tag ? `the tag ${query.tag}` : "the public catalogue";
}
