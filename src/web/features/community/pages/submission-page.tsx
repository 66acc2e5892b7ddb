import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { Submission } from '../../../../shared/api/content-readers.js';
import { useHttp } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { describeError } from '../../../lib/api-messages.js';
import { formatDate } from '../../../lib/format.js';
import { ApiError } from '../../../lib/http.js';
import { accessTokenForCall, useSession } from '../../../lib/session/session-context.js';
import { AuthPage } from '../../../ui/auth-page.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';
import { communityKeys, submissionsQuery } from '../api/community.js';
import { uploadSubmission, type UploadProgress } from '../api/upload.js';
import { useCommunityI18n } from '../community-i18n.js';
import { ACCEPT_ATTRIBUTE, looksAccepted, NOTE_MAX } from '../components/accepted-files.js';
import { fileSize } from '../components/file-size.js';

type CommunityT = ReturnType<typeof useCommunityI18n>['t'];

/** A refused upload in the reader's words. */
function uploadError(error: unknown, t: CommunityT, lang: Parameters<typeof describeError>[2]): string {
  if (error instanceof ApiError) {
    if (error.status === 413) return t('submission.tooLarge');
    if (error.status === 415) return t('submission.type');
    if (error.status === 401) return t('submission.loginAgain');
  }
  return t('submission.failed', { reason: describeServerError(error, t, lang) });
}

const STATUS_KEYS = {
  pending: 'submission.status.pending',
  accepted: 'submission.status.accepted',
  rejected: 'submission.status.rejected',
} as const satisfies Record<Submission['status'], string>;

function PastSubmissions({ userId }: { userId: number }) {
  const http = useHttp();
  const { t, lang } = useCommunityI18n();
  const past = useQuery({ ...submissionsQuery(http, userId), enabled: userId > 0 });
  let body;
  if (past.error) body = <p className="form-error" role="alert">{t('submission.pastFailed', { reason: describeError(past.error, t, lang) })}</p>;
  else if (!past.data) body = <p role="status">{t('common.loading')}</p>;
  else {
    // Staff are answered everyone's submissions: this page lists the reader's own.
    const own = past.data.results.filter((item) => item.user_id === userId);
    body =
      own.length === 0 ? (
        <p>{t('submission.pastNone')}</p>
      ) : (
        <>
          <ul className="submission-list">
            {own.map((item) => (
              <li key={item.id} className="submission-list__item">
                <p className="submission-list__name">{item.original_name}</p>
                <p className="submission-list__meta">
                  <span className={`submission-status submission-status--${item.status}`}>{t(STATUS_KEYS[item.status])}</span>{' '}
                  · {fileSize(item.size, lang)} · <time dateTime={item.created_at}>{t('submission.sentOn', { date: formatDate(lang, item.created_at) })}</time>
                </p>
                {item.note && <p className="submission-list__note">{t('submission.noteShown', { note: item.note })}</p>}
              </li>
            ))}
          </ul>
          {own.length === past.data.results.length && past.data.count > own.length && (
            <p>{t('submission.pastMore', { shown: own.length, count: past.data.count })}</p>
          )}
        </>
      );
  }
  return (
    <section className="account-section" aria-labelledby="submission-past">
      <h2 id="submission-past">{t('submission.pastTitle')}</h2>
      {body}
    </section>
  );
}

/**
 * `/submission` (login): a reader sends the editors a file with a note (`POST submission/file`), sees it go and
 * what came of it, and the list of what they sent before with each one's review status.
 */
