import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useHttp } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { AuthPage } from '../../../ui/auth-page.js';
import { communityInfoQuery } from '../api/community.js';
import { useCommunityI18n } from '../community-i18n.js';

/**
 * Where the forum's login ends (`/sso/login_success`, `/sso/login_failed`): what happened, then the way back
 * to the forum (when one is configured) and to the community page.
 */
export function SsoResultPage({ title, children }: { title: string; children: ReactNode }) {
  const http = useHttp();
  const { t } = useCommunityI18n();
  const { data: info } = useSuspenseQuery(communityInfoQuery(http));
  return (
    <AuthPage title={title}>
      {children}
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
