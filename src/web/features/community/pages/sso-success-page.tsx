import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useAppEnv, useHttp } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { AuthPage } from '../../../ui/auth-page.js';
import { communityInfoQuery } from '../api/community.js';
import { useCommunityI18n } from '../community-i18n.js';


/** `/sso/login_success`: the forum login worked; the way back to the forum. */
export function SsoSuccessPage() {
  const http = useHttp();
  const { siteName } = useAppEnv();
  const { t } = useCommunityI18n();
  const { data: info } = useSuspenseQuery(communityInfoQuery(http));
  return (
    <AuthPage title={t('sso.successTitle')}>
      <p>{t('sso.success', { site: siteName })}</p>
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
