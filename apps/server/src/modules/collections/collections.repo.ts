import type { ExpressionBuilder, Transaction } from "kysely";
import type { Db } from "../../db/database.js";
import type { DialectName } from "../../db/dialect.js";
import type { CollectionRow, Database, ImageRow } from "../../db/schema.js";
import { IMAGE_COLUMNS } from "../images/images.repo.js";

/** A collection with what its owner may see of it: how many images, and the cover's small rendition. */
export interface CollectionSummaryRow extends CollectionRow {
  image_count: number;
  cover_id: number | null;
  cover_thumbhash: string | null;
  cover_small_key: string | null;
}

/** One image of a collection: the entry's id and time, and the image row. */
export interface CollectionEntryRow {
  entry_id: number;
  added_at: number;
  image: ImageRow;
}

/**
 * Which images of a collection its owner sees: ready ones, and (unless `includePrivate`, for an
 * admin) public ones. Counts, covers and the detail all use this one rule, so they always agree.
 */
export interface EntryVisibility {
  includePrivate: boolean;
}

/** `gone`: the image (or the collection) was deleted while it was being added. */
export type AddOutcome = "added" | "present" | "full" | "gone";

export class CollectionsRepo {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
  ) {}

  /** How many collections the member owns. */
  async countOwnedBy(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom("collections")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  findById(id: number): Promise<CollectionRow | undefined> {
    return this.db.selectFrom("collections").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /**
   * The member's collections (or one of them) newest first, each with its visible image count and
   * cover computed in the same query.
   */
  async findSummaries(
    userId: number,
    visibility: EntryVisibility,
    onlyId?: number,
  ): Promise<CollectionSummaryRow[]> {
    const visibleEntries = (eb: ExpressionBuilder<Database & { c: CollectionRow }, "c">) =>
      eb
        .selectFrom("collection_images as ci")
        .innerJoin("images as i", "i.id", "ci.image_id")
        .whereRef("ci.collection_id", "=", "c.id")
        .where("i.status", "=", "ready")
        .$if(!visibility.includePrivate, (qb) => qb.where("i.is_public", "=", 1));
    const owned = this.db
      .selectFrom("collections as c")
      .selectAll("c")
      .select((eb) => [
        visibleEntries(eb)
          .select((e) => e.fn.countAll<number | string>().as("n"))
          .as("image_count"),
        visibleEntries(eb)
          .select("i.id")
          .orderBy("ci.added_at", "desc")
          .orderBy("ci.id", "desc")
          .limit(1)
          .as("cover_id"),
      ])
      .where("c.user_id", "=", userId)
      .$if(onlyId !== undefined, (qb) => qb.where("c.id", "=", onlyId as number));
    const rows = await this.db
      .selectFrom(owned.as("x"))
      .leftJoin("images as cover", "cover.id", "x.cover_id")
      .leftJoin("renditions as r", (join) =>
        join.onRef("r.image_id", "=", "x.cover_id").on("r.size", "=", "small"),
      )
      .selectAll("x")
      .select(["cover.thumbhash as cover_thumbhash", "r.storage_key as cover_small_key"])
      .orderBy("x.created_at", "desc")
      .orderBy("x.id", "desc")
      .execute();
    return rows.map((row) => ({ ...row, image_count: Number(row.image_count ?? 0) }));
  }

  /** The images of a collection its owner sees, most recently added first. */
  async findEntries(
    collectionId: number,
    visibility: EntryVisibility,
  ): Promise<CollectionEntryRow[]> {
    const rows = await this.db
      .selectFrom("collection_images as ci")
      .innerJoin("images", "images.id", "ci.image_id")
      .select(["ci.id as entry_id", "ci.added_at"])
      .select(IMAGE_COLUMNS.map((column) => `images.${column}` as const))
      .where("ci.collection_id", "=", collectionId)
      .where("images.status", "=", "ready")
      .$if(!visibility.includePrivate, (qb) => qb.where("images.is_public", "=", 1))
      .orderBy("ci.added_at", "desc")
      .orderBy("ci.id", "desc")
      .execute();
    return rows.map(({ entry_id, added_at, ...image }) => ({ entry_id, added_at, image }));
  }

  /**
   * Creates the collection unless the member already owns `limit` (null: no limit). Counting and
   * inserting are one transaction holding the member's row (PostgreSQL) or the database's single
   * writer (SQLite), so simultaneous creates cannot pass the limit together. Returns the new id,
   * or null when the limit is reached.
   */
  async createWithinLimit(
    values: {
      userId: number;
      name: string;
      description: string | null;
      isPublic: boolean;
      now: number;
    },
    limit: number | null,
  ): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      if (limit !== null) {
        if (this.dialect === "postgres") {
          await trx
            .selectFrom("users")
            .select("id")
            .where("id", "=", values.userId)
            .forUpdate()
            .execute();
        }
        const owned = await trx
          .selectFrom("collections")
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .where("user_id", "=", values.userId)
          .executeTakeFirstOrThrow();
        if (Number(owned.n) >= limit) return null;
      }
      const row = await trx
        .insertInto("collections")
        .values({
          user_id: values.userId,
          name: values.name,
          description: values.description,
          is_public: values.isPublic ? 1 : 0,
          created_at: values.now,
          updated_at: values.now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    });
  }

  async update(
    id: number,
    patch: { name?: string; description?: string | null; isPublic?: boolean },
    now: number,
  ): Promise<void> {
    await this.db
      .updateTable("collections")
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.isPublic !== undefined ? { is_public: patch.isPublic ? 1 : 0 } : {}),
        updated_at: now,
      })
      .where("id", "=", id)
      .execute();
  }

  /**
   * Deletes the collection and its entries, taking one off the collections count of each image
   * it held. The collection's row is held first, so an image being added or removed at the same
   * moment is counted once either way.
   */
  async delete(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.lockCollection(trx, id);
      await trx
        .updateTable("images")
        .set((eb) => ({ collections_count: eb("collections_count", "-", 1) }))
        .where("id", "in", (eb) =>
          eb.selectFrom("collection_images").select("image_id").where("collection_id", "=", id),
        )
        .execute();
      // The entries go with it (foreign key, on delete cascade).
      await trx.deleteFrom("collections").where("id", "=", id).execute();
    });
  }

  /**
   * Adds the image unless it is there already or the collection holds `max` entries; a new entry
   * adds one to the image's collections count. One transaction, the collection's row held.
   */
  async addImage(
    collectionId: number,
    imageId: number,
    now: number,
    max: number,
  ): Promise<AddOutcome> {
    try {
      return await this.addImageOnce(collectionId, imageId, now, max);
    } catch (error) {
      if (isForeignKeyViolation(error)) return "gone";
      throw error;
    }
  }

  private addImageOnce(
    collectionId: number,
    imageId: number,
    now: number,
    max: number,
  ): Promise<AddOutcome> {
    return this.db.transaction().execute(async (trx) => {
      await this.lockCollection(trx, collectionId);
      const present = await trx
        .selectFrom("collection_images")
        .select("id")
        .where("collection_id", "=", collectionId)
        .where("image_id", "=", imageId)
        .executeTakeFirst();
      if (present) return "present";
      const held = await trx
        .selectFrom("collection_images")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("collection_id", "=", collectionId)
        .executeTakeFirstOrThrow();
      if (Number(held.n) >= max) return "full";
      await trx
        .insertInto("collection_images")
        .values({ collection_id: collectionId, image_id: imageId, added_at: now })
        .execute();
      await this.afterEntryChange(trx, collectionId, imageId, +1, now);
      return "added";
    });
  }

  /** Removes the image if it is there (one off its collections count); true when it was. */
  async removeImage(collectionId: number, imageId: number, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await this.lockCollection(trx, collectionId);
      const removed = await trx
        .deleteFrom("collection_images")
        .where("collection_id", "=", collectionId)
        .where("image_id", "=", imageId)
        .returning("id")
        .executeTakeFirst();
      if (!removed) return false;
      await this.afterEntryChange(trx, collectionId, imageId, -1, now);
      return true;
    });
  }

  /**
   * Holds the collection's row until the transaction ends (PostgreSQL), so changes to one
   * collection's entries take turns and its counts stay exact. SQLite has a single writer already.
   */
  /** An image came into (+1) or left (-1) a collection: its count and the collection's time. */
  private async afterEntryChange(
    trx: Transaction<Database>,
    collectionId: number,
    imageId: number,
    delta: 1 | -1,
    now: number,
  ): Promise<void> {
    await trx
      .updateTable("images")
      .set((eb) => ({ collections_count: eb("collections_count", "+", delta) }))
      .where("id", "=", imageId)
      .execute();
    await trx
      .updateTable("collections")
      .set({ updated_at: now })
      .where("id", "=", collectionId)
      .execute();
  }

  private async lockCollection(trx: Transaction<Database>, id: number): Promise<void> {
    if (this.dialect !== "postgres") return;
    await trx.selectFrom("collections").select("id").where("id", "=", id).forUpdate().execute();
  }
}

/** Whether an error is a foreign-key violation (the row it points at went meanwhile). */
function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === "23503" || e?.code === "SQLITE_CONSTRAINT_FOREIGNKEY";
}
