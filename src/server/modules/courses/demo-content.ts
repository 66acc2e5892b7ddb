import type { CourseAccess, CourseLevel } from '../../db/course-types.js';

/** The demo courses: one free (English), one for members (Chinese), one sold on its own (English). */

export interface DemoLesson {
  title: string;
  slug: string;
  chapter: string;
  /** Seconds. */
  duration: number;
  free_preview?: boolean;
  body: string;
}

export interface DemoCourse {
  title: string;
  slug: string;
  summary: string;
  cover: string;
  body: string;
  level: CourseLevel;
  access: CourseAccess;
  language: 'en' | 'zh-CN';
  author: string;
  category: string;
  tags: string[];
  /** Products of a purchase course: name and price in the minor unit. */
  products?: { name: string; price: number }[];
  lessons: DemoLesson[];
}

const fence = '```';

const TESTING: DemoCourse = {
  title: 'Tests You Can Trust',
  slug: 'tests-you-can-trust',
  summary: 'A short, free course on writing tests that fail for the right reasons and stay fast as the code grows.',
  cover: '/media/demo/cover-tests-trust.webp',
  body: 'Five lessons, about forty minutes in all. You will write a first honest test, name tests so that a failure explains itself, choose the layer a test belongs to, and keep the suite quick.\n\nNo set-up beyond Node and a test runner you already use.',
  level: 'beginner',
  access: 'free',
  language: 'en',
  author: 'maren',
  category: 'testing',
  tags: ['testing', 'beginners'],
  lessons: [
    {
      title: 'Why a test must be able to fail',
      slug: 'a-test-must-be-able-to-fail',
      chapter: 'Getting started',
      duration: 420,
      body: `A test that cannot fail tells you nothing. Before trusting a new test, break the code it covers on purpose and watch it go red.\n\n${fence}ts\nimport { expect, it } from 'vitest';\nimport { total } from './basket.js';\n\nit('adds the line prices', () => {\n  expect(total([{ price: 250, quantity: 2 }])).toBe(500);\n});\n${fence}\n\nChange \`total\` to return 0 and run the suite: if this test still passes, it was never checking anything.`,
    },
    {
      title: 'Names that explain a failure',
      slug: 'names-that-explain-a-failure',
      chapter: 'Getting started',
      duration: 480,
      body: `When a test fails at two in the morning, its name is the first thing anyone reads. Say what the code does, not what the test calls.\n\n${fence}ts\n// Tells you nothing when it fails:\nit('works', () => {});\n// Tells you what broke:\nit('refuses a voucher after its end date', () => {});\n${fence}\n\nA good name reads like a sentence in the product's own language.`,
    },
    {
      title: 'Which layer a test belongs to',
      slug: 'which-layer',
      chapter: 'Shaping the suite',
      duration: 600,
      body: `Unit tests are quick and precise; tests through the HTTP API catch what the units miss; a few browser tests prove the whole path works.\n\n![The layers of a test suite](/media/demo/figure-test-layers.webp)\n\n${fence}ts\nconst res = await app.inject({ method: 'GET', url: '/api/v2/course/1' });\nexpect(res.statusCode).toBe(200);\n${fence}\n\nPut each check in the cheapest layer that can see the fault.`,
    },
    {
      title: 'Real databases, fresh per file',
      slug: 'real-databases',
      chapter: 'Shaping the suite',
      duration: 540,
      body: `Mocked databases agree with whatever you tell them. Migrate a template once and copy it for every test file: a file copy on SQLite, a template database on PostgreSQL.\n\n${fence}sql\nCREATE DATABASE test_42 TEMPLATE app_template;\n${fence}\n\nEach file then starts from the same known state, and files can run side by side.`,
    },
    {
      title: 'Keeping the suite fast',
      slug: 'keeping-it-fast',
      chapter: 'Shaping the suite',
      duration: 450,
      body: `A slow suite is a suite nobody runs. Measure before you optimise: most time usually goes to a handful of tests.\n\n${fence}sh\nnpx vitest run --reporter=verbose | sort -k2 -n | tail\n${fence}\n\nThen make the slow ones cheaper, or move them to the layer where they belong.`,
    },
  ],
};

