import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from '@/components/ui/dialog';

/** A dialog opened from state, as every dialog of the app is (no Radix Dialog.Trigger). */
function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        열기
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="테스트 대화상자">
        <input aria-label="입력" />
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('takes the focus inside and gives it back to the opener when Escape closes it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: '열기' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: '테스트 대화상자' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
  });

  it('gives the focus back after the ✕ closes it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: '열기' });
    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: '닫기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
  });
});
