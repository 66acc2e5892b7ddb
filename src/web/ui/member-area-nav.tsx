import { NavLink } from 'react-router-dom';
import type { MessageKey } from '../../shared/i18n/index.js';
import { useI18n } from '../app/context.js';
import { paths } from '../app/paths.js';

const LINKS: { to: string; label: MessageKey }[] = [
  { to: paths.memberIntro(), label: 'member.introLink' },
  { to: paths.memberContent(), label: 'member.contentLink' },
  { to: paths.memberShortcuts(), label: 'member.shortcutsLink' },
  { to: paths.memberEnquiry(), label: 'member.enquiryLink' },
  { to: paths.myMembership(), label: 'myMembership.title' },
];

/**
 * The pages of the member area, on /member and below each of its pages (the membership and content features
 * both render member pages, so the list lives here). The page being read is marked as current.
 */
export function MemberAreaNav({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useI18n();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <nav className="member-area" aria-labelledby="member-area-title">
      <Heading id="member-area-title">{t('member.areaTitle')}</Heading>
      <ul className="member-area-links">
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end>
              {t(link.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
