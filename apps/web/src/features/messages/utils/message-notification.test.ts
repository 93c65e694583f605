// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ko } from '@otboo/contract';
import {
  isMessageNotification,
  isNotificationFromPartner,
} from '@/features/messages/utils/message-notification';

const partner = { userId: '00000000-0000-7000-8000-00000000000a', name: '민지', profileImageUrl: null };
const fromPartner = {
  title: ko.messages.notificationTitle,
  content: ko.messages.notificationContent('민지', '안녕'),
};

describe('message notifications', () => {
  it('recognises the direct-message notification by its title', () => {
    expect(isMessageNotification(fromPartner)).toBe(true);
    expect(isMessageNotification({ title: ko.follows.followedNotificationTitle })).toBe(false);
  });

  it("matches the open conversation's partner by the name the notification starts with", () => {
    expect(isNotificationFromPartner(fromPartner, partner)).toBe(true);
    expect(isNotificationFromPartner(fromPartner, null)).toBe(false);
    expect(
      isNotificationFromPartner(
        { ...fromPartner, content: ko.messages.notificationContent('민지수', '안녕') },
        partner,
      ),
    ).toBe(false);
    expect(isNotificationFromPartner({ title: '새 팔로워', content: '민지: 안녕' }, partner)).toBe(false);
  });
});
