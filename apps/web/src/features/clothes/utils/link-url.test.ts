// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ko } from '@otboo/contract';
import { linkUrlError } from '@/features/clothes/utils/link-url';

describe('linkUrlError', () => {
  it('requires a link that is not blank after trimming', () => {
    expect(linkUrlError('')).toBe(ko.clothes.urlRequired);
    expect(linkUrlError('   ')).toBe(ko.clothes.urlRequired);
  });

  it('accepts http(s) URLs and shop addresses without a scheme', () => {
    expect(linkUrlError(' https://www.musinsa.com/products/1 ')).toBeNull();
    expect(linkUrlError('http://127.0.0.1:8080/p/1')).toBeNull();
    expect(linkUrlError('www.musinsa.com/products/1')).toBeNull();
  });

  it('refuses what is not a web link', () => {
    expect(linkUrlError('셔츠')).toBe(ko.clothes.urlInvalid);
    expect(linkUrlError('ftp://example.com/a')).toBe(ko.clothes.urlInvalid);
    expect(linkUrlError('javascript:alert(1)')).toBe(ko.clothes.urlInvalid);
    expect(linkUrlError('https://exa mple.com')).toBe(ko.clothes.urlInvalid);
    expect(linkUrlError(`https://example.com/${'a'.repeat(2100)}`)).toBe(ko.clothes.urlInvalid);
  });
});
