// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { DirectMessageDto } from '@otboo/contract';
import { groupByDay, mergeMessages } from '@/features/messages/utils/message-list';

const A = { userId: '00000000-0000-7000-8000-00000000000a', name: '민지', profileImageUrl: null };
const B = { userId: '00000000-0000-7000-8000-00000000000b', name: '지수', profileImageUrl: null };

function message(id: string, createdAt: Date, content = id): DirectMessageDto {
  return { id, createdAt: createdAt.toISOString(), sender: A, receiver: B, content };
}

describe('mergeMessages', () => {
  it('sorts by createdAt ascending, ties by id', () => {
    const newestFirstPage = [
      message('m3', new Date(2026, 10, 21, 10, 2)),
      message('m2b', new Date(2026, 10, 21, 10, 1)),
      message('m2a', new Date(2026, 10, 21, 10, 1)),
      message('m1', new Date(2026, 10, 21, 10, 0)),
    ];
    expect(mergeMessages(newestFirstPage).map((m) => m.id)).toEqual(['m1', 'm2a', 'm2b', 'm3']);
  });

  it('keeps each id once across the history and live messages (the later copy wins)', () => {
    const history = [
      message('m2', new Date(2026, 10, 21, 10, 1)),
      message('m1', new Date(2026, 10, 21, 10, 0)),
    ];
    const live = [
      message('m2', new Date(2026, 10, 21, 10, 1), 'echo'),
      message('m3', new Date(2026, 10, 21, 10, 5)),
    ];
    const merged = mergeMessages(history, live);
    expect(merged.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
    expect(merged[1]!.content).toBe('echo');
    expect(mergeMessages([], [])).toEqual([]);
  });
});

describe('groupByDay', () => {
  it('cuts sorted messages into local days under one header each', () => {
    const sorted = mergeMessages([
      message('m1', new Date(2026, 10, 19, 23, 59)),
      message('m2', new Date(2026, 10, 20, 0, 0)),
      message('m3', new Date(2026, 10, 20, 18, 0)),
      message('m4', new Date(2026, 10, 21, 9, 0)),
    ]);
    const days = groupByDay(sorted);
    expect(days.map((d) => d.messages.map((m) => m.id))).toEqual([['m1'], ['m2', 'm3'], ['m4']]);
    expect(days[1]!.createdAt).toBe(sorted[1]!.createdAt);
    expect(groupByDay([])).toEqual([]);
  });
});
