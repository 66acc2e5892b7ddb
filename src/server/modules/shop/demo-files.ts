import { storeByHash } from '../../platform/pictures.js';
import type { Storage } from '../../platform/storage/index.js';
import { DOCUMENTS } from '../admin/documents-service.js';
import { documentTypeOf } from '../admin/document-types.js';

/**
 * The files the demo shop's downloads deliver, made at seed time: a PDF workbook of a few pages and an EPUB 3
 * e-book. The PDF and ZIP libraries are loaded here only, by the seed: a site that starts never loads them.
 * The same bytes come out every time (fixed dates), so a second seed stores nothing new.
 */

/** A demo document, stored in the document library's folder: what its row needs. */
export interface DemoDocument {
  /** The slug of the demo product that delivers it. */
  product: string;
  title: string;
  file_name: string;
  content_type: string;
  stored_name: string;
  bytes: number;
}

const FIXED_DATE = new Date('2025-01-01T00:00:00Z');

const WEEKS = [
  ['Notice how you read now', 'For one week, write down every time you read for more than ten minutes: what, where, and what pulled you away.'],
  ['Choose fewer, better books', 'List what you mean to read this season. Strike out half. Keep the list where you will see it.'],
  ['Read with a pencil', 'Mark one sentence per chapter that you would quote to a friend. At the end of the week, copy them out.'],
  ['Slow down on purpose', 'Pick one hard chapter and read it twice, a day apart. Write three lines on what the second reading showed you.'],
  ['Talk about it', 'Explain one idea from your reading to someone in five minutes, without notes.'],
  ['Build a reading hour', 'Find the same hour on four days and protect it: phone in another room, one book on the table.'],
  ['Read outside your field', 'Borrow one book from a shelf you never visit. Note the first idea in it that surprised you.'],
  ['Keep a commonplace book', 'Start one notebook for quotations and your own replies to them. Add to it every reading day.'],
  ['Summarise from memory', 'After each session, close the book and write a paragraph on what it said. Then check it.'],
  ['Abandon a book', 'Stop reading one book that no longer earns its hours, and write down why, without guilt.'],
  ['Reread an old favourite', 'Return to a book you loved years ago. What do you see now that you missed then?'],
  ['Plan the next season', 'Look back over your notes from weeks one to eleven and choose what to keep doing.'],
];

async function workbookPdf(): Promise<Buffer> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle('Reading Habits Workbook');
  pdf.setAuthor('Lectern');
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.12, 0.12, 0.12);
  /** Words wrapped to lines of at most `width` points. */
  const wrap = (text: string, size: number, width: number) =>
    text.split(' ').reduce<string[]>((lines, word) => {
      const last = lines.at(-1);
      if (last !== undefined && regular.widthOfTextAtSize(`${last} ${word}`, size) <= width) lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
      return lines;
    }, []);

  const cover = pdf.addPage([595, 842]);
  cover.drawText('Reading Habits Workbook', { x: 72, y: 640, size: 30, font: bold, color: ink });
  cover.drawText('Twelve weeks of exercises for reading more deliberately.', { x: 72, y: 600, size: 14, font: regular, color: ink });
  cover.drawText('A Lectern demo download.', { x: 72, y: 120, size: 10, font: regular, color: ink });

  const perPage = WEEKS.length / 2;
  for (let half = 0; half < 2; half += 1) {
    const page = pdf.addPage([595, 842]);
    let y = 760;
    for (const [i, [title, exercise]] of WEEKS.slice(half * perPage, (half + 1) * perPage).entries()) {
      const week = half * perPage + i + 1;
      page.drawText(`Week ${week}: ${title}`, { x: 72, y, size: 16, font: bold, color: ink });
      y -= 24;
      for (const line of wrap(exercise, 12, 451)) {
        page.drawText(line, { x: 72, y, size: 12, font: regular, color: ink });
        y -= 17;
      }
      y -= 22;
    }
  }
  return Buffer.from(await pdf.save());
}

const xhtml = (title: string, body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="en" lang="en">
<head><meta charset="UTF-8"/><title>${title}</title><link rel="stylesheet" href="style.css"/></head>
<body>
${body}
</body>
</html>
`;

const CHAPTERS = [
  ['The network is optional', 'An app that keeps working on the train treats the network as a way to sync, not a way to work. Everything the reader does lands in local storage first.'],
  ['Service workers', 'A service worker sits between the page and the network. It answers from its caches when the network is slow or gone, and updates them when it comes back.'],
  ['Outboxes', 'Writes made offline wait in an outbox, in order. When the connection returns they are replayed, and what the server answers is shown, never dropped.'],
];

async function offlineFirstEpub(): Promise<Buffer> {
  const { strToU8, zipSync } = await import('fflate');
  const chapters = CHAPTERS.map(([title, text], i) => ({ file: `chapter-${i + 1}.xhtml`, title, html: xhtml(title, `<section epub:type="chapter"><h1>${title}</h1><p>${text}</p></section>`) }));
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="en">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="book-id">urn:uuid:6f1c2b9e-3d5a-4c7e-9a1b-0e2f4d6c8a10</dc:identifier>
    <dc:title>Offline-First Web Apps</dc:title>
    <dc:creator>Lectern</dc:creator>
    <dc:language>en</dc:language>
    <meta property="dcterms:modified">2025-01-01T00:00:00Z</meta>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="style" href="style.css" media-type="text/css"/>
${chapters.map((c, i) => `    <item id="c${i + 1}" href="${c.file}" media-type="application/xhtml+xml"/>`).join('\n')}
  </manifest>
  <spine>
${chapters.map((_, i) => `    <itemref idref="c${i + 1}"/>`).join('\n')}
  </spine>
</package>
`;
  const nav = xhtml('Contents', `<nav epub:type="toc" id="toc"><h1>Contents</h1><ol>${chapters.map((c) => `<li><a href="${c.file}">${c.title}</a></li>`).join('')}</ol></nav>`);
  const container = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>
`;
  const zip = zipSync(
    {
      // The EPUB container: `mimetype` first and uncompressed, so a reader knows the file by its first bytes.
      mimetype: [strToU8('application/epub+zip'), { level: 0 }],
      'META-INF/container.xml': strToU8(container),
      'OEBPS/content.opf': strToU8(opf),
      'OEBPS/nav.xhtml': strToU8(nav),
      'OEBPS/style.css': strToU8('body { font-family: serif; line-height: 1.5; margin: 5%; }\n'),
      ...Object.fromEntries(chapters.map((c) => [`OEBPS/${c.file}`, strToU8(c.html)])),
    },
    { level: 9, mtime: FIXED_DATE },
  );
  return Buffer.from(zip);
}

/** Makes the demo files and stores them in the document library's folder. */
export async function storeDemoDocuments(storage: Storage): Promise<DemoDocument[]> {
  const files = [
    { product: 'reading-habits-workbook-pdf', title: 'Reading Habits Workbook', file_name: 'reading-habits-workbook.pdf', bytes: await workbookPdf() },
    { product: 'offline-first-web-apps-epub', title: 'Offline-First Web Apps', file_name: 'offline-first-web-apps.epub', bytes: await offlineFirstEpub() },
  ];
  return Promise.all(
    files.map(async ({ bytes, ...file }) => {
      const type = documentTypeOf(bytes)!;
      return { ...file, content_type: type.contentType, stored_name: await storeByHash(storage, DOCUMENTS, bytes, type.ext), bytes: bytes.byteLength };
    }),
  );
}
