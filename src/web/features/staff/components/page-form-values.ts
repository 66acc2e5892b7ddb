import type { Page, PageCreate } from '../../../../shared/api/pages.js';

/** The page form's fields, as the form keeps them (text; the footer flag as "true" or "false"). */
export interface PageFormValues extends Record<string, string> {
  title: string;
  slug: string;
  body_markdown: string;
  show_in_footer: string;
  sort_order: string;
  zh_title: string;
  zh_body_markdown: string;
}

const ZH = 'zh-CN';

/** A page as the form shows it; an empty form for a new page. */
export function formValuesOf(page: Page | undefined): PageFormValues {
  const zh = page?.translations[ZH] ?? {};
  return {
    title: page?.title ?? '',
    slug: page?.slug ?? '',
    body_markdown: page?.body_markdown ?? '',
    show_in_footer: page?.show_in_footer ? 'true' : 'false',
    sort_order: String(page?.sort_order ?? 0),
    zh_title: zh.title ?? '',
    zh_body_markdown: zh.body_markdown ?? '',
  };
}

/** The sort order typed, or undefined when it is not a whole number (empty is 0). */
export function sortOrderOf(value: string): number | undefined {
  const text = value.trim();
  if (text === '') return 0;
  return /^-?\d+$/.test(text) ? Number(text) : undefined;
}

/**
 * The body of POST pages or PATCH pages/{id}: every field of the form. `translations` replaces the whole set, so
 * it always goes: the Chinese texts typed (an empty one is left out, so readers get the default text), or none.
 */
export function pageBodyOf(values: PageFormValues): PageCreate {
  const zh: { title?: string; body_markdown?: string } = {};
  if (values.zh_title.trim()) zh.title = values.zh_title.trim();
  if (values.zh_body_markdown.trim()) zh.body_markdown = values.zh_body_markdown;
  return {
    title: values.title.trim(),
    slug: values.slug.trim(),
    body_markdown: values.body_markdown,
    show_in_footer: values.show_in_footer === 'true',
    // The form checks it first; a value that got through anyway is refused by the server, naming the field.
    sort_order: sortOrderOf(values.sort_order) ?? Number.NaN,
    translations: Object.keys(zh).length > 0 ? { [ZH]: zh } : {},
  };
}

/** The form field a server's field message belongs to: the Chinese texts arrive as `translations.zh-CN.<field>`. */
export function formFieldOf(serverField: string): string {
  const prefix = `translations.${ZH}.`;
  return serverField.startsWith(prefix) ? `zh_${serverField.slice(prefix.length)}` : serverField;
}
