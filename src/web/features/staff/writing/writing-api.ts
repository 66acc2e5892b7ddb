import { queryOptions } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common.js';
import type { EditorialItem, EditorialListItem, EditorialOptions, RevisionDetail, RevisionSummary } from '../../../../shared/api/content-editorial.js';
import { editorialPaths, editorialUrl, type EditableKind, type EditorialAction } from '../../../../shared/api/content-editorial-paths.js';
import type { HttpClient } from '../../../lib/http.js';

export type { EditableKind, EditorialAction, EditorialItem, EditorialListItem, EditorialOptions, RevisionDetail, RevisionSummary };

export const WRITING_LIST_SIZE = 20;

// Staff answers are private: personal queries are never persisted and go at logout.
export const writingKeys = {
  all: ['staff', 'writing'] as const,
  list: (kind: EditableKind, page: number, search: string) => ['staff', 'writing', kind, 'list', page, search] as const,
  item: (kind: EditableKind, id: number) => ['staff', 'writing', kind, 'item', id] as const,
  revisions: (kind: EditableKind, id: number) => ['staff', 'writing', kind, 'revisions', id] as const,
  revision: (kind: EditableKind, id: number, revision: number) => ['staff', 'writing', kind, 'revision', id, revision] as const,
  options: ['staff', 'writing', 'options'] as const,
};

export const writingListQuery = (http: HttpClient, kind: EditableKind, page: number, search: string) =>
  queryOptions({
    queryKey: writingKeys.list(kind, page, search),
    queryFn: () => http.get<Paginated<EditorialListItem>>(editorialUrl(editorialPaths.items, { kind }), { page, page_size: WRITING_LIST_SIZE, search: search || undefined }),
    meta: { personal: true },
  });

export const writingItemQuery = (http: HttpClient, kind: EditableKind, id: number) =>
  queryOptions({
    queryKey: writingKeys.item(kind, id),
    queryFn: () => http.get<EditorialItem>(editorialUrl(editorialPaths.item, { kind, id })),
    meta: { personal: true },
    // The editor keeps its own copy while it is open: a refetch would not replace what is being typed.
    staleTime: Infinity,
  });

export const revisionsQuery = (http: HttpClient, kind: EditableKind, id: number) =>
  queryOptions({
    queryKey: writingKeys.revisions(kind, id),
    queryFn: () => http.get<RevisionSummary[]>(editorialUrl(editorialPaths.revisions, { kind, id })),
    meta: { personal: true },
  });

export const revisionQuery = (http: HttpClient, kind: EditableKind, id: number, revision: number) =>
  queryOptions({
    queryKey: writingKeys.revision(kind, id, revision),
    queryFn: () => http.get<RevisionDetail>(editorialUrl(editorialPaths.revision, { kind, id, revision })),
    meta: { personal: true },
    staleTime: Infinity,
  });

export const optionsQuery = (http: HttpClient) =>
  queryOptions({ queryKey: writingKeys.options, queryFn: () => http.get<EditorialOptions>(editorialPaths.options), meta: { personal: true }, staleTime: 60_000 });

export const createItem = (http: HttpClient, kind: EditableKind, fields: Record<string, unknown>) =>
  http.post<EditorialItem>(editorialUrl(editorialPaths.items, { kind }), { fields });

export const saveItem = (http: HttpClient, kind: EditableKind, id: number, baseVersion: string, fields: Record<string, unknown>) =>
  http.post<EditorialItem>(editorialUrl(editorialPaths.save, { kind, id }), { base_version: baseVersion, fields });

export const itemAction = (http: HttpClient, kind: EditableKind, id: number, action: EditorialAction, body?: Record<string, unknown>) =>
  http.post<EditorialItem | undefined>(editorialUrl(editorialPaths.action, { kind, id, action }), body);

export const previewMarkdown = (http: HttpClient, markdown: string, signal?: AbortSignal) =>
  http.post<{ html: string }>(editorialPaths.preview, { markdown }, { signal });