const SQL: DemoCourse = {
  title: 'SQL 索引实战',
  slug: 'sql-indexes-in-practice',
  summary: '会员课程：从 B 树到执行计划，学会为真实查询设计索引。',
  cover: '/media/demo/cover-sql-indexes.webp',
  body: '本课程共五课，面向已经会写基本查询的开发者。我们从 B 树的结构讲起，读懂执行计划，再为列表页、搜索和统计设计合适的索引。\n\n第一课可以免费试读。',
  level: 'intermediate',
  access: 'premium',
  language: 'zh-CN',
  author: 'zhiyuan',
  category: 'web-data',
  tags: ['sql', 'databases', 'performance'],
  lessons: [
    {
      title: 'B 树：索引长什么样',
      slug: 'b-tree',
      chapter: '基础',
      duration: 540,
      free_preview: true,
      body: `索引不是魔法，而是一棵按键排序的 B 树。查找一个键只需要走几层节点，而不是扫描整张表。\n\n![B 树索引示意](/media/demo/figure-btree-index.webp)\n\n${fence}sql\nCREATE INDEX lessons_course_position ON lessons (course_id, position);\n${fence}\n\n有了这个索引，按课程取出有序的课时只需一次范围扫描。`,
    },
    {
      title: '读懂执行计划',
      slug: 'query-plans',
      chapter: '基础',
      duration: 600,
      body: `执行计划告诉你数据库打算怎样取数据。先看它是否用上了你期待的索引。\n\n${fence}sql\nEXPLAIN QUERY PLAN\nSELECT id, title FROM lessons WHERE course_id = 3 ORDER BY position;\n${fence}\n\n看到 \`SEARCH lessons USING INDEX\` 就说明走了索引；看到 \`SCAN\` 则要警惕。`,
    },
    {
      title: '复合索引的列顺序',
      slug: 'column-order',
      chapter: '设计索引',
      duration: 660,
      body: `复合索引先按第一列排序，再按第二列排序。等值条件的列放在前面，范围和排序的列放在后面。\n\n${fence}sql\n-- 适合 WHERE user_id = ? ORDER BY updated_at DESC\nCREATE INDEX enrolments_recent ON course_enrolments (user_id, updated_at);\n${fence}\n\n列的顺序放错，索引就只能用上一半。`,
    },
    {
      title: '覆盖索引与回表',
      slug: 'covering-indexes',
      chapter: '设计索引',
      duration: 570,
      body: `如果查询需要的列都在索引里，数据库就不必再回到表中取行，这叫覆盖索引。\n\n${fence}sql\nSELECT course_id, position FROM lessons WHERE course_id = 3;\n${fence}\n\n但索引越宽，写入越慢、占用越多，要按真实的读写比例取舍。`,
    },
    {
      title: '维护计数，而不是每次去数',
      slug: 'maintained-counts',
      chapter: '进阶',
      duration: 630,
      body: `列表页上的“共 N 篇”如果每次都用 COUNT(*) 计算，数据一多就会变慢。可以用触发器在同一事务里维护计数。\n\n${fence}sql\nUPDATE article_counts SET n = n + 1 WHERE kind = 'category' AND ref_id = NEW.category_id;\n${fence}\n\n计数与数据一起提交，任何时刻都准确。`,
    },
  ],
};

const TYPES: DemoCourse = {
  title: 'Type Modelling in TypeScript',
  slug: 'type-modelling-in-typescript',
  summary: 'Make illegal states unrepresentable: model your domain with unions, brands and exhaustive checks.',
  cover: '/media/demo/cover-type-modelling.webp',
  body: 'Four lessons for developers who already write TypeScript every day. Sold on its own: buy it once and keep it, membership or not.\n\nThe first lesson is a free preview.',
  level: 'advanced',
  access: 'purchase',
  language: 'en',
  author: 'tomas',
  category: 'software-craft',
  tags: ['typescript', 'refactoring'],
  products: [{ name: 'Type Modelling in TypeScript: lifetime access', price: 9900 }],
  lessons: [
    {
      title: 'States, not flags',
      slug: 'states-not-flags',
      chapter: 'Modelling',
      duration: 600,
      free_preview: true,
      body: `Two booleans make four states, and usually only three of them make sense. A union names exactly the states that exist.\n\n${fence}ts\ntype Upload =\n  | { state: 'idle' }\n  | { state: 'sending'; progress: number }\n  | { state: 'failed'; error: string };\n${fence}\n\nThe impossible fourth state can no longer be written down.`,
    },
    {
      title: 'Exhaustive switches',
      slug: 'exhaustive-switches',
      chapter: 'Modelling',
      duration: 540,
      body: `When a new state is added, the compiler should point at every place that must handle it.\n\n${fence}ts\nfunction label(u: Upload): string {\n  switch (u.state) {\n    case 'idle': return 'Ready';\n    case 'sending': return \`\${Math.round(u.progress * 100)} %\`;\n    case 'failed': return u.error;\n    default: return u satisfies never;\n  }\n}\n${fence}`,
    },
    {
      title: 'Branded ids',
      slug: 'branded-ids',
      chapter: 'Boundaries',
      duration: 480,
      body: `A course id and a lesson id are both numbers, and swapping them compiles. A brand makes them different types at no run-time cost.\n\n${fence}ts\ntype CourseId = number & { readonly brand: 'CourseId' };\ntype LessonId = number & { readonly brand: 'LessonId' };\n${fence}\n\n![Modelling a domain](/media/demo/cover-type-modelling.webp)`,
    },
    {
      title: 'Parse at the edge',
      slug: 'parse-at-the-edge',
      chapter: 'Boundaries',
      duration: 660,
      body: `Data from outside is \`unknown\` until a schema says otherwise. Parse once at the boundary, then trust the types inside.\n\n${fence}ts\nconst progress = z.object({ done: z.boolean(), position: z.number().min(0) });\nconst input = progress.parse(await request.json());\n${fence}\n\nInvalid input becomes a clear 400 naming the field, never a crash three calls later.`,
    },
  ],
};

export const DEMO_COURSES: DemoCourse[] = [TESTING, SQL, TYPES];
