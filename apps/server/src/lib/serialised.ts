/**
 * Runs `work` alone for `key`: after every earlier task for the key has finished and before any
 * later one starts, in this process and in every other one on the database (BillingRepo.serialised
 * is the one the services are given). For a read, then a write made from it, that two requests or
 * processes must not interleave: two admins deciding about one image, a refund, an analysis
 * writing over an admin's edit.
 */
export type Serialised = <T>(key: string, work: () => Promise<T>) => Promise<T>;

/** No ordering at all: what a service does without a Serialised (unit tests, scripts). */
export const unordered: Serialised = (_key, work) => work();
