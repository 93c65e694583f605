import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko, type ClosetInsightsDto } from '@otboo/contract';
import { ClosetReportRoute } from '@/app/routes/closet-report';
import { exportCloset } from '@/features/clothes/api/export-closet';
import { getClosetInsights } from '@/features/clothes/api/get-closet-insights';
import { importCloset } from '@/features/clothes/api/import-closet';
import { useSession } from '@/stores/session';
import { renderWithQuery } from '@/testing/query';

vi.mock('@/features/clothes/api/get-closet-insights', () => ({ getClosetInsights: vi.fn() }));
vi.mock('@/features/clothes/api/export-closet', () => ({ exportCloset: vi.fn() }));
vi.mock('@/features/clothes/api/import-closet', () => ({ importCloset: vi.fn() }));
vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const USER_ID = '6a1f0c2e-0000-4000-8000-000000000001';

const INSIGHTS: ClosetInsightsDto = {
  totalCount: 5,
  byType: [
    { type: 'TOP', count: 2 },
    { type: 'OUTER', count: 3 },
  ],
  byColor: [
    { value: '네이비', count: 3 },
    { value: '화이트', count: 1 },
  ],
  wear: [
    {
      clothesId: 'c1',
      name: '울 코트',
      type: 'OUTER',
      imageUrl: null,
      thumbnailUrl: null,
      wearCount: 4,
      lastWornAt: '2026-11-20T03:00:00.000Z',
    },
  ],
  neverWorn: [
    {
      clothesId: 'c2',
      name: '린넨 셔츠',
      type: 'TOP',
      imageUrl: null,
      thumbnailUrl: null,
      createdAt: '2026-11-01T03:00:00.000Z',
    },
  ],
  wornCount: 1,
  neverWornCount: 4,
  gaps: [{ band: 'FREEZING', message: '영하의 날씨에 입을 두꺼운 아우터가 없어요' }],
};

async function flush() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

function renderReport() {
  return renderWithQuery(
    <MemoryRouter>
      <ClosetReportRoute />
    </MemoryRouter>,
  );
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
  vi.mocked(getClosetInsights).mockResolvedValue(INSIGHTS);
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  useSession.setState({ accessToken: null, user: null });
});

// Two recharts charts render slowly in jsdom on a loaded machine.
describe('closet report page', { timeout: 30_000 }, () => {
  it('gives each chart a table with the same numbers, most first', async () => {
    renderReport();
    await flush();
    expect(screen.getByRole('heading', { level: 1, name: ko.clothes.insights.title })).toBeInTheDocument();
    expect(screen.getByText(ko.clothes.insights.total(5))).toBeInTheDocument();

    const byType = screen.getByRole('table', { name: ko.clothes.insights.byType });
    const typeRows = within(byType).getAllByRole('row').slice(1);
    expect(typeRows.map((row) => row.textContent)).toEqual(['아우터3벌60%', '상의2벌40%']);
    const byColour = screen.getByRole('table', { name: ko.clothes.insights.byColor });
    expect(
      within(byColour)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['네이비', '화이트']);

    // The tables are read by screen readers at once and shown on request.
    const wrapper = byType.parentElement;
    expect(wrapper).toHaveClass('sr-only');
    const toggle = within(screen.getByRole('region', { name: ko.clothes.insights.byType })).getByRole(
      'button',
      {
        name: ko.clothes.insights.showTable,
      },
    );
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(wrapper).not.toHaveClass('sr-only');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName(ko.clothes.insights.hideTable);
  });

  it('lists wear counts, the never worn and the season gaps', async () => {
    renderReport();
    await flush();
    const mostWorn = screen.getByRole('region', { name: `${ko.clothes.insights.mostWorn} 1벌` });
    expect(mostWorn).toHaveTextContent('울 코트');
    expect(mostWorn).toHaveTextContent(ko.clothes.insights.wearCount(4));
    expect(mostWorn).toHaveTextContent(ko.clothes.insights.lastWorn('2026. 11. 20.'));
    const never = screen.getByRole('region', { name: `${ko.clothes.insights.neverWorn} 4벌` });
    expect(never).toHaveTextContent('린넨 셔츠');
    expect(never).toHaveTextContent(ko.clothes.insights.more(3));
    expect(screen.getByRole('region', { name: ko.clothes.insights.gaps })).toHaveTextContent(
      '영하의 날씨에 입을 두꺼운 아우터가 없어요',
    );
  });

  it('downloads the export under the server’s file name', async () => {
    const blob = new Blob(['zip'], { type: 'application/zip' });
    vi.mocked(exportCloset).mockResolvedValue({ blob, fileName: 'otboo-closet-20261125.zip' });
    const createObjectURL = vi.fn(() => 'blob:closet');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(`${this.download} ${this.href}`);
    });
    try {
      renderReport();
      await flush();
      fireEvent.click(screen.getByRole('button', { name: ko.clothes.transfer.export }));
      await flush();
      expect(createObjectURL).toHaveBeenCalledWith(blob);
      expect(clicked).toEqual(['otboo-closet-20261125.zip blob:closet']);
    } finally {
      click.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('shows what an import made and each row it could not, in Korean', async () => {
    vi.mocked(importCloset).mockResolvedValue({
      created: 2,
      errors: [{ row: 4, message: ko.clothes.transfer.rowTypeUnknown('잠옷') }],
    });
    renderReport();
    await flush();
    const file = new File(['name,type\n'], 'clothes.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText(ko.clothes.transfer.chooseFile), { target: { files: [file] } });
    await flush();
    expect(importCloset).toHaveBeenCalledWith(file);
    expect(screen.getByText(ko.clothes.transfer.imported(2))).toBeInTheDocument();
    expect(screen.getByRole('list', { name: ko.clothes.transfer.importErrors(1) })).toHaveTextContent(
      '4행: 알 수 없는 종류입니다: 잠옷',
    );
    // The report is asked again: the closet changed.
    expect(getClosetInsights).toHaveBeenCalledTimes(2);
  });
});
