import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths.js';
import { Head } from '../../../ui/head.js';
import { useStaffI18n } from '../staff-i18n.js';
import { staffPaths } from '../staff-paths.js';
import { useOpsCard } from '../operations/home-link.js';
import { useNewslettersCard } from '../newsletters/home-link.js';
import { useWritingI18n } from '../writing/writing-i18n.js';
import { writingPaths } from '../writing/writing-paths.js';

/** `/staff`: the back office's screens, and the API playground for everything they do not cover. */
export function Component() {
  const { t } = useStaffI18n();
  const writing = useWritingI18n();
  const links = [
    { to: writingPaths.list('article'), title: writing.t('write.articles'), text: writing.t('write.articlesText') },
    { to: writingPaths.list('course'), title: writing.t('write.courses'), text: writing.t('write.coursesText') },
    { to: writingPaths.list('lesson'), title: writing.t('write.lessons'), text: writing.t('write.lessonsText') },
    { to: writingPaths.list('page'), title: writing.t('write.pages'), text: writing.t('write.pagesText') },
    useOpsCard(),
    { to: staffPaths.pages(), title: t('pagesAdmin.title'), text: t('staff.pagesText') },
    { to: staffPaths.images(), title: t('imagesAdmin.title'), text: t('staff.imagesText') },
    { to: staffPaths.documents(), title: t('documentsAdmin.title'), text: t('staff.documentsText') },
    useNewslettersCard(),
    { to: paths.apiPlayground(), title: t('playground.title'), text: t('staff.playgroundText') },
  ];
  return (
    <>
      <Head title={t('staff.title')} description={t('staff.intro')} noindex />
      <header className="page-header">
        <h1>{t('staff.title')}</h1>
        <p className="page-header__description">{t('staff.intro')}</p>
      </header>
      <ul className="staff-home">
        {links.map((link) => (
          <li key={link.to} className="staff-card">
            <h2 className="staff-card__title"><Link to={link.to}>{link.title}</Link></h2>
            <p>{link.text}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
