import type { SaveContext } from './save-offline-machine.js';

type StatusKey = 'library.checking' | 'library.cancelled' | 'library.failed' | 'library.failedOffline' | 'library.storageShort' | 'library.saved';

export interface SaveStatusInput {
  state: string;
  context: Pick<SaveContext, 'reason' | 'neededBytes' | 'availableBytes'>;
  /** The saved copy's size, when there is one. */
  savedSize: number | undefined;
  busy: boolean;
}

/** The line a save control shows under its buttons (a course's or an article's), and whether it is an error. */
export function saveStatus(
  { state, context, savedSize, busy }: SaveStatusInput,
  t: (key: StatusKey, vars?: Record<string, string | number>) => string,
  size: (bytes: number) => string,
): { status: string; error: boolean } {
  if (state === 'checking') return { status: t('library.checking'), error: false };
  if (state === 'cancelled') return { status: t('library.cancelled'), error: false };
  if (state === 'failed') return { status: context.reason === 'offline' ? t('library.failedOffline') : t('library.failed'), error: true };
  if (state === 'storage_short') {
    return { status: t('library.storageShort', { needed: size(context.neededBytes), available: size(context.availableBytes ?? 0) }), error: true };
  }
  if (savedSize !== undefined && !busy) return { status: t('library.saved', { size: size(savedSize) }), error: false };
  return { status: '', error: false };
}
