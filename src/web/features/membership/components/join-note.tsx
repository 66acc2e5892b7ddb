import { Link } from 'react-router-dom';
import { useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';

/**
 * The foot of a price card while the shop does not sell plans: how members get theirs on this site (the
 * `membership.howTo` message of each language), and where to ask. A link, never a button that does nothing.
 */
export function JoinNote() {
  const { t } = useI18n();
  return (
    <p>
      {t('membership.howTo')} <Link to={paths.memberEnquiry()}>{t('planCard.ask')}</Link>
    </p>
  );
}
