import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChatComposer } from '@/features/messages/components/chat-composer';

describe('ChatComposer', () => {
  it('keeps send disabled for blank text and while not connected', async () => {
    const onSend = vi.fn(() => true);
    const { rerender } = render(<ChatComposer connected={false} onSend={onSend} />);
    const input = screen.getByPlaceholderText('메시지 입력...');
    const send = screen.getByRole('button', { name: '전송' });
    expect(send).toBeDisabled();
    await userEvent.type(input, '   ');
    expect(send).toBeDisabled();
    await userEvent.type(input, '안녕');
    expect(send).toBeDisabled();
    await userEvent.type(input, '{Enter}');
    expect(onSend).not.toHaveBeenCalled();

    rerender(<ChatComposer connected onSend={onSend} />);
    expect(send).toBeEnabled();
    await userEvent.click(send);
    expect(onSend).toHaveBeenCalledWith('안녕');
    expect(input).toHaveValue('');
  });

  it('sends on Enter, breaks the line on Shift+Enter, and waits while a syllable is composed', async () => {
    const onSend = vi.fn(() => true);
    render(<ChatComposer connected onSend={onSend} />);
    const input = screen.getByRole('textbox', { name: '메시지 입력' });
    await userEvent.type(input, '첫 줄{Shift>}{Enter}{/Shift}둘째 줄');
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 229 });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('첫 줄\n둘째 줄');
  });

  it('keeps the text when the message could not go out', async () => {
    render(<ChatComposer connected onSend={() => false} />);
    const input = screen.getByRole('textbox', { name: '메시지 입력' });
    await userEvent.type(input, '안녕{Enter}');
    expect(input).toHaveValue('안녕');
  });
});
