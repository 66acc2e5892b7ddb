import type { DemoAnnouncement, DemoBanner, DemoPage, DemoShortcutType, DemoSlotText } from './types.js';

const cover = (name: string) => `/media/demo/${name}.webp`;
const search = (q: string) => `/search?q=${encodeURIComponent(q)}`;

export const BANNERS: DemoBanner[] = [
  {
    kind: 'main',
    title: 'Small Functions, Honest Names',
    subtitle: 'Why a function’s name is a promise, and how to keep it.',
    image: cover('cover-small-functions'),
    link: { article: 'small-functions-honest-names' },
    translations: { 'zh-CN': { title: '短小的函数，诚实的名字', subtitle: '为什么函数的名字是一个承诺，以及怎样守住它。' } },
  },
  {
    kind: 'main',
    title: 'Spaced Repetition for Programmers',
    subtitle: 'Keep what you learn for longer, with very little review time.',
    image: cover('cover-spaced-repetition'),
    link: { article: 'spaced-repetition-for-programmers' },
    translations: { 'zh-CN': { title: '间隔重复：让学过的编程知识留下来', subtitle: '用很少的复习时间，把知识留得更久。' } },
  },
  {
    kind: 'main',
    title: 'Writing Tests You Will Still Trust Next Year',
    subtitle: 'Tests that fail for the right reasons, long after their authors have moved on.',
    image: cover('cover-tests-trust'),
    link: { article: 'tests-you-will-still-trust-next-year' },
    translations: { 'zh-CN': { title: '写出明年依然值得信任的测试', subtitle: '作者早已离开，测试依然因为正确的理由而失败。' } },
  },
  {
    kind: 'hot',
    title: 'SQL Indexes, Explained With a Library Card Catalogue',
    subtitle: 'Which queries an index speeds up, which it cannot help, and what it costs.',
    image: cover('cover-sql-indexes'),
    link: { article: 'sql-indexes-card-catalogue' },
    translations: { 'zh-CN': { title: '用图书馆卡片目录讲清楚 SQL 索引', subtitle: '索引能加快哪些查询，帮不了哪些，又要付出什么代价。' } },
  },
  {
    kind: 'hot',
    title: 'The Forty-Minute Study Session',
    subtitle: 'Recall, practice, rest, explain, plan.',
    image: cover('cover-study-session'),
    link: { article: 'the-forty-minute-study-session' },
    translations: { 'zh-CN': { title: '四十分钟的学习时段', subtitle: '回忆、练习、休息、讲解、计划。' } },
  },
  {
    kind: 'final',
    title: 'Read everything, support the writers',
    subtitle: 'A membership opens every premium article and series, and keeps Lectern free of advertising.',
    image: cover('topic-small-web-apps'),
    link: '/member/intro',
    translations: { 'zh-CN': { title: '读遍所有文章，支持写作者', subtitle: '会员可以阅读所有付费文章和系列，也让 Lectern 不必依靠广告。' } },
  },
  {
    kind: 'final',
    title: 'New series: Reading Deliberately',
    subtitle: 'Reading logs, the three-pass method and notes that last.',
    image: cover('topic-reading-deliberately'),
    link: { topic: 'reading-deliberately' },
    translations: { 'zh-CN': { title: '新系列：有意识地阅读', subtitle: '阅读日志、三遍阅读法和经得起时间的笔记。' } },
  },
];

export const ANNOUNCEMENTS: DemoAnnouncement[] = [
  {
    is_modal: false,
    title: 'New series: Reading Deliberately',
    content: 'Three-pass reading, reading logs and note systems, from editors who read for a living.',
    link: { topic: 'reading-deliberately' },
    translations: { 'zh-CN': { title: '新系列：有意识地阅读', content: '三遍阅读法、阅读日志和笔记系统，来自以读书为业的编辑。' } },
  },
  {
    is_modal: true,
    title: 'Welcome to the Lectern demo',
    content:
      'Everything on this site is sample content. Sign in as reader to see the reader’s side, or as editor to write and publish. Their passwords were made when the site was first started: they are in demo-credentials.txt in the site’s data folder (DATA_DIR, ./data by default).',
    link: '/login',
    translations: {
      'zh-CN': {
        title: '欢迎来到 Lectern 演示站',
        content:
          '本站的所有内容都是示例。以 reader 身份登录可以看到读者一侧，以 editor 身份登录可以写作和发布。它们的密码在网站第一次启动时生成，保存在网站数据文件夹（DATA_DIR，默认为 ./data）中的 demo-credentials.txt 里。',
      },
    },
  },
];

