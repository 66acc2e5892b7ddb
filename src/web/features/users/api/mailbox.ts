import { queryOptions } from '@tanstack/react-query';
import type { MailboxLink } from '../../../../shared/api/messaging.js';
import { messagingPaths } from '../../../../shared/api/messaging-paths.js';
import type { HttpClient } from '../../../lib/http.js';

/** Staff only: the demo mailbox's secret address (null when the site is not in demo mode). Personal: never persisted. */
export const mailboxLinkQuery = (http: HttpClient, userId: number) =>
  queryOptions({
    queryKey: ['mailbox-link', userId] as const,
    queryFn: () => http.get<MailboxLink>(messagingPaths.mailboxLink),
    meta: { personal: true },
    staleTime: Infinity,
  });
