import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useAppEnv, useHttp, useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import type { RouteDeps } from '../../../app/routes.js';
import { Head } from '../../../ui/head.js';
import { PlainText } from '../../../ui/plain-text.js';
import { SLOT_KEYS, slotTextsQuery, slotWithKey } from '../api/editorial.js';
import { PageHeader } from '../components/page-header.js';

export async function loader({ queryClient, http, lang = 'en' }: RouteDeps) {
  // The editors' own words about the site, when they wrote some; the page stands without them.
  await queryClient.prefetchQuery(slotTextsQuery(http, lang, SLOT_KEYS.aboutIntro));
  return null;
}

export function Component() {
  const { t, lang } = useI18n();
  const { siteName } = useAppEnv();
  const http = useHttp();
  const intro = slotWithKey(useQuery(slotTextsQuery(http, lang, SLOT_KEYS.aboutIntro)).data, SLOT_KEYS.aboutIntro);
  return (
    <>
      <Head title={t('about.title', { site: siteName })} description={t('about.intro', { site: siteName })} canonical={paths.about()} />
      <PageHeader title={t('about.title', { site: siteName })} description={t('about.intro', { site: siteName })} />
      <div className="prose">
        {intro && (
          <>
            {intro.title && <h2>{intro.title}</h2>}
            <PlainText text={intro.text} />
          </>
        )}
        <h2>{t('about.readTitle')}</h2>
        <p>{t('about.readText')}</p>
        <h2>{t('about.membersTitle')}</h2>
        <p>{t('about.membersText')}</p>
        <h2>{t('about.moreTitle')}</h2>
        <ul>
          <li><Link to={paths.essentials()}>{t('about.essentialsLink')}</Link></li>
          <li><Link to={paths.aboutRss()}>{t('about.rssLink')}</Link></li>
          <li><Link to={paths.disclosures()}>{t('about.disclosuresLink')}</Link></li>
        </ul>
      </div>
    </>
  );
}