export const SLOT_TEXTS: DemoSlotText[] = [
  {
    key: 'home_intro',
    title: 'Writing about software craft, learning and reading',
    text:
      'Lectern is a small independent publisher. We publish a few careful pieces each week, in English and Simplified Chinese, by people who do the work they write about: programmers, testers, teachers and editors.\n\nMost articles are free to read. Members also get the longer guides and series, and pay for the rest.',
    translations: {
      'zh-CN': {
        title: '关于软件手艺、学习与阅读的写作',
        text: 'Lectern 是一家小型独立出版方。我们每周发表几篇用心写成的文章，有英文也有简体中文，作者都是亲手做着他们所写之事的人：程序员、测试工程师、教师和编辑。\n\n大多数文章可以免费阅读。会员还能读到更长的指南和系列文章，并为其余的一切买单。',
      },
    },
  },
  {
    key: 'membership_pitch',
    title: 'Become a member',
    text:
      'A membership opens every premium article and series, keeps your reading progress in step across devices, and lets you save articles to read offline.\n\nIt also pays our writers and editors. Lectern carries no advertising, so members are how we stay independent. You can cancel at any time from your account page.',
    translations: {
      'zh-CN': {
        title: '成为会员',
        text: '会员可以阅读所有付费文章和系列，在不同设备之间同步阅读进度，还能把文章保存下来离线阅读。\n\n会员费也用来支付作者和编辑的报酬。Lectern 不登广告，会员是我们保持独立的方式。你可以随时在账户页面取消会员。',
      },
    },
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
    translations: {
      'zh-CN': {
        title: 'Lectern 怎样赚钱',
        text: [
          'Lectern 是一家小型独立出版方。这一页直白地说明我们的钱从哪里来，方便你判断在这里读到的内容。',
          '会员。我们的大部分收入来自购买会员的读者。会员可以阅读付费文章和系列；其余内容无论有没有账户都可以免费阅读。',
          '商店。我们出售自己的书、课程包和少量印刷品。价格含税，并在付款前显示。退货条款写在每个商品页面上。',
          '课程。有些课程单独出售，与会员分开。',
          '没有付费推荐。没有人付钱让我们发表、排名或推荐某篇文章、某件商品或某个工具。如果某篇文章的情况有所不同，它会在开头注明“赞助”以及赞助方的名字，让你在阅读之前就知道。',
          '联盟链接会标明。凡是能让我们获得佣金的链接，都会在链接旁边注明。',
          '没有广告追踪。我们不投放第三方广告，也不向广告商出售或分享读者的数据。',
          '关于以上任何问题，都可以写信给编辑，我们会回答。',
        ].join('\n\n'),
      },
    },
  },
  {
    key: 'footer_note',
    title: 'About this site',
    text: 'Lectern is an independent publisher of writing about software craft, learning and reading. Written and edited by people, paid for by readers.',
    translations: {
      'zh-CN': {
        title: '关于本站',
        text: 'Lectern 是一家独立出版方，发表关于软件手艺、学习与阅读的文章。由人撰写和编辑，由读者供养。',
      },
    },
  },
  {
    key: 'about_intro',
    title: 'About Lectern',
    text:
      'Lectern began as a shared reading list between four colleagues and grew into a small publication. We write about the parts of software work that do not fit in a release note: how code stays readable, how tests stay trustworthy, how people keep learning, and how to read well.\n\nWe publish in English and Simplified Chinese. Every piece is edited before it goes out, and corrections are noted at the end of the article.',
    translations: {
      'zh-CN': {
        title: '关于 Lectern',
        text: 'Lectern 起初是四位同事共享的一份阅读清单，后来成长为一份小小的刊物。我们写软件工作中那些写不进发布说明的部分：代码怎样保持可读，测试怎样保持可信，人们怎样持续学习，以及怎样好好读书。\n\n我们用英文和简体中文发表文章。每篇文章发表前都经过编辑，更正会注明在文章末尾。',
      },
    },
  },
];

