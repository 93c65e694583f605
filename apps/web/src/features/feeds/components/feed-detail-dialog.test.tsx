import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedDto } from '@otboo/contract';
import { FeedDetailDialog } from '@/features/feeds/components/feed-detail-dialog';
import { comment, feed, ootd } from '@/features/feeds/testing/feed-fixtures';
import { useSession } from '@/stores/session';
import { renderWithQuery } from '@/testing/query';
import { testUser } from '@/testing/users';

const api = vi.hoisted(() => ({
  like: vi.fn(),
  unlike: vi.fn(),
  getComments: vi.fn(),
  createComment: vi.fn(),
  getFeed: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));
vi.mock('@/features/feeds/api/like-feed', () => ({ likeFeed: api.like }));
vi.mock('@/features/feeds/api/unlike-feed', () => ({ unlikeFeed: api.unlike }));
vi.mock('@/features/feeds/api/get-comments', () => ({ getComments: api.getComments }));
vi.mock('@/features/feeds/api/create-comment', () => ({ createComment: api.createComment }));
vi.mock('@/features/feeds/api/get-feed', () => ({ getFeed: api.getFeed }));
vi.mock('@/lib/toast', () => ({ toast: api.toast }));

const VIEWER = testUser({ id: 'b0000000-0000-4000-8000-000000000009', email: 'b@otboo.e2e', name: '보는이' });
const page = <T,>(data: T[], hasNext = false) => ({
  data,
  hasNext,
  nextCursor: null,
  nextIdAfter: null,
  totalCount: data.length,
  sortBy: 'createdAt',
  sortDirection: 'DESCENDING',
});

function renderDialog(props: Partial<Parameters<typeof FeedDetailDialog>[0]> = {}) {
  const onFeedChange = vi.fn<(feed: FeedDto) => void>();
  const initial = feed({ content: '<b>굵게</b> 오늘의 코디' }, 3);
  renderWithQuery(
    <MemoryRouter>
      <FeedDetailDialog
        feedId={initial.id}
        initialFeed={initial}
        open
        onOpenChange={() => {}}
        onFeedChange={onFeedChange}
        {...props}
      />
    </MemoryRouter>,
  );
  return { onFeedChange, dialog: screen.getByRole('dialog', { name: '작성자님의 피드' }) };
}

describe('FeedDetailDialog', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useSession.setState({ accessToken: 'token', user: VIEWER });
    api.getComments.mockResolvedValue(page([]));
  });

  it('shows the author, the text as text, the weather and the first-comment invitation', async () => {
    const { dialog } = renderDialog();
    expect(within(dialog).getByRole('link', { name: '작성자' })).toHaveAttribute(
      'href',
      '/profiles?userId=a0000000-0000-4000-8000-000000000001',
    );
    expect(within(dialog).getByText('<b>굵게</b> 오늘의 코디')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: '맑음' })).toBeInTheDocument();
    expect(within(dialog).getByText('13°')).toBeInTheDocument();
    expect(await within(dialog).findByText('첫 댓글을 작성해보세요!')).toBeInTheDocument();
    // Not the author: no edit or delete.
    expect(within(dialog).queryByRole('button', { name: '수정' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: '삭제' })).toBeNull();
  });

  it('wraps the carousel around in both directions', async () => {
    const user = userEvent.setup();
    const { dialog } = renderDialog();
    await within(dialog).findByText('첫 댓글을 작성해보세요!');
    const slide = () => within(dialog).getByRole('group');
    expect(slide()).toHaveAccessibleName('3벌 중 1번째');
    await user.click(within(dialog).getByRole('button', { name: '이전' }));
    expect(slide()).toHaveAccessibleName('3벌 중 3번째');
    expect(within(slide()).getByRole('img', { name: '옷3' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '다음' }));
    expect(slide()).toHaveAccessibleName('3벌 중 1번째');
    await user.click(within(dialog).getByRole('button', { name: '옷2' }));
    expect(slide()).toHaveAccessibleName('3벌 중 2번째');
  });

  it('says so when the feed has no garments', async () => {
    const initial = feed({}, 0);
    renderWithQuery(
      <MemoryRouter>
        <FeedDetailDialog feedId={initial.id} initialFeed={initial} open onOpenChange={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.getByText('의상 정보가 없습니다')).toBeInTheDocument();
    await screen.findByText('첫 댓글을 작성해보세요!');
  });

  it('likes after the call succeeded and reports the changed feed', async () => {
    const user = userEvent.setup();
    api.like.mockResolvedValue(undefined);
    const { dialog, onFeedChange } = renderDialog();
    const like = within(dialog).getByRole('button', { name: '좋아요' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(within(dialog).getByText('좋아요 수').parentElement).toHaveTextContent(/^좋아요 수 3$/);
    await user.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    expect(within(dialog).getByText('좋아요 수').parentElement).toHaveTextContent(/^좋아요 수 4$/);
    expect(onFeedChange).toHaveBeenLastCalledWith(expect.objectContaining({ likedByMe: true, likeCount: 4 }));
  });

  it('posts a trimmed comment on Enter, lists it first and counts it', async () => {
    const user = userEvent.setup();
    api.getComments.mockResolvedValue(page([comment(1)]));
    api.createComment.mockResolvedValue(
      comment(2, {
        content: '멋져요',
        author: { userId: VIEWER.id, name: VIEWER.name, profileImageUrl: null },
      }),
    );
    const { dialog, onFeedChange } = renderDialog();
    expect(await within(dialog).findByText('더 이상 댓글이 없습니다')).toBeInTheDocument();

    const input = within(dialog).getByRole('textbox', { name: '댓글 입력' });
    await user.type(input, '   ');
    await user.keyboard('{Enter}');
    expect(api.createComment).not.toHaveBeenCalled();

    await user.type(input, '  멋져요  ');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(api.createComment).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(api.createComment).toHaveBeenCalledWith({
        feedId: feed().id,
        authorId: VIEWER.id,
        content: '멋져요',
      }),
    );
    const items = within(within(dialog).getByRole('list', { name: '댓글 목록' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('멋져요');
    expect(input).toHaveValue('');
    expect(api.toast.success).toHaveBeenCalledWith('댓글이 등록되었습니다.');
    expect(onFeedChange).toHaveBeenLastCalledWith(expect.objectContaining({ commentCount: 2 }));
  });

  it('shows the author edit and delete actions', async () => {
    useSession.setState({ user: { ...VIEWER, id: feed().author.userId } });
    const { dialog } = renderDialog();
    expect(within(dialog).getByRole('button', { name: '수정' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '삭제' })).toBeInTheDocument();
    await within(dialog).findByText('첫 댓글을 작성해보세요!');
  });

  it('reads a feed given only by id (GET /api/feeds/{id})', async () => {
    const mine = feed({ id: 'f0000000-0000-4000-8000-000000000007', ootds: [ootd(1)] });
    api.getFeed.mockResolvedValue(mine);
    renderWithQuery(
      <MemoryRouter>
        <FeedDetailDialog feedId={mine.id} open onOpenChange={() => {}} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('dialog', { name: '작성자님의 피드' })).toBeInTheDocument();
    expect(api.getFeed).toHaveBeenCalledWith(mine.id);
    await screen.findByText('첫 댓글을 작성해보세요!');
  });
});
