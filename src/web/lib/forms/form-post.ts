import { isFormPostError } from '../../../shared/api/handoff-paths.js';
import type { MessageKey } from '../../../shared/i18n/index.js';

/**
 * The message for `?error=` of a page whose form was posted without script (the server sent the visitor back
 * with it); undefined for anything else, so a crafted link cannot put its own text on the page.
 */
export function formPostErrorKey(value: string | null | undefined): MessageKey | undefined {
  return isFormPostError(value) ? (`formPost.${value}` as const) : undefined;
}
