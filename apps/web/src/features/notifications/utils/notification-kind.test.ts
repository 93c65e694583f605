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

  it('falls back to the comment icon', () => {
    expect(
      notificationKind({
        title: ko.feeds.commentedNotificationTitle,
        content: ko.feeds.commentedNotificationContent('민지'),
      }),
    ).toBe('comment');
    expect(
      notificationKind({
        title: ko.follows.followedNotificationTitle,
        content: ko.follows.followedNotificationContent('민지'),
      }),
    ).toBe('comment');
    expect(notificationKind({ title: '', content: '' })).toBe('comment');
  });

  it('tries the keywords in the spec order: message before attribute, feed, like and permission', () => {
    expect(notificationKind({ title: '새 메시지', content: '민지: 피드에 좋아요 눌렀어 권한 속성' })).toBe(
      'message',
    );
    expect(notificationKind({ title: '속성', content: '피드 좋아요' })).toBe('attribute');
    expect(notificationKind({ title: '좋아요', content: '피드' })).toBe('feed');
    expect(notificationKind({ title: '권한', content: '좋아요' })).toBe('like');
  });
});
