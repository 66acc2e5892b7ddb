import { Migrator, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../connection.js';
import { usersMigration } from './0001-users.js';
import { contentMigration } from './0002-content.js';
import { searchMigration } from './0003-search.js';
import { searchWordsMigration } from './0004-search-words.js';
import { accountsMigration } from './0005-accounts.js';
import { sessionsMigration } from './0006-sessions.js';
import { articleCountsMigration } from './0007-article-counts.js';
import { searchHeadMigration } from './0009-search-head.js';
import { membershipMigration } from './0010-membership.js';
import { membershipEnquiriesMigration } from './0011-membership-enquiries.js';
import { shopMigration } from './0013-shop.js';
import { coursesMigration } from './0012-courses.js';
import { contentTranslationsMigration } from './0015-content-translations.js';
import { ordersMigration } from './0016-orders.js';
import { courseSearchMigration } from './0018-course-search.js';
import { orderRefundsMigration } from './0019-order-refunds.js';
import { editorialTranslationsMigration } from './0020-editorial-translations.js';
import { commentsMigration } from './0021-comments.js';
import { commentAuthorsMigration } from './0022-comment-authors.js';
import { imagesMigration } from './0023-images.js';
import { documentsMigration } from './0024-documents.js';
import { pagesMigration } from './0025-pages.js';
import { orderOwnersMigration } from './0026-order-owners.js';
import { shopTranslationsMigration } from './0027-shop-translations.js';
import { grantRevocationsMigration } from './0028-grant-revocations.js';
import { platformMigration } from './0029-platform.js';
import { backOfficeMigration } from './0037-back-office.js';
import { staffAuditLogMigration } from './0038-staff-audit-log.js';
import { newslettersMigration } from './0031-newsletters.js';
import { newsletterCampaignsMigration } from './0032-newsletter-campaigns.js';
import { editorialRevisionsMigration } from './0033-editorial-revisions.js';
import { accessPlansAndTranslationsMigration } from './0034-access-plans-and-translations.js';
import { backOfficeListIndexesMigration } from './0039-back-office-list-indexes.js';
import { aliasesMigration } from './0040-aliases.js';
import { staffListSearchMigration } from './0041-staff-list-search.js';
import { staffArticleTitlesMigration } from './0042-staff-article-titles.js';
import { articleTitlesIndexMigration } from './0043-article-titles-index.js';

export interface LecternMigration {
  name: string;
  up(db: Kysely<unknown>, engine: Engine): Promise<void>;
}

/** One ordered list for both engines; a migration branches on `engine` only where SQL differs. */
export const migrations: LecternMigration[] = [usersMigration, contentMigration, searchMigration, searchWordsMigration, accountsMigration, sessionsMigration, articleCountsMigration, searchHeadMigration, membershipMigration, membershipEnquiriesMigration, shopMigration, coursesMigration, contentTranslationsMigration, ordersMigration, courseSearchMigration, orderRefundsMigration, editorialTranslationsMigration, commentsMigration, commentAuthorsMigration, imagesMigration, documentsMigration, pagesMigration, orderOwnersMigration, shopTranslationsMigration, grantRevocationsMigration, platformMigration, newslettersMigration, newsletterCampaignsMigration, editorialRevisionsMigration, accessPlansAndTranslationsMigration, backOfficeMigration, staffAuditLogMigration, backOfficeListIndexesMigration, aliasesMigration, staffListSearchMigration, staffArticleTitlesMigration, articleTitlesIndexMigration];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before and outside the typed schema
export async function migrateToLatest(db: Kysely<any>, engine: Engine): Promise<string[]> {
  const migrator = new Migrator({
    db,
    // 0034 came after 0037 and 0038 were released: a database that has those runs it late.
    allowUnorderedMigrations: true,
    provider: {
      async getMigrations() {
        const entries: Record<string, Migration> = {};
        for (const m of migrations) entries[m.name] = { up: (trx) => m.up(trx, engine) };
        return entries;
      },
    },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
