import { MAIL_LANGUAGES, MERGE_FIELDS, type Template, type TemplateDetails, type TemplateTexts, type TemplateWrite } from '../../../shared/api/newsletters.js';
import type { AppContext } from '../../platform/context.js';
import { Invalid, NotFound } from '../../platform/errors.js';
import { nowIso } from '../../platform/time.js';
import { renderTemplate, unknownFields } from './render.js';
import { findTemplate, insertTemplate, listTemplates, updateTemplate, type TemplateRow } from './repo.js';

/** Markdown templates with merge fields, in English and (optionally) Chinese. */

export const parseTexts = (json: string): TemplateTexts => JSON.parse(json) as TemplateTexts;

const toTemplate = (row: TemplateRow): Template => ({ id: row.id, name: row.name, texts: parseTexts(row.texts), created_at: row.created_at, updated_at: row.updated_at });

/** A merge field the renderer does not know would reach readers as `{{...}}`: refused, naming where it is. */
function checkFields(texts: TemplateTexts): void {
  const fields: Record<string, string> = {};
  for (const language of MAIL_LANGUAGES) {
    const text = texts[language];
    if (!text) continue;
    for (const part of ['subject', 'body'] as const) {
      const unknown = unknownFields(text[part]);
      if (unknown.length) fields[`texts.${language}.${part}`] = `Unknown merge field ${unknown.map((f) => `{{${f}}}`).join(', ')}; use ${MERGE_FIELDS.map((f) => `{{${f}}}`).join(', ')}.`;
    }
  }
  const names = Object.keys(fields);
  if (names.length) throw new Invalid(`${names[0]}: ${fields[names[0]]}`, fields);
}

export async function templatesList(ctx: AppContext): Promise<Template[]> {
  return (await listTemplates(ctx.db.kysely)).map(toTemplate);
}

export async function getTemplate(ctx: AppContext, id: number): Promise<Template> {
  const row = await findTemplate(ctx.db.kysely, id);
  if (!row) throw new NotFound('Template');
  return toTemplate(row);
}

export async function templateDetails(ctx: AppContext, id: number): Promise<TemplateDetails> {
  const template = await getTemplate(ctx, id);
  const sample = { name: 'Ada Lovelace', email: 'ada@example.com', site_name: ctx.config.siteName, unsubscribe_url: `${ctx.config.publicUrl}/unsubscribe-example` };
  return {
    ...template,
    previews: { en: renderTemplate(template.texts, 'en', sample), 'zh-CN': renderTemplate(template.texts, 'zh-CN', { ...sample, name: '李华' }) },
    merge_fields: [...MERGE_FIELDS],
  };
}

export async function createTemplate(ctx: AppContext, input: TemplateWrite): Promise<Template> {
  checkFields(input.texts);
  const id = await insertTemplate(ctx.db.kysely, input.name, JSON.stringify(input.texts), nowIso());
  return getTemplate(ctx, id);
}

export async function changeTemplate(ctx: AppContext, id: number, input: TemplateWrite): Promise<Template> {
  checkFields(input.texts);
  if (!(await updateTemplate(ctx.db.kysely, id, input.name, JSON.stringify(input.texts), nowIso()))) throw new NotFound('Template');
  return getTemplate(ctx, id);
}

/** Every template as one JSON document (a backup, or to move them to another site). */
export async function templatesExport(ctx: AppContext): Promise<{ exported_at: string; templates: Template[] }> {
  return { exported_at: nowIso(), templates: await templatesList(ctx) };
}
