import { useCallback, useState } from 'react';
import { ApiError } from '../../../../lib/http.js';
import { describeServerError, localiseServerText } from '../../../../ui/forms/server-messages.js';
import { useOpsI18n } from '../ops-i18n.js';

/**
 * Runs one back-office write at a time: while it runs `pending`; when it fails, the server's message (`error`)
 * and its field messages (`fields`, shown beside their fields); when it succeeds, `done` for the live region.
 */
export function useAction() {
  const { t, lang } = useOpsI18n();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [done, setDone] = useState('');
  const run = useCallback(
    async (work: () => Promise<string | void>): Promise<boolean> => {
      setPending(true);
      setError('');
      setFields({});
      setDone('');
      try {
        const message = await work();
        setDone(message ?? '');
        return true;
      } catch (err) {
        setError(describeServerError(err, t, lang));
        if (err instanceof ApiError && err.fields) setFields(Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k, localiseServerText(v, lang)])));
        return false;
      } finally {
        setPending(false);
      }
    },
    [t, lang],
  );
  return { pending, error, fields, done, run };
}
