import type { CourseAccess, CourseLevel } from '../../db/course-types.js';

/**
 * The demo courses: one free (English), one for members (Chinese), one sold on its own (English) and one free
 * (Chinese), with 5 or 6 lessons each.
 */

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
  body: 'Five lessons for developers who already write TypeScript every day. Sold on its own: buy it once and keep it, membership or not.\n\nThe first lesson is a free preview.',
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
    {
      title: 'Expected failures are values',
      slug: 'failures-are-values',
      chapter: 'Boundaries',
      duration: 570,
      body: `A voucher past its end date is not an exception: it is one of the answers the code must give. Return it as a value, and the caller's compiler asks them to handle it.\n\n${fence}ts\ntype Redeemed =\n  | { ok: true; discount: number }\n  | { ok: false; reason: 'expired' | 'used' | 'unknown' };\n\nfunction redeem(code: string, today: Date): Redeemed {\n  const voucher = vouchers.get(code);\n  if (!voucher) return { ok: false, reason: 'unknown' };\n  if (voucher.endsAt < today) return { ok: false, reason: 'expired' };\n  return { ok: true, discount: voucher.discount };\n}\n${fence}\n\nKeep exceptions for what no caller can plan for: a lost connection, a full disk.`,
    },
  ],
};

const REVIEW: DemoCourse = {
  title: '间隔重复：自己写一个复习程序',
  slug: 'spaced-repetition-by-hand',
  summary: '免费课程：从遗忘曲线出发，用一百来行 TypeScript 写出自己的间隔重复复习程序，再把它变成每天的习惯。',
  cover: '/media/demo/cover-spaced-repetition.webp',
  body: '本课程共六课，约五十分钟。先弄清遗忘曲线和“越拉越长”的复习间隔，再一步步实现卡片、评分和每日复习队列，最后谈谈怎样坚持下去。\n\n会写一点 JavaScript 或 TypeScript 就够了，全部课时免费。',
  level: 'beginner',
  access: 'free',
  language: 'zh-CN',
  author: 'yutong',
  category: 'learning',
  tags: ['study-habits', 'note-taking', 'typescript', 'beginners'],
  lessons: [
    {
      title: '遗忘曲线：记住的东西怎样消失',
      slug: 'forgetting-curve',
      chapter: '原理',
      duration: 480,
      body: `刚学会的东西，一天后往往只剩一半。艾宾浩斯把这个过程画成了一条曲线：开始掉得很快，之后越来越慢。\n\n![遗忘曲线与每次复习](/media/demo/figure-forgetting-curve.webp)\n\n可以用一个简单的指数模型来估计“还记得的概率”，其中 \`stability\` 是记忆的稳定度（天）：\n\n${fence}ts\nfunction retention(daysSinceReview: number, stability: number): number {\n  return Math.exp(-daysSinceReview / stability);\n}\n\nretention(1, 1.5); // 约 0.51：一天后只剩一半\nretention(1, 10);  // 约 0.90：复习几次之后\n${fence}\n\n每次成功的复习都会让稳定度变大，曲线也就变平。`,
    },
    {
      title: '为什么间隔要越拉越长',
      slug: 'growing-intervals',
      chapter: '原理',
      duration: 420,
      body: `在快要忘记的时候复习，效果最好，也最省时间。每复习成功一次，下一次就可以等得更久。\n\n${fence}ts\n// 从 1 天开始，每次乘以 2.5\nconst intervals = [1];\nwhile (intervals.length < 6) intervals.push(Math.round(intervals.at(-1)! * 2.5));\nconsole.log(intervals); // [1, 3, 8, 20, 50, 125]\n${fence}\n\n六次复习就能覆盖四个多月。相比每天把所有内容过一遍，工作量小得多。`,
    },
    {
      title: '一张卡片需要记住什么',
      slug: 'card-model',
      chapter: '动手实现',
      duration: 540,
      body: `复习程序的核心是卡片。除了正面和背面，它还要记住下次什么时候出现、当前的间隔，以及这张卡片对你来说有多难。\n\n${fence}ts\ninterface Card {\n  id: string;\n  front: string;\n  back: string;\n  /** 当前间隔（天） */\n  interval: number;\n  /** 难度系数，越小越难，最低 1.3 */\n  ease: number;\n  /** 下次复习的日期，YYYY-MM-DD */\n  due: string;\n}\n\nconst newCard = (id: string, front: string, back: string, today: string): Card =>\n  ({ id, front, back, interval: 0, ease: 2.5, due: today });\n${fence}\n\n日期只存到“天”，避免时区把一张卡片提前或推后几个小时。`,
    },
    {
      title: '按回答调整下一次复习',
      slug: 'scheduling',
      chapter: '动手实现',
      duration: 660,
      body: `每次复习后，你给自己打一个分：忘了、吃力、记得。程序据此决定下一次的间隔，这就是 SM-2 算法的简化版。\n\n${fence}ts\ntype Grade = 'again' | 'hard' | 'good';\n\nfunction review(card: Card, grade: Grade, today: Date): Card {\n  if (grade === 'again') return { ...card, interval: 1, ease: Math.max(1.3, card.ease - 0.2), due: addDays(today, 1) };\n  const ease = grade === 'hard' ? Math.max(1.3, card.ease - 0.15) : card.ease;\n  const interval = card.interval === 0 ? 1 : Math.round(card.interval * (grade === 'hard' ? 1.2 : ease));\n  return { ...card, interval, ease, due: addDays(today, interval) };\n}\n\nfunction addDays(day: Date, n: number): string {\n  const next = new Date(day);\n  next.setUTCDate(next.getUTCDate() + n);\n  return next.toISOString().slice(0, 10);\n}\n${fence}\n\n“忘了”不会把卡片删掉，只是让它从头开始，并且稍微降低它的难度系数。`,
    },
    {
      title: '今天该复习哪些卡片',
      slug: 'due-today',
      chapter: '动手实现',
      duration: 480,
      body: `每天打开程序，只需要看到“今天到期”的卡片，最久没复习的排在前面。卡片存在数据库里时，一条带索引的查询就够了。\n\n${fence}sql\nCREATE INDEX cards_due ON cards (due);\n\nSELECT id, front FROM cards\nWHERE due <= date('now')\nORDER BY due, id\nLIMIT 50;\n${fence}\n\n给每天的数量设一个上限：积压的卡片分几天消化，比一次面对三百张更容易坚持。`,
    },
    {
      title: '每天十分钟的复习习惯',
      slug: 'daily-habit',
      chapter: '坚持下去',
      duration: 390,
      body: `程序写好了，真正难的是每天打开它。把复习放在一个固定的时间点，比如早上的第一杯咖啡之后，并记录连续的天数。\n\n${fence}ts\nfunction streak(days: string[], today: string): number {\n  const done = new Set(days);\n  let count = 0;\n  for (let d = new Date(today); done.has(d.toISOString().slice(0, 10)); d.setUTCDate(d.getUTCDate() - 1)) count += 1;\n  return count;\n}\n${fence}\n\n卡片要少而精：一张卡片只问一件事，答不上来的卡片改写得更具体，而不是硬背。`,
    },
  ],
};

export const DEMO_COURSES: DemoCourse[] = [TESTING, SQL, TYPES, REVIEW];

/**
 * The demo member's learning: enrolled in the free English course and the free Chinese one, with some
 * lessons done (by course slug and lesson slug) and a place to resume (`resume`, with its scroll fraction).
 */
/** The demo account that learns (the seed's demo member). */
export const DEMO_LEARNER = 'member';

export interface DemoEnrolment {
  course: string;
  done: string[];
  resume: { lesson: string; position: number };
}

export const DEMO_MEMBER_ENROLMENTS: DemoEnrolment[] = [
  { course: TESTING.slug, done: ['a-test-must-be-able-to-fail', 'names-that-explain-a-failure'], resume: { lesson: 'which-layer', position: 0.4 } },
  { course: REVIEW.slug, done: ['forgetting-curve'], resume: { lesson: 'growing-intervals', position: 0.25 } },
];
