import type { DemoAnnouncement, DemoBanner, DemoShortcutType, DemoSlotText } from './types.js';

const cover = (name: string) => `/media/demo/${name}.webp`;
const search = (q: string) => `/search?q=${encodeURIComponent(q)}`;

export const BANNERS: DemoBanner[] = [
  {
    kind: 'main',
    title: 'Small Functions, Honest Names',
    subtitle: 'Why a function’s name is a promise, and how to keep it.',
    image: cover('cover-small-functions'),
    link: { article: 'small-functions-honest-names' },
  },
  {
    kind: 'main',
    title: '间隔重复：让学过的编程知识留下来',
    subtitle: '用很少的复习时间，把知识留得更久。',
    image: cover('cover-spaced-repetition'),
    link: { article: 'spaced-repetition-for-programmers' },
  },
  {
    kind: 'main',
    title: 'Writing Tests You Will Still Trust Next Year',
    subtitle: 'Tests that fail for the right reasons, long after their authors have moved on.',
    image: cover('cover-tests-trust'),
    link: { article: 'tests-you-will-still-trust-next-year' },
  },
  {
    kind: 'hot',
    title: 'SQL Indexes, Explained With a Library Card Catalogue',
    subtitle: 'Which queries an index speeds up, which it cannot help, and what it costs.',
    image: cover('cover-sql-indexes'),
    link: { article: 'sql-indexes-card-catalogue' },
  },
  {
    kind: 'hot',
    title: 'The Forty-Minute Study Session',
    subtitle: 'Recall, practice, rest, explain, plan.',
    image: cover('cover-study-session'),
    link: { article: 'the-forty-minute-study-session' },
  },
  {
    kind: 'final',
    title: 'Read everything, support the writers',
    subtitle: 'A membership opens every premium article and series, and keeps Lectern free of advertising.',
    image: cover('topic-small-web-apps'),
    link: '/member/intro',
  },
  {
    kind: 'final',
    title: 'New series: Reading Deliberately',
    subtitle: 'Reading logs, the three-pass method and notes that last.',
    image: cover('topic-reading-deliberately'),
    link: { topic: 'reading-deliberately' },
  },
];

export const ANNOUNCEMENTS: DemoAnnouncement[] = [
  {
    is_modal: false,
    title: 'New series: Reading Deliberately',
    content: 'Three-pass reading, reading logs and note systems, from editors who read for a living.',
    link: { topic: 'reading-deliberately' },
  },
  {
    is_modal: true,
    title: 'Welcome to the Lectern demo',
    content:
      'Everything on this site is sample content. Sign in as reader to see the reader’s side, or as editor to write and publish. Their passwords were made when the site was first started: they are in demo-credentials.txt in the site’s data folder (DATA_DIR, ./data by default).',
    link: '/login',
  },
];

export const SLOT_TEXTS: DemoSlotText[] = [
  {
    key: 'home_intro',
    title: 'Writing about software craft, learning and reading',
    text:
      'Lectern is a small independent publisher. We publish a few careful pieces each week, in English and Simplified Chinese, by people who do the work they write about: programmers, testers, teachers and editors.\n\nMost articles are free to read. Members also get the longer guides and series, and pay for the rest.',
  },
  {
    key: 'membership_pitch',
    title: 'Become a member',
    text:
      'A membership opens every premium article and series, keeps your reading progress in step across devices, and lets you save articles to read offline.\n\nIt also pays our writers and editors. Lectern carries no advertising, so members are how we stay independent. You can cancel at any time from your account page.',
  },
  {
    key: 'commercial_disclosures',
    title: 'How Lectern makes money',
    text: [
      'Lectern is a small independent publisher. This page says plainly where our money comes from, so that you can judge what you read here.',
      'Memberships. Most of our income comes from readers who pay for a membership. Members can read premium articles and series; everything else is free to read, with or without an account.',
      'The shop. We sell our own books, course packs and a few printed items. Prices include tax and are shown before you pay. Return terms are stated on each product page.',
      'Courses. Some courses are sold on their own, separately from a membership.',
      'No paid placement. Nobody pays us to publish, rank or recommend an article, a product or a tool. If that ever changes for a particular piece, it will say “Sponsored” at the top, with the sponsor’s name, before you start reading.',
      'Affiliate links are labelled. Where a link earns us a commission, it says so next to the link.',
      'No advertising trackers. We do not run third-party advertising, and we do not sell or share readers’ data with advertisers.',
      'Questions about any of this go to the editors, and we answer them.',
    ].join('\n\n'),
  },
  {
    key: 'footer_note',
    title: 'About this site',
    text: 'Lectern is an independent publisher of writing about software craft, learning and reading. Written and edited by people, paid for by readers.',
  },
  {
    key: 'about_intro',
    title: 'About Lectern',
    text:
      'Lectern began as a shared reading list between four colleagues and grew into a small publication. We write about the parts of software work that do not fit in a release note: how code stays readable, how tests stay trustworthy, how people keep learning, and how to read well.\n\nWe publish in English and Simplified Chinese. Every piece is edited before it goes out, and corrections are noted at the end of the article.',
  },
];

