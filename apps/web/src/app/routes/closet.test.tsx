import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko, type ClothesDto, type CursorPage } from '@otboo/contract';
import { ClosetRoute } from '@/app/routes/closet';
import { getClothes } from '@/features/clothes/api/get-clothes';
import { updateClothesBatch } from '@/features/clothes/api/update-clothes-batch';
import { useSession } from '@/stores/session';
import { renderWithQuery } from '@/testing/query';

vi.mock('@/features/clothes/api/get-clothes', () => ({ getClothes: vi.fn() }));
vi.mock('@/features/clothes/api/get-attribute-defs', () => ({ getAttributeDefs: vi.fn(async () => []) }));
vi.mock('@/features/clothes/api/update-clothes-batch', () => ({ updateClothesBatch: vi.fn() }));
vi.mock('@/features/clothes/api/get-clothes-wear', () => ({
  getClothesWear: vi.fn(async () => ({ wearCount: 0, lastWornAt: null, feeds: [] })),
}));

const USER_ID = '6a1f0c2e-0000-4000-8000-000000000001';

function page(data: ClothesDto[]): CursorPage<ClothesDto> {
  return {
    data,
    nextCursor: null,
    nextIdAfter: null,
    hasNext: false,
    totalCount: data.length,
    sortBy: 'createdAt',
    sortDirection: 'DESCENDING',
  };
}

function clothes(name: string, type: ClothesDto['type']): ClothesDto {
  return {
    id: `id-${name}`,
    ownerId: USER_ID,
    name,
    type,
    imageUrl: null,
    thumbnailUrl: null,
    createdAt: '2026-11-21T00:00:00.000Z',
    attributes: [{ definitionId: 'd1', definitionName: '계절', selectableValues: ['여름'], value: '여름' }],
  };
}

/** The page links to its report, so it renders inside a router. */
function renderCloset() {
  return renderWithQuery(
    <MemoryRouter>
      <ClosetRoute />
    </MemoryRouter>,
  );
}

async function flush() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

beforeEach(() => {
  useSession.setState({
    accessToken: 'token',
    user: {
      id: USER_ID,
      email: 'a@otboo.e2e',
      name: '옷부',
      role: 'USER',
      locked: false,
      createdAt: '2026-11-21T00:00:00.000Z',
      linkedOAuthProviders: [],
    },
  });
});

afterEach(() => {
  // Unmount first: signing out under a mounted page would re-render it outside act().
  cleanup();
  vi.clearAllMocks();
  useSession.setState({ accessToken: null, user: null });
});

