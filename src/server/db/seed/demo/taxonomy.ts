import type { DemoTerm, DemoTopic } from './types.js';

export const CATEGORIES: DemoTerm[] = [
  {
    name: 'Software Craft',
    slug: 'software-craft',
    description: 'Writing code that the next person (often you) can read, change and trust: naming, structure, refactoring.',
  },
  {
    name: 'Testing',
    slug: 'testing',
    description: 'Tests that earn their keep: what to test, how to keep a suite fast, and how to make failures tell a story.',
  },
  {
    name: 'Web & Data',
    slug: 'web-data',
    description: 'Building for the web and the databases behind it: HTML that works, APIs that last, SQL that scales.',
  },
  {
    name: 'Learning',
    slug: 'learning',
    description: 'How people actually get better at programming: practice, recall, feedback and study habits.',
  },
  {
    name: 'Reading',
    slug: 'reading',
    description: 'Choosing, reading and keeping what you read, from technical books to papers and source code.',
  },
  {
    name: 'Tools & Workflow',
    slug: 'tools',
    description: 'The terminal, the editor, version control and the everyday routines of a calm team.',
  },
];

export const TAGS: DemoTerm[] = [
  { name: 'typescript', slug: 'typescript', description: 'Types as a design tool, not only a safety net.' },
  { name: 'testing', slug: 'testing', description: 'Unit, integration and end-to-end tests.' },
  { name: 'refactoring', slug: 'refactoring', description: 'Changing structure without changing behaviour.' },
  { name: 'sql', slug: 'sql', description: 'Queries, indexes and query plans.' },
  { name: 'databases', slug: 'databases', description: 'Schemas, migrations and the engines that run them.' },
  { name: 'performance', slug: 'performance', description: 'Making things fast enough, and knowing when they are.' },
  { name: 'accessibility', slug: 'accessibility', description: 'Building for everyone who uses the web.' },
  { name: 'html-css', slug: 'html-css', description: 'The platform underneath every framework.' },
  { name: 'git', slug: 'git', description: 'Version control habits for individuals and teams.' },
  { name: 'code-review', slug: 'code-review', description: 'Reviewing and being reviewed.' },
  { name: 'collaboration', slug: 'collaboration', description: 'Working well with other people.' },
  { name: 'note-taking', slug: 'note-taking', description: 'Keeping what you learn where you can find it.' },
  { name: 'book-notes', slug: 'book-notes', description: 'Notes on books we read.' },
  { name: 'study-habits', slug: 'study-habits', description: 'Routines that make learning stick.' },
  { name: 'beginners', slug: 'beginners', description: 'Good starting points if you are new to the subject.' },
];

export const TOPICS: DemoTopic[] = [
  {
    name: 'The Tested Codebase',
    slug: 'tested-codebase',
    description:
      'A series on tests that earn their keep: what to test, how to name it, and how to keep a suite fast and honest as the code grows.',
    cover: '/media/demo/topic-tested-codebase.webp',
  },
  {
    name: 'Reading Deliberately',
    slug: 'reading-deliberately',
    description:
      'How to choose, read and keep what you read: reading logs, note systems and the three-pass method, from editors who read for a living.',
    cover: '/media/demo/topic-reading-deliberately.webp',
  },
  {
    name: 'Small Web Apps, Shipped',
    slug: 'small-web-apps',
    description:
      'Building modest web applications that load fast, work on ordinary phones and survive their first year in production.',
    cover: '/media/demo/topic-small-web-apps.webp',
  },
];

/** Which tags and topic fit each category, so generated articles are labelled sensibly. */
export const CATEGORY_AFFINITY: Record<string, { tags: string[]; topic: string | null; covers: string[] }> = {
  'software-craft': { tags: ['refactoring', 'typescript', 'code-review', 'beginners'], topic: null, covers: ['craft-1', 'craft-2'] },
  testing: { tags: ['testing', 'typescript', 'refactoring', 'performance'], topic: 'tested-codebase', covers: ['testing-1', 'testing-2'] },
  'web-data': { tags: ['sql', 'databases', 'performance', 'accessibility', 'html-css'], topic: 'small-web-apps', covers: ['web-1', 'web-2'] },
  learning: { tags: ['study-habits', 'beginners', 'note-taking'], topic: null, covers: ['learning-1', 'learning-2'] },
  reading: { tags: ['book-notes', 'note-taking', 'study-habits'], topic: 'reading-deliberately', covers: ['reading-1', 'reading-2'] },
  tools: { tags: ['git', 'collaboration', 'code-review', 'performance'], topic: null, covers: ['tools-1', 'tools-2'] },
};
