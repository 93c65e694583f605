import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SelectionBar } from '@/features/clothes/components/batch/selection-bar';

describe('SelectionBar', () => {
  it('lifts the toasts above itself while shown, and lets them down again when gone', () => {
    const root = document.documentElement;
    const bar = render(<SelectionBar count={2} onEdit={vi.fn()} onCancel={vi.fn()} />);
    // jsdom lays nothing out (height 0): what is left is the bar's gap above the tab bar.
    expect(root.style.getPropertyValue('--toast-lift')).toBe('12px');
    bar.unmount();
    expect(root.style.getPropertyValue('--toast-lift')).toBe('');
  });
});