describe('closet page', () => {
  it('shows 10 skeleton cards while the first page loads, then the cards', async () => {
    let answer: (value: CursorPage<ClothesDto>) => void = () => undefined;
    vi.mocked(getClothes).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderCloset();
    expect(getClothes).toHaveBeenCalledWith({ ownerId: USER_ID, limit: 20 });
    expect(screen.getByTestId('closet-skeletons').children).toHaveLength(10);

    answer(page([clothes('린넨 셔츠', 'TOP')]));
    await flush();
    expect(screen.queryByTestId('closet-skeletons')).not.toBeInTheDocument();
    const card = screen.getByRole('article', { name: '린넨 셔츠' });
    expect(card).toHaveTextContent(ko.clothes.types.TOP);
    expect(card).toHaveTextContent('여름');
    expect(within(card).getByRole('img', { name: `린넨 셔츠 ${ko.common.noImage}` })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: ko.clothes.menuOf('린넨 셔츠') })).toBeInTheDocument();
  });

  it('opens the garment page from a tap on the card, and its edit from there', async () => {
    vi.mocked(getClothes).mockResolvedValue(page([clothes('린넨 셔츠', 'TOP')]));
    renderCloset();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: ko.clothes.detail.open('린넨 셔츠') }));
    await flush();
    const garment = screen.getByRole('dialog', { name: '린넨 셔츠' });
    expect(garment).toHaveTextContent(ko.clothes.detail.neverWorn);
    fireEvent.click(within(garment).getByRole('button', { name: ko.common.edit }));
    await flush();
    expect(screen.getByRole('dialog', { name: ko.clothes.editTitle })).toBeInTheDocument();
  });

  it('offers 전체 and every type, SCARF included, and filters by the chosen one', async () => {
    vi.mocked(getClothes)
      .mockResolvedValueOnce(page([clothes('린넨 셔츠', 'TOP')]))
      .mockResolvedValueOnce(page([]));
    renderCloset();
    await flush();
    const tabs = within(screen.getByRole('tablist', { name: ko.clothes.filterLabel })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([ko.clothes.all, ...Object.values(ko.clothes.types)]);
    expect(screen.getByRole('tab', { name: ko.clothes.all })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: ko.clothes.add })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: ko.clothes.types.SCARF }));
    await flush();
    expect(getClothes).toHaveBeenLastCalledWith({ ownerId: USER_ID, limit: 20, typeEqual: 'SCARF' });
    expect(screen.getByRole('tab', { name: ko.clothes.types.SCARF })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // A filter without results keeps the tabs and suggests another category.
    expect(screen.getByText(ko.clothes.noResults)).toBeInTheDocument();
    expect(screen.getByText(ko.clothes.noResultsHint)).toBeInTheDocument();
    expect(screen.queryByText(ko.clothes.emptyWardrobe)).not.toBeInTheDocument();
    expect(screen.getByRole('tablist')).toBeInTheDocument();
  });

  it('says what was searched when a name search finds nothing, and clears the search', async () => {
    vi.mocked(getClothes).mockImplementation(async (query) =>
      page(
        [clothes('코트', 'OUTER'), clothes('셔츠', 'TOP')].filter(
          (c) =>
            (!query.keywordLike || c.name.includes(query.keywordLike)) &&
            (!query.typeEqual || c.type === query.typeEqual),
        ),
      ),
    );
    renderCloset();
    await flush();
    const search = screen.getByRole('searchbox', { name: ko.clothes.searchPlaceholder });
    fireEvent.change(search, { target: { value: '청바지' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)));
    await flush();
    expect(getClothes).toHaveBeenLastCalledWith({ ownerId: USER_ID, limit: 20, keywordLike: '청바지' });
    expect(screen.getByText('‘청바지’와 일치하는 옷이 없어요')).toBeInTheDocument();
    // Not the type tabs' words: the search is what found nothing.
    expect(screen.queryByText(ko.clothes.noResultsHint)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ko.clothes.searchAll })).not.toBeInTheDocument();

    // Inside a type tab: search all types, or clear the search.
    fireEvent.click(screen.getByRole('tab', { name: ko.clothes.types.OUTER }));
    await flush();
    expect(screen.getByText(ko.clothes.noMatchIn(ko.clothes.types.OUTER, '청바지'))).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: ko.clothes.searchAll }));
    await flush();
    expect(screen.getByRole('tab', { name: ko.clothes.all })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(ko.clothes.noMatch('청바지'))).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: ko.clothes.clearSearch }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)));
    await flush();
    expect(screen.getByRole('article', { name: '코트' })).toBeInTheDocument();
    const cleared = screen.getByRole('searchbox', { name: ko.clothes.searchPlaceholder });
    expect(cleared).toHaveValue('');
    expect(cleared).toHaveFocus();
    expect(getClothes).toHaveBeenLastCalledWith({ ownerId: USER_ID, limit: 20 });
  });

  it('shows the empty wardrobe with its add button and no filter bar', async () => {
    vi.mocked(getClothes).mockResolvedValue(page([]));
    renderCloset();
    await flush();
    expect(screen.getByText(ko.clothes.emptyWardrobe)).toBeInTheDocument();
    expect(screen.getByText(ko.clothes.emptyWardrobeHint)).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByText(ko.clothes.noResults)).not.toBeInTheDocument();
    const add = screen.getAllByRole('button', { name: ko.clothes.add });
    expect(add).toHaveLength(1);
    fireEvent.click(add[0]!);
    await flush();
    expect(screen.getByRole('dialog', { name: ko.clothes.addTitle })).toBeInTheDocument();
  });

  it('says why the list failed and retries', async () => {
    vi.mocked(getClothes)
      .mockRejectedValueOnce(new Error('서버 오류'))
      .mockResolvedValueOnce(page([clothes('코트', 'OUTER')]));
    renderCloset();
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('서버 오류');
    expect(screen.queryByText(ko.clothes.emptyWardrobe)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: ko.common.retry }));
    await flush();
    expect(screen.getByRole('article', { name: '코트' })).toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys', async () => {
    vi.mocked(getClothes).mockResolvedValue(page([clothes('린넨 셔츠', 'TOP')]));
    renderCloset();
    await flush();
    fireEvent.keyDown(screen.getByRole('tab', { name: ko.clothes.all }), { key: 'ArrowRight' });
    await flush();
    expect(screen.getByRole('tab', { name: ko.clothes.types.TOP })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: ko.clothes.types.TOP })).toHaveFocus();
    expect(getClothes).toHaveBeenLastCalledWith({ ownerId: USER_ID, limit: 20, typeEqual: 'TOP' });
    fireEvent.keyDown(screen.getByRole('tab', { name: ko.clothes.types.TOP }), { key: 'End' });
    await flush();
    expect(getClothes).toHaveBeenLastCalledWith({ ownerId: USER_ID, limit: 20, typeEqual: 'ETC' });
  });

  it('loads the next page with the cursor when the end of the grid scrolls into view', async () => {
    const observed: Array<() => void> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void) {}
        observe() {
          observed.push(() => this.callback([{ isIntersecting: true }]));
        }
        disconnect() {}
      },
    );
    try {
      vi.mocked(getClothes)
        .mockResolvedValueOnce({
          ...page([clothes('코트', 'OUTER')]),
          hasNext: true,
          nextCursor: '2026-11-21T00:00:00.000Z',
          nextIdAfter: 'id-코트',
          totalCount: 2,
        })
        .mockResolvedValueOnce(page([clothes('셔츠', 'TOP')]));
      renderCloset();
      await flush();
      act(() => observed.at(-1)!());
      await flush();
      expect(getClothes).toHaveBeenLastCalledWith({
        ownerId: USER_ID,
        limit: 20,
        cursor: '2026-11-21T00:00:00.000Z',
        idAfter: 'id-코트',
      });
      expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual([
        '코트',
        '셔츠',
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
  it(
    'selects garments and sets one type on all of them, updating the cached list',
    { timeout: 30_000 },
    async () => {
      // jsdom has no scrolling; Radix Select scrolls its chosen option into view.
      Element.prototype.scrollIntoView = vi.fn();
      const coat = clothes('코트', 'OUTER');
      const shirt = clothes('셔츠', 'TOP');
      const jeans = clothes('청바지', 'BOTTOM');
      vi.mocked(getClothes).mockResolvedValue(page([coat, shirt, jeans]));
      vi.mocked(updateClothesBatch).mockImplementation(async (request) =>
        [coat, jeans]
          .filter((c) => request.clothesIds.includes(c.id))
          .map((c) => ({ ...c, type: request.type ?? c.type })),
      );
      renderCloset();
      await flush();
      expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: ko.clothes.batch.select }));
      const bar = screen.getByRole('region', { name: ko.clothes.batch.select });
      expect(within(bar).getByRole('button', { name: ko.clothes.batch.edit })).toBeDisabled();
      // Ticking replaces each owner's menu.
      expect(screen.queryByRole('button', { name: ko.clothes.menuOf('코트') })).not.toBeInTheDocument();
      fireEvent.click(screen.getByRole('checkbox', { name: ko.clothes.batch.selectOf('코트') }));
      fireEvent.click(screen.getByRole('checkbox', { name: ko.clothes.batch.selectOf('청바지') }));
      expect(within(bar).getByText(ko.clothes.batch.selectedCount(2))).toBeInTheDocument();

      fireEvent.click(within(bar).getByRole('button', { name: ko.clothes.batch.edit }));
      await flush();
      const dialog = screen.getByRole('dialog', { name: ko.clothes.batch.title });
      expect(dialog).toHaveAccessibleDescription(ko.clothes.batch.hint(2));
      const apply = within(dialog).getByRole('button', { name: ko.clothes.batch.apply });
      expect(apply).toBeDisabled();
      // Radix Select by keyboard: open the list, then take the option.
      fireEvent.keyDown(within(dialog).getByRole('combobox', { name: ko.clothes.type }), { key: 'Enter' });
      fireEvent.keyDown(await screen.findByRole('option', { name: ko.clothes.types.SHOES }), {
        key: 'Enter',
      });
      await flush();
      expect(apply).toBeEnabled();
      fireEvent.click(apply);
      await flush();

      expect(updateClothesBatch).toHaveBeenCalledWith({ clothesIds: [coat.id, jeans.id], type: 'SHOES' });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
      expect(screen.getByRole('article', { name: '코트' })).toHaveTextContent(ko.clothes.types.SHOES);
      expect(screen.getByRole('article', { name: '청바지' })).toHaveTextContent(ko.clothes.types.SHOES);
      expect(screen.getByRole('article', { name: '셔츠' })).toHaveTextContent(ko.clothes.types.TOP);
    },
  );
});
