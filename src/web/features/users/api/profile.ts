import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { authPaths } from '../../../../shared/api/auth-paths.js';
import type { LoginResponse } from '../../../../shared/api/auth.js';
import { usersPaths } from '../../../../shared/api/users-paths.js';
import type { Profile, ProfileChanges } from '../../../../shared/api/users.js';
import { pathOf, type HttpClient } from '../../../lib/http.js';

/** Personal: never persisted, dropped at logout (see the session provider). */
const PERSONAL = { personal: true } as const;

const at = (template: string, id: number) => pathOf(template, { id });

export const profileKey = (userId: number) => ['profile', userId] as const;

export const profileQuery = (http: HttpClient, userId: number) =>
  queryOptions({
    queryKey: profileKey(userId),
    queryFn: () => http.get<Profile>(at(usersPaths.profile, userId)),
    meta: PERSONAL,
    staleTime: 0,
  });

export const rssTokenQuery = (http: HttpClient, userId: number) =>
  queryOptions({
    queryKey: ['rss-token', userId] as const,
    queryFn: () => http.get<{ user_id: number; rss_token: string }>(at(usersPaths.rssToken, userId)),
    meta: PERSONAL,
    enabled: false,
  });

/** Puts a profile the server answered into the cache, so every section shows it at once. */
export function storeProfile(queryClient: QueryClient, profile: Profile): void {
  queryClient.setQueryData(profileKey(profile.id), profile);
}

export const updateProfile = (http: HttpClient, id: number, changes: ProfileChanges) => http.patch<Profile>(at(usersPaths.profile, id), changes);

/** The avatar as multipart field `avatar` (same token, timeout and errors as every call). */
export function uploadAvatar(http: HttpClient, id: number, file: File): Promise<Profile> {
  const body = new FormData();
  body.append('avatar', file);
  return http.postForm<Profile>(at(usersPaths.avatar, id), body);
}

/** A new password ends every other session; the answer is this device's fresh one. */
export const changePassword = (http: HttpClient, body: { old_password: string; new_password1: string; new_password2: string }) =>
  http.post<LoginResponse & { detail: string }>(authPaths.passwordChange, body);

export const setFirstPassword = (http: HttpClient, id: number, password: string) =>
  http.post<{ detail: string }>(at(usersPaths.setFirstPassword, id), { new_password: password });

export const bindEmail = (http: HttpClient, id: number, email: string, code: string) =>
  http.post<Profile>(at(usersPaths.bindEmail, id), { email, code });

export const bindPhone = (http: HttpClient, id: number, mobile: string, code: string) =>
  http.post<Profile>(at(usersPaths.bindPhone, id), { mobile, code });

export const cancelEmail = (http: HttpClient, id: number, code: string) => http.post<Profile>(at(usersPaths.cancelEmail, id), { code });

export const cancelPhone = (http: HttpClient, id: number, code: string) => http.post<Profile>(at(usersPaths.cancelPhone, id), { code });

export const rotateRssToken = (http: HttpClient, id: number) =>
  http.put<{ user_id: number; rss_token: string }>(at(usersPaths.rssToken, id));

export const resendConfirmation = (http: HttpClient, email: string) => http.post<{ detail: string }>(authPaths.registrationResendEmail, { email });

export const deleteAccount = (http: HttpClient, id: number) => http.delete(at(usersPaths.profile, id));
