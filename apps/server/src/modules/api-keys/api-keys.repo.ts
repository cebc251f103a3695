import { type CompiledQuery, sql, type Transaction } from "kysely";
import type { Db } from "../../db/database.js";
import { PREPARED_ONCE } from "../../db/prepared-once.js";
import type { ApiKeyRow, Database } from "../../db/schema.js";
import { type AuditEntryInput, newAuditRow } from "../audit/audit.repo.js";

export interface NewApiKey {
  name: string;
  keyHash: string;
  display: string;
  rateLimitPerHour: number;
  /** The admin who made it; null for one the system made (the benchmark's). */
  createdBy: number | null;
  now: number;
}

/** A key's place in its hour after a request was counted. */
export interface HourCount {
  requests: number;
  rateLimit: number;
}

export interface HourlyUsage {
  keyId: number;
  hourStart: number;
  requests: number;
}

type TakenRow = { requests: number; rate_limit: number };

export class ApiKeysRepo {
  /**
   * `takeRequest`'s statement, compiled by Kysely once (its parameters: the hour, the key) and, on
   * SQLite, by the database once too (PREPARED_ONCE): it runs on every marketing API request.
   */
  private takeRequestQuery: CompiledQuery<TakenRow> | undefined;

  /** Requests waiting for the next group commit of their counts (SQLite). */
  private waiting: Array<{
    keyId: number;
    hourStart: number;
    resolve: (count: HourCount | undefined) => void;
    reject: (error: unknown) => void;
  }> = [];

  constructor(
    private readonly db: Db,
    private readonly options: { groupCommit?: boolean } = {},
  ) {}

