import type { Language } from '../../../../shared/i18n/index.js';
import { localiseServerText } from '../../../ui/forms/server-messages.js';
import type { CheckoutProblem } from '../machines/checkout-machine.js';

/** Refused because the basket or its total changed since the review was shown: sending the same order again cannot help. */
export const basketChanged = (problem: CheckoutProblem | null) => problem?.status === 409 && ('basket' in problem.fields || 'total' in problem.fields);

/**
 * One correction in the reader's language. Some are built of known pieces: a first clause ("Only 2 of "…" in stock;
 * the quantity is now 2."), or a reason and what followed ("The voucher … has expired. It was taken off the basket.").
 */
function localiseSentence(sentence: string, lang: Language): string {
  const whole = localiseServerText(sentence, lang);
  if (whole !== sentence) {
    const clause = sentence.split('; ')[0]!;
    return clause === sentence || !whole.includes(clause) ? whole : whole.replace(clause, localiseServerText(clause, lang));
  }
  const stop = sentence.indexOf('. ');
  if (stop === -1) return whole;
  return `${localiseSentence(sentence.slice(0, stop + 1), lang)}${lang === 'zh-CN' ? '' : ' '}${localiseSentence(sentence.slice(stop + 2), lang)}`;
}

/**
 * What changed in the basket, as the server's 409 to a checkout says it (`changes`: each correction it has just
 * made; `fields.total`: the new total), one item a change, in the reader's language where the catalogue knows it.
 * The basket read afterwards no longer lists them: the server kept its corrections while answering the checkout.
 */
export function basketChangesOf(problem: CheckoutProblem | null, lang: Language): string[] {
  if (!problem || !basketChanged(problem)) return [];
  const out = (problem.changes ?? []).map((change) => localiseSentence(change, lang));
  if (out.length === 0 && problem.fields.basket) out.push(localiseServerText(problem.fields.basket, lang));
  if (problem.fields.total) out.push(localiseServerText(problem.fields.total, lang));
  return out;
}
