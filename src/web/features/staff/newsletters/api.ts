import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { API_PREFIX } from '../../../../shared/api/prefix.js';
import { newslettersPaths } from '../../../../shared/api/newsletters-paths.js';
import type { AddRecipientBody, Campaign, CampaignCreate, GenRecipientListBody, Recipient, RecipientList, Template, TemplateWrite } from '../../../../shared/api/newsletters.js';
import { useHttp } from '../../../app/context.js';
import { accessTokenForCall } from '../../../lib/session/session-context.js';
import type { HttpClient } from '../../../lib/http.js';

// Staff answers are private: personal queries are never persisted and go at logout.
const PERSONAL = { personal: true } as const;
export const newsKeys = {
  all: ['staff', 'newsletters'] as const,
  lists: ['staff', 'newsletters', 'lists'] as const,
  templates: ['staff', 'newsletters', 'templates'] as const,
  campaigns: ['staff', 'newsletters', 'campaigns'] as const,
};

export const listsQuery = (http: HttpClient) => queryOptions({ queryKey: newsKeys.lists, queryFn: () => http.get<RecipientList[]>(newslettersPaths.recipientLists), meta: PERSONAL });
export const templatesQuery = (http: HttpClient) => queryOptions({ queryKey: newsKeys.templates, queryFn: () => http.get<Template[]>(newslettersPaths.getEmailTemplates), meta: PERSONAL });
/** Polled while a campaign is sending, so its progress bar moves. */
export const campaignsQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: newsKeys.campaigns,
    queryFn: () => http.get<Campaign[]>(newslettersPaths.campaigns),
    meta: PERSONAL,
    refetchInterval: (query) => (query.state.data?.some((c) => c.status === 'sending') ? 2000 : false),
  });

/** Each write answers what it made; the lists, templates and campaigns it touches are then asked for again. */
export function useNewsWrites() {
  const http = useHttp();
  const queryClient = useQueryClient();
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: newsKeys.all }), [queryClient]);
  const after = useCallback(
    <T,>(call: Promise<T>) =>
      call.then(async (answer) => {
        await refresh();
        return answer;
      }),
    [refresh],
  );
  return {
    generate: (body: GenRecipientListBody) => after(http.post<RecipientList>(newslettersPaths.genRecipientList, body)),
    upload: (name: string, csv: string) => after(http.post<RecipientList>(newslettersPaths.uploadRecipientList, { name, csv })),
    addRecipient: (body: AddRecipientBody) => after(http.post<Recipient>(newslettersPaths.addRecipientDetail, body)),
    createTemplate: (body: TemplateWrite) => after(http.post<Template>(newslettersPaths.templates, body)),
    createCampaign: (body: CampaignCreate) => after(http.post<Campaign>(newslettersPaths.campaigns, body)),
    sendCampaign: (id: number) => after(http.post<Campaign>(newslettersPaths.campaignSend.replace(':id', String(id)))),
  };
}

/** The list's CSV as a file download (the call needs the staff token, so it is fetched, not linked). */
export async function downloadListCsv(list: { id: number; name: string }): Promise<void> {
  const token = await accessTokenForCall();
  const response = await fetch(`${API_PREFIX}${newslettersPaths.downloadRecipientsList}?list_id=${list.id}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`Request failed with status code ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${list.name.replace(/[^\p{L}\p{N}._-]+/gu, '-') || 'list'}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
