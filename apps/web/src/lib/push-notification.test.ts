// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { inAppUrl, pushNotification } from '@/lib/push-notification';

const ORIGIN = 'https://otboo.example';
const payload = (url: string) => ({
  id: 'n1',
  title: '새 메시지',
  content: '[홍길동] 오늘 뭐 입어?',
  createdAt: '2026-01-01T00:00:00.000Z',
  url,
});

describe('pushNotification', () => {
  it('shows the title and content with the app icon, and keeps the url to open', () => {
    expect(pushNotification(payload('/#/profiles?userId=u1'), ORIGIN)).toEqual({
      title: '새 메시지',
      options: {
        body: '[홍길동] 오늘 뭐 입어?',
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        tag: 'otboo:/#/profiles?userId=u1',
        lang: 'ko',
        data: { url: '/#/profiles?userId=u1' },
      },
    });
  });

  it('gives two messages of one sender the same tag, and another sender another', () => {
    const first = pushNotification(payload('/#/profiles?userId=u1'), ORIGIN);
    const again = pushNotification({ ...payload('/#/profiles?userId=u1'), id: 'n2' }, ORIGIN);
    const other = pushNotification(payload('/#/profiles?userId=u2'), ORIGIN);
    expect(again?.options.tag).toBe(first?.options.tag);
    expect(other?.options.tag).not.toBe(first?.options.tag);
  });

  it('shows nothing for a payload that is not ours', () => {
    expect(pushNotification(null, ORIGIN)).toBeNull();
    expect(pushNotification('text', ORIGIN)).toBeNull();
    expect(pushNotification({ ...payload('/#/feeds'), title: 3 }, ORIGIN)).toBeNull();
  });
});

describe('inAppUrl', () => {
  it('keeps a path of this origin, and sends anything else home', () => {
    expect(inAppUrl('/#/feeds', ORIGIN)).toBe('/#/feeds');
    expect(inAppUrl(`${ORIGIN}/#/closet`, ORIGIN)).toBe('/#/closet');
    expect(inAppUrl('https://evil.example/#/feeds', ORIGIN)).toBe('/');
    expect(inAppUrl('//evil.example/x', ORIGIN)).toBe('/');
    expect(inAppUrl('javascript:alert(1)', ORIGIN)).toBe('/');
  });
});
