import { describe, expect, it } from 'vitest';
import { detectSubmissionType, extensionOf, zipEntryNames } from '../../../src/server/modules/content/submissions/file-type.js';
import { displayName } from '../../../src/server/modules/content/submissions/service.js';
import { docx, samples, zipOf } from './submission-fixtures.js';

describe('detectSubmissionType', () => {
  it('recognises the binary types by their signatures, whatever the name', () => {
    expect(detectSubmissionType(samples.pdf, 'x.exe')).toBe('application/pdf');
    expect(detectSubmissionType(samples.png, 'x.txt')).toBe('image/png');
    expect(detectSubmissionType(samples.jpeg, 'x')).toBe('image/jpeg');
    expect(detectSubmissionType(samples.webp, 'x.png')).toBe('image/webp');
    expect(detectSubmissionType(docx(), 'x.zip')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  });

  it('accepts a zip as DOCX only when it holds word/ entries', () => {
    expect(detectSubmissionType(zipOf({ 'xl/workbook.xml': '<w/>' }), 'x.docx')).toBeNull();
    expect(zipEntryNames(docx())).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    const truncated = docx().subarray(0, 60);
    expect(detectSubmissionType(truncated, 'x.docx')).toBeNull();
    expect(zipEntryNames(Buffer.from('PK'))).toBeNull();
  });

  it('accepts text only as valid UTF-8 without NUL under a text name', () => {
    const text = Buffer.from('# 标题\n\nText.\n');
    expect(detectSubmissionType(text, 'a.md')).toBe('text/markdown');
    expect(detectSubmissionType(text, 'a.MARKDOWN')).toBe('text/markdown');
    expect(detectSubmissionType(text, 'a.txt')).toBe('text/plain');
    expect(detectSubmissionType(text, 'a.html')).toBeNull();
    expect(detectSubmissionType(Buffer.from('a\0b'), 'a.txt')).toBeNull();
    expect(detectSubmissionType(Buffer.from([0xc3, 0x28]), 'a.txt')).toBeNull();
    expect(detectSubmissionType(samples.exe, 'a.pdf')).toBeNull();
  });

  it('names stored files by the detected type', () => {
    expect(extensionOf('image/jpeg')).toBe('.jpg');
    expect(extensionOf('text/markdown')).toBe('.md');
  });
});

describe('displayName', () => {
  it('keeps the last path segment without control characters', () => {
    expect(displayName('../../etc/passwd')).toBe('passwd');
    expect(displayName('C:\\Users\\me\\essay.docx')).toBe('essay.docx');
    expect(displayName('bad\u0000\u001fname.txt')).toBe('badname.txt');
    expect(displayName('   ')).toBe('upload');
    expect(displayName('x'.repeat(400))).toHaveLength(255);
  });
});
