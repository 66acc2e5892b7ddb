import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { LibraryDocument, Image } from '../../../../shared/api/admin.js';
import { adminPaths } from '../../../../shared/api/admin-paths.js';
import type { Paginated } from '../../../../shared/api/common.js';
import { useHttp } from '../../../app/context.js';
import type { HttpClient } from '../../../lib/http.js';

/** The back-office's two libraries: the same calls on their own paths. */
export type LibraryKind = 'images' | 'documents';
export interface LibraryItems {
  images: Image;
  documents: LibraryDocument;
}

export interface LibraryListParams {
  page: number;
  search: string;
}

export const LIBRARY_LIST_SIZE = 20;

const collectionOf = { images: adminPaths.images, documents: adminPaths.documents } as const;
const itemOf = { images: adminPaths.image, documents: adminPaths.document } as const;

// Staff answers are private: personal queries are never persisted and go at logout.
export const libraryKeys = {
  all: (kind: LibraryKind) => ['staff', kind] as const,
  list: (kind: LibraryKind, params: LibraryListParams) => ['staff', kind, 'list', params] as const,
};

export const libraryListQuery = <K extends LibraryKind>(http: HttpClient, kind: K, params: LibraryListParams) =>
  queryOptions({
    queryKey: libraryKeys.list(kind, params),
    queryFn: () => http.get<Paginated<LibraryItems[K]>>(collectionOf[kind], { page: params.page, page_size: LIBRARY_LIST_SIZE, search: params.search }),
    meta: { personal: true },
  });

/** Uploads a file (multipart `file`; the title goes in the query, since the body is the file); the list follows. */
export function useUpload<K extends LibraryKind>(kind: K) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useCallback(
    async ({ file, title }: { file: File; title: string }): Promise<LibraryItems[K]> => {
      const form = new FormData();
      form.append('file', file);
      const query = title.trim() ? `?${new URLSearchParams({ title: title.trim() }).toString()}` : '';
      const done = await http.postForm<LibraryItems[K]>(`${collectionOf[kind]}${query}`, form);
      await queryClient.invalidateQueries({ queryKey: libraryKeys.all(kind) });
      return done;
    },
    [http, queryClient, kind],
  );
}

/** Deletes one; a 409 (the picture or document is in use) names where, in its message. The list follows. */
export function useDeleteItem(kind: LibraryKind) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useCallback(
    async (id: number): Promise<void> => {
      await http.delete(itemOf[kind].replace(':id', String(id)));
      await queryClient.invalidateQueries({ queryKey: libraryKeys.all(kind) });
    },
    [http, queryClient, kind],
  );
}
