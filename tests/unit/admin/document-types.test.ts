import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { documentTypeOf, downloadNameOf } from '../../../src/server/modules/admin/document-types.js';

const zip = (files: Parameters<typeof zipSync>[0]) => Buffer.from(zipSync(files));

describe('documentTypeOf', () => {
  it('knows a PDF, an EPUB and another ZIP by their first bytes', () => {
    expect(documentTypeOf(Buffer.from('%PDF-1.7\n%%EOF'))).toEqual({ ext: 'pdf', contentType: 'application/pdf' });
    expect(documentTypeOf(zip({ mimetype: [strToU8('application/epub+zip'), { level: 0 }], 'a.xhtml': strToU8('<p/>') }))?.ext).toBe('epub');
    expect(documentTypeOf(zip({ 'readme.txt': strToU8('hello') }))?.ext).toBe('zip');
  });

  it('takes a ZIP whose mimetype entry is compressed, or says something else, for a plain ZIP (not a valid EPUB container)', () => {
    expect(documentTypeOf(zip({ mimetype: [strToU8('application/epub+zip'), { level: 9 }] }))?.ext).toBe('zip');
    expect(documentTypeOf(zip({ mimetype: [strToU8('application/vnd.oasis.opendocument.text'), { level: 0 }] }))?.ext).toBe('zip');
  });

  it('refuses anything else, whatever it is called: text, pictures, an empty ZIP, a truncated header', () => {
    expect(documentTypeOf(Buffer.from('%PD'))).toBeNull();
    expect(documentTypeOf(Buffer.from('Hello, PDF'))).toBeNull();
    expect(documentTypeOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(documentTypeOf(zip({}))).toBeNull();
    expect(documentTypeOf(Buffer.from('PK\x03\x04short', 'latin1'))).toBeNull();
    expect(documentTypeOf(Buffer.alloc(0))).toBeNull();
  });
});

describe('downloadNameOf', () => {
  const pdf = { ext: 'pdf', contentType: 'application/pdf' } as const;
  it('keeps the last part of the name, ending in the type’s extension', () => {
    expect(downloadNameOf('C:\\Users\\me\\Workbook.PDF', pdf)).toBe('Workbook.PDF');
    expect(downloadNameOf('../../etc/passwd', pdf)).toBe('passwd.pdf');
    expect(downloadNameOf('book.epub', pdf)).toBe('book.epub.pdf');
    expect(downloadNameOf('阅读习惯.pdf', pdf)).toBe('阅读习惯.pdf');
  });

  it('drops control and reserved characters, leading dots, and falls back to "document"', () => {
    expect(downloadNameOf('a"b<c>\n.pdf', pdf)).toBe('a_b_c__.pdf');
    expect(downloadNameOf('...hidden', pdf)).toBe('hidden.pdf');
    expect(downloadNameOf('   ', pdf)).toBe('document.pdf');
  });
});
