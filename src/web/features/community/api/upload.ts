import type { ErrorBody } from '../../../../shared/api/common.js';
import type { Submission } from '../../../../shared/api/content-readers.js';
import { contentPaths } from '../../../../shared/api/content-paths.js';
import { API_PREFIX } from '../../../../shared/api/prefix.js';
import { ApiError } from '../../../lib/http.js';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface SubmissionUpload {
  file: File;
  note: string;
  /** The bearer token (the app's `accessTokenForCall`); a guest has none and is refused by the server. */
  token: string | undefined;
  onProgress: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** Uploads take as long as the connection needs; only a stalled one is given up. */
const STALL_MS = 60_000;

function errorOf(status: number, text: string): ApiError {
  let body: Partial<ErrorBody> & { detail?: string; code?: string } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // not JSON: the generic message
  }
  return new ApiError(body.message ?? body.detail ?? `Request failed with status code ${status}`, status, body.error ?? body.code ?? 'http_error', body.fields);
}

/**
 * `POST submission/file` with the bytes sent reported as they go (fetch cannot report an upload's progress, so
 * this one call uses XMLHttpRequest). Failures are the app's `ApiError`s, as from the http client.
 */
export function uploadSubmission({ file, note, token, onProgress, signal }: SubmissionUpload): Promise<Submission> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_PREFIX}${contentPaths.submissionFile}`);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.timeout = 0;
    let stalled: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(stalled);
      stalled = setTimeout(() => xhr.abort(), STALL_MS);
    };
    const finish = () => {
      clearTimeout(stalled);
      signal?.removeEventListener('abort', cancel);
    };
    const cancel = () => xhr.abort();
    xhr.upload.onprogress = (event) => {
      watch();
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    xhr.onload = () => {
      finish();
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as Submission);
        } catch {
          reject(new ApiError('The answer could not be read', xhr.status, 'http_error'));
        }
      } else {
        reject(errorOf(xhr.status, xhr.responseText));
      }
    };
    xhr.onerror = () => {
      finish();
      const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
      reject(new ApiError(offline ? 'Offline' : 'Network Error', 0, offline ? 'offline' : 'network'));
    };
    xhr.onabort = () => {
      finish();
      reject(new ApiError('Request aborted', 0, 'aborted'));
    };
    signal?.addEventListener('abort', cancel, { once: true });
    const form = new FormData();
    form.append('note', note);
    form.append('file', file, file.name);
    watch();
    onProgress({ loaded: 0, total: file.size });
    xhr.send(form);
  });
}
