import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Comment, CommentFeedbackKind, CommentFeedbackResult, CommentFlagResult, CommentPreviewResult } from '../../../../shared/api/comments.js';
import { commentsPaths, type CommentContentType } from '../../../../shared/api/comments-paths.js';
import type { Paginated } from '../../../../shared/api/common.js';
import { FINGERPRINT_HEADER } from '../../../../shared/api/content-paths.js';
import { readFingerprint } from '../../../lib/fingerprint.js';
import { pathOf, type HttpClient, type RequestOptions } from '../../../lib/http.js';

export const COMMENT_PAGE_SIZE = 50;

export interface CommentTarget {
  contentType: CommentContentType;
  objectId: number;
}

/**
 * A guest's calls carry the device fingerprint, as the article's own do: a premium article a guest opened under
 * the monthly meter is one whose comments they may read.
 */
async function guestHeaders(viewer: number): Promise<RequestOptions> {
  if (viewer) return {};
  const userfinger = await readFingerprint().catch(() => '');
  return { anonymous: true, headers: userfinger ? { [FINGERPRINT_HEADER]: userfinger } : {} };
}

/** Comments answer per reader (their feedback, what they may delete): the keys name the viewer, never persisted. */
export const commentKeys = {
  of: (target: CommentTarget) => ['comments', target.contentType, target.objectId] as const,
  list: (target: CommentTarget, viewer: number) => ['comments', target.contentType, target.objectId, 'list', viewer] as const,
  count: (target: CommentTarget, viewer: number) => ['comments', target.contentType, target.objectId, 'count', viewer] as const,
};

const objectParams = (target: CommentTarget) => ({ content_type: target.contentType, object_id: target.objectId });
const PERSONAL = { personal: true } as const;

export const commentListQuery = (http: HttpClient, target: CommentTarget, viewer: number) =>
  infiniteQueryOptions({
    queryKey: commentKeys.list(target, viewer),
    queryFn: async ({ pageParam }) =>
      http.get<Paginated<Comment>>(pathOf(commentsPaths.list, objectParams(target)), { page: pageParam, page_size: COMMENT_PAGE_SIZE }, await guestHeaders(viewer)),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.next ? page + 1 : undefined),
    meta: PERSONAL,
    retry: false,
  });

export const commentCountQuery = (http: HttpClient, target: CommentTarget, viewer: number) =>
  queryOptions({
    queryKey: commentKeys.count(target, viewer),
    queryFn: async () => http.get<{ count: number }>(pathOf(commentsPaths.count, objectParams(target)), undefined, await guestHeaders(viewer)),
    meta: PERSONAL,
    retry: false,
  });

export const postComment = (http: HttpClient, target: CommentTarget, comment: string, replyTo: number | null) =>
  http.post<Comment>(commentsPaths.comment, { content_type: target.contentType, object_id: target.objectId, comment, reply_to: replyTo });

export const previewComment = (http: HttpClient, comment: string) => http.post<CommentPreviewResult>(commentsPaths.preview, { comment });

export const giveFeedback = (http: HttpClient, id: number, flag: CommentFeedbackKind) => http.post<CommentFeedbackResult>(commentsPaths.feedback, { comment: id, flag });

export const flagComment = (http: HttpClient, id: number) => http.post<CommentFlagResult>(commentsPaths.flag, { comment: id, flag: 'removal' });

export const deleteComment = (http: HttpClient, id: number) => http.delete(pathOf(commentsPaths.one, { id }));

export const approveComment = (http: HttpClient, id: number) => http.post(pathOf(commentsPaths.approve, { id }));
