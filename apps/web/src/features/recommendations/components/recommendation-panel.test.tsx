import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecommendedOotdDto } from '@otboo/contract';
import { RecommendationPanel } from '@/features/recommendations/components/recommendation-panel';

const piece = (n: number, name: string, type: RecommendedOotdDto['type']): RecommendedOotdDto => ({
  clothesId: `00000000-0000-4000-8000-00000000000${n}`,
  name,
  imageUrl: null,
  thumbnailUrl: null,
  type,
  attributes: [],
  reason: `체감 8°C · ${name}`,
});
const COAT = piece(1, '울 코트', 'OUTER');
const KNIT = piece(2, '그레이 니트', 'TOP');

function renderPanel(pendingIds: ReadonlySet<string> = new Set()) {
  return render(
    <MemoryRouter>
      <RecommendationPanel
        view={{
          status: 'ready',
          recommendation: { weatherId: 'w', userId: 'u', clothes: [COAT, KNIT], reason: '체감 8°C' },
          closetEmpty: false,
        }}
        onAnother={vi.fn()}
        onRetry={vi.fn()}
        onRegister={vi.fn()}
        onExclude={vi.fn()}
        excluded={[{ clothesId: 'x', name: '트렌치 코트' }]}
        onUndo={vi.fn()}
        pendingIds={pendingIds}
      />
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('the recommendation panel', () => {
  // WCAG 2.5.3 Label in Name (axe label-content-name-mismatch): a voice user says what they see.
  it("names every control starting with its visible text, the '오늘 뺀 옷' undo included", () => {
    renderPanel();
    const buttons = screen.getAllByRole('button');
    expect(buttons.length).toBeGreaterThan(5);
    for (const button of buttons) {
      const visible = (button.textContent ?? '').trim();
      const name = button.getAttribute('aria-label') ?? visible;
      expect(name.startsWith(visible), `"${name}" starts with "${visible}"`).toBe(true);
    }
    const taken = screen.getByRole('region', { name: '오늘 뺀 옷' });
    expect(within(taken).getByRole('button', { name: '되돌리기: 트렌치 코트' })).toHaveTextContent(
      '되돌리기',
    );
  });

  it('marks only the card taken out as waiting while its replacement comes', () => {
    renderPanel(new Set([COAT.clothesId!]));
    const [coat, knit] = within(screen.getByRole('list', { name: '추천 옷 목록' })).getAllByRole('listitem');
    expect(coat).toHaveAttribute('aria-busy', 'true');
    expect(within(coat!).getByRole('button', { name: '이 옷 빼기' })).toBeDisabled();
    expect(knit).toHaveAttribute('aria-busy', 'false');
    expect(within(knit!).getByRole('button', { name: '이 옷 빼기' })).toBeEnabled();
    expect(screen.queryByTestId('recommendation-skeletons')).toBeNull();
  });

  it("loads the first row's photos at once (the home's largest paint) and the others when scrolled near", () => {
    const clothes = Array.from({ length: 7 }, (_, i) => ({
      ...piece(i + 1, `옷 ${i + 1}`, 'TOP'),
      imageUrl: `/files/${i + 1}.webp`,
    }));
    render(
      <MemoryRouter>
        <RecommendationPanel
          view={{
            status: 'ready',
            recommendation: { weatherId: 'w', userId: 'u', clothes, reason: '체감 8°C' },
            closetEmpty: false,
          }}
          onAnother={vi.fn()}
          onRetry={vi.fn()}
          onRegister={vi.fn()}
        />
      </MemoryRouter>,
    );
    const loading = screen.getAllByRole('img').map((img) => img.getAttribute('loading'));
    expect(loading).toEqual(['eager', 'eager', 'eager', 'eager', 'eager', 'lazy', 'lazy']);
  });

  it("says '마지막으로 받은 추천' beside the heading while the outfit is the one kept on the phone", () => {
    const view = (lastReceived: boolean) => ({
      status: 'ready' as const,
      recommendation: { weatherId: 'w', userId: 'u', clothes: [COAT], reason: '체감 8°C' },
      closetEmpty: false,
      lastReceived,
    });
    const { rerender } = render(
      <MemoryRouter>
        <RecommendationPanel view={view(true)} onAnother={vi.fn()} onRetry={vi.fn()} onRegister={vi.fn()} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('last-received')).toHaveTextContent('마지막으로 받은 추천');
    rerender(
      <MemoryRouter>
        <RecommendationPanel view={view(false)} onAnother={vi.fn()} onRetry={vi.fn()} onRegister={vi.fn()} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('last-received')).toBeNull();
  });
});
