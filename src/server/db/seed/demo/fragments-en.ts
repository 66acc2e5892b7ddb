import type { LanguageFragments } from './types.js';

/**
 * English fragments for generated articles. Each category has its own subjects, openings, paragraphs,
 * lists and closings; the shared parts below fit any subject. Subjects are singular phrases, so
 * "{Subject} is ..." reads correctly.
 */
export const FRAGMENTS_EN: LanguageFragments = {
  titles: [
    'A practical guide to {subject}',
    '{Subject}: five questions worth asking',
    'Lessons from a year of {subject}',
    '{Subject}: where to begin',
    'Rethinking {subject}',
    '{Subject}, revisited',
  ],
  summaries: [
    'A short, practical look at {subject}: what it is for, where it tends to go wrong, and one habit to try this week.',
    'Why {subject} matters more than it seems, and a few concrete ways to improve it without starting a big project.',
    'Notes from practice on {subject}, with a checklist you can use tomorrow.',
    '{Subject} rarely gets the attention it deserves. Here is where to start, and what to leave for later.',
    'What we have learned about {subject}, mostly from the mistakes that taught us the most.',
  ],
  headings: [
    'Where to start',
    'What usually goes wrong',
    'A habit worth keeping',
    'Making it stick',
    'The part people skip',
    'What changes as things grow',
    'Small steps first',
    'Keeping it honest',
  ],
  paragraphs: [
    'Start with the smallest version that could possibly help. It is tempting to design a complete approach to {subject} before trying anything, but the first attempt teaches more than any amount of planning. Pick one case you meet every week and improve only that.',
    'Write down what you decide. A short note in the repository or the team wiki, with the date and the reason, saves the same discussion from happening again in six months. Decisions that live only in someone’s head leave when they do.',
    'Measure before and after. Even a rough number, such as minutes spent, errors seen or pages read, turns a vague feeling into something you can compare. Without it, every change feels like progress for a week and is forgotten after a month.',
    'Make the good way the easy way. If the right approach to {subject} takes five steps and the shortcut takes one, people will take the shortcut, including you on a tired afternoon. A template, a script or a checklist often does more than a rule.',
    'Expect to be wrong about some of it. Habits that work for one person or one team rarely transfer unchanged. Try an idea for a few weeks, keep what helped, and drop the rest without guilt.',
    'Look for the feedback loop. Anything that tells you quickly whether you are on the right track, whether a test, a review or a reader’s question, is worth more than a careful plan checked once at the end. Shorten the loop and most other problems get smaller.',
    'Talk to the people affected. {Subject} rarely concerns only the person doing it. A ten-minute conversation with a colleague or a reader often reveals a constraint that no document mentioned.',
    'Keep the cost visible. Every practice has a price in time or attention. Saying it out loud (“this adds about ten minutes to every change”) makes it possible to decide whether it is worth paying, instead of quietly resenting it.',
    'Revisit it after a while. What made sense for {subject} a year ago may not fit the work you do now. Put a reminder in the calendar to look again, and be willing to simplify.',
    'Prefer boring solutions. The clever approach is fun to build and expensive to explain. When two options solve the problem, the one a newcomer understands on first reading is usually the better choice.',
  ],
  closingHeadings: ['One thing to try', 'In short', 'Before you go'],
  closings: [
    'If you take one thing from this piece, let it be this: improve {subject} in small steps, and check whether each step helped before taking the next.',
    'Good practice in {subject} is rarely dramatic. It is a series of small decisions, each made a little better than the last, until the better way is simply how the work is done.',
    'Try one idea from this article this week, on real work, and write down what happened. That note will be more useful than anything you read here.',
  ],
  categories: {
    'software-craft': {
      subjects: [
        'naming things',
        'handling errors',
        'reading old code',
        'deleting code',
        'writing comments',
        'keeping pull requests small',
        'updating dependencies',
        'managing configuration',
      ],
      titles: [
        '{Subject} without the drama',
        'What {subject} taught me about maintenance',
        'The quiet craft of {subject}',
        '{Subject}: a note for the next maintainer',
      ],
      intros: [
        '{Subject} is one of those parts of programming that nobody puts on a roadmap, yet it decides how the code will feel to work in a year from now. It rarely fails loudly. It fails slowly, as a growing list of small surprises that make every change take a little longer than it should.',
        'Ask a team what slows them down and you will hear about deadlines and meetings. Watch them work and you will see something smaller: time lost to code that is hard to read and risky to change. {Subject} is one of the places where that time is won back, a few minutes at a time.',
        'Most of the code we touch was written by someone else, or by ourselves long enough ago that it amounts to the same thing. {Subject} is a habit that pays off in exactly that situation, when the person reading the code cannot ask the person who wrote it.',
      ],
      paragraphs: [
        'The first test of any habit in this area is whether it helps the reader. Code is read many more times than it is written, usually by someone in a hurry who is trying to change one thing without breaking another. A practice that makes the writer’s life slightly harder and the reader’s life much easier is almost always worth it.',
        'It helps to think in terms of surprises. Every time a reader expects one thing and the code does another, they lose trust and must read more carefully everywhere. Good work on {subject} removes surprises: the code does what its shape suggests, and the unusual parts are marked as unusual.',
        'Consistency matters more than any particular rule. A team that approaches {subject} in one reasonable way everywhere has an easier time than one that uses three excellent ways in three different folders. When you find a better approach, apply it gradually and write down that it is now the preferred one.',
        'Be wary of fixing everything at once. A large change in this area touches many files, conflicts with everyone else’s work and is hard to review. A series of small improvements, each made while you are already in that part of the code, reaches the same place with far less risk.',
      ],
      lists: [
        {
          lead: 'A few questions worth asking during review:',
          items: [
            'Would a newcomer understand this without asking anyone?',
            'Does anything here behave differently from how it looks?',
            'If this fails at three in the morning, will the error say where and why?',
            'Could any of this be deleted without anyone noticing?',
          ],
        },
        {
          lead: 'Signs that this deserves attention in your codebase:',
          items: [
            'the same question comes up in every code review',
            'new colleagues need a guided tour of one particular folder',
            'small changes keep causing bugs far from where they were made',
            'people avoid certain files unless they have no choice',
          ],
        },
      ],
      closings: [
        'None of this is glamorous, and that is rather the point. {Subject} is the kind of work nobody thanks you for directly but everyone benefits from, including you when you come back to the code in six months.',
        'Start with the next file you open. Leave it a little easier to read than you found it, and do the same tomorrow. Over a year, that adds up to a codebase people are glad to work in.',
      ],
    },
    testing: {
      subjects: [
        'testing edge cases',
        'dealing with flaky tests',
        'building test data',
        'using mocks sparingly',
        'keeping a test suite fast',
        'testing database code',
        'reading coverage reports',
        'testing code that depends on time',
      ],
      titles: [
        '{Subject}, in practice',
        'A calmer approach to {subject}',
        'What we changed about {subject}',
        '{Subject} for teams that ship every day',
      ],
      intros: [
        'Tests are supposed to make change safe. When they make it slow or unpredictable instead, the cause is rarely testing as such but a handful of specific habits. {Subject} is one of the places where a small change in approach makes a large difference to how far a suite can be trusted.',
        'Every test suite starts out fast and trustworthy. Both qualities erode as the code grows, usually without anyone deciding they should. {Subject} is one of the areas where that erosion shows first, and where it is cheapest to reverse.',
        'There are many strong opinions about {subject}, most of them formed during one painful week. This article tries to be calmer: what the practice is for, where it tends to go wrong, and what has worked for teams that ship small changes every day.',
      ],
      paragraphs: [
        'A useful question for any test is what it would take to make it fail. If the answer is “someone changes the rule it describes”, the test is doing its job. If the answer includes “the machine is busy” or “the tests run in a different order”, the test is measuring the wrong thing and will cost more than it saves.',
        'Keep each test’s setup close to the test and as small as it can be. When a reader can see the two or three facts that make a case special, they can understand a failure without opening five helper files. Factories with sensible defaults, where a test overrides only what it cares about, make this easy.',
        'Speed is a feature of a test suite, not a luxury. A suite that runs in seconds gets run before every commit; one that takes twenty minutes gets run by the build server, after the developer has moved on to something else. Keep that in mind with {subject}: anything that adds seconds to every run deserves a hard look.',
        'Treat a failing test as a message from the past. Someone decided this behaviour mattered enough to write down. Before changing the test to match the code, make sure the code is right and the rule really has changed; otherwise you are deleting a warning instead of heeding it.',
      ],
      lists: [
        {
          lead: 'Checks we now make before merging a new test:',
          items: [
            'it fails when the behaviour it describes is broken (we break it on purpose once)',
            'its name states a rule, not an implementation detail',
            'it sets up only the data it needs',
            'it does not depend on the clock, the network or another test',
            'it runs in well under a second',
          ],
        },
        {
          lead: 'Common causes of trouble in this area:',
          items: [
            'shared fixtures that several tests change',
            'assertions on exact timestamps or generated ids',
            'mocks that encode how the code works rather than what it promises',
            'waiting a fixed time instead of waiting for a condition',
          ],
        },
      ],
      closings: [
        'A good test suite is one that people believe. Every habit above serves that one goal, and {subject} is simply one place where belief is easy to lose and worth the effort to keep.',
        'You do not need to fix the whole suite this week. Pick the test that annoyed you most recently, apply one of these ideas to it, and see whether the next failure is easier to understand.',
      ],
    },
    'web-data': {
      subjects: [
        'caching HTTP responses',
        'designing a JSON API',
        'paginating long lists',
        'loading images well',
        'running database migrations',
        'writing SQL by hand',
        'validating forms',
        'handling time zones',
      ],
      titles: [
        '{Subject} for small web apps',
        '{Subject}, done right the first time',
        'A field guide to {subject}',
        '{Subject}: the boring, reliable way',
      ],
      intros: [
        'Small web applications tend to fail in the same few places: the first page is slow on a real phone, a list grows past anything anyone tested, or data from last year’s schema turns up somewhere unexpected. {Subject} sits close to several of these, which makes it worth getting right early.',
        'Frameworks change every few years; the web platform and the database underneath change far more slowly. {Subject} is one of those topics where understanding the platform pays off for a long time, whichever framework you happen to use this year.',
        'It is easy to treat {subject} as a detail to sort out after launch. In practice it shapes an application from the first week: what the URLs look like, how the data is stored and how the pages behave when the network is slow.',
      ],
      paragraphs: [
        'Begin with what the server sends. A response that already contains the content, with correct status codes and cache headers, works for browsers, crawlers, feed readers and scripts alike. Everything added in the browser afterwards should improve that response, not replace it.',
        'Design for the data you will have in a year, not the data you have today. A query that is instant on a hundred rows may scan the whole table at a million. Test with a realistic amount of data early, and read the query plans of the pages people open most.',
        'Be explicit at the boundaries. Validate what comes in, with messages that name the field and say what is wrong. Describe what goes out in a schema that both server and client use. Most subtle bugs in this area live where one side assumed something the other never promised.',
        'Remember the slow connection. Many readers are on a phone with a weak signal, and every extra request or kilobyte costs them time. Looking at {subject} on a throttled connection, even once, changes which problems seem important.',
      ],
      lists: [
        {
          lead: 'A short checklist before shipping:',
          items: [
            'the page works, in a plain form, before any script runs',
            'lists are paginated, with a stable sort order and a tie-breaker',
            'every input is validated on the server, whatever the client does',
            'timestamps are stored in UTC and converted only for display',
            'error responses say what went wrong without revealing internals',
          ],
        },
        {
          lead: 'Questions to ask about any new endpoint or page:',
          items: [
            'What happens when the list is empty, or has ten thousand entries?',
            'Can the response be cached, and by whom?',
            'What does the reader see while it loads, and if it fails?',
            'Which index does the main query use?',
          ],
        },
      ],
      closings: [
        'None of these choices is exciting on its own. Together they decide whether a small application stays pleasant to use and to run after its first busy week, and {subject} is a good place to start.',
        'Open one page of your application on a slow connection with a large amount of data, and watch what happens. It is the quickest way to find out which part of {subject} deserves your attention first.',
      ],
    },
    learning: {
      subjects: [
        'learning a second programming language',
        'practising with small exercises',
        'asking good questions',
        'learning from documentation',
        'teaching what you have just learned',
        'keeping a learning journal',
        'studying in short sessions',
        'learning from code review',
      ],
      titles: [
        '{Subject}, one week at a time',
        'Notes on {subject}',
        'Getting better at {subject}',
        'What nobody told me about {subject}',
      ],
      intros: [
        'Most of us learned how to study at school, for exams, and much of that advice transfers poorly to learning a craft in our spare time. {Subject} is a good example: the obvious approach feels productive, and the effective one feels slightly uncomfortable.',
        'Getting better at programming depends less on talent than on the shape of practice: how often, how hard, and with what kind of feedback. {Subject} is one piece of that shape, and it is worth setting up deliberately rather than leaving to chance.',
        'There is a difference between feeling that you have learned something and being able to use it a month later. {Subject} is one of the habits that closes that gap, and it costs less time than most people expect.',
      ],
      paragraphs: [
        'Effort that feels hard is often effort that works. Rereading notes feels smooth and teaches little; recalling them from a blank page feels clumsy and teaches a lot. When choosing how to approach {subject}, prefer the method that makes you produce something over the one that lets you recognise it.',
        'Feedback is the fuel of learning. An exercise you can check, a colleague who reviews your code, a test that passes or fails: each tells you where you stand. Practice without feedback tends to repeat the same mistakes with growing confidence.',
        'Small, regular sessions beat occasional marathons. Twenty-five focused minutes four times a week will take you further than a single long Saturday, partly because of how memory works and partly because it is much easier to keep going.',
        'Keep a short record of what you practised and what went wrong. It need not be elaborate: a date, a line about the task and a line about the mistake. After a month, the record shows patterns that are invisible from one day to the next.',
      ],
      lists: [
        {
          lead: 'A simple routine that works for many people:',
          items: [
            'begin each session by recalling, without notes, what you did last time',
            'spend most of the time on one task that is slightly too hard',
            'explain the result to yourself in writing',
            'end by writing down the next task',
          ],
        },
        {
          lead: 'Signs that your practice needs adjusting:',
          items: [
            'every session feels easy',
            'you cannot say what you learned last week',
            'you keep starting new courses and rarely finish one',
            'you avoid the topics that feel uncomfortable',
          ],
        },
      ],
      closings: [
        'Learning feels slow from the inside and fast in hindsight. Make {subject} part of a routine small enough to keep, and in a few months you will look back at code you could not have written before.',
        'Choose one idea from this piece and try it for two weeks. If it helps, keep it; if not, try another. The right routine is the one you will still be following next month.',
      ],
    },
    reading: {
      subjects: [
        'reading technical books',
        'keeping reading notes',
        'choosing what to read next',
        'reading research papers',
        'rereading old favourites',
        'reading source code',
        'reading with a pencil in hand',
        'building a daily reading habit',
      ],
      titles: ['On {subject}', '{Subject}, slowly', 'A reader’s guide to {subject}', '{Subject}, without the guilt'],
      intros: [
        'Programmers read constantly: documentation, code, error messages, articles like this one. Yet reading is rarely something we practise deliberately. {Subject} is a good place to start, because a small change in approach shows results within weeks.',
        'The problem with reading is not finding things to read. It is that most of what we read leaves no trace a month later. {Subject} is one of the habits that turns reading from consumption into something that stays.',
        'Every editor on this site reads for a living, and each has a slightly different way of doing it. What follows is what we agree on about {subject}, and a few places where we still argue.',
      ],
      paragraphs: [
        'Read with a question in mind. A book or a paper read “to learn about the subject” tends to blur; one read to answer a specific question, such as how a system handles failure, leaves sharp memories and useful notes.',
        'Write while you read, but write little. A sentence in your own words at the end of each chapter is worth more than pages of copied highlights, because producing it forces you to decide what the chapter actually said.',
        'Give yourself permission to stop. A book that is not working for you now may work in two years, or never. Recording why you put it down is more useful than forcing yourself through the last two hundred pages.',
        'Return to what you read. The notes that help most are the ones you look at again: before a project, while writing, or at the end of each quarter. A reading habit without a rereading habit is only half a habit.',
      ],
      lists: [
        {
          lead: 'A few practical habits that make reading stick:',
          items: [
            'keep the book, the notes and a pencil in the same place',
            'write one sentence about each chapter before moving on',
            'mark one idea to try, and try it within a week',
            'link new notes to older ones on the same subject',
          ],
        },
        {
          lead: 'Questions to ask before starting something long:',
          items: [
            'What question do I want this to answer?',
            'Which parts do I actually need now?',
            'How will I know whether it is working for me?',
            'Where will my notes go?',
          ],
        },
      ],
      closings: [
        'Reading well is a skill like any other, and {subject} is one of the ways to practise it. Start with what is already on your desk.',
        'Next time you open something long, decide first what you want from it, and write one sentence when you stop. It is a small habit, and it changes what stays with you.',
      ],
    },
    tools: {
      subjects: [
        'working in the terminal',
        'keeping dotfiles tidy',
        'writing small shell scripts',
        'setting up an editor',
        'automating releases',
        'organising project notes',
        'using a debugger',
        'keeping a changelog',
      ],
      titles: [
        '{Subject} for the rest of us',
        'Ten minutes a week on {subject}',
        '{Subject}: what is worth the effort',
        'Less friction: {subject}',
      ],
      intros: [
        'Tools are where small frictions hide. A command you retype every day, a setting you change by hand after every update, a release step that lives only in one person’s memory: each costs little, and together they cost a great deal. {Subject} is one place to win some of that back.',
        'Nobody becomes a better programmer by collecting tools. But a few well-understood tools, set up once and kept simple, remove enough friction that the real work gets easier. {Subject} is a good example of a small investment that goes a long way.',
        'Teams rarely talk about {subject} until something goes wrong: a release that cannot be repeated, a machine nobody else can set up, a bug that takes a day to find. A little attention beforehand is much cheaper.',
      ],
      paragraphs: [
        'Automate the second time, not the first. The first time you do something by hand, you learn what it involves. The second time, write it down. The third time, turn the notes into a script, and keep it in the repository so the whole team can use and improve it.',
        'Prefer tools your colleagues can understand. A clever personal setup is pleasant until someone else needs to run your script or pair with you. For anything shared, the simplest tool that does the job is usually the right one.',
        'Keep configuration in version control. When editor settings, scripts and notes live in a repository, a new machine takes minutes instead of a day, and you can see when and why something changed.',
        'Learn one tool properly rather than five superficially. Someone who knows their debugger or their shell deeply is faster than someone who has tried every new tool, and the knowledge lasts longer.',
      ],
      lists: [
        {
          lead: 'A few small improvements that pay back quickly:',
          items: [
            'a script that sets up the project from a fresh checkout',
            'one command that runs every check the build server runs',
            'a written release checklist, kept next to the code',
            'aliases for the three commands you type most',
          ],
        },
        {
          lead: 'Signs that a tool needs attention:',
          items: [
            'only one person knows how to do a routine task',
            'setting up a new machine takes more than an hour',
            'the same manual step is forgotten in every second release',
            'people keep a private list of workarounds',
          ],
        },
      ],
      closings: [
        'Improving your tools is never finished, and it does not need to be. Spend a little time each week on {subject}, and keep whatever makes the work quieter.',
        'Write down the next thing that annoys you about your setup. If it annoys you twice more this month, fix it. That rule alone keeps most toolboxes in good order.',
      ],
    },
  },
};
