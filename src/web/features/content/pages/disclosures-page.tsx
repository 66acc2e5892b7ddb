import { useSuspenseQuery } from '@tanstack/react-query';
import { useHttp, useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import type { RouteDeps } from '../../../app/routes.js';
import { Head } from '../../../ui/head.js';
import { PlainText } from '../../../ui/plain-text.js';
import { SLOT_KEYS, slotTextsQuery, slotWithKey } from '../api/editorial.js';
import { PageHeader } from '../components/page-header.js';

export async function loader({ queryClient, http, lang = 'en' }: RouteDeps) {
  await queryClient.ensureQueryData(slotTextsQuery(http, lang, SLOT_KEYS.disclosures));
  return null;
}

export function Component() {
  const http = useHttp();
  const { t, lang } = useI18n();
  const { data } = useSuspenseQuery(slotTextsQuery(http, lang, SLOT_KEYS.disclosures));
  const disclosure = slotWithKey(data, SLOT_KEYS.disclosures);
  return (
    <>
      <Head title={t('disclosures.title')} description={t('disclosures.description')} canonical={paths.disclosures()} />
      <PageHeader title={disclosure?.title || t('disclosures.title')} />
      {disclosure ? <PlainText className="prose" text={disclosure.text} /> : <p className="empty">{t('disclosures.none')}</p>}
    </>
  );
}
