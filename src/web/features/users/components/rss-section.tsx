import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useAppEnv, useHttp, useI18n } from '../../../app/context.js';
import { feedPaths } from '../../../app/paths.js';
import { rotateRssToken, rssTokenQuery } from '../api/profile.js';
import { AccountSection } from './account-section.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';

/** The private feed: its address carries the reader's RSS token; a new token makes the old address stop working. */
export function RssSection({ userId }: { userId: number }) {
  const http = useHttp();
  const { t, lang } = useI18n();
  const { publicUrl } = useAppEnv();
  const linkId = useId();
  const token = useQuery(rssTokenQuery(http, userId));
  const [rotated, setRotated] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState('');
  const current = rotated ?? token.data?.rss_token ?? null;
  const link = current ? `${publicUrl}${feedPaths.personal(current)}` : '';

  const rotate = async () => {
    setPending(true);
    setStatus('');
    try {
      const answer = await rotateRssToken(http, userId);
      setRotated(answer.rss_token);
      setConfirming(false);
      setStatus(t('rss.rotated'));
    } catch (error) {
      setStatus(describeServerError(error, t, lang));
    } finally {
      setPending(false);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setStatus(t('rss.copied'));
    } catch {
      setStatus(t('rss.copyFailed'));
    }
  };

  return (
    <AccountSection id="rss" title={t('rss.privateTitle')}>
      <p>{t('rss.privateText')}</p>
      {current ? (
        <div className="field">
          <label htmlFor={linkId}>{t('rss.privateLink')}</label>
          <input id={linkId} className="code-input" readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
          <p className="auth-form__actions">
            <button type="button" className="button" onClick={() => void copy()}>{t('rss.copy')}</button>
            <button type="button" className="button button--quiet" onClick={() => setConfirming(true)} disabled={confirming}>
              {t('rss.rotate')}
            </button>
          </p>
        </div>
      ) : (
        <p>
          <button type="button" className="button" onClick={() => void token.refetch()} disabled={token.isFetching}>
            {token.isFetching ? t('common.loading') : t('rss.show')}
          </button>
        </p>
      )}
      {token.error && <p className="form-error" role="alert">{describeServerError(token.error, t, lang)}</p>}
      {confirming && (
        <div className="confirm-box" role="group" aria-label={t('rss.rotate')}>
          <p>{t('rss.rotateWarning')}</p>
          <p className="auth-form__actions">
            <button type="button" className="button" onClick={() => void rotate()} disabled={pending}>
              {pending ? t('common.working') : t('rss.rotateConfirm')}
            </button>
            <button type="button" className="button button--quiet" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </button>
          </p>
        </div>
      )}
      <p className="form-status" role="status">{status}</p>
    </AccountSection>
  );
}
