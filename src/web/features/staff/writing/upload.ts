import type { Image } from '../../../../shared/api/admin.js';
import { adminPaths } from '../../../../shared/api/admin-paths.js';
import { API_PREFIX } from '../../../../shared/api/prefix.js';
import { accessTokenForCall } from '../../../lib/session/session-context.js';

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * Uploads a picture to the library with XMLHttpRequest, whose upload events report progress (fetch has none):
 * `onProgress` gets 0..1 as the bytes go out. Resolves to the library's new picture.
 */
export async function uploadPicture(file: File, onProgress: (fraction: number) => void): Promise<Image> {
  const token = await accessTokenForCall();
  const title = file.name.replace(/\.[^.]+$/, '').slice(0, 200) || 'Picture';
  const body = new FormData();
  body.append('file', file);
  return new Promise<Image>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_PREFIX}${adminPaths.images}?${new URLSearchParams({ title }).toString()}`);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let answer: { message?: string } & Partial<Image> = {};
      try {
        answer = JSON.parse(xhr.responseText) as typeof answer;
      } catch {
        // not JSON: the status says enough
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(answer as Image);
      } else reject(new UploadError(answer.message ?? `Request failed with status code ${xhr.status}`, xhr.status));
    };
    xhr.onerror = () => reject(new UploadError('Network Error', 0));
    xhr.send(body);
  });
}
