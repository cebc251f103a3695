import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../dialect.js";
import * as initial from "./2026-11-21-0001-initial.js";
import * as images from "./2026-11-21-0002-images.js";
import * as searchAndViews from "./2026-11-21-0003-search-and-views.js";
import * as collections from "./2026-11-22-0004-collections.js";
import * as publishingAndResumes from "./2026-11-24-0005-publishing-and-resumes.js";
import * as billing from "./2026-11-25-0006-billing.js";
import * as apiKeys from "./2026-11-25-0007-api-keys.js";
import * as adminConsole from "./2026-11-25-0008-admin-console.js";
import * as imageReports from "./2026-11-25-0009-image-reports.js";
import * as adminFigures from "./2026-11-25-0010-admin-figures.js";
import * as accounts from "./2026-11-25-0012-accounts.js";
import * as twoFactor from "./2026-11-25-0013-two-factor.js";
import * as editions from "./2026-11-25-0014-editions.js";
import * as editionOptions from "./2026-11-25-0015-edition-options.js";
import * as facetCounts from "./2026-11-25-0016-facet-counts.js";
import * as listRenditionKeys from "./2026-11-27-0017-list-rendition-keys.js";
import * as searchTerms from "./2026-11-28-0018-search-terms.js";
import * as busEvents from "./2026-11-28-0019-bus-events.js";
import * as soldOutIndex from "./2026-11-28-0020-sold-out-index.js";
import * as searchPrefixes from "./2026-11-28-0021-search-prefixes.js";
import * as sitemapIndex from "./2026-11-28-0022-sitemap-index.js";
import * as adminIndexes from "./2026-11-28-0023-admin-indexes.js";
import * as priceIndex from "./2026-11-28-0024-price-index.js";
import * as soldOutCounts from "./2026-11-28-0025-sold-out-counts.js";
import * as storageTotals from "./2026-11-28-0026-storage-totals.js";
import * as downloadDays from "./2026-11-29-0027-download-days.js";
import * as imageHistoryIndexes from "./2026-11-29-0028-image-history-indexes.js";
import * as imageDownloadDays from "./2026-11-29-0029-image-download-days.js";
import * as viewDays from "./2026-11-29-0030-view-days.js";
import * as sessionEpochs from "./2026-11-29-0031-session-epochs.js";
import * as searchWithoutAccents from "./2026-11-29-0032-search-without-accents.js";
import * as rateLimitAttempts from "./2026-11-29-0033-rate-limit-attempts.js";
import * as internationalText from "./2026-11-29-0034-international-text.js";
import * as earlyRefunds from "./2026-11-29-0035-early-refunds.js";
import * as thumbRendition from "./2026-11-30-0036-thumb-rendition.js";
import * as saleGivenBack from "./2026-11-30-0037-sale-given-back.js";
import * as salePieceKept from "./2026-11-30-0038-sale-piece-kept.js";
import * as jobOutages from "./2026-11-30-0039-job-outages.js";
import * as unlimitedDownloads from "./2026-11-30-0040-unlimited-downloads.js";
import * as adminLeaving from "./2026-12-01-0041-admin-leaving.js";
import * as editionNumbersReissued from "./2026-12-01-0042-edition-numbers-reissued.js";
import * as saleCheckout from "./2026-12-01-0043-sale-checkout.js";
import * as neutralColourNames from "./2026-12-01-0044-neutral-colour-names.js";
import * as saturatedBlueNames from "./2026-12-02-0045-saturated-blue-names.js";

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
type DialectMigration = { up(db: Kysely<any>, dialect: DialectName): Promise<void> };

/**
 * Append-only: add a new timestamped file and list it here; never edit one that has landed.
 * Names sort in the order they run.
 */
const MIGRATIONS: Record<string, DialectMigration> = {
  "2026-11-21-0001-initial": initial,
  "2026-11-21-0002-images": images,
  "2026-11-21-0003-search-and-views": searchAndViews,
  "2026-11-22-0004-collections": collections,
  "2026-11-24-0005-publishing-and-resumes": publishingAndResumes,
  "2026-11-25-0006-billing": billing,
  "2026-11-25-0007-api-keys": apiKeys,
  "2026-11-25-0008-admin-console": adminConsole,
  "2026-11-25-0009-image-reports": imageReports,
  "2026-11-25-0010-admin-figures": adminFigures,
  "2026-11-25-0012-accounts": accounts,
  "2026-11-25-0013-two-factor": twoFactor,
  "2026-11-25-0014-editions": editions,
  "2026-11-25-0015-edition-options": editionOptions,
  "2026-11-25-0016-facet-counts": facetCounts,
  "2026-11-27-0017-list-rendition-keys": listRenditionKeys,
  "2026-11-28-0018-search-terms": searchTerms,
  "2026-11-28-0019-bus-events": busEvents,
  "2026-11-28-0020-sold-out-index": soldOutIndex,
  "2026-11-28-0021-search-prefixes": searchPrefixes,
  "2026-11-28-0022-sitemap-index": sitemapIndex,
  "2026-11-28-0023-admin-indexes": adminIndexes,
  "2026-11-28-0024-price-index": priceIndex,
  "2026-11-28-0025-sold-out-counts": soldOutCounts,
  "2026-11-28-0026-storage-totals": storageTotals,
  "2026-11-29-0027-download-days": downloadDays,
  "2026-11-29-0028-image-history-indexes": imageHistoryIndexes,
  "2026-11-29-0029-image-download-days": imageDownloadDays,
  "2026-11-29-0030-view-days": viewDays,
  "2026-11-29-0031-session-epochs": sessionEpochs,
  "2026-11-29-0032-search-without-accents": searchWithoutAccents,
  "2026-11-29-0033-rate-limit-attempts": rateLimitAttempts,
  "2026-11-29-0034-international-text": internationalText,
  "2026-11-29-0035-early-refunds": earlyRefunds,
  "2026-11-30-0036-thumb-rendition": thumbRendition,
  "2026-11-30-0037-sale-given-back": saleGivenBack,
  "2026-11-30-0038-sale-piece-kept": salePieceKept,
  "2026-11-30-0039-job-outages": jobOutages,
  "2026-11-30-0040-unlimited-downloads": unlimitedDownloads,
  "2026-12-01-0041-admin-leaving": adminLeaving,
  "2026-12-01-0042-edition-numbers-reissued": editionNumbersReissued,
  "2026-12-01-0043-sale-checkout": saleCheckout,
  "2026-12-01-0044-neutral-colour-names": neutralColourNames,
  "2026-12-02-0045-saturated-blue-names": saturatedBlueNames,
};

export function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(MIGRATIONS).map(([name, m]) => [name, { up: (db) => m.up(db, dialect) }]),
  );
}
