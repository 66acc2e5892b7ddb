import type { DemoTerm, DemoTopic } from './types.js';

export const CATEGORIES: DemoTerm[] = [
  {
    name: 'Software Craft',
    slug: 'software-craft',
    description: 'Writing code that the next person (often you) can read, change and trust: naming, structure, refactoring.',
    translations: { 'zh-CN': { name: '软件手艺', description: '写出下一个人（常常就是你自己）能读懂、能修改、能信任的代码：命名、结构与重构。' } },
  },
  {
    name: 'Testing',
    slug: 'testing',
    description: 'Tests that earn their keep: what to test, how to keep a suite fast, and how to make failures tell a story.',
    translations: { 'zh-CN': { name: '测试', description: '值得维护的测试：该测什么，怎样让测试套件保持快速，怎样让失败讲清楚发生了什么。' } },
  },
  {
    name: 'Web & Data',
    slug: 'web-data',
    description: 'Building for the web and the databases behind it: HTML that works, APIs that last, SQL that scales.',
    translations: { 'zh-CN': { name: 'Web 与数据', description: '为 Web 构建应用，以及它背后的数据库：能用的 HTML、经得起时间的 API、扛得住增长的 SQL。' } },
  },
  {
    name: 'Learning',
    slug: 'learning',
    description: 'How people actually get better at programming: practice, recall, feedback and study habits.',
    translations: { 'zh-CN': { name: '学习', description: '人们究竟怎样把编程学好：练习、回忆、反馈和学习习惯。' } },
  },
  {
    name: 'Reading',
    slug: 'reading',
    description: 'Choosing, reading and keeping what you read, from technical books to papers and source code.',
    translations: { 'zh-CN': { name: '阅读', description: '挑选、阅读并留住读过的东西，从技术书籍到论文和源代码。' } },
  },
  {
    name: 'Tools & Workflow',
    slug: 'tools',
    description: 'The terminal, the editor, version control and the everyday routines of a calm team.',
    translations: { 'zh-CN': { name: '工具与工作流', description: '终端、编辑器、版本控制，以及一个从容的团队每天的工作习惯。' } },
  },
];

export const TAGS: DemoTerm[] = [
  { name: 'typescript', slug: 'typescript', description: 'Types as a design tool, not only a safety net.', translations: { 'zh-CN': { name: 'TypeScript', description: '把类型当作设计工具，而不只是安全网。' } } },
  { name: 'testing', slug: 'testing', description: 'Unit, integration and end-to-end tests.', translations: { 'zh-CN': { name: '测试', description: '单元测试、集成测试和端到端测试。' } } },
  { name: 'refactoring', slug: 'refactoring', description: 'Changing structure without changing behaviour.', translations: { 'zh-CN': { name: '重构', description: '改变结构，而不改变行为。' } } },
  { name: 'sql', slug: 'sql', description: 'Queries, indexes and query plans.', translations: { 'zh-CN': { name: 'SQL', description: '查询、索引和查询计划。' } } },
  { name: 'databases', slug: 'databases', description: 'Schemas, migrations and the engines that run them.', translations: { 'zh-CN': { name: '数据库', description: '表结构、迁移，以及运行它们的数据库引擎。' } } },
  { name: 'performance', slug: 'performance', description: 'Making things fast enough, and knowing when they are.', translations: { 'zh-CN': { name: '性能', description: '让程序足够快，并且知道什么时候已经够快。' } } },
  { name: 'accessibility', slug: 'accessibility', description: 'Building for everyone who uses the web.', translations: { 'zh-CN': { name: '无障碍', description: '为每一个使用 Web 的人而构建。' } } },
  { name: 'html-css', slug: 'html-css', description: 'The platform underneath every framework.', translations: { 'zh-CN': { name: 'HTML 与 CSS', description: '每个框架之下的平台本身。' } } },
  { name: 'git', slug: 'git', description: 'Version control habits for individuals and teams.', translations: { 'zh-CN': { name: 'Git', description: '个人和团队的版本控制习惯。' } } },
  { name: 'code-review', slug: 'code-review', description: 'Reviewing and being reviewed.', translations: { 'zh-CN': { name: '代码评审', description: '审查代码，也被别人审查。' } } },
  { name: 'collaboration', slug: 'collaboration', description: 'Working well with other people.', translations: { 'zh-CN': { name: '团队协作', description: '和别人好好合作。' } } },
  { name: 'note-taking', slug: 'note-taking', description: 'Keeping what you learn where you can find it.', translations: { 'zh-CN': { name: '记笔记', description: '把学到的东西放在找得到的地方。' } } },
  { name: 'book-notes', slug: 'book-notes', description: 'Notes on books we read.', translations: { 'zh-CN': { name: '读书笔记', description: '我们读过的书的笔记。' } } },
  { name: 'study-habits', slug: 'study-habits', description: 'Routines that make learning stick.', translations: { 'zh-CN': { name: '学习习惯', description: '让学习留得住的日常习惯。' } } },
  { name: 'beginners', slug: 'beginners', description: 'Good starting points if you are new to the subject.', translations: { 'zh-CN': { name: '入门', description: '如果你刚接触这个主题，可以从这里开始。' } } },
];

export const TOPICS: DemoTopic[] = [
  {
    name: 'The Tested Codebase',
    slug: 'tested-codebase',
    description:
      'A series on tests that earn their keep: what to test, how to name it, and how to keep a suite fast and honest as the code grows.',
    translations: { 'zh-CN': { name: '有测试护航的代码库', description: '关于值得维护的测试的系列：测什么、怎样命名，以及代码增长时怎样让测试套件保持快速和诚实。' } },
    cover: '/media/demo/topic-tested-codebase.webp',
  },
  {
    name: 'Reading Deliberately',
    slug: 'reading-deliberately',
    description:
      'How to choose, read and keep what you read: reading logs, note systems and the three-pass method, from editors who read for a living.',
    translations: { 'zh-CN': { name: '有意识地阅读', description: '怎样挑选、阅读并留住读过的东西：阅读日志、笔记系统和三遍阅读法，来自以读书为业的编辑。' } },
    cover: '/media/demo/topic-reading-deliberately.webp',
  },
  {
    name: 'Small Web Apps, Shipped',
    slug: 'small-web-apps',
    description:
      'Building modest web applications that load fast, work on ordinary phones and survive their first year in production.',
    translations: { 'zh-CN': { name: '小型 Web 应用实战', description: '构建朴素的 Web 应用：加载快、在普通手机上好用，并且能平稳度过上线后的第一年。' } },
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
