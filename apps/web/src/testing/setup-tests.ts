import '@testing-library/jest-dom/vitest';
import { notifyManager } from '@tanstack/react-query';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Query results reach components in a microtask instead of the next timer tick (TanStack Query's default),
// so a test that lets pending promises settle sees them, with real or fake timers alike.
notifyManager.setScheduler(queueMicrotask);

afterEach(() => {
  cleanup();
});
