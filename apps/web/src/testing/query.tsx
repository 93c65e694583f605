import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';

/** A provider over a fresh query cache (the app's defaults), so that each test starts with nothing cached. */
export function queryWrapper(client: QueryClient = createQueryClient()) {
  function QueryWrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  }
  return { client, wrapper: QueryWrapper };
}

/** `render` inside a fresh query cache; the client comes back for tests that look into the cache. */
export function renderWithQuery(ui: ReactElement, options: Omit<RenderOptions, 'wrapper'> = {}) {
  const { client, wrapper } = queryWrapper();
  return { client, ...render(ui, { ...options, wrapper }) };
}
