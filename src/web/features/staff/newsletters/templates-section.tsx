import { useQuery } from '@tanstack/react-query';
import { useId, type FormEvent } from 'react';
import { MERGE_FIELDS } from '../../../../shared/api/newsletters-paths.js';
import type { TemplateWrite } from '../../../../shared/api/newsletters.js';
import { useHttp } from '../../../app/context.js';
import { templatesQuery, useNewsWrites } from './api.js';
import { described, Field, FormStatus, useFormCall } from './form-bits.js';
import { useNewsI18n } from './newsletters-i18n.js';

/** Templates in markdown with merge fields, English required and Chinese optional. */
export function TemplatesSection() {
  const http = useHttp();
  const { t } = useNewsI18n();
  const templates = useQuery(templatesQuery(http));
  return (
    <section className="news-section" aria-labelledby="news-templates">
      <h2 id="news-templates">{t('templates.title')}</h2>
      {templates.data?.length === 0 && <p className="empty">{t('templates.none')}</p>}
      <ul className="staff-list news-rows">
        {templates.data?.map((tpl) => (
          <li key={tpl.id} className="staff-row">
            <h3 className="staff-row__title">{tpl.name}</h3>
            <p className="staff-row__meta">
              <span>{tpl.texts.en.subject}</span>
              <span>{t('templates.languages', { languages: [t('lang.en'), ...(tpl.texts['zh-CN'] ? [t('lang.zh-CN')] : [])].join(', ') })}</span>
            </p>
          </li>
        ))}
      </ul>
      <TemplateForm />
    </section>
  );
}

function TemplateForm() {
  const { t } = useNewsI18n();
  const writes = useNewsWrites();
  const call = useFormCall();
  const id = useId();
  const f = call.fields;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const text = (name: string) => String(form.get(name) ?? '');
    const zh = { subject: text('zh_subject'), body: text('zh_body') };
    const body: TemplateWrite = {
      name: text('name'),
      texts: { en: { subject: text('en_subject'), body: text('en_body') }, ...(zh.subject.trim() || zh.body.trim() ? { 'zh-CN': zh } : {}) },
    };
    void call.run(async () => {
      await writes.createTemplate(body);
      element.reset();
      return t('news.saved');
    });
  };
  const field = (name: string, key: 'tpl.name' | 'tpl.enSubject' | 'tpl.zhSubject', error?: string) => (
    <Field id={`${id}-${name}`} label={t(key)} error={error}>
      <input id={`${id}-${name}`} name={name} maxLength={200} {...described(`${id}-${name}`, error)} />
    </Field>
  );
  const area = (name: string, key: 'tpl.enBody' | 'tpl.zhBody', error?: string) => (
    <Field id={`${id}-${name}`} label={t(key)} error={error} hint={t('tpl.fields', { fields: MERGE_FIELDS.map((m) => `{{${m}}}`).join(' ') })}>
      <textarea id={`${id}-${name}`} name={name} rows={6} {...described(`${id}-${name}`, error, true)} />
    </Field>
  );
  return (
    <form className="news-form" onSubmit={submit} aria-labelledby={`${id}-h`} noValidate>
      <h3 id={`${id}-h`}>{t('templates.new')}</h3>
      {field('name', 'tpl.name', f.name)}
      {field('en_subject', 'tpl.enSubject', f['texts.en.subject'] ?? f['texts.en'])}
      {area('en_body', 'tpl.enBody', f['texts.en.body'])}
      {field('zh_subject', 'tpl.zhSubject', f['texts.zh-CN.subject'])}
      {area('zh_body', 'tpl.zhBody', f['texts.zh-CN.body'])}
      <button type="submit" className="button" disabled={call.pending}>{call.pending ? t('common.working') : t('tpl.submit')}</button>
      <FormStatus status={call.status} />
    </form>
  );
}
