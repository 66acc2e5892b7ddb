import { Link } from 'react-router-dom';
import { useAppEnv } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { useCommunityI18n } from '../community-i18n.js';

/** What the community pages say while neither a forum nor a chat is configured: no link that leads nowhere. */
export function NotOpen({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const { t } = useCommunityI18n();
  const { siteName } = useAppEnv();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="community-card" aria-labelledby="community-not-open">
      <Heading id="community-not-open">{t('community.notOpenTitle')}</Heading>
      <p>{t('community.notOpen', { site: siteName })}</p>
      <p>
        <Link to={paths.submission()}>{t('community.submitLink')}</Link>
      </p>
    </section>
  );
}
