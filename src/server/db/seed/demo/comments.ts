import type { Kysely } from 'kysely';
import type { Database } from '../../types.js';

/** A demo comment: who wrote it (a demo username), its text, hours after the article's first comment, and its reply. */
interface DemoComment {
  by: string;
  text: string;
  hours: number;
  replies?: DemoComment[];
}

/** Short conversations under two free demo articles, one English and one Chinese. */
export const DEMO_COMMENTS: Record<string, DemoComment[]> = {
  'small-functions-honest-names': [
    {
      by: 'member',
      hours: 0,
      text: 'The part about names that lie hit home. We renamed `processData` to `mergeDuplicateInvoices` last week and two bugs became obvious the same afternoon.',
      replies: [
        { by: 'maren', hours: 3, text: 'That is exactly the effect: an honest name makes the wrong code look wrong.' },
        { by: 'reader', hours: 5, text: 'Stealing this example for our team wiki.' },
      ],
    },
    {
      by: 'tomas',
      hours: 20,
      text: 'One caveat from experience: splitting too eagerly can scatter one idea across five files. I keep a function whole while it still reads top to bottom.\n\nMore on that here: https://martinfowler.com/bliki/FunctionLength.html',
    },
  ],
  'three-passes-through-a-technical-book': [
    { by: 'reader', hours: 0, text: '第一遍只看目录和小结这个办法很实用，以前我总是从第一页硬读到放弃。' },
    { by: 'yutong', hours: 30, text: '第三遍配合动手做练习，效果比做长笔记好很多。', replies: [{ by: 'zhiyuan', hours: 32, text: '同意，关键是每次都带着一个具体的问题去读。' }] },
  ],
};

const HOUR = 3600_000;

/** Hours between the start of one article's conversation and the next one's (each lasts under a day and a half). */
const CONVERSATION_GAP = 36;

/**
 * The demo comments, inside the seed's transaction: on articles that exist (by slug) by accounts that exist (by
 * username), dated over the days before `now`, one conversation after the other, so that a newer comment always
 * has the larger id (a reader's list of their comments is newest first by id). Each first comment is its own
 * thread, as the comments module keeps them.
 */
export async function insertDemoComments(trx: Kysely<Database>, authors: Map<string, number>, articles: Map<string, number>, now: string): Promise<void> {
  const conversations = Object.entries(DEMO_COMMENTS);
  const start = Date.parse(now) - (conversations.length * CONVERSATION_GAP + 12) * HOUR;
  for (const [index, [slug, comments]] of conversations.entries()) {
    const articleId = articles.get(slug);
    if (articleId === undefined) continue;
    const insert = async (c: DemoComment, thread: number | null) => {
      const userId = authors.get(c.by);
      if (userId === undefined) return null;
      const date = new Date(start + (index * CONVERSATION_GAP + c.hours) * HOUR).toISOString();
      const row = await trx
        .insertInto('comments')
        .values({
          content_type: 'article',
          object_id: articleId,
          user_id: userId,
          parent_id: thread,
          thread_id: thread ?? 0,
          body: c.text,
          is_removed: 0,
          is_hidden: 0,
          like_count: 0,
          dislike_count: 0,
          flag_count: 0,
          submit_date: date,
          updated_at: date,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (thread === null) await trx.updateTable('comments').set({ thread_id: row.id }).where('id', '=', row.id).execute();
      return row.id;
    };
    for (const c of comments) {
      const id = await insert(c, null);
      if (id === null) continue;
      for (const reply of c.replies ?? []) await insert(reply, id);
    }
  }
}
