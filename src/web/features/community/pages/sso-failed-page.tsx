import { Link } from 'react-router-dom';
import { useAppEnv } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { useCommunityI18n } from '../community-i18n.js';
import { SsoResultPage } from './sso-result-page.js';

/** `/sso/login_failed`: the forum login did not work: what may have happened and what to do. */
export function SsoFailedPage() {
  const { siteName } = useAppEnv();
  const { t } = useCommunityI18n();
  return (
    <SsoResultPage title={t('sso.failedTitle')}>
      <p>{t('sso.failedText', { site: siteName })}</p>
      <h2>{t('sso.failedWhat')}</h2>
      <ul className="community-steps">
        <li>{t('sso.failedRetry')}</li>
        <li>{t('sso.failedLogin')}</li>
        <li>
          {t('sso.failedEmail')} <Link to={paths.account()}>{t('sso.addEmail')}</Link>
        </li>
        <li>{t('sso.failedHelp')}</li>
      </ul>
    </SsoResultPage>
  );
}
