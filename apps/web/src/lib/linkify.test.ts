import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('turns http and https addresses into links and keeps the text around them', () => {
    expect(linkify('Book here: https://example.com/schedule/carlos. Or http://a.b')).toEqual([
      { type: 'text', value: 'Book here: ' },
      {
        type: 'link',
        value: 'https://example.com/schedule/carlos',
        href: 'https://example.com/schedule/carlos',
      },
      { type: 'text', value: '. Or ' },
      { type: 'link', value: 'http://a.b', href: 'http://a.b' },
    ]);
  });

  it('leaves other schemes as plain text', () => {
    for (const text of [
      'javascript:alert(1)',
      'mailto:ana@example.com',
      'ftp://files.example.com',
      'data:text/html,hi',
    ]) {
      expect(linkify(text)).toEqual([{ type: 'text', value: text }]);
    }
  });

  it('does not swallow a closing bracket after a link', () => {
    expect(linkify('(see https://example.com)')).toEqual([
      { type: 'text', value: '(see ' },
      { type: 'link', value: 'https://example.com', href: 'https://example.com' },
      { type: 'text', value: ')' },
    ]);
  });
});
