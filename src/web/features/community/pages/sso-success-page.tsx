import { useAppEnv } from '../../../app/context.js';
import { useCommunityI18n } from '../community-i18n.js';
import { SsoResultPage } from './sso-result-page.js';

/** `/sso/login_success`: the forum login worked; the way back to the forum. */
export function SsoSuccessPage() {
  const { siteName } = useAppEnv();
  const { t } = useCommunityI18n();
  return (
    <SsoResultPage title={t('sso.successTitle')}>
      <p>{t('sso.success', { site: siteName })}</p>
    </SsoResultPage>
  );
}
