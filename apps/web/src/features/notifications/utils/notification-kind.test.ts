// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ko } from '@otboo/contract';
import { notificationKind } from '@/features/notifications/utils/notification-kind';

describe('notificationKind', () => {
  it('picks the icon by keyword in the title or the content', () => {
    expect(
      notificationKind({
        title: ko.messages.notificationTitle,
        content: ko.messages.notificationContent('민지', '안녕'),
      }),
    ).toBe('message');
    expect(
      notificationKind({ title: ko.attributes.notifyAddedTitle, content: ko.attributes.notifyAdded('두께') }),
    ).toBe('attribute');
    expect(
      notificationKind({
        title: ko.feeds.newFeedNotificationTitle,
        content: ko.feeds.newFeedNotificationContent('민지'),
      }),
    ).toBe('feed');
    expect(
      notificationKind({
        title: ko.feeds.likedNotificationTitle,
        content: ko.feeds.likedNotificationContent('민지'),
      }),
    ).toBe('like');
    expect(
      notificationKind({
        title: ko.users.roleChangedNotificationTitle,
        content: ko.users.roleChangedNotificationContent('ADMIN'),
      }),
    ).toBe('permission');
    expect(notificationKind({ title: '알림', content: '좋아요 3개' })).toBe('like');
  });

  it('gives each server notification its own icon by its title: a follow is not a speech bubble', () => {
    const of = (title: string, content = '') => notificationKind({ title, content });
    expect(of(ko.follows.followedNotificationTitle, ko.follows.followedNotificationContent('민지'))).toBe(
      'follow',
    );
    expect(of(ko.feeds.commentedNotificationTitle, ko.feeds.commentedNotificationContent('민지'))).toBe(
      'comment',
    );
    expect(of(ko.weather.alertTitle, '내일은 비 소식이 있어요. 우산을 챙기세요.')).toBe('weather');
    expect(of(ko.notificationSettings.morningTitle, '맑음 3°/12° · 울 코트, 니트')).toBe('outfit');
    // The title wins over a keyword in the content ('새 팔로워' whose name says 메시지).
    expect(of('새 팔로워', '메시지왕님이 회원님을 팔로우했어요.')).toBe('follow');
  });

  it('falls back to the comment icon', () => {
    expect(notificationKind({ title: '알림', content: '안녕하세요' })).toBe('comment');
    expect(notificationKind({ title: '', content: '' })).toBe('comment');
  });

  it('without a keyword in the title, tries the spec order on both: message, attribute, feed, like, permission', () => {
    const of = (content: string) => notificationKind({ title: '알림', content });
    expect(of('민지: 피드에 좋아요 눌렀어 권한 속성 메시지')).toBe('message');
    expect(of('속성 피드 좋아요')).toBe('attribute');
    expect(of('좋아요 피드')).toBe('feed');
    expect(of('권한 좋아요')).toBe('like');
    expect(of('권한')).toBe('permission');
  });
});