export const SHORTCUT_TYPES: DemoShortcutType[] = [
  {
    name: 'Start here',
    slug: 'start-here',
    description: 'Good first pages for new readers.',
    translations: { 'zh-CN': { name: '从这里开始', description: '适合新读者先看的几页。' } },
    shortcuts: [
      {
        title: 'The Tested Codebase',
        description: 'Our series on tests that earn their keep.',
        url: { topic: 'tested-codebase' },
        translations: { 'zh-CN': { title: '有测试护航的代码库', description: '我们关于值得维护的测试的系列。' } },
      },
      {
        title: 'Reading Deliberately',
        description: 'Reading logs, note systems and the three-pass method.',
        url: { topic: 'reading-deliberately' },
        translations: { 'zh-CN': { title: '有意识地阅读', description: '阅读日志、笔记系统和三遍阅读法。' } },
      },
      {
        title: 'Small Web Apps, Shipped',
        description: 'Modest web applications that load fast and last.',
        url: { topic: 'small-web-apps' },
        translations: { 'zh-CN': { title: '小型 Web 应用实战', description: '加载快、用得久的朴素 Web 应用。' } },
      },
      {
        title: 'New to programming?',
        description: 'Articles tagged for beginners.',
        url: { tag: 'beginners' },
        translations: { 'zh-CN': { title: '刚开始学编程？', description: '标记为“入门”的文章。' } },
      },
      {
        title: 'How we make money',
        description: 'Memberships, the shop, and what we never do.',
        url: '/commercial_disclosures',
        translations: { 'zh-CN': { title: '我们怎样赚钱', description: '会员、商店，以及我们绝不会做的事。' } },
      },
    ],
  },
  {
    name: 'Popular searches',
    slug: 'popular-searches',
    description: 'What other readers look for most.',
    translations: { 'zh-CN': { name: '热门搜索', description: '其他读者最常搜索的内容。' } },
    shortcuts: [
      { title: 'Testing', description: 'Unit, integration and end-to-end tests.', url: search('testing'), translations: { 'zh-CN': { title: '测试', description: '单元测试、集成测试和端到端测试。' } } },
      { title: 'SQL indexes', description: 'How indexes work and when they help.', url: search('index'), translations: { 'zh-CN': { title: 'SQL 索引', description: '索引怎样工作，什么时候有用。' } } },
      { title: '重构', description: '关于重构的文章。', url: search('重构'), translations: {} },
      { title: 'Reading log', description: 'Keeping notes on what you read.', url: search('reading log'), translations: { 'zh-CN': { title: '阅读日志', description: '为读过的东西做笔记。' } } },
      { title: 'TypeScript', description: 'Types as a design tool.', url: search('TypeScript'), translations: { 'zh-CN': { title: 'TypeScript', description: '把类型当作设计工具。' } } },
    ],
  },
  {
    name: 'Documentation',
    slug: 'documentation',
    description: 'The references our writers keep open.',
    translations: { 'zh-CN': { name: '文档', description: '我们的作者常开着的参考资料。' } },
    shortcuts: [
      { title: 'MDN Web Docs', description: 'HTML, CSS and web APIs.', url: 'https://developer.mozilla.org/', translations: { 'zh-CN': { title: 'MDN Web 文档', description: 'HTML、CSS 和 Web API。' } } },
      {
        title: 'TypeScript Handbook',
        description: 'The official guide to the language.',
        url: 'https://www.typescriptlang.org/docs/handbook/intro.html',
        translations: { 'zh-CN': { title: 'TypeScript 手册', description: '这门语言的官方指南。' } },
      },
      { title: 'Node.js API', description: 'Reference for every built-in module.', url: 'https://nodejs.org/docs/latest/api/', translations: { 'zh-CN': { title: 'Node.js API', description: '每个内置模块的参考文档。' } } },
      {
        title: 'SQLite documentation',
        description: 'Including the query planner overview.',
        url: 'https://www.sqlite.org/docs.html',
        translations: { 'zh-CN': { title: 'SQLite 文档', description: '包括查询规划器概述。' } },
      },
      {
        title: 'PostgreSQL documentation',
        description: 'The manual for the current release.',
        url: 'https://www.postgresql.org/docs/current/',
        translations: { 'zh-CN': { title: 'PostgreSQL 文档', description: '当前版本的使用手册。' } },
      },
      { title: 'Pro Git', description: 'The Git book, free to read online.', url: 'https://git-scm.com/book/en/v2', translations: { 'zh-CN': { title: 'Pro Git', description: '讲 Git 的书，可以免费在线阅读。' } } },
    ],
  },
  {
    // MEMBER_SHORTCUT_TYPE: listed on /member/shortcuts.
    name: 'For members',
    slug: 'members',
    description: 'Where members find what their membership opens.',
    translations: { 'zh-CN': { name: '会员专区', description: '会员在这里找到会员资格开放的内容。' } },
    shortcuts: [
      {
        title: 'Members’ articles and courses',
        description: 'Every premium article and course in one list.',
        url: '/member/content',
        translations: { 'zh-CN': { title: '会员文章与课程', description: '所有付费文章和课程，集中在一个列表里。' } },
      },
      {
        title: 'The Tested Codebase',
        description: 'The series, with its premium parts.',
        url: { topic: 'tested-codebase' },
        translations: { 'zh-CN': { title: '有测试护航的代码库', description: '整个系列，包括付费部分。' } },
      },
      { title: 'Your membership', description: 'Your plan, its end date, and gift codes.', url: '/my-membership', translations: { 'zh-CN': { title: '我的会员', description: '你的方案、到期日期和礼品码。' } } },
      {
        title: 'How membership works',
        description: 'What each plan gives and how free reads work.',
        url: '/member/intro',
        translations: { 'zh-CN': { title: '会员如何运作', description: '每个方案包含什么，以及免费阅读怎样计算。' } },
      },
      {
        title: 'Ask us about membership',
        description: 'Questions about plans, gifts or invoices.',
        url: '/member/enquiry',
        translations: { 'zh-CN': { title: '会员咨询', description: '关于方案、礼品码或发票的问题。' } },
      },
    ],
  },
];

