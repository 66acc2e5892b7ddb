import { Head } from '../../../ui/head.js';
import { CampaignsSection } from './campaigns-section.js';
import { ListsSection } from './lists-section.js';
import { useNewsI18n } from './newsletters-i18n.js';
import { TemplatesSection } from './templates-section.js';
import './newsletters.css';

/** `/staff/newsletters`: recipient lists, templates and campaigns (with progress and report) on one screen. */
export function Component() {
  const { t } = useNewsI18n();
  return (
    <>
      <Head title={t('news.title')} description={t('news.intro')} noindex />
      <header className="page-header">
        <h1>{t('news.title')}</h1>
        <p className="page-header__description">{t('news.intro')}</p>
      </header>
      <nav className="news-jump" aria-label={t('news.sections')}>
        <ul>
          <li><a href="#news-campaigns">{t('campaigns.title')}</a></li>
          <li><a href="#news-lists">{t('lists.title')}</a></li>
          <li><a href="#news-templates">{t('templates.title')}</a></li>
        </ul>
      </nav>
      <CampaignsSection />
      <ListsSection />
      <TemplatesSection />
    </>
  );
}
