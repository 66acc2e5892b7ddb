import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useHttp } from '../../../app/context.js';
import { ALIAS_PLACE_FIELDS } from '../../../../shared/api/content-editorial-paths.js';
import { MarkdownField } from './markdown-field.js';
import { TranslationPicker } from './translation-picker.js';
import { PicturePicker } from './picture-picker.js';
import type { Fields } from './use-draft-sync.js';
import { optionsQuery, type EditableKind } from './writing-api.js';
import { useWritingI18n, type WritingKey } from './writing-i18n.js';

/** A new item's fields, as the kind's schema wants them (an empty slug is made from the title). */
export function defaultFields(kind: EditableKind, courseId?: number): Fields {
  const text = { title: '', slug: '', body_markdown: '' };
  switch (kind) {
    case 'article':
      return { ...text, summary: '', cover: '', category_id: null, tag_ids: [], topic_ids: [], access: 'free', access_plan_id: null, free_read: false, language: 'en', translation_id: null };
    case 'course':
      return { ...text, summary: '', cover: '', level: 'beginner', category_id: null, tag_ids: [], access: 'free', access_plan_id: null, language: 'en', translation_id: null };
    case 'lesson':
      return { ...text, course_id: courseId ?? 0, chapter: '', summary: '', duration: 0, is_free_preview: false, translation_id: null };
    case 'page':
      return { ...text, zh_title: '', zh_body_markdown: '', show_in_footer: false, sort_order: 0 };
  }
}

interface Props {
  kind: EditableKind;
  fields: Fields;
  onChange: (next: Fields) => void;
  /** The item being edited (none while new). */
  itemId?: number;
  /** An alias: its content is its original's, shown read-only; only its place may change. */
  alias?: boolean;
}

/** Every field of the kind: texts, pictures, category, tags, topics, access, language and the translation. */
export function EditorFields({ kind, fields, onChange, itemId, alias = false }: Props) {
  const { t } = useWritingI18n();
  const http = useHttp();
  const options = useQuery({ ...optionsQuery(http), enabled: kind === 'article' || kind === 'course' });
  const locked = (name: string) => alias && !ALIAS_PLACE_FIELDS[kind].includes(name);
  const set = (name: string, value: unknown) => {
    if (!locked(name)) onChange({ ...fields, [name]: value });
  };
  const text = (name: string) => String(fields[name] ?? '');
  const ids = (name: string) => (Array.isArray(fields[name]) ? (fields[name] as number[]) : []);
  const has = (name: string) => name in fields;

  return (
    <div className="writing-fields">
      <Input label={t('write.title')} readOnly={locked('title')} value={text('title')} onChange={(v) => set('title', v)} maxLength={200} />
      <Input label={t('write.slug')} hint={t('write.slugHint')} value={text('slug')} onChange={(v) => set('slug', v)} maxLength={200} />
      {kind === 'lesson' && <Input label={t('write.chapter')} value={text('chapter')} onChange={(v) => set('chapter', v)} maxLength={200} />}
      {has('summary') && <Input label={t('write.summary')} readOnly={locked('summary')} value={text('summary')} onChange={(v) => set('summary', v)} maxLength={1000} multiline />}
      {has('cover') && (
        <div className="field writing-cover">
          <span className="field__label">{t('write.cover')}</span>
          {text('cover') ? <img src={text('cover')} alt={t('write.cover')} className="writing-cover__img" /> : <p className="field__hint">{t('write.noCover')}</p>}
          {!locked('cover') && <PicturePicker label={t('write.choosePicture')} onPick={(picture) => set('cover', picture.url)} />}
          {text('cover') && !locked('cover') && (
            <button type="button" className="button button--quiet button--small" onClick={() => set('cover', '')}>
              {t('write.removeCover')}
            </button>
          )}
        </div>
      )}
      <MarkdownField label={t('write.body')} readOnly={locked('body_markdown')} value={text('body_markdown')} onChange={(v) => set('body_markdown', v)} lang={text('language') || undefined} />
      {has('category_id') && (
        <Select
          label={t('write.category')}
          value={fields.category_id === null ? '' : String(fields.category_id)}
          onChange={(v) => set('category_id', v ? Number(v) : null)}
          options={[['', t('write.none')], ...(options.data?.categories ?? []).map((c) => [String(c.id), c.name] as [string, string])]}
        />
      )}
      {has('tag_ids') && <Checks legend={t('write.tags')} disabled={locked('tag_ids')} all={options.data?.tags ?? []} chosen={ids('tag_ids')} onChange={(v) => set('tag_ids', v)} />}
      {has('topic_ids') && <Checks legend={t('write.topics')} disabled={locked('topic_ids')} all={options.data?.topics ?? []} chosen={ids('topic_ids')} onChange={(v) => set('topic_ids', v)} />}
      {has('access') && (
        <Select
          label={t('write.access')}
          disabled={locked('access')}
          value={text('access')}
          // A plan's piece starts with the first plan chosen (an editor changes it below); other access keeps none.
          onChange={(v) => onChange({ ...fields, access: v, ...(has('access_plan_id') && { access_plan_id: v === 'plan' ? (fields.access_plan_id ?? options.data?.plans[0]?.id ?? null) : null }) })}
          options={(kind === 'course' ? ['free', 'premium', 'plan', 'purchase'] : ['free', 'premium', 'plan']).map((a) => [a, t(`write.access.${a}` as WritingKey)])}
        />
      )}
      {fields.access === 'plan' && (
        <Select
          label={t('write.accessPlan')}
          disabled={locked('access_plan_id')}
          value={fields.access_plan_id == null ? '' : String(fields.access_plan_id as number)}
          onChange={(v) => set('access_plan_id', v ? Number(v) : null)}
          options={[['', t('write.choosePlan')], ...(options.data?.plans ?? []).map((p) => [String(p.id), p.name] as [string, string])]}
        />
      )}
      {has('free_read') && <Check label={t('write.freeRead')} disabled={locked('free_read')} checked={fields.free_read === true} onChange={(v) => set('free_read', v)} />}
      {has('level') && (
        <Select label={t('write.level')} disabled={locked('level')} value={text('level')} onChange={(v) => set('level', v)} options={['beginner', 'intermediate', 'advanced'].map((l) => [l, t(`write.level.${l}` as WritingKey)])} />
      )}
      {has('language') && (
        <Select label={t('write.language')} disabled={locked('language')} value={text('language')} onChange={(v) => set('language', v)} options={['en', 'zh-CN'].map((l) => [l, t(`write.language.${l}` as WritingKey)])} />
      )}
      {kind === 'lesson' && (
        <>
          <Input label={t('write.duration')} readOnly={locked('duration')} value={String(fields.duration ?? 0)} onChange={(v) => set('duration', Math.max(0, Math.trunc(Number(v) || 0)))} inputMode="numeric" maxLength={6} />
          <Check label={t('write.freePreview')} disabled={locked('is_free_preview')} checked={fields.is_free_preview === true} onChange={(v) => set('is_free_preview', v)} />
        </>
      )}
      {has('translation_id') && <TranslationPicker kind={kind} value={typeof fields.translation_id === 'number' ? fields.translation_id : null} onChange={(id) => set('translation_id', id)} selfId={itemId} />}
      {kind === 'page' && (
        <>
          <Check label={t('write.showInFooter')} checked={fields.show_in_footer === true} onChange={(v) => set('show_in_footer', v)} />
          <Input label={t('write.sortOrder')} value={String(fields.sort_order ?? 0)} onChange={(v) => set('sort_order', Math.trunc(Number(v) || 0))} inputMode="numeric" maxLength={8} />
          <fieldset className="fieldset" lang="zh-CN">
            <legend>{t('write.translation')}</legend>
            <p className="field__hint">{t('write.translationHint')}</p>
            <Input label={t('write.zhTitle')} readOnly={locked('zh_title')} value={text('zh_title')} onChange={(v) => set('zh_title', v)} maxLength={200} />
            <MarkdownField label={t('write.zhBody')} readOnly={locked('zh_body_markdown')} value={text('zh_body_markdown')} onChange={(v) => set('zh_body_markdown', v)} lang="zh-CN" />
          </fieldset>
        </>
      )}
    </div>
  );
}

