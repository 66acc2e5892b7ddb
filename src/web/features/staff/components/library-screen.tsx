import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useHttp } from '../../../app/context.js';
import { useFocusKeptThrough } from '../../../ui/forms/keep-focus.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';
import { Head } from '../../../ui/head.js';
import { LIBRARY_LIST_SIZE, libraryListQuery, useDeleteItem, useUpload, type LibraryItems, type LibraryKind } from '../api/library.js';
import { useStaffI18n } from '../staff-i18n.js';
import { ConfirmDelete } from './confirm-dialog.js';
import { ListSearch, useListParams } from './list-search.js';
import { StaffList } from './staff-list.js';

interface LibraryScreenProps<K extends LibraryKind> {
  kind: K;
  title: string;
  intro: string;
  /** The file input's `accept`: what the server takes. */
  accept: string;
  /** One item's picture and facts; its title is the screen's. */
  renderItem: (item: LibraryItems[K]) => ReactNode;
}

/**
 * A back-office library (pictures or documents): upload with a title, the list searched by title, delete after
 * a confirmation. A refused delete (the file is in use) says where, from the server's message.
 */
export function LibraryScreen<K extends LibraryKind>({ kind, title, intro, accept, renderItem }: LibraryScreenProps<K>) {
  const http = useHttp();
  const { t, lang } = useStaffI18n();
  const { page, search } = useListParams();
  const list = useQuery({ ...libraryListQuery(http, kind, { page, search }), placeholderData: keepPreviousData });
  const upload = useUpload(kind);
  const remove = useDeleteItem(kind);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState('');
  const [uploadProblem, setUploadProblem] = useState('');
  const [deleting, setDeleting] = useState<LibraryItems[K] | null>(null);
  const [busy, setBusy] = useState<'upload' | 'delete' | null>(null);
  const uploadButton = useFocusKeptThrough<HTMLButtonElement>(busy === 'upload');
  // Counts finished deletes: after one, the list starts again at its heading (its delete button is gone, or the
  // dialog closed on a refusal). An effect, so it runs after the dialog's own, which hands focus back to the button.
  const [deletes, setDeletes] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const titleId = useId();
  const uploadProblemId = useId();

  const onUpload = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const file = fileInput.current?.files?.[0];
    setStatus('');
    setUploadProblem('');
    if (!file) {
      setUploadProblem(t('staff.chooseFile'));
      fileInput.current?.focus();
      return;
    }
    setBusy('upload');
    try {
      const done = await upload({ file, title: String(new FormData(formElement).get('title') ?? '') });
      formElement.reset();
      setStatus(t('staff.uploaded', { title: done.title }));
    } catch (caught) {
      setUploadProblem(describeServerError(caught, t, lang));
      fileInput.current?.focus();
    } finally {
      setBusy(null);
    }
  };

  const onDelete = async () => {
    if (!deleting || busy) return;
    const gone = deleting;
    setBusy('delete');
    setStatus('');
    setProblem('');
    try {
      await remove(gone.id);
      setStatus(t('staff.deleted', { title: gone.title }));
    } catch (caught) {
      setProblem(describeServerError(caught, t, lang));
    } finally {
      setBusy(null);
      setDeleting(null);
      setDeletes((n) => n + 1);
    }
  };

  useEffect(() => {
    if (deletes > 0) heading.current?.focus();
  }, [deletes]);

  return (
    <>
      <Head title={title} noindex />
      <header className="page-header">
        <h1 ref={heading} tabIndex={-1}>{title}</h1>
        <p className="page-header__description">{intro}</p>
      </header>
      <section className="staff-upload" aria-labelledby={`${fileId}-heading`}>
        <h2 id={`${fileId}-heading`}>{t('staff.uploadTitle')}</h2>
        <form onSubmit={(event) => void onUpload(event)} noValidate>
          <div className={uploadProblem ? 'field field--invalid' : 'field'}>
            <label htmlFor={fileId}>{t('staff.file')}</label>
            <input
              ref={fileInput}
              id={fileId}
              name="file"
              type="file"
              accept={accept}
              required
              aria-invalid={uploadProblem ? true : undefined}
              aria-describedby={uploadProblem ? uploadProblemId : undefined}
            />
            {uploadProblem && <span id={uploadProblemId} className="field__error" role="alert">{uploadProblem}</span>}
          </div>
          <div className="field">
            <label htmlFor={titleId}>{t('staff.fileTitle')}</label>
            <span id={`${titleId}-hint`} className="field__hint">{t('staff.fileTitleHint')}</span>
            <input id={titleId} name="title" type="text" maxLength={200} aria-describedby={`${titleId}-hint`} />
          </div>
          <button ref={uploadButton} type="submit" className="button" disabled={busy === 'upload'} aria-disabled={busy === 'upload'}>
            {busy === 'upload' ? t('staff.uploading') : t('staff.upload')}
          </button>
        </form>
      </section>
      <p className="staff-status" role="status">{status}</p>
      {problem && <p className="form-error" role="alert">{problem}</p>}
      <ListSearch />
      <StaffList
        list={list}
        search={search}
        page={page}
        pageSize={LIBRARY_LIST_SIZE}
        className={`staff-list--${kind}`}
        renderRow={(item) => (
          <>
            {renderItem(item)}
            <button type="button" className="button button--quiet button--small staff-danger--quiet" onClick={() => setDeleting(item)}>
              {t('staff.delete')}
              <span className="visually-hidden"> {item.title}</span>
            </button>
          </>
        )}
      />
      <ConfirmDelete title={deleting?.title ?? null} pending={busy === 'delete'} onConfirm={() => void onDelete()} onClose={() => setDeleting(null)} />
    </>
  );
}
