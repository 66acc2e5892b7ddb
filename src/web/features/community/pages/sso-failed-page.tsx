import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useAppEnv, useHttp } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { AuthPage } from '../../../ui/auth-page.js';
import { communityInfoQuery } from '../api/community.js';
import { useCommunityI18n } from '../community-i18n.js';


/** `/sso/login_failed`: the forum login did not work: what may have happened and what to do. */
export function SsoFailedPage() {
  const http = useHttp();
  const { siteName } = useAppEnv();
  const { t } = useCommunityI18n();
  const { data: info } = useSuspenseQuery(communityInfoQuery(http));
  return (
    <AuthPage title={t('sso.failedTitle')}>
      <p>{t('sso.failedText', { site: siteName })}</p>
      <h2>{t('sso.failedWhat')}</h2>
      <ul className="community-steps">
        <li>{t('sso.failedRetry')}</li>
        <li>{t('sso.failedLogin')}</li>
        <li>
          {t('sso.failedEmail')} <Link to={paths.account()}>{t('sso.addEmail')}</Link>
        </li>
        <li>{t('sso.failedHelp')}</li>
      </ul>
      <ul className="auth-links">
        {info.forum_url && (
          <li>
            <a className="button" href={info.forum_url}>
              {t('sso.backToForum')}
            </a>
          </li>
        )}
        <li>
          <Link to={paths.community()}>{t('sso.toCommunity')}</Link>
        </li>
      </ul>
    </AuthPage>
  );
}