function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && <span className="field__hint">{hint}</span>}
      {children}
    </div>
  );
}

function Input(props: { label: string; hint?: string; value: string; onChange: (v: string) => void; maxLength: number; multiline?: boolean; inputMode?: 'numeric'; readOnly?: boolean }) {
  const id = useId();
  const common = { id, value: props.value, maxLength: props.maxLength, readOnly: props.readOnly, onChange: (event: { target: { value: string } }) => props.onChange(event.target.value) };
  return (
    <Field id={id} label={props.label} hint={props.hint}>
      {props.multiline ? <textarea rows={3} {...common} /> : <input type="text" inputMode={props.inputMode} {...common} />}
    </Field>
  );
}

function Select({ label, value, onChange, options, disabled }: { label: string; value: string; onChange: (v: string) => void; options: Array<[string, string]>; disabled?: boolean }) {
  const id = useId();
  return (
    <Field id={id} label={label}>
      <select id={id} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {options.map(([v, name]) => (
          <option key={v} value={v}>{name}</option>
        ))}
      </select>
    </Field>
  );
}

function Check({ label, checked, onChange, disabled }: { label: string; checked: boolean; onChange: (v: boolean) => void; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="field field--check">
      <input id={id} type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

function Checks({ legend, all, chosen, onChange, disabled }: { legend: string; all: Array<{ id: number; name: string }>; chosen: number[]; onChange: (v: number[]) => void; disabled?: boolean }) {
  return (
    <fieldset className="fieldset writing-checks" disabled={disabled}>
      <legend>{legend}</legend>
      {all.map((entry) => (
        <Check key={entry.id} label={entry.name} checked={chosen.includes(entry.id)} onChange={(on) => onChange(on ? [...chosen, entry.id] : chosen.filter((id) => id !== entry.id))} />
      ))}
    </fieldset>
  );
}
