import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.js';

const base = () => ({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'lectern-community-')), NODE_ENV: 'test' });

describe('community settings', () => {
  it('are off unless set: no forum, no single sign-on, no Slack (blank counts as unset)', () => {
    const config = loadConfig(base());
    expect([config.discourseUrl, config.discourseConnectSecret, config.communitySlackUrl]).toEqual([null, null, null]);
    const blank = loadConfig({ ...base(), DISCOURSE_URL: '  ', DISCOURSE_CONNECT_SECRET: '', COMMUNITY_SLACK_URL: '' });
    expect([blank.discourseUrl, blank.discourseConnectSecret, blank.communitySlackUrl]).toEqual([null, null, null]);
  });

  it('take the forum address without its trailing slash, the secret as given and the Slack invite', () => {
    const config = loadConfig({
      ...base(),
      DISCOURSE_URL: ' https://forum.example.com/ ',
      DISCOURSE_CONNECT_SECRET: ' sixteen chars ok ',
      COMMUNITY_SLACK_URL: 'https://join.slack.com/t/example/shared_invite/zt-1',
    });
    expect(config.discourseUrl).toBe('https://forum.example.com');
    expect(config.discourseConnectSecret).toBe(' sixteen chars ok ');
    expect(config.communitySlackUrl).toBe('https://join.slack.com/t/example/shared_invite/zt-1');
    expect(loadConfig({ ...base(), DISCOURSE_URL: 'https://example.com/forum/' }).discourseUrl).toBe('https://example.com/forum');
  });

  it('refuse to start with a short DiscourseConnect secret, naming it', () => {
    expect(() => loadConfig({ ...base(), DISCOURSE_CONNECT_SECRET: 'fifteen-chars!!' })).toThrow(/DISCOURSE_CONNECT_SECRET.*at least 16/);
    expect(() => loadConfig({ ...base(), DISCOURSE_CONNECT_SECRET: 'sixteen-chars!!!' })).not.toThrow();
  });

  it('refuse a forum address that is not an http(s) URL and a Slack link that is not https', () => {
    expect(() => loadConfig({ ...base(), DISCOURSE_URL: 'forum.example.com' })).toThrow(/DISCOURSE_URL/);
    expect(() => loadConfig({ ...base(), DISCOURSE_URL: 'ftp://forum.example.com' })).toThrow(/DISCOURSE_URL/);
    expect(() => loadConfig({ ...base(), COMMUNITY_SLACK_URL: 'http://join.slack.com/t/example' })).toThrow(/COMMUNITY_SLACK_URL.*https/);
    expect(() => loadConfig({ ...base(), COMMUNITY_SLACK_URL: 'not a link' })).toThrow(/COMMUNITY_SLACK_URL/);
  });
});