export function SubmissionPage() {
  const queryClient = useQueryClient();
  const session = useSession();
  const { t, lang } = useCommunityI18n();
  const userId = session.auth?.userid ?? 0;
  const input = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const ids = { file: useId(), hint: useId(), error: useId(), note: useId(), noteHint: useId(), noteError: useId(), progress: useId() };
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [fileError, setFileError] = useState('');
  const [noteError, setNoteError] = useState('');
  const [formError, setFormError] = useState('');
  const [status, setStatus] = useState('');
  const [progress, setProgress] = useState<UploadProgress | null>(null);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    setStatus('');
    setFormError('');
    setFile(picked);
    setFileError(picked && !looksAccepted(picked) ? t('submission.type') : picked?.size === 0 ? t('submission.empty') : '');
  };

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (progress) return;
    setStatus('');
    setFormError('');
    const noteProblem = note.length > NOTE_MAX ? t('submission.noteLong', { count: note.length, max: NOTE_MAX }) : '';
    const fileProblem = !file ? t('submission.pick') : !looksAccepted(file) ? t('submission.type') : file.size === 0 ? t('submission.empty') : '';
    setNoteError(noteProblem);
    setFileError(fileProblem);
    if (fileProblem || noteProblem || !file) {
      (fileProblem ? picker.current : document.getElementById(ids.note))?.focus();
      return;
    }
    setProgress({ loaded: 0, total: file.size });
    try {
      const sent = await uploadSubmission({ file, note, token: await accessTokenForCall(), onProgress: setProgress });
      setStatus(t('submission.sent', { name: sent.original_name }));
      setFile(null);
      setNote('');
      formRef.current?.reset();
      await queryClient.invalidateQueries({ queryKey: communityKeys.submissions(userId) });
    } catch (error) {
      const message = uploadError(error, t, lang);
      if (error instanceof ApiError && error.fields?.note) setNoteError(message);
      else setFormError(message);
    } finally {
      setProgress(null);
    }
  };

  const describedBy = [ids.file, ids.hint, fileError ? ids.error : ''].filter(Boolean).join(' ');
  return (
    <AuthPage title={t('submission.title')} description={t('submission.description')} wide>
      <form ref={formRef} className="auth-form" onSubmit={(event) => void send(event)} noValidate aria-labelledby="submission-form-title">
        <h2 id="submission-form-title">{t('submission.formTitle')}</h2>
        {/*
         * The picker is a button that opens the hidden file input (its native "No file chosen" is in the browser's
         * language and is cut off on a phone): keyboards and screen readers reach the button, described by the
         * chosen file, the accepted kinds and any problem.
         */}
        <div className={fileError ? 'field field--invalid submission-picker' : 'field submission-picker'}>
          <button ref={picker} type="button" className="button button--quiet" onClick={() => input.current?.click()} aria-describedby={describedBy} disabled={Boolean(progress)}>
            {t('submission.choose')}
          </button>
          <span id={ids.file} className="submission-picker__file" aria-live="polite">
            {file ? t('submission.chosen', { name: file.name, size: fileSize(file.size, lang) }) : t('submission.noFile')}
          </span>
          <span id={ids.hint} className="field__hint">{t('submission.types')}</span>
          <input ref={input} type="file" name="file" accept={ACCEPT_ATTRIBUTE} onChange={pick} hidden />
          {fileError && (
            <span id={ids.error} className="field__error" role="alert">
              {fileError}
            </span>
          )}
        </div>
        <div className={noteError ? 'field field--invalid' : 'field'}>
          <label htmlFor={ids.note}>{t('submission.note')}</label>
          <span id={ids.noteHint} className="field__hint">{t('submission.noteHint', { max: NOTE_MAX })}</span>
          <textarea
            id={ids.note}
            name="note"
            rows={5}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            aria-describedby={[ids.noteHint, noteError ? ids.noteError : ''].filter(Boolean).join(' ')}
            aria-invalid={noteError ? true : undefined}
            disabled={Boolean(progress)}
          />
          {noteError && (
            <span id={ids.noteError} className="field__error" role="alert">
              {noteError}
            </span>
          )}
        </div>
        {progress && file && (
          <div className="submission-progress">
            <label htmlFor={ids.progress}>{t('submission.progress', { name: file.name })}</label>
            <progress
              id={ids.progress}
              value={progress.loaded}
              max={Math.max(progress.total, 1)}
              aria-valuetext={t('submission.progressText', { done: fileSize(progress.loaded, lang), total: fileSize(progress.total, lang) })}
            />
            <span className="field__hint">{t('submission.progressText', { done: fileSize(progress.loaded, lang), total: fileSize(progress.total, lang) })}</span>
          </div>
        )}
        {formError && (
          <p className="form-error" role="alert">
            {formError}
            {formError === t('submission.loginAgain') && (
              <>
                {' '}
                <Link to={paths.login(paths.submission())}>{t('sso.loginAgainLink')}</Link>
              </>
            )}
          </p>
        )}
        <p className="form-status" role="status">{status}</p>
        <button type="submit" className="button" disabled={Boolean(progress)}>
          {progress ? t('submission.sending') : t('submission.send')}
        </button>
      </form>
      <PastSubmissions userId={userId} />
    </AuthPage>
  );
}