export const PAGES: DemoPage[] = [
  {
    slug: 'terms',
    title: 'Terms of use',
    body_markdown: [
      'These terms apply to everyone who reads, comments on or buys from Lectern. By using the site you accept them; if you do not, please do not use it.',
      '## Your account',
      'Keep your password to yourself and tell us at once if you think someone else has used your account. You are responsible for what is posted from it. You may close your account at any time from the account page; your comments are then removed.',
      '## What you may do with our articles',
      'Articles, courses and pictures belong to their authors and to Lectern. You may read them, quote short passages with a link to the source, and save them for offline reading on your own devices. Please do not republish whole articles or share the text of members-only pieces.',
      '## Memberships and purchases',
      'A membership gives access to members-only articles and courses for the period you paid for. Prices include tax where the law requires it. If something you bought does not work as described, write to us within 14 days and we will put it right or refund you.',
      '## Comments',
      'Be kind and stay on topic. We remove comments that are abusive, unlawful or advertising, and may close accounts that keep posting them.',
    ].join('\n\n'),
    translations: {
      'zh-CN': {
        title: '使用条款',
        body_markdown: [
          '本条款适用于在 Lectern 阅读、评论或购买的每一位用户。使用本站即表示你接受这些条款；如果你不同意，请不要使用本站。',
          '## 你的账户',
          '请妥善保管你的密码；如果你认为有人使用了你的账户，请立即告诉我们。你需要对以你的账户发布的内容负责。你可以随时在账户页面注销账户，届时你的评论也会被删除。',
          '## 你可以如何使用我们的文章',
          '文章、课程和图片归其作者与 Lectern 所有。你可以阅读它们、在注明出处并附上链接的前提下引用短小段落，也可以在你自己的设备上保存以便离线阅读。请不要转载整篇文章，也不要分享会员专属内容的正文。',
          '## 会员与购买',
          '会员资格让你在付费期间阅读会员专属的文章和课程。价格已按法律要求包含税费。如果你购买的内容与描述不符，请在 14 天内联系我们，我们会为你解决或退款。',
          '## 评论',
          '请友善发言、紧扣主题。我们会删除辱骂、违法或广告性质的评论，并可能关闭屡次发布此类内容的账户。',
        ].join('\n\n'),
      },
    },
  },
  {
    slug: 'privacy',
    title: 'Privacy',
    body_markdown: [
      'We collect as little about you as we can, and we never sell it.',
      '## What we keep',
      '- Your account: user name, e-mail address or phone number, and the name and picture you chose.',
      '- What you did here: articles you read (to count them against the monthly allowance), comments, orders and memberships.',
      '- For guests, a random device identifier stored in your browser, so that the free-article allowance works without an account.',
      '## Cookies',
      'We use cookies for your login, your language and your colour mode, nothing else. There are no advertising or tracking cookies, and no third-party scripts.',
      '## Your rights',
      'You can see and correct your details on the account page, and delete your account there. Write to us if you have a question about your data; we answer within 30 days.',
    ].join('\n\n'),
    translations: {
      'zh-CN': {
        title: '隐私政策',
        body_markdown: [
          '我们尽可能少地收集你的信息，并且绝不出售。',
          '## 我们保存什么',
          '- 你的账户：用户名、电子邮箱或手机号，以及你选择的名字和头像。',
          '- 你在本站的活动：你读过的文章（用于计算每月免费篇数）、评论、订单和会员资格。',
          '- 对于访客，我们在浏览器中保存一个随机的设备标识，让免费篇数在没有账户时也能生效。',
          '## Cookie',
          '我们只用 Cookie 保存你的登录状态、语言和配色模式，别无他用。本站没有广告或跟踪 Cookie，也没有第三方脚本。',
          '## 你的权利',
          '你可以在账户页面查看和更正你的信息，也可以在那里注销账户。如果你对自己的数据有疑问，请联系我们；我们会在 30 天内答复。',
        ].join('\n\n'),
      },
    },
  },
];
