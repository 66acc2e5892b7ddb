import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useHttp } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { describeError } from '../../../lib/api-messages.js';
import { AuthPage } from '../../../ui/auth-page.js';
import { communityInfoQuery, signInToForum } from '../api/community.js';
import { useCommunityI18n } from '../community-i18n.js';
import { rawParam, ssoFailure, type SsoFailure } from '../components/sso-outcome.js';
import { navigateAway } from '../navigate-away.js';

type State = { step: 'working' } | { step: 'leaving' } | { step: 'failed'; failure: SsoFailure; reason: string };

/**
 * `/sso/login?sso=&sig=` (login): the forum sends a reader here to log in (DiscourseConnect). The page asks the API
 * to answer the forum's signed request for the logged-in reader and takes the browser to the forum's return URL;
 * a refusal is explained in words, with what to do next.
 */
export function SsoLoginPage() {
  const http = useHttp();
  const { t, lang } = useCommunityI18n();
  const { search } = useLocation();
  const info = useQuery(communityInfoQuery(http));
  const [state, setState] = useState<State>({ step: 'working' });
  const started = useRef(false);
  const sso = rawParam(search, 'sso');
  const sig = rawParam(search, 'sig');

  useEffect(() => {
    if (started.current || !sso || !sig) return;
    started.current = true;
    signInToForum(http, sso, sig).then(
      ({ redirect_url }) => {
        if (!/^https?:\/\//i.test(redirect_url)) {
          setState({ step: 'failed', failure: { message: 'sso.badRedirect' }, reason: '' });
          return;
        }
        setState({ step: 'leaving' });
        navigateAway(redirect_url);
      },
      (error: unknown) => setState({ step: 'failed', failure: ssoFailure(error), reason: describeError(error, t, lang) }),
    );
  }, [http, sso, sig, t, lang]);

  // A link without the forum's request has nothing to send: say so without calling the API.
  const shown: State = !sso || !sig ? { step: 'failed', failure: { message: 'sso.incomplete' }, reason: '' } : state;
  if (shown.step !== 'failed') {
    return (
      <AuthPage title={t('sso.title')}>
        <p role="status" className="community-status">
          {shown.step === 'working' ? t('sso.working') : t('sso.leaving')}
        </p>
      </AuthPage>
    );
  }
  const { failure, reason } = shown;
  const forumUrl = info.data?.forum_url;
  return (
    <AuthPage title={t('sso.failedTitle')}>
      <p className="form-error" role="alert">
        {failure.message ? t(failure.message) : reason}
      </p>
      <ul className="auth-links">
        {failure.action === 'email' && (
          <li>
            <Link to={paths.account()}>{t('sso.addEmail')}</Link>
          </li>
        )}
        {failure.action === 'login' && (
          <li>
            <Link to={paths.login(`${paths.ssoLogin()}${search}`)}>{t('sso.loginAgainLink')}</Link>
          </li>
        )}
        {forumUrl && (
          <li>
            <a href={forumUrl}>{t('sso.backToForum')}</a>
          </li>
        )}
        <li>
          <Link to={paths.ssoLoginFailed()}>{t('sso.failedWhat')}</Link>
        </li>
      </ul>
    </AuthPage>
  );
}
