import type { HandWrittenArticle } from './types.js';

/** Hand-written English pieces, part one: craft, testing, reading, SQL. Code fences use ~~~ so the bodies read without escaped backticks. */
export const ARTICLES_EN_1: HandWrittenArticle[] = [
  {
    slug: 'small-functions-honest-names',
    title: 'Small Functions, Honest Names',
    summary: 'A function is a promise about what happens when you call it. Keeping functions small is mostly a way of keeping those promises easy to read and easy to keep.',
    author: 'maren',
    category: 'software-craft',
    tags: ['refactoring', 'typescript', 'beginners'],
    topics: [],
    language: 'en',
    access: 'free',
    free_read: false,
    is_hot: true,
    days_ago: 9,
    cover: '/media/demo/cover-small-functions.webp',
    body: `Most advice about function size comes with a number attached: ten lines, twenty lines, one screen. The numbers are not wrong, but they miss the point. A function is small enough when its name tells the whole truth about it. If you need the word "and" to describe what it does, or the name hides a side effect a caller would be surprised by, the function is too big no matter how many lines it has.

## A name is a promise

When you read \`calculateInvoiceTotal(order)\`, you build an expectation: it takes an order, it returns a number, and nothing else changes. If the function also marks the order as billed, writes to the database and sends an e-mail when the total is large, the name has misled you three times. None of those lines may be wrong. The problem is that a reader who trusts the name will make mistakes, and a reader who does not trust it must read every line of every function they call.

Here is a function that grew the way most functions grow, one reasonable request at a time:

~~~ts
export async function calculateInvoiceTotal(order: Order): Promise<number> {
  let total = 0;
  for (const line of order.lines) {
    total += line.unitPrice * line.quantity;
  }
  if (order.coupon) {
    total -= Math.min(total, order.coupon.amount);
  }
  total = Math.round(total * (1 + order.taxRate));
  order.status = 'billed';
  await db.orders.save(order);
  if (total > 100_000) {
    await mailer.send(order.customerEmail, 'Large invoice', \`Your total is \${total}.\`);
  }
  return total;
}
~~~

## Split along the seams

The body already has seams: computing, changing state, telling someone. Each becomes a function whose name says what it does, and the original becomes a short story told in those names.

~~~ts
export function invoiceTotal(order: Order): number {
  const subtotal = order.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const discounted = subtotal - Math.min(subtotal, order.coupon?.amount ?? 0);
  return Math.round(discounted * (1 + order.taxRate));
}

export async function billOrder(order: Order): Promise<number> {
  const total = invoiceTotal(order);
  await markBilled(order);
  await notifyIfLarge(order, total);
  return total;
}
~~~

\`invoiceTotal\` is now a pure function: the same order always gives the same number, and a test for it needs no database and no mail server. \`billOrder\` admits in its name that it changes the world. Anyone who only wants the number can call the function that only gives the number.

## Signs a function wants to be split

- You scroll to see its end, or you keep its beginning in your head while you read the middle.
- Blank lines divide it into paragraphs, and you could give each paragraph a title.
- A boolean parameter switches between two behaviours. Two functions with two names are easier to call correctly.
- Its tests need elaborate setup to reach one small branch.
- You describe it with "and", "or", "unless" or "also".

## What small does not mean

Small functions can be overdone. Splitting every line into its own helper gives a reader fifty names to learn and a call stack to climb before anything happens. The aim is not the smallest possible function; it is a function whose body reads at one level of detail. A function that orchestrates calls other functions. A function that calculates does arithmetic. When a body mixes the two, the reader has to change gears in the middle of a sentence.

It also does not mean hiding complexity. A twelve-line function that implements a genuinely tricky algorithm may be clearer as twelve lines with two good comments than as four helpers whose names can only say "step one" and "step two". If you cannot find an honest name for a piece, it probably is not a piece.

## Names that survive change

A good name describes what the function gives, not how it gets it. \`fetchUserFromCache\` goes stale the day someone adds a database fallback; \`findUser\` does not. Names that describe purpose also make the next change easier: when a new requirement arrives, you can ask which promise it belongs to. If it belongs to none, it deserves a new function with its own promise rather than a fourth clause in an old one.

One habit helps more than any rule: before you write the body, write the call. Type the line where the function will be used, read it aloud, and see whether it says what happens. If the call reads well, the function has a good chance of staying honest. If it needs a comment to explain it, fix the name first.

## A small exercise

Take the longest function you touched this week. Without changing any code, write a one-sentence description of each paragraph of it as a comment. Then look at the sentences. Any sentence that could be a function name probably should be, and any sentence you struggled to write marks the part of the code that most needs attention.
`,
  },
  {
    slug: 'tests-you-will-still-trust-next-year',
    title: 'Writing Tests You Will Still Trust Next Year',
    summary: 'A test suite is only useful while people believe it. These are the habits that keep tests failing for the right reasons, and passing for the right reasons, long after their authors have moved on.',
    author: 'tomas',
    category: 'testing',
    tags: ['testing', 'typescript'],
    topics: ['tested-codebase'],
    language: 'en',
    access: 'premium',
    free_read: true,
    is_hot: true,
    days_ago: 21,
    cover: '/media/demo/cover-tests-trust.webp',
    body: `Every team has a test that nobody trusts. It fails on Tuesdays, or when the machine is busy, or when someone renames a CSS class, and the standard fix is to run it again. Once a suite has a few of those, people stop reading failures and start re-running them. At that point the suite costs time without buying confidence.

Trust is the real product of a test suite. A trusted suite lets you change code on a Friday afternoon; an untrusted one makes every change a small gamble. The habits below are the ones that have made the biggest difference in the codebases I have worked on.

## Test behaviour someone could name

A good test describes something a person outside the code would recognise: "a member can read a premium article", "an empty basket cannot be checked out". A test that says "calls \`repository.save\` once" describes how the code works today, and it will fail the day you improve the code without changing anything a user would notice.

Use the test name to state the rule, and the body to show one example of it:

~~~ts
import { describe, expect, it } from 'vitest';
import { priceWithCoupon } from './pricing';

describe('priceWithCoupon', () => {
  it('never takes the price below zero', () => {
    expect(priceWithCoupon(800, { amount: 1_000 })).toBe(0);
  });

  it('applies a percentage coupon to the price before tax', () => {
    expect(priceWithCoupon(2_000, { percent: 25 })).toBe(1_500);
  });
});
~~~

When one of these fails, the name alone tells you which promise broke. You do not need to open the file to know whether the failure matters.

## Pick the cheapest test that can fail

![Many fast unit tests at the bottom, fewer integration tests in the middle, a few end-to-end checks at the top](/media/demo/figure-test-layers.webp)

Each kind of test buys a different kind of confidence at a different price:

| Kind | What it proves | Typical run time | Breaks when |
|---|---|---|---|
| Unit | A function keeps its promise | milliseconds | its rule changes |
| Integration | Modules agree, SQL is valid | tens of milliseconds | a contract changes |
| End-to-end | A person can finish a task | seconds | almost anything changes |

The rule of thumb is to push each check down to the cheapest layer where it can still fail for the right reason. Whether a discount is calculated correctly is a unit question. Whether the discount reaches the database inside a transaction is an integration question. Whether a shopper can see the discounted price and pay it is an end-to-end question, and you want only a handful of those.

## Make failures tell a story

A failing assertion should say what was expected, what happened, and leave you close to why. Prefer assertions on whole values (\`toEqual\` on a small object) over a chain of checks on single fields, because the diff shows everything at once. Avoid assertions that can only ever say "expected true to be false".

Keep the setup visible. Shared fixtures that build a whole world in a \`beforeAll\` save lines, but they also hide which details matter. A factory call with the two fields the test cares about, such as \`createArticle({ access: 'premium' })\`, shows the reader exactly what makes this case special.

## Remove the usual sources of flakiness

Most flaky tests come from a short list of causes:

1. **Time.** Code that reads the clock directly. Pass the time in, or freeze it in the test.
2. **Order.** Tests that depend on rows coming back in insertion order, or on another test running first. Sort explicitly and give each test its own data.
3. **Waiting.** Sleeping for a fixed time instead of waiting for a condition. Wait for the thing you need, with a timeout.
4. **Shared state.** A database, a cache or a global that one test changes and another reads. A fresh database per test file is cheaper than the hours lost to this.
5. **The network.** Anything that leaves the machine. Replace it with a local fake that behaves like the real service.

When a test does flake, treat it as a bug with a priority, not as weather. Quarantine it if you must, but give the quarantine an owner and a date.

## Let the suite grow old gracefully

Tests are code that nobody reads until it fails, which is exactly when you need it to be clear. Review them with the same care as the code they cover. Delete tests that duplicate each other. When a bug reaches production, write the test that would have caught it before you fix it, and watch it fail first: a test you have never seen fail has not yet shown that it can.

A year from now, someone will change a line you wrote today and a test will go red. Write that test for them.
`,
  },
  {
    slug: 'a-reading-log-that-gets-used',
    title: 'A Reading Log That Actually Gets Used',
    summary: 'Most reading logs are abandoned by February. A log that survives asks very little of you when you finish a book, and gives you something back every time you open it.',
    author: 'yutong',
    category: 'reading',
    tags: ['book-notes', 'note-taking'],
    topics: ['reading-deliberately'],
    language: 'en',
    access: 'free',
    free_read: false,
    is_hot: false,
    days_ago: 34,
    cover: '/media/demo/cover-reading-log.webp',
    body: `Every January a good number of people start a reading log, and by spring most of those logs are a list of titles whose last entry is weeks old. The problem is rarely discipline. It is design: the log asks for effort at the worst moment, right after you close a book and want to move on, and it gives nothing back until some distant day when you might want to look something up.

I have kept a reading log for eleven years, through three note apps, two paper notebooks and one spreadsheet. The format has changed, but the thing that keeps it alive has not: every entry is quick to write and useful to read.

## Six fields, two minutes

![A reading-log card with six fields: title, dates, one line, quote, use it, links](/media/demo/figure-reading-log.webp)

An entry has six fields, and only the first three are required.

- **Title and why.** The book, and a phrase about why you picked it up. "Recommended by a colleague after the outage" is more useful years later than the publication date.
- **Dates.** When you started, and when you finished or stopped. Abandoning a book is a result worth recording.
- **One line.** What the book says, in your own words, in one sentence. This is the hardest field and the most valuable one.
- **Quote.** One passage, copied exactly, with a page number.
- **Use it.** One thing you will try in the next week because of this book.
- **Links.** Other entries this one agrees with, argues with or extends.

If writing an entry takes more than a few minutes, the format is too heavy. You can always add more, but a required essay is how logs die.

## Write the one line before you finish

The one-sentence summary is easier to write three-quarters of the way through a book than at the end. By then you know the argument, and you still have time to check whether the final chapters change it. I keep a pencilled draft of the sentence on the inside cover and revise it when I finish.

A good one line is specific enough to be wrong. "A book about habits" is not a summary. "Habits change faster when you redesign the cue than when you resist the urge" is one, and it tells you whether the book is worth rereading.

## Make the log pay you back

A log you only write to is a chore. A log you read from becomes a tool. Three ways to read from it:

1. **Before buying a book**, search the log for its author and its subject. You may have read something that already covers it, or abandoned a book by the same author for a reason you have forgotten.
2. **At the end of each quarter**, read every "use it" line from the last three months and mark the ones you actually did. The ratio is humbling and useful.
3. **When you write**, search the quotes. A few hundred entries make a private library of sourced passages.

## Abandoning is allowed

Record the books you stop reading, with the page and the reason. After a year you will see a pattern: perhaps you abandon books that open with fifty pages of history, or books recommended by a certain kind of list. That pattern is information about how you choose, and it makes the next choice better.

## Tools matter less than you think

Paper, a text file, a spreadsheet and a note app all work. Pick the one that is within reach when you finish a chapter. If you read on the train, that is your phone; if you read in bed, it might be a notebook on the shelf. What matters is that the fields stay the same from entry to entry, so that in five years you can still search, sort and compare.

Start with the book you are reading now. Write the title, the date you began, and a draft of the one line. That is an entry, and the log exists from today.
`,
  },
  {
    slug: 'sql-indexes-card-catalogue',
    title: 'SQL Indexes, Explained With a Library Card Catalogue',
    summary: 'An index is a sorted copy of a few columns with a pointer back to each row. Picture it as a drawer of catalogue cards and it becomes clear which queries it speeds up, which it cannot help, and what it costs.',
    author: 'tomas',
    category: 'web-data',
    tags: ['sql', 'databases', 'performance'],
    topics: [],
    language: 'en',
    access: 'premium',
    free_read: false,
    is_hot: true,
    days_ago: 48,
    cover: '/media/demo/cover-sql-indexes.webp',
    body: `Before library catalogues lived on screens, they lived in wooden drawers. One set of drawers was sorted by author, another by title, another by subject. Each card held a few facts and a shelf mark that told you where the book actually stood. The books themselves stood on the shelves in one order only.

A database table is the shelf, and an index is one of those drawers. The comparison is old, but it still explains almost everything you need to decide which indexes to create.

## The table is stored in one order

Rows sit in a table roughly in the order they were inserted, or in some engines in the order of the primary key. If you ask for the articles of one author and there is no index on the author column, the database has only one way to answer: walk every row and check. That is a full table scan. On ten rows it is fine; on ten million rows it is the slow query in your logs.

~~~sql
select id, title
from articles
where author_id = 42
order by published_at desc
limit 20;
~~~

## An index is a sorted drawer of cards

~~~sql
create index articles_author on articles (author_id, published_at);
~~~

This builds a separate structure holding just \`author_id\`, \`published_at\` and a pointer to each row, kept sorted by those two columns. Most engines use a B-tree: a shallow tree whose upper levels tell the database which page to open next, and whose bottom level holds the sorted keys.

![A B-tree: a root page, three branch pages and six leaf pages of sorted keys that point to table rows](/media/demo/figure-btree-index.webp)

To find author 42, the database descends the tree (three or four page reads, even for millions of rows), lands on the first card for author 42 and reads forward. Because the cards are also sorted by \`published_at\` within each author, it can read them backwards to get the newest first, and stop after twenty. The query above never looks at a row it does not return.

## Column order matters

A drawer sorted by author and then by date is no help in finding every book from a given year across all authors, just as a phone book sorted by surname and then first name cannot find everyone called Ana. An index on \`(a, b)\` helps queries that filter on \`a\`, on \`a\` and \`b\`, or filter on \`a\` and sort by \`b\`. It does not help a query that filters only on \`b\`.

| Query filters on | Can \`(author_id, published_at)\` help? |
|---|---|
| \`author_id = ?\` | yes: one contiguous range of cards |
| \`author_id = ? order by published_at\` | yes: already in order |
| \`author_id = ? and published_at > ?\` | yes: a narrower range |
| \`published_at > ?\` only | no: the cards are scattered across authors |
| \`lower(title) = ?\` | no: another column, and a function of it |

Put the columns you test for equality first, and the column you sort or range over last.

## What every drawer costs

Each index is a second copy of some data that must be kept sorted. Every insert, every update of an indexed column and every delete has to change the table and every drawer that mentions the row. A table with eight indexes does eight extra writes per insert. Indexes also take disk space and memory, and an index that does not fit in memory gives back much of its advantage.

That is why "index every column" is bad advice. Index for the queries you actually run, starting with the ones your logs say are slow.

## Ask the database what it does

Every serious engine will show you its plan. In SQLite it is \`explain query plan\`; in PostgreSQL, \`explain analyze\`.

~~~sql
explain query plan
select id, title from articles where author_id = 42 order by published_at desc limit 20;
-- SEARCH articles USING INDEX articles_author (author_id=?)
~~~

Look for the words that mean "read everything": \`SCAN\` in SQLite, \`Seq Scan\` in PostgreSQL. On a small table they are harmless. On a large table, in a query that runs on every page view, they are the first thing to fix.

## A short checklist

- Find the query first, then the index; never the other way round.
- Equality columns first, the range or sort column last.
- One index that serves three queries beats three indexes that serve one each.
- Check the plan before and after, with realistic amounts of data.
- Drop indexes that no query uses: they cost every write.

A good catalogue has only the drawers readers open. A good schema is the same.
`,
  },
];
