import type { HandWrittenArticle } from './types.js';

/** Hand-written English pieces, part two: learning, Git, the web platform. Code fences use ~~~ so the bodies read without escaped backticks. */
export const ARTICLES_EN_2: HandWrittenArticle[] = [
  {
    slug: 'the-forty-minute-study-session',
    title: 'The Forty-Minute Study Session',
    summary: 'Long study days feel productive and teach surprisingly little. A forty-minute session with a fixed shape (recall, practice, rest, explain, plan) gets more out of less time.',
    author: 'zhiyuan',
    category: 'learning',
    tags: ['study-habits', 'beginners'],
    topics: [],
    language: 'en',
    access: 'free',
    free_read: false,
    is_hot: true,
    days_ago: 63,
    cover: '/media/demo/cover-study-session.webp',
    body: `When I started learning to program in the evenings, I studied the way I had studied at school: long blocks at the weekend, a stack of chapters, a highlighter. I remember the feeling of those days better than anything I learned in them. It took me a while to see that hours spent reading are not the same as hours spent learning, and that a shorter session with a deliberate shape gave me far more.

This is the shape I settled on. It takes forty minutes, fits into a lunch break or an evening, and works for languages, frameworks, algorithms and, as far as I can tell, most things that can be practised.

![A forty-minute session: five minutes of recall, twenty of focused practice, five of break, seven of explaining back and three of planning](/media/demo/figure-study-session.webp)

## Minutes 0 to 5: recall before you read

Before opening any material, write down from memory what you learned last time. Not a summary copied from your notes: a blank page and whatever comes back. This feels uncomfortable, which is the point. Retrieving something strengthens it far more than rereading it, and the gaps you find tell you what to review.

## Minutes 5 to 25: one focused task

Pick one task that is slightly too hard. Not "read chapter four", but "write a function that parses these dates and handles the three formats in the exercise". A good task has a finish line you can see and produces something you can check: code that runs, a proof, a diagram, answers you can mark.

During these twenty minutes:

- close chat and mail, and put the phone out of reach;
- keep a scrap list for ideas that come up, instead of following them;
- when you have been stuck for five minutes, look at the smallest possible hint, then close it and carry on.

## Minutes 25 to 30: a real break

Stand up, walk, drink some water, look out of a window. Do not check messages: they fill the break with new things to think about. A short rest after focused work seems to help memory settle, and it makes the next part easier.

## Minutes 30 to 37: explain it back

Explain what you just did to an imaginary colleague, out loud or in writing. Why does the solution work? What would break it? Where did you go wrong first? If you cannot explain a step, you have found the edge of your understanding, which is exactly where the next session should start.

Writing the explanation down has a bonus: after a month you have a set of short notes in your own words, which are far easier to review than the original material.

## Minutes 37 to 40: plan the next session

Write one line: the task for next time. Future you will sit down and start at once instead of spending ten minutes deciding. If today went well, make the next task a little harder; if it went badly, make it smaller.

## Why the shape works

Each part does a job that long, unstructured sessions skip. Recall tests your memory instead of flattering it. A single task forces practice rather than passive reading. The break protects focus. Explaining reveals the gaps. Planning removes the start-up cost of the next session.

It also makes progress visible. Four sessions a week add up to almost three hours of deliberate work, and your notes show exactly what came of it. Compare that with a six-hour Saturday that ends with forty highlighted pages and a vague sense of having worked hard.

## Adjusting it

The numbers are not sacred. Some people like thirty minutes of practice and a longer break; some subjects need more time for explanation. Keep the order, though: recall first, practice in the middle, explanation after, a plan at the end. And keep the session short enough that you want to do another one tomorrow.
`,
  },
  {
    slug: 'git-habits-for-calm-collaboration',
    title: 'Git Habits for Calm Collaboration',
    summary: 'Most Git pain in a team is not really about Git. It comes from large changes, unclear history and surprise rewrites, and a handful of habits keeps a shared repository calm.',
    author: 'maren',
    category: 'tools',
    tags: ['git', 'collaboration', 'code-review'],
    topics: [],
    language: 'en',
    access: 'premium',
    free_read: false,
    is_hot: false,
    days_ago: 77,
    cover: '/media/demo/cover-git-habits.webp',
    body: `Git has a reputation for being hard, and its command line deserves some of it. But when I look back at the worst Git days on teams I have worked with, the trouble almost never came from a command nobody understood. It came from a branch that lived for six weeks, a commit called "fixes", or someone rewriting history that others had already built on. Those are habits, not tools, and habits can change.

## Keep branches short

A branch is a bet that the main line will not move too far while you are away. The longer it lives, the worse the odds. Aim to merge within a day or two. If a feature takes longer, merge it in slices behind a flag, so that each slice is small enough to review and to undo.

~~~bash
# start from an up-to-date main line
git switch main
git pull --ff-only
git switch -c reading-progress-api

# later: bring in what others merged, keeping your commits on top
git fetch origin
git rebase origin/main
~~~

\`--ff-only\` refuses to create a merge commit when your local main has drifted, which is almost always a sign that something unexpected happened. It is better to stop and look than to tangle the history.

## Write commits for the person doing archaeology

One day someone will run \`git blame\` on a confusing line and land on your commit. Give them what they need:

- a subject line under about sixty characters, in the imperative ("Refuse empty baskets at checkout");
- a body that says why the change was needed, and anything surprising about how;
- one logical change per commit, so that it can be reverted on its own.

Interactive rebase shapes your commits before anyone else sees them:

~~~bash
# record a fix for an earlier commit while you work
git commit --fixup 3f2c1ab

# before opening the pull request, fold the fixes into the commits they belong to
git rebase -i --autosquash origin/main
~~~

## Never rewrite shared history

Rebasing your own branch before review is tidying. Rewriting a branch that others have pulled is pulling the floor from under them. The rule in every team I trust is simple: once a commit is on a shared branch, it is permanent. If it was wrong, add a commit that reverts or fixes it.

When you do need to update your own pull-request branch after a rebase, use the safer form of force-push:

~~~bash
git push --force-with-lease
~~~

It refuses to overwrite the remote branch if someone else pushed to it since you last fetched, which turns a silent loss into a loud error.

## Review small changes quickly

Fast review is what makes short branches possible. A team that reviews within a few hours can afford small pull requests; a team that takes three days pushes everyone towards big ones. A few agreements help:

1. Pull requests stay under about 400 changed lines, unless the change is mechanical.
2. The description says what to look at first, and what was deliberately left out.
3. Reviewers answer the same day, even if the answer is "I need until tomorrow".
4. Style belongs to the formatter and the linter, not to review comments.

## Keep the main line releasable

If main is always in a state you could deploy, nobody has to ask whether it is safe to branch from, and every problem is recent and small. That means tests run on every pull request, merges wait for them, and a broken main line is everyone's first priority.

## When things do go wrong

Git rarely loses committed work. \`git reflog\` lists every position your branch has pointed to, including the ones before a bad rebase or reset:

~~~bash
git reflog
git switch -c rescue 'HEAD@{5}'
~~~

Knowing that there is almost always a way back makes a whole team calmer, and calm teams make fewer mistakes.
`,
  },
  {
    slug: 'progressive-enhancement-delivery-strategy',
    title: 'Progressive Enhancement Is a Delivery Strategy',
    summary: 'Progressive enhancement is often presented as a moral position. It is more useful as a way of shipping: start with something that works everywhere, then add layers that can fail without taking the page down.',
    author: 'zhiyuan',
    category: 'web-data',
    tags: ['html-css', 'accessibility', 'performance'],
    topics: ['small-web-apps'],
    language: 'en',
    access: 'free',
    free_read: false,
    is_hot: false,
    days_ago: 96,
    cover: '/media/demo/cover-progressive-enhancement.webp',
    body: `Progressive enhancement has an image problem. It sounds like a sermon about users with old browsers and scripts turned off, and many developers file it under good intentions they cannot afford. That is a pity, because its practical value has little to do with rare browsers. It is a way of delivering software in layers, where each layer works on its own and the next one is allowed to fail.

## Start with a document that works

The base layer is HTML that does the job: a form that submits, a link that navigates, a table that shows the data. It is rendered on the server, so the first response already contains the content. No script has to load, parse and run before the reader can read.

~~~html
<form action="/search" method="get" role="search">
  <label for="q">Search articles</label>
  <input id="q" name="q" type="search" required minlength="2">
  <button type="submit">Search</button>
</form>
~~~

This form works on any device that can load a web page. It is accessible by default: the label is announced, the button can be reached with the keyboard, and validation messages come from the browser in the reader's own language.

## Enhance in a way that can fail

The next layer adds behaviour with script, such as results that appear without a page load. The important word is *adds*. The script takes over only after it has loaded and checked that what it needs is there.

~~~ts
const form = document.querySelector<HTMLFormElement>('form[role="search"]');
if (form && 'fetch' in window) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const query = String(new FormData(form).get('q') ?? '');
    try {
      const res = await fetch(\`/api/search?q=\${encodeURIComponent(query)}\`);
      if (!res.ok) throw new Error(\`status \${res.status}\`);
      renderResults(await res.json());
    } catch {
      form.submit(); // fall back to the plain form
    }
  });
}
~~~

If the script fails to download on a weak connection, if a browser extension breaks it, or if the API is down, the reader still has the plain form. The enhancement improves the common case without becoming a single point of failure.

## Why this is a delivery strategy

Seen from the team's side, the layers make shipping safer.

- **The first release is smaller.** The server-rendered version is a complete feature. You can ship it, learn from it, and add the enhanced version next week.
- **Failures degrade instead of breaking.** A bug in the enhanced layer makes the page plainer, not blank.
- **Testing is simpler.** The base layer can be checked with plain HTTP requests, which are fast and reliable; browser tests only need to cover the enhancements.
- **Performance comes almost for free.** Content in the first response means a fast first paint on slow phones, without heroic tuning later.

## Where it takes effort

It is not free. You have to decide what the plain version looks like, and some interactions, such as a drag-and-drop editor or a real-time drawing canvas, have no meaningful version without script. For those, say so clearly and make the rest of the page work regardless.

It also asks for discipline in frameworks that render on both the server and the client. Hydration must not change what the reader already sees, and a link must stay a real link with a real \`href\`, even when a client-side router intercepts it.

## A checklist for the next feature

1. Can a reader finish the main task with the HTML alone?
2. Does every enhancement check for what it needs before it takes over?
3. If the enhancement throws, does the page fall back to the base behaviour?
4. Does the first response contain the content, not a spinner?
5. Are links and buttons real links and buttons?

Answering yes to these does not require any particular framework, only the habit of building the floor before the furniture.
`,
  },
];
