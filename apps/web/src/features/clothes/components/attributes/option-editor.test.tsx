import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ko } from '@otboo/contract';
import { OptionEditor } from '@/features/clothes/components/attributes/option-editor';

function Harness({ initial = [] as string[] }) {
  const [options, setOptions] = useState(initial);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <OptionEditor
      options={options}
      onChange={setOptions}
      draft={draft}
      onDraftChange={setDraft}
      error={error}
      onError={setError}
    />
  );
}

const input = () => screen.getByLabelText(ko.attributes.optionLabel, { selector: 'input' });
const chips = () => screen.queryAllByRole('listitem').map((li) => li.textContent);

describe('OptionEditor', () => {
  it('adds the trimmed value on Enter and clears the input', () => {
    render(<Harness />);
    fireEvent.change(input(), { target: { value: '  여름 ' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(chips()).toEqual(['여름']);
    expect(input()).toHaveValue('');
  });

  it('does not add while an IME is composing (isComposing or keyCode 229)', () => {
    render(<Harness />);
    fireEvent.change(input(), { target: { value: '겨' } });
    fireEvent.keyDown(input(), { key: 'Enter', isComposing: true });
    fireEvent.keyDown(input(), { key: 'Enter', keyCode: 229 });
    expect(chips()).toEqual([]);
    expect(input()).toHaveValue('겨');
    fireEvent.change(input(), { target: { value: '겨울' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(chips()).toEqual(['겨울']);
  });

  it('ignores a blank value and refuses a case-insensitive duplicate', () => {
    render(<Harness initial={['Navy']} />);
    fireEvent.change(input(), { target: { value: '   ' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(chips()).toEqual(['Navy']);
    expect(screen.queryByText(ko.attributes.optionDuplicated)).not.toBeInTheDocument();

    fireEvent.change(input(), { target: { value: ' NAVY' } });
    fireEvent.click(screen.getByRole('button', { name: ko.attributes.addOption }));
    expect(chips()).toEqual(['Navy']);
    expect(screen.getByText(ko.attributes.optionDuplicated)).toBeInTheDocument();
    expect(input()).toHaveValue(' NAVY');
    // Typing again clears the message.
    fireEvent.change(input(), { target: { value: '블랙' } });
    expect(screen.queryByText(ko.attributes.optionDuplicated)).not.toBeInTheDocument();
  });

  it('removes a chip with its button', () => {
    render(<Harness initial={['봄', '여름']} />);
    fireEvent.click(screen.getByRole('button', { name: ko.attributes.removeOption('봄') }));
    expect(chips()).toEqual(['여름']);
  });
});
