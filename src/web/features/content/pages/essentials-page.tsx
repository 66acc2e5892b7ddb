import { useSuspenseQuery } from '@tanstack/react-query';
import type { ShortcutTypeDetails } from '../../../../shared/api/content-site.js';
import { useHttp, useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import type { RouteDeps } from '../../../app/routes.js';
import { Head } from '../../../ui/head.js';
import { PlainText } from '../../../ui/plain-text.js';
import { hotArticlesQuery } from '../api/articles.js';
import { isEditorsNote, shortcutPreviewQuery, slotTextsQuery } from '../api/editorial.js';
import { HotList } from '../components/hot-list.js';
import { PageHeader } from '../components/page-header.js';
import { ShortcutList } from '../components/shortcut-list.js';

export async function loader({ queryClient, http, lang = 'en' }: RouteDeps) {
  await Promise.all([
    queryClient.ensureQueryData(hotArticlesQuery(http, lang)),
    queryClient.ensureQueryData(shortcutPreviewQuery(http, lang)),
    queryClient.ensureQueryData(slotTextsQuery(http, lang)),
  ]);
  return null;
}

function ShortcutGroups({ groups }: { groups: ShortcutTypeDetails[] }) {
  return groups
    .filter((group) => group.shortcuts.length > 0)
    .map((group) => (
      <section key={group.id} className="shortcut-group" aria-labelledby={`shortcuts-${group.id}`}>
        <h3 id={`shortcuts-${group.id}`}>{group.name}</h3>
        {group.description && <p className="meta">{group.description}</p>}
        <ShortcutList shortcuts={group.shortcuts} />
      </section>
    ));
}

/** The editors' selection: their notes, the places to start, and the most read articles. */
export function Component() {
  const http = useHttp();
  const { t, lang } = useI18n();
  const { data: hot } = useSuspenseQuery(hotArticlesQuery(http, lang));
  const { data: groups } = useSuspenseQuery(shortcutPreviewQuery(http, lang));
  const { data: slots } = useSuspenseQuery(slotTextsQuery(http, lang));
  const notes = slots.filter(isEditorsNote);
  const hasShortcuts = groups.some((group) => group.shortcuts.length > 0);
  return (
    <>
      <Head title={t('essentials.title')} description={t('essentials.description')} canonical={paths.essentials()} />
      <PageHeader title={t('essentials.title')} description={t('essentials.description')} />
      {notes.length > 0 && (
        <section aria-labelledby="notes-title" className="essentials-notes">
          <h2 id="notes-title">{t('essentials.notes')}</h2>
          {notes.map((note) => (
            <article key={note.id} className="note">
              {note.title && <h3>{note.title}</h3>}
              <PlainText text={note.text} />
            </article>
          ))}
        </section>
      )}
      {hasShortcuts && (
        <section aria-labelledby="shortcuts-title">
          <h2 id="shortcuts-title">{t('essentials.shortcuts')}</h2>
          <ShortcutGroups groups={groups} />
        </section>
      )}
      <section aria-labelledby="hot-title">
        <h2 id="hot-title">{t('essentials.hot')}</h2>
        <HotList articles={hot} />
      </section>
    </>
  );
}
