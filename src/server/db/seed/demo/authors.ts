import type { DemoUser } from './types.js';

const avatar = (name: string) => `/media/demo/avatar-${name}.webp`;

/** The four people whose names appear on the demo articles. They have no password: they cannot sign in. */
export const AUTHORS: DemoUser[] = [
  {
    username: 'maren',
    email: 'maren.holt@example.com',
    display_name: 'Maren Holt',
    description:
      'Maren has maintained the same invoicing system for nine years and has opinions about every line of it. She writes about refactoring, naming and the small habits that keep old code pleasant to work in.',
    translations: {
      'zh-CN': { description: 'Maren 维护同一套开票系统已经九年，对其中每一行代码都有自己的看法。她写重构、命名，以及让老代码依然好维护的那些小习惯。' },
    },
    avatar: avatar('maren'),
    role: 'staff',
  },
  {
    username: 'zhiyuan',
    email: 'lin.zhiyuan@example.com',
    display_name: '林知远',
    description:
      'Lin Zhiyuan writes TypeScript by day and studies how people learn by night. He believes most "I can\'t learn this" is really "I practised it wrong", and writes here about type modelling, learning methods and front-end engineering.',
    translations: {
      'zh-CN': { description: '林知远白天写 TypeScript，晚上研究怎样学得更有效。他相信大多数“学不会”其实是“练得不对”，在这里写类型建模、学习方法和前端工程。' },
    },
    avatar: avatar('zhiyuan'),
    role: 'staff',
  },
  {
    username: 'tomas',
    email: 'tomas.ferreira@example.com',
    display_name: 'Tomás Ferreira',
    description:
      'Tomás spent his early career on call for a payments database and now spends it making sure nobody else has to. He writes about tests, SQL and the difference between fast and fast enough.',
    translations: {
      'zh-CN': { description: 'Tomás 职业生涯的前几年都在为一个支付数据库值班，现在他努力让别人不必再这样值班。他写测试、SQL，以及“快”和“够快”之间的区别。' },
    },
    avatar: avatar('tomas'),
    role: 'staff',
  },
  {
    username: 'yutong',
    email: 'zhou.yutong@example.com',
    display_name: '周雨桐',
    description:
      'Zhou Yutong is an editor at Lectern and has kept reading notes for eleven years. She writes about reading methods and note systems, and about how small teams can make working together a little easier.',
    translations: {
      'zh-CN': { description: '周雨桐是 Lectern 的编辑，读书笔记记了十一年。她写阅读方法、笔记系统，也写小团队怎样把协作变得轻松一点。' },
    },
    avatar: avatar('yutong'),
    role: 'staff',
  },
];

/**
 * The two accounts for trying the site. Their passwords are generated when the demo is seeded (see
 * demo-credentials.ts), so no published password opens a deployed demo.
 */
export const DEMO_ACCOUNTS: DemoUser[] = [
  {
    username: 'editor',
    email: 'editor@example.com',
    display_name: 'Lectern Editor',
    description: 'The demo staff account: it can write, edit and publish.',
    avatar: null,
    role: 'staff',
  },
  {
    username: 'reader',
    email: 'reader@example.com',
    display_name: 'Demo Reader',
    description: 'The demo reader account.',
    avatar: null,
    role: 'user',
  },
  {
    username: 'member',
    email: 'member@example.com',
    display_name: 'Demo Member',
    description: 'The demo member account: a premium membership for a year from the day the demo was made.',
    avatar: null,
    role: 'user',
  },
];
