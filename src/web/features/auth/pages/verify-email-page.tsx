import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { authPaths } from '../../../../shared/api/auth-paths.js';
import { useHttp, useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { ApiError, type HttpClient } from '../../../lib/http.js';
import { AuthPage } from '../../../ui/auth-page.js';
import { describeError } from '../../../lib/api-messages.js';
import { useSession } from '../../../lib/session/session-context.js';
import { localiseApiError } from '../../../ui/forms/server-messages.js';
import type { Language } from '../../../../shared/i18n/index.js';

// A key works once: the same page mounted twice (development's strict mode, a quick back and forth) shares one call.
const confirmations = new Map<string, Promise<void>>();

function confirmOnce(http: HttpClient, key: string): Promise<void> {
  let call = confirmations.get(key);
  if (!call) {
    call = http.post<unknown>(authPaths.registrationVerifyEmail, { key }).then(() => undefined);
    confirmations.set(key, call);
  }
  return call;
}

/** Why the key was refused: the server's word on the key itself (not "key: …"), else what the call's failure says. */
function reasonOf(error: unknown, t: Parameters<typeof describeError>[1], lang: Language): string {
  const onKey = error instanceof ApiError ? error.fields?.key : undefined;
  return onKey ?? describeError(error, t, lang);
}

type Outcome = { state: 'pending' } | { state: 'done' } | { state: 'failed'; message: string };

/** `/verify_email/{key}`: the mailed link. The browser confirms the address on load and says how it went. */
export function Component() {
  const http = useHttp();
  const { t, lang } = useI18n();
  const session = useSession();
  const key = useParams().key ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ state: 'pending' });
  useEffect(() => {
    let active = true;
    confirmOnce(http, key).then(
      () => active && setOutcome({ state: 'done' }),
      (error: unknown) => active && setOutcome({ state: 'failed', message: reasonOf(localiseApiError(error, lang), t, lang) }),
    );
    return () => {
      active = false;
    };
  }, [http, key, t, lang]);

  return (
    <AuthPage title={t('verifyEmail.title')}>
      <div className="auth-card">
        {outcome.state === 'pending' && <p role="status">{t('verifyEmail.pending')}</p>}
        {outcome.state === 'done' && (
          <>
            <p role="status">{t('verifyEmail.done')}</p>
            <p>
              {session.loggedIn ? (
                <Link className="button" to={paths.account()}>{t('account.title')}</Link>
              ) : (
                <Link className="button" to={paths.login()}>{t('login.title')}</Link>
              )}
            </p>
          </>
        )}
        {outcome.state === 'failed' && (
          <>
            <p role="alert">{t('verifyEmail.failed', { reason: outcome.message })}</p>
            <p>{t('verifyEmail.again')}</p>
            <p>
              <Link to={session.loggedIn ? paths.account() : paths.login(paths.account())}>{t('account.title')}</Link>
            </p>
          </>
        )}
      </div>
    </AuthPage>
  );
}
