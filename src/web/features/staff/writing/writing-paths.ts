import type { EditableKind } from '../../../../shared/api/content-editorial-paths.js';

/** The writing screens' URLs (under the back office). */
export const writingPaths = {
  list: (kind: EditableKind) => `/staff/write/${kind}`,
  create: (kind: EditableKind, courseId?: number) => (courseId ? `/staff/write/${kind}/new?course=${courseId}` : `/staff/write/${kind}/new`),
  edit: (kind: EditableKind, id: number) => `/staff/write/${kind}/${id}`,
  revisions: (kind: EditableKind, id: number) => `/staff/write/${kind}/${id}/revisions`,
} as const;
