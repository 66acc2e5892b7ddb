import { NavLink, Outlet } from 'react-router-dom';
import { useOpsI18n } from '../ops-i18n.js';
import { opsPaths } from '../ops-paths.js';
import '../ops.css';

/**
 * `/staff/ops`: running the shop, the membership and moderation. The staff area above it has already shown anyone
 * but staff the forbidden page; this adds the sections' links, which scroll sideways on a phone.
 */
export function Component() {
  const { t } = useOpsI18n();
  const sections = [
    { to: opsPaths.dashboard(), label: t('ops.dashboard'), end: true },
    { to: opsPaths.orders(), label: t('ops.orders') },
    { to: opsPaths.returns(), label: t('ops.returns') },
    { to: opsPaths.users(), label: t('ops.users') },
    { to: opsPaths.giftCodes(), label: t('ops.giftCodes') },
    { to: opsPaths.moderation(), label: t('ops.moderation') },
    { to: opsPaths.reports(), label: t('ops.reports') },
    { to: opsPaths.submissions(), label: t('ops.submissions') },
    { to: opsPaths.products(), label: t('ops.products') },
    { to: opsPaths.offers(), label: t('ops.offers') },
    { to: opsPaths.taxonomy(), label: t('ops.taxonomy') },
    { to: opsPaths.audit(), label: t('ops.audit') },
  ];
  return (
    <div className="ops">
      <nav className="ops-nav" aria-label={t('ops.sections')}>
        <ul>
          {sections.map((s) => (
            <li key={s.to}>
              <NavLink to={s.to} end={s.end}>{s.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
