import type { DemoSeeded } from '../db/seed/index.js';
import { mailboxUrl } from '../modules/messaging/mailbox.js';
import { hasStaffAccount } from '../modules/users/superuser.js';
import type { AppContext } from '../platform/context.js';

export interface NoticeLog {
  info(msg: string): void;
  warn(msg: string): void;
}

/**
 * What an operator needs to hear once the site is up: the demo passwords (only on the start that made
 * them), the demo mailbox's secret address, and how to make an account for the back-office if none exists.
 */
export async function logStartupNotices(ctx: Pick<AppContext, 'config' | 'db'>, log: NoticeLog, seeded: DemoSeeded | null): Promise<void> {
  if (seeded) {
    const accounts = seeded.accounts.map((a) => `${a.username} / ${a.password} (${a.role})`).join(', ');
    log.info(`Demo accounts: ${accounts}. They are not shown again; they are kept in ${seeded.file}.`);
  }
  const mailbox = mailboxUrl(ctx.config);
  if (mailbox) log.info(`Demo mailbox (mail and SMS this site would have sent): ${mailbox}`);
  if (!(await hasStaffAccount(ctx))) {
    log.warn('No staff account yet. Create one with: npm run createsuperuser -- --username <name> --email <address>');
  }
}
