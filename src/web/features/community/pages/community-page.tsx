import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useAppEnv, useHttp } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { Head } from '../../../ui/head.js';
import { communityInfoQuery } from '../api/community.js';
import { useCommunityI18n } from '../community-i18n.js';
import { NotOpen } from '../components/not-open.js';


/**
 * `/community`: what the community is and where it meets: the forum when `DISCOURSE_URL` is set, Slack when
 * `COMMUNITY_SLACK_URL` is, and otherwise that it is not open yet (public, rendered by the server).
 */
export function CommunityPage() {
  const http = useHttp();
  const { siteName } = useAppEnv();
  const { t } = useCommunityI18n();
  const { data: info } = useSuspenseQuery(communityInfoQuery(http));
  const open = Boolean(info.forum_url || info.slack_url);
  return (
    <div className="community-page">
      <Head title={t('community.title')} description={t('community.description', { site: siteName })} canonical={paths.community()} />
      <header className="page-header">
        <h1>{t('community.title')}</h1>
        <p className="page-header__description">{t('community.description', { site: siteName })}</p>
      </header>
      <p>{t('community.what')}</p>
      {!open && <NotOpen />}
      {info.forum_url && (
        <section className="community-card" aria-labelledby="community-forum">
          <h2 id="community-forum">{t('community.forumTitle')}</h2>
          <p>{t('community.forumText')}</p>
          {info.forum_sso && <p>{t('community.forumSso', { site: siteName })}</p>}
          <p>
            <a className="button" href={info.forum_url}>
              {t('community.forumOpen')}
            </a>
          </p>
        </section>
      )}
      {info.slack_url && (
        <section className="community-card" aria-labelledby="community-slack">
          <h2 id="community-slack">{t('community.slackTitle')}</h2>
          <p>{t('community.slackText')}</p>
          <p>
            <Link className="button button--quiet" to={paths.communitySlack()}>
              {t('community.slackOpen')}
            </Link>
          </p>
        </section>
      )}
      {open && <p className="community-page__conduct">{t('community.conduct')}</p>}
    </div>
  );
}
