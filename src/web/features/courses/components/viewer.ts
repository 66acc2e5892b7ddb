import { useSession } from '../../../lib/session/session-context.js';

/**
 * Who is reading: the user id, or 0 for a guest (and on the server, and during hydration, where the page is
 * rendered as a guest sees it). `ready` turns true once the stored session has been read.
 */
export function useViewer(): { viewer: number; ready: boolean } {
  const { auth, ready } = useSession();
  return { viewer: ready && auth?.isLogin ? auth.userid : 0, ready };
}
