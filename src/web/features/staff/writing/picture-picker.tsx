import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Image } from '../../../../shared/api/admin.js';
import { useHttp } from '../../../app/context.js';
import { Dialog } from '../../../ui/dialog.js';
import { libraryKeys, libraryListQuery } from '../api/library.js';
import { uploadPicture } from './upload.js';
import { useWritingI18n } from './writing-i18n.js';

/**
 * A picture for a cover or for the text: one of the library's (searched by title), or a new upload whose
 * progress shows as it goes (the upload lands in the library too).
 */
export function PicturePicker({ label, onPick }: { label: string; onPick: (picture: Image) => void }) {
  const { t } = useWritingI18n();
  const http = useHttp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  const list = useQuery({ ...libraryListQuery(http, 'images', { page: 1, search }), enabled: open });
  const fileId = useId();

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setProblem('');
    setProgress(0);
    try {
      const picture = await uploadPicture(file, setProgress);
      await queryClient.invalidateQueries({ queryKey: libraryKeys.all('images') });
      onPick(picture);
    } catch (caught) {
      setProblem(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="writing-picker">
      <button type="button" className="button button--quiet button--small" onClick={() => setOpen(true)}>
        {label}
      </button>
      <label className="button button--quiet button--small writing-picker__upload" htmlFor={fileId}>
        {t('write.uploadPicture')}
      </label>
      <input
        id={fileId}
        className="visually-hidden"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        onChange={(event) => {
          void upload(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {progress !== null && (
        <p className="writing-progress">
          <progress max={100} value={Math.round(progress * 100)} aria-label={t('write.uploadPicture')} />
          <span role="status">{t('write.uploadProgress', { percent: Math.round(progress * 100) })}</span>
        </p>
      )}
      {problem && <p className="form-error" role="alert">{problem}</p>}
      <Dialog open={open} title={t('write.pictures')} closeLabel="×" onClose={() => setOpen(false)}>
        <input type="search" aria-label={t('write.search')} placeholder={t('write.search')} value={search} onChange={(event) => setSearch(event.target.value)} />
        {list.data?.results.length === 0 && <p>{t('write.noPictures')}</p>}
        <ul className="writing-picker__list">
          {list.data?.results.map((picture) => (
            <li key={picture.id}>
              <button
                type="button"
                className="writing-picker__choice"
                onClick={() => {
                  onPick(picture);
                  setOpen(false);
                }}
              >
                <img src={picture.url} alt="" width={96} height={Math.max(1, Math.round((96 * picture.height) / Math.max(1, picture.width)))} loading="lazy" />
                <span>{t('write.usePicture', { title: picture.title })}</span>
              </button>
            </li>
          ))}
        </ul>
      </Dialog>
    </div>
  );
}
