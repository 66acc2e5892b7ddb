import type { HandWrittenArticle } from './types.js';

/** Hand-written Simplified Chinese pieces, part two: type modelling, code review. Code fences use ~~~ so the bodies read without escaped backticks. */
export const ARTICLES_ZH_2: HandWrittenArticle[] = [
  {
    slug: 'modelling-business-data-with-typescript',
    title: '用 TypeScript 的类型为业务数据建模',
    summary: '类型不只是写给编译器看的注释。用联合类型和字面量类型描述业务状态，可以让“不可能的状态”根本写不出来。',
    author: 'zhiyuan',
    category: 'web-data',
    tags: ['typescript', 'refactoring'],
    topics: ['small-web-apps'],
    language: 'zh-CN',
    access: 'premium',
    free_read: false,
    is_hot: false,
    days_ago: 58,
    cover: '/media/demo/cover-type-modelling.webp',
    body: `很多项目里的 TypeScript 类型，是照着接口返回的 JSON 一个字段一个字段抄下来的。这样的类型能防止拼错字段名，却防不住更常见的错误：状态之间的矛盾。比如一个订单“已发货”却没有运单号，或者“未支付”却有支付时间。这些矛盾也许会出现在数据库里，但在代码里不应该被轻易写出来。

## 从一个“什么都可选”的类型说起

~~~ts
interface Order {
  id: number;
  status: string;
  paidAt?: string;
  trackingNumber?: string;
  refundReason?: string;
}
~~~

这个类型允许很多不合理的组合：\`status\` 可以是任何字符串；没有支付也可以有运单号；退款原因可以出现在一个从未支付的订单上。每个用到它的地方都得自己检查字段是否存在，而检查的规则散落在各处。

## 用联合类型描述每一种状态

~~~ts
type Order =
  | { id: number; status: 'pending' }
  | { id: number; status: 'paid'; paidAt: string }
  | { id: number; status: 'shipped'; paidAt: string; trackingNumber: string }
  | { id: number; status: 'refunded'; paidAt: string; refundReason: string };
~~~

现在，每种状态需要哪些字段一目了然。更重要的是，编译器会替你检查：

~~~ts
function describeOrder(order: Order): string {
  switch (order.status) {
    case 'pending':
      return '等待支付';
    case 'paid':
      return \`已于 \${order.paidAt} 支付\`;
    case 'shipped':
      return \`运单号 \${order.trackingNumber}\`;
    case 'refunded':
      return \`已退款：\${order.refundReason}\`;
  }
}
~~~

在 \`case 'shipped'\` 分支里，TypeScript 知道 \`trackingNumber\` 一定存在，不需要再写可选链或者判空。如果以后新增一种状态却忘了处理，在 \`strict\` 模式下这个函数会因为可能没有返回值而报错，提醒你补上。

## 在边界处校验一次

类型只存在于编译时。从网络、数据库或者用户输入进来的数据，需要在进入程序的那一刻校验一次，之后程序内部就可以放心地相信类型。常见的做法是用 zod 这样的库定义模式，再从模式推导出类型，让校验规则和类型只有一个来源：

~~~ts
import { z } from 'zod';

const orderSchema = z.discriminatedUnion('status', [
  z.object({ id: z.number(), status: z.literal('pending') }),
  z.object({ id: z.number(), status: z.literal('paid'), paidAt: z.string() }),
]);

type CheckedOrder = z.infer<typeof orderSchema>;
~~~

## 几条建模原则

1. **让不可能的状态无法表示。** 两个字段总是一起出现，就把它们放进同一个分支。
2. **用字面量类型代替 \`string\`。** 状态、币种、角色这类取值有限的字段，都应该列出所有可能的值。
3. **金额用整数表示最小单位。** 用“分”而不是“元”，避开浮点数的误差。
4. **校验在边界，信任在内部。** 不要在每个函数里重复检查同一件事。

## 代价与取舍

这样建模需要多写一些类型代码，接口返回的数据也要多经过一次转换。换来的是：大量判空和防御性检查消失了，新同事读类型就能理解业务规则，很多错误在写代码时就被发现，而不是出现在用户的屏幕上。对于状态多、规则复杂的业务数据，这笔交易通常是划算的。
`,
  },
  {
    slug: 'code-review-checklist-for-small-teams',
    title: '给小团队的代码评审清单',
    summary: '代码评审不是找茬，也不是走过场。一份简短的清单，能让小团队的评审更快、更友好，也更容易发现真正的问题。',
    author: 'yutong',
    category: 'tools',
    tags: ['code-review', 'collaboration', 'git'],
    topics: [],
    language: 'zh-CN',
    access: 'free',
    free_read: false,
    is_hot: false,
    days_ago: 112,
    cover: '/media/demo/cover-review-checklist.webp',
    body: `在只有三五个人的团队里，代码评审很容易走向两个极端：要么互相信任到只看一眼就点“通过”，要么在变量命名和空格上来回争论好几天。前者让问题溜进主干，后者让大家害怕提交。我们团队花了一年多时间，慢慢整理出一份简短的清单，放进了每个合并请求的模板里。

## 提交之前：作者的清单

评审的质量，一半取决于作者准备得如何。

- **说明写清楚了吗？** 这次改动解决什么问题，评审的人应该先看哪里，哪些事情是有意没做的。
- **改动够小吗？** 超过四百行的改动（自动生成的除外）很难认真评审，考虑拆开。
- **自己先看过一遍吗？** 提交前用评审的眼光读一遍差异，常常能发现遗留的调试代码和拼写错误。
- **测试跑过了吗？** 新行为有没有测试覆盖？修复的缺陷有没有一个先失败、后通过的测试？

## 评审时：按重要程度看

评审的人时间有限，应该先看最重要的问题。我们按下面的顺序看：

1. **正确性：** 逻辑是否符合需求？空列表、重复提交、并发这些边界情况有没有考虑？
2. **安全与数据：** 权限检查在不在？用户输入有没有校验？数据库写入是不是在事务里？
3. **可维护性：** 半年后的新同事能读懂吗？命名是否说清了用途？
4. **风格：** 交给格式化工具和 lint，评审中基本不讨论。

如果在第一项就发现了大问题，可以先停下来，和作者当面聊，不必把剩下的细节都写成评论。

## 怎样写评论

同样的意见，说法不同，效果完全不同。下面是我们约定的几个习惯：

| 与其这样说 | 不如这样说 |
|---|---|
| 这里写错了 | 列表为空时这里会返回 undefined，这是预期的吗？ |
| 为什么不用 X？ | 用 X 可以省掉这个循环，你觉得合适吗？ |
| 这个命名不好 | \`data\` 看不出内容，叫 \`unpaidOrders\` 怎么样？ |

另外，给每条评论标上分量：“必须改”“建议”“随口一提”。作者就知道哪些要处理完才能合并，哪些可以自己决定。

## 时间上的约定

- 收到评审请求后，当天给出回应，哪怕只是一句“明天上午看”。
- 一轮评审之后，作者改完直接通知评审人，不要让请求静静地躺着。
- 两轮还没达成一致的问题，换成当面或者语音讨论。十分钟的对话，往往比二十条评论有效。

## 最后

清单的目的不是让评审变得机械，而是把容易忘的事情固定下来，把人的注意力留给真正需要思考的地方。你的团队不必照搬这一份：先用一个月，然后删掉没用的条目，再加上你们自己踩过的坑。
`,
  },
];