export const SHORTCUT_TYPES: DemoShortcutType[] = [
  {
    name: 'Start here',
    slug: 'start-here',
    description: 'Good first pages for new readers.',
    shortcuts: [
      { title: 'The Tested Codebase', description: 'Our series on tests that earn their keep.', url: { topic: 'tested-codebase' } },
      { title: 'Reading Deliberately', description: 'Reading logs, note systems and the three-pass method.', url: { topic: 'reading-deliberately' } },
      { title: 'Small Web Apps, Shipped', description: 'Modest web applications that load fast and last.', url: { topic: 'small-web-apps' } },
      { title: 'New to programming?', description: 'Articles tagged for beginners.', url: { tag: 'beginners' } },
      { title: 'How we make money', description: 'Memberships, the shop, and what we never do.', url: '/commercial_disclosures' },
    ],
  },
  {
    name: 'Popular searches',
    slug: 'popular-searches',
    description: 'What other readers look for most.',
    shortcuts: [
      { title: 'Testing', description: 'Unit, integration and end-to-end tests.', url: search('testing') },
      { title: 'SQL indexes', description: 'How indexes work and when they help.', url: search('index') },
      { title: '重构', description: '关于重构的文章。', url: search('重构') },
      { title: 'Reading log', description: 'Keeping notes on what you read.', url: search('reading log') },
      { title: 'TypeScript', description: 'Types as a design tool.', url: search('TypeScript') },
    ],
  },
  {
    name: 'Documentation',
    slug: 'documentation',
    description: 'The references our writers keep open.',
    shortcuts: [
      { title: 'MDN Web Docs', description: 'HTML, CSS and web APIs.', url: 'https://developer.mozilla.org/' },
      { title: 'TypeScript Handbook', description: 'The official guide to the language.', url: 'https://www.typescriptlang.org/docs/handbook/intro.html' },
      { title: 'Node.js API', description: 'Reference for every built-in module.', url: 'https://nodejs.org/docs/latest/api/' },
      { title: 'SQLite documentation', description: 'Including the query planner overview.', url: 'https://www.sqlite.org/docs.html' },
      { title: 'PostgreSQL documentation', description: 'The manual for the current release.', url: 'https://www.postgresql.org/docs/current/' },
      { title: 'Pro Git', description: 'The Git book, free to read online.', url: 'https://git-scm.com/book/en/v2' },
    ],
  },
  {
    // MEMBER_SHORTCUT_TYPE: listed on /member/shortcuts.
    name: 'For members',
    slug: 'members',
    description: 'Where members find what their membership opens.',
    shortcuts: [
      { title: 'Members’ articles and courses', description: 'Every premium article and course in one list.', url: '/member/content' },
      { title: 'The Tested Codebase', description: 'The series, with its premium parts.', url: { topic: 'tested-codebase' } },
      { title: 'Your membership', description: 'Your plan, its end date, and gift codes.', url: '/my-membership' },
      { title: 'How membership works', description: 'What each plan gives and how free reads work.', url: '/member/intro' },
      { title: 'Ask us about membership', description: 'Questions about plans, gifts or invoices.', url: '/member/enquiry' },
    ],
  },
];
