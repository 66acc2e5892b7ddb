import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { mailboxPaths } from '../../../shared/api/messaging.js';
import { asZod } from '../../platform/http.js';
import { mailboxOpen } from './mailbox.js';
import { mailboxListHtml, mailboxMessageHtml } from './mailbox-page.js';
import { outboxEntries, outboxEntry } from './service.js';

/** Neither cached nor passed on as a referrer: the address itself is the key to the mailbox. */
function privatePage(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/html; charset=utf-8');
}

/**
 * `/dev/mailbox/<secret>`: the messages a demo site "sent", so a visitor can follow a confirmation or reset
 * link. Demo mode only, and only with the mailbox secret (see mailbox.ts); any other path does not exist.
 * These are site pages, not API calls: the plugin is not encapsulated (fastify-plugin), so the API prefix
 * it is registered with does not apply. Params are plain strings, so a wrong secret of any shape is a 404.
 */
export const mailboxRoutes = fp(
  async (root) => {
    const app = asZod(root);
    const { ctx } = app;
    const hidden = { hide: true };

    app.get(mailboxPaths.list, { schema: { ...hidden, params: z.object({ secret: z.string() }) } }, async (request, reply) => {
      const { secret } = request.params;
      if (!mailboxOpen(ctx.config, secret)) return reply.callNotFound();
      privatePage(reply);
      return mailboxListHtml(outboxEntries(ctx), mailboxPaths.at(secret));
    });

    app.get(mailboxPaths.message, { schema: { ...hidden, params: z.object({ secret: z.string(), id: z.string() }) } }, async (request, reply) => {
      const { secret, id } = request.params;
      const entry = mailboxOpen(ctx.config, secret) ? outboxEntry(ctx, id) : undefined;
      if (!entry) return reply.callNotFound();
      privatePage(reply);
      return mailboxMessageHtml(entry, mailboxPaths.at(secret));
    });
  },
  { name: 'messaging-mailbox' },
);
