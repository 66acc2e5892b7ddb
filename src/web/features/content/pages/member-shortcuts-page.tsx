import { useSuspenseQuery } from '@tanstack/react-query';
import { MEMBER_SHORTCUT_TYPE } from '../../../../shared/api/membership-paths.js';
import { useHttp, useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import type { RouteDeps } from '../../../app/routes.js';
import { Head } from '../../../ui/head.js';
import { MemberAreaNav } from '../../../ui/member-area-nav.js';
import { shortcutsOfTypeQuery } from '../api/editorial.js';
import { PageHeader } from '../components/page-header.js';
import { ShortcutList } from '../components/shortcut-list.js';

export async function loader({ queryClient, http, lang = 'en' }: RouteDeps) {
  await queryClient.ensureQueryData(shortcutsOfTypeQuery(http, lang, MEMBER_SHORTCUT_TYPE));
  return null;
}

/**
 * `/member/shortcuts`: the editors' shortcuts for members, those of the shortcut type `members`
 * (MEMBER_SHORTCUT_TYPE), as a list of links (public, rendered by the server).
 */
export function Component() {
  const http = useHttp();
  const { t, lang } = useI18n();
  const { data } = useSuspenseQuery(shortcutsOfTypeQuery(http, lang, MEMBER_SHORTCUT_TYPE));
  return (
    <>
      <Head title={t('memberShortcuts.title')} description={t('memberShortcuts.description')} canonical={paths.memberShortcuts()} />
      <PageHeader kicker={t('member.title')} title={t('memberShortcuts.title')} description={data.type?.description || t('memberShortcuts.description')} />
      {data.shortcuts.length === 0 ? <p className="empty">{t('memberShortcuts.empty')}</p> : <ShortcutList shortcuts={data.shortcuts} />}
      <MemberAreaNav />
    </>
  );
}
