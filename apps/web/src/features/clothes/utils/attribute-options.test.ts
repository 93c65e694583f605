// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ko } from '@otboo/contract';
import { addOption, attributeFormErrors, removeOption } from '@/features/clothes/utils/attribute-options';

describe('addOption', () => {
  it('adds the trimmed value at the end', () => {
    expect(addOption(['봄'], '  여름  ')).toEqual({ options: ['봄', '여름'], added: true, error: null });
  });

  it('ignores a blank value without an error', () => {
    expect(addOption(['봄'], '   ')).toEqual({ options: ['봄'], added: false, error: null });
    expect(addOption([], '')).toEqual({ options: [], added: false, error: null });
  });

  it('refuses a duplicate whatever its case or surrounding spaces', () => {
    expect(addOption(['Navy', '블랙'], ' navy ')).toEqual({
      options: ['Navy', '블랙'],
      added: false,
      error: ko.attributes.optionDuplicated,
    });
    expect(addOption(['블랙'], '블랙')).toMatchObject({
      added: false,
      error: ko.attributes.optionDuplicated,
    });
  });

  it('does not change the list it was given', () => {
    const options = ['봄'];
    addOption(options, '가을');
    expect(options).toEqual(['봄']);
  });
});

describe('removeOption', () => {
  it('removes exactly that value', () => {
    expect(removeOption(['봄', '여름', '가을'], '여름')).toEqual(['봄', '가을']);
  });
});

describe('attributeFormErrors', () => {
  it('needs a non-blank name and at least one option', () => {
    expect(attributeFormErrors('  ', [])).toEqual({
      name: ko.attributes.nameRequired,
      options: ko.attributes.optionRequired,
    });
    expect(attributeFormErrors('계절', ['봄'])).toEqual({ name: null, options: null });
  });
});
