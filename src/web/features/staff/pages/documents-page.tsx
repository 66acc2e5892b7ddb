import { DOCUMENT_MAX_BYTES } from '../../../../shared/api/admin-paths.js';
import { formatDate } from '../../../lib/format.js';
import { LibraryScreen } from '../components/library-screen.js';
import { formatSize, useStaffI18n } from '../staff-i18n.js';

/** The short name of a document's type, for the list. */
const TYPE_NAMES: Record<string, string> = { 'application/pdf': 'PDF', 'application/epub+zip': 'EPUB', 'application/zip': 'ZIP' };

/** `/staff/documents`: the document library (private files: no link opens one here). */
export function Component() {
  const { t, lang } = useStaffI18n();
  return (
    <LibraryScreen
      kind="documents"
      title={t('documentsAdmin.title')}
      intro={t('documentsAdmin.intro', { size: formatSize(DOCUMENT_MAX_BYTES) })}
      accept=".pdf,.epub,.zip,application/pdf,application/epub+zip,application/zip"
      renderItem={(doc) => (
        <div className="staff-row__text">
          <h2 className="staff-row__title">{doc.title}</h2>
          <p className="staff-row__meta">
            <span className="staff-tag">{TYPE_NAMES[doc.content_type] ?? doc.content_type}</span>
            <span>{formatSize(doc.bytes)}</span>
            <span>{t('staff.created')}: {formatDate(lang, doc.created_at)}</span>
            <span className="staff-row__slug">{t('documentsAdmin.fileName', { name: doc.file_name })}</span>
          </p>
        </div>
      )}
    />
  );
}
