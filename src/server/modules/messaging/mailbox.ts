import { mailboxPaths, type MailboxLink } from '../../../shared/api/messaging.js';
import type { Config } from '../../config.js';
import { isStaff, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Forbidden } from '../../platform/errors.js';
import { secretMatches } from '../../platform/secrets.js';

/**
 * The demo mailbox shows sign-in codes and reset links, so it answers only under a secret path segment
 * (`DEV_MAILBOX_SECRET`, or generated into DATA_DIR/secrets.json). Client addresses prove nothing: behind a
 * reverse proxy on the same machine every visitor arrives from 127.0.0.1.
 */
export function mailboxUrl(config: Config): string | null {
  return config.demoMode ? `${config.publicUrl}${mailboxPaths.at(config.devMailboxSecret)}` : null;
}

/** Whether a request may see the mailbox: demo mode and the right secret (compared in constant time). */
export function mailboxOpen(config: Config, secret: string): boolean {
  return config.demoMode && secretMatches(secret, config.devMailboxSecret);
}

/** Staff get the mailbox's address (the account page links it); everyone else is refused. */
export function mailboxLink(ctx: AppContext, actor: Actor): MailboxLink {
  if (!isStaff(actor)) throw new Forbidden('Only staff may open the mailbox.');
  return { url: mailboxUrl(ctx.config) };
}
