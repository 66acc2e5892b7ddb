import { IMAGE_MAX_BYTES, IMAGE_MAX_WIDTH } from '../../../../shared/api/admin-paths.js';
import { formatDate } from '../../../lib/format.js';
import { LibraryScreen } from '../components/library-screen.js';
import { formatSize, useStaffI18n } from '../staff-i18n.js';

/** `/staff/images`: the picture library. */
export function Component() {
  const { t, lang } = useStaffI18n();
  return (
    <LibraryScreen
      kind="images"
      title={t('imagesAdmin.title')}
      intro={t('imagesAdmin.intro', { size: formatSize(IMAGE_MAX_BYTES), width: IMAGE_MAX_WIDTH })}
      accept="image/png,image/jpeg,image/webp,image/gif"
      renderItem={(image) => (
        <>
          <img className="staff-thumb" src={image.url} alt={image.title} width={image.width} height={image.height} loading="lazy" />
          <div className="staff-row__text">
            <h2 className="staff-row__title"><a href={image.url}>{image.title}</a></h2>
            <p className="staff-row__meta">
              <span>{t('imagesAdmin.dimensions', { width: image.width, height: image.height })}</span>
              <span>{formatSize(image.bytes)}</span>
              <span>{t('staff.created')}: {formatDate(lang, image.created_at)}</span>
            </p>
          </div>
        </>
      )}
    />
  );
}
