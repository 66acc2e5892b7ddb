import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { MAIL_LANGUAGES, SEGMENTS, type Segment } from '../../../../shared/api/newsletters-paths.js';
import { useHttp } from '../../../app/context.js';
import { formatNumber } from '../../../lib/format.js';
import { downloadListCsv, listsQuery, useNewsWrites } from './api.js';
import { described, Field, FormStatus, useFormCall } from './form-bits.js';
import { useNewsI18n } from './newsletters-i18n.js';

/** Recipient lists: each with its size and CSV; made from a segment, from a CSV file, or one recipient at a time. */
export function ListsSection() {
  const http = useHttp();
  const { t, lang } = useNewsI18n();
  const lists = useQuery(listsQuery(http));
  const [downloadError, setDownloadError] = useState('');
  return (
    <section className="news-section" aria-labelledby="news-lists">
      <h2 id="news-lists">{t('lists.title')}</h2>
      {lists.data?.length === 0 && <p className="empty">{t('lists.none')}</p>}
      {!lists.data && !lists.error && <p role="status">{t('common.loading')}</p>}
      <ul className="staff-list news-rows">
        {lists.data?.map((list) => (
          <li key={list.id} className="staff-row">
            <h3 className="staff-row__title">{list.name}</h3>
            <p className="staff-row__meta">
              <span className="staff-tag">{t(`segment.${list.segment as Segment | 'upload'}`)}</span>
              <span>{t('lists.count', { count: formatNumber(lang, list.recipient_count) })}</span>
              <button type="button" className="button button--quiet" aria-label={t('lists.download', { name: list.name })} onClick={() => void downloadListCsv(list).catch((e: Error) => setDownloadError(e.message))}>
                {t('lists.downloadShort')}
              </button>
            </p>
          </li>
        ))}
      </ul>
      {downloadError && <p className="form-error" role="alert">{downloadError}</p>}
      <GenerateForm />
      <UploadForm />
      {lists.data && lists.data.length > 0 && <AddRecipientForm lists={lists.data} />}
    </section>
  );
}

function GenerateForm() {
  const { t } = useNewsI18n();
  const writes = useNewsWrites();
  const call = useFormCall();
  const id = useId();
  const [segment, setSegment] = useState<Segment>('accepted');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const ref = String(form.get('ref_id') ?? '').trim();
    void call.run(async () => {
      const list = await writes.generate({ name: String(form.get('name') ?? ''), segment, ...(ref ? { ref_id: Number(ref) } : {}) });
      return t('gen.done', { name: list.name, count: list.recipient_count });
    });
  };
  return (
    <form className="news-form" onSubmit={submit} aria-labelledby={`${id}-h`} noValidate>
      <h3 id={`${id}-h`}>{t('gen.title')}</h3>
      <Field id={`${id}-name`} label={t('gen.name')} error={call.fields.name}>
        <input id={`${id}-name`} name="name" required maxLength={100} {...described(`${id}-name`, call.fields.name)} />
      </Field>
      <Field id={`${id}-segment`} label={t('gen.segment')} error={call.fields.segment}>
        <select id={`${id}-segment`} name="segment" value={segment} onChange={(e) => setSegment(e.target.value as Segment)}>
          {SEGMENTS.map((s) => (
            <option key={s} value={s}>{t(`segment.${s}`)}</option>
          ))}
        </select>
      </Field>
      {segment !== 'accepted' && (
        <Field id={`${id}-ref`} label={t('gen.ref')} error={call.fields.ref_id} hint={t('gen.refHint')}>
          <input id={`${id}-ref`} name="ref_id" inputMode="numeric" pattern="[0-9]*" {...described(`${id}-ref`, call.fields.ref_id, true)} />
        </Field>
      )}
      <button type="submit" className="button" disabled={call.pending}>{call.pending ? t('common.working') : t('gen.submit')}</button>
      <FormStatus status={call.status} />
    </form>
  );
}

function UploadForm() {
  const { t } = useNewsI18n();
  const writes = useNewsWrites();
  const call = useFormCall();
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) return call.fail(t('upload.noFile'));
    void call.run(async () => {
      const list = await writes.upload(String(form.get('name') ?? ''), await file.text());
      return t('gen.done', { name: list.name, count: list.recipient_count });
    });
  };
  // Bad rows come back named by line (`line 3`): listed under the file field.
  const rows = Object.entries(call.fields).filter(([key]) => key.startsWith('line '));
  return (
    <form className="news-form" onSubmit={submit} aria-labelledby={`${id}-h`} noValidate>
      <h3 id={`${id}-h`}>{t('upload.title')}</h3>
      <Field id={`${id}-name`} label={t('gen.name')} error={call.fields.name}>
        <input id={`${id}-name`} name="name" required maxLength={100} {...described(`${id}-name`, call.fields.name)} />
      </Field>
      <Field id={`${id}-file`} label={t('upload.file')} error={call.fields.csv}>
        <input id={`${id}-file`} name="file" type="file" accept=".csv,text/csv" {...described(`${id}-file`, call.fields.csv)} />
      </Field>
      {rows.length > 0 && (
        <ul className="news-row-errors">
          {rows.map(([line, problem]) => (
            <li key={line}>{line}: {problem}</li>
          ))}
        </ul>
      )}
      <button type="submit" className="button" disabled={call.pending}>{call.pending ? t('common.working') : t('upload.submit')}</button>
      <FormStatus status={call.status} />
    </form>
  );
}

function AddRecipientForm({ lists }: { lists: { id: number; name: string }[] }) {
  const { t } = useNewsI18n();
  const writes = useNewsWrites();
  const call = useFormCall();
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void call.run(async () => {
      await writes.addRecipient({
        list_id: Number(form.get('list_id')),
        email: String(form.get('email') ?? ''),
        name: String(form.get('name') ?? ''),
        language: form.get('language') === 'zh-CN' ? 'zh-CN' : 'en',
      });
      return t('news.saved');
    });
  };
  return (
    <form className="news-form" onSubmit={submit} aria-labelledby={`${id}-h`} noValidate>
      <h3 id={`${id}-h`}>{t('add.title')}</h3>
      <Field id={`${id}-list`} label={t('add.list')} error={call.fields.list_id}>
        <select id={`${id}-list`} name="list_id">
          {lists.map((l) => (
            <option key={l.id} value={l.id}>{l.name}</option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-email`} label={t('add.email')} error={call.fields.email}>
        <input id={`${id}-email`} name="email" type="email" autoComplete="off" {...described(`${id}-email`, call.fields.email)} />
      </Field>
      <Field id={`${id}-name`} label={t('add.name')} error={call.fields.name}>
        <input id={`${id}-name`} name="name" maxLength={200} />
      </Field>
      <Field id={`${id}-language`} label={t('add.language')} error={call.fields.language}>
        <select id={`${id}-language`} name="language">
          {MAIL_LANGUAGES.map((l) => (
            <option key={l} value={l}>{t(`lang.${l}`)}</option>
          ))}
        </select>
      </Field>
      <button type="submit" className="button" disabled={call.pending}>{call.pending ? t('common.working') : t('add.submit')}</button>
      <FormStatus status={call.status} />
    </form>
  );
}
