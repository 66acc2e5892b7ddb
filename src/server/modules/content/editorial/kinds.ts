import type { Kysely, Transaction } from 'kysely';
import { fieldsOfKind, type ActionBody, type EditableKind, type EditorialListQuery, type FieldsOfKind, type LessonEntry } from '../../../../shared/api/content-editorial.js';
import type { Database } from '../../../db/types.js';
import type { AppContext } from '../../../platform/context.js';
import { Invalid } from '../../../platform/errors.js';

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;

/** What the editorial service needs to know of an item's own row. */
export interface ItemHead {
  id: number;
  title: string;
  /** Readers see it now (a lesson: its course is published). */
  live: boolean;
  /** Changes when someone writes the row outside the editor: part of the version an editor saves against. */
  stamp: string;
  updated_at: string;
  html_url: string;
}

/**
 * One kind of editable item (article, course, lesson, page): its module's own rules and SQL behind one shape,
 * registered by that module's routes. Every write takes the transaction of the editorial service.
 */
export interface EditableKindAdapter<K extends EditableKind = EditableKind> {
  kind: K;
  /** Names it in a 404. */
  what: string;
  table: 'articles' | 'courses' | 'lessons' | 'pages';
  load(db: Db, id: number): Promise<{ head: ItemHead; fields: FieldsOfKind[K] } | undefined>;
  /** References and slug checked (throws naming the field); an empty slug is made from the title. */
  check(ctx: AppContext, fields: FieldsOfKind[K], id: number | null): Promise<FieldsOfKind[K]>;
  create(trx: Trx, fields: FieldsOfKind[K], authorId: number, now: string): Promise<number>;
  /** Writes the fields to the row: readers of a live item see them at once. */
  apply(trx: Trx, id: number, fields: FieldsOfKind[K], now: string): Promise<void>;
  publish(trx: Trx, id: number, now: string): Promise<void>;
  /** Absent: the kind is never unpublished on its own (a lesson goes with its course). */
  unpublish?(trx: Trx, id: number, now: string): Promise<void>;
  /** Refuses (throws) what may not go, else deletes the row. */
  remove(trx: Trx, id: number): Promise<void>;
  move(trx: Trx, id: number, body: NonNullable<ActionBody>, now: string): Promise<void>;
  list(db: Db, query: EditorialListQuery): Promise<{ count: number; rows: Array<{ id: number; title: string; live: boolean; updated_at: string; language?: string }> }>;
  lessons?(db: Db, id: number): Promise<LessonEntry[]>;
  /**
   * More rules for an alias of `original` with these fields (throws naming the field); the slug and references
   * were checked by `check`. A lesson's: its course must not open the text to readers the original's course keeps out.
   */
  checkAlias?(db: Db, original: FieldsOfKind[K], alias: FieldsOfKind[K]): Promise<void>;
  /** False: publishing at a time is not offered (a lesson shows with its course). */
  schedulable: boolean;
}

const registries = new WeakMap<AppContext, Map<EditableKind, EditableKindAdapter>>();

/** A module makes its kind editable (from its routes plugin, once per app). */
export function registerEditable<K extends EditableKind>(ctx: AppContext, adapter: EditableKindAdapter<K>): void {
  let kinds = registries.get(ctx);
  if (!kinds) registries.set(ctx, (kinds = new Map()));
  kinds.set(adapter.kind, adapter as unknown as EditableKindAdapter);
}

export function adapterOf(ctx: AppContext, kind: EditableKind): EditableKindAdapter {
  const adapter = registries.get(ctx)?.get(kind);
  if (!adapter) throw Invalid.field('kind', `${kind} cannot be edited here.`);
  return adapter;
}

/** The kind's fields, every bad one named (`tag_ids.2`: the third tag). */
export function parseFields<K extends EditableKind>(kind: K, raw: unknown): FieldsOfKind[K] {
  const parsed = fieldsOfKind[kind].safeParse(raw);
  if (parsed.success) return parsed.data as FieldsOfKind[K];
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path.length ? issue.path.join('.') : (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : 'fields');
    fields[name] ??= issue.message;
  }
  const [first] = Object.entries(fields);
  throw new Invalid(`${first![0]}: ${first![1]}`, fields);
}

/** `title` to a slug of ASCII letters and digits, or `fallback` (Chinese titles): the caller makes it unique. */
export function slugOf(title: string, fallback: string): string {
  const ascii = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return ascii || fallback;
}

/** The first of `wanted`, `wanted-2`, ... that `taken` says is free. */
export async function freeSlug(wanted: string, taken: (slug: string) => Promise<boolean>): Promise<string> {
  let slug = wanted;
  for (let n = 2; await taken(slug); n += 1) slug = `${wanted}-${n}`;
  return slug;
}
