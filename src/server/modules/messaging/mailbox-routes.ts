import fp from 'fastify-plugin';
import { z } from 'zod';
import { mailboxPaths } from '../../../shared/api/messaging.js';
import { asZod } from '../../platform/http.js';
import { mailboxListHtml, mailboxMessageHtml } from './mailbox-page.js';
import { outboxEntries, outboxEntry } from './service.js';

/**
 * `/dev/mailbox`: the messages an embedded demo site "sent", so a visitor can follow a confirmation or
 * reset link. Demo mode only; elsewhere the path does not exist. These are site pages, not API calls:
 * the plugin is not encapsulated (fastify-plugin), so the API prefix it is registered with does not apply.
 * It answers only on this machine (loopback addresses): the messages hold sign-in codes and reset links,
 * which a demo site reachable by others must not hand out.
 */
const isLoopback = (ip: string) => ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');

export const mailboxRoutes = fp(
  async (root) => {
    const app = asZod(root);
    const { ctx } = app;
    const hidden = { hide: true };

    app.get(mailboxPaths.list, { schema: hidden }, async (request, reply) => {
      if (!ctx.config.demoMode || !isLoopback(request.ip)) return reply.callNotFound();
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      return mailboxListHtml(outboxEntries(ctx), mailboxPaths.list);
    });

    app.get(mailboxPaths.message, { schema: { ...hidden, params: z.object({ id: z.string().max(40) }) } }, async (request, reply) => {
      const entry = ctx.config.demoMode && isLoopback(request.ip) ? outboxEntry(ctx, request.params.id) : undefined;
      if (!entry) return reply.callNotFound();
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      return mailboxMessageHtml(entry, mailboxPaths.list);
    });
  },
  { name: 'messaging-mailbox' },
);
