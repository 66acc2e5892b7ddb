import { useQuery } from '@tanstack/react-query';
import { useId, type FormEvent } from 'react';
import type { Campaign, CampaignReport } from '../../../../shared/api/newsletters.js';
import { useHttp } from '../../../app/context.js';
import { formatNumber } from '../../../lib/format.js';
import { campaignsQuery, listsQuery, templatesQuery, useNewsWrites } from './api.js';
import { described, Field, FormStatus, useFormCall } from './form-bits.js';
import { useNewsI18n } from './newsletters-i18n.js';

const REPORT: (keyof CampaignReport)[] = ['total', 'sent', 'pending', 'failed', 'unsubscribed', 'bounced', 'uncertain'];

/** Campaigns with their progress bar and report; a draft is sent with one button. */
export function CampaignsSection() {
  const http = useHttp();
  const { t } = useNewsI18n();
  const campaigns = useQuery(campaignsQuery(http));
  return (
    <section className="news-section" aria-labelledby="news-campaigns">
      <h2 id="news-campaigns">{t('campaigns.title')}</h2>
      <CampaignForm />
      {campaigns.data?.length === 0 && <p className="empty">{t('campaigns.none')}</p>}
      <ul className="staff-list news-rows">
        {campaigns.data?.map((c) => <CampaignRow key={c.id} campaign={c} />)}
      </ul>
    </section>
  );
}

function CampaignRow({ campaign: c }: { campaign: Campaign }) {
  const { t, lang } = useNewsI18n();
  const writes = useNewsWrites();
  const call = useFormCall();
  const percent = Math.round(c.progress * 100);
  return (
    <li className="staff-row news-campaign" data-campaign={c.id}>
      <h3 className="staff-row__title">{c.name}</h3>
      <p className="staff-row__meta">
        <span className={c.status === 'done' ? 'staff-tag staff-tag--live' : 'staff-tag'}>{t(`camp.status.${c.status}`)}</span>
        <span>{t('camp.to', { list: c.list_name })}</span>
      </p>
      {c.status !== 'draft' && (
        <div className="news-progress">
          <progress max={100} value={percent} aria-label={t('camp.progress', { name: c.name })} />
          <span aria-hidden="true">{percent}%</span>
        </div>
      )}
      {c.status !== 'draft' && (
        <dl className="news-report">
          {REPORT.map((key) => (
            <div key={key}>
              <dt>{t(`report.${key}`)}</dt>
              <dd data-report={key}>{formatNumber(lang, c.report[key])}</dd>
            </div>
          ))}
        </dl>
      )}
      {c.status === 'draft' && (
        <button
          type="button"
          className="button"
          aria-label={t('camp.send', { name: c.name })}
          disabled={call.pending}
          onClick={() => void call.run(async () => (await writes.sendCampaign(c.id), t('camp.started', { name: c.name })))}
        >
          {call.pending ? t('common.working') : t('camp.sendShort')}
        </button>
      )}
      <FormStatus status={call.status} />
    </li>
  );
}

function CampaignForm() {
  const http = useHttp();
  const { t } = useNewsI18n();
  const writes = useNewsWrites();
  const call = useFormCall();
  const id = useId();
  const lists = useQuery(listsQuery(http));
  const templates = useQuery(templatesQuery(http));
  const f = call.fields;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const templateId = String(form.get('template_id') ?? '');
    const articleId = String(form.get('article_id') ?? '').trim();
    void call.run(async () => {
      await writes.createCampaign({
        name: String(form.get('name') ?? ''),
        list_id: Number(form.get('list_id')),
        ...(templateId ? { template_id: Number(templateId) } : {}),
        ...(articleId ? { article_id: Number(articleId) } : {}),
      });
      element.reset();
      return t('news.saved');
    });
  };
  return (
    <form className="news-form" onSubmit={submit} aria-labelledby={`${id}-h`} noValidate>
      <h3 id={`${id}-h`}>{t('camp.new')}</h3>
      <Field id={`${id}-name`} label={t('camp.name')} error={f.name}>
        <input id={`${id}-name`} name="name" maxLength={100} {...described(`${id}-name`, f.name)} />
      </Field>
      <Field id={`${id}-list`} label={t('camp.list')} error={f.list_id}>
        <select id={`${id}-list`} name="list_id" {...described(`${id}-list`, f.list_id)}>
          {lists.data?.map((l) => (
            <option key={l.id} value={l.id}>{l.name}</option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-template`} label={t('camp.template')} error={f.template_id}>
        <select id={`${id}-template`} name="template_id" {...described(`${id}-template`, f.template_id)}>
          <option value="">{t('camp.choose')}</option>
          {templates.data?.map((tpl) => (
            <option key={tpl.id} value={tpl.id}>{tpl.name}</option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-article`} label={t('camp.article')} error={f.article_id}>
        <input id={`${id}-article`} name="article_id" inputMode="numeric" pattern="[0-9]*" {...described(`${id}-article`, f.article_id)} />
      </Field>
      <button type="submit" className="button" disabled={call.pending}>{call.pending ? t('common.working') : t('camp.submit')}</button>
      <FormStatus status={call.status} />
    </form>
  );
}
