import { useQuery } from '@tanstack/react-query';
import { useHttp, useI18n } from '../../../app/context.js';
import { mailboxLinkQuery } from '../api/mailbox.js';
import { AccountSection } from './account-section.js';

/** Staff on a demo site: a link to the mailbox, whose address carries its secret. Nothing elsewhere. */
export function MailboxSection({ userId }: { userId: number }) {
  const http = useHttp();
  const { t } = useI18n();
  const link = useQuery(mailboxLinkQuery(http, userId));
  if (!link.data?.url) return null;
  return (
    <AccountSection id="mailbox" title={t('mailbox.title')}>
      <p>{t('mailbox.text')}</p>
      <p>
        <a href={link.data.url} rel="noreferrer">{t('mailbox.open')}</a>
      </p>
    </AccountSection>
  );
}
