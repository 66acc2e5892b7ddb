import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useAppEnv, useHttp } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { Head } from '../../../ui/head.js';
import { communityInfoQuery } from '../api/community.js';
import { useCommunityI18n } from '../community-i18n.js';
import { NotOpen } from '../components/not-open.js';

/** `/community/slack`: the invitation to the community's Slack (`COMMUNITY_SLACK_URL`), or that it is not open. */
export function SlackPage() {
  const http = useHttp();
  const { siteName } = useAppEnv();
  const { t } = useCommunityI18n();
  const { data: info } = useSuspenseQuery(communityInfoQuery(http));
  if (!info.slack_url) {
    return (
      <div className="community-page">
        <Head title={t('community.notOpenTitle')} description={t('community.notOpen', { site: siteName })} noindex />
        <NotOpen headingLevel={1} />
        <p>
          <Link to={paths.community()}>{t('slack.back')}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="community-page">
      <Head title={t('slack.title')} description={t('slack.description', { site: siteName })} canonical={paths.communitySlack()} />
      <header className="page-header">
        <p className="page-header__kicker">{t('community.title')}</p>
        <h1>{t('slack.title')}</h1>
        <p className="page-header__description">{t('slack.description', { site: siteName })}</p>
      </header>
      <p>{t('slack.text')}</p>
      <p>
        <a className="button" href={info.slack_url} rel="noopener noreferrer">
          {t('slack.join')}
        </a>
      </p>
      <p>{t('community.conduct')}</p>
      <p>
        <Link to={paths.community()}>{t('slack.back')}</Link>
      </p>
    </div>
  );
}