  /** Stores a key (its hash) and its audit entry, in one transaction. */
  async insert(key: NewApiKey, auditOf: (id: number) => AuditEntryInput): Promise<ApiKeyRow> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("api_keys")
        .values({
          name: key.name,
          key_hash: key.keyHash,
          display: key.display,
          rate_limit_per_hour: key.rateLimitPerHour,
          created_by: key.createdBy,
          created_at: key.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("audit_log")
        .values(newAuditRow(auditOf(row.id), key.now))
        .execute();
      return row;
    });
  }

  /** Every key, newest first (revoked ones too: they stay listed). */
  findAll(): Promise<ApiKeyRow[]> {
    return this.db.selectFrom("api_keys").selectAll().orderBy("id", "desc").execute();
  }

  findById(id: number): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom("api_keys").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** The key a presented value hashes to: the one lookup an unknown key costs. */
  findByHash(keyHash: string): Promise<Pick<ApiKeyRow, "id" | "revoked_at"> | undefined> {
    return this.db
      .selectFrom("api_keys")
      .select(["id", "revoked_at"])
      .where("key_hash", "=", keyHash)
      .executeTakeFirst();
  }

  /**
   * Revokes an active key and writes its audit entry, in one transaction. Conditional, so of two
   * admins revoking at once only one changes it (and is logged). Returns whether this call did.
   */
  async revoke(id: number, by: number, now: number, audit: AuditEntryInput): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable("api_keys")
        .set({ revoked_at: now, revoked_by: by })
        .where("id", "=", id)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await trx.insertInto("audit_log").values(newAuditRow(audit, now)).execute();
      return true;
    });
  }

  /** Renames a key or sets its limit, with the audit entry, in one transaction. */
  async update(
    id: number,
    changes: { name?: string; rateLimitPerHour?: number },
    now: number,
    audit: AuditEntryInput,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("api_keys")
        .set({
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.rateLimitPerHour !== undefined
            ? { rate_limit_per_hour: changes.rateLimitPerHour }
            : {}),
        })
        .where("id", "=", id)
        .execute();
      await trx.insertInto("audit_log").values(newAuditRow(audit, now)).execute();
    });
  }

  /**
   * Counts one request in the key's hour, in one statement, only while the key is active and the
   * hour's count is below the key's limit (both read from the key's row by the statement itself,
   * so a revocation or a new limit holds at once for every process). Returns the hour's count and
   * the limit, or undefined when nothing was counted: the key is revoked or its hour is full.
   * Concurrent requests cannot pass the limit together: the conflicting row is locked and the
   * condition read again (PostgreSQL), or the statement runs alone (SQLite).
   */
  async takeRequest(keyId: number, hourStart: number): Promise<HourCount | undefined> {
    if (!this.options.groupCommit) return this.take(this.db, keyId, hourStart);
    return new Promise((resolve, reject) => {
      this.waiting.push({ keyId, hourStart, resolve, reject });
      if (this.waiting.length === 1) setImmediate(() => void this.commitWaiting());
    });
  }

  /**
   * Group commit (SQLite): the counts of the requests that arrived meanwhile, each its own
   * conditional statement, committed in one transaction. SQLite runs one writer at a time anyway,
   * and a commit costs more than the statement (bench/RESULTS.md, 2026-11-25); no request is
   * answered before its count is committed, and statements in one transaction see each other, so
   * the limit holds as it does statement by statement. If the transaction fails as a whole, each
   * request is counted again on its own.
   */
  private async commitWaiting(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    try {
      const counts = await this.db.transaction().execute(async (trx) => {
        const taken: Array<HourCount | undefined> = [];
        for (const one of batch) taken.push(await this.take(trx, one.keyId, one.hourStart));
        return taken;
      });
      batch.forEach((one, i) => {
        one.resolve(counts[i]);
      });
    } catch {
      for (const one of batch)
        this.take(this.db, one.keyId, one.hourStart).then(one.resolve, one.reject);
    }
  }

  private async take(
    db: Db | Transaction<Database>,
    keyId: number,
    hourStart: number,
  ): Promise<HourCount | undefined> {
    this.takeRequestQuery ??= sql<TakenRow>`${sql.raw(PREPARED_ONCE)}
      insert into api_key_usage (key_id, hour_start, requests)
      select id, cast(${0} as bigint), 1 from api_keys
      where id = ${0} and revoked_at is null
      on conflict (key_id, hour_start) do update set requests = api_key_usage.requests + 1
      where api_key_usage.requests < (
        select k.rate_limit_per_hour from api_keys k
        where k.id = api_key_usage.key_id and k.revoked_at is null
      )
      returning requests, (
        select k.rate_limit_per_hour from api_keys k where k.id = api_key_usage.key_id
      ) as rate_limit`.compile(this.db);
    const { rows } = await db.executeQuery<TakenRow>({
      ...this.takeRequestQuery,
      parameters: [hourStart, keyId],
    });
    const row = rows[0];
    return row && { requests: Number(row.requests), rateLimit: Number(row.rate_limit) };
  }

  /** Why `takeRequest` counted nothing: the key's state and its hour's count. */
  async hourOf(
    keyId: number,
    hourStart: number,
  ): Promise<{ revoked: boolean; rateLimit: number; requests: number } | undefined> {
    const row = await this.db
      .selectFrom("api_keys as k")
      .leftJoin("api_key_usage as u", (join) =>
        join.onRef("u.key_id", "=", "k.id").on("u.hour_start", "=", hourStart),
      )
      .select(["k.revoked_at", "k.rate_limit_per_hour", "u.requests"])
      .where("k.id", "=", keyId)
      .executeTakeFirst();
    return (
      row && {
        revoked: row.revoked_at !== null,
        rateLimit: row.rate_limit_per_hour,
        requests: row.requests ?? 0,
      }
    );
  }

  /** Sets `last_used_at`, unless it was set less than `everyMs` ago (by any process). */
  async touchLastUsed(keyId: number, now: number, everyMs: number): Promise<void> {
    await this.db
      .updateTable("api_keys")
      .set({ last_used_at: now })
      .where("id", "=", keyId)
      .where((eb) =>
        eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<=", now - everyMs)]),
      )
      .execute();
  }

  /** Hourly counts from `since` (an hour's start) on: every key's, or one key's. */
  async usageSince(since: number, keyId?: number): Promise<HourlyUsage[]> {
    let query = this.db
      .selectFrom("api_key_usage")
      .select(["key_id", "hour_start", "requests"])
      .where("hour_start", ">=", since);
    if (keyId !== undefined) query = query.where("key_id", "=", keyId);
    const rows = await query.execute();
    return rows.map((r) => ({ keyId: r.key_id, hourStart: r.hour_start, requests: r.requests }));
  }

  /** Forgets hourly counts from before `before` (an hour's start). */
  async deleteUsageBefore(before: number): Promise<void> {
    await this.db.deleteFrom("api_key_usage").where("hour_start", "<", before).execute();
  }
}
