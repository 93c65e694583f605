import { ko } from '@otboo/contract';

/**
 * Adds a typed option: trimmed, a blank one ignored, a case-insensitive duplicate refused (docs/product.md §5).
 * `added` says whether the input can be cleared.
 */
export function addOption(
  options: readonly string[],
  raw: string,
): { options: string[]; added: boolean; error: string | null } {
  const value = raw.trim();
  if (value === '') return { options: [...options], added: false, error: null };
  const key = value.toLowerCase();
  if (options.some((option) => option.toLowerCase() === key)) {
    return { options: [...options], added: false, error: ko.attributes.optionDuplicated };
  }
  return { options: [...options, value], added: true, error: null };
}

export function removeOption(options: readonly string[], value: string): string[] {
  return options.filter((option) => option !== value);
}

export interface AttributeFormErrors {
  name: string | null;
  options: string | null;
}

/** The add/edit attribute form's errors: a name after trimming and at least one option (docs/product.md §5). */
export function attributeFormErrors(name: string, options: readonly string[]): AttributeFormErrors {
  return {
    name: name.trim() === '' ? ko.attributes.nameRequired : null,
    options: options.length === 0 ? ko.attributes.optionRequired : null,
  };
}
