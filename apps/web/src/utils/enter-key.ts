interface KeyEventLike {
  key: string;
  shiftKey: boolean;
  nativeEvent: { isComposing?: boolean; keyCode?: number };
}

/**
 * True while an input method (Korean, Japanese…) is still composing: the Enter that confirms a syllable must
 * not also add or send the text. Chromium reports `isComposing`; older Safari only the keyCode 229.
 */
export function isComposing(event: Pick<KeyEventLike, 'nativeEvent'>): boolean {
  return event.nativeEvent.isComposing === true || event.nativeEvent.keyCode === 229;
}

/** Enter sends a message box; Shift+Enter breaks the line, and the Enter that ends a composition does neither. */
export function isSendEnter(event: KeyEventLike): boolean {
  return event.key === 'Enter' && !event.shiftKey && !isComposing(event);
}
