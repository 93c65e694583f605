import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SelectionBar } from '@/features/clothes/components/batch/selection-bar';

/** Where the bar is on a 768 px tall screen (jsdom lays nothing out). */
function barAt(top: number, height = 70) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    top,
    bottom: top + height,
  } as DOMRect);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SelectionBar', () => {
  it('lifts the toasts above itself while it is at the bottom, and lets them down when gone', () => {
    const root = document.documentElement;
    barAt(window.innerHeight - 82);
    const bar = render(<SelectionBar count={2} onEdit={vi.fn()} onCancel={vi.fn()} />);
    expect(root.style.getPropertyValue('--toast-lift')).toBe('82px');
    bar.unmount();
    expect(root.style.getPropertyValue('--toast-lift')).toBe('');
  });

  it('follows the bar as the page scrolls: one above where toasts appear lifts nothing', async () => {
    const root = document.documentElement;
    barAt(window.innerHeight - 240);
    render(<SelectionBar count={2} onEdit={vi.fn()} onCancel={vi.fn()} />);
    expect(root.style.getPropertyValue('--toast-lift')).toBe('');
    barAt(window.innerHeight - 100);
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(root.style.getPropertyValue('--toast-lift')).toBe('100px');
  });
});
